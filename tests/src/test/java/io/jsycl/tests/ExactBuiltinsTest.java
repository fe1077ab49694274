package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every built-in whose Java result is exact (float and double arithmetic and remainder, sqrt, fma, rounding,
 * min/max, sign operations; int and long bit operations, shifts and rotations by any count, division and floor
 * division) over special values and random ones, on every OpenCL device, compared bit for bit with the same lambda
 * run on the host device. A mismatch names the operation and its inputs.
 */
class ExactBuiltinsTest {
    static Stream<Device> openCl() {
        return TestDevices.openCl().stream();
    }

    private static final String[] FLOAT_OPS = {"x % y", "x / y", "x * y", "x + y", "x - y", "(float) sqrt(|x|)",
            "fma(x, y, x)", "signum(x)", "copySign(x, y) (y not NaN)", "abs(x)", "floor(x)", "ceil(x)", "rint(x)",
            "round(x)", "min(x, y)", "max(x, y)", "(float) ((double) x * y)", "x == y | x < y"};
    private static final String[] DOUBLE_OPS = {"x % y", "x / y", "x * y", "x + y", "sqrt(|x|)", "fma(x, y, x)",
            "signum(x)", "copySign(x, y) (y not NaN)", "floor(x)", "ceil(x)", "rint(x)", "round(x)", "min(x, y)",
            "max(x, y)", "(float) x"};
    private static final String[] INT_OPS = {"rotateLeft(a, b)", "rotateRight(a, b)", "numberOfLeadingZeros(a)",
            "numberOfTrailingZeros(a)", "bitCount(a)", "highestOneBit(a)", "lowestOneBit(a)", "reverse(a)",
            "reverseBytes(a)", "floorDiv(a, b | 1)", "floorMod(a, b | 1)", "a / (b | 1)", "a % (b | 1)",
            "compare(a, b)", "a >> b", "a >>> b", "a << b", "abs(a)", "signum(a)", "a * b", "min(a, b)"};
    private static final String[] LONG_OPS = {"rotateLeft(l, b)", "rotateRight(l, b)", "numberOfLeadingZeros(l)",
            "numberOfTrailingZeros(l)", "bitCount(l)", "highestOneBit(l)", "lowestOneBit(l)", "reverse(l)",
            "reverseBytes(l)", "floorDiv(l, m | 1)", "floorMod(l, m | 1)", "l / (m | 1)", "l % (m | 1)",
            "compare(l, m)", "l >> b", "l >>> b", "l << b", "abs(l)", "signum(l)", "l * m", "max(l, m)"};

    private static float[] floatValues() {
        return new float[] {Float.NaN, 0.0f, -0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MAX_VALUE,
                -Float.MAX_VALUE, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, 1e-40f, 1.0f, -1.0f, 0.5f, 1.5f,
                2.5f, -2.5f, 3.0f, 7.3f, -1e10f, 3e9f, 0.1f, 16777217.0f, 1.0000001f};
    }

    private static double[] doubleValues() {
        return new double[] {Double.NaN, 0.0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE, Double.MIN_NORMAL, 1e-310, 1.0, -1.0, 0.5, 1.5,
                2.5, -2.5, 3.0, 7.3, -1e10, 3e18, 0.1, 1e300, 4503599627370497.0, 1.0000000000000002};
    }

    private static int[] intValues() {
        return new int[] {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 31, 32, 33, 34, 63, 64, 65, -38, -31, -32,
                -33, 7, 0x12345678, 0x80000001, 255, 65536, -65537};
    }

    private static long[] longValues() {
        return new long[] {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 31, 32, 63, 64, 65, 127, -64, -65,
                0x123456789abcdefL, 0x8000000000000001L, 1L << 32, -(1L << 33), Integer.MIN_VALUE, 0xFFFFFFFFL};
    }

    /** The pairs: every special value with every other, then random ones. */
    private static int pairs(int specials) {
        return specials * specials + 3000;
    }

    private static void expectSame(Device device, String[] ops, long[] dev, long[] host, String[] inputs) {
        List<String> wrong = new ArrayList<>();
        for (int k = 0; k < host.length && wrong.size() < 40; k++) {
            if (dev[k] != host[k]) {
                wrong.add(ops[k % ops.length] + " of " + inputs[k / ops.length] + ": device 0x"
                        + Long.toHexString(dev[k]) + ", Java 0x" + Long.toHexString(host[k]));
            }
        }
        assertThat(wrong).as("exact built-ins on " + device).isEmpty();
    }

    private static long[] run(Device device, int n, int slots, Kernel kernel) {
        long[] out = new long[n * slots];
        try (var q = new Queue(device); var o = Buffer.of(out)) {
            kernel.submit(q, o);
        }
        return out;
    }

    interface Kernel {
        void submit(Queue q, Buffer.OfLong out);
    }

