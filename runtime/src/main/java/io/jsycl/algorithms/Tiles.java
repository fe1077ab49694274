package io.jsycl.algorithms;

import io.jsycl.Aspect;
import io.jsycl.Buffer;
import io.jsycl.DeviceType;
import io.jsycl.Event;
import io.jsycl.Handler;
import io.jsycl.Queue;
import io.jsycl.Reduction;
import io.jsycl.internal.platform.Settings;

/**
 * What the parallel algorithms share: the work-group and tile they split their input into (one work-group of
 * {@value #GROUP} work-items a tile, each work-item taking {@value #PER_ITEM} consecutive elements), addition as
 * operators (lambdas of this package, which kernels call as device functions), and the one-pass kernels' published
 * words.
 *
 * <p>The one-pass kernels (the scan of 32-bit values, the compaction) read each element once and write each result
 * once: each work-group takes the next tile number from a counter (so the tiles before its own are already running),
 * does its tile, publishes the tile's total, then walks back over the tiles before it, {@value #WINDOW} at a time,
 * combining their published values until it meets one that published its inclusive prefix, and publishes its own (a
 * "decoupled look-back"). A published value is one 64-bit word: the epoch of the call, whether it is a tile's total
 * or its inclusive prefix, and the 32-bit value, written with one atomic exchange and read with one atomic load (a
 * load, not a read-modify-write, so that the tiles after it read it at once), so no reader sees half of one; words of
 * an earlier call carry another epoch and read as not yet published. (The one-pass reduction of 32-bit values
 * publishes each tile's value so too, and the work-group that takes the last ticket combines them.) A work-group
 * waits for work-groups that started before it, which GPUs and OpenCL's CPU devices keep running; the host device
 * runs work-groups on a few shared threads and does not promise that, so there (and on devices without 64-bit
 * atomics) the algorithms run their tile-by-tile kernels instead.
 */
final class Tiles {
    /** Work-items of a group. */
    static final int GROUP = 256;
    /** Consecutive elements each work-item takes. */
    static final int PER_ITEM = 8;
    /** Elements of one tile: one work-group's part. */
    static final int TILE = GROUP * PER_ITEM;
    /**
     * Consecutive elements each work-item of a one-pass kernel takes: twice {@link #PER_ITEM}, so that a tile's fixed
     * costs (its group scan, its look-back) are spread over more elements.
     */
    static final int ONE_PASS_PER_ITEM = 16;
    /** Elements of one tile of a one-pass kernel. */
    static final int ONE_PASS_TILE = GROUP * ONE_PASS_PER_ITEM;
    /**
     * Vectors of four elements each work-item of a striped tile takes ({@link #striped}): vector {@code j} of
     * work-item {@code i} is the tile's vector {@code j * GROUP + i}.
     */
    static final int STRIPED_VECTORS = 8;
    /** Elements of one striped tile. */
    static final int STRIPED_TILE = GROUP * 4 * STRIPED_VECTORS;
    /**
     * The most tiles a reduction splits its input into: past it, its work-items take more elements each
     * ({@link #reducePerItem}) instead, so that a large input pays a work-group's fixed cost (combining its values)
     * a few thousand times rather than once per {@value #ONE_PASS_TILE} elements, and the one-kernel reduction's last
     * work-group, which reads every tile's value alone while the rest of the device idles, reads at most 8 a
     * work-item.
     */
    static final int REDUCE_TILES = 2048;
    /**
     * Published tiles a look-back reads at once: a sub-group's lanes where sub-groups are warps
     * ({@code lookBack.template}), the first work-items of the group elsewhere.
     */
    static final int WINDOW = 32;
    /** A published word's kinds, in bit 32; the epoch is above them. */
    static final long AGGREGATE = 0;
    static final long INCLUSIVE = 1;
    /** The work-group form of the look-back's state in local memory: whether it is done, the next tile to read. */
    static final int DONE = 0;
    static final int NEXT = 1;
    static final Reduction.IntOp INT_SUM = (a, b) -> a + b;
    static final Reduction.LongOp LONG_SUM = (a, b) -> a + b;
    static final Reduction.FloatOp FLOAT_SUM = (a, b) -> a + b;
    static final Reduction.DoubleOp DOUBLE_SUM = (a, b) -> a + b;

    private Tiles() {
    }

