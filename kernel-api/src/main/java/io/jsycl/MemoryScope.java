package io.jsycl;

import io.jsycl.Lowered.As;

/**
 * Which work-items an atomic operation's {@link MemoryOrder} orders it with, as SYCL 2020's
 * {@code sycl::memory_scope}: a wider scope costs more. Pass a constant ({@code MemoryScope.DEVICE}) where a kernel
 * takes one: the lowering reads it.
 */
public enum MemoryScope {
    /** The work-item alone: the operation is atomic, and orders nothing. */
    @Lowered(As.MEMORY_SCOPE)
    WORK_ITEM,
    /** The work-items of the sub-group (OpenCL devices order the work-group, a wider scope). */
    @Lowered(As.MEMORY_SCOPE)
    SUB_GROUP,
    /** The work-items of the work-group. */
    @Lowered(As.MEMORY_SCOPE)
    WORK_GROUP,
    /** Every work-item of the kernel, and the device's later kernels. */
    @Lowered(As.MEMORY_SCOPE)
    DEVICE,
    /**
     * Every device and the host. jsycl's buffers and device arrays are one device's memory while a kernel runs, so
     * this is {@link #DEVICE} with more cost; a device whose OpenCL has no such scope refuses it when the kernel is
     * submitted.
     */
    @Lowered(As.MEMORY_SCOPE)
    SYSTEM
}
