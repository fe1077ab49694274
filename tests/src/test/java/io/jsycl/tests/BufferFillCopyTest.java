package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Id;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code buf.fill(q, value)} and {@code buf.copyTo(q, dst)} on every device, against Java loops. */
class BufferFillCopyTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void fillSetsAWholeBufferOrOnlyASubBuffersRegion(Device device) {
        int rows = 19;
        int cols = 23;
        int[] data = new int[rows * cols];
        for (int i = 0; i < data.length; i++) {
            data[i] = i;
        }
        float[] f = new float[1000];
        boolean[] flags = new boolean[77];
        try (var q = new Queue(device); var b = Buffer.of(data, Range.of(rows, cols)); var bf = Buffer.of(f);
             var bb = Buffer.of(flags)) {
            try (var region = b.subBuffer(Id.of(3, 4), Range.of(5, 6))) {
                region.fill(q, -7);
            }
            bf.fill(q, 2.5f);
            bb.fill(q, true).await();
        }
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                int want = i >= 3 && i < 8 && j >= 4 && j < 10 ? -7 : i * cols + j;
                assertThat(data[i * cols + j]).as("(%d, %d)", i, j).isEqualTo(want);
            }
        }
        assertThat(f).containsOnly(2.5f);
        assertThat(flags).containsOnly(true);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void copyToMovesElementsInRowMajorOrderBetweenShapes(Device device) {
        int rows = 12;
        int cols = 10;
        double[] src = new double[rows * cols];
        for (int i = 0; i < src.length; i++) {
            src[i] = i * 0.5;
        }
        double[] flat = new double[4 * 7];
        double[] copy = new double[src.length];
        try (var q = new Queue(device); var b = Buffer.of(src, Range.of(rows, cols)); var out = Buffer.of(flat);
             var whole = Buffer.of(copy)) {
            try (var region = b.subBuffer(Id.of(2, 1), Range.of(4, 7))) {
                region.copyTo(q, out);
                assertThatThrownBy(() -> region.copyTo(q, whole)).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("28 elements into a buffer of 120");
            }
            b.copyTo(q, whole);
        }
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 7; j++) {
                assertThat(flat[i * 7 + j]).isEqualTo(src[(2 + i) * cols + 1 + j]);
            }
        }
        assertThat(copy).containsExactly(src);
    }
}
