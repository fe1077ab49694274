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
 * {@link Double#NaN}): its bits with the sign bit flipped for positives and every bit for negatives, both words
 * unsigned.
 */
final class WideSorting {
    private WideSorting() {
    }

    /** Where the keys come from and go back to, and how their bits order: one implementation per key type. */
    interface Keys {
        /** Writes each key's low word (as the sort orders it) into {@code low} and its index into {@code order}. */
        void splitLow(Queue q, Buffer.OfInt low, Buffer.OfInt order);

        /** Writes the high word of key {@code order[i]} into {@code high[i]}. */
        void gatherHigh(Queue q, Buffer.OfInt order, Buffer.OfInt high);

        /** Writes key {@code order[i]} to place {@code i} of the keys, through a copy of them in the queue's scratch. */
        Event gatherBack(Queue q, Scratch scratch, Buffer.OfInt order);

        /** The flip of the high word's sort: signed or unsigned. */
        int highFlip();
    }

    /** {@code long} keys, read through {@code read} and written back through {@code write}. */
    static Keys longs(Input<ArrayAccess.OfLong> read, Input<ArrayAccess.OfLong> write, int n) {
        return new Keys() {
            @Override
            public void splitLow(Queue q, Buffer.OfInt low, Buffer.OfInt order) {
                q.submit(h -> {
                    var k = read.open(h);
                    var lo = low.write(h);
                    var o = order.write(h);
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        lo.set(i, (int) k.get(i));
                        o.set(i, i);
                    });
                });
            }

            @Override
            public void gatherHigh(Queue q, Buffer.OfInt order, Buffer.OfInt high) {
                q.submit(h -> {
                    var k = read.open(h);
                    var o = order.read(h);
                    var hi = high.write(h);
                    h.parallelFor(Range.of(n), it -> hi.set(it.id(0), (int) (k.get(o.get(it.id(0))) >>> 32)));
                });
            }

            @Override
            public Event gatherBack(Queue q, Scratch scratch, Buffer.OfInt order) {
                Buffer.OfLong copy = scratch.longs("sort.wide.longs", n);
                q.submit(h -> {
                    var k = read.open(h);
                    var o = order.read(h);
                    var c = copy.write(h);
                    h.parallelFor(Range.of(n), it -> c.set(it.id(0), k.get(o.get(it.id(0)))));
                });
                return q.submit(h -> {
                    var c = copy.read(h);
                    var k = write.open(h);
                    h.parallelFor(Range.of(n), it -> k.set(it.id(0), c.get(it.id(0))));
                });
            }

            @Override
            public int highFlip() {
                return Integer.MIN_VALUE;
            }
        };
    }

    /** {@code double} keys, read through {@code read} and written back through {@code write}. */
    static Keys doubles(Input<ArrayAccess.OfDouble> read, Input<ArrayAccess.OfDouble> write, int n) {
        return new Keys() {
            @Override
            public void splitLow(Queue q, Buffer.OfInt low, Buffer.OfInt order) {
                q.submit(h -> {
                    var k = read.open(h);
                    var lo = low.write(h);
                    var o = order.write(h);
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        lo.set(i, (int) ordered(k.get(i)));
                        o.set(i, i);
                    });
                });
            }

            @Override
            public void gatherHigh(Queue q, Buffer.OfInt order, Buffer.OfInt high) {
                q.submit(h -> {
                    var k = read.open(h);
                    var o = order.read(h);
                    var hi = high.write(h);
                    h.parallelFor(Range.of(n),
                            it -> hi.set(it.id(0), (int) (ordered(k.get(o.get(it.id(0)))) >>> 32)));
                });
            }

            @Override
            public Event gatherBack(Queue q, Scratch scratch, Buffer.OfInt order) {
                Buffer.OfDouble copy = scratch.doubles("sort.wide.doubles", n);
                q.submit(h -> {
                    var k = read.open(h);
                    var o = order.read(h);
                    var c = copy.write(h);
                    h.parallelFor(Range.of(n), it -> {
                        double v = k.get(o.get(it.id(0)));
                        c.set(it.id(0), v != v ? Double.NaN : v);
                    });
                });
                return q.submit(h -> {
                    var c = copy.read(h);
                    var k = write.open(h);
                    h.parallelFor(Range.of(n), it -> k.set(it.id(0), c.get(it.id(0))));
                });
            }

            @Override
            public int highFlip() {
                return 0;
            }
        };
    }

    /**
     * The bits of {@code v} as an unsigned number that orders as {@link Double#compare} does (NaNs first made
     * {@link Double#NaN}, above infinity): a device function.
     */
    static long ordered(double v) {
        long raw = Double.doubleToRawLongBits(v != v ? Double.NaN : v);
        return raw < 0 ? ~raw : raw ^ Long.MIN_VALUE;
    }

    /**
     * Sorts {@code n} keys (and {@code values}, or none, read through {@code readValues} and written back through
     * {@code writeValues}): the permutation sorted by the low words, then by the high words, then everything gathered
     * through it. A device array's inputs wait for what its first use must (the caller's events); its writes come
     * after its reads through the scratch buffers between them. The event returned is the last write's, after every
     * other.
     */
    static Event sort(Queue q, Keys keys, int n, Input<ArrayAccess.OfInt> readValues,
            Input<ArrayAccess.OfInt> writeValues) {
        Scratch scratch = Scratch.of(q);
        synchronized (scratch) {
            Buffer.OfInt order = scratch.ints("sort.wide.order", n);
            Buffer.OfInt word = scratch.ints("sort.wide.word", n);
            keys.splitLow(q, word, order);
            Sorting.radixSort(q, Data.of(word), Data.of(order), n, 0, null);
            keys.gatherHigh(q, order, word);
            Sorting.radixSort(q, Data.of(word), Data.of(order), n, keys.highFlip(), null);
            Event done = keys.gatherBack(q, scratch, order);
            if (readValues == null) {
                return done;
            }
            Buffer.OfInt copy = scratch.ints("sort.wide.values", n);
            q.submit(h -> {
                var v = readValues.open(h);
                var o = order.read(h);
                var c = copy.write(h);
                h.parallelFor(Range.of(n), it -> c.set(it.id(0), v.get(o.get(it.id(0)))));
            });
            return q.submit(h -> {
                h.dependsOn(done); // its event stands for the whole sort
                var c = copy.read(h);
                var v = writeValues.open(h);
                h.parallelFor(Range.of(n), it -> v.set(it.id(0), c.get(it.id(0))));
            });
        }
    }
}
