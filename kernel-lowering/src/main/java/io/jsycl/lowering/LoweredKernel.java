package io.jsycl.lowering;

import java.util.List;

/**
 * The result of lowering one kernel.
 *
 * @param kernelName the {@code __kernel} function's name; stable across runs
 * @param source the OpenCL C program source
 * @param args the kernel's arguments, in order
 * @param usesFp64 whether the source needs {@code cl_khr_fp64}
 */
public record LoweredKernel(String kernelName, String source, List<KernelArg> args, boolean usesFp64) {
    public LoweredKernel {
        args = List.copyOf(args);
    }
}
