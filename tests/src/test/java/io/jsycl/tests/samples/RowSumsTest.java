package io.jsycl.tests.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.samples.RowSums;
import io.jsycl.tests.TestDevices;
import java.util.ArrayList;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RowSumsTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    /** Rows not a multiple of a group's 8; rows shorter than a sub-group, and longer, with a ragged end. */
    @ParameterizedTest
    @MethodSource("devices")
    void rowSumsAreJavasInTheSameOrderBitForBit(Device device) {
        var random = new Random(12);
        for (int[] shape : new int[][] {{37, 1000}, {9, 5}, {1, 33}}) {
            int rows = shape[0];
            int cols = shape[1];
            float[] matrix = new float[rows * cols];
            for (int i = 0; i < matrix.length; i++) {
                matrix[i] = (random.nextFloat() - 0.5f) * (1 << random.nextInt(20));
            }
            float[] sums;
            try (var q = new Queue(device)) {
                sums = RowSums.rowSums(q, matrix, rows, cols, new ArrayList<>());
            }
            float[] expected = RowSums.rowSumsInJava(matrix, rows, cols);
            for (int r = 0; r < rows; r++) {
                assertThat(Float.floatToRawIntBits(sums[r])).as("row %d of %d x %d: %s, Java %s", r, rows, cols,
                        sums[r], expected[r]).isEqualTo(Float.floatToRawIntBits(expected[r]));
            }
        }
    }
}
