package io.jsycl.algorithms;

import static io.jsycl.algorithms.Sorting.DIGIT_BITS;
import static io.jsycl.algorithms.Sorting.RADIX;
import static io.jsycl.algorithms.Sorting.digit;
import static io.jsycl.algorithms.Tiles.onePass;
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
import io.jsycl.internal.platform.Settings;

/**
 * The radix sort on GPUs ({@link #applies}): one kernel per 8-bit digit that reads and writes each key (and value)
 * once, after one histogram of every digit up front (the "onesweep" sort).
 *
 * <p>Up front, one kernel counts all four digits of every key (each work-group into local counters, then once into
 * global ones) and a second scans each digit's 256 counts into where its run starts in the output. Then each pass: a
 * work-group takes the next tile number from a counter (the tiles before it are already running), ranks its
 * {@value #TILE} keys by the digit within the tile, stably (each sub-group of 32 finds, with 8 votes, the lanes that
 * share its digit: the lowest adds their number to the sub-group's counter of that digit, and each lane's rank is the
 * counter before it plus the lanes below it that share the digit; the sub-groups' counters are then scanned in
 * order), publishes the tile's count of each digit, and sorts the tile (and its values) into local memory. Then each
 * work-item (one per digit) walks back over the tiles before it, {@value #LOOK} at a time, until it meets one that
 * published its inclusive count, adding the counts on the way (a decoupled look-back, as the one-pass scan's, but
 * per digit), and publishes its own. The sorted tile is then written out: each digit's run to its place, element by
 * element across the group, each value beside its key.
 *
 * <p>Why the kernel is laid out so: a pass is bound by how many tiles are in flight at once, not by the votes or the
 * look-back (a pass without its look-back was no faster). So a work-item loads its 16 keys before ranking any (16
 * loads in flight, not one), the look-back reads {@value #LOOK} tiles' words a step (one latency per step, not per
 * tile), and the tile and its values go to local memory before the look-back, so that no key or rank is held in a
 * register across it: the fewer registers a work-item holds, the more work-groups a GPU's multiprocessor runs at once
 * (on NVIDIA's compiler, 80 registers a work-item: three work-groups, where 94 allowed two). The register count
 * moves with small changes to the source; {@code docs/algorithms.md} says what was measured, and what was tried and
 * not kept.
 *
 * <p>A published word is an int: the kind in its top two bits (0: not yet published, 1: the tile's count, 2: the
 * count of the tile and every tile before it) and the count below them, so a sort takes fewer than 2^30 keys this
 * way (past that, {@link Sorting} counts each pass's digits first). A pass publishes into one of two arrays and
 * clears the other for the next; the histogram kernel clears the first pass's.
 */
final class OneSweep {
    private OneSweep() {
    }

    /** Work-items of a pass's work-group, one per digit value in the look-back. */
    static final int GROUP = RADIX;
    /** Keys each work-item ranks. */
    static final int PER_ITEM = 16;
    /** Keys of one tile. */
    static final int TILE = GROUP * PER_ITEM;
    /** A sub-group: the lanes whose digits one set of votes compares. */
    private static final int LANES = 32;
    /** Sub-groups of a work-group, each with its own 256 counters while ranking. */
    private static final int SUB_GROUPS = GROUP / LANES;
    /** Consecutive keys of a tile that one sub-group ranks: its lanes take them {@value #LANES} at a time. */
    private static final int SUB_GROUP_KEYS = LANES * PER_ITEM;
    /** The published words' kinds, in their top two bits. */
    private static final int COUNT = 1 << 30;
    private static final int INCLUSIVE = 2 << 30;
    private static final int VALUE = COUNT - 1;
    /** Digits of a 32-bit key: the passes. */
    private static final int PASSES = Integer.SIZE / DIGIT_BITS;
    /** The most work-groups of the histogram kernel; past it, each work-item counts more keys. */
    private static final int HISTOGRAM_GROUPS = 1024;
    /** Keys a work-item of the histogram loads before it counts them. */
    private static final int HISTOGRAM_BATCH = 8;
    /** Tiles' published words a look-back reads at once (the pass reads them as w0 to w7). */
    private static final int LOOK = 8;

    /**
     * Whether {@code q} sorts {@code n} keys this way: on GPUs unless {@code JSYCL_ONE_PASS_SORT} says otherwise, on
     * other OpenCL devices where it says {@code on}. A CPU's OpenCL runs the sub-group votes through local memory
     * and work-group barriers, each barrier a loop over the group's work-items: there the counting sort is faster
     * (PoCL 3.1 on the development machine: 2^20 keys with indices in 47 ms against 205 this way).
     */
    static boolean applies(Queue q, int n) {
        return Tiles.onGpusUnless(Settings.current().onePassSort(), q) && onePass(q) && n < COUNT;
    }

