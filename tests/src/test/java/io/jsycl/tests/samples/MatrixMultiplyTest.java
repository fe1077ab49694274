package io.jsycl.tests.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.samples.MatrixMultiply;
import io.jsycl.tests.TestDevices;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MatrixMultiplyTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void tiledProductMatchesTripleLoopBitForBit(Device device) {
        int n = 48;
        var random = new Random(1);
        float[] a = new float[n * n];
        float[] b = new float[n * n];
        for (int i = 0; i < n * n; i++) {
            a[i] = random.nextFloat() * 2 - 1;
            b[i] = random.nextFloat() * 2 - 1;
        }
        float[] c = new float[n * n];
        try (var q = new Queue(device)) {
            MatrixMultiply.multiply(q, a, b, c, n);
        }
        float[] expected = new float[n * n];
        MatrixMultiply.multiplyInJava(a, b, expected, n);
        assertThat(c).isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void identityTimesMatrixIsTheMatrix(Device device) {
        int n = MatrixMultiply.TILE;
        float[] identity = new float[n * n];
        float[] m = new float[n * n];
        for (int i = 0; i < n; i++) {
            identity[i * n + i] = 1f;
            for (int j = 0; j < n; j++) {
                m[i * n + j] = i * 100 + j;
            }
        }
        float[] c = new float[n * n];
        try (var q = new Queue(device)) {
            MatrixMultiply.multiply(q, identity, m, c, n);
        }
        assertThat(c).isEqualTo(m);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void rejectsSizeThatIsNotAMultipleOfTheTile(Device device) {
        int n = MatrixMultiply.TILE + 1;
        float[] m = new float[n * n];
        try (var q = new Queue(device)) {
            assertThatThrownBy(() -> MatrixMultiply.multiply(q, m, m, m.clone(), n))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("multiple of 16: 17");
        }
    }
}
