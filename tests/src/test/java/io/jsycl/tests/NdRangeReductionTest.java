package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DistributedQueue;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.RangeMapper;
import io.jsycl.Reduction;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reductions over an nd-range ({@code h.parallelFor(ndRange, reduction, (it, r) -> ...)}), on every device against
 * plain Java loops: with local memory and a barrier in work-groups of 2-D shape and a size that is no power of two,
 * one by index per work-group, a custom operation over a 3-D range, and a DistributedQueue's refusal.
 */
class NdRangeReductionTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    /**
     * Each work-group of 6x5 work-items stages its tile in local memory, meets at a barrier, and each work-item sums its
     * value times its mirror's in the tile: the sum over the whole 60x25 range, combined with the output's 7.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void aSumAfterABarrierInGroupsOfThirtyWorkItems(Device device) {
        int rows = 60;
        int cols = 25;
        int[] values = TestData.ints(rows * cols, 21, r -> r.nextInt(-1_000_000, 1_000_000));
        long[] total = {7};
        try (var q = new Queue(device); var v = Buffer.of(values); var out = Buffer.of(total)) {
            q.submit(h -> {
                var a = v.read(h);
                var tile = LocalAccessor.ofInt(h, Range.of(30));
                h.parallelFor(NdRange.of(Range.of(rows, cols), Range.of(6, 5)), Reduction.sum(out), (it, sum) -> {
                    int local = (int) it.localLinearId();
                    int x = (int) it.globalId(0) * cols + (int) it.globalId(1);
                    tile.set(local, a.get(x));
                    it.barrier();
                    sum.combine((long) tile.get(local) * tile.get(29 - local));
                });
            });
        }
        long expected = 7;
        for (int gr = 0; gr < rows / 6; gr++) {
            for (int gc = 0; gc < cols / 5; gc++) {
                int[] tile = new int[30];
                for (int lr = 0; lr < 6; lr++) {
                    for (int lc = 0; lc < 5; lc++) {
                        tile[lr * 5 + lc] = values[(gr * 6 + lr) * cols + gc * 5 + lc];
                    }
                }
                for (int l = 0; l < 30; l++) {
                    expected += (long) tile[l] * tile[29 - l];
                }
            }
        }
        assertThat(total[0]).as("sum on %s", device.name()).isEqualTo(expected);
    }

    /** Each work-group's largest value, by the group's id: a reduction by index over an nd-range without barriers. */
    @ParameterizedTest
    @MethodSource("devices")
    void eachGroupsMaximumByIndex(Device device) {
        int n = 96 * 100;
        int groups = 100;
        int[] values = TestData.ints(n, 22, r -> r.nextInt(-1_000_000, 1_000_000));
        float[] maxima = new float[groups];
        java.util.Arrays.fill(maxima, Float.NEGATIVE_INFINITY);
        try (var q = new Queue(device); var v = Buffer.of(values); var out = Buffer.of(maxima)) {
            q.submit(h -> {
                var a = v.read(h);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(96)), Reduction.max(out),
                        (it, max) -> max.combine((int) it.groupId(0), a.get((int) it.globalId(0)) * 0.25f));
            });
        }
        float[] expected = new float[groups];
        java.util.Arrays.fill(expected, Float.NEGATIVE_INFINITY);
        for (int i = 0; i < n; i++) {
            expected[i / 96] = Math.max(expected[i / 96], values[i] * 0.25f);
        }
        assertThat(maxima).as("maxima on %s", device.name()).isEqualTo(expected);
    }

    /** A custom operation (an or of bits) over a 3-D nd-range in groups of 4x3x2. */
    @ParameterizedTest
    @MethodSource("devices")
    void aCustomOperationOverAThreeDimensionalRange(Device device) {
        int[] bits = {0};
        try (var q = new Queue(device); var out = Buffer.of(bits)) {
            q.submit(h -> h.parallelFor(NdRange.of(Range.of(8, 6, 4), Range.of(4, 3, 2)),
                    Reduction.of(out, 0, (p, p2) -> p | p2), (it, or) -> {
                        long linear = it.globalLinearId();
                        or.combine(linear % 31 == 3 || linear == 191 ? 1 << (int) (linear % 32) : 0);
                    }));
        }
        int expected = 0;
        for (int linear = 0; linear < 8 * 6 * 4; linear++) {
            expected |= linear % 31 == 3 || linear == 191 ? 1 << (linear % 32) : 0;
        }
        assertThat(bits[0]).as("bits on %s", device.name()).isEqualTo(expected);
    }

    @Test
    void aDistributedQueueRefusesAReductionOverAnNdRange() {
        List<Device> openCl = TestDevices.openCl();
        Assumptions.assumeFalse(openCl.isEmpty(), "no OpenCL device");
        Device d = openCl.getFirst();
        try (var dq = new DistributedQueue(List.of(d, d)); var bv = Buffer.of(new int[256]);
             var out = Buffer.of(new int[1])) {
            assertThatThrownBy(() -> dq.submit(h -> {
                var x = bv.read(h, RangeMapper.oneToOne());
                h.parallelFor(NdRange.of(Range.of(256), Range.of(64)), Reduction.sum(out),
                        (it, s) -> s.combine(x.get((int) it.globalId(0))));
            }).await()).isInstanceOf(UnsupportedOperationException.class)
                    .hasMessageContaining("submit h.parallelFor(NdRange, reduction, kernel) to a Queue");
        }
    }
}
