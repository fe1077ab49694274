package io.jsycl.algorithms;

import io.jsycl.ArrayAccess;
import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.Reduction;
import io.jsycl.algorithms.Tiles.Input;

/**
 * The kernels of {@link Reductions#minElement} and {@link Reductions#maxElement}: one {@code long} minimum over
 * (value, index) pairs, the value in the high 32 bits (for a maximum, its complement, so that the largest comes
 * first), the index in the low ones, so that of equal values the first index wins.
 */
final class Extremes {
    private Extremes() {
    }

    /** The index of the smallest (or, {@code max}, largest) of the first {@code n} ints of {@code in}; waits. */
    static int ofInts(Queue q, Input<ArrayAccess.OfInt> in, int n, boolean max) {
        requireElements(n);
        Scratch scratch = Scratch.of(q);
        synchronized (scratch) {
            Buffer.OfLong out = scratch.result(q, Long.MAX_VALUE);
            q.submit(h -> {
                var x = in.open(h);
                h.parallelFor(Range.of(n), Reduction.min(out), (it, r) -> {
                    int v = x.get(it.id(0));
                    r.combine((long) (max ? ~v : v) << 32 | it.id(0));
                });
            });
            return (int) Scratch.read(q, out);
        }
    }

    /** {@link #ofInts} over floats, as ints that order as {@code Float.compare} does. */
    static int ofFloats(Queue q, Input<ArrayAccess.OfFloat> in, int n, boolean max) {
        requireElements(n);
        Scratch scratch = Scratch.of(q);
        synchronized (scratch) {
            Buffer.OfLong out = scratch.result(q, Long.MAX_VALUE);
            q.submit(h -> {
                var x = in.open(h);
                h.parallelFor(Range.of(n), Reduction.min(out), (it, r) -> {
                    int raw = Float.floatToIntBits(x.get(it.id(0))); // NaNs as one NaN, above infinity
                    int ordered = raw < 0 ? ~raw ^ Integer.MIN_VALUE : raw; // signed ints in Float.compare's order
                    r.combine((long) (max ? ~ordered : ordered) << 32 | it.id(0));
                });
            });
            return (int) Scratch.read(q, out);
        }
    }

    private static void requireElements(int n) {
        if (n == 0) {
            throw new IllegalArgumentException("no element in an empty buffer or array");
        }
    }
}
