package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DistributedQueue;
import io.jsycl.KernelLoweringException;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.RangeMapper;
import io.jsycl.Reduction;
import io.jsycl.SyclException;
import io.jsycl.samples.KMeans;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Two to four reductions in one {@code parallelFor} (SYCL's {@code parallel_for} with several reductions), on every
 * device against plain Java loops: k-means' per-cluster sums and counts as three reductions of different types, one
 * value each of four types and operations (a custom one among them) combined with the outputs' prior contents,
 * reductions of one value beside ones by index, the same kernel run again, a DistributedQueue's devices each taking
 * their rows; and the errors: one output twice, combining one value into several elements, outputs too large for
 * local memory together.
 */
class SeveralReductionsTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    /** One k-means step: each cluster's sums of x and of y (floats) and its count (ints), three span reductions. */
    @ParameterizedTest
    @MethodSource("devices")
    void kMeansSumsAndCountsAsThreeReductionsOfTwoTypes(Device device) {
        int n = 100_003;
        int k = 16;
        var points = TestData.Points.of(n, k, 11);
        float[] xs = points.xs();
        float[] ys = points.ys();
        float[] centres = points.centres();
        float[] sumX = new float[k];
        float[] sumY = new float[k];
        int[] counts = new int[k];
        try (var q = new Queue(device); var bx = Buffer.of(xs); var by = Buffer.of(ys); var sx = Buffer.of(sumX);
             var sy = Buffer.of(sumY); var cn = Buffer.of(counts)) {
            q.submit(h -> {
                var x = bx.read(h);
                var y = by.read(h);
                h.parallelFor(Range.of(n), Reduction.sum(sx), Reduction.sum(sy), Reduction.sum(cn), (it, a, b, c) -> {
                    int i = it.id(0);
                    int nearest = KMeans.nearest(centres, x.get(i), y.get(i));
                    a.combine(nearest, x.get(i));
                    b.combine(nearest, y.get(i));
                    c.combine(nearest, 1);
                });
            });
        }
        float[] eX = new float[k];
        float[] eY = new float[k];
        int[] eCounts = new int[k];
        for (int i = 0; i < n; i++) {
            int c = KMeans.nearest(centres, xs[i], ys[i]);
            eX[c] += xs[i];
            eY[c] += ys[i];
            eCounts[c]++;
        }
        assertThat(sumX).as("x sums on %s", device.name()).isEqualTo(eX);
        assertThat(sumY).as("y sums on %s", device.name()).isEqualTo(eY);
        assertThat(counts).as("counts on %s", device.name()).isEqualTo(eCounts);
    }

    /**
     * An int sum, a float minimum, a long maximum and a custom xor of one value each, every output combined with what
     * it held, and the same kernel submitted twice (the second run combines into the first's results).
     */
    @ParameterizedTest
    @MethodSource("devices")
    void fourReductionsOfOneValueEachCombineWithTheOutputsPriorContents(Device device) {
        int n = 77_777;
        int[] values = TestData.ints(n, 12, SplittableRandom::nextInt);
        int[] sum = {1000};
        float[] min = {Float.POSITIVE_INFINITY};
        long[] max = {Long.MIN_VALUE};
        int[] xor = {0x5a5a5a5a};
        try (var q = new Queue(device); var v = Buffer.of(values); var s = Buffer.of(sum); var mn = Buffer.of(min);
             var mx = Buffer.of(max); var xo = Buffer.of(xor)) {
            for (int run = 0; run < 2; run++) {
                q.submit(h -> {
                    var a = v.read(h);
                    h.parallelFor(Range.of(n), Reduction.sum(s), Reduction.min(mn), Reduction.max(mx),
                            Reduction.of(xo, 0, (p, p2) -> p ^ p2), (it, rs, rmin, rmax, rxor) -> {
                                int x = a.get(it.id(0));
                                rs.combine(x);
                                rmin.combine((float) x * 0.5f);
                                rmax.combine((long) x * x);
                                rxor.combine(x * 31);
                            });
                });
            }
        }
        int eSum = 1000;
        float eMin = Float.POSITIVE_INFINITY;
        long eMax = Long.MIN_VALUE;
        int eXor = 0x5a5a5a5a;
        for (int run = 0; run < 2; run++) {
            for (int x : values) {
                eSum += x;
                eMin = Math.min(eMin, (float) x * 0.5f);
                eMax = Math.max(eMax, (long) x * x);
                eXor ^= x * 31;
            }
        }
        assertThat(sum[0]).as("sum on %s", device.name()).isEqualTo(eSum);
        assertThat(min[0]).as("minimum on %s", device.name()).isEqualTo(eMin);
        assertThat(max[0]).as("maximum on %s", device.name()).isEqualTo(eMax);
        assertThat(xor[0]).as("xor on %s", device.name()).isEqualTo(eXor);
    }

    /** A double sum of one value beside a histogram (a reduction by index) of the same items, and a third by index. */
    @ParameterizedTest
    @MethodSource("devices")
    void reductionsOfOneValueBesideReductionsByIndex(Device device) {
        int n = 65_537;
        int bins = 300; // more than a work-group's work-items: each shares several elements out
        int[] values = TestData.ints(n, 13, SplittableRandom::nextInt);
        double[] total = {0.5};
        int[] histogram = new int[bins];
        long[] largest = new long[bins];
        Arrays.fill(largest, Long.MIN_VALUE);
        try (var q = new Queue(device); var v = Buffer.of(values); var t = Buffer.of(total);
             var hist = Buffer.of(histogram); var big = Buffer.of(largest)) {
            q.submit(h -> {
                var a = v.read(h);
                h.parallelFor(Range.of(n), Reduction.sum(t), Reduction.sum(hist), Reduction.max(big), (it, sum, hs, mx) -> {
                    int x = a.get(it.id(0));
                    int bin = Math.floorMod(x, bins);
                    sum.combine((double) (x >> 8)); // integers below 2^24: the double sum is exact in any order
                    hs.combine(bin, 1);
                    mx.combine(bin, (long) x - 7);
                });
            });
        }
        double eTotal = 0.5;
        int[] eHist = new int[bins];
        long[] eLargest = new long[bins];
        Arrays.fill(eLargest, Long.MIN_VALUE);
        for (int x : values) {
            int bin = Math.floorMod(x, bins);
            eTotal += x >> 8;
            eHist[bin]++;
            eLargest[bin] = Math.max(eLargest[bin], (long) x - 7);
        }
        assertThat(total[0]).as("total on %s", device.name()).isEqualTo(eTotal);
        assertThat(histogram).as("histogram on %s", device.name()).isEqualTo(eHist);
        assertThat(largest).as("largest on %s", device.name()).isEqualTo(eLargest);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void oneOutputForTwoReductionsIsRefused(Device device) {
        try (var q = new Queue(device); var out = Buffer.of(new int[1])) {
            assertThatThrownBy(() -> q.submit(h -> h.parallelFor(Range.of(8), Reduction.sum(out), Reduction.max(out),
                    (it, a, b) -> {
                        a.combine(it.id(0));
                        b.combine(it.id(0));
                    }))).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("reductions 1 and 2").hasMessageContaining("same output buffer");
        }
    }

    /** The second reducer combines one value into an output of four elements: the message names the fix. */
    @ParameterizedTest
    @MethodSource("devices")
    void combiningOneValueIntoTheSecondReductionsSeveralElementsSaysWhichToCall(Device device) {
        try (var q = new Queue(device); var one = Buffer.of(new int[1]); var four = Buffer.of(new float[4])) {
            assertThatThrownBy(() -> q.submit(h -> h.parallelFor(Range.of(8), Reduction.sum(one), Reduction.sum(four),
                    (it, a, b) -> {
                        a.combine(1);
                        b.combine(1f);
                    }))).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("over 4 elements").hasMessageContaining("combine(index, v)");
        }
    }

    /**
     * A DistributedQueue splits a parallelFor with several reductions like one with one: each device reduces its rows
     * into a part of each, and each output takes its parts, in device order, with what it held before. Integer sums,
     * a maximum and a long sum give Java's results exactly on one, two and three devices (two different ones where
     * the machine has them, as CI's PoCL does).
     */
    @Test
    void aDistributedQueueCombinesSeveralReductionsAcrossDevices() {
        List<Device> openCl = TestDevices.openCl();
        Assumptions.assumeFalse(openCl.isEmpty(), "no OpenCL device");
        Device d = openCl.getFirst();
        Device other = openCl.getLast();
        int n = 10_007;
        int[] v = new int[n];
        long sum = 5;
        int max = Integer.MIN_VALUE;
        long squares = 0;
        for (int i = 0; i < n; i++) {
            v[i] = (i * 7919) % 2001 - 1000;
            sum += v[i];
            max = Math.max(max, v[i]);
            squares += (long) v[i] * v[i];
        }
        for (List<Device> devices : List.of(List.of(d), List.of(d, other), List.of(other, d, d))) {
            int[] total = {5};
            int[] top = {Integer.MIN_VALUE};
            long[] sq = {0};
            try (var dq = new DistributedQueue(devices); var bv = Buffer.of(v); var a = Buffer.of(total);
                 var b = Buffer.of(top); var c = Buffer.of(sq)) {
                dq.submit(h -> {
                    var x = bv.read(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), Reduction.sum(a), Reduction.max(b), Reduction.sum(c), (it, s, m, q) -> {
                        int e = x.get(it.id(0));
                        s.combine(e);
                        m.combine(e);
                        q.combine((long) e * e);
                    });
                }).await();
            }
            assertThat(total[0]).as("sum on %s", devices).isEqualTo((int) sum);
            assertThat(top[0]).as("max on %s", devices).isEqualTo(max);
            assertThat(sq[0]).as("sum of squares on %s", devices).isEqualTo(squares);
        }
    }

    /**
     * Several reductions whose second device's chunk fails (a checked kernel dividing by zero): the command's event
     * throws the kernel's failure, every output keeps the value it had, and their host accessors and closes do not
     * wait for combines that will not come.
     */
    @Test
    void aFailedChunkLeavesEveryOutputAsItWas() {
        List<Device> openCl = TestDevices.openCl();
        Assumptions.assumeFalse(openCl.isEmpty(), "no OpenCL device");
        Device d = openCl.getFirst();
        int n = 4096;
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = i == n - 7 ? 0 : 1 + i % 5;
        }
        int[] total = {11};
        int[] top = {-3};
        try (var dq = new DistributedQueue(List.of(d, d)); var bv = Buffer.of(v); var a = Buffer.of(total);
             var b = Buffer.of(top)) {
            var e = dq.submit(h -> {
                h.checked();
                var x = bv.read(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), Reduction.sum(a), Reduction.max(b), (it, s, m) -> {
                    s.combine(100 / x.get(it.id(0)));
                    m.combine(x.get(it.id(0)));
                });
            });
            assertThatThrownBy(e::await).isInstanceOf(ArithmeticException.class);
            try (var ha = a.hostAccess(); var hb = b.hostAccess()) {
                assertThat(ha.get(0)).isEqualTo(11);
                assertThat(hb.get(0)).isEqualTo(-3);
            }
            dq.await();
        }
        assertThat(total[0]).isEqualTo(11);
        assertThat(top[0]).isEqualTo(-3);
    }

    /**
     * Four reductions over 4096 doubles keep 128 KiB per work-group in local memory: on a device with less (a GPU),
     * the submit says so and how to split them, instead of a launch the driver refuses.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void reductionsWhoseScratchExceedsLocalMemoryAreRefusedWithTheFix(Device device) {
        Assumptions.assumeFalse(device.isHost(), "the host device keeps its reducers on the Java heap");
        Assumptions.assumeTrue(device.localMemSize() < 4L * 4096 * Double.BYTES, "the device's local memory holds them");
        try (var q = new Queue(device); var a = Buffer.of(new double[4096]); var b = Buffer.of(new double[4096]);
             var c = Buffer.of(new double[4096]); var d = Buffer.of(new double[4096])) {
            assertThatThrownBy(() -> q.submit(h -> h.parallelFor(Range.of(64), Reduction.sum(a), Reduction.sum(b),
                    Reduction.sum(c), Reduction.sum(d), (it, ra, rb, rc, rd) -> {
                        ra.combine(it.id(0), 1.0);
                        rb.combine(it.id(0), 1.0);
                        rc.combine(it.id(0), 1.0);
                        rd.combine(it.id(0), 1.0);
                    }))).isInstanceOf(SyclException.class).hasMessageContaining("local memory")
                    .hasMessageContaining("split it into several parallelFor calls");
        }
    }

    /**
     * Checked mode (one work-item per item): two reductions give Java's results, and an index past an accessor in
     * their kernel is reported with the work-item, on every device; then an nd-range reduction the same way.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void checkedReductionsGiveJavasResultsAndNameAnIndexOutOfBounds(Device device) {
        int n = 5_000;
        int[] values = TestData.ints(n, 14, SplittableRandom::nextInt);
        int[] sum = {0};
        long[] max = {Long.MIN_VALUE};
        int[] groupSum = {0};
        try (var q = new Queue(device); var v = Buffer.of(values); var s = Buffer.of(sum); var m = Buffer.of(max);
             var g = Buffer.of(groupSum)) {
            q.submit(h -> {
                h.checked();
                var a = v.read(h);
                h.parallelFor(Range.of(n), Reduction.sum(s), Reduction.max(m), (it, rs, rm) -> {
                    rs.combine(a.get(it.id(0)));
                    rm.combine((long) a.get(it.id(0)) << 2);
                });
            }).await();
            q.submit(h -> {
                h.checked();
                var a = v.read(h);
                h.parallelFor(io.jsycl.NdRange.of(Range.of(n), Range.of(40)), Reduction.sum(g),
                        (it, rs) -> rs.combine(a.get((int) it.globalId(0)) >> 4));
            }).await();
            // Into outputs of its own: a device's other work-items still combine into them.
            try (var s2 = Buffer.of(new int[1]); var m2 = Buffer.of(new long[1])) {
                assertThatThrownBy(() -> q.submit(h -> {
                    h.checked();
                    var a = v.read(h);
                    h.parallelFor(Range.of(n), Reduction.sum(s2), Reduction.max(m2), (it, rs, rm) -> {
                        rs.combine(a.get(it.id(0) + 1));
                        rm.combine(a.get(it.id(0)));
                    });
                }).await()).isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("work-item");
            }
        }
        int eSum = 0;
        long eMax = Long.MIN_VALUE;
        int eGroup = 0;
        for (int x : values) {
            eSum += x;
            eMax = Math.max(eMax, (long) x << 2);
            eGroup += x >> 4;
        }
        assertThat(sum[0]).as("sum on %s", device.name()).isEqualTo(eSum);
        assertThat(max[0]).as("maximum on %s", device.name()).isEqualTo(eMax);
        assertThat(groupSum[0]).as("nd-range sum on %s", device.name()).isEqualTo(eGroup);
    }
}