    /**
     * What a kernel reads or writes, as a command group gets it: a buffer's accessor (which orders the kernel after
     * the buffer's other users), or a device array, with the events the kernel waits for (a device array's commands
     * are ordered by their events only). A kernel's lambda captures the face it returns, so one lambda serves both.
     *
     * @param <A> the face ({@code ArrayAccess.OfInt} ...)
     */
    @FunctionalInterface
    interface Input<A> {
        /** The accessor or array, requested in {@code h}, which waits for what the array's writes need. */
        A open(Handler h);

        /** A device array, {@code array}, whose command groups wait for {@code dependsOn}. */
        static <A> Input<A> after(A array, Event... dependsOn) {
            return h -> {
                h.dependsOn(dependsOn);
                return array;
            };
        }
    }

    /** Whether the one-pass kernels run on {@code q}'s device (see the class comment). */
    static boolean onePass(Queue q) {
        return !q.device().isHost() && q.device().hasAspect(Aspect.ATOMIC64);
    }

    /**
     * Whether the one-pass kernels of buffers on {@code q}'s device stripe their tiles: each work-item takes every
     * {@value #GROUP}th vector of four elements, so that each vector load of a sub-group reads 512 consecutive bytes,
     * and the group scans each of its {@value #STRIPED_VECTORS} rows of vectors by sub-group shuffles, where the
     * blocked layout gives each work-item {@value #ONE_PASS_PER_ITEM} consecutive elements (a sub-group's vector load
     * then spans 2 KiB, a quarter of each 64-byte stretch used). On GPUs unless {@code JSYCL_STRIPED_TILES} says
     * otherwise: on an H200 the striped scan of 2^28 ints took 585 µs against the blocked one's 888 and the device
     * copy's 581; CPUs' OpenCL run sub-group shuffles through local memory and barriers, where PoCL 3.1 took 3-4
     * times as long striped.
     */
    static boolean striped(Queue q) {
        return onGpusUnless(Settings.current().stripedTiles(), q);
    }

    /** A switch of the algorithms that is on for GPUs where {@code setting} leaves it to jsycl ({@code auto}). */
    static boolean onGpusUnless(Settings.Parsed<Boolean> setting, Queue q) {
        Boolean forced = setting.get();
        return forced != null ? forced : q.device().type() == DeviceType.GPU;
    }

    /**
     * The elements each work-item of a reduction's tile takes for {@code n} elements: {@value #ONE_PASS_PER_ITEM},
     * doubled until at most {@value #REDUCE_TILES} tiles cover {@code n}. It depends only on {@code n}, and with it
     * the order in which a reduction combines: the same on every device.
     */
    static int reducePerItem(int n) {
        int perItem = ONE_PASS_PER_ITEM;
        while ((long) perItem * GROUP * REDUCE_TILES < n) {
            perItem *= 2;
        }
        return perItem;
    }

    /** How many one-pass tiles {@code n} elements make (at least one). */
    static int onePassTiles(int n) {
        return tiles(n, ONE_PASS_TILE);
    }

    /** A published word: the epoch, the kind and the 32-bit value. */
    static long word(int epoch, long kind, int bits) {
        return (((long) epoch << 1 | kind) << 32) | (bits & 0xffffffffL);
    }

    /** The local-memory slot of a tile's element {@code e}: one unused slot after every 32, against bank conflicts. */
    static int padded(int e) {
        return e + (e >> 5);
    }

    /** An int as a published value's bits. */
    static int intBits(int v) {
        return v;
    }

    /** A float as a published value's bits. */
    static int floatBits(float v) {
        return Float.floatToRawIntBits(v);
    }

    /** A published int. */
    static int intFromBits(int bits) {
        return bits;
    }

    /** A published float. */
    static float floatFromBits(int bits) {
        return Float.intBitsToFloat(bits);
    }

    /** How many tiles {@code n} elements make (at least one). */
    static int tiles(int n) {
        return tiles(n, TILE);
    }

    /** How many tiles of {@code tile} elements {@code n} elements make (at least one). */
    static int tiles(int n, int tile) {
        return Math.max(1, (int) ((n + (long) tile - 1) / tile));
    }

    /** Refuses {@code n} elements where an array holds {@code size}, fewer, naming {@code what}. */
    static void checkLength(String what, int n, int size) {
        if (n < 0 || n > size) {
            throw new IllegalArgumentException(what + ": " + n + " elements, but the array holds " + size);
        }
    }

    /** Refuses {@code n} elements where {@code buffer} holds fewer, naming {@code what}. */
    static void checkLength(String what, int n, Buffer<?> buffer) {
        if (n < 0 || n > buffer.size()) {
            throw new IllegalArgumentException(what + ": " + n + " elements, but the buffer holds " + buffer.size());
        }
    }
}
