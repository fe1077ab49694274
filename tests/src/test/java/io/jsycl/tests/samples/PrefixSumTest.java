package io.jsycl.tests.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.samples.OnePassScan;
import io.jsycl.samples.PrefixSum;
import io.jsycl.samples.StreamCompaction;
import io.jsycl.tests.TestDevices;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The prefix-sum (three kernels and one pass) and stream-compaction samples against Java loops, on every device, at
 * sizes around a tile.
 */
class PrefixSumTest {
    private static final int[] SIZES = {1, 255, PrefixSum.TILE - 1, PrefixSum.TILE, PrefixSum.TILE + 1,
            2 * PrefixSum.TILE + 1, 100_003};

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    private static int[] data(int n, long seed) {
        var r = new SplittableRandom(seed);
        int[] d = new int[n];
        for (int i = 0; i < n; i++) {
            d[i] = r.nextInt(); // sums overflow: the scan wraps like Java's int
        }
        return d;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void inclusiveScanMatchesAJavaLoop(Device device) {
        try (var q = new Queue(device)) {
            for (int n : SIZES) {
                int[] d = data(n, n);
                assertThat(PrefixSum.inclusiveScan(q, d)).as("n = %d", n).isEqualTo(PrefixSum.inclusiveScanInJava(d));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void onePassScanMatchesAJavaLoop(Device device) {
        try (var q = new Queue(device)) {
            for (int n : SIZES) {
                int[] d = data(n, 7 * n);
                assertThat(OnePassScan.inclusiveScan(q, d)).as("n = %d", n).isEqualTo(PrefixSum.inclusiveScanInJava(d));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void compactionKeepsTheElementsAboveTheThresholdInOrder(Device device) {
        try (var q = new Queue(device)) {
            for (int n : SIZES) {
                int[] d = data(n, 31 * n);
                for (int threshold : new int[] {Integer.MIN_VALUE, 0, Integer.MAX_VALUE / 2 * 3 / 2}) {
                    assertThat(StreamCompaction.compact(q, d, threshold)).as("n = %d, threshold %d", n, threshold)
                            .isEqualTo(StreamCompaction.compactInJava(d, threshold));
                }
            }
        }
    }
}
