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
 * A host accessor's bulk copies ({@code copyTo}, {@code copyFrom}) against its element-by-element {@code get} and
 * {@code set}, on every device: over a buffer's Java array, over the memory of a buffer made from a shape (mapped
 * device memory on CPU devices), and over sub-buffers whose elements lie one after another (whole rows) or not.
 */
class HostAccessorBulkCopyTest {
    private static final int ROWS = 37;
    private static final int COLS = 29;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    private static float value(int i, int j) {
        return i * 1000f + j + 0.25f;
    }

    /** A buffer of the data's shape, filled by a kernel, so that the host reads what a device wrote. */
    private static Buffer.OfFloat filled(Queue q) {
        var b = Buffer.ofFloat(Range.of(ROWS, COLS));
        q.submit(h -> {
            var o = b.writeNoInit(h);
            h.parallelFor(Range.of(ROWS, COLS), it -> o.set(it.id(0), it.id(1), it.id(0) * 1000f + it.id(1) + 0.25f));
        }).await();
        return b;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void copyToReadsWhatGetReadsForWholeBuffersRowsAndRegions(Device device) {
        try (var q = new Queue(device); var b = filled(q)) {
            var regions = new Buffer.OfFloat[] {b, b.subBuffer(Id.of(3, 0), Range.of(8, COLS)),
                b.subBuffer(Id.of(4, 5), Range.of(9, 11)), b.subBuffer(Id.of(6, 2), Range.of(1, 20))};
            for (Buffer.OfFloat r : regions) {
                try (var host = r.hostAccess()) {
                    float[] bulk = new float[host.size() + 3];
                    host.copyTo(bulk, 3);
                    float[] one = new float[host.size() + 3];
                    for (int i = 0; i < host.size(); i++) {
                        one[3 + i] = host.get(i);
                    }
                    assertThat(bulk).as("%s", r.range()).containsExactly(one);
                }
            }
            try (var host = b.hostAccess()) {
                float[] all = new float[ROWS * COLS];
                host.copyTo(all);
                assertThat(all[5 * COLS + 7]).isEqualTo(value(5, 7));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void copyFromWritesWhatAKernelThenReads(Device device) {
        try (var q = new Queue(device); var b = filled(q)) {
            var region = b.subBuffer(Id.of(4, 5), Range.of(9, 11));
            float[] src = new float[9 * 11];
            for (int i = 0; i < src.length; i++) {
                src[i] = -i;
            }
            try (var host = region.hostAccess()) {
                host.copyFrom(src);
            }
            var rows = b.subBuffer(Id.of(20, 0), Range.of(2, COLS));
            float[] rowSrc = new float[2 * COLS];
            java.util.Arrays.fill(rowSrc, 7.5f);
            try (var host = rows.hostAccess()) {
                host.copyFrom(rowSrc);
            }
            float[] doubled = new float[ROWS * COLS];
            try (var out = Buffer.of(doubled, Range.of(ROWS, COLS))) {
                q.submit(h -> {
                    var a = b.read(h);
                    var o = out.writeNoInit(h);
                    h.parallelFor(Range.of(ROWS, COLS), it -> o.set(it.id(0), it.id(1), 2 * a.get(it.id(0), it.id(1))));
                });
            }
            for (int i = 0; i < ROWS; i++) {
                for (int j = 0; j < COLS; j++) {
                    float want = i >= 4 && i < 13 && j >= 5 && j < 16 ? -((i - 4) * 11 + (j - 5))
                            : i == 20 || i == 21 ? 7.5f : value(i, j);
                    assertThat(doubled[i * COLS + j]).as("(%d, %d)", i, j).isEqualTo(2 * want);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void booleansAndTheErrors(Device device) {
        boolean[] flags = new boolean[100];
        try (var q = new Queue(device); var b = Buffer.of(flags)) {
            q.submit(h -> {
                var o = b.writeNoInit(h);
                h.parallelFor(Range.of(100), it -> o.set(it.id(0), it.id(0) % 3 == 0));
            }).await();
            var host = b.hostAccess();
            boolean[] out = new boolean[100];
            host.copyTo(out);
            for (int i = 0; i < 100; i++) {
                assertThat(out[i]).as("%d", i).isEqualTo(i % 3 == 0);
            }
            assertThatThrownBy(() -> host.copyTo(new boolean[99])).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> host.copyFrom(new boolean[100], 1)).isInstanceOf(IndexOutOfBoundsException.class);
            boolean[] none = new boolean[100];
            host.copyFrom(none);
            host.close();
            assertThatThrownBy(() -> host.copyTo(out)).isInstanceOf(IllegalStateException.class);
        }
        assertThat(flags).containsOnly(false);
    }
}
