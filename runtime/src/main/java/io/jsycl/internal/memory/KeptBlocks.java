package io.jsycl.internal.memory;

import io.jsycl.opencl.ClException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The bookkeeping both of a context's pools share ({@link DevicePool}, {@link StagingPool}): free blocks kept by
 * size class up to a limit, lent again for a request of their class, released when trimmed or closed; where the
 * driver refuses a new block, the kept ones are released and the allocation tried once more.
 *
 * <p>Where a block given back would pass the limit, the blocks kept longest go back to the driver first (least
 * recently used), not the one given back: a program whose sizes change (a first step with 512 MiB arrays, then many
 * steps with 256 MiB ones) then keeps the blocks of its current step. Releasing the newest instead made every later
 * step allocate and free its pinned memory again (page-locking 256 MiB costs tens of milliseconds).
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
    // Guarded by this: every free block with its class, the one kept longest first.
    private final LinkedHashMap<B, Object> age = new LinkedHashMap<>();
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
                age.remove(b);
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

    /**
     * Keeps {@code block} under its class {@code key}, releasing the blocks kept longest where it would pass the
     * limit; releases {@code block} itself where the pool is closed or the block alone passes the limit.
     */
    void give(Object key, B block) {
        long bytes = capacity.applyAsLong(block);
        List<B> evicted = new ArrayList<>();
        synchronized (this) {
            if (closed || bytes > limit) {
                evicted.add(block);
            } else {
                free.computeIfAbsent(key, k -> new ArrayDeque<>()).push(block);
                age.put(block, key);
                keptBytes += bytes;
                var oldest = age.entrySet().iterator();
                while (keptBytes > limit) {
                    var e = oldest.next();
                    oldest.remove();
                    free.get(e.getValue()).remove(e.getKey());
                    keptBytes -= capacity.applyAsLong(e.getKey());
                    evicted.add(e.getKey());
                }
            }
            releases += evicted.size();
        }
        evicted.forEach(release);
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
            age.clear();
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
