package io.jsycl.algorithms;

import static io.jsycl.algorithms.Tiles.GROUP;
import static io.jsycl.algorithms.Tiles.INT_SUM;
import static io.jsycl.algorithms.Tiles.PER_ITEM;
import static io.jsycl.algorithms.Tiles.TILE;
import static io.jsycl.algorithms.Tiles.checkLength;
import static io.jsycl.algorithms.Tiles.padded;
import static io.jsycl.algorithms.Tiles.tiles;

import io.jsycl.ArrayAccess;
import io.jsycl.Buffer;
import io.jsycl.DeviceArray;
import io.jsycl.Event;
import io.jsycl.Fence;
import io.jsycl.GroupOp;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.algorithms.Tiles.Input;

/**
 * Sorting of {@code int} and {@code float} keys, in place, with {@code int} values moving along where given
 * ({@code sortByKey}; with {@link Transforms#iota}'s indices it gives what {@code torch.sort} returns), on every
 * device: a stable least-significant-digit radix sort, 4 passes of 8 bits. On GPUs each pass is one kernel that reads
 * and writes each key once, after one count of every digit up front ({@link OneSweep}); on CPUs' OpenCL, the host
 * device and for 2^30 keys or more each pass counts its digit per tile in local memory, scans those
 * counts digit by digit ({@link Scans}), then each work-group sorts its tile by the digit in local memory and writes
 * it out. The passes alternate between your buffers and copies of the same size, which stay with the queue for its
 * next sort until it closes.
 *
 * <p>Part of the parallel algorithms ({@code docs/algorithms.md}).
 */
public final class Sorting {
    private Sorting() {
    }

    /** Bits of a radix sort's digit: four passes sort 32-bit keys. */
    static final int DIGIT_BITS = 8;
    /** Values of one digit: the counters each tile keeps per pass, one per work-item of the counting kernel. */
    static final int RADIX = 1 << DIGIT_BITS;
    /** Bits of one of the two splits that sort a tile by a digit in local memory. */
    private static final int SPLIT_BITS = DIGIT_BITS / 2;
    /** Values of a split: the counters each work-item keeps. */
    private static final int SPLIT_VALUES = 1 << SPLIT_BITS;
    /**
     * Work-items of the placing kernel's group, each taking {@value #SORT_PER_ITEM} consecutive keys of the tile: half
     * the other kernels' group, so that the counters of a split and the tile's two copies (keys and values) fit in
     * 48 KiB of local memory.
     */
    private static final int SORT_GROUP = GROUP / 2;
    /** Keys each work-item of the placing kernel takes: a tile is {@link Tiles#TILE} keys for both kernels. */
    private static final int SORT_PER_ITEM = PER_ITEM * 2;

    /**
     * Sorts {@code keys} in ascending order (a stable radix sort, 4 passes of 8 bits).
     *
     * @param q the queue
     * @param keys the values to sort, in place
     * @return the event of the sort's last kernel
     */
    public static Event sort(Queue q, Buffer.OfInt keys) {
        return radixSort(q, keys, null, Integer.MIN_VALUE);
    }

    /**
     * Sorts {@code keys} in ascending order and moves {@code values} with them: {@code values[i]} ends where
     * {@code keys[i]} does; equal keys keep their order (a stable radix sort). With {@code values} from
     * {@link Transforms#iota} it gives each sorted key's original index, as {@code torch.sort} does.
     *
     * @param q the queue
     * @param keys the keys, sorted in place
     * @param values what moves with them, at least as long as {@code keys}
     * @return the event of the sort's last kernel
     */
    public static Event sortByKey(Queue q, Buffer.OfInt keys, Buffer.OfInt values) {
        checkLength("sortByKey values", keys.size(), values);
        return radixSort(q, keys, values, Integer.MIN_VALUE);
    }

    /**
     * Sorts device array {@code keys} in ascending order once {@code dependsOn} are done, as
     * {@link #sort(Queue, Buffer.OfInt)} sorts a buffer (the same kernels; the passes' copies stay with the queue).
     *
     * @param q the queue, of the array's context and device
     * @param keys the values to sort, in place
     * @param dependsOn the commands that use {@code keys}
     * @return the event of the sort's last kernel: what later commands on {@code keys} wait for
     */
    public static Event sort(Queue q, DeviceArray.OfInt keys, Event... dependsOn) {
        var chain = new Event[][] {dependsOn.clone()};
        return radixSort(q, Data.of(keys, chain), null, keys.size(), Integer.MIN_VALUE, chain);
    }

