package io.jsycl.internal.memory;

import java.lang.foreign.MemorySegment;

/**
 * Pinned host memory borrowed from a context's {@link StagingPool} for one transfer and given back once nothing reads
 * or writes it: a {@link io.jsycl.DistributedQueue}'s moves read from one device into the source context's pinned
 * memory and write to another from the target context's, so that both are true DMA on their own device (a write
 * from pageable memory may wait on the host for the device's queue to drain).
 */
public final class PinnedLease {
    private final StagingPool pool;
    private final StagingPool.Block block;
    private final MemorySegment host;
    private boolean returned;

    private PinnedLease(StagingPool pool, StagingPool.Block block, long bytes) {
        this.pool = pool;
        this.block = block;
        this.host = block.host().asSlice(0, bytes);
    }

    /**
     * Borrows {@code bytes} of {@code context}'s pinned memory.
     *
     * @param context the context whose pool lends it
     * @param bytes how many bytes
     * @return the lease
     * @throws io.jsycl.opencl.ClException where the driver gives no pinned memory
     */
    public static PinnedLease take(ContextImpl context, long bytes) {
        StagingPool pool = context.stagingPool();
        return new PinnedLease(pool, pool.take(Math.max(bytes, 1)), bytes);
    }

    /**
     * The memory, {@code bytes} long.
     *
     * @return the host view of the pinned memory
     */
    public MemorySegment host() {
        return host;
    }

    /** Gives the memory back to its pool; nothing may read or write it any more. Safe to call twice. */
    public synchronized void giveBack() {
        if (!returned) {
            returned = true;
            pool.give(block);
        }
    }
}
