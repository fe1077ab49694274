package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Accessor;
import io.jsycl.ItemKernel;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Java semantics on a device: each kernel runs on the host (Java) and on the first OpenCL device
 * (PoCL here, through {@code io.jsycl.opencl}) over edge-case inputs, and the results must be
 * bit-identical. Without OpenCL these tests skip, except when the environment variable {@code CI}
 * is set: then they fail.
 */
class SemanticsTest {
    private static final int[] INTS = {0, 1, -1, 2, -2, 7, -7, 31, 32, 33, 63, 64, 100, -100, 0x7fffffff, 0x80000000,
            0x7ffffffe, 0x80000001, 16777217, -16777217, 123456789};
    private static final float[] FLOATS = {0f, -0f, 1f, -1f, 0.5f, -0.5f, 1.5f, 2.5f, -2.5f, 0.49999997f, 1e10f, -1e10f,
            3e9f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE, 7.3f, -7.3f};

    @BeforeAll
    static void needsOpenCl() {
        DeviceRun.require();
    }

    static ItemKernel intOps(Accessor.OfInt a, Accessor.OfInt b, Accessor.OfInt out) {
        return it -> {
            int i = it.id(0);
            int x = a.get(i);
            int y = b.get(i);
            int o = i * 16;
            out.set(o, x + y);
            out.set(o + 1, x - y);
            out.set(o + 2, x * y);
            out.set(o + 3, y != 0 ? x / y : 0);
            out.set(o + 4, y != 0 ? x % y : 0);
            out.set(o + 5, x << y);
            out.set(o + 6, x >> y);
            out.set(o + 7, x >>> y);
            out.set(o + 8, -x);
            out.set(o + 9, (byte) x + (short) y + (char) x);
            out.set(o + 10, x < y ? 1 : x == y ? 2 : 3);
            out.set(o + 11, Integer.numberOfTrailingZeros(x) + Integer.bitCount(y) * 100 + Integer.numberOfLeadingZeros(x) * 10000);
            out.set(o + 12, Integer.rotateLeft(x, y) ^ Integer.reverse(y));
            out.set(o + 13, Math.abs(x) + Math.min(x, y) - Math.max(x, y));
            out.set(o + 14, (int) ((long) x * y >>> 7));
            out.set(o + 15, x / 3 + x % 5);
        };
    }

    @Test
    void intArithmeticMatchesJava() {
        int n = INTS.length * INTS.length;
        int[] a = new int[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = INTS[i / INTS.length];
            b[i] = INTS[i % INTS.length];
        }
        int[] host = new int[n * 16];
        int[] dev = new int[n * 16];
        DeviceRun.onHost(intOps(new Accessor.OfInt(a, "READ"), new Accessor.OfInt(b, "READ"), new Accessor.OfInt(host, "WRITE")), n);
        DeviceRun.onDevice(intOps(new Accessor.OfInt(a, "READ"), new Accessor.OfInt(b, "READ"), new Accessor.OfInt(dev, "WRITE")), n);
        assertThat(dev).isEqualTo(host);
    }

    /**
     * Counted loops near {@code Integer.MAX_VALUE}: {@code k < bound} loops (whose {@code k++} the lowering emits
     * signed) run up to the largest int without wrapping, and loops that look alike but may wrap ({@code k <= bound},
     * a second write of {@code k}, a step of 2) keep Java's wrapping.
     */
    static ItemKernel countedLoops(Accessor.OfInt a, Accessor.OfInt out) {
        return it -> {
            int i = it.id(0);
            int start = a.get(i);
            int o = i * 4;
            int count = 0;
            int last = 0;
            for (int k = start; k < Integer.MAX_VALUE; k++) {
                count++;
                last = k;
            }
            out.set(o, count * 31 + last);
            int wraps = 0;
            for (int k = start; k <= start + 2 && wraps < 5; k++) { // start + 2 wraps near the top
                wraps++;
            }
            out.set(o + 1, wraps);
            int sum = 0;
            for (int k = start; k < Integer.MAX_VALUE && sum < 9; k += 2) {
                sum++;
            }
            out.set(o + 2, sum);
            int steps = 0;
            for (int k = start; k < Integer.MAX_VALUE - 1; k++) {
                if ((k & 1) == 0) {
                    k++; // a second write: stays wrapping
                }
                steps++;
            }
            out.set(o + 3, steps);
        };
    }

    @Test
    void countedLoopsNearTheLargestIntMatchJava() {
        int[] a = {Integer.MAX_VALUE, Integer.MAX_VALUE - 1, Integer.MAX_VALUE - 5, Integer.MAX_VALUE - 6,
            Integer.MAX_VALUE - 17};
        int n = a.length;
        int[] host = new int[n * 4];
        int[] dev = new int[n * 4];
        DeviceRun.onHost(countedLoops(new Accessor.OfInt(a, "READ"), new Accessor.OfInt(host, "WRITE")), n);
        DeviceRun.onDevice(countedLoops(new Accessor.OfInt(a, "READ"), new Accessor.OfInt(dev, "WRITE")), n);
        assertThat(dev).isEqualTo(host);
    }