    /**
     * Sorts {@code n} keys (and their values, or none) in four passes that alternate between them and the scratch
     * copies, as {@link Sorting} documents; {@code chain} as there.
     */
    static Event sort(Queue q, Scratch scratch, Data keys, Data values, int n, int flip, Event[][] chain) {
        int tiles = tiles(n, TILE);
        Buffer.OfInt counts = scratch.ints("sort.digits", PASSES * RADIX);
        Buffer.OfInt starts = scratch.ints("sort.starts", PASSES * RADIX);
        Buffer.OfInt ticket = scratch.ints("sort.ticket", 1);
        Buffer.OfInt[] published = {scratch.ints("sort.published0", tiles * RADIX),
            scratch.ints("sort.published1", tiles * RADIX)};
        histogram(q, keys, counts, published[0], n, tiles, flip);
        digitStarts(q, counts, starts);
        return Sorting.passes(scratch, keys, values, n, chain, (p, kIn, kOut, vIn, vOut) -> pass(q,
                new Pass(p, n, flip, tiles), kIn, kOut, vIn, vOut, starts, ticket, published[p % 2],
                published[(p + 1) % 2]));
    }

    /** One pass's constants, as its kernel captures them. */
    private record Pass(int pass, int n, int flip, int tiles) {
        int shift() {
            return pass * DIGIT_BITS;
        }

        boolean clearsNext() {
            return pass < PASSES - 1;
        }
    }

    /**
     * Adds the count of every value of every digit of the keys into {@code counts} (zero before, as the digit starts
     * leave it), and clears the words the first pass publishes into. A work-item counts runs of equal digits before
     * adding them to its group's local counters, so that keys sharing a digit (small keys' high digits, floats'
     * exponents) do not all add to one counter.
     */
    private static void histogram(Queue q, Data keys, Buffer.OfInt counts, Buffer.OfInt firstWords, int n, int tiles,
            int flip) {
        int groups = Math.min(HISTOGRAM_GROUPS, tiles);
        int stride = groups * GROUP;
        int words = tiles * RADIX;
        q.submit(h -> {
            var k = keys.read().open(h);
            var c = counts.readWrite(h);
            var clear = firstWords.write(h);
            var local = LocalAccessor.ofInt(h, PASSES * RADIX);
            h.parallelFor(NdRange.of(Range.of(stride), Range.of(GROUP)), it -> {
                int lid = it.localId(0);
                int g = it.globalId(0);
                for (int j = lid; j < PASSES * RADIX; j += GROUP) {
                    local.set(j, 0);
                }
                for (int w = g; w < words; w += stride) {
                    clear.set(w, 0);
                }
                it.barrier(Fence.LOCAL);
                int[] run = new int[PASSES];
                int[] value = new int[PASSES];
                int[] batch = new int[HISTOGRAM_BATCH];
                for (int from = g; from < n; from += HISTOGRAM_BATCH * stride) {
                    for (int b = 0; b < HISTOGRAM_BATCH; b++) {
                        int i = from + b * stride;
                        batch[b] = i < n ? k.get(i) : 0;
                    }
                    for (int b = 0; b < HISTOGRAM_BATCH; b++) {
                        if (from + b * stride < n) {
                            for (int p = 0; p < PASSES; p++) {
                                int d = digit(batch[b], flip, p * DIGIT_BITS);
                                if (d == value[p]) {
                                    run[p]++;
                                } else {
                                    if (run[p] > 0) {
                                        local.atomicAdd(p * RADIX + value[p], run[p]);
                                    }
                                    value[p] = d;
                                    run[p] = 1;
                                }
                            }
                        }
                    }
                }
                for (int p = 0; p < PASSES; p++) {
                    if (run[p] > 0) {
                        local.atomicAdd(p * RADIX + value[p], run[p]);
                    }
                }
                it.barrier(Fence.LOCAL);
                for (int j = lid; j < PASSES * RADIX; j += GROUP) {
                    int count = local.get(j);
                    if (count > 0) {
                        c.atomicAdd(j, count);
                    }
                }
            });
        });
    }

