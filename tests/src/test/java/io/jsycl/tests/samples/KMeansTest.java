package io.jsycl.tests.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.samples.KMeans;
import io.jsycl.tests.TestDevices;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The k-means sample (one span reduction a step) on every device gives Java's centres bit for bit. */
class KMeansTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void centresMatchJava(Device device) {
        var r = new SplittableRandom(3);
        int n = 30_000;
        float[] xs = new float[n];
        float[] ys = new float[n];
        for (int i = 0; i < n; i++) {
            int cluster = r.nextInt(6);
            xs[i] = cluster * 40 + r.nextInt(31) - 15; // integers: every cluster's sums exact in any order
            ys[i] = (cluster % 2) * 40 + r.nextInt(31) - 15;
        }
        float[] centres = new float[12];
        for (int c = 0; c < 6; c++) {
            centres[2 * c] = xs[c];
            centres[2 * c + 1] = ys[c];
        }
        float[] expected = centres.clone();
        try (var q = new Queue(device)) {
            KMeans.cluster(q, xs, ys, centres, 5);
        }
        KMeans.clusterInJava(xs, ys, expected, 5);
        assertThat(centres).as("centres on %s", device.name()).isEqualTo(expected);
    }
}
