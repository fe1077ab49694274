package io.jsycl;

import io.jsycl.Lowered.As;
import java.lang.invoke.VarHandle;

/**
 * Memory fences for kernels, SYCL 2020's {@code sycl::atomic_fence}: with a relaxed atomic after (a release fence)
 * or before (an acquire fence), the order that the atomic's own {@link MemoryOrder} would give. The atomics with an
 * order and a scope are on the accessors, local accessors and device arrays ({@code atomicAdd(i, v, order, scope)},
 * {@code atomicLoad}, {@code atomicStore}).
 */
public final class Atomics {
    private Atomics() {
    }

    /**
     * Orders the work-item's memory operations before and after the fence as {@code order} says, with the work-items
     * of {@code scope}. On NVIDIA's OpenCL, PTX's {@code membar} at the scope; on other OpenCL devices with OpenCL C
     * 2.0 or later, {@code atomic_work_item_fence} over global and local memory; with OpenCL C 1.2 only,
     * {@code mem_fence}. On the host device, Java's fences ({@link VarHandle#fullFence()} and the others).
     *
     * @param order {@link MemoryOrder#ACQUIRE}, {@link MemoryOrder#RELEASE}, {@link MemoryOrder#ACQ_REL} or
     *     {@link MemoryOrder#SEQ_CST}; {@link MemoryOrder#RELAXED} fences nothing
     * @param scope the work-items the order holds with
     */
    @Lowered(As.ATOMIC)
    public static void fence(MemoryOrder order, MemoryScope scope) {
        if (scope == MemoryScope.WORK_ITEM) {
            return;
        }
        switch (order) {
            case RELAXED -> {
            }
            case ACQUIRE -> VarHandle.acquireFence();
            case RELEASE -> VarHandle.releaseFence();
            case ACQ_REL, SEQ_CST -> VarHandle.fullFence();
        }
    }
}
