package io.jsycl;

import io.jsycl.Lowered.As;

/**
 * The order an atomic operation or {@link Atomics#fence} imposes on the work-item's other memory operations, as
 * SYCL 2020's {@code sycl::memory_order} (C++'s {@code std::memory_order}): what other work-items that synchronize
 * with it see. Pass a constant ({@code MemoryOrder.RELEASE}) where a kernel takes one: the lowering reads it.
 *
 * <p>The plain atomics ({@code atomicAdd(i, v)}) are {@link #RELAXED} at {@link MemoryScope#DEVICE} scope.
 */
public enum MemoryOrder {
    /** Atomic, with no order on the work-item's other memory operations. */
    @Lowered(As.MEMORY_ORDER)
    RELAXED,
    /**
     * Later loads and stores of the work-item stay after the operation, and see what a work-item wrote before the
     * {@link #RELEASE} its operation read from. For loads and read-modify-writes.
     */
    @Lowered(As.MEMORY_ORDER)
    ACQUIRE,
    /** Earlier loads and stores of the work-item stay before the operation. For stores and read-modify-writes. */
    @Lowered(As.MEMORY_ORDER)
    RELEASE,
    /** {@link #ACQUIRE} and {@link #RELEASE} together. For read-modify-writes. */
    @Lowered(As.MEMORY_ORDER)
    ACQ_REL,
    /** {@link #ACQ_REL}, and one total order of all such operations that every work-item agrees on. */
    @Lowered(As.MEMORY_ORDER)
    SEQ_CST
}