    /**
     * Where each digit value's run starts in each pass's output: an exclusive scan of its counts, one work-group per
     * pass; the counts are zeroed for the next sort.
     */
    private static void digitStarts(Queue q, Buffer.OfInt counts, Buffer.OfInt starts) {
        q.submit(h -> {
            var c = counts.readWrite(h);
            var s = starts.write(h);
            h.parallelFor(NdRange.of(Range.of(PASSES * RADIX), Range.of(RADIX)), it -> {
                int j = it.globalId(0);
                int count = c.get(j);
                s.set(j, it.exclusiveScanOverGroup(count, GroupOp.SUM));
                c.set(j, 0);
            });
        });
    }

    /**
     * What the look-back at tile {@code u} adds for {@code word}, the published word of tile {@code tile}: its count
     * where the look-back is at that tile and the tile has published; a device function.
     */
    static int counted(int word, int u, int tile) {
        return u == tile && word != 0 ? word & VALUE : 0;
    }

    /**
     * Where the look-back at tile {@code u} goes after {@code word}, tile {@code tile}'s: on to the tile before where
     * the word is a tile's count, done (-1) at an inclusive count, and where it is elsewhere or the tile has not
     * published, where it was; a device function.
     */
    static int after(int word, int u, int tile) {
        return u != tile || word == 0 ? u : (word & INCLUSIVE) != 0 ? -1 : u - 1;
    }

