package io.jsycl.algorithms;

import static io.jsycl.algorithms.Tiles.GROUP;
import static io.jsycl.algorithms.Tiles.INT_SUM;
import static io.jsycl.algorithms.Tiles.PER_ITEM;
import static io.jsycl.algorithms.Tiles.checkLength;
import static io.jsycl.algorithms.Tiles.padded;
import static io.jsycl.algorithms.Tiles.tiles;

import io.jsycl.Buffer;
import io.jsycl.Event;
import io.jsycl.Fence;
import io.jsycl.GroupOp;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;

/**
 * Sorting of {@code int} and {@code float} keys, in place, with {@code int} values moving along where given
 * ({@code sortByKey}; with {@link Transforms#iota}'s indices it gives what {@code torch.sort} returns), on every
 * device: a stable least-significant-digit radix sort, 8 passes of 4 bits. Each pass counts its digit per tile in local
 * memory, scans those counts digit by digit ({@link Scans}), then each work-group places its tile in order; the
 * passes alternate between your buffers and copies of the same size, which stay with the queue for its next sort
 * until it closes.
 *
 * <p>Part of the parallel algorithms ({@code docs/algorithms.md}).
 */
public final class Sorting {
    private Sorting() {
    }

    /** Bits of a radix sort's digit. */
    private static final int DIGIT_BITS = 4;
    /** Values of one digit: the counters each tile keeps per pass. */
    private static final int RADIX = 1 << DIGIT_BITS;

    /**
     * Sorts {@code keys} in ascending order (a stable radix sort, 8 passes of 4 bits).
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
     * Sorts {@code keys} in ascending order as {@link java.util.Arrays#sort(float[])} does: {@code -0.0f} before
     * {@code 0.0f}, NaNs last (each as {@link Float#NaN}); a stable radix sort of the floats' bits.
     *
     * @param q the queue
     * @param keys the values to sort, in place
     * @return the event of the sort's last kernel
     */
    public static Event sort(Queue q, Buffer.OfFloat keys) {
        return sortFloats(q, keys, null);
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
        return sortFloats(q, keys, values);
    }