    /**
     * Sorts device array {@code keys} and moves {@code values} with them once {@code dependsOn} are done, as
     * {@link #sortByKey(Queue, Buffer.OfInt, Buffer.OfInt)} does for buffers.
     *
     * @param q the queue, of the arrays' context and device
     * @param keys the keys, sorted in place
     * @param values what moves with them, at least as long as {@code keys}
     * @param dependsOn the commands that use {@code keys} or {@code values}
     * @return the event of the sort's last kernel: what later commands on the arrays wait for
     */
    public static Event sortByKey(Queue q, DeviceArray.OfInt keys, DeviceArray.OfInt values, Event... dependsOn) {
        checkLength("sortByKey values", keys.size(), values.size());
        var chain = new Event[][] {dependsOn.clone()};
        return radixSort(q, Data.of(keys, chain), Data.of(values, chain), keys.size(), Integer.MIN_VALUE, chain);
    }

    /**
     * Sorts {@code keys} in ascending order as {@link java.util.Arrays#sort(float[])} does: {@code -0.0f} before
     * {@code 0.0f}, NaNs last (each as {@link Float#NaN}); a stable radix sort of the floats' bits.
     *
     * @param q the queue
     * @param keys the values to sort, in place
     * @return the event of the sort's last kernel
     */
    public static Event sort(Queue q, Buffer.OfFloat keys) {
        return sortFloats(q, keys::read, keys::write, keys.size(), null, null);
    }

    /**
     * Sorts {@code keys} as {@link #sort(Queue, Buffer.OfFloat)} does and moves {@code values} with them, as
     * {@link #sortByKey(Queue, Buffer.OfInt, Buffer.OfInt)} does.
     *
     * @param q the queue
     * @param keys the keys, sorted in place
     * @param values what moves with them, at least as long as {@code keys}
     * @return the event of the sort's last kernel
     */
    public static Event sortByKey(Queue q, Buffer.OfFloat keys, Buffer.OfInt values) {
        checkLength("sortByKey values", keys.size(), values);
        return sortFloats(q, keys::read, keys::write, keys.size(), Data.of(values), null);
    }

    /**
     * Sorts device array {@code keys} once {@code dependsOn} are done, as {@link #sort(Queue, Buffer.OfFloat)} sorts
     * a buffer.
     *
     * @param q the queue, of the array's context and device
     * @param keys the values to sort, in place
     * @param dependsOn the commands that use {@code keys}
     * @return the event of the sort's last kernel: what later commands on {@code keys} wait for
     */
    public static Event sort(Queue q, DeviceArray.OfFloat keys, Event... dependsOn) {
        var chain = new Event[][] {dependsOn.clone()};
        return sortFloats(q, Input.after(keys, dependsOn), h -> keys, keys.size(), null, chain);
    }

    /**
     * Sorts device array {@code keys} and moves {@code values} with them once {@code dependsOn} are done, as
     * {@link #sortByKey(Queue, Buffer.OfFloat, Buffer.OfInt)} does for buffers.
     *
     * @param q the queue, of the arrays' context and device
     * @param keys the keys, sorted in place
     * @param values what moves with them, at least as long as {@code keys}
     * @param dependsOn the commands that use {@code keys} or {@code values}
     * @return the event of the sort's last kernel: what later commands on the arrays wait for
     */
    public static Event sortByKey(Queue q, DeviceArray.OfFloat keys, DeviceArray.OfInt values, Event... dependsOn) {
        checkLength("sortByKey values", keys.size(), values.size());
        var chain = new Event[][] {dependsOn.clone()};
        return sortFloats(q, Input.after(keys, dependsOn), h -> keys, keys.size(), Data.of(values, chain), chain);
    }

