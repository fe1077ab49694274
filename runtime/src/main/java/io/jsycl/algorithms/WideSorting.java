package io.jsycl.algorithms;

import io.jsycl.ArrayAccess;
import io.jsycl.Buffer;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.algorithms.Sorting.Data;
import io.jsycl.algorithms.Tiles.Input;

/**
 * The sorts of 64-bit keys ({@code long}, {@code double}) behind {@link Sorting}'s: two stable 32-bit radix sorts of
 * a permutation, the keys' low words first, then their high words gathered through the permutation so far, and the
 * keys (and values) gathered through the final one. Each 32-bit sort is {@link Sorting}'s own, on whichever kernels
 * the device runs, so the 64-bit sorts are as stable and run where they do; they move each key three times more than
 * a 64-bit radix sort would (two gathers and the copy back), the price of reusing those kernels unchanged.
 *
 * <p>A {@code long} orders as a signed number: its low word as an unsigned one, its high word signed. A {@code double}
 * orders as {@link Double#compare} does ({@code -0.0} before {@code 0.0}, NaNs last, each written back as
 * {@link Double#NaN}): it is sorted as its bits with the sign bit flipped for positives and every bit for negatives,
 * an unsigned {@code long}, and turned back after, as {@link Sorting}'s float sort does with ints.
 */
final class WideSorting {
    private WideSorting() {
    }

    /**
     * Sorts {@code n} longs read through {@code read} and written back through {@code write}, as signed numbers where
     * {@code highFlip} is {@link Integer#MIN_VALUE}, unsigned where it is 0, and {@code values} (or none: null inputs)
     * with them: the permutation sorted by the low words, then by the high words, then everything gathered through
     * it. A device array's inputs wait for what its first use must (the caller's events); its writes come after its
     * reads through the scratch buffers between them. The event returned is the last write's, after every other.
     */
    static Event sortLongs(Queue q, Input<ArrayAccess.OfLong> read, Input<ArrayAccess.OfLong> write, int n,
            int highFlip, Input<ArrayAccess.OfInt> readValues, Input<ArrayAccess.OfInt> writeValues) {
        Scratch scratch = Scratch.of(q);
        synchronized (scratch) {
            Buffer.OfInt order = scratch.ints("sort.wide.order", n);
            Buffer.OfInt word = scratch.ints("sort.wide.word", n);
            q.submit(h -> {
                var k = read.open(h);
                var lo = word.write(h);
                var o = order.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    lo.set(i, (int) k.get(i));
                    o.set(i, i);
                });
            });
            Sorting.radixSort(q, Data.of(word), Data.of(order), n, 0, null);
            q.submit(h -> {
                var k = read.open(h);
                var o = order.read(h);
                var hi = word.write(h);
                h.parallelFor(Range.of(n), it -> hi.set(it.id(0), (int) (k.get(o.get(it.id(0))) >>> 32)));
            });
            Sorting.radixSort(q, Data.of(word), Data.of(order), n, highFlip, null);
            Buffer.OfLong keys = scratch.longs("sort.wide.keys", n);
            q.submit(h -> {
                var k = read.open(h);
                var o = order.read(h);
                var c = keys.write(h);
                h.parallelFor(Range.of(n), it -> c.set(it.id(0), k.get(o.get(it.id(0)))));
            });
            Event done = q.submit(h -> {
                var c = keys.read(h);
                var k = write.open(h);
                h.parallelFor(Range.of(n), it -> k.set(it.id(0), c.get(it.id(0))));
            });
            if (readValues == null) {
                return done;
            }
            Buffer.OfInt values = scratch.ints("sort.wide.values", n);
            q.submit(h -> {
                var v = readValues.open(h);
                var o = order.read(h);
                var c = values.write(h);
                h.parallelFor(Range.of(n), it -> c.set(it.id(0), v.get(o.get(it.id(0)))));
            });
            return q.submit(h -> {
                h.dependsOn(done); // its event stands for the whole sort
                var c = values.read(h);
                var v = writeValues.open(h);
                h.parallelFor(Range.of(n), it -> v.set(it.id(0), c.get(it.id(0))));
            });
        }
    }

    /**
     * Sorts {@code n} doubles read through {@code read} and written back through {@code write} (and {@code values}
     * with them, as {@link #sortLongs} does): their ordered bits ({@link #ordered}) sorted as unsigned longs and
     * turned back.
     */
    static Event sortDoubles(Queue q, Input<ArrayAccess.OfDouble> read, Input<ArrayAccess.OfDouble> write, int n,
            Input<ArrayAccess.OfInt> readValues, Input<ArrayAccess.OfInt> writeValues) {
        Scratch scratch = Scratch.of(q);
        synchronized (scratch) {
            Buffer.OfLong bits = scratch.longs("sort.wide.bits", n);
            q.submit(h -> {
                var x = read.open(h);
                var b = bits.write(h);
                h.parallelFor(Range.of(n), it -> b.set(it.id(0), ordered(x.get(it.id(0)))));
            });
            Event sorted = sortLongs(q, bits::read, bits::write, n, 0, readValues, writeValues);
            return q.submit(h -> {
                h.dependsOn(sorted); // the values' too: this event stands for the whole sort
                var b = bits.read(h);
                var x = write.open(h);
                h.parallelFor(Range.of(n), it -> {
                    long s = b.get(it.id(0));
                    x.set(it.id(0), Double.longBitsToDouble(s < 0 ? s ^ Long.MIN_VALUE : ~s));
                });
            });
        }
    }

    /**
     * The bits of {@code v} as an unsigned number that orders as {@link Double#compare} does (NaNs first made
     * {@link Double#NaN}, above infinity): a device function.
     */
    static long ordered(double v) {
        long raw = Double.doubleToRawLongBits(v != v ? Double.NaN : v);
        return raw < 0 ? ~raw : raw ^ Long.MIN_VALUE;
    }
}
