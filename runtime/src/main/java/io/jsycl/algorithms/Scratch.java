package io.jsycl.algorithms;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.internal.memory.ApiAccess;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The device memory the parallel algorithms keep on a queue between calls (the tiles' totals, the one-pass kernels'
 * published tile values and ticket, results to read back), closed with the queue after its work.
 *
 * <p>Why keep it: NVIDIA's driver synchronizes the whole device when it frees memory, so a call that made and freed
 * its own temporary buffers waited for everything queued before it and cost about half a millisecond a buffer on an
 * H100, whatever its size. Each buffer here grows to the largest call's need and stays.
 *
 * <p>Calls on one queue use its scratch in turn: each runs under the scratch's monitor ({@link #of} then
 * {@code synchronized}). A call may return before its kernels finish: the next call's commands on the same buffers are
 * ordered after them by the buffers, as any command's are.
 */
final class Scratch implements AutoCloseable {
    private static final ApiAccess API = ApiAccess.get();

    // Guarded by this.
    private final Map<String, Buffer<?>> buffers = new HashMap<>();
    // Guarded by this: the last one-pass kernel's epoch (0: none yet, which a zero-filled buffer's words carry).
    private int epoch;

    private Scratch() {
    }

    /** The scratch of {@code q}, made at its first algorithm call. */
    static Scratch of(Queue q) {
        return API.attachment(q, Scratch.class, Scratch.class, Scratch::new);
    }

    /** The int buffer {@code name}, of at least {@code size} elements, zero-filled when made. */
    synchronized Buffer.OfInt ints(String name, int size) {
        return buffer(name, size, Buffer.OfInt.class, n -> Buffer.ofInt(Range.of(n)));
    }

    /** The long buffer {@code name}, of at least {@code size} elements, zero-filled when made. */
    synchronized Buffer.OfLong longs(String name, int size) {
        return buffer(name, size, Buffer.OfLong.class, n -> Buffer.ofLong(Range.of(n)));
    }

    /** The float buffer {@code name}, of at least {@code size} elements, zero-filled when made. */
    synchronized Buffer.OfFloat floats(String name, int size) {
        return buffer(name, size, Buffer.OfFloat.class, n -> Buffer.ofFloat(Range.of(n)));
    }

    /** The double buffer {@code name}, of at least {@code size} elements, zero-filled when made. */
    synchronized Buffer.OfDouble doubles(String name, int size) {
        return buffer(name, size, Buffer.OfDouble.class, n -> Buffer.ofDouble(Range.of(n)));
    }

    /**
     * The one-element int buffer a {@code Reduction} combines into (a count), set to {@code identity} by a kernel on
     * {@code q} (a host write would make the next kernel upload it); {@link #read} takes the result.
     */
    synchronized Buffer.OfInt result(Queue q, int identity) {
        Buffer.OfInt b = ints("result.int", 1);
        b.fill(q, identity);
        return b;
    }

    /**
     * The result in {@code b}, the first of its elements, waiting for the commands that write it: read on {@code q}
     * right after the kernel that wrote it ({@code q.copy} of a buffer a kernel of the queue's device left current
     * there: one round trip), which leaves the device's copy current for the next call's kernels.
     */
    static int read(Queue q, Buffer.OfInt b) {
        int[] v = new int[b.size()];
        q.copy(b, v);
        return v[0];
    }

    /** As {@link #result(Queue, int)}, for the extremes' {@code long} minimum. */
    synchronized Buffer.OfLong result(Queue q, long identity) {
        Buffer.OfLong b = longs("result.long", 1);
        b.fill(q, identity);
        return b;
    }

    /** The result in {@code b}, waiting for the commands that write it. */
    static long read(Queue q, Buffer.OfLong b) {
        long[] v = new long[b.size()];
        q.copy(b, v);
        return v[0];
    }

    /** The result in {@code b}, waiting for the commands that write it. */
    static float read(Queue q, Buffer.OfFloat b) {
        float[] v = new float[b.size()];
        q.copy(b, v);
        return v[0];
    }

    /** The result in {@code b}, waiting for the commands that write it. */
    static double read(Queue q, Buffer.OfDouble b) {
        double[] v = new double[b.size()];
        q.copy(b, v);
        return v[0];
    }

    /**
     * The next epoch of the one-pass kernels' published words (1 to 2^30 - 1, then 1 again): a word of another epoch
     * reads as not yet published. A buffer of published words made while the epochs wrap is zero-filled: epoch 0.
     */
    synchronized int nextEpoch() {
        epoch = epoch == (1 << 30) - 1 ? 1 : epoch + 1;
        return epoch;
    }

    /**
     * The buffer {@code name} if it holds {@code size} elements, else a new one of {@code size} (the old one closed:
     * that waits for its commands, once per growth).
     */
    private <B extends Buffer<?>> B buffer(String name, int size, Class<B> type, IntFunction<B> make) {
        Buffer<?> old = buffers.get(name);
        if (old != null && old.size() >= size && type.isInstance(old)) {
            return type.cast(old);
        }
        if (old != null) {
            old.close();
        }
        B made = make.apply(Math.max(1, size));
        buffers.put(name, made);
        return made;
    }

    @Override
    public synchronized void close() {
        RuntimeException failure = null;
        for (Buffer<?> b : buffers.values()) {
            try {
                b.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        buffers.clear();
        if (failure != null) {
            throw failure;
        }
    }
}
