package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Double2;
import io.jsycl.Double4;
import io.jsycl.Double8;
import io.jsycl.Float2;
import io.jsycl.Float4;
import io.jsycl.Float8;
import io.jsycl.Id;
import io.jsycl.Int2;
import io.jsycl.Int4;
import io.jsycl.Int8;
import io.jsycl.KernelLoweringException;
import io.jsycl.Long2;
import io.jsycl.Long4;
import io.jsycl.Long8;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The vector records ({@code Float2} .. {@code Double8}): wide loads and stores ({@code getN}/{@code setN},
 * vloadN/vstoreN on a device) and their lane arithmetic, and methods of records called on record values in kernels:
 * every result bit for bit against the same Java code.
 */
class VectorTypesTest {
    private static final int N = 4 * 1000;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    private static float[] floats(long seed) {
        var r = new SplittableRandom(seed);
        float[] v = new float[N];
        for (int i = 0; i < N; i++) {
            v[i] = (float) ((r.nextDouble() - 0.5) * Math.pow(2, r.nextInt(-30, 30)));
        }
        v[1] = Float.NaN;
        v[2] = -0.0f;
        v[7] = Float.POSITIVE_INFINITY;
        return v;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void saxpyOverFloat4IsJavasFloatArithmetic(Device device) {
        float[] x = floats(1);
        float[] y = floats(2);
        float[] expected = new float[N];
        float a = 2.5f;
        for (int i = 0; i < N; i++) {
            expected[i] = a * x[i] + y[i];
        }
        try (var q = new Queue(device); var bx = Buffer.of(x); var by = Buffer.of(y)) {
            q.submit(h -> {
                var xs = bx.read(h);
                var ys = by.readWrite(h);
                h.parallelFor(Range.of(N / 4), it -> {
                    int i = it.id(0);
                    ys.set4(i, xs.get4(i).mul(a).add(ys.get4(i)));
                });
            });
        }
        for (int i = 0; i < N; i++) {
            assertThat(Float.floatToIntBits(y[i])).as("y[%d]", i).isEqualTo(Float.floatToIntBits(expected[i]));
        }
    }

    /** Every Float4 operation, seven results per vector. */
    private static float[] everyOperation(Device device, float[] x, float[] y) {
        float[] out = new float[N * 7];
        try (var q = new Queue(device); var bx = Buffer.of(x); var by = Buffer.of(y); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var xs = bx.read(h);
                var ys = by.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(N / 4), it -> {
                    int i = it.id(0);
                    Float4 p = xs.get4(i);
                    Float4 s = ys.get4(i);
                    o.set4(7 * i, p.add(s));
                    o.set4(7 * i + 1, p.sub(s));
                    o.set4(7 * i + 2, p.mul(s));
                    o.set4(7 * i + 3, p.div(s));
                    o.set4(7 * i + 4, p.min(s));
                    o.set4(7 * i + 5, p.max(Float4.splat(0.5f)));
                    o.set4(7 * i + 6, new Float4(p.sum(), s.x(), p.w(), 1f));
                });
            });
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void everyFloat4OperationMatchesJava(Device device) {
        float[] x = floats(3);
        float[] y = floats(4);
        float[] out = everyOperation(device, x, y);
        for (int v = 0; v < N / 4; v++) {
            var p = new Float4(x[4 * v], x[4 * v + 1], x[4 * v + 2], x[4 * v + 3]);
            var s = new Float4(y[4 * v], y[4 * v + 1], y[4 * v + 2], y[4 * v + 3]);
            Float4[] expected = {p.add(s), p.sub(s), p.mul(s), p.div(s), p.min(s), p.max(Float4.splat(0.5f)),
                    new Float4(p.sum(), s.x(), p.w(), 1f)};
            for (int k = 0; k < expected.length; k++) {
                int at = 4 * (7 * v + k);
                float[] lanes = {expected[k].x(), expected[k].y(), expected[k].z(), expected[k].w()};
                for (int l = 0; l < 4; l++) {
                    assertThat(Float.floatToIntBits(out[at + l])).as("vector %d, operation %d, lane %d", v, k, l)
                            .isEqualTo(Float.floatToIntBits(lanes[l]));
                }
            }
        }
    }

