package io.jsycl.tests.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.samples.Histogram;
import io.jsycl.tests.TestDevices;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class HistogramTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    private static byte[] randomBytes(int n, long seed) {
        byte[] data = new byte[n];
        new Random(seed).nextBytes(data);
        return data;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void globalAtomicsCountExactly(Device device) {
        byte[] data = randomBytes(100_003, 1);
        int[] bins = new int[Histogram.BINS];
        try (var q = new Queue(device)) {
            Histogram.histogram(q, data, bins);
        }
        assertThat(bins).isEqualTo(Histogram.histogramInJava(data));
    }

    @ParameterizedTest
    @MethodSource("devices")
    void localBinsCountExactly(Device device) {
        byte[] data = randomBytes(100_003, 2);
        int[] bins = new int[Histogram.BINS];
        try (var q = new Queue(device)) {
            Histogram.histogramPrivatized(q, data, bins, 5);
        }
        assertThat(bins).isEqualTo(Histogram.histogramInJava(data));
    }

    @ParameterizedTest
    @MethodSource("devices")
    void countsAddToPriorContentsAndFewerBytesThanWorkItems(Device device) {
        byte[] data = {0, 0, (byte) 255, 7};
        int[] bins = new int[Histogram.BINS];
        Arrays.fill(bins, 10);
        try (var q = new Queue(device)) {
            Histogram.histogramPrivatized(q, data, bins, 3);
        }
        assertThat(bins[0]).isEqualTo(12);
        assertThat(bins[7]).isEqualTo(11);
        assertThat(bins[255]).isEqualTo(11);
        assertThat(bins[1]).isEqualTo(10);
    }
}
