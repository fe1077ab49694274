package io.jsycl.internal.memory;

import io.jsycl.internal.platform.Settings;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClException;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * A context's pinned host memory for staged transfers ({@code CL_MEM_ALLOC_HOST_PTR}, mapped once on the context's
 * transfer queue), lent to one buffer copy at a time and kept for the next when that copy is freed.
 *
 * <p>Why: making pinned memory costs a {@code clCreateBuffer} and a blocking map, and freeing it an unmap, a wait
 * and a release; on a GPU driver the allocation also page-locks the memory. Done per buffer, that was a fixed cost
 * of every small whole program (three arrays in and out: six such round trips to the driver and back, more than
 * the transfers themselves below a few MiB). Blocks are sized to powers of two (at least 64 KiB) so buffers of
 * similar sizes share them; a block is lent only for a request of more than half its size.
 *
 * <p>At most {@code JSYCL_STAGING_POOL_MIB} (default {@link #KEPT_BYTES}) of free blocks are kept: enough for
 * the arrays of a large program moving in and out per operation, a few hundred MiB each; a block that would exceed
 * it is freed at once. A
 * context's pool lives as long as the context ({@link #close()}); a device's default context, and with it its
 * pool, as long as the JVM. {@code JSYCL_STAGING_POOL=0} [{@code jsycl.stagingPool}] turns the pool off (each
 * copy makes and frees its own pinned memory, as before; for measurements).
 *
 * <p>Thread safety: as {@link KeptBlocks}'s, which keeps the free blocks; a block is handed back under the pool's
 * monitor, which the close's wait for lent blocks holds between its waits. Lock order: a buffer's storage, then the
 * pool, then the context (for its transfer queue). Blocks are handed back only once nothing reads or writes them: the caller has
 * awaited the last transfer from or into the block.
 */
public final class StagingPool {
    /** Free pinned bytes kept per context where {@code JSYCL_STAGING_POOL_MIB} says nothing. */
    static final long KEPT_BYTES = 1024L << 20;
    private static final long MIN_BLOCK = 64L << 10;

    /** Pinned memory mapped into the host: {@code host} is {@code capacity} bytes of {@code mem}. */
    record Block(ClMem mem, MemorySegment host, long capacity) {
    }

    /**
     * How long a context's close waits for blocks still lent: a transfer hands its block back on a copy thread once it
     * has completed, so the wait is that thread's turn, never a transfer's.
     */
    static final long LENT_WAIT_NANOS = 10_000_000_000L;
    private static final System.Logger LOG = System.getLogger("io.jsycl.memory");

    private final ContextImpl context;
    private final KeptBlocks<Block> kept;
    // Guarded by this: blocks taken and not handed back yet.
    private int lent;
    // Guarded by this: the close gave up waiting for lent blocks; those are left to the driver when handed back.
    private boolean abandoned;

    public StagingPool(ContextImpl context) {
        this.context = context;
        this.kept = new KeptBlocks<>(Settings.current().stagingPoolMib().get() << 20, Block::capacity,
                b -> free(context, b));
    }

    /** Whether copies borrow their pinned memory from the pool ({@code JSYCL_STAGING_POOL}, default on). */
    static boolean enabled() {
        return Settings.current().stagingPool().get();
    }

    /**
     * Pinned memory of at least {@code bytes} bytes: a free block of the pool, else a new one; pinned memory is the
     * system's, so where the driver refuses, the pool gives back what it keeps and tries once more.
     *
     * @throws ClException if the driver gives no pinned memory
     */
    Block take(long bytes) {
        long capacity = capacityFor(bytes);
        Block block = kept.take(capacity, () -> allocate(context, capacity));
        synchronized (this) {
            lent++;
        }
        return block;
    }

    /**
     * Takes {@code block} back; frees it instead where the pool is closed or full. Nothing may still use it. Where the
     * close gave up waiting for it, leaves it: its context's transfer queue, which freeing it needs, is released.
     */
    void give(Block block) {
        synchronized (this) {
            // The block goes back (or is freed) before the count says so: a close waiting for it goes on to free the
            // kept blocks, and then the context releases the transfer queue, only once the block is among them. (Counted
            // first, a close could free and release all before the block came back, which then was freed through the
            // released queue: CI saw it as "COMMAND_QUEUE is closed" in StagingPoolTest.)
            if (!abandoned) {
                kept.give(block.capacity(), block);
            }
            lent--;
            notifyAll();
        }
    }

    /**
     * Frees every free block.
     *
     * @return the bytes freed
     */
    public long trim() {
        return kept.trim();
    }

    /**
     * What the pool has done so far.
     *
     * @return its counters and the bytes it keeps now
     */
    public KeptBlocks.Stats stats() {
        return kept.stats();
    }

    /**
     * Waits for the blocks still lent (a transfer that has completed hands its block back on a copy thread, possibly
     * after its buffer's close returned), then frees every block; blocks handed back later are freed at once. The
     * context's close calls it before it releases the transfer queue that freeing a block needs: a block freed after
     * that crashed the JVM inside the driver. Safe to call twice.
     */
    public void close() {
        awaitLent();
        kept.close();
    }

    /** Waits up to {@link #LENT_WAIT_NANOS} for the lent blocks; past it, they are left to the driver. */
    private synchronized void awaitLent() {
        long deadline = System.nanoTime() + LENT_WAIT_NANOS;
        boolean interrupted = false;
        while (lent > 0 && !abandoned) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || interrupted) {
                abandoned = true;
                LOG.log(System.Logger.Level.WARNING, "{0}: {1} pinned staging block(s) still lent when its context"
                        + " closed; they are left to the driver", context, lent);
                break;
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Blocks taken and not handed back yet. */
    synchronized int lent() {
        return lent;
    }

    static long capacityFor(long bytes) {
        long b = Math.max(bytes, MIN_BLOCK);
        long pow = Long.highestOneBit(b);
        return pow == b ? b : pow << 1;
    }

    /** New pinned memory of {@code capacity} bytes, mapped for reading and writing. */
    static Block allocate(ContextImpl context, long capacity) {
        ClMem mem = ClMem.createBuffer(context.cl(), ClMemFlags.READ_WRITE | ClMemFlags.ALLOC_HOST_PTR,
                capacity, MemorySegment.NULL);
        try {
            MemorySegment host = context.transferQueue().mapBuffer(mem,
                    ClMemFlags.MAP_READ | ClMemFlags.MAP_WRITE, 0, capacity, List.of());
            return new Block(mem, host, capacity);
        } catch (RuntimeException e) {
            mem.close();
            throw e;
        }
    }

    /** Unmaps and releases {@code block}. */
    static void free(ContextImpl context, Block block) {
        try (ClEvent unmap = context.transferQueue().enqueueUnmap(block.mem(), block.host(), List.of())) {
            unmap.await();
        } finally {
            block.mem().close();
        }
    }
}