    /**
     * The floats as ints that order as {@code Float.compare} does (the sign bit flipped for positives, every bit
     * for negatives; NaNs first made {@code Float.NaN}, above infinity), sorted, and turned back. The keys are read
     * through {@code read} and written through {@code write}; a device array's write comes after its read by the
     * buffer of bits between them, and {@code chain} orders the values' uses as {@link #radixSort} says.
     */
    private static Event sortFloats(Queue q, Input<ArrayAccess.OfFloat> read, Input<ArrayAccess.OfFloat> write, int n,
            Data values, Event[][] chain) {
        if (n == 0) {
            return nothingToSort(q, chain == null ? new Event[0] : chain[0]);
        }
        Scratch scratch = Scratch.of(q);
        synchronized (scratch) {
            Buffer.OfInt bits = scratch.ints("sort.bits", n);
            q.submit(h -> {
                var x = read.open(h);
                var b = bits.write(h);
                h.parallelFor(Range.of(n), it -> {
                    float v = x.get(it.id(0));
                    int raw = Float.floatToRawIntBits(v != v ? Float.NaN : v);
                    b.set(it.id(0), raw < 0 ? ~raw : raw ^ Integer.MIN_VALUE);
                });
            });
            radixSort(q, Data.of(bits), values, n, 0, chain);
            return q.submit(h -> {
                var b = bits.read(h);
                var x = write.open(h);
                h.parallelFor(Range.of(n), it -> {
                    int s = b.get(it.id(0));
                    x.set(it.id(0), Float.intBitsToFloat(s < 0 ? s ^ Integer.MIN_VALUE : ~s));
                });
            });
        }
    }

    /**
     * An LSD radix sort of {@code keys} as unsigned ints after {@code flip} (xor'ed into every key's digits, so that
     * {@code Integer.MIN_VALUE} sorts signed ints), {@code values} (or none) moving with them: four passes of an 8-bit
     * digit, each one kernel where {@link OneSweep} applies. Otherwise each pass counts its digit's values per tile
     * (local atomics, digit-major so that one exclusive scan gives every tile's offset per digit), scans the counts,
     * then each work-group sorts its tile by the digit in local memory and writes it out. The tile's sort is two stable
     * splits by the digit's low then high 4 bits (16 counters per work-item each: 256 would not fit in local memory):
     * each work-item counts its consecutive keys per 4-bit value, one exclusive scan of those counts in value-major
     * order gives each work-item's first place per value, and the work-items place their keys in order. The group then
     * writes the tile out element by element, each digit's run to consecutive places from the tile's offset. The passes
     * alternate between the buffers and a copy; four end where they began.
     */
    private static Event radixSort(Queue q, Buffer.OfInt keys, Buffer.OfInt values, int flip) {
        return radixSort(q, Data.of(keys), values == null ? null : Data.of(values), keys.size(), flip, null);
    }

    /**
     * {@link #radixSort(Queue, Buffer.OfInt, Buffer.OfInt, int)} of {@code n} keys in {@code keys}, a buffer or a
     * device array; {@code chain}, for device arrays, holds the events their next use waits for (the caller's at
     * first, then each pass's), which the sort updates: buffers order the passes' kernels by themselves, device arrays
     * by events.
     */
    private static Event radixSort(Queue q, Data keys, Data values, int n, int flip, Event[][] chain) {
        if (n <= 1) {
            return nothingToSort(q, chain == null ? new Event[0] : chain[0]);
        }
        Scratch scratch = Scratch.of(q);
        if (OneSweep.applies(q, n)) {
            synchronized (scratch) {
                return OneSweep.sort(q, scratch, keys, values, n, flip, chain);
            }
        }
        int tiles = tiles(n);
        boolean withValues = values != null;
        synchronized (scratch) {
            Data otherKeys = Data.of(scratch.ints("sort.keys", n));
            // Without values, the passes read and write one element of otherValues, which stands in for them.
            Data otherValues = Data.of(scratch.ints("sort.values", withValues ? n : 1));
            Buffer.OfInt counts = scratch.ints("sort.counts", RADIX * tiles);
            Buffer.OfInt offsets = scratch.ints("sort.offsets", RADIX * tiles);
            Data fromKeys = keys;
            Data toKeys = otherKeys;
            Data fromValues = withValues ? values : otherValues;
            Data toValues = otherValues;
            Event last = null;
            for (int shift = 0; shift < Integer.SIZE; shift += DIGIT_BITS) {
                int at = shift;
                Data kIn = fromKeys;
                q.submit(h -> {
                    var k = kIn.read().open(h);
                    var c = counts.write(h);
                    var histogram = LocalAccessor.ofInt(h, RADIX);
                    h.parallelFor(NdRange.of(Range.of(tiles * GROUP), Range.of(GROUP)), it -> {
                        int lid = it.localId(0);
                        int tile = it.groupId(0);
                        histogram.set(lid, 0); // GROUP == RADIX: one counter each
                        it.barrier(Fence.LOCAL);
                        int start = tile * TILE + lid;
                        for (int j = 0; j < PER_ITEM; j++) {
                            int i = start + j * GROUP; // consecutive across the group: coalesced
                            if (i < n) {
                                histogram.atomicAdd(digit(k.get(i), flip, at), 1);
                            }
                        }
                        it.barrier(Fence.LOCAL);
                        c.set(lid * tiles + tile, histogram.get(lid));
                    });
                });
                Scans.scan(q, counts, offsets, RADIX * tiles, 0, INT_SUM, false);
                Data kOut = toKeys;
                Data vIn = fromValues;
                Data vOut = toValues;
                last = place(q, kIn, offsets, kOut, vIn, vOut, n, flip, at);
                if (chain != null) {
                    chain[0] = new Event[] {last};
                }
                fromKeys = toKeys;
                toKeys = kIn;
                if (withValues) {
                    toValues = fromValues;
                    fromValues = vOut;
                }
            }
            return last;
        }
    }

