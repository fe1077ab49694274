package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Java's semantics where the lowering has to work for them, on every device: int and long arithmetic over the values
 * where C differs from Java (overflow, shift counts of 32 and more, MIN_VALUE / -1, division by a variable and by a
 * constant), float casts, rounding, comparisons and bit operations over NaN, ±0, ±infinity and the int and long
 * limits, counted loops that end at the largest int, loops with several conditions, labelled jumps out of nested loops
 * and switches. Each kernel's results are compared bit for bit with the same code run as a plain Java loop; a mismatch
 * names its slot (the kernel's {@code out.set(o + slot, ...)}) and its inputs. kernel-lowering's SemanticsTest checks
 * the C these kernels lower to.
 */
class LoweredSemanticsTest {
    private static final int[] INTS = {0, 1, -1, 2, -2, 7, -7, 31, 32, 33, 63, 64, 100, -100, 0x7fffffff, 0x80000000,
            0x7ffffffe, 0x80000001, 16777217, -16777217, 123456789};
    private static final float[] FLOATS = {0f, -0f, 1f, -1f, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 0.49999997f, 1e10f, -1e10f,
            3e9f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE, 7.3f,
            -7.3f};

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    /** Every pair of {@link #INTS}: element p of {@code a} and {@code b} is the p-th pair. */
    private static int[][] intPairs() {
        int n = INTS.length * INTS.length;
        int[] a = new int[n];
        int[] b = new int[n];
        for (int p = 0; p < n; p++) {
            a[p] = INTS[p / INTS.length];
            b[p] = INTS[p % INTS.length];
        }
        return new int[][] {a, b};
    }

    @ParameterizedTest
    @MethodSource("devices")
    void intArithmeticOverTheEdgeCasesMatchesJava(Device device) {
        int[][] pairs = intPairs();
        int[] a = pairs[0];
        int[] b = pairs[1];
        int n = a.length;
        int[] out = new int[n * 16];
        try (var q = new Queue(device); var ba = Buffer.of(a); var bb = Buffer.of(b); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var as = ba.read(h);
                var bs = bb.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    int x = as.get(i);
                    int y = bs.get(i);
                    int k = i * 16;
                    o.set(k, x + y);
                    o.set(k + 1, x - y);
                    o.set(k + 2, x * y);
                    o.set(k + 3, y != 0 ? x / y : 0);
                    o.set(k + 4, y != 0 ? x % y : 0);
                    o.set(k + 5, x << y);
                    o.set(k + 6, x >> y);
                    o.set(k + 7, x >>> y);
                    o.set(k + 8, -x);
                    o.set(k + 9, (byte) x + (short) y + (char) x);
                    o.set(k + 10, x < y ? 1 : x == y ? 2 : 3);
                    o.set(k + 11, Integer.numberOfTrailingZeros(x) + Integer.bitCount(y) * 100
                            + Integer.numberOfLeadingZeros(x) * 10000);
                    o.set(k + 12, Integer.rotateLeft(x, y) ^ Integer.reverse(y));
                    o.set(k + 13, Math.abs(x) + Math.min(x, y) - Math.max(x, y));
                    o.set(k + 14, (int) ((long) x * y >>> 7));
                    o.set(k + 15, x / 3 + x % 5);
                });
            });
        }
        int[] java = new int[n * 16];
        for (int i = 0; i < n; i++) {
            int x = a[i];
            int y = b[i];
            int k = i * 16;
            java[k] = x + y;
            java[k + 1] = x - y;
            java[k + 2] = x * y;
            java[k + 3] = y != 0 ? x / y : 0;
            java[k + 4] = y != 0 ? x % y : 0;
            java[k + 5] = x << y;
            java[k + 6] = x >> y;
            java[k + 7] = x >>> y;
            java[k + 8] = -x;
            java[k + 9] = (byte) x + (short) y + (char) x;
            java[k + 10] = x < y ? 1 : x == y ? 2 : 3;
            java[k + 11] = Integer.numberOfTrailingZeros(x) + Integer.bitCount(y) * 100
                    + Integer.numberOfLeadingZeros(x) * 10000;
            java[k + 12] = Integer.rotateLeft(x, y) ^ Integer.reverse(y);
            java[k + 13] = Math.abs(x) + Math.min(x, y) - Math.max(x, y);
            java[k + 14] = (int) ((long) x * y >>> 7);
            java[k + 15] = x / 3 + x % 5;
        }
        sameAsJava("int operation", 16, bits(out), bits(java), i -> "(" + a[i] + ", " + b[i] + ")");
    }

    @ParameterizedTest
    @MethodSource("devices")
    void longArithmeticOverTheEdgeCasesMatchesJava(Device device) {
        int[][] pairs = intPairs();
        int[] a = pairs[0];
        int[] b = pairs[1];
        int n = a.length;
        long[] out = new long[n * 8];
        try (var q = new Queue(device); var ba = Buffer.of(a); var bb = Buffer.of(b); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var as = ba.read(h);
                var bs = bb.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    long x = (long) as.get(i) * 3037000500L;
                    long y = bs.get(i);
                    int k = i * 8;
                    o.set(k, x + y * x);
                    o.set(k + 1, y != 0 ? x / y : 0);
                    o.set(k + 2, y != 0 ? x % y : 0);
                    o.set(k + 3, x << y);
                    o.set(k + 4, x >> y ^ x >>> y);
                    o.set(k + 5, Long.numberOfTrailingZeros(x) + Long.bitCount(y) * 100L
                            + Long.numberOfLeadingZeros(x) * 10000L);
                    o.set(k + 6, (int) x + (long) (float) x);
                    o.set(k + 7, x < y ? 1 : x == y ? 2 : 3);
                });
            });
        }
        long[] java = new long[n * 8];
        for (int i = 0; i < n; i++) {
            long x = (long) a[i] * 3037000500L;
            long y = b[i];
            int k = i * 8;
            java[k] = x + y * x;
            java[k + 1] = y != 0 ? x / y : 0;
            java[k + 2] = y != 0 ? x % y : 0;
            java[k + 3] = x << y;
            java[k + 4] = x >> y ^ x >>> y;
            java[k + 5] = Long.numberOfTrailingZeros(x) + Long.bitCount(y) * 100L + Long.numberOfLeadingZeros(x) * 10000L;
            java[k + 6] = (int) x + (long) (float) x;
            java[k + 7] = x < y ? 1 : x == y ? 2 : 3;
        }
        sameAsJava("long operation", 8, out, java, i -> "(" + a[i] + " * 3037000500, " + b[i] + ")");
    }

    /**
     * Comparisons (negated ones included, true where NaN is involved), float to int, long and short casts (saturating,
     * NaN to 0), Math.round, min and max (-0.0 below 0.0, NaN wins), remainder, no contraction of {@code x * y + x},
     * division through double, correctly rounded division and square root, raw bits, floor and ceil through double.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void floatArithmeticAndComparisonsOverTheEdgeCasesMatchJava(Device device) {
        assumeTrue(device.hasFp64(), "the kernel computes in double as Java does");
        int n = FLOATS.length * FLOATS.length;
        float[] a = new float[n];
        float[] b = new float[n];
        for (int p = 0; p < n; p++) {
            a[p] = FLOATS[p / FLOATS.length];
            b[p] = FLOATS[p % FLOATS.length];
        }
        int[] ints = new int[n * 8];
        float[] floats = new float[n * 12];
        try (var q = new Queue(device); var ba = Buffer.of(a); var bb = Buffer.of(b); var bi = Buffer.of(ints);
             var bf = Buffer.of(floats)) {
            q.submit(h -> {
                var as = ba.read(h);
                var bs = bb.read(h);
                var oi = bi.readWrite(h);
                var of = bf.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    float x = as.get(i);
                    float y = bs.get(i);
                    int k = i * 8;
                    int m = i * 12;
                    oi.set(k, (x < y ? 1 : 0) | (x > y ? 2 : 0) | (x <= y ? 4 : 0) | (x >= y ? 8 : 0)
                            | (x == y ? 16 : 0) | (x != y ? 32 : 0) | (!(x < y) ? 64 : 0) | (!(x >= y) ? 128 : 0));
                    oi.set(k + 1, (int) x);
                    oi.set(k + 2, (int) (long) y);
                    oi.set(k + 3, Math.round(x));
                    oi.set(k + 4, Float.floatToIntBits(Math.min(x, y)));
                    oi.set(k + 5, Float.floatToIntBits(Math.max(x, y)));
                    oi.set(k + 6, (short) x);
                    oi.set(k + 7, (int) (x * 1e6f));
                    of.set(m, x % y);
                    of.set(m + 1, (float) oi.get(k + 7)); // read back: the int store, then the conversion
                    of.set(m + 2, x * y + x);
                    of.set(m + 3, (float) ((double) x / 3.0));
                    of.set(m + 4, x / y);
                    of.set(m + 5, -x);
                    of.set(m + 6, Math.abs(y));
                    of.set(m + 7, (float) (long) (x * 1e9f));
                    of.set(m + 8, (float) Math.sqrt(Math.abs(x)));
                    of.set(m + 9, Float.intBitsToFloat(Float.floatToRawIntBits(x) ^ 1));
                    of.set(m + 10, (float) Math.floor(y) + (float) Math.ceil(x));
                    of.set(m + 11, (float) Math.round((double) x));
                });
            });
        }
        int[] javaInts = new int[n * 8];
        float[] javaFloats = new float[n * 12];
        for (int i = 0; i < n; i++) {
            float x = a[i];
            float y = b[i];
            int k = i * 8;
            int m = i * 12;
            javaInts[k] = (x < y ? 1 : 0) | (x > y ? 2 : 0) | (x <= y ? 4 : 0) | (x >= y ? 8 : 0) | (x == y ? 16 : 0)
                    | (x != y ? 32 : 0) | (!(x < y) ? 64 : 0) | (!(x >= y) ? 128 : 0);
            javaInts[k + 1] = (int) x;
            javaInts[k + 2] = (int) (long) y;
            javaInts[k + 3] = Math.round(x);
            javaInts[k + 4] = Float.floatToIntBits(Math.min(x, y));
            javaInts[k + 5] = Float.floatToIntBits(Math.max(x, y));
            javaInts[k + 6] = (short) x;
            javaInts[k + 7] = (int) (x * 1e6f);
            javaFloats[m] = x % y;
            javaFloats[m + 1] = (float) javaInts[k + 7];
            javaFloats[m + 2] = x * y + x;
            javaFloats[m + 3] = (float) ((double) x / 3.0);
            javaFloats[m + 4] = x / y;
            javaFloats[m + 5] = -x;
            javaFloats[m + 6] = Math.abs(y);
            javaFloats[m + 7] = (float) (long) (x * 1e9f);
            javaFloats[m + 8] = (float) Math.sqrt(Math.abs(x));
            javaFloats[m + 9] = Float.intBitsToFloat(Float.floatToRawIntBits(x) ^ 1);
            javaFloats[m + 10] = (float) Math.floor(y) + (float) Math.ceil(x);
            javaFloats[m + 11] = (float) Math.round((double) x);
        }
        IntFunction<String> inputs = i -> "(" + a[i] + ", " + b[i] + ")";
        sameAsJava("float to int", 8, bits(ints), bits(javaInts), inputs);
        sameAsJava("float operation", 12, bits(floats), bits(javaFloats), inputs);
    }

    /**
     * Counted loops near {@code Integer.MAX_VALUE}: {@code k < bound} loops (whose {@code k++} the lowering emits
     * signed) run up to the largest int without wrapping, and loops that look alike but may wrap ({@code k <= bound},
     * a second write of {@code k}, a step of 2) keep Java's wrapping.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void countedLoopsNearTheLargestIntMatchJava(Device device) {
        int[] starts = {Integer.MAX_VALUE, Integer.MAX_VALUE - 1, Integer.MAX_VALUE - 5, Integer.MAX_VALUE - 6,
            Integer.MAX_VALUE - 17};
        int n = starts.length;
        int[] out = new int[n * 4];
        try (var q = new Queue(device); var bs = Buffer.of(starts); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var s = bs.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    int start = s.get(i);
                    int count = 0;
                    int last = 0;
                    for (int k = start; k < Integer.MAX_VALUE; k++) {
                        count++;
                        last = k;
                    }
                    o.set(i * 4, count * 31 + last);
                    int wraps = 0;
                    for (int k = start; k <= start + 2 && wraps < 5; k++) { // start + 2 wraps near the top
                        wraps++;
                    }
                    o.set(i * 4 + 1, wraps);
                    int sum = 0;
                    for (int k = start; k < Integer.MAX_VALUE && sum < 9; k += 2) {
                        sum++;
                    }
                    o.set(i * 4 + 2, sum);
                    int steps = 0;
                    for (int k = start; k < Integer.MAX_VALUE - 1; k++) {
                        if ((k & 1) == 0) {
                            k++; // a second write: stays wrapping
                        }
                        steps++;
                    }
                    o.set(i * 4 + 3, steps);
                });
            });
        }
        int[] java = new int[n * 4];
        for (int i = 0; i < n; i++) {
            int start = starts[i];
            int count = 0;
            int last = 0;
            for (int k = start; k < Integer.MAX_VALUE; k++) {
                count++;
                last = k;
            }
            java[i * 4] = count * 31 + last;
            int wraps = 0;
            for (int k = start; k <= start + 2 && wraps < 5; k++) {
                wraps++;
            }
            java[i * 4 + 1] = wraps;
            int sum = 0;
            for (int k = start; k < Integer.MAX_VALUE && sum < 9; k += 2) {
                sum++;
            }
            java[i * 4 + 2] = sum;
            int steps = 0;
            for (int k = start; k < Integer.MAX_VALUE - 1; k++) {
                if ((k & 1) == 0) {
                    k++;
                }
                steps++;
            }
            java[i * 4 + 3] = steps;
        }
        sameAsJava("counted loop", 4, bits(out), bits(java), i -> "start " + starts[i]);
    }

    /** {@code while (a && b)} counts as Java does, NaN (which leaves at once) and {@code continue} included. */
    @ParameterizedTest
    @MethodSource("devices")
    void loopsWithSeveralConditionsMatchJava(Device device) {
        float[] c = {-2f, -1.5f, -0.75f, 0f, 0.25f, 0.3f, 1f, Float.NaN, Float.POSITIVE_INFINITY, -0.1f, 3e-8f};
        int n = c.length;
        int[] out = new int[2 * n];
        try (var q = new Queue(device); var bc = Buffer.of(c); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var cs = bc.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    float cx = cs.get(i);
                    float zx = 0f;
                    int k = 0;
                    while (k < 200 && zx * zx <= 4.0f) {
                        zx = zx * zx + cx;
                        k++;
                    }
                    int skipped = 0;
                    int j = 0;
                    while (j < 50 && (float) j * cx < 30f && skipped < 40) {
                        j++;
                        if ((j & 3) == 0) {
                            continue;
                        }
                        skipped++;
                    }
                    o.set(i * 2, k);
                    o.set(i * 2 + 1, j * 1000 + skipped);
                });
            });
        }
        int[] java = new int[2 * n];
        for (int i = 0; i < n; i++) {
            float cx = c[i];
            float zx = 0f;
            int k = 0;
            while (k < 200 && zx * zx <= 4.0f) {
                zx = zx * zx + cx;
                k++;
            }
            int skipped = 0;
            int j = 0;
            while (j < 50 && (float) j * cx < 30f && skipped < 40) {
                j++;
                if ((j & 3) == 0) {
                    continue;
                }
                skipped++;
            }
            java[i * 2] = k;
            java[i * 2 + 1] = j * 1000 + skipped;
        }
        sameAsJava("loop", 2, bits(out), bits(java), i -> "c = " + c[i]);
    }

    /** {@code continue outer} and {@code break outer} from an inner loop, and a {@code break} out of a switch case. */
    @ParameterizedTest
    @MethodSource("devices")
    void labelledJumpsOutOfNestedLoopsAndSwitchesMatchJava(Device device) {
        int n = 64;
        int limit = 40;
        int[] out = new int[n];
        try (var q = new Queue(device); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var o = bo.write(h);
                h.parallelFor(Range.of(n), it -> o.set(it.id(0), jumps(it.id(0), limit)));
            });
        }
        for (int i = 0; i < n; i++) {
            assertThat(out[i]).as("out[%d]", i).isEqualTo(jumps(i, limit));
        }
    }

    /** The kernel of {@link #labelledJumpsOutOfNestedLoopsAndSwitchesMatchJava}, a device function on a device. */
    static int jumps(int i, int n) {
        int acc = 0;
        outer:
        for (int j = 0; j < n; j++) {
            if (j == i) {
                continue;
            }
            int k = j;
            while (k > 0) {
                if (k % 7 == i % 7) {
                    continue outer;
                }
                if (acc > 1000) {
                    break outer;
                }
                acc += k;
                k -= 3;
            }
            switch (j % 3) {
                case 0 -> acc ^= j;
                case 1 -> {
                    acc += 2;
                    if (acc % 5 == 0) {
                        break;
                    }
                    acc *= 3;
                }
                default -> acc--;
            }
        }
        return acc;
    }

    /**
     * Integer division and remainder by zero: Java throws, and so does the host device; an unchecked OpenCL device
     * cannot, and gives 0 (docs/kernel-language.md) for int and long alike.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void uncheckedDivisionByZeroGivesZeroOnAnOpenClDeviceAndThrowsOnTheHostDevice(Device device) {
        int n = 10;
        long[] out = new long[4 * n];
        java.util.Arrays.fill(out, 99);
        try (var q = new Queue(device); var bz = Buffer.of(new int[] {0}); var bo = Buffer.of(out)) {
            var e = q.submit(h -> {
                var z = bz.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    int zero = z.get(0);
                    o.set(i * 4, i / zero);
                    o.set(i * 4 + 1, i % zero);
                    o.set(i * 4 + 2, (long) i / zero);
                    o.set(i * 4 + 3, (long) i % (long) zero);
                });
            });
            if (device.isHost()) {
                assertThatThrownBy(e::await).isInstanceOf(ArithmeticException.class).hasMessageContaining("/ by zero");
                return;
            }
        }
        assertThat(out).containsOnly(0L);
    }


    /**
     * A NaN constant keeps the bits Java gives it: {@code Float.NaN} is 0x7fc00000 and a constant NaN of other bits
     * keeps them, where OpenCL's {@code NAN} is the driver's choice (0x7fffffff on PoCL); so do a captured NaN and
     * {@code Math.max}'s NaN.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void nanConstantsHaveJavasBits(Device device) {
        float captured = Float.intBitsToFloat(0x7fc0abcd);
        double capturedD = Double.longBitsToDouble(0x7ff8000000000abcL);
        long[] out = new long[6];
        try (var q = new Queue(device); var in = Buffer.of(new float[] {1f}); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var x = in.read(h);
                var o = bo.write(h);
                h.singleTask(() -> {
                    o.set(0, Float.floatToRawIntBits(Float.NaN));
                    o.set(1, Double.doubleToRawLongBits(Double.NaN));
                    o.set(2, Float.floatToRawIntBits(0.0f / 0.0f * 0 + Float.NaN));
                    o.set(3, Float.floatToRawIntBits(captured));
                    o.set(4, Double.doubleToRawLongBits(capturedD));
                    o.set(5, Float.floatToRawIntBits(Math.max(x.get(0), Float.NaN)));
                });
            });
        }
        assertThat(out).as("NaN bits on %s", device.name()).containsExactly(0x7fc00000L, 0x7ff8000000000000L,
                0x7fc00000L, 0x7fc0abcdL, 0x7ff8000000000abcL, 0x7fc00000L);
    }
    /** Asserts each slot of each work-item equals Java's, naming the slot and the work-item's inputs. */
    private static void sameAsJava(String what, int slots, long[] device, long[] java, IntFunction<String> inputs) {
        List<String> wrong = new ArrayList<>();
        for (int k = 0; k < java.length && wrong.size() < 30; k++) {
            if (device[k] != java[k]) {
                wrong.add(what + " " + k % slots + " of " + inputs.apply(k / slots) + ": device 0x"
                        + Long.toHexString(device[k]) + ", Java 0x" + Long.toHexString(java[k]));
            }
        }
        assertThat(wrong).as(what + "s over " + java.length / slots + " inputs").isEmpty();
    }

    private static long[] bits(int[] values) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i];
        }
        return out;
    }

    /** Each float's bits, NaN as the one NaN of {@link Float#floatToIntBits}: Java fixes no NaN payload. */
    private static long[] bits(float[] values) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Float.floatToIntBits(values[i]);
        }
        return out;
    }
}
