package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Event;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.Reduction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The queue's shortcuts ({@code q.parallelFor}, {@code q.singleTask}) over device memory, each against a plain Java
 * loop, bit for bit, on every device: what the command group they stand for would compute.
 */
class QueueShortcutsTest {
    static final int N = 10_000;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    private static float[] floats(int seed) {
        var r = new java.util.Random(seed);
        float[] a = new float[N];
        for (int i = 0; i < N; i++) {
            a[i] = r.nextFloat() * 100f - 50f;
        }
        return a;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void parallelForOverARangeAfterItsDependencies(Device device) {
        float[] x = floats(1);
        float[] y = floats(2);
        float alpha = 2.5f;
        float[] expected = new float[N];
        for (int i = 0; i < N; i++) {
            expected[i] = alpha * x[i] + y[i] + 1f;
        }
        float[] out = new float[N];
        try (var q = new Queue(device); var dx = DeviceArray.ofFloat(q, N); var dy = DeviceArray.ofFloat(q, N)) {
            Event copied = q.copy(x, dx);
            Event copiedY = q.copy(y, dy);
            Event saxpy = q.parallelFor(Range.of(N), it -> {
                int i = it.id(0);
                dy.set(i, alpha * dx.get(i) + dy.get(i));
            }, copied, copiedY);
            Event plusOne = q.parallelFor(Range.of(N), it -> dy.set(it.id(0), dy.get(it.id(0)) + 1f), saxpy);
            q.copy(dy, out, plusOne).await();
        }
        assertThat(out).containsExactly(expected);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void parallelForOverAnNdRangeSeesItsGroups(Device device) {
        int local = 64;
        int[] out = new int[N / local * local];
        try (var q = new Queue(device); var d = DeviceArray.ofInt(q, out.length)) {
            Event e = q.parallelFor(NdRange.of(Range.of(out.length), Range.of(local)),
                    it -> d.set(it.globalId(0), it.groupId(0) * 1000 + it.localId(0)));
            q.copy(d, out, e).await();
        }
        for (int i = 0; i < out.length; i++) {
            assertThat(out[i]).as("item %d", i).isEqualTo(i / local * 1000 + i % local);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void parallelForWithAReductionSums(Device device) {
        int[] v = new int[N];
        long expected = 0;
        for (int i = 0; i < N; i++) {
            v[i] = i * 7 % 1001 - 500;
            expected += v[i];
        }
        int[] sum = new int[1];
        try (var q = new Queue(device); var d = DeviceArray.ofInt(q, N)) {
            Event copied = q.copy(v, d);
            try (var out = Buffer.of(sum)) {
                q.parallelFor(Range.of(N), Reduction.sum(out), (it, s) -> s.combine(d.get(it.id(0))), copied).await();
            }
        }
        assertThat(sum[0]).isEqualTo((int) expected);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void singleTaskRunsOnce(Device device) {
        long[] out = new long[2];
        try (var q = new Queue(device); var d = DeviceArray.ofLong(q, 2)) {
            Event filled = q.fill(d, 5L);
            Event task = q.singleTask(() -> {
                long acc = 1;
                for (int i = 1; i <= 20; i++) {
                    acc *= i;
                }
                d.set(0, acc);
                d.set(1, d.get(1) + 1);
            }, filled);
            q.copy(d, out, task).await();
        }
        long factorial = 1;
        for (int i = 1; i <= 20; i++) {
            factorial *= i;
        }
        assertThat(out).containsExactly(factorial, 6L);
    }
}
