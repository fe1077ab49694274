package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.KernelLoweringException;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.Reduction;
import io.jsycl.samples.KMeans;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reductions of each element of an output on its own (SYCL's span reductions), in one {@code parallelFor}, on every
 * device against Java: k-means' per-cluster sums and counts in one kernel, integer sums, minima and maxima by index,
 * and a custom operator; the output's prior contents are combined in; and the errors for combining without an index.
 */
class SpanReductionTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    /**
     * One k-means step: each point's nearest of k centres (the KMeans sample's function), and each cluster's sums of
     * x and y and its count.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void kMeansSumsOfEveryClusterInOneParallelFor(Device device) {
        int n = 100_003;
        int k = 16;
        var points = TestData.Points.of(n, k, 7);
        float[] xs = points.xs();
        float[] ys = points.ys();
        float[] centres = points.centres();
        float[] sums = new float[3 * k]; // per cluster: x, y, count
        try (var q = new Queue(device); var bx = Buffer.of(xs); var by = Buffer.of(ys); var out = Buffer.of(sums)) {
            q.submit(h -> {
                var x = bx.read(h);
                var y = by.read(h);
                h.parallelFor(Range.of(n), Reduction.sum(out), (it, s) -> {
                    int i = it.id(0);
                    int c = KMeans.nearest(centres, x.get(i), y.get(i));
                    s.combine(3 * c, x.get(i));
                    s.combine(3 * c + 1, y.get(i));
                    s.combine(3 * c + 2, 1f);
                });
            });
        }
        float[] expected = new float[3 * k];
        for (int i = 0; i < n; i++) {
            int c = KMeans.nearest(centres, xs[i], ys[i]);
            expected[3 * c] += xs[i];
            expected[3 * c + 1] += ys[i];
            expected[3 * c + 2] += 1f;
        }
        assertThat(sums).as("per-cluster sums on %s", device.name()).isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void integerSumsMinimaMaximaAndACustomOperatorByIndex(Device device) {
        int n = 50_000;
        int bins = 300; // more than a work-group's work-items: each shares several elements out
        int[] values = TestData.ints(n, 8, SplittableRandom::nextInt);
        int[] sums = new int[bins];
        sums[5] = 1000; // combined with what the output holds
        int[] minima = new int[bins];
        java.util.Arrays.fill(minima, Integer.MAX_VALUE);
        long[] maxima = new long[bins];
        java.util.Arrays.fill(maxima, Long.MIN_VALUE);
        int[] xors = new int[bins];
        try (var q = new Queue(device); var v = Buffer.of(values); var s = Buffer.of(sums); var mn = Buffer.of(minima);
             var mx = Buffer.of(maxima); var xo = Buffer.of(xors)) {
            q.submit(h -> {
                var a = v.read(h);
                h.parallelFor(Range.of(n), Reduction.sum(s),
                        (it, red) -> red.combine(Math.floorMod(a.get(it.id(0)), bins), a.get(it.id(0))));
            });
            q.submit(h -> {
                var a = v.read(h);
                h.parallelFor(Range.of(n), Reduction.min(mn),
                        (it, red) -> red.combine(it.id(0) % bins, a.get(it.id(0))));
            });
            q.submit(h -> {
                var a = v.read(h);
                h.parallelFor(Range.of(n), Reduction.max(mx), (it, red) -> red.combine(it.id(0) % bins,
                        (long) a.get(it.id(0)) * 3));
            });
            q.submit(h -> {
                var a = v.read(h);
                h.parallelFor(Range.of(n), Reduction.of(xo, 0, (p, q2) -> p ^ q2),
                        (it, red) -> red.combine(it.id(0) % bins, a.get(it.id(0))));
            });
        }
        int[] eSums = new int[bins];
        eSums[5] = 1000;
        int[] eMin = new int[bins];
        java.util.Arrays.fill(eMin, Integer.MAX_VALUE);
        long[] eMax = new long[bins];
        java.util.Arrays.fill(eMax, Long.MIN_VALUE);
        int[] eXor = new int[bins];
        for (int i = 0; i < n; i++) {
            eSums[Math.floorMod(values[i], bins)] += values[i];
            eMin[i % bins] = Math.min(eMin[i % bins], values[i]);
            eMax[i % bins] = Math.max(eMax[i % bins], (long) values[i] * 3);
            eXor[i % bins] ^= values[i];
        }
        assertThat(sums).as("sums on %s", device.name()).isEqualTo(eSums);
        assertThat(minima).as("minima on %s", device.name()).isEqualTo(eMin);
        assertThat(maxima).as("maxima on %s", device.name()).isEqualTo(eMax);
        assertThat(xors).as("xors on %s", device.name()).isEqualTo(eXor);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void combiningOneValueIntoSeveralElementsSaysWhichToCall(Device device) {
        float[] out = new float[4];
        try (var q = new Queue(device); var o = Buffer.of(out)) {
            assertThatThrownBy(() -> q.submit(h -> h.parallelFor(Range.of(8), Reduction.sum(o),
                    (it, s) -> s.combine(1f)))).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("over 4 elements").hasMessageContaining("combine(index, v)");
        }
    }
}