    /**
     * Places the keys of each tile (and their values) by {@code at}'s digit, from the scanned counts {@code offsets}:
     * the tile sorted by the digit in local memory through two stable splits of 4 bits (see {@link #radixSort}).
     */
    private static Event place(Queue q, Data kIn, Buffer.OfInt offsets, Data kOut, Data vIn, Data vOut, int n, int flip,
            int at) {
        int tiles = tiles(n);
        boolean withValues = vIn != vOut;
        return q.submit(h -> {
            var k = kIn.read().open(h);
            var o = offsets.read(h);
            var ko = kOut.write().open(h);
            var v = vIn == vOut ? vIn.readWrite().open(h) : vIn.read().open(h); // one placeholder without values
            var vo = vIn == vOut ? v : vOut.write().open(h);
            var ranks = LocalAccessor.ofInt(h, padded(SPLIT_VALUES * SORT_GROUP));
            // The tile, padded against bank conflicts: keysB as read, keysA once split by the digit's low 4 bits, keysB
            // again once split by its high 4.
            var keysA = LocalAccessor.ofInt(h, padded(TILE));
            var keysB = LocalAccessor.ofInt(h, padded(TILE));
            var valuesA = LocalAccessor.ofInt(h, withValues ? padded(TILE) : 1);
            var valuesB = LocalAccessor.ofInt(h, withValues ? padded(TILE) : 1);
            var base = LocalAccessor.ofInt(h, RADIX);
            h.parallelFor(NdRange.of(Range.of(tiles * SORT_GROUP), Range.of(SORT_GROUP)), it -> {
                int lid = it.localId(0);
                int tile = it.groupId(0);
                int valid = Math.min(TILE, n - tile * TILE);
                // Read coalesced into local memory, as read.
                for (int j = 0; j < SORT_PER_ITEM; j++) {
                    int e = j * SORT_GROUP + lid;
                    if (e < valid) {
                        keysB.set(padded(e), k.get(tile * TILE + e));
                        if (withValues) {
                            valuesB.set(padded(e), v.get(tile * TILE + e));
                        }
                    }
                }
                it.barrier(Fence.LOCAL);
                // Split by the digit's low 4 bits (keysB to keysA), then by its high 4 (keysA to keysB).
                for (int half = 0; half < 2; half++) {
                    int bits = at + half * SPLIT_BITS;
                    int first = lid * SORT_PER_ITEM;
                    int end = Math.min(first + SORT_PER_ITEM, valid);
                    // ranks[d * SORT_GROUP + l]: how many keys of 4-bit value d work-item l holds, then
                    // (scanned in this value-major order) where in the tile its first key of value d goes.
                    for (int d = 0; d < SPLIT_VALUES; d++) {
                        ranks.set(padded(d * SORT_GROUP + lid), 0);
                    }
                    for (int e = first; e < end; e++) {
                        int key = half == 0 ? keysB.get(padded(e)) : keysA.get(padded(e));
                        int slot = split(key, flip, bits) * SORT_GROUP + lid;
                        ranks.set(padded(slot), ranks.get(padded(slot)) + 1);
                    }
                    it.barrier(Fence.LOCAL);
                    int run = 0;
                    for (int j = 0; j < SPLIT_VALUES; j++) {
                        run += ranks.get(padded(lid * SPLIT_VALUES + j));
                    }
                    int before = it.exclusiveScanOverGroup(run, GroupOp.SUM); // every read above is done
                    for (int j = 0; j < SPLIT_VALUES; j++) {
                        int c = ranks.get(padded(lid * SPLIT_VALUES + j));
                        ranks.set(padded(lid * SPLIT_VALUES + j), before);
                        before += c;
                    }
                    it.barrier(Fence.LOCAL);
                    // Stable: work-items in order, each its keys in order.
                    for (int e = first; e < end; e++) {
                        int key = half == 0 ? keysB.get(padded(e)) : keysA.get(padded(e));
                        int slot = split(key, flip, bits) * SORT_GROUP + lid;
                        int to = ranks.get(padded(slot));
                        ranks.set(padded(slot), to + 1);
                        if (half == 0) {
                            keysA.set(padded(to), key);
                            if (withValues) {
                                valuesA.set(padded(to), valuesB.get(padded(e)));
                            }
                        } else {
                            keysB.set(padded(to), key);
                            if (withValues) {
                                valuesB.set(padded(to), valuesA.get(padded(e)));
                            }
                        }
                    }
                    it.barrier(Fence.LOCAL);
                }
                // Where each digit's run starts in the sorted tile, then where it goes: the tile's offset for
                // the digit less that start (digits the tile lacks get a value never read).
                for (int j = 0; j < SORT_PER_ITEM; j++) {
                    int e = j * SORT_GROUP + lid;
                    if (e < valid) {
                        int d = digit(keysB.get(padded(e)), flip, at);
                        if (e == 0 || digit(keysB.get(padded(e - 1)), flip, at) != d) {
                            base.set(d, e);
                        }
                    }
                }
                it.barrier(Fence.LOCAL);
                for (int d = lid; d < RADIX; d += SORT_GROUP) {
                    base.set(d, o.get(d * tiles + tile) - base.get(d));
                }
                it.barrier(Fence.LOCAL);
                // Written out element by element across the group: each digit's run lands on consecutive
                // places.
                for (int j = 0; j < SORT_PER_ITEM; j++) {
                    int e = j * SORT_GROUP + lid;
                    if (e < valid) {
                        int key = keysB.get(padded(e));
                        int to = base.get(digit(key, flip, at)) + e;
                        ko.set(to, key);
                        if (withValues) {
                            vo.set(to, valuesB.get(padded(e)));
                        }
                    }
                }
            });
        });
    }