    static ItemKernel escapeLoops(Accessor.OfFloat c, Accessor.OfInt out) {
        return it -> {
            int i = it.id(0);
            float cx = c.get(i);
            float zx = 0f;
            int k = 0;
            while (k < 200 && zx * zx <= 4.0f) { // NaN leaves at once, as in Java
                zx = zx * zx + cx;
                k++;
            }
            int skipped = 0;
            int j = 0;
            while (j < 50 && (float) j * cx < 30f && skipped < 40) { // three conditions, a continue in the body
                j++;
                if ((j & 3) == 0) {
                    continue;
                }
                skipped++;
            }
            out.set(i * 2, k);
            out.set(i * 2 + 1, j * 1000 + skipped);
        };
    }

    /**
     * {@code while (a && b)}: the lowering writes every condition into the loop's test (not as {@code if (!b) break;}
     * at the top of the body), and the device counts as Java does, NaN and {@code continue} included.
     */
    @Test
    void loopsWithSeveralConditionsTestThemInTheWhileAndMatchJava() {
        float[] c = {-2f, -1.5f, -0.75f, 0f, 0.25f, 0.3f, 1f, Float.NaN, Float.POSITIVE_INFINITY, -0.1f, 3e-8f};
        int n = c.length;
        String source = Lambdas.lower(1, escapeLoops(new Accessor.OfFloat(c, "READ"),
                new Accessor.OfInt(new int[2 * n], "WRITE"))).source();
        assertThat(source).containsPattern("while \\(\\w+ < 200 && \\w+ \\* \\w+ <= 4\\.0f\\)")
                .containsPattern("while \\(\\w+ < 50 && .+ && .+\\) \\{").doesNotContain("break;");
        int[] host = new int[2 * n];
        int[] dev = new int[2 * n];
        DeviceRun.onHost(escapeLoops(new Accessor.OfFloat(c, "READ"), new Accessor.OfInt(host, "WRITE")), n);
        DeviceRun.onDevice(escapeLoops(new Accessor.OfFloat(c, "READ"), new Accessor.OfInt(dev, "WRITE")), n);
        assertThat(dev).isEqualTo(host);
    }

    @Test
    void joinedConditionsKeepTheirMeaning() {
        assertThat(ControlFlowStructurer.negation("!(x <= 4.0f)")).isEqualTo("x <= 4.0f");
        assertThat(ControlFlowStructurer.negation("!(a) && (b)")).isEqualTo("!(!(a) && (b))");
        assertThat(ControlFlowStructurer.negation("k >= 5")).isEqualTo("!(k >= 5)");
        assertThat(ControlFlowStructurer.conjunct("a || b")).isEqualTo("(a || b)");
        assertThat(ControlFlowStructurer.conjunct("c ? a : b")).isEqualTo("(c ? a : b)");
        assertThat(ControlFlowStructurer.conjunct("(a || b) && c <= d")).isEqualTo("(a || b) && c <= d");
        assertThat(ControlFlowStructurer.conjunct("a != b && c == d")).isEqualTo("a != b && c == d");
    }

    static ItemKernel longOps(Accessor.OfInt a, Accessor.OfInt b, Accessor.OfLong out) {
        return it -> {
            int i = it.id(0);
            long x = (long) a.get(i) * 3037000500L;
            long y = b.get(i);
            int o = i * 8;
            out.set(o, x + y * x);
            out.set(o + 1, y != 0 ? x / y : 0);
            out.set(o + 2, y != 0 ? x % y : 0);
            out.set(o + 3, x << y);
            out.set(o + 4, x >> y ^ x >>> y);
            out.set(o + 5, Long.numberOfTrailingZeros(x) + Long.bitCount(y) * 100L + Long.numberOfLeadingZeros(x) * 10000L);
            out.set(o + 6, (int) x + (long) (float) x);
            out.set(o + 7, x < y ? 1 : x == y ? 2 : 3);
        };
    }

    @Test
    void longArithmeticMatchesJava() {
        int n = INTS.length * INTS.length;
        int[] a = new int[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = INTS[i / INTS.length];
            b[i] = INTS[i % INTS.length];
        }
        long[] host = new long[n * 8];
        long[] dev = new long[n * 8];
        DeviceRun.onHost(longOps(new Accessor.OfInt(a, "READ"), new Accessor.OfInt(b, "READ"), new Accessor.OfLong(host, "WRITE")), n);
        DeviceRun.onDevice(longOps(new Accessor.OfInt(a, "READ"), new Accessor.OfInt(b, "READ"), new Accessor.OfLong(dev, "WRITE")), n);
        assertThat(dev).isEqualTo(host);
    }

