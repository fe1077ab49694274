package io.jsycl.algorithms;

import static io.jsycl.algorithms.Sorting.DIGIT_BITS;
import static io.jsycl.algorithms.Sorting.RADIX;
import static io.jsycl.algorithms.Sorting.digit;
import static io.jsycl.algorithms.Tiles.GROUP;
import static io.jsycl.algorithms.Tiles.INT_SUM;
import static io.jsycl.algorithms.Tiles.PER_ITEM;
import static io.jsycl.algorithms.Tiles.TILE;
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
import io.jsycl.algorithms.Sorting.Data;

/**
 * The radix sort's passes where {@link OneSweep} does not run (CPUs' OpenCL, the host device, 2^30 keys or more):
 * each pass counts its digit's values per tile of {@value Tiles#TILE} keys (local atomics, digit-major so that one
 * exclusive scan gives every tile's offset per digit), scans the counts ({@link Scans}), then each work-group sorts its
 * tile by the digit in local memory and writes it out. The tile's sort is two stable splits by the digit's low then
 * high 4 bits (16 counters per work-item each: 256 would not fit in local memory): each work-item counts its
 * consecutive keys per 4-bit value, one exclusive scan of those counts in value-major order gives each work-item's
 * first place per value, and the work-items place their keys in order. The group then writes the tile out element by
 * element, each digit's run to consecutive places from the tile's offset.
 */
final class CountingSort {
    private CountingSort() {
    }

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
     * Sorts {@code n} keys (and their values, or none) in four passes that alternate between them and the scratch
     * copies, as {@link Sorting#radixSort} documents; {@code chain} as there.
     */
    static Event sort(Queue q, Scratch scratch, Data keys, Data values, int n, int flip, Event[][] chain) {
        int tiles = tiles(n);
        Buffer.OfInt counts = scratch.ints("sort.counts", RADIX * tiles);
        Buffer.OfInt offsets = scratch.ints("sort.offsets", RADIX * tiles);
        return Sorting.passes(scratch, keys, values, n, chain, (p, kIn, kOut, vIn, vOut) -> {
            int at = p * DIGIT_BITS;
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
            return place(q, kIn, offsets, kOut, vIn, vOut, n, flip, at);
        });
    }

    /**
     * Places the keys of each tile (and their values) by {@code at}'s digit, from the scanned counts {@code offsets}:
     * the tile sorted by the digit in local memory through two stable splits of 4 bits (see the class comment).
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

    /** The 4 bits at bit {@code shift} of {@code key} after {@code flip}, a tile's split: a device function. */
    static int split(int key, int flip, int shift) {
        return ((key ^ flip) >>> shift) & (SPLIT_VALUES - 1);
    }
}
