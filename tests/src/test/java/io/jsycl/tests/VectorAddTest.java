package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.samples.Saxpy;
import io.jsycl.samples.VectorAdd;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class VectorAddTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void vectorAddMatchesJava(Device device) {
        int n = 100_003;
        var random = new Random(1);
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = random.nextFloat() * 1000 - 500;
            b[i] = random.nextFloat();
        }
        float[] c = new float[n];
        try (var q = new Queue(device)) {
            VectorAdd.add(q, a, b, c);
        }
        for (int i = 0; i < n; i++) {
            assertThat(Float.floatToRawIntBits(c[i])).as("c[%d]", i).isEqualTo(Float.floatToRawIntBits(a[i] + b[i]));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void saxpyMatchesJavaBitForBit(Device device) {
        int n = 4097;
        var random = new Random(2);
        float[] x = new float[n];
        float[] y = new float[n];
        float[] expected = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextFloat() * 3;
            y[i] = random.nextFloat() - 0.5f;
            expected[i] = 1.7f * x[i] + y[i];
        }
        try (var q = new Queue(device)) {
            Saxpy.saxpy(q, 1.7f, x, y);
        }
        assertThat(y).isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void chainedKernelsSeeEachOthersWrites(Device device) {
        int n = 1000;
        int[] data = new int[n];
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            for (int step = 0; step < 5; step++) {
                int add = step;
                q.submit(h -> {
                    var acc = buf.readWrite(h);
                    h.parallelFor(Range.of(n), it -> acc.set(it.id(0), acc.get(it.id(0)) * 2 + add));
                });
            }
        }
        int expected = 0;
        for (int step = 0; step < 5; step++) {
            expected = expected * 2 + step;
        }
        for (int i = 0; i < n; i++) {
            assertThat(data[i]).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void singleTaskRunsOnce(Device device) {
        long[] out = new long[4];
        try (var q = new Queue(device); var buf = Buffer.of(out)) {
            q.submit(h -> {
                var o = buf.readWrite(h);
                h.singleTask(() -> {
                    long sum = 0;
                    for (int i = 1; i <= 100; i++) {
                        sum += i;
                    }
                    o.set(0, o.get(0) + sum);
                    o.set(3, Long.MAX_VALUE);
                });
            });
        }
        assertThat(out).containsExactly(5050L, 0L, 0L, Long.MAX_VALUE);
    }
}
