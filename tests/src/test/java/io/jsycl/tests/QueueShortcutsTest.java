package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Event;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.Reduction;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The queue's shortcuts ({@code q.parallelFor}, with reductions too, {@code q.singleTask}) over device memory, and its
 * copies and fills of buffers, each against a plain Java loop, bit for bit, on every device: what the command group
 * they stand for would compute.
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

    @ParameterizedTest
    @MethodSource("devices")
    void severalReductionsAndAnNdRangeReductionGiveJavasResults(Device device) {
        int n = 5000;
        int[] v = new int[n];
        long sum = 0;
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        int xor = 0;
        for (int i = 0; i < n; i++) {
            v[i] = (i * 7919) % 4001 - 2000;
            sum += v[i];
            min = Math.min(min, v[i]);
            max = Math.max(max, v[i]);
            xor ^= v[i];
        }
        int[] a = new int[1];
        int[] b = {Integer.MAX_VALUE};
        int[] c = {Integer.MIN_VALUE};
        int[] d = new int[1];
        long[] two = new long[1];
        int[] twoMax = {Integer.MIN_VALUE};
        int[] three = new int[3];
        int[] nd = new int[1];
        try (var q = new Queue(device); var in = DeviceArray.ofInt(q, n); var ba = Buffer.of(a);
             var bb = Buffer.of(b); var bc = Buffer.of(c); var bd = Buffer.of(d); var b2 = Buffer.of(two);
             var b2m = Buffer.of(twoMax); var t0 = Buffer.of(new int[1]); var t1 = Buffer.of(new int[] {min + 1});
             var t2 = Buffer.of(new int[1]); var bnd = Buffer.of(nd)) {
            Event copied = q.copy(v, in);
            q.parallelFor(Range.of(n), Reduction.sum(b2), Reduction.max(b2m), (it, s, m) -> {
                s.combine((long) in.get(it.id(0)));
                m.combine(in.get(it.id(0)));
            }, copied);
            q.parallelFor(Range.of(n), Reduction.sum(t0), Reduction.min(t1), Reduction.of(t2, 0, (x, y) -> x ^ y),
                    (it, s, lo, x) -> {
                        s.combine(in.get(it.id(0)));
                        lo.combine(in.get(it.id(0)));
                        x.combine(in.get(it.id(0)));
                    }, copied);
            q.parallelFor(Range.of(n), Reduction.sum(ba), Reduction.min(bb), Reduction.max(bc),
                    Reduction.of(bd, 0, (x, y) -> x ^ y), (it, s, lo, hi, x) -> {
                        int e = in.get(it.id(0));
                        s.combine(e);
                        lo.combine(e);
                        hi.combine(e);
                        x.combine(e);
                    }, copied);
            q.parallelFor(NdRange.of(Range.of(n), Range.of(100)), Reduction.sum(bnd),
                    (it, s) -> s.combine(in.get((int) it.globalId(0))), copied);
            try (var h0 = t0.hostRead(); var h1 = t1.hostRead(); var h2 = t2.hostRead()) {
                three[0] = h0.get(0);
                three[1] = h1.get(0);
                three[2] = h2.get(0);
            }
        }
        assertThat(two[0]).as("two reductions: sum on %s", device.name()).isEqualTo(sum);
        assertThat(twoMax[0]).as("two reductions: max").isEqualTo(max);
        assertThat(three).as("three reductions").containsExactly((int) sum, min, xor);
        assertThat(new int[] {a[0], b[0], c[0], d[0]}).as("four reductions").containsExactly((int) sum, min, max, xor);
        assertThat(nd[0]).as("an nd-range reduction").isEqualTo((int) sum);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void buffersAreFilledAndCopiedThroughTheQueue(Device device) {
        int n = 1000;
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = i * 0.5f - 7f;
        }
        float[] back = new float[n];
        float[] longer = new float[n + 3];
        double[] filled = new double[n];
        try (var q = new Queue(device); var a = Buffer.ofFloat(Range.of(n)); var b = Buffer.ofFloat(Range.of(n));
             var c = Buffer.of(filled)) {
            assertThat(q.copy(values, a).status()).isEqualTo(Event.Status.COMPLETE);
            q.copy(a, b);
            q.submit(h -> {
                var x = b.readWrite(h);
                h.parallelFor(Range.of(n), it -> x.set(it.id(0), x.get(it.id(0)) * 2f));
            });
            q.copy(b, back); // after the kernel that writes b
            q.copy(a, longer); // into its start
            q.fill(c, 2.5);
            assertThatThrownBy(() -> q.copy(new float[n - 1], a)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> q.copy(a, new float[3])).isInstanceOf(IndexOutOfBoundsException.class);
            try (var small = Buffer.ofFloat(Range.of(3))) {
                assertThatThrownBy(() -> q.copy(a, small)).isInstanceOf(IllegalArgumentException.class);
            }
        }
        for (int i = 0; i < n; i++) {
            assertThat(back[i]).as("element %d on %s", i, device.name()).isEqualTo(values[i] * 2f);
            assertThat(filled[i]).isEqualTo(2.5);
        }
        assertThat(longer).containsExactly(Arrays.copyOf(values, n + 3));
    }
}