    /** One pass: each tile ranked by the pass's digit, its places found by the look-back, and written out. */
    private static Event pass(Queue q, Pass pass, Data kIn, Data kOut, Data vIn, Data vOut, Buffer.OfInt starts,
            Buffer.OfInt ticket, Buffer.OfInt words, Buffer.OfInt nextWords) {
        int n = pass.n();
        int flip = pass.flip();
        int shift = pass.shift();
        int tiles = pass.tiles();
        int startsAt = pass.pass() * RADIX;
        boolean withValues = vIn != vOut; // without values, one placeholder element stands in for both
        boolean clearsNext = pass.clearsNext();
        return q.submit(h -> {
            var k = kIn.read().open(h);
            var ko = kOut.write().open(h);
            var v = withValues ? vIn.read().open(h) : vIn.readWrite().open(h);
            var vo = withValues ? vOut.write().open(h) : v;
            var s = starts.read(h);
            var counter = ticket.readWrite(h);
            var state = words.readWrite(h);
            var next = clearsNext ? nextWords.write(h) : state;
            // Each sub-group's counter of each digit while ranking, then where its keys of the digit start in the
            // sorted tile.
            var ranks = LocalAccessor.ofInt(h, SUB_GROUPS * RADIX);
            var sortedKeys = LocalAccessor.ofInt(h, TILE);
            var sortedValues = LocalAccessor.ofInt(h, withValues ? TILE : 1);
            var place = LocalAccessor.ofInt(h, RADIX); // each digit's place in the output less its start in the tile
            h.parallelFor(NdRange.of(Range.of(tiles * GROUP), Range.of(GROUP)), it -> {
                int lid = it.localId(0);
                int taken = lid == 0 ? counter.atomicAdd(0, 1) : 0;
                if (lid == 0 && taken == tiles - 1) {
                    counter.atomicExchange(0, 0); // every group has its ticket: the next pass starts at 0
                }
                int t = it.groupBroadcast(taken, 0);
                for (int j = lid; j < SUB_GROUPS * RADIX; j += GROUP) {
                    ranks.set(j, 0);
                }
                if (clearsNext) {
                    next.set(t * RADIX + lid, 0);
                }
                it.barrier(Fence.LOCAL);
                int lane = it.subGroupLocalId();
                int sg = it.subGroupId();
                int below = (1 << lane) - 1;
                int first = t * TILE + sg * SUB_GROUP_KEYS + lane;
                // Every key loaded before any is ranked: sixteen loads in flight, not one at a time.
                int[] key = new int[PER_ITEM];
                for (int j = 0; j < PER_ITEM; j++) {
                    int i = first + j * LANES;
                    key[j] = i < n ? k.get(i) : 0;
                }
                int[] at = new int[PER_ITEM];
                for (int j = 0; j < PER_ITEM; j++) {
                    boolean valid = first + j * LANES < n;
                    int d = digit(key[j], flip, shift);
                    int peers = it.subGroupBallot(valid);
                    for (int b = 0; b < DIGIT_BITS; b++) {
                        boolean set = ((d >>> b) & 1) != 0;
                        int vote = it.subGroupBallot(set);
                        peers &= set ? vote : ~vote;
                    }
                    int before = Integer.bitCount(peers & below);
                    int counted = 0;
                    if (valid && before == 0) {
                        counted = ranks.atomicAdd(sg * RADIX + d, Integer.bitCount(peers));
                    }
                    at[j] = it.shuffle(counted, Integer.numberOfTrailingZeros(peers)) + before;
                }
                it.barrier(Fence.LOCAL);
                // Work-item d: its digit's count in the tile, published, and where each sub-group's keys of it
                // start in the sorted tile.
                int d = lid;
                int total = 0;
                for (int g = 0; g < SUB_GROUPS; g++) {
                    total += ranks.get(g * RADIX + d);
                }
                state.atomicExchange(t * RADIX + d, (t == 0 ? INCLUSIVE : COUNT) | total);
                int start = it.exclusiveScanOverGroup(total, GroupOp.SUM); // every read above is done
                int from = start;
                for (int g = 0; g < SUB_GROUPS; g++) {
                    int c = ranks.get(g * RADIX + d);
                    ranks.set(g * RADIX + d, from);
                    from += c;
                }
                it.barrier(Fence.LOCAL);
                // The tile sorted in local memory (its values beside it) before the look-back, so that no key or
                // rank stays in a register past here: fewer registers, more work-groups at once on a GPU.
                for (int j = 0; j < PER_ITEM; j++) {
                    if (first + j * LANES < n) {
                        at[j] += ranks.get(sg * RADIX + digit(key[j], flip, shift));
                        sortedKeys.set(at[j], key[j]);
                    }
                }
                if (withValues) {
                    for (int j = 0; j < PER_ITEM; j++) {
                        int i = first + j * LANES;
                        key[j] = i < n ? v.get(i) : 0;
                    }
                    for (int j = 0; j < PER_ITEM; j++) {
                        if (first + j * LANES < n) {
                            sortedValues.set(at[j], key[j]);
                        }
                    }
                }
                // The look-back reads LOOK tiles' words at once (tiles before the first read as an inclusive 0), then
                // takes them in order while each is published, adding its count, until an inclusive one; a tile not
                // yet published is read again with the ones before it. Written word by word rather than as loops over
                // an array of words: PoCL 5's CPU compiler gave that form wrong prefixes whenever a look-back had to
                // wait for a tile (docs/algorithms/sorting.md, "The look-back on PoCL 5").
                int prefix = 0;
                int u = t - 1;
                while (u >= 0) {
                    int newest = u;
                    int w0 = state.atomicLoad(newest * RADIX + d);
                    int w1 = newest >= 1 ? state.atomicLoad((newest - 1) * RADIX + d) : INCLUSIVE;
                    int w2 = newest >= 2 ? state.atomicLoad((newest - 2) * RADIX + d) : INCLUSIVE;
                    int w3 = newest >= 3 ? state.atomicLoad((newest - 3) * RADIX + d) : INCLUSIVE;
                    int w4 = newest >= 4 ? state.atomicLoad((newest - 4) * RADIX + d) : INCLUSIVE;
                    int w5 = newest >= 5 ? state.atomicLoad((newest - 5) * RADIX + d) : INCLUSIVE;
                    int w6 = newest >= 6 ? state.atomicLoad((newest - 6) * RADIX + d) : INCLUSIVE;
                    int w7 = newest >= 7 ? state.atomicLoad((newest - 7) * RADIX + d) : INCLUSIVE;
                    prefix += counted(w0, u, newest);
                    u = after(w0, u, newest);
                    prefix += counted(w1, u, newest - 1);
                    u = after(w1, u, newest - 1);
                    prefix += counted(w2, u, newest - 2);
                    u = after(w2, u, newest - 2);
                    prefix += counted(w3, u, newest - 3);
                    u = after(w3, u, newest - 3);
                    prefix += counted(w4, u, newest - 4);
                    u = after(w4, u, newest - 4);
                    prefix += counted(w5, u, newest - 5);
                    u = after(w5, u, newest - 5);
                    prefix += counted(w6, u, newest - 6);
                    u = after(w6, u, newest - 6);
                    prefix += counted(w7, u, newest - 7);
                    u = after(w7, u, newest - 7);
                }
                if (t > 0) {
                    state.atomicExchange(t * RADIX + d, INCLUSIVE | (prefix + total));
                }
                place.set(d, s.get(startsAt + d) + prefix - start);
                it.barrier(Fence.LOCAL);
                // Written out element by element across the group: each digit's run lands on consecutive places.
                int valid = Math.min(TILE, n - t * TILE);
                for (int j = 0; j < PER_ITEM; j++) {
                    int e = j * GROUP + lid;
                    if (e < valid) {
                        int sorted = sortedKeys.get(e);
                        int to = place.get(digit(sorted, flip, shift)) + e;
                        ko.set(to, sorted);
                        if (withValues) {
                            vo.set(to, sortedValues.get(e));
                        }
                    }
                }
            });
        });
    }
}
