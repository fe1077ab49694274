package io.jsycl.algorithms;

import static io.jsycl.algorithms.Tiles.checkLength;

import io.jsycl.ArrayAccess;
import io.jsycl.Buffer;
import io.jsycl.DeviceArray;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.algorithms.Tiles.Input;

/**
 * Sorting of {@code int}, {@code float}, {@code long} and {@code double} keys, in place, with {@code int} values moving
 * along where given ({@code sortByKey}; with {@link Transforms#iota}'s indices it gives what {@code torch.sort}
 * returns), on every device: a stable least-significant-digit radix sort, 4 passes of 8 bits over a 32-bit key. On
 * GPUs each pass is one kernel that reads and writes each key once, after one count of every digit up front
 * ({@link OneSweep}); on CPUs' OpenCL, the host device and for 2^30 keys or more each pass counts its digit per tile,
 * scans those counts and places each tile ({@link CountingSort}). 64-bit keys are two such sorts of a permutation, by
 * their low then their high words ({@link WideSorting}). The passes alternate between your buffers and copies of the
 * same size, which stay with the queue for its next sort until it closes.
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
     * Sorts {@code keys} in ascending order, as {@link java.util.Arrays#sort(long[])} does: a stable radix sort of
     * their two 32-bit halves ({@link WideSorting}).
     *
     * @param q the queue
     * @param keys the values to sort, in place
     * @return the event of the sort's last kernel
     */
    public static Event sort(Queue q, Buffer.OfLong keys) {
        return longs(q, keys::read, keys::write, keys.size(), null, null, new Event[0]);
    }

    /**
     * Sorts {@code keys} as {@link #sort(Queue, Buffer.OfLong)} does and moves {@code values} with them, as
     * {@link #sortByKey(Queue, Buffer.OfInt, Buffer.OfInt)} does.
     *
     * @param q the queue
     * @param keys the keys, sorted in place
     * @param values what moves with them, at least as long as {@code keys}
     * @return the event of the sort's last kernel
     */
    public static Event sortByKey(Queue q, Buffer.OfLong keys, Buffer.OfInt values) {
        checkLength("sortByKey values", keys.size(), values);
        return longs(q, keys::read, keys::write, keys.size(), values::read, values::write, new Event[0]);
    }

    /**
     * Sorts device array {@code keys} once {@code dependsOn} are done, as {@link #sort(Queue, Buffer.OfLong)} sorts a
     * buffer.
     *
     * @param q the queue, of the array's context and device
     * @param keys the values to sort, in place
     * @param dependsOn the commands that use {@code keys}
     * @return the event of the sort's last kernel: what later commands on {@code keys} wait for
     */
    public static Event sort(Queue q, DeviceArray.OfLong keys, Event... dependsOn) {
        return longs(q, Input.after(keys, dependsOn), h -> keys, keys.size(), null, null, dependsOn);
    }

    /**
     * Sorts device array {@code keys} and moves {@code values} with them once {@code dependsOn} are done, as
     * {@link #sortByKey(Queue, Buffer.OfLong, Buffer.OfInt)} does for buffers.
     *
     * @param q the queue, of the arrays' context and device
     * @param keys the keys, sorted in place
     * @param values what moves with them, at least as long as {@code keys}
     * @param dependsOn the commands that use {@code keys} or {@code values}
     * @return the event of the sort's last kernel: what later commands on the arrays wait for
     */
    public static Event sortByKey(Queue q, DeviceArray.OfLong keys, DeviceArray.OfInt values, Event... dependsOn) {
        checkLength("sortByKey values", keys.size(), values.size());
        return longs(q, Input.after(keys, dependsOn), h -> keys, keys.size(), Input.after(values, dependsOn),
                h -> values, dependsOn);
    }

    /**
     * Sorts {@code keys} in ascending order as {@link java.util.Arrays#sort(double[])} does: {@code -0.0} before
     * {@code 0.0}, NaNs last (each as {@link Double#NaN}); a stable radix sort of the doubles' bits, as
     * {@link #sort(Queue, Buffer.OfLong)} sorts longs. The device must compute in double
     * ({@link io.jsycl.Aspect#FP64}).
     *
     * @param q the queue
     * @param keys the values to sort, in place
     * @return the event of the sort's last kernel
     */
    public static Event sort(Queue q, Buffer.OfDouble keys) {
        return doubles(q, keys::read, keys::write, keys.size(), null, null, new Event[0]);
    }

    /**
     * Sorts {@code keys} as {@link #sort(Queue, Buffer.OfDouble)} does and moves {@code values} with them, as
     * {@link #sortByKey(Queue, Buffer.OfInt, Buffer.OfInt)} does.
     *
     * @param q the queue
     * @param keys the keys, sorted in place
     * @param values what moves with them, at least as long as {@code keys}
     * @return the event of the sort's last kernel
     */
    public static Event sortByKey(Queue q, Buffer.OfDouble keys, Buffer.OfInt values) {
        checkLength("sortByKey values", keys.size(), values);
        return doubles(q, keys::read, keys::write, keys.size(), values::read, values::write, new Event[0]);
    }

    /**
     * Sorts device array {@code keys} once {@code dependsOn} are done, as {@link #sort(Queue, Buffer.OfDouble)} sorts
     * a buffer.
     *
     * @param q the queue, of the array's context and device
     * @param keys the values to sort, in place
     * @param dependsOn the commands that use {@code keys}
     * @return the event of the sort's last kernel: what later commands on {@code keys} wait for
     */
    public static Event sort(Queue q, DeviceArray.OfDouble keys, Event... dependsOn) {
        return doubles(q, Input.after(keys, dependsOn), h -> keys, keys.size(), null, null, dependsOn);
    }

    /**
     * Sorts device array {@code keys} and moves {@code values} with them once {@code dependsOn} are done, as
     * {@link #sortByKey(Queue, Buffer.OfDouble, Buffer.OfInt)} does for buffers.
     *
     * @param q the queue, of the arrays' context and device
     * @param keys the keys, sorted in place
     * @param values what moves with them, at least as long as {@code keys}
     * @param dependsOn the commands that use {@code keys} or {@code values}
     * @return the event of the sort's last kernel: what later commands on the arrays wait for
     */
    public static Event sortByKey(Queue q, DeviceArray.OfDouble keys, DeviceArray.OfInt values, Event... dependsOn) {
        checkLength("sortByKey values", keys.size(), values.size());
        return doubles(q, Input.after(keys, dependsOn), h -> keys, keys.size(), Input.after(values, dependsOn),
                h -> values, dependsOn);
    }

    /** {@link WideSorting#sortLongs} of {@code n} signed longs, or, of none, an event after {@code dependsOn}. */
    private static Event longs(Queue q, Input<ArrayAccess.OfLong> read, Input<ArrayAccess.OfLong> write, int n,
            Input<ArrayAccess.OfInt> readValues, Input<ArrayAccess.OfInt> writeValues, Event[] dependsOn) {
        return n == 0 ? nothingToSort(q, dependsOn)
                : WideSorting.sortLongs(q, read, write, n, Integer.MIN_VALUE, readValues, writeValues);
    }

    /** {@link WideSorting#sortDoubles} of {@code n} doubles, or, of none, an event after {@code dependsOn}. */
    private static Event doubles(Queue q, Input<ArrayAccess.OfDouble> read, Input<ArrayAccess.OfDouble> write, int n,
            Input<ArrayAccess.OfInt> readValues, Input<ArrayAccess.OfInt> writeValues, Event[] dependsOn) {
        return n == 0 ? nothingToSort(q, dependsOn)
                : WideSorting.sortDoubles(q, read, write, n, readValues, writeValues);
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
     * digit, each one kernel where {@link OneSweep} applies, else a counting kernel, a scan and a placing kernel
     * ({@link CountingSort}). The passes alternate between the buffers and a copy; four end where they began.
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
    static Event radixSort(Queue q, Data keys, Data values, int n, int flip, Event[][] chain) {
        if (n <= 1) {
            return nothingToSort(q, chain == null ? new Event[0] : chain[0]);
        }
        Scratch scratch = Scratch.of(q);
        if (OneSweep.applies(q, n)) {
            synchronized (scratch) {
                return OneSweep.sort(q, scratch, keys, values, n, flip, chain);
            }
        }
        synchronized (scratch) {
            return CountingSort.sort(q, scratch, keys, values, n, flip, chain);
        }
    }

    /** The digit at bit {@code shift} of {@code key} as the sort orders it (after {@code flip}): a device function. */
    static int digit(int key, int flip, int shift) {
        return ((key ^ flip) >>> shift) & (RADIX - 1);
    }

    /** The event of a sort with nothing to move: a task that does nothing, ordered in the queue like the rest. */
    private static Event nothingToSort(Queue q, Event... dependsOn) {
        return q.submit(h -> {
            h.dependsOn(dependsOn);
            h.singleTask(() -> { });
        });
    }

    /**
     * One pass of a radix sort over the digit at bit {@code pass * DIGIT_BITS}: keys (and values) read from the first
     * of each pair and written to the second; without values both are one scratch element that stands in for them.
     */
    @FunctionalInterface
    interface Pass {
        /** Enqueues the pass and returns its last kernel's event. */
        Event run(int pass, Data keysIn, Data keysOut, Data valuesIn, Data valuesOut);
    }

    /**
     * Runs the four passes of a sort of {@code n} keys (and {@code values}, or none), alternating between them and
     * the queue's scratch copies (four end where they began), and updates {@code chain} after each as
     * {@link #radixSort} says; returns the last pass's event.
     */
    static Event passes(Scratch scratch, Data keys, Data values, int n, Event[][] chain, Pass pass) {
        boolean withValues = values != null;
        Data otherKeys = Data.of(scratch.ints("sort.keys", n));
        Data otherValues = Data.of(scratch.ints("sort.values", withValues ? n : 1));
        Data fromKeys = keys;
        Data toKeys = otherKeys;
        Data fromValues = withValues ? values : otherValues;
        Data toValues = otherValues;
        Event last = null;
        for (int p = 0; p < Integer.SIZE / DIGIT_BITS; p++) {
            last = pass.run(p, fromKeys, toKeys, fromValues, toValues);
            if (chain != null) {
                chain[0] = new Event[] {last};
            }
            Data read = fromKeys;
            fromKeys = toKeys;
            toKeys = read;
            if (withValues) {
                Data readValues = fromValues;
                fromValues = toValues;
                toValues = readValues;
            }
        }
        return last;
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
