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
 * @param gridStride whether the program can run the items of its range a grid apart: built with
 *     {@code -DJSYCL_GRID_STRIDE} and launched over fewer work-items than the range has items, each work-item runs
 *     the body for its global id, then for the ids the launch's global size further on, while they are in the range.
 *     True for kernels that can run two items per work-item ({@link #twoItemsPerWorkItem}) and have no loop: their
 *     items cost alike, so items a grid apart share the work evenly
 * @param vectorAccess whether the kernel or a device function it calls loads or stores vectors through accessors
 *     ({@code getN}/{@code setN}): each of its work-items already moves 8 to 64 bytes an access, which is what a second
 *     item per work-item ({@link #twoItemsPerWorkItem}) would otherwise gain, so the runtime runs such kernels one
 *     item per work-item
 * @param stridedAccess whether the kernel, over a range of two or more dimensions, reaches an accessor with a stride
 *     along the range's last dimension (a naive transpose's store): the runtime then gives its launches work-groups
 *     that span fewer items along that dimension ({@link AccessStrides})
 * @param atomicFences the memory orders and scopes of the kernel's fences (atomics with an order, and
 *     {@code Atomics.fence}), as OpenCL's {@code cl_device_atomic_capabilities} bits ({@code CL_DEVICE_ATOMIC_ORDER_*},
 *     {@code CL_DEVICE_ATOMIC_SCOPE_*}); 0 for none. The runtime builds a kernel with fences as OpenCL C 2.0 or later
 *     where the device's fences have these, as OpenCL C 1.2 where the device has nothing later
 */
public record LoweredKernel(String kernelName, String source, List<KernelArg> args, boolean usesFp64,
        List<SpecConstantUse> specConstants, boolean usesBarrier, boolean gridStride, boolean vectorAccess,
        boolean stridedAccess, int atomicFences) {
    /**
     * Copies the lists.
     *
     * @param kernelName the {@code __kernel} function's name
     * @param source the OpenCL C source of the kernel and its device functions
     * @param args the kernel's arguments, in order; copied
     * @param usesFp64 whether the source needs {@code cl_khr_fp64}
     * @param specConstants the specialization constants the kernel reads; copied
     * @param usesBarrier whether the kernel calls a work-group barrier
     * @param gridStride whether the program can run its items a grid apart ({@code -DJSYCL_GRID_STRIDE})
     * @param vectorAccess whether the kernel loads or stores vectors through accessors
     * @param stridedAccess whether the kernel reaches an accessor with a stride along its range's last dimension
     * @param atomicFences the orders and scopes of the kernel's fences, {@code cl_device_atomic_capabilities} bits
     * @throws NullPointerException when {@code args} or {@code specConstants} is null
     */
    public LoweredKernel {
        args = List.copyOf(args);
        specConstants = List.copyOf(specConstants);
    }

    /**
     * A kernel whose program cannot run its items a grid apart, and that has no vector accesses.
     *
     * @param kernelName the {@code __kernel} function's name
     * @param source the OpenCL C source of the kernel and its device functions
     * @param args the kernel's arguments, in order; copied
     * @param usesFp64 whether the source needs {@code cl_khr_fp64}
     * @param specConstants the specialization constants the kernel reads; copied
     * @param usesBarrier whether the kernel calls a work-group barrier
     */
    public LoweredKernel(String kernelName, String source, List<KernelArg> args, boolean usesFp64,
            List<SpecConstantUse> specConstants, boolean usesBarrier) {
        this(kernelName, source, args, usesFp64, specConstants, usesBarrier, false, false, false, 0);
    }

    /**
     * Whether the program of a kernel of this kind can run two items per work-item: built with
     * {@code -DJSYCL_TWO_ITEMS} and launched over half of an even range, each work-item runs the body for its global
     * id and for the id half the range further on. True for unchecked 1-D kernels over a range (a checked kernel
     * names a failing item by its global id).
     *
     * @param shape the kernel's shape
     * @param dimensions the range's dimensions
     * @param reduction whether the kernel is a reduction
     * @param checked whether the kernel is built with bounds and division checks
     * @return whether {@code -DJSYCL_TWO_ITEMS} applies
     */
    public static boolean twoItemsPerWorkItem(KernelShape shape, int dimensions, boolean reduction, boolean checked) {
        return shape == KernelShape.ITEM && dimensions == 1 && !reduction && !checked;
    }

    /**
     * Whether the program of a kernel of this kind can run several rows per work-item: built with
     * {@code -DJSYCL_TWO_ROWS} (or {@code -DJSYCL_FOUR_ROWS}) and launched over half (a quarter) of the range's extent
     * in dimension 0, each work-item runs the body for two (four) adjacent items along that dimension, the slowest in
     * memory: their loads of neighbouring rows then share the work-item's cache lines and stay in flight together (an
     * H200 ran a 3x3 convolution of 8192² 28% faster with four rows, a 4096² Jacobi step 30%). True for unchecked 2-D
     * and 3-D kernels over a range (a checked kernel names a failing item by its global id).
     *
     * @param shape the kernel's shape
     * @param dimensions the range's dimensions
     * @param reduction whether the kernel is a reduction
     * @param checked whether the kernel is built with bounds and division checks
     * @return whether {@code -DJSYCL_TWO_ROWS} and {@code -DJSYCL_FOUR_ROWS} apply
     */
    public static boolean rowsPerWorkItem(KernelShape shape, int dimensions, boolean reduction, boolean checked) {
        return shape == KernelShape.ITEM && dimensions >= 2 && !reduction && !checked;
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
