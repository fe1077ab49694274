package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Float4;
import io.jsycl.KernelLoweringException;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code Float4} loads and stores ({@code get4}/{@code set4}, vload4/vstore4 on a device) and its lane arithmetic, and
 * methods of records called on record values in kernels: every result bit for bit against the same Java code.
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
}