    /**
     * The floats as ints that order as {@code Float.compare} does (the sign bit flipped for positives, every bit
     * for negatives; NaNs first made {@code Float.NaN}, above infinity), sorted, and turned back.
     */
    private static Event sortFloats(Queue q, Buffer.OfFloat keys, Buffer.OfInt values) {
        int n = keys.size();
        if (n == 0) {
            return nothingToSort(q);
        }
        Scratch scratch = Scratch.of(q);
        synchronized (scratch) {
            Buffer.OfInt bits = scratch.ints("sort.bits", n);
            q.submit(h -> {
                var x = keys.read(h);
                var b = bits.write(h);
                h.parallelFor(Range.of(n), it -> {
                    float v = x.get(it.id(0));
                    int raw = Float.floatToRawIntBits(v != v ? Float.NaN : v);
                    b.set(it.id(0), raw < 0 ? ~raw : raw ^ Integer.MIN_VALUE);
                });
            });
            radixSort(q, bits, values, 0);
            return q.submit(h -> {
                var b = bits.read(h);
                var x = keys.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int s = b.get(it.id(0));
                    x.set(it.id(0), Float.intBitsToFloat(s < 0 ? s ^ Integer.MIN_VALUE : ~s));
                });
            });
        }
    }

    /**
     * An LSD radix sort of {@code keys} as unsigned ints after {@code flip} (xor'ed into every key's digits, so that
     * {@code Integer.MIN_VALUE} sorts signed ints), {@code values} (or none) moving with them. Each pass counts its
     * digit's values per tile (local atomics, digit-major so that one exclusive scan gives every tile's offset per
     * digit), scans the counts, then each work-group places its tile's keys: each work-item counts its consecutive
     * keys per digit, one exclusive scan of those counts in digit-major order gives each work-item's first place per
     * digit in the tile, the work-items place their keys in order in local memory (so the sort is stable), and the
     * group writes the tile out element by element, each digit's run to consecutive places from the tile's offset.
     * The passes alternate between the buffers and a copy; eight end where they began.
     */
    private static Event radixSort(Queue q, Buffer.OfInt keys, Buffer.OfInt values, int flip) {
        int n = keys.size();
        if (n <= 1) {
            return nothingToSort(q);
        }
        int tiles = tiles(n);
        int group = GROUP;
        boolean withValues = values != null;
        Scratch scratch = Scratch.of(q);
        synchronized (scratch) {
            Buffer.OfInt otherKeys = scratch.ints("sort.keys", n);
            // Without values, the passes read and write one element of otherValues, which stands in for them.
            Buffer.OfInt otherValues = scratch.ints("sort.values", withValues ? n : 1);
            Buffer.OfInt counts = scratch.ints("sort.counts", RADIX * tiles);
            Buffer.OfInt offsets = scratch.ints("sort.offsets", RADIX * tiles);
            Buffer.OfInt fromKeys = keys;
            Buffer.OfInt toKeys = otherKeys;
            Buffer.OfInt fromValues = withValues ? values : otherValues;
            Buffer.OfInt toValues = otherValues;
            Event last = null;
            for (int shift = 0; shift < Integer.SIZE; shift += DIGIT_BITS) {
                int at = shift;
                Buffer.OfInt kIn = fromKeys;
                q.submit(h -> {
                    var k = kIn.read(h);
                    var c = counts.write(h);
                    var histogram = LocalAccessor.ofInt(h, RADIX);
                    h.parallelFor(NdRange.of(Range.of(tiles * group), Range.of(group)), it -> {
                        int lid = it.localId(0);
                        int tile = it.groupId(0);
                        if (lid < RADIX) {
                            histogram.set(lid, 0);
                        }
                        it.barrier(Fence.LOCAL);
                        int start = tile * (group * PER_ITEM) + lid * PER_ITEM;
                        int end = Math.min(start + PER_ITEM, n);
                        for (int i = start; i < end; i++) {
                            histogram.atomicAdd(digit(k.get(i), flip, at), 1);
                        }
                        it.barrier(Fence.LOCAL);
                        if (lid < RADIX) {
                            c.set(lid * tiles + tile, histogram.get(lid));
                        }
                    });
                });
                Scans.scan(q, counts, offsets, RADIX * tiles, 0, INT_SUM, false);
                Buffer.OfInt kOut = toKeys;
                Buffer.OfInt vIn = fromValues;
                Buffer.OfInt vOut = toValues;
                last = q.submit(h -> {
                    var k = kIn.read(h);
                    var o = offsets.read(h);
                    var ko = kOut.write(h);
                    var v = vIn == vOut ? vIn.readWrite(h) : vIn.read(h); // one placeholder without values
                    var vo = vIn == vOut ? v : vOut.write(h);
                    var ranks = LocalAccessor.ofInt(h, padded(RADIX * group));
                    var sortedKeys = LocalAccessor.ofInt(h, group * PER_ITEM);
                    var sortedValues = LocalAccessor.ofInt(h, withValues ? group * PER_ITEM : 1);
                    var digitStart = LocalAccessor.ofInt(h, RADIX);
                    h.parallelFor(NdRange.of(Range.of(tiles * group), Range.of(group)), it -> {
                        int lid = it.localId(0);
                        int tile = it.groupId(0);
                        int start = tile * (group * PER_ITEM) + lid * PER_ITEM;
                        int end = Math.min(start + PER_ITEM, n);
                        // ranks[d * group + l]: how many keys of digit d work-item l holds, then (scanned in this
                        // digit-major order) where in the tile its first key of digit d goes. Padded: the scan's
                        // work-items read 16 apart, which unpadded would all fall in two of the 32 banks.
                        for (int d = 0; d < RADIX; d++) {
                            ranks.set(padded(d * group + lid), 0);
                        }
                        for (int i = start; i < end; i++) {
                            int slot = digit(k.get(i), flip, at) * group + lid;
                            ranks.set(padded(slot), ranks.get(padded(slot)) + 1);
                        }
                        it.barrier(Fence.LOCAL);
                        int run = 0;
                        for (int j = 0; j < RADIX; j++) {
                            run += ranks.get(padded(lid * RADIX + j));
                        }
                        int before = it.exclusiveScanOverGroup(run, GroupOp.SUM); // every read above is done
                        if (lid * RADIX % group == 0) {
                            digitStart.set(lid * RADIX / group, before); // its first entry starts a digit
                        }
                        for (int j = 0; j < RADIX; j++) {
                            int c = ranks.get(padded(lid * RADIX + j));
                            ranks.set(padded(lid * RADIX + j), before);
                            before += c;
                        }
                        it.barrier(Fence.LOCAL);
                        // The tile sorted by digit in local memory, stably: work-items in order, each its keys in
                        // order.
                        for (int i = start; i < end; i++) {
                            int key = k.get(i);
                            int slot = digit(key, flip, at) * group + lid;
                            int to = ranks.get(padded(slot));
                            ranks.set(padded(slot), to + 1);
                            sortedKeys.set(to, key);
                            if (withValues) {
                                sortedValues.set(to, v.get(i));
                            }
                        }
                        it.barrier(Fence.LOCAL);
                        // Written out element by element across the group: each digit's run lands on consecutive
                        // places.
                        int valid = Math.min(group * PER_ITEM, n - tile * (group * PER_ITEM));
                        for (int j = 0; j < PER_ITEM; j++) {
                            int e = j * group + lid;
                            if (e < valid) {
                                int key = sortedKeys.get(e);
                                int d = digit(key, flip, at);
                                int to = o.get(d * tiles + tile) + e - digitStart.get(d);
                                ko.set(to, key);
                                if (withValues) {
                                    vo.set(to, sortedValues.get(e));
                                }
                            }
                        }
                    });
                });
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

    /** The digit at bit {@code shift} of {@code key} as the sort orders it (after {@code flip}): a device function. */
    static int digit(int key, int flip, int shift) {
        return ((key ^ flip) >>> shift) & (RADIX - 1);
    }

    /** The event of a sort with nothing to move: a task that does nothing, ordered in the queue like the rest. */
    private static Event nothingToSort(Queue q) {
        return q.submit(h -> h.singleTask(() -> { }));
    }
}
