package io.jsycl.internal.memory;

import io.jsycl.opencl.ClException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The bookkeeping both of a context's pools share ({@link DevicePool}, {@link StagingPool}): free blocks kept by
 * size class up to a limit, lent again for a request of their class, released where the pool is full, trimmed or
 * closed; where the driver refuses a new block, the kept ones are released and the allocation tried once more.
 *
 * <p>Thread safety: every field is guarded by {@code this}; allocations and releases (driver calls) run outside it.
 *
 * @param <B> the block type
 */
public final class KeptBlocks<B> {
    /**
     * Counters of a pool since its context was made (for the API's statistics).
     *
     * @param allocations blocks the driver made
     * @param reuses requests served by a kept block
     * @param releases blocks given back to the driver
     * @param keptBytes the free bytes kept now
     * @param limitBytes the most free bytes kept
     */
    public record Stats(long allocations, long reuses, long releases, long keptBytes, long limitBytes) {
    }

    private final long limit;
    private final ToLongFunction<B> capacity;
    private final Consumer<B> release;
    // Guarded by this: free blocks by class.
    private final Map<Object, ArrayDeque<B>> free = new HashMap<>();
    private long keptBytes;
    private long allocations;
    private long reuses;
    private long releases;
    private boolean closed;

    /**
     * @param limit the most free bytes kept; 0 keeps none
     * @param capacity a block's size in bytes
     * @param release gives a block back to the driver
     */
    KeptBlocks(long limit, ToLongFunction<B> capacity, Consumer<B> release) {
        this.limit = limit;
        this.capacity = capacity;
        this.release = release;
    }

    /**
     * A kept block of class {@code key}, else a new one from {@code allocate}; where the driver refuses it, the kept
     * blocks are released and {@code allocate} is tried once more.
     *
     * @throws ClException what the driver said, where nothing was kept or the second try failed too
     */
    B take(Object key, Supplier<B> allocate) {
        synchronized (this) {
            ArrayDeque<B> blocks = free.get(key);
            if (blocks != null && !blocks.isEmpty()) {
                B b = blocks.pop();
                keptBytes -= capacity.applyAsLong(b);
                reuses++;
                return b;
            }
        }
        B b;
        try {
            b = allocate.get();
        } catch (ClException e) {
            if (trim() == 0) {
                throw e;
            }
            b = allocate.get();
        }
        synchronized (this) {
            allocations++;
        }
        return b;
    }

    /** Keeps {@code block} under its class {@code key}, or releases it where the pool is closed or full. */
    void give(Object key, B block) {
        long bytes = capacity.applyAsLong(block);
        synchronized (this) {
            if (!closed && keptBytes + bytes <= limit) {
                free.computeIfAbsent(key, k -> new ArrayDeque<>()).push(block);
                keptBytes += bytes;
                return;
            }
            releases++;
        }
        release.accept(block);
    }

    /**
     * Releases every kept block.
     *
     * @return the bytes released
     */
    long trim() {
        List<B> blocks = new ArrayList<>();
        long bytes;
        synchronized (this) {
            free.values().forEach(blocks::addAll);
            free.clear();
            bytes = keptBytes;
            keptBytes = 0;
            releases += blocks.size();
        }
        blocks.forEach(release);
        return bytes;
    }

    /** Releases the kept blocks; blocks given back later are released at once. Safe to call twice. */
    void close() {
        synchronized (this) {
            closed = true;
        }
        trim();
    }

    synchronized Stats stats() {
        return new Stats(allocations, reuses, releases, keptBytes, limit);
    }
}