    /** The digit at bit {@code shift} of {@code key} as the sort orders it (after {@code flip}): a device function. */
    static int digit(int key, int flip, int shift) {
        return ((key ^ flip) >>> shift) & (RADIX - 1);
    }

    /** The 4 bits at bit {@code shift} of {@code key} after {@code flip}, a tile's split: a device function. */
    static int split(int key, int flip, int shift) {
        return ((key ^ flip) >>> shift) & (SPLIT_VALUES - 1);
    }

    /** The event of a sort with nothing to move: a task that does nothing, ordered in the queue like the rest. */
    private static Event nothingToSort(Queue q, Event... dependsOn) {
        return q.submit(h -> {
            h.dependsOn(dependsOn);
            h.singleTask(() -> { });
        });
    }

    /**
     * Keys or values as the passes' command groups open them: a buffer's accessors, or a device array that waits for
     * {@code chain[0]}, the events of its last use.
     */
    record Data(Input<ArrayAccess.OfInt> read, Input<ArrayAccess.OfInt> write,
            Input<ArrayAccess.OfInt> readWrite) {
        static Data of(Buffer.OfInt b) {
            return new Data(b::read, b::write, b::readWrite);
        }

        static Data of(DeviceArray.OfInt a, Event[][] chain) {
            Input<ArrayAccess.OfInt> open = h -> {
                h.dependsOn(chain[0]);
                return a;
            };
            return new Data(open, open, open);
        }
    }
}
