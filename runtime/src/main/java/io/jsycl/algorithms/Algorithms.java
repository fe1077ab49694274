package io.jsycl.algorithms;

import io.jsycl.Buffer;
import io.jsycl.Event;
import io.jsycl.Fence;
import io.jsycl.Functions;
import io.jsycl.GroupOp;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.Reduction;
import java.util.Objects;

/**
 * Parallel algorithms over buffers, each one call, on every device: scans, stream compaction and partition, sorting
 * (by key too), reductions with a transformation, extremes, counts, histograms and transformations. Each submits
 * ordinary jsycl kernels to the queue, so it is ordered with the queue's other commands by the buffers it reads and
 * writes, like any command group; a user's predicate or operator ({@link Functions}, {@link Reduction.IntOp} ...)
 * is lowered into those kernels as a device function, with what it captures, so it follows the kernel rules
 * (primitives, records of primitives, static methods).
 *
 * <pre>{@code
 * try (var q = new Queue(); var in = Buffer.of(data); var kept = Buffer.ofFloat(Range.of(data.length))) {
 *     int count = Algorithms.copyIf(q, in, kept, x -> x > 0.5f);           // stable: in the order of data
 *     float sum = Algorithms.reduce(q, kept, count, 0f, (a, b) -> a + b);
 * }
 * }</pre>
 *
 * <p>Operators must be associative; the scans apply them in order ({@code op(earlier, later)}), so they need not be
 * commutative; {@link #reduce} combines in any order, so its operator must also be commutative. Integer results are
 * exact; a floating-point scan or reduction groups its operations differently from a sequential Java loop, so its
 * last bits may differ from one (the algorithms' tests compare with Java's loop in the same grouping).
 *
 * <p>Cost: a scan reads its input once and writes its output twice (once within tiles of {@value #TILE} elements,
 * once adding the tiles' prefixes), plus a scan of one value per tile; stream compaction reads its input twice and
 * writes each kept element once. Methods that return a value ({@code copyIf}'s count, {@code reduce},
 * {@code countIf}) wait for it; the others return the event of their last kernel.
 */
public final class Algorithms {
    /** Work-items of a group. */
    private static final int GROUP = 256;
    /** Consecutive elements each work-item scans. */
    private static final int PER_ITEM = 8;
    /** Elements of one tile: one work-group's part of a scan or compaction. */
    public static final int TILE = GROUP * PER_ITEM;
    /** Addition as operators: lambdas of this class, which kernels call as device functions. */
    private static final Reduction.IntOp INT_SUM = (a, b) -> a + b;
    private static final Reduction.FloatOp FLOAT_SUM = (a, b) -> a + b;

    private Algorithms() {
    }

    /** How many tiles {@code n} elements make. */
    private static int tiles(int n) {
        return Math.max(1, (int) ((n + (long) TILE - 1) / TILE));
    }

