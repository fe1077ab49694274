package io.jsycl.internal.memory;

import io.jsycl.opencl.ClException;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import java.lang.foreign.MemorySegment;

/**
 * A context's device memory that closed buffers gave back, kept for the next buffers of a similar size, as PyTorch's
 * caching allocator keeps CUDA memory: a program that makes and closes its buffers per operation
 * ({@code try (var b = Buffer.of(array))}) pays the driver's allocation once, not per buffer. On NVIDIA's OpenCL a
 * fresh {@code clCreateBuffer} of a large buffer costs its first use a page-table setup comparable with the transfer
 * itself.
 *
 * <p>Sizes are rounded up to a class ({@link #capacityFor}: quarter steps between powers of two, so at most a
 * quarter is spare), and a block is reused only for a request of its class. At most {@link #limit()} bytes of free
 * blocks are kept; a block that would exceed it is released at once. Where the driver refuses an allocation, the
 * free blocks are released and the allocation tried once more before the failure reaches the caller. A released
 * buffer's memory comes back only after every command using it has completed (the buffer's close awaits them), so
 * a reused block is never read or written by a command of its previous buffer.
 *
 * <p>Thread safety: as {@link KeptBlocks}'s, which keeps the free blocks.
 */
public final class DevicePool {
    /** Blocks below this are rounded up to it: many small buffers share few classes. */
    private static final long MIN_BLOCK = 4L << 10;

    /** Device memory of {@code capacity} bytes, host-accessible ({@code mapped}) or not. */
    record Block(ClMem mem, long capacity, boolean mapped) {
    }

    /** A block's class: its capacity, and whether it is host-accessible. */
    private record SizeClass(long capacity, boolean mapped) {
    }

    private final ContextImpl context;
    private final KeptBlocks<Block> kept;

    /**
     * A pool keeping at most {@code limit} bytes of free blocks.
     *
     * @param context the context whose memory it keeps
     * @param limit the most free bytes kept; 0 keeps none (every block is released when given back)
     */
    public DevicePool(ContextImpl context, long limit) {
        this.context = context;
        this.kept = new KeptBlocks<>(limit, Block::capacity, b -> b.mem().close());
    }

    /**
     * Device memory of at least {@code bytes} bytes: a free block of its class, else a new one.
     *
     * @param bytes the buffer's size
     * @param mapped whether host-accessible memory ({@code CL_MEM_ALLOC_HOST_PTR}) is asked for
     * @return the block
     * @throws ClException if the driver gives no memory, also after the free blocks were released
     */
    Block take(long bytes, boolean mapped) {
        long capacity = capacityFor(bytes);
        long flags = ClMemFlags.READ_WRITE | (mapped ? ClMemFlags.ALLOC_HOST_PTR : 0);
        return kept.take(new SizeClass(capacity, mapped), () -> new Block(
                ClMem.createBuffer(context.cl(), flags, capacity, MemorySegment.NULL), capacity, mapped));
    }

    /** Takes {@code block} back, or releases it where the pool is closed or full. No command may still use it. */
    void give(Block block) {
        kept.give(new SizeClass(block.capacity(), block.mapped()), block);
    }

    /**
     * Releases every free block to the driver.
     *
     * @return the bytes released
     */
    public long trim() {
        return kept.trim();
    }

    /** Releases the free blocks; blocks given back later are released at once. Safe to call twice. */
    public void close() {
        kept.close();
    }

    /**
     * What the pool has done so far.
     *
     * @return its counters and the bytes it keeps now
     */
    public KeptBlocks.Stats stats() {
        return kept.stats();
    }

    /** The class of a request of {@code bytes}: the next of 1, 1.25, 1.5, 1.75 times a power of two. */
    static long capacityFor(long bytes) {
        long b = Math.max(bytes, MIN_BLOCK);
        long pow = Long.highestOneBit(b);
        if (pow == b) {
            return b;
        }
        long quarter = pow >> 2;
        return (b + quarter - 1) / quarter * quarter;
    }
}