    static ItemKernel floatOps(Accessor.OfFloat a, Accessor.OfFloat b, Accessor.OfInt ints, Accessor.OfFloat out) {
        return it -> {
            int i = it.id(0);
            float x = a.get(i);
            float y = b.get(i);
            int o = i * 12;
            ints.set(o, (x < y ? 1 : 0) | (x > y ? 2 : 0) | (x <= y ? 4 : 0) | (x >= y ? 8 : 0) | (x == y ? 16 : 0) | (x != y ? 32 : 0)
                    | (!(x < y) ? 64 : 0) | (!(x >= y) ? 128 : 0));
            ints.set(o + 1, (int) x);
            ints.set(o + 2, (int) (long) y);
            ints.set(o + 3, Math.round(x));
            ints.set(o + 4, Float.floatToIntBits(Math.min(x, y)));
            ints.set(o + 5, Float.floatToIntBits(Math.max(x, y)));
            ints.set(o + 6, (short) x);
            ints.set(o + 7, (int) (x * 1e6f));
            out.set(o, x % y);
            out.set(o + 1, (float) ints.get(o + 7));
            out.set(o + 2, x * y + x);
            out.set(o + 3, (float) ((double) x / 3.0));
            out.set(o + 4, x / y);
            out.set(o + 5, -x);
            out.set(o + 6, Math.abs(y));
            out.set(o + 7, (float) (long) (x * 1e9f));
            out.set(o + 8, (float) Math.sqrt(Math.abs(x)));
            out.set(o + 9, Float.intBitsToFloat(Float.floatToRawIntBits(x) ^ 1));
            out.set(o + 10, (float) Math.floor(y) + (float) Math.ceil(x));
            out.set(o + 11, (float) Math.round((double) x));
        };
    }

    @Test
    void floatArithmeticAndComparisonsMatchJava() {
        int n = FLOATS.length * FLOATS.length;
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = FLOATS[i / FLOATS.length];
            b[i] = FLOATS[i % FLOATS.length];
        }
        int[] hostInts = new int[n * 12];
        int[] devInts = new int[n * 12];
        float[] host = new float[n * 12];
        float[] dev = new float[n * 12];
        Function<int[], Accessor.OfInt> w = arr -> new Accessor.OfInt(arr, "READ_WRITE");
        DeviceRun.onHost(floatOps(new Accessor.OfFloat(a, "READ"), new Accessor.OfFloat(b, "READ"), w.apply(hostInts),
                new Accessor.OfFloat(host, "WRITE")), n);
        DeviceRun.onDevice(floatOps(new Accessor.OfFloat(a, "READ"), new Accessor.OfFloat(b, "READ"), w.apply(devInts),
                new Accessor.OfFloat(dev, "WRITE")), n);
        assertThat(devInts).isEqualTo(hostInts);
        // Each mismatch named by its output slot (floatOps' out.set(o + k, ...)) and inputs; bits, one NaN.
        var wrong = new java.util.ArrayList<String>();
        for (int i = 0; i < dev.length && wrong.size() < 30; i++) {
            if (Float.floatToIntBits(dev[i]) != Float.floatToIntBits(host[i])) {
                wrong.add("slot " + i % 12 + " of (" + a[i / 12] + ", " + b[i / 12] + "): device " + dev[i] + ", Java "
                        + host[i]);
            }
        }
        assertThat(wrong).isEmpty();
    }

    static ItemKernel division(Accessor.OfInt a, Accessor.OfLong out) {
        return it -> {
            int i = it.id(0);
            int zero = a.get(0);
            out.set(i * 4, i / zero);
            out.set(i * 4 + 1, i % zero);
            out.set(i * 4 + 2, (long) i / zero);
            out.set(i * 4 + 3, (long) i % (long) zero);
        };
    }

    @Test
    void divisionByZeroIsZeroOnDevices() {
        long[] dev = new long[40];
        java.util.Arrays.fill(dev, 99);
        DeviceRun.onDevice(division(new Accessor.OfInt(new int[] {0}, "READ"), new Accessor.OfLong(dev, "WRITE")), 10);
        assertThat(dev).containsOnly(0L);
    }

    static ItemKernel loops(Accessor.OfInt out, int n) {
        return it -> {
            int i = it.id(0);
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
            out.set(i, acc);
        };
    }

    @Test
    void controlFlowMatchesJava() {
        int n = 64;
        int[] host = new int[n];
        int[] dev = new int[n];
        DeviceRun.onHost(loops(new Accessor.OfInt(host, "WRITE"), 40), n);
        DeviceRun.onDevice(loops(new Accessor.OfInt(dev, "WRITE"), 40), n);
        assertThat(dev).isEqualTo(host);
    }
}