    @ParameterizedTest
    @MethodSource("openCl")
    void floatOperations(Device device) {
        float[] s = floatValues();
        int n = pairs(s.length);
        float[] xs = new float[n];
        float[] ys = new float[n];
        var random = new Random(7);
        String[] inputs = new String[n];
        for (int i = 0; i < n; i++) {
            xs[i] = i < s.length * s.length ? s[i / s.length] : Float.intBitsToFloat(random.nextInt());
            ys[i] = i < s.length * s.length ? s[i % s.length] : random.nextFloat() * 8 - 4;
            inputs[i] = "(" + xs[i] + ", " + ys[i] + ")";
        }
        int m = FLOAT_OPS.length;
        Kernel kernel = (q, o) -> {
            try (var bx = Buffer.of(xs); var by = Buffer.of(ys)) {
                q.submit(h -> {
                    var x = bx.read(h);
                    var y = by.read(h);
                    var out = o.write(h);
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        float a = x.get(i);
                        float b = y.get(i);
                        int k = i * m;
                        out.set(k, Float.floatToIntBits(a % b));
                        out.set(k + 1, Float.floatToIntBits(a / b));
                        out.set(k + 2, Float.floatToIntBits(a * b));
                        out.set(k + 3, Float.floatToIntBits(a + b));
                        out.set(k + 4, Float.floatToIntBits(a - b));
                        out.set(k + 5, Float.floatToIntBits((float) Math.sqrt(Math.abs(a))));
                        out.set(k + 6, Float.floatToIntBits(Math.fma(a, b, a)));
                        out.set(k + 7, Float.floatToIntBits(Math.signum(a)));
                        out.set(k + 8, Float.floatToIntBits(Math.copySign(a, Float.isNaN(b) ? 1.0f : b)));
                        out.set(k + 9, Float.floatToIntBits(Math.abs(a)));
                        out.set(k + 10, Float.floatToIntBits((float) Math.floor(a)));
                        out.set(k + 11, Float.floatToIntBits((float) Math.ceil(a)));
                        out.set(k + 12, Float.floatToIntBits((float) Math.rint(a)));
                        out.set(k + 13, Math.round(a));
                        out.set(k + 14, Float.floatToIntBits(Math.min(a, b)));
                        out.set(k + 15, Float.floatToIntBits(Math.max(a, b)));
                        out.set(k + 16, Float.floatToIntBits((float) ((double) a * b)));
                        out.set(k + 17, (a == b ? 1 : 0) | (a < b ? 2 : 0));
                    });
                });
            }
        };
        expectSame(device, FLOAT_OPS, run(device, n, m, kernel), run(Device.host(), n, m, kernel), inputs);
    }

    @ParameterizedTest
    @MethodSource("openCl")
    void doubleOperations(Device device) {
        double[] s = doubleValues();
        int n = pairs(s.length);
        double[] xs = new double[n];
        double[] ys = new double[n];
        var random = new Random(8);
        String[] inputs = new String[n];
        for (int i = 0; i < n; i++) {
            xs[i] = i < s.length * s.length ? s[i / s.length] : Double.longBitsToDouble(random.nextLong());
            ys[i] = i < s.length * s.length ? s[i % s.length] : random.nextDouble() * 8 - 4;
            inputs[i] = "(" + xs[i] + ", " + ys[i] + ")";
        }
        int m = DOUBLE_OPS.length;
        Kernel kernel = (q, o) -> {
            try (var bx = Buffer.of(xs); var by = Buffer.of(ys)) {
                q.submit(h -> {
                    var x = bx.read(h);
                    var y = by.read(h);
                    var out = o.write(h);
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        double a = x.get(i);
                        double b = y.get(i);
                        int k = i * m;
                        out.set(k, Double.doubleToLongBits(a % b));
                        out.set(k + 1, Double.doubleToLongBits(a / b));
                        out.set(k + 2, Double.doubleToLongBits(a * b));
                        out.set(k + 3, Double.doubleToLongBits(a + b));
                        out.set(k + 4, Double.doubleToLongBits(Math.sqrt(Math.abs(a))));
                        out.set(k + 5, Double.doubleToLongBits(Math.fma(a, b, a)));
                        out.set(k + 6, Double.doubleToLongBits(Math.signum(a)));
                        out.set(k + 7, Double.doubleToLongBits(Math.copySign(a, Double.isNaN(b) ? 1.0 : b)));
                        out.set(k + 8, Double.doubleToLongBits(Math.floor(a)));
                        out.set(k + 9, Double.doubleToLongBits(Math.ceil(a)));
                        out.set(k + 10, Double.doubleToLongBits(Math.rint(a)));
                        out.set(k + 11, Math.round(a));
                        out.set(k + 12, Double.doubleToLongBits(Math.min(a, b)));
                        out.set(k + 13, Double.doubleToLongBits(Math.max(a, b)));
                        out.set(k + 14, Float.floatToIntBits((float) a));
                    });
                });
            }
        };
        expectSame(device, DOUBLE_OPS, run(device, n, m, kernel), run(Device.host(), n, m, kernel), inputs);
    }

    @ParameterizedTest
    @MethodSource("openCl")
    void intOperations(Device device) {
        int[] s = intValues();
        int n = pairs(s.length);
        int[] as = new int[n];
        int[] bs = new int[n];
        var random = new Random(9);
        String[] inputs = new String[n];
        for (int i = 0; i < n; i++) {
            as[i] = i < s.length * s.length ? s[i / s.length] : random.nextInt();
            bs[i] = i < s.length * s.length ? s[i % s.length] : random.nextInt(200) - 100;
            inputs[i] = "(" + as[i] + ", " + bs[i] + ")";
        }
        int m = INT_OPS.length;
        Kernel kernel = (q, o) -> {
            try (var ba = Buffer.of(as); var bb = Buffer.of(bs)) {
                q.submit(h -> {
                    var x = ba.read(h);
                    var y = bb.read(h);
                    var out = o.write(h);
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        int a = x.get(i);
                        int b = y.get(i);
                        int k = i * m;
                        out.set(k, Integer.rotateLeft(a, b));
                        out.set(k + 1, Integer.rotateRight(a, b));
                        out.set(k + 2, Integer.numberOfLeadingZeros(a));
                        out.set(k + 3, Integer.numberOfTrailingZeros(a));
                        out.set(k + 4, Integer.bitCount(a));
                        out.set(k + 5, Integer.highestOneBit(a));
                        out.set(k + 6, Integer.lowestOneBit(a));
                        out.set(k + 7, Integer.reverse(a));
                        out.set(k + 8, Integer.reverseBytes(a));
                        out.set(k + 9, Math.floorDiv(a, b | 1));
                        out.set(k + 10, Math.floorMod(a, b | 1));
                        out.set(k + 11, a / (b | 1));
                        out.set(k + 12, a % (b | 1));
                        out.set(k + 13, Integer.compare(a, b));
                        out.set(k + 14, a >> b);
                        out.set(k + 15, a >>> b);
                        out.set(k + 16, a << b);
                        out.set(k + 17, Math.abs(a));
                        out.set(k + 18, Integer.signum(a));
                        out.set(k + 19, a * b);
                        out.set(k + 20, Math.min(a, b));
                    });
                });
            }
        };
        expectSame(device, INT_OPS, run(device, n, m, kernel), run(Device.host(), n, m, kernel), inputs);
    }

    @ParameterizedTest
    @MethodSource("openCl")
    void longOperations(Device device) {
        long[] s = longValues();
        int[] counts = intValues();
        int n = pairs(s.length);
        long[] ls = new long[n];
        long[] ms = new long[n];
        int[] bs = new int[n];
        var random = new Random(10);
        String[] inputs = new String[n];
        for (int i = 0; i < n; i++) {
            ls[i] = i < s.length * s.length ? s[i / s.length] : random.nextLong();
            ms[i] = i < s.length * s.length ? s[i % s.length] : random.nextLong() >> random.nextInt(64);
            bs[i] = counts[i % counts.length];
            inputs[i] = "(" + ls[i] + ", " + ms[i] + ", b = " + bs[i] + ")";
        }
        int m = LONG_OPS.length;
        Kernel kernel = (q, o) -> {
            try (var bl = Buffer.of(ls); var bm = Buffer.of(ms); var bb = Buffer.of(bs)) {
                q.submit(h -> {
                    var x = bl.read(h);
                    var y = bm.read(h);
                    var c = bb.read(h);
                    var out = o.write(h);
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        long l = x.get(i);
                        long v = y.get(i);
                        int b = c.get(i);
                        int k = i * m;
                        out.set(k, Long.rotateLeft(l, b));
                        out.set(k + 1, Long.rotateRight(l, b));
                        out.set(k + 2, Long.numberOfLeadingZeros(l));
                        out.set(k + 3, Long.numberOfTrailingZeros(l));
                        out.set(k + 4, Long.bitCount(l));
                        out.set(k + 5, Long.highestOneBit(l));
                        out.set(k + 6, Long.lowestOneBit(l));
                        out.set(k + 7, Long.reverse(l));
                        out.set(k + 8, Long.reverseBytes(l));
                        out.set(k + 9, Math.floorDiv(l, v | 1));
                        out.set(k + 10, Math.floorMod(l, v | 1));
                        out.set(k + 11, l / (v | 1));
                        out.set(k + 12, l % (v | 1));
                        out.set(k + 13, Long.compare(l, v));
                        out.set(k + 14, l >> b);
                        out.set(k + 15, l >>> b);
                        out.set(k + 16, l << b);
                        out.set(k + 17, Math.abs(l));
                        out.set(k + 18, Long.signum(l));
                        out.set(k + 19, l * v);
                        out.set(k + 20, Math.max(l, v));
                    });
                });
            }
        };
        expectSame(device, LONG_OPS, run(device, n, m, kernel), run(Device.host(), n, m, kernel), inputs);
    }
}
