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

/** Sub-buffers: views of a region of a parent buffer, indexed relative to their origin. */
class SubBufferTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void twoKernelsEachWriteOneHalf(Device device) {
        int n = 1001;
        int half = n / 2;
        float[] in = new float[n];
        for (int i = 0; i < n; i++) {
            in[i] = i * 0.25f;
        }
        float[] out = new float[n];
        try (var q = new Queue(device);
             var bi = Buffer.of(in);
             var bo = Buffer.of(out);
             var lo = bo.subBuffer(Id.of(0), Range.of(half));
             var hi = bo.subBuffer(Id.of(half), Range.of(n - half));
             var hiIn = bi.subBuffer(Id.of(half), Range.of(n - half))) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = lo.write(h);
                h.parallelFor(Range.of(half), it -> {
                    int i = it.id(0);
                    o.set(i, a.get(i) * 2 + 1);
                });
            });
            q.submit(h -> {
                var a = hiIn.read(h);
                var o = hi.write(h);
                h.parallelFor(Range.of(n - half), it -> {
                    int i = it.id(0);
                    o.set(i, a.get(i) * 3 - 1);
                });
            });
        }
        for (int i = 0; i < n; i++) {
            float expected = i < half ? in[i] * 2 + 1 : in[i] * 3 - 1;
            assertThat(out[i]).as("out[%d]", i).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void interiorBlockOfATwoDimensionalBuffer(Device device) {
        int n = 19;
        int m = 23;
        int[] data = new int[n * m];
        for (int i = 0; i < data.length; i++) {
            data[i] = i * 7 % 101;
        }
        int[] expected = data.clone();
        // Java: each interior cell becomes the sum of its row's neighbours inside the block (the
        // kernel reads only within its region) plus the cell itself times 10.
        int bn = n - 2;
        int bm = m - 2;
        for (int i = 0; i < bn; i++) {
            for (int j = 0; j < bm; j++) {
                int v = data[(i + 1) * m + j + 1] * 10;
                if (j > 0) {
                    v += data[(i + 1) * m + j];
                }
                if (i > 0) {
                    v += data[i * m + j + 1];
                }
                expected[(i + 1) * m + j + 1] = v;
            }
        }
        int[] out = data.clone();
        try (var q = new Queue(device);
             var bi = Buffer.of(data.clone(), Range.of(n, m));
             var bo = Buffer.of(out, Range.of(n, m));
             var si = bi.subBuffer(Id.of(1, 1), Range.of(bn, bm));
             var so = bo.subBuffer(Id.of(1, 1), Range.of(bn, bm))) {
            assertThat(so.range()).isEqualTo(Range.of(bn, bm));
            assertThat(so.size()).isEqualTo(bn * bm);
            q.submit(h -> {
                var a = si.read(h);
                var o = so.write(h); // the border is kept: it is not part of the region
                h.parallelFor(Range.of(bn, bm), it -> {
                    int i = it.id(0);
                    int j = it.id(1);
                    int v = a.get(i, j) * 10;
                    if (j > 0) {
                        v += a.get(i, j - 1);
                    }
                    if (i > 0) {
                        v += a.get(i - 1, j);
                    }
                    o.set(i, j, v);
                });
            });
        }
        assertThat(out).isEqualTo(expected);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void subAccessorReportsItsRangeAndSize(Device device) {
        int[] sizes = new int[3];
        double[] cells = new double[6 * 8 * 4];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = i;
        }
        try (var q = new Queue(device);
             var b = Buffer.of(cells, Range.of(6, 8, 4));
             var sub = b.subBuffer(Id.of(1, 2, 0), Range.of(3, 5, 4));
             var bs = Buffer.of(sizes)) {
            q.submit(h -> {
                var a = sub.readWrite(h);
                assertThat(a.range()).isEqualTo(Range.of(3, 5, 4));
                assertThat(a.size()).isEqualTo(60);
                var s = bs.write(h);
                h.singleTask(() -> {
                    s.set(0, a.size());
                    s.set(1, (int) a.get(0, 0, 0)); // the region's first cell: (1, 2, 0) of the parent
                    s.set(2, (int) a.get(2, 4, 3)); // its last: (3, 6, 3)
                });
            });
        }
        assertThat(sizes).containsExactly(60, (1 * 8 + 2) * 4, (3 * 8 + 6) * 4 + 3);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void threeDimensionalRegionWritesOnlyItsCells(Device device) {
        int n = 4;
        int m = 5;
        int k = 6;
        long[] out = new long[n * m * k];
        try (var q = new Queue(device);
             var b = Buffer.of(out, Range.of(n, m, k));
             var sub = b.subBuffer(Id.of(1, 2, 3), Range.of(2, 3, 2))) {
            q.submit(h -> {
                var o = sub.write(h);
                h.parallelFor(Range.of(2, 3, 2), it -> o.set(it.id(0), it.id(1), it.id(2),
                        1 + it.id(0) * 100L + it.id(1) * 10L + it.id(2)));
            });
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                for (int z = 0; z < k; z++) {
                    boolean inside = i >= 1 && i < 3 && j >= 2 && j < 5 && z >= 3 && z < 5;
                    long want = inside ? 1 + (i - 1) * 100L + (j - 2) * 10L + (z - 3) : 0;
                    assertThat(out[(i * m + j) * k + z]).as("(%d,%d,%d)", i, j, z).isEqualTo(want);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void regionOutsideTheParentIsRejected(Device device) {
        try (var b = Buffer.of(new float[10 * 10], Range.of(10, 10))) {
            assertThatThrownBy(() -> b.subBuffer(Id.of(5, 5), Range.of(6, 2)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("origin " + Id.of(5, 5))
                    .hasMessageContaining(String.valueOf(Range.of(6, 2)))
                    .hasMessageContaining(String.valueOf(Range.of(10, 10)));
            assertThatThrownBy(() -> b.subBuffer(Id.of(-1, 0), Range.of(1, 1)))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> b.subBuffer(Id.of(0), Range.of(1)))
                    .isInstanceOf(IllegalArgumentException.class);
            var sub = b.subBuffer(Id.of(2, 2), Range.of(4, 4));
            assertThatThrownBy(() -> sub.subBuffer(Id.of(1, 1), Range.of(4, 1)))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void hostAccessOfASubBufferSeesTheRegion(Device device) {
        int[] data = new int[30];
        try (var q = new Queue(device);
             var b = Buffer.of(data);
             var sub = b.subBuffer(Id.of(10), Range.of(10))) {
            q.submit(h -> {
                var o = sub.write(h);
                h.parallelFor(Range.of(10), it -> o.set(it.id(0), it.id(0) + 100));
            });
            try (var ha = sub.hostAccess()) {
                assertThat(ha.range()).isEqualTo(Range.of(10));
                assertThat(ha.get(0)).isEqualTo(100);
                assertThat(ha.get(9)).isEqualTo(109);
                assertThatThrownBy(() -> ha.get(10)).isInstanceOf(IndexOutOfBoundsException.class);
                ha.set(3, -3);
            }
        }
        for (int i = 0; i < 30; i++) {
            int want = i < 10 || i >= 20 ? 0 : i == 13 ? -3 : i - 10 + 100;
            assertThat(data[i]).as("data[%d]", i).isEqualTo(want);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void closingASubBufferWaitsButTheParentWritesBack(Device device) {
        int n = 64;
        float[] data = new float[n];
        try (var q = new Queue(device); var b = Buffer.of(data)) {
            var sub = b.subBuffer(Id.of(16), Range.of(32));
            q.submit(h -> {
                var o = sub.readWrite(h);
                h.parallelFor(Range.of(32), it -> o.set(it.id(0), o.get(it.id(0)) + it.id(0) + 1));
            });
            sub.close();
            sub.close();
            // A second kernel on the parent after the sub-buffer is closed still sees its writes.
            q.submit(h -> {
                var o = b.readWrite(h);
                h.parallelFor(Range.of(n), it -> o.set(it.id(0), o.get(it.id(0)) * 2));
            });
        }
        for (int i = 0; i < n; i++) {
            float want = i >= 16 && i < 48 ? (i - 16 + 1) * 2 : 0;
            assertThat(data[i]).as("data[%d]", i).isEqualTo(want);
        }
    }
}
