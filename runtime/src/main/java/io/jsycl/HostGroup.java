package io.jsycl;

import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;

/** One work-group on the host device: its local memory and its barrier. */
final class HostGroup {
    private final Map<LocalAccessor<?>, Object> locals = new ConcurrentHashMap<>();
    private final CyclicBarrier barrier;

    HostGroup(int size) {
        this.barrier = new CyclicBarrier(size);
    }

    Object localArray(LocalAccessor<?> accessor) {
        return locals.computeIfAbsent(accessor, LocalAccessor::newArray);
    }

    void barrier() {
        try {
            barrier.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            barrier.reset();
            throw new SyclException("interrupted at a work-group barrier", e);
        } catch (BrokenBarrierException e) {
            throw new SyclException("another work-item of the group failed before reaching the barrier", e);
        }
    }

    /** Releases the other work-items when one fails, so none waits forever. */
    void abort() {
        barrier.reset();
    }
}