    /** A record with methods of its own, called on values in a kernel. */
    record Complex(float re, float im) {
        Complex times(Complex o) {
            return new Complex(re * o.re - im * o.im, re * o.im + im * o.re);
        }

        float norm2() {
            return re * re + im * im;
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void methodsOfARecordRunOnRecordValues(Device device) {
        float[] x = floats(5);
        float[] out = new float[N / 2];
        try (var q = new Queue(device); var bx = Buffer.of(x); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var xs = bx.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(N / 4), it -> {
                    int i = it.id(0);
                    var a = new Complex(xs.get(4 * i), xs.get(4 * i + 1));
                    var b = new Complex(xs.get(4 * i + 2), xs.get(4 * i + 3));
                    Complex c = a.times(b);
                    o.set(2 * i, c.norm2());
                    o.set(2 * i + 1, c.im());
                });
            });
        }
        for (int i = 0; i < N / 4; i++) {
            Complex c = new Complex(x[4 * i], x[4 * i + 1]).times(new Complex(x[4 * i + 2], x[4 * i + 3]));
            assertThat(Float.floatToIntBits(out[2 * i])).as("norm2 %d", i).isEqualTo(Float.floatToIntBits(c.norm2()));
            assertThat(Float.floatToIntBits(out[2 * i + 1])).as("im %d", i).isEqualTo(Float.floatToIntBits(c.im()));
        }
    }

    @Test
    void aVectorPastTheEndFailsOnTheHostDevice() {
        try (var q = new Queue(Device.host()); var b = Buffer.of(new float[10])) {
            assertThatThrownBy(() -> {
                q.submit(h -> {
                    var a = b.readWrite(h);
                    h.parallelFor(Range.of(3), it -> a.set4(it.id(0), Float4.splat(1f)));
                });
                q.await();
            }).isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("vector index 2 out of bounds for 10 elements (elements 8 to 11)");
        }
    }

    @Test
    void get4OnATwoDimensionalAccessorIsRejected() {
        try (var q = new Queue(Device.host()); var b = Buffer.of(new float[16], Range.of(4, 4))) {
            assertThatThrownBy(() -> q.submit(h -> {
                var a = b.readWrite(h);
                h.parallelFor(Range.of(4), it -> a.set4(it.id(0), a.get4(it.id(0))));
            })).isInstanceOf(KernelLoweringException.class).hasMessageContaining("get4 and set4 work on captured 1-D");
        }
    }

    // ---------------------------------------------------------------- every element type and width

    /** The lane a kernel reads with {@code get(lane)} where the lane is not a constant. */
    private static final int LANE = 1;

    private static int[] ints(long seed) {
        var r = new SplittableRandom(seed);
        int[] v = new int[N];
        for (int i = 0; i < N; i++) {
            v[i] = r.nextInt();
        }
        v[3] = Integer.MIN_VALUE;
        v[5] = Integer.MAX_VALUE;
        v[6] = -1;
        return v;
    }

    private static long[] longs(long seed) {
        var r = new SplittableRandom(seed);
        long[] v = new long[N];
        for (int i = 0; i < N; i++) {
            v[i] = r.nextLong();
        }
        v[3] = Long.MIN_VALUE;
        v[5] = Long.MAX_VALUE;
        v[6] = -1;
        return v;
    }

    private static double[] doubles(long seed) {
        var r = new SplittableRandom(seed);
        double[] v = new double[N];
        for (int i = 0; i < N; i++) {
            v[i] = (r.nextDouble() - 0.5) * Math.pow(2, r.nextInt(-300, 300));
        }
        v[1] = Double.NaN;
        v[2] = -0.0;
        v[7] = Double.NEGATIVE_INFINITY;
        return v;
    }

    // Every operation of each record, as plain Java: the kernels call these, and so does the expectation.

    static Float2 ops(Float2 a, Float2 b, int lane) {
        return a.mul(b).add(a.mul(1.5f)).sub(b.div(a)).min(Float2.splat(a.get(lane))).max(b.mul(-0.25f))
                .add(Float2.splat(b.sum() + b.get(1)));
    }

    static Float4 ops(Float4 a, Float4 b, int lane) {
        return a.mul(b).add(a.mul(1.5f)).sub(b.div(a)).min(Float4.splat(a.get(lane))).max(b.mul(-0.25f))
                .add(Float4.splat(b.sum() + b.get(3)));
    }

    static Float8 ops(Float8 a, Float8 b, int lane) {
        return a.mul(b).add(a.mul(1.5f)).sub(b.div(a)).min(Float8.splat(a.get(lane))).max(b.mul(-0.25f))
                .add(Float8.splat(b.sum() + b.get(7)));
    }

    static Double2 ops(Double2 a, Double2 b, int lane) {
        return a.mul(b).add(a.mul(1.5)).sub(b.div(a)).min(Double2.splat(a.get(lane))).max(b.mul(-0.25))
                .add(Double2.splat(b.sum() + b.get(1)));
    }

    static Double4 ops(Double4 a, Double4 b, int lane) {
        return a.mul(b).add(a.mul(1.5)).sub(b.div(a)).min(Double4.splat(a.get(lane))).max(b.mul(-0.25))
                .add(Double4.splat(b.sum() + b.get(3)));
    }

    static Double8 ops(Double8 a, Double8 b, int lane) {
        return a.mul(b).add(a.mul(1.5)).sub(b.div(a)).min(Double8.splat(a.get(lane))).max(b.mul(-0.25))
                .add(Double8.splat(b.sum() + b.get(7)));
    }

    /** Divides by {@code b | 1}, never 0 but -1 where b is -1 or -2 (so MIN_VALUE / -1 is among the cases). */
    static Int2 ops(Int2 a, Int2 b, int lane) {
        return a.mul(b).add(a.mul(-7)).sub(a.div(b.or(Int2.splat(1)))).xor(Int2.splat(a.get(lane))).and(b.max(a))
                .or(a.min(b)).add(Int2.splat(b.sum() + b.get(1)));
    }

    static Int4 ops(Int4 a, Int4 b, int lane) {
        return a.mul(b).add(a.mul(-7)).sub(a.div(b.or(Int4.splat(1)))).xor(Int4.splat(a.get(lane))).and(b.max(a))
                .or(a.min(b)).add(Int4.splat(b.sum() + b.get(3)));
    }

    static Int8 ops(Int8 a, Int8 b, int lane) {
        return a.mul(b).add(a.mul(-7)).sub(a.div(b.or(Int8.splat(1)))).xor(Int8.splat(a.get(lane))).and(b.max(a))
                .or(a.min(b)).add(Int8.splat(b.sum() + b.get(7)));
    }

    static Long2 ops(Long2 a, Long2 b, int lane) {
        return a.mul(b).add(a.mul(-7L)).sub(a.div(b.or(Long2.splat(1L)))).xor(Long2.splat(a.get(lane))).and(b.max(a))
                .or(a.min(b)).add(Long2.splat(b.sum() + b.get(1)));
    }

    static Long4 ops(Long4 a, Long4 b, int lane) {
        return a.mul(b).add(a.mul(-7L)).sub(a.div(b.or(Long4.splat(1L)))).xor(Long4.splat(a.get(lane))).and(b.max(a))
                .or(a.min(b)).add(Long4.splat(b.sum() + b.get(3)));
    }

    static Long8 ops(Long8 a, Long8 b, int lane) {
        return a.mul(b).add(a.mul(-7L)).sub(a.div(b.or(Long8.splat(1L)))).xor(Long8.splat(a.get(lane))).and(b.max(a))
                .or(a.min(b)).add(Long8.splat(b.sum() + b.get(7)));
    }

    @ParameterizedTest
    @MethodSource("devices")
    void floatVectorsOfEveryWidthMatchJava(Device device) {
        float[] x = floats(11);
        float[] y = floats(12);
        float[] o2 = new float[N];
        float[] o4 = new float[N];
        float[] o8 = new float[N];
        try (var q = new Queue(device); var bx = Buffer.of(x); var by = Buffer.of(y); var b2 = Buffer.of(o2);
                var b4 = Buffer.of(o4); var b8 = Buffer.of(o8)) {
            q.submit(h -> {
                var a = bx.read(h);
                var b = by.read(h);
                var w2 = b2.write(h);
                var w4 = b4.write(h);
                var w8 = b8.write(h);
                int lane = LANE;
                h.parallelFor(Range.of(N / 8), it -> {
                    int i = it.id(0);
                    for (int k = 0; k < 4; k++) {
                        w2.set2(4 * i + k, ops(a.get2(4 * i + k), b.get2(4 * i + k), lane));
                    }
                    for (int k = 0; k < 2; k++) {
                        w4.set4(2 * i + k, ops(a.get4(2 * i + k), b.get4(2 * i + k), lane));
                    }
                    w8.set8(i, ops(a.get8(i), b.get8(i), lane));
                });
            });
        }
        for (int e = 0; e < N; e++) {
            int v2 = e / 2;
            int v4 = e / 4;
            int v8 = e / 8;
            float want2 = ops(new Float2(x[2 * v2], x[2 * v2 + 1]), new Float2(y[2 * v2], y[2 * v2 + 1]), LANE).get(e % 2);
            float want4 = ops(new Float4(x[4 * v4], x[4 * v4 + 1], x[4 * v4 + 2], x[4 * v4 + 3]),
                    new Float4(y[4 * v4], y[4 * v4 + 1], y[4 * v4 + 2], y[4 * v4 + 3]), LANE).get(e % 4);
            int b = 8 * v8;
            float want8 = ops(new Float8(x[b], x[b + 1], x[b + 2], x[b + 3], x[b + 4], x[b + 5], x[b + 6], x[b + 7]),
                    new Float8(y[b], y[b + 1], y[b + 2], y[b + 3], y[b + 4], y[b + 5], y[b + 6], y[b + 7]), LANE).get(e % 8);
            assertThat(Float.floatToIntBits(o2[e])).as("Float2, element %d", e).isEqualTo(Float.floatToIntBits(want2));
            assertThat(Float.floatToIntBits(o4[e])).as("Float4, element %d", e).isEqualTo(Float.floatToIntBits(want4));
            assertThat(Float.floatToIntBits(o8[e])).as("Float8, element %d", e).isEqualTo(Float.floatToIntBits(want8));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void doubleVectorsOfEveryWidthMatchJava(Device device) {
        assumeTrue(device.isHost() || device.hasFp64(), "device has no fp64");
        double[] x = doubles(13);
        double[] y = doubles(14);
        double[] o2 = new double[N];
        double[] o4 = new double[N];
        double[] o8 = new double[N];
        try (var q = new Queue(device); var bx = Buffer.of(x); var by = Buffer.of(y); var b2 = Buffer.of(o2);
                var b4 = Buffer.of(o4); var b8 = Buffer.of(o8)) {
            q.submit(h -> {
                var a = bx.read(h);
                var b = by.read(h);
                var w2 = b2.write(h);
                var w4 = b4.write(h);
                var w8 = b8.write(h);
                int lane = LANE;
                h.parallelFor(Range.of(N / 8), it -> {
                    int i = it.id(0);
                    for (int k = 0; k < 4; k++) {
                        w2.set2(4 * i + k, ops(a.get2(4 * i + k), b.get2(4 * i + k), lane));
                    }
                    for (int k = 0; k < 2; k++) {
                        w4.set4(2 * i + k, ops(a.get4(2 * i + k), b.get4(2 * i + k), lane));
                    }
                    w8.set8(i, ops(a.get8(i), b.get8(i), lane));
                });
            });
        }
        for (int e = 0; e < N; e++) {
            int v2 = e / 2;
            int v4 = e / 4;
            int b = 8 * (e / 8);
            double want2 = ops(new Double2(x[2 * v2], x[2 * v2 + 1]), new Double2(y[2 * v2], y[2 * v2 + 1]), LANE)
                    .get(e % 2);
            double want4 = ops(new Double4(x[4 * v4], x[4 * v4 + 1], x[4 * v4 + 2], x[4 * v4 + 3]),
                    new Double4(y[4 * v4], y[4 * v4 + 1], y[4 * v4 + 2], y[4 * v4 + 3]), LANE).get(e % 4);
            double want8 = ops(new Double8(x[b], x[b + 1], x[b + 2], x[b + 3], x[b + 4], x[b + 5], x[b + 6], x[b + 7]),
                    new Double8(y[b], y[b + 1], y[b + 2], y[b + 3], y[b + 4], y[b + 5], y[b + 6], y[b + 7]), LANE)
                    .get(e % 8);
            assertThat(Double.doubleToLongBits(o2[e])).as("Double2, element %d", e).isEqualTo(Double.doubleToLongBits(want2));
            assertThat(Double.doubleToLongBits(o4[e])).as("Double4, element %d", e).isEqualTo(Double.doubleToLongBits(want4));
            assertThat(Double.doubleToLongBits(o8[e])).as("Double8, element %d", e).isEqualTo(Double.doubleToLongBits(want8));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void intVectorsOfEveryWidthMatchJava(Device device) {
        int[] x = ints(15);
        int[] y = ints(16);
        int[] o2 = new int[N];
        int[] o4 = new int[N];
        int[] o8 = new int[N];
        try (var q = new Queue(device); var bx = Buffer.of(x); var by = Buffer.of(y); var b2 = Buffer.of(o2);
                var b4 = Buffer.of(o4); var b8 = Buffer.of(o8)) {
            q.submit(h -> {
                var a = bx.read(h);
                var b = by.read(h);
                var w2 = b2.write(h);
                var w4 = b4.write(h);
                var w8 = b8.write(h);
                int lane = LANE;
                h.parallelFor(Range.of(N / 8), it -> {
                    int i = it.id(0);
                    for (int k = 0; k < 4; k++) {
                        w2.set2(4 * i + k, ops(a.get2(4 * i + k), b.get2(4 * i + k), lane));
                    }
                    for (int k = 0; k < 2; k++) {
                        w4.set4(2 * i + k, ops(a.get4(2 * i + k), b.get4(2 * i + k), lane));
                    }
                    w8.set8(i, ops(a.get8(i), b.get8(i), lane));
                });
            });
        }
        for (int e = 0; e < N; e++) {
            int v2 = e / 2;
            int v4 = e / 4;
            int b = 8 * (e / 8);
            int want2 = ops(new Int2(x[2 * v2], x[2 * v2 + 1]), new Int2(y[2 * v2], y[2 * v2 + 1]), LANE).get(e % 2);
            int want4 = ops(new Int4(x[4 * v4], x[4 * v4 + 1], x[4 * v4 + 2], x[4 * v4 + 3]),
                    new Int4(y[4 * v4], y[4 * v4 + 1], y[4 * v4 + 2], y[4 * v4 + 3]), LANE).get(e % 4);
            int want8 = ops(new Int8(x[b], x[b + 1], x[b + 2], x[b + 3], x[b + 4], x[b + 5], x[b + 6], x[b + 7]),
                    new Int8(y[b], y[b + 1], y[b + 2], y[b + 3], y[b + 4], y[b + 5], y[b + 6], y[b + 7]), LANE).get(e % 8);
            assertThat(o2[e]).as("Int2, element %d", e).isEqualTo(want2);
            assertThat(o4[e]).as("Int4, element %d", e).isEqualTo(want4);
            assertThat(o8[e]).as("Int8, element %d", e).isEqualTo(want8);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void longVectorsOfEveryWidthMatchJava(Device device) {
        long[] x = longs(17);
        long[] y = longs(18);
        long[] o2 = new long[N];
        long[] o4 = new long[N];
        long[] o8 = new long[N];
        try (var q = new Queue(device); var bx = Buffer.of(x); var by = Buffer.of(y); var b2 = Buffer.of(o2);
                var b4 = Buffer.of(o4); var b8 = Buffer.of(o8)) {
            q.submit(h -> {
                var a = bx.read(h);
                var b = by.read(h);
                var w2 = b2.write(h);
                var w4 = b4.write(h);
                var w8 = b8.write(h);
                int lane = LANE;
                h.parallelFor(Range.of(N / 8), it -> {
                    int i = it.id(0);
                    for (int k = 0; k < 4; k++) {
                        w2.set2(4 * i + k, ops(a.get2(4 * i + k), b.get2(4 * i + k), lane));
                    }
                    for (int k = 0; k < 2; k++) {
                        w4.set4(2 * i + k, ops(a.get4(2 * i + k), b.get4(2 * i + k), lane));
                    }
                    w8.set8(i, ops(a.get8(i), b.get8(i), lane));
                });
            });
        }
        for (int e = 0; e < N; e++) {
            int v2 = e / 2;
            int v4 = e / 4;
            int b = 8 * (e / 8);
            long want2 = ops(new Long2(x[2 * v2], x[2 * v2 + 1]), new Long2(y[2 * v2], y[2 * v2 + 1]), LANE).get(e % 2);
            long want4 = ops(new Long4(x[4 * v4], x[4 * v4 + 1], x[4 * v4 + 2], x[4 * v4 + 3]),
                    new Long4(y[4 * v4], y[4 * v4 + 1], y[4 * v4 + 2], y[4 * v4 + 3]), LANE).get(e % 4);
            long want8 = ops(new Long8(x[b], x[b + 1], x[b + 2], x[b + 3], x[b + 4], x[b + 5], x[b + 6], x[b + 7]),
                    new Long8(y[b], y[b + 1], y[b + 2], y[b + 3], y[b + 4], y[b + 5], y[b + 6], y[b + 7]), LANE)
                    .get(e % 8);
            assertThat(o2[e]).as("Long2, element %d", e).isEqualTo(want2);
            assertThat(o4[e]).as("Long4, element %d", e).isEqualTo(want4);
            assertThat(o8[e]).as("Long8, element %d", e).isEqualTo(want8);
        }
    }

    /** Int8's lanes by name ({@code s0} to {@code s7}), by a constant and by a captured index, and its constructor. */
    static Int8 int8Lanes(Int8 v, int lane, int i) {
        Int8 w = v.mul(-3).add(Int8.splat(7)).xor(v).and(Int8.splat(0x7fff_fff0)).or(Int8.splat(1)).sub(v.max(v.mul(v)));
        return new Int8(w.sum(), v.get(lane), v.get(7), w.min(v).s3(), v.div(Int8.splat(3)).s0(), w.s5(), i, 0);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void int8LanesByNameAndByIndexMatchJava(Device device) {
        int n = 64;
        int[] in = new int[8 * n];
        for (int i = 0; i < in.length; i++) {
            in[i] = i * 0x9e3779b9 ^ (i >>> 3);
        }
        int[] out = new int[8 * n];
        int lane = 5;
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(n), it -> o.set8(it.id(0), int8Lanes(a.get8(it.id(0)), lane, it.id(0))));
            });
        }
        for (int v = 0; v < n; v++) {
            int b = 8 * v;
            Int8 want = int8Lanes(new Int8(in[b], in[b + 1], in[b + 2], in[b + 3], in[b + 4], in[b + 5], in[b + 6],
                    in[b + 7]), lane, v);
            assertThat(new Int8(out[b], out[b + 1], out[b + 2], out[b + 3], out[b + 4], out[b + 5], out[b + 6],
                    out[b + 7])).as("vector %d", v).isEqualTo(want);
        }
    }

    // ---------------------------------------------------------------- offsets, errors and edge cases

    /** A sub-buffer's accessor has an offset: the wide access starts there, as get does (vloadN needs no alignment). */
    @ParameterizedTest
    @MethodSource("devices")
    void aWideAccessOfASubBufferStartsAtItsOffset(Device device) {
        long[] data = new long[64];
        for (int i = 0; i < data.length; i++) {
            data[i] = i;
        }
        try (var q = new Queue(device); var b = Buffer.of(data); var sub = b.subBuffer(Id.of(3), Range.of(40))) {
            q.submit(h -> {
                var a = sub.readWrite(h);
                h.parallelFor(Range.of(5), it -> a.set8(it.id(0), a.get8(it.id(0)).mul(10L)));
            });
        }
        for (int i = 0; i < data.length; i++) {
            assertThat(data[i]).as("element %d", i).isEqualTo(i >= 3 && i < 43 ? 10L * i : i);
        }
    }

    @Test
    void aVectorPartlyPastTheEndFailsOnTheHostDeviceForEveryWidth() {
        try (var q = new Queue(Device.host()); var b = Buffer.of(new int[14])) {
            assertThatThrownBy(() -> {
                q.submit(h -> {
                    var a = b.readWrite(h);
                    h.parallelFor(Range.of(2), it -> a.set8(it.id(0), Int8.splat(1)));
                });
                q.await();
            }).isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("vector index 1 out of bounds for 14 elements (elements 8 to 15)");
            assertThatThrownBy(() -> {
                q.submit(h -> {
                    var a = b.readWrite(h);
                    h.parallelFor(Range.of(1), it -> a.set(0, a.get2(it.id(0) - 1).x()));
                });
                q.await();
            }).isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("vector index -1 out of bounds for 14 elements (elements -2 to -1)");
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aCheckedWideAccessPastTheEndFailsOnEveryDevice(Device device) {
        try (var q = new Queue(device); var b = Buffer.of(new double[10])) {
            assumeTrue(device.isHost() || device.hasFp64(), "device has no fp64");
            var e = q.submit(h -> {
                h.checked();
                var a = b.readWrite(h);
                h.parallelFor(Range.of(3), it -> a.set4(it.id(0), Double4.splat(1.0)));
            });
            assertThatThrownBy(e::await).isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("out of bounds");
        }
    }

    /** A zero divisor lane: Java throws, and so do the host device and a device in checked mode. */
    @ParameterizedTest
    @MethodSource("devices")
    void intVectorDivisionByZeroIsJavasInCheckedMode(Device device) {
        int[] data = {7, 8, 9, 10, 1, 0, 1, 1};
        try (var q = new Queue(device); var b = Buffer.of(data)) {
            var e = q.submit(h -> {
                h.checked();
                var a = b.readWrite(h);
                h.parallelFor(Range.of(1), it -> a.set4(0, a.get4(0).div(a.get4(1))));
            });
            assertThatThrownBy(e::await).isInstanceOf(ArithmeticException.class).hasMessageContaining("by zero");
        }
    }

    /** Unchecked on a device, a zero divisor gives 0 in that lane, as a scalar int division in a kernel does. */
    @Test
    void intVectorDivisionByZeroGivesZeroOnAnUncheckedDevice() {
        Device device = TestDevices.firstOpenCl();
        int[] data = {7, 8, 9, 10, 1, 0, 1, 1};
        try (var q = new Queue(device); var b = Buffer.of(data)) {
            q.submit(h -> {
                var a = b.readWrite(h);
                h.parallelFor(Range.of(1), it -> a.set4(0, a.get4(0).div(a.get4(1))));
            });
        }
        assertThat(data).startsWith(7, 0, 9, 10);
    }

    @Test
    void aWideAccessOfATwoDimensionalAccessorIsRejectedForEveryWidthAndType() {
        try (var q = new Queue(Device.host()); var b = Buffer.of(new long[64], Range.of(8, 8))) {
            assertThatThrownBy(() -> q.submit(h -> {
                var a = b.readWrite(h);
                h.parallelFor(Range.of(8), it -> a.set8(it.id(0), a.get8(it.id(0))));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("call to Accessor.OfLong.get8 on a 2-D long accessor")
                    .hasMessageContaining("get8 and set8 work on captured 1-D float, int, long and double accessors");
        }
    }

    @Test
    void aConstantLaneOutOfRangeIsRejectedNamingTheCall() {
        try (var q = new Queue(Device.host()); var b = Buffer.of(new float[16])) {
            assertThatThrownBy(() -> q.submit(h -> {
                var a = b.readWrite(h);
                h.parallelFor(Range.of(2), it -> a.set(it.id(0), a.get8(it.id(0)).get(8)));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("call to Float8.get(8)").hasMessageContaining("a Float8 has lanes 0 to 7");
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aLaneOutOfRangeIsAnIndexErrorInCheckedMode(Device device) {
        try (var q = new Queue(device); var b = Buffer.of(new int[8])) {
            int lane = 2;
            var e = q.submit(h -> {
                h.checked();
                var a = b.readWrite(h);
                h.parallelFor(Range.of(1), it -> a.set(0, a.get2(0).get(lane + it.id(0))));
            });
            assertThatThrownBy(e::await).isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("out of bounds");
        }
    }
}
