package io.jsycl.tests.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.samples.HalfGemv;
import io.jsycl.tests.TestDevices;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The half-precision GEMV sample gives Java's product bit for bit on every device. */
class HalfGemvTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void productMatchesJava(Device device) {
        int rows = 300;
        int cols = 257;
        var r = new SplittableRandom(4);
        short[] a = new short[rows * cols];
        for (int i = 0; i < a.length; i++) {
            a[i] = Float.floatToFloat16((float) r.nextDouble(-2, 2));
        }
        float[] x = new float[cols];
        for (int i = 0; i < cols; i++) {
            x[i] = (float) r.nextDouble(-1, 1);
        }
        float[] y;
        try (var q = new Queue(device)) {
            y = HalfGemv.gemv(q, a, x, rows);
        }
        float[] expected = HalfGemv.gemvInJava(a, x, rows);
        for (int i = 0; i < rows; i++) {
            assertThat(Float.floatToRawIntBits(y[i])).as("row %d on %s", i, device.name())
                    .isEqualTo(Float.floatToRawIntBits(expected[i]));
        }
    }
}
