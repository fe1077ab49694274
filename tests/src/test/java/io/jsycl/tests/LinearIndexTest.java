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

/**
 * {@code get(i)} and {@code set(i, v)} on 2-D and 3-D accessors index the accessor's region in row-major order, on
 * every device as on the host device and in Java: whole 2-D and 3-D buffers, and a 2-D sub-buffer at an offset.
 */
class LinearIndexTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aLinearIndexWalksTheRegionRowByRow(Device device) {
        int rows = 6;
        int cols = 10;
        int[] in = new int[rows * cols];
        for (int i = 0; i < in.length; i++) {
            in[i] = i * 7 + 1;
        }
        int[] twice = new int[rows * cols];
        int[] region = new int[rows * cols];
        int[] cube = new int[2 * 3 * 4];
        try (var q = new Queue(device);
             var src = Buffer.of(in, Range.of(rows, cols));
             var dst = Buffer.of(twice, Range.of(rows, cols));
             var all = Buffer.of(region, Range.of(rows, cols));
             var part = all.subBuffer(Id.of(2, 0), Range.of(3, cols));
             var box = Buffer.of(cube, Range.of(2, 3, 4))) {
            q.submit(h -> {
                var a = src.read(h);
                var b = dst.write(h);
                h.parallelFor(Range.of(rows * cols), it -> b.set(it.id(0), a.get(it.id(0)) * 2));
            });
            q.submit(h -> {
                var r = part.write(h);
                h.parallelFor(Range.of(3 * cols), it -> r.set(it.id(0), 1000 + it.id(0)));
            });
            q.submit(h -> {
                var c = box.write(h);
                h.parallelFor(Range.of(2 * 3 * 4), it -> c.set(it.id(0), it.id(0) * 3));
            });
        }
        for (int i = 0; i < in.length; i++) {
            assertThat(twice[i]).as("element %d on %s", i, device.name()).isEqualTo(in[i] * 2);
        }
        for (int row = 0; row < rows; row++) {
            for (int col = 0; col < cols; col++) {
                int expected = row >= 2 && row < 5 ? 1000 + (row - 2) * cols + col : 0;
                assertThat(region[row * cols + col]).as("(%d, %d) on %s", row, col, device.name())
                        .isEqualTo(expected);
            }
        }
        for (int i = 0; i < cube.length; i++) {
            assertThat(cube[i]).as("3-D element %d on %s", i, device.name()).isEqualTo(i * 3);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aCheckedKernelReportsALinearIndexPastTheRegion(Device device) {
        int[] data = new int[4 * 5];
        try (var q = new Queue(device)) {
            var buf = Buffer.of(data, Range.of(4, 5));
            var e = q.submit(h -> {
                h.checked();
                var o = buf.write(h);
                h.parallelFor(Range.of(20), it -> o.set(it.id(0) + 1, 1));
            });
            assertThatThrownBy(e::await).isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("20");
            buf.close(); // the failure was delivered once, by the await above
        }
    }
}
