package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** One kernel per element type; each result is compared with the same expression computed in Java. */
class ElementTypesTest {
    private static final int N = 3001;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void intArithmeticWrapsLikeJava(Device device) {
        var random = new Random(11);
        int[] a = random.ints(N).toArray();
        int[] b = random.ints(N).toArray();
        int[] out = new int[N];
        try (var q = new Queue(device); var bufA = Buffer.of(a); var bufB = Buffer.of(b); var bufO = Buffer.of(out)) {
            q.submit(h -> {
                var x = bufA.read(h);
                var y = bufB.read(h);
                var o = bufO.write(h);
                h.parallelFor(Range.of(N), it -> {
                    int i = it.id(0);
                    int v = x.get(i) * 31 + y.get(i);
                    o.set(i, v < 0 ? -v : v ^ (v << 3) ^ (v >>> 5) ^ (v >> 2));
                });
            });
        }
        for (int i = 0; i < N; i++) {
            int v = a[i] * 31 + b[i];
            assertThat(out[i]).as("out[%d]", i).isEqualTo(v < 0 ? -v : v ^ (v << 3) ^ (v >>> 5) ^ (v >> 2));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void longArithmeticWrapsLikeJava(Device device) {
        var random = new Random(12);
        long[] a = random.longs(N).toArray();
        long[] out = new long[N];
        try (var q = new Queue(device); var bufA = Buffer.of(a); var bufO = Buffer.of(out)) {
            q.submit(h -> {
                var x = bufA.read(h);
                var o = bufO.write(h);
                h.parallelFor(Range.of(N), it -> {
                    long v = x.get(it.id(0));
                    o.set(it.id(0), v * 6364136223846793005L + 1442695040888963407L - (v >>> 7));
                });
            });
        }
        for (int i = 0; i < N; i++) {
            long v = a[i];
            assertThat(out[i]).isEqualTo(v * 6364136223846793005L + 1442695040888963407L - (v >>> 7));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void floatDivisionIsCorrectlyRounded(Device device) {
        var random = new Random(13);
        float[] a = new float[N];
        float[] b = new float[N];
        for (int i = 0; i < N; i++) {
            a[i] = (random.nextFloat() - 0.5f) * 1e6f;
            b[i] = random.nextFloat() + 1e-3f;
        }
        float[] out = new float[N];
        try (var q = new Queue(device); var bufA = Buffer.of(a); var bufB = Buffer.of(b); var bufO = Buffer.of(out)) {
            q.submit(h -> {
                var x = bufA.read(h);
                var y = bufB.read(h);
                var o = bufO.write(h);
                h.parallelFor(Range.of(N), it -> {
                    int i = it.id(0);
                    o.set(i, x.get(i) / y.get(i) - x.get(i) * y.get(i));
                });
            });
        }
        for (int i = 0; i < N; i++) {
            assertThat(Float.floatToRawIntBits(out[i])).as("out[%d]", i)
                    .isEqualTo(Float.floatToRawIntBits(a[i] / b[i] - a[i] * b[i]));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void doubleArithmeticMatchesJava(Device device) {
        assumeTrue(device.hasFp64(), "device has no fp64");
        var random = new Random(14);
        double[] a = random.doubles(N).toArray();
        double[] out = new double[N];
        try (var q = new Queue(device); var bufA = Buffer.of(a); var bufO = Buffer.of(out)) {
            q.submit(h -> {
                var x = bufA.read(h);
                var o = bufO.write(h);
                h.parallelFor(Range.of(N), it -> {
                    double v = x.get(it.id(0));
                    o.set(it.id(0), v * v / 3.0 + 1.0 / (v + 0.5));
                });
            });
        }
        for (int i = 0; i < N; i++) {
            double v = a[i];
            assertThat(Double.doubleToRawLongBits(out[i])).isEqualTo(Double.doubleToRawLongBits(v * v / 3.0 + 1.0 / (v + 0.5)));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void shortByteAndCharNarrowLikeJava(Device device) {
        short[] s = new short[N];
        byte[] b = new byte[N];
        char[] c = new char[N];
        for (int i = 0; i < N; i++) {
            s[i] = (short) (i * 37);
            b[i] = (byte) (i * 13);
            c[i] = (char) (i * 101);
        }
        short[] s2 = s.clone();
        byte[] b2 = b.clone();
        char[] c2 = c.clone();
        try (var q = new Queue(device); var bs = Buffer.of(s2); var bb = Buffer.of(b2); var bc = Buffer.of(c2)) {
            q.submit(h -> {
                var xs = bs.readWrite(h);
                var xb = bb.readWrite(h);
                var xc = bc.readWrite(h);
                h.parallelFor(Range.of(N), it -> {
                    int i = it.id(0);
                    xs.set(i, (short) (xs.get(i) * 3 + 1000));
                    xb.set(i, (byte) (xb.get(i) * 7 - 3));
                    xc.set(i, (char) (xc.get(i) + 60000));
                });
            });
        }
        for (int i = 0; i < N; i++) {
            assertThat(s2[i]).isEqualTo((short) (s[i] * 3 + 1000));
            assertThat(b2[i]).isEqualTo((byte) (b[i] * 7 - 3));
            assertThat(c2[i]).isEqualTo((char) (c[i] + 60000));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void booleansRoundTrip(Device device) {
        boolean[] flags = new boolean[N];
        int[] values = new int[N];
        for (int i = 0; i < N; i++) {
            values[i] = i * 7 % 13;
        }
        try (var q = new Queue(device); var bf = Buffer.of(flags); var bv = Buffer.of(values)) {
            q.submit(h -> {
                var f = bf.write(h);
                var v = bv.read(h);
                h.parallelFor(Range.of(N), it -> {
                    int x = v.get(it.id(0));
                    f.set(it.id(0), x > 6 && x != 9);
                });
            });
        }
        for (int i = 0; i < N; i++) {
            assertThat(flags[i]).as("flags[%d]", i).isEqualTo(values[i] > 6 && values[i] != 9);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void capturedScalarsOfEveryTypeReachTheKernel(Device device) {
        double[] out = new double[8];
        assumeTrue(device.hasFp64(), "device has no fp64");
        int i0 = -5;
        long l0 = 1L << 40;
        float f0 = 0.25f;
        double d0 = 1e-300;
        short s0 = -300;
        byte b0 = -7;
        char c0 = 'Z';
        boolean z0 = true;
        try (var q = new Queue(device); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var o = bo.write(h);
                h.singleTask(() -> {
                    o.set(0, i0);
                    o.set(1, l0);
                    o.set(2, f0);
                    o.set(3, d0);
                    o.set(4, s0);
                    o.set(5, b0);
                    o.set(6, c0);
                    o.set(7, z0 ? 1.0 : 0.0);
                });
            });
        }
        assertThat(out).containsExactly(-5.0, (double) (1L << 40), 0.25, 1e-300, -300.0, -7.0, 'Z', 1.0);
    }
}