    private static void checkLength(String what, int n, Buffer<?> buffer) {
        if (n < 0 || n > buffer.size()) {
            throw new IllegalArgumentException(what + ": " + n + " elements, but the buffer holds " + buffer.size());
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Scans

    /**
     * The inclusive prefix sums of {@code in} into {@code out}: {@code out[i] = in[0] + ... + in[i]}, wrapping as
     * Java's {@code int} does.
     *
     * @param q the queue
     * @param in the values
     * @param out where the sums go, at least as long as {@code in}; may be {@code in} itself
     * @return the event of the scan's last kernel
     */
    public static Event inclusiveScan(Queue q, Buffer.OfInt in, Buffer.OfInt out) {
        return inclusiveScan(q, in, out, 0, INT_SUM);
    }

    /**
     * The inclusive scan of {@code in} into {@code out} with {@code op}: {@code out[0] = in[0]},
     * {@code out[i] = op(out[i - 1], in[i])}.
     *
     * @param q the queue
     * @param in the values
     * @param out where the scan goes, at least as long as {@code in}; may be {@code in} itself
     * @param identity {@code op}'s identity ({@code op(identity, x) == x})
     * @param op an associative operator
     * @return the event of the scan's last kernel
     */
    public static Event inclusiveScan(Queue q, Buffer.OfInt in, Buffer.OfInt out, int identity, Reduction.IntOp op) {
        return scan(q, in, out, in.size(), identity, op, true);
    }

    /**
     * The exclusive prefix sums of {@code in} into {@code out}: {@code out[0] = 0}, {@code out[i] = in[0] + ... +
     * in[i - 1]}.
     *
     * @param q the queue
     * @param in the values
     * @param out where the sums go, at least as long as {@code in}; may be {@code in} itself
     * @return the event of the scan's last kernel
     */
    public static Event exclusiveScan(Queue q, Buffer.OfInt in, Buffer.OfInt out) {
        return exclusiveScan(q, in, out, 0, INT_SUM);
    }

    /**
     * The exclusive scan of {@code in} into {@code out} with {@code op}: {@code out[0] = identity},
     * {@code out[i] = op(out[i - 1], in[i - 1])}.
     *
     * @param q the queue
     * @param in the values
     * @param out where the scan goes, at least as long as {@code in}; may be {@code in} itself
     * @param identity {@code op}'s identity, and the first element of the result
     * @param op an associative operator
     * @return the event of the scan's last kernel
     */
    public static Event exclusiveScan(Queue q, Buffer.OfInt in, Buffer.OfInt out, int identity, Reduction.IntOp op) {
        return scan(q, in, out, in.size(), identity, op, false);
    }

    /**
     * As {@link #inclusiveScan(Queue, Buffer.OfInt, Buffer.OfInt)}, for {@code float}s.
     *
     * @param q the queue
     * @param in the values
     * @param out where the results go, at least as long as {@code in}; may be {@code in} itself
     * @return the event of its last kernel
     */
    public static Event inclusiveScan(Queue q, Buffer.OfFloat in, Buffer.OfFloat out) {
        return inclusiveScan(q, in, out, 0f, FLOAT_SUM);
    }

    /**
     * As {@link #inclusiveScan(Queue, Buffer.OfInt, Buffer.OfInt, int, Reduction.IntOp)}, for {@code float}s.
     *
     * @param q the queue
     * @param in the values
     * @param out where the results go, at least as long as {@code in}; may be {@code in} itself
     * @param identity {@code op}'s identity
     * @param op an associative operator (also commutative for a reduction)
     * @return the event of its last kernel
     */
    public static Event inclusiveScan(Queue q, Buffer.OfFloat in, Buffer.OfFloat out, float identity,
            Reduction.FloatOp op) {
        return scan(q, in, out, in.size(), identity, op, true);
    }

    /**
     * As {@link #exclusiveScan(Queue, Buffer.OfInt, Buffer.OfInt)}, for {@code float}s.
     *
     * @param q the queue
     * @param in the values
     * @param out where the results go, at least as long as {@code in}; may be {@code in} itself
     * @return the event of its last kernel
     */
    public static Event exclusiveScan(Queue q, Buffer.OfFloat in, Buffer.OfFloat out) {
        return exclusiveScan(q, in, out, 0f, FLOAT_SUM);
    }

    /**
     * As {@link #exclusiveScan(Queue, Buffer.OfInt, Buffer.OfInt, int, Reduction.IntOp)}, for {@code float}s.
     *
     * @param q the queue
     * @param in the values
     * @param out where the results go, at least as long as {@code in}; may be {@code in} itself
     * @param identity {@code op}'s identity
     * @param op an associative operator (also commutative for a reduction)
     * @return the event of its last kernel
     */
    public static Event exclusiveScan(Queue q, Buffer.OfFloat in, Buffer.OfFloat out, float identity,
            Reduction.FloatOp op) {
        return scan(q, in, out, in.size(), identity, op, false);
    }

    /**
     * The scan of the first {@code n} ints: each tile scanned in its work-group (each work-item folds its
     * {@value #PER_ITEM} consecutive elements, the group scans those totals in local memory, each work-item then writes
     * its elements), the tiles' totals scanned the same way (exclusively), then each tile after the first combined with
     * its prefix.
     */
    private static Event scan(Queue q, Buffer.OfInt in, Buffer.OfInt out, int n, int identity, Reduction.IntOp op,
            boolean inclusive) {
        Objects.requireNonNull(op, "op");
        checkLength("scan output", n, out);
        int tiles = tiles(n);
        int group = GROUP;
        try (var sums = Buffer.ofInt(Range.of(tiles))) {
            Event e = q.submit(h -> {
                var x = in == out ? in.readWrite(h) : in.read(h);
                var y = in == out ? x : out.write(h);
                var s = sums.write(h);
                var local = LocalAccessor.ofInt(h, group);
                h.parallelFor(NdRange.of(Range.of(tiles * group), Range.of(group)), it -> {
                    int lid = it.localId(0);
                    int tile = it.groupId(0);
                    int start = tile * (group * PER_ITEM) + lid * PER_ITEM;
                    int end = Math.min(start + PER_ITEM, n);
                    int total = identity;
                    for (int i = start; i < end; i++) {
                        total = op.apply(total, x.get(i));
                    }
                    local.set(lid, total);
                    it.barrier(Fence.LOCAL);
                    for (int offset = 1; offset < group; offset <<= 1) {
                        int before = lid >= offset ? local.get(lid - offset) : identity;
                        it.barrier(Fence.LOCAL);
                        local.set(lid, op.apply(before, local.get(lid)));
                        it.barrier(Fence.LOCAL);
                    }
                    if (lid == group - 1) {
                        s.set(tile, local.get(lid));
                    }
                    int prefix = lid > 0 ? local.get(lid - 1) : identity;
                    for (int i = start; i < end; i++) {
                        int v = x.get(i);
                        if (inclusive) {
                            prefix = op.apply(prefix, v);
                            y.set(i, prefix);
                        } else {
                            y.set(i, prefix);
                            prefix = op.apply(prefix, v);
                        }
                    }
                });
            });
            if (tiles == 1) {
                return e;
            }
            scan(q, sums, sums, tiles, identity, op, false);
            return q.submit(h -> {
                var s = sums.read(h);
                var y = out.readWrite(h);
                int tile = group * PER_ITEM;
                h.parallelFor(Range.of(n - tile), it -> {
                    int i = it.id(0) + tile;
                    y.set(i, op.apply(s.get(i / tile), y.get(i)));
                });
            });
        }
    }

    /** {@link #scan(Queue, Buffer.OfInt, Buffer.OfInt, int, int, Reduction.IntOp, boolean)} for {@code float}s. */
    private static Event scan(Queue q, Buffer.OfFloat in, Buffer.OfFloat out, int n, float identity,
            Reduction.FloatOp op, boolean inclusive) {
        Objects.requireNonNull(op, "op");
        checkLength("scan output", n, out);
        int tiles = tiles(n);
        int group = GROUP;
        try (var sums = Buffer.ofFloat(Range.of(tiles))) {
            Event e = q.submit(h -> {
                var x = in == out ? in.readWrite(h) : in.read(h);
                var y = in == out ? x : out.write(h);
                var s = sums.write(h);
                var local = LocalAccessor.ofFloat(h, group);
                h.parallelFor(NdRange.of(Range.of(tiles * group), Range.of(group)), it -> {
                    int lid = it.localId(0);
                    int tile = it.groupId(0);
                    int start = tile * (group * PER_ITEM) + lid * PER_ITEM;
                    int end = Math.min(start + PER_ITEM, n);
                    float total = identity;
                    for (int i = start; i < end; i++) {
                        total = op.apply(total, x.get(i));
                    }
                    local.set(lid, total);
                    it.barrier(Fence.LOCAL);
                    for (int offset = 1; offset < group; offset <<= 1) {
                        float before = lid >= offset ? local.get(lid - offset) : identity;
                        it.barrier(Fence.LOCAL);
                        local.set(lid, op.apply(before, local.get(lid)));
                        it.barrier(Fence.LOCAL);
                    }
                    if (lid == group - 1) {
                        s.set(tile, local.get(lid));
                    }
                    float prefix = lid > 0 ? local.get(lid - 1) : identity;
                    for (int i = start; i < end; i++) {
                        float v = x.get(i);
                        if (inclusive) {
                            prefix = op.apply(prefix, v);
                            y.set(i, prefix);
                        } else {
                            y.set(i, prefix);
                            prefix = op.apply(prefix, v);
                        }
                    }
                });
            });
            if (tiles == 1) {
                return e;
            }
            scan(q, sums, sums, tiles, identity, op, false);
            return q.submit(h -> {
                var s = sums.read(h);
                var y = out.readWrite(h);
                int tile = group * PER_ITEM;
                h.parallelFor(Range.of(n - tile), it -> {
                    int i = it.id(0) + tile;
                    y.set(i, op.apply(s.get(i / tile), y.get(i)));
                });
            });
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Stream compaction

    /**
     * Copies the elements of {@code in} that satisfy {@code keep} into the start of {@code out}, in their order
     * (stable), and returns how many there were; waits for the count.
     *
     * @param q the queue
     * @param in the values
     * @param out where the kept values go; long enough for them (else the call throws, after writing what fits)
     * @param keep the predicate, run once or twice per element
     * @return how many elements were kept
     * @throws IllegalArgumentException if more elements satisfy {@code keep} than {@code out} holds
     */
    public static int copyIf(Queue q, Buffer.OfFloat in, Buffer.OfFloat out, Functions.FloatPredicate keep) {
        Objects.requireNonNull(keep, "keep");
        int n = in.size();
        int tiles = tiles(n);
        int group = GROUP;
        int room = out.size();
        try (var counts = Buffer.ofInt(Range.of(tiles)); var offsets = Buffer.ofInt(Range.of(tiles))) {
            q.submit(h -> {
                var x = in.read(h);
                var c = counts.write(h);
                h.parallelFor(NdRange.of(Range.of(tiles * group), Range.of(group)), it -> {
                    int start = it.groupId(0) * (group * PER_ITEM) + it.localId(0) * PER_ITEM;
                    int end = Math.min(start + PER_ITEM, n);
                    int kept = 0;
                    for (int i = start; i < end; i++) {
                        kept += keep.test(x.get(i)) ? 1 : 0;
                    }
                    int tileKept = it.reduceOverGroup(kept, GroupOp.SUM);
                    if (it.localId(0) == 0) {
                        c.set(it.groupId(0), tileKept);
                    }
                });
            });
            scan(q, counts, offsets, tiles, 0, INT_SUM, false);
            q.submit(h -> {
                var x = in.read(h);
                var o = offsets.read(h);
                var y = out.readWrite(h);
                h.parallelFor(NdRange.of(Range.of(tiles * group), Range.of(group)), it -> {
                    int start = it.groupId(0) * (group * PER_ITEM) + it.localId(0) * PER_ITEM;
                    int end = Math.min(start + PER_ITEM, n);
                    int kept = 0;
                    for (int i = start; i < end; i++) {
                        kept += keep.test(x.get(i)) ? 1 : 0;
                    }
                    int at = o.get(it.groupId(0)) + it.exclusiveScanOverGroup(kept, GroupOp.SUM);
                    for (int i = start; i < end; i++) {
                        float v = x.get(i);
                        if (keep.test(v)) {
                            if (at < room) {
                                y.set(at, v);
                            }
                            at++;
                        }
                    }
                });
            });
            return keptCount(q, counts, offsets, tiles, room);
        }
    }

    /**
     * As {@link #copyIf(Queue, Buffer.OfFloat, Buffer.OfFloat, Functions.FloatPredicate)}, for {@code int}s.
     *
     * @param q the queue
     * @param in the values
     * @param out where the kept values go; long enough for them
     * @param keep the predicate
     * @return the count
     */
    public static int copyIf(Queue q, Buffer.OfInt in, Buffer.OfInt out, Functions.IntPredicate keep) {
        Objects.requireNonNull(keep, "keep");
        int n = in.size();
        int tiles = tiles(n);
        int group = GROUP;
        int room = out.size();
        try (var counts = Buffer.ofInt(Range.of(tiles)); var offsets = Buffer.ofInt(Range.of(tiles))) {
            q.submit(h -> {
                var x = in.read(h);
                var c = counts.write(h);
                h.parallelFor(NdRange.of(Range.of(tiles * group), Range.of(group)), it -> {
                    int start = it.groupId(0) * (group * PER_ITEM) + it.localId(0) * PER_ITEM;
                    int end = Math.min(start + PER_ITEM, n);
                    int kept = 0;
                    for (int i = start; i < end; i++) {
                        kept += keep.test(x.get(i)) ? 1 : 0;
                    }
                    int tileKept = it.reduceOverGroup(kept, GroupOp.SUM);
                    if (it.localId(0) == 0) {
                        c.set(it.groupId(0), tileKept);
                    }
                });
            });
            scan(q, counts, offsets, tiles, 0, INT_SUM, false);
            q.submit(h -> {
                var x = in.read(h);
                var o = offsets.read(h);
                var y = out.readWrite(h);
                h.parallelFor(NdRange.of(Range.of(tiles * group), Range.of(group)), it -> {
                    int start = it.groupId(0) * (group * PER_ITEM) + it.localId(0) * PER_ITEM;
                    int end = Math.min(start + PER_ITEM, n);
                    int kept = 0;
                    for (int i = start; i < end; i++) {
                        kept += keep.test(x.get(i)) ? 1 : 0;
                    }
                    int at = o.get(it.groupId(0)) + it.exclusiveScanOverGroup(kept, GroupOp.SUM);
                    for (int i = start; i < end; i++) {
                        int v = x.get(i);
                        if (keep.test(v)) {
                            if (at < room) {
                                y.set(at, v);
                            }
                            at++;
                        }
                    }
                });
            });
            return keptCount(q, counts, offsets, tiles, room);
        }
    }

    /**
     * Reorders {@code in} into {@code out}: first the elements that satisfy {@code p}, then the others, each part in
     * {@code in}'s order (a stable partition); returns the length of the first part.
     *
     * @param q the queue
     * @param in the values
     * @param out where they go, at least as long as {@code in}
     * @param p the predicate
     * @return how many elements satisfy {@code p}, the first part's length
     */
    public static int partition(Queue q, Buffer.OfFloat in, Buffer.OfFloat out, Functions.FloatPredicate p) {
        Objects.requireNonNull(p, "p");
        int n = in.size();
        checkLength("partition output", n, out);
        int first = copyIf(q, in, out, p);
        if (first < n) {
            try (var rest = out.subBuffer(io.jsycl.Id.of(first), Range.of(n - first))) {
                copyIf(q, in, rest, x -> !p.test(x));
            }
        }
        return first;
    }

    /**
     * As {@link #partition(Queue, Buffer.OfFloat, Buffer.OfFloat, Functions.FloatPredicate)}, for {@code int}s.
     *
     * @param q the queue
     * @param in the values
     * @param out where they go, at least as long as {@code in}
     * @param p the predicate
     * @return how many elements satisfy {@code p}, the first part's length
     */
    public static int partition(Queue q, Buffer.OfInt in, Buffer.OfInt out, Functions.IntPredicate p) {
        Objects.requireNonNull(p, "p");
        int n = in.size();
        checkLength("partition output", n, out);
        int first = copyIf(q, in, out, p);
        if (first < n) {
            try (var rest = out.subBuffer(io.jsycl.Id.of(first), Range.of(n - first))) {
                copyIf(q, in, rest, x -> !p.test(x));
            }
        }
        return first;
    }

    /** The last tile's offset plus its count, read back; an error where it exceeds {@code room}. */
    private static int keptCount(Queue q, Buffer.OfInt counts, Buffer.OfInt offsets, int tiles, int room) {
        int count;
        try (var c = counts.hostAccess(); var o = offsets.hostAccess()) {
            count = o.get(tiles - 1) + c.get(tiles - 1);
        }
        if (count > room) {
            throw new IllegalArgumentException("copyIf: " + count + " elements satisfy the predicate, but the output"
                    + " buffer holds " + room + "; the first " + room + " were written");
        }
        return count;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Sorting

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
     * {@link #iota} it gives each sorted key's original index, as {@code torch.sort} does.
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
        try (var bits = Buffer.ofInt(Range.of(Math.max(1, n)))) {
            if (n == 0) {
                return q.submit(h -> h.singleTask(() -> { }));
            }
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
     * keys per digit, the group's exclusive scan of those counts gives its first place per digit, and it walks its
     * keys in order, so the sort is stable. The passes alternate between the buffers and a copy; eight end where
     * they began.
     */
    private static Event radixSort(Queue q, Buffer.OfInt keys, Buffer.OfInt values, int flip) {
        int n = keys.size();
        if (n <= 1) {
            return q.submit(h -> h.singleTask(() -> { }));
        }
        int tiles = tiles(n);
        int group = GROUP;
        boolean withValues = values != null;
        try (var otherKeys = Buffer.ofInt(Range.of(n));
             var otherValues = Buffer.ofInt(Range.of(withValues ? n : 1));
             var noValues = Buffer.ofInt(Range.of(1));
             var counts = Buffer.ofInt(Range.of(RADIX * tiles));
             var offsets = Buffer.ofInt(Range.of(RADIX * tiles))) {
            Buffer.OfInt fromKeys = keys;
            Buffer.OfInt toKeys = otherKeys;
            Buffer.OfInt fromValues = withValues ? values : noValues;
            Buffer.OfInt toValues = withValues ? otherValues : noValues;
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
                            histogram.atomicAdd(((k.get(i) ^ flip) >>> at) & (RADIX - 1), 1);
                        }
                        it.barrier(Fence.LOCAL);
                        if (lid < RADIX) {
                            c.set(lid * tiles + tile, histogram.get(lid));
                        }
                    });
                });
                scan(q, counts, offsets, RADIX * tiles, 0, INT_SUM, false);
                Buffer.OfInt kOut = toKeys;
                Buffer.OfInt vIn = fromValues;
                Buffer.OfInt vOut = toValues;
                last = q.submit(h -> {
                    var k = kIn.read(h);
                    var o = offsets.read(h);
                    var ko = kOut.write(h);
                    var v = vIn == vOut ? vIn.readWrite(h) : vIn.read(h); // one placeholder without values
                    var vo = vIn == vOut ? v : vOut.write(h);
                    h.parallelFor(NdRange.of(Range.of(tiles * group), Range.of(group)), it -> {
                        int tile = it.groupId(0);
                        int start = tile * (group * PER_ITEM) + it.localId(0) * PER_ITEM;
                        int end = Math.min(start + PER_ITEM, n);
                        int[] place = new int[RADIX];
                        for (int i = start; i < end; i++) {
                            place[((k.get(i) ^ flip) >>> at) & (RADIX - 1)]++;
                        }
                        for (int d = 0; d < RADIX; d++) {
                            place[d] = o.get(d * tiles + tile) + it.exclusiveScanOverGroup(place[d], GroupOp.SUM);
                        }
                        for (int i = start; i < end; i++) {
                            int key = k.get(i);
                            int d = ((key ^ flip) >>> at) & (RADIX - 1);
                            int to = place[d]++;
                            ko.set(to, key);
                            if (withValues) {
                                vo.set(to, v.get(i));
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

    // ---------------------------------------------------------------------------------------------------------------
    // Reductions and counts

    /**
     * Combines the first {@code n} elements of {@code in} with {@code op}, starting from {@code identity}; waits for
     * the result.
     *
     * @param q the queue
     * @param in the values
     * @param n how many of them, from the first
     * @param identity {@code op}'s identity
     * @param op an associative and commutative operator
     * @return the elements combined ({@code identity} for none)
     */
    public static float reduce(Queue q, Buffer.OfFloat in, int n, float identity, Reduction.FloatOp op) {
        return transformReduce(q, in, n, identity, op, x -> x);
    }

    /**
     * Combines {@code f} of each of the first {@code n} elements of {@code in} with {@code op}; waits for the result.
     *
     * @param q the queue
     * @param in the values
     * @param n how many of them, from the first
     * @param identity {@code op}'s identity
     * @param op an associative and commutative operator
     * @param f what to combine of each element
     * @return {@code op} over {@code f} of the elements ({@code identity} for none)
     */
    public static float transformReduce(Queue q, Buffer.OfFloat in, int n, float identity, Reduction.FloatOp op,
            Functions.FloatUnaryOp f) {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(f, "f");
        checkLength("reduce", n, in);
        float[] result = {identity};
        if (n > 0) {
            try (var out = Buffer.of(result)) {
                q.submit(h -> {
                    var x = in.read(h);
                    h.parallelFor(Range.of(n), Reduction.of(out, identity, op),
                            (it, r) -> r.combine(f.apply(x.get(it.id(0)))));
                });
            }
        }
        return result[0];
    }

    /**
     * As {@link #reduce(Queue, Buffer.OfFloat, int, float, Reduction.FloatOp)}, for {@code int}s.
     *
     * @param q the queue
     * @param in the values
     * @param n how many elements, from the first
     * @param identity {@code op}'s identity
     * @param op an associative operator (also commutative for a reduction)
     * @return the result
     */
    public static int reduce(Queue q, Buffer.OfInt in, int n, int identity, Reduction.IntOp op) {
        return transformReduce(q, in, n, identity, op, x -> x);
    }

    /**
     * As {@link #transformReduce(Queue, Buffer.OfFloat, int, float, Reduction.FloatOp, Functions.FloatUnaryOp)}, for
     * {@code int}s.
     *
     * @param q the queue
     * @param in the values
     * @param n how many elements, from the first
     * @param identity {@code op}'s identity
     * @param op an associative and commutative operator
     * @param f what to combine of each element
     * @return the result
     */
    public static int transformReduce(Queue q, Buffer.OfInt in, int n, int identity, Reduction.IntOp op,
            Functions.IntUnaryOp f) {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(f, "f");
        checkLength("reduce", n, in);
        int[] result = {identity};
        if (n > 0) {
            try (var out = Buffer.of(result)) {
                q.submit(h -> {
                    var x = in.read(h);
                    h.parallelFor(Range.of(n), Reduction.of(out, identity, op),
                            (it, r) -> r.combine(f.apply(x.get(it.id(0)))));
                });
            }
        }
        return result[0];
    }

    /**
     * How many elements of {@code in} satisfy {@code p}; waits for the count.
     *
     * @param q the queue
     * @param in the values
     * @param p the predicate
     * @return the count
     */
    public static int countIf(Queue q, Buffer.OfFloat in, Functions.FloatPredicate p) {
        Objects.requireNonNull(p, "p");
        int n = in.size();
        int[] result = {0};
        if (n > 0) {
            try (var out = Buffer.of(result)) {
                q.submit(h -> {
                    var x = in.read(h);
                    h.parallelFor(Range.of(n), Reduction.sum(out),
                            (it, r) -> r.combine(p.test(x.get(it.id(0))) ? 1 : 0));
                });
            }
        }
        return result[0];
    }

    /**
     * As {@link #countIf(Queue, Buffer.OfFloat, Functions.FloatPredicate)}, for {@code int}s.
     *
     * @param q the queue
     * @param in the values
     * @param p the predicate
     * @return the count
     */
    public static int countIf(Queue q, Buffer.OfInt in, Functions.IntPredicate p) {
        Objects.requireNonNull(p, "p");
        int n = in.size();
        int[] result = {0};
        if (n > 0) {
            try (var out = Buffer.of(result)) {
                q.submit(h -> {
                    var x = in.read(h);
                    h.parallelFor(Range.of(n), Reduction.sum(out),
                            (it, r) -> r.combine(p.test(x.get(it.id(0))) ? 1 : 0));
                });
            }
        }
        return result[0];
    }

    /**
     * The index of the smallest element of {@code in} (the first such, where several are equal); waits for it.
     *
     * @param q the queue
     * @param in the values, at least one
     * @return the index
     */
    public static int minElement(Queue q, Buffer.OfInt in) {
        return extremeElement(q, in, false);
    }

    /**
     * The index of the largest element of {@code in} (the first such, where several are equal); waits for it.
     *
     * @param q the queue
     * @param in the values, at least one
     * @return the index
     */
    public static int maxElement(Queue q, Buffer.OfInt in) {
        return extremeElement(q, in, true);
    }

    /**
     * The index of the smallest element of {@code in} as {@code Float.compare} orders them ({@code -0.0f} below
     * {@code 0.0f}, NaN above everything), the first such; waits for it.
     *
     * @param q the queue
     * @param in the values, at least one
     * @return the index
     */
    public static int minElement(Queue q, Buffer.OfFloat in) {
        return extremeElement(q, in, false);
    }

    /**
     * The index of the largest element of {@code in} as {@code Float.compare} orders them, the first such; waits
     * for it.
     *
     * @param q the queue
     * @param in the values, at least one
     * @return the index
     */
    public static int maxElement(Queue q, Buffer.OfFloat in) {
        return extremeElement(q, in, true);
    }

    /**
     * A {@code long} minimum over (value, index) pairs: the value in the high 32 bits (for a maximum, its complement,
     * so that the largest comes first), the index in the low ones, so that of equal values the first index wins.
     */
    private static int extremeElement(Queue q, Buffer.OfInt in, boolean max) {
        int n = in.size();
        if (n == 0) {
            throw new IllegalArgumentException("no element in an empty buffer");
        }
        long[] result = {Long.MAX_VALUE};
        try (var out = Buffer.of(result)) {
            q.submit(h -> {
                var x = in.read(h);
                h.parallelFor(Range.of(n), Reduction.min(out), (it, r) -> {
                    int v = x.get(it.id(0));
                    r.combine((long) (max ? ~v : v) << 32 | it.id(0));
                });
            });
        }
        return (int) result[0];
    }

    /** {@link #extremeElement(Queue, Buffer.OfInt, boolean)} over the floats as ints that order as they do. */
    private static int extremeElement(Queue q, Buffer.OfFloat in, boolean max) {
        int n = in.size();
        if (n == 0) {
            throw new IllegalArgumentException("no element in an empty buffer");
        }
        long[] result = {Long.MAX_VALUE};
        try (var out = Buffer.of(result)) {
            q.submit(h -> {
                var x = in.read(h);
                h.parallelFor(Range.of(n), Reduction.min(out), (it, r) -> {
                    int raw = Float.floatToIntBits(x.get(it.id(0))); // NaNs as one NaN, above infinity
                    int ordered = raw < 0 ? ~raw ^ Integer.MIN_VALUE : raw; // signed ints in Float.compare's order
                    r.combine((long) (max ? ~ordered : ordered) << 32 | it.id(0));
                });
            });
        }
        return (int) result[0];
    }

    /**
     * Counts the elements of {@code in} that fall in each of {@code bins.size()} equal bins from {@code low}
     * (inclusive) to {@code high} (exclusive), adding the counts to what {@code bins} holds; elements outside are
     * not counted. Each work-group counts in local memory first, then adds its counts to {@code bins}.
     *
     * @param q the queue
     * @param in the values
     * @param bins the counts, added to; at most 4096 bins
     * @param low the first bin's lower bound
     * @param high the last bin's upper bound, above {@code low}
     * @return the kernel's event
     */
    public static Event histogram(Queue q, Buffer.OfInt in, Buffer.OfInt bins, int low, int high) {
        int count = bins.size();
        if (high <= low || count < 1 || count > 4096) {
            throw new IllegalArgumentException("histogram: " + count + " bins over [" + low + ", " + high + ")");
        }
        int n = in.size();
        int tiles = tiles(n);
        int group = GROUP;
        long width = (long) high - low;
        return q.submit(h -> {
            var x = in.read(h);
            var b = bins.readWrite(h);
            var local = LocalAccessor.ofInt(h, count);
            h.parallelFor(NdRange.of(Range.of(tiles * group), Range.of(group)), it -> {
                int lid = it.localId(0);
                for (int k = lid; k < count; k += group) {
                    local.set(k, 0);
                }
                it.barrier(Fence.LOCAL);
                int start = it.groupId(0) * (group * PER_ITEM) + lid * PER_ITEM;
                int end = Math.min(start + PER_ITEM, n);
                for (int i = start; i < end; i++) {
                    long offset = (long) x.get(i) - low;
                    if (offset >= 0 && offset < width) {
                        local.atomicAdd((int) (offset * count / width), 1);
                    }
                }
                it.barrier(Fence.LOCAL);
                for (int k = lid; k < count; k += group) {
                    int c = local.get(k);
                    if (c != 0) {
                        b.atomicAdd(k, c);
                    }
                }
            });
        });
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Element-wise

    /**
     * {@code out[i] = f(in[i])} for every element of {@code in}.
     *
     * @param q the queue
     * @param in the values
     * @param out where the results go, at least as long as {@code in}; may be {@code in} itself
     * @param f the operation
     * @return the kernel's event
     */
    public static Event transform(Queue q, Buffer.OfFloat in, Buffer.OfFloat out, Functions.FloatUnaryOp f) {
        Objects.requireNonNull(f, "f");
        checkLength("transform output", in.size(), out);
        return q.submit(h -> {
            var x = in == out ? in.readWrite(h) : in.read(h);
            var y = in == out ? x : out.write(h);
            h.parallelFor(Range.of(in.size()), it -> y.set(it.id(0), f.apply(x.get(it.id(0)))));
        });
    }

    /**
     * As {@link #transform(Queue, Buffer.OfFloat, Buffer.OfFloat, Functions.FloatUnaryOp)}, for {@code int}s.
     *
     * @param q the queue
     * @param in the values
     * @param out where the results go, at least as long as {@code in}; may be {@code in} itself
     * @param f what to use of each element
     * @return the event of its last kernel
     */
    public static Event transform(Queue q, Buffer.OfInt in, Buffer.OfInt out, Functions.IntUnaryOp f) {
        Objects.requireNonNull(f, "f");
        checkLength("transform output", in.size(), out);
        return q.submit(h -> {
            var x = in == out ? in.readWrite(h) : in.read(h);
            var y = in == out ? x : out.write(h);
            h.parallelFor(Range.of(in.size()), it -> y.set(it.id(0), f.apply(x.get(it.id(0)))));
        });
    }

    /**
     * {@code out[i] = start + i} for every element of {@code out}, wrapping as Java's {@code int} does.
     *
     * @param q the queue
     * @param out the buffer to fill
     * @param start the first value
     * @return the kernel's event
     */
    public static Event iota(Queue q, Buffer.OfInt out, int start) {
        return q.submit(h -> {
            var y = out.write(h);
            h.parallelFor(Range.of(out.size()), it -> y.set(it.id(0), start + it.id(0)));
        });
    }
}
