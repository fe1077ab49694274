package io.jsycl.lowering;

import java.util.List;

/**
 * The result of lowering one kernel.
 *
 * @param kernelName the {@code __kernel} function's name; stable across runs
 * @param source the OpenCL C program source
 * @param args the kernel's arguments, in order
 * @param usesFp64 whether the source needs {@code cl_khr_fp64}
 * @param specConstants the specialization constants the kernel reads, each once
 * @param usesBarrier whether the kernel calls a work-group barrier (its own reduction's
 *     barriers are not counted)
 */
public record LoweredKernel(String kernelName, String source, List<KernelArg> args, boolean usesFp64,
        List<SpecConstantUse> specConstants, boolean usesBarrier) {
    /**
     * Copies the lists.
     *
     * @param kernelName the {@code __kernel} function's name
     * @param source the OpenCL C source of the kernel and its device functions
     * @param args the kernel's arguments, in order; copied
     * @param usesFp64 whether the source needs {@code cl_khr_fp64}
     * @param specConstants the specialization constants the kernel reads; copied
     * @param usesBarrier whether the kernel calls a work-group barrier
     * @throws NullPointerException when {@code args} or {@code specConstants} is null
     */
    public LoweredKernel {
        args = List.copyOf(args);
        specConstants = List.copyOf(specConstants);
    }

    /**
     * A kernel without specialization constants or barriers.
     *
     * @param kernelName the {@code __kernel} function's name
     * @param source the OpenCL C source of the kernel and its device functions
     * @param args the kernel's arguments, in order
     * @param usesFp64 whether the source needs {@code cl_khr_fp64}
     */
    public LoweredKernel(String kernelName, String source, List<KernelArg> args, boolean usesFp64) {
        this(kernelName, source, args, usesFp64, List.of(), false);
    }
}
