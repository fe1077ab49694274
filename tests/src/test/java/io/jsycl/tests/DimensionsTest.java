package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.tests.adversarial.Watchdog;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** 2-D and 3-D ranges and buffers: index order, item queries and row-major layout match Java's loops. */
class DimensionsTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void twoDimensionalKernelIndexesRowMajor(Device device) {
        int rows = 37;
        int cols = 53;
        float[] in = new float[rows * cols];
        for (int i = 0; i < in.length; i++) {
            in[i] = i * 0.5f;
        }
        float[] out = new float[rows * cols];
        try (var q = new Queue(device);
             var bi = Buffer.of(in, Range.of(rows, cols));
             var bo = Buffer.of(out, Range.of(rows, cols))) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(rows, cols), it -> {
                    int i = it.id(0);
                    int j = it.id(1);
                    o.set(i, j, a.get(i, j) * 2 + i * 1000 + j + it.range(0) * 100_000 + it.range(1) * 10_000_000);
                });
            });
        }
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                float expected = in[i * cols + j] * 2 + i * 1000 + j + rows * 100_000 + cols * 10_000_000;
                assertThat(out[i * cols + j]).as("out[%d][%d]", i, j).isEqualTo(expected);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void threeDimensionalKernelIndexesRowMajor(Device device) {
        int n = 5;
        int m = 7;
        int k = 9;
        long[] out = new long[n * m * k];
        int[] lin = new int[n * m * k];
        try (var q = new Queue(device);
             var bo = Buffer.of(out, Range.of(n, m, k));
             var bl = Buffer.of(lin, Range.of(n, m, k))) {
            q.submit(h -> {
                var o = bo.write(h);
                var l = bl.write(h);
                h.parallelFor(Range.of(n, m, k), it -> {
                    int i = it.id(0);
                    int j = it.id(1);
                    int z = it.id(2);
                    o.set(i, j, z, i * 10_000L + j * 100L + z);
                    l.set(i, j, z, (int) it.linearId() * it.dimensions());
                });
            });
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                for (int z = 0; z < k; z++) {
                    int at = (i * m + j) * k + z;
                    assertThat(out[at]).isEqualTo(i * 10_000L + j * 100L + z);
                    assertThat(lin[at]).isEqualTo(at * 3);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void oneDimensionalLoopsAndBranches(Device device) {
        int n = 777;
        int[] out = new int[n];
        try (var q = new Queue(device); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var o = bo.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int x = it.id(0);
                    int steps = 0;
                    while (x != 1 && x != 0 && steps < 1000) {
                        if ((x & 1) == 0) {
                            x = x / 2;
                        } else {
                            x = 3 * x + 1;
                        }
                        steps++;
                    }
                    int sum = 0;
                    for (int i = 0; i < 10; i++) {
                        if (i == 7) {
                            break;
                        }
                        if (i % 2 == 1) {
                            continue;
                        }
                        sum += i;
                    }
                    o.set(it.id(0), steps * 100 + sum);
                });
            });
        }
        for (int i = 0; i < n; i++) {
            int x = i;
            int steps = 0;
            while (x != 1 && x != 0 && steps < 1000) {
                x = (x & 1) == 0 ? x / 2 : 3 * x + 1;
                steps++;
            }
            assertThat(out[i]).as("out[%d]", i).isEqualTo(steps * 100 + 12);
        }
    }

    /** 2^30 x 2^30 x 16 is 2^64 items: the count once wrapped to 0 and the launch ran nothing, silently. */
    @ParameterizedTest
    @MethodSource("devices")
    @Watchdog.Limit(seconds = 30)
    void aRangeOfMoreItemsThanALongHoldsIsRejectedBeforeItRuns(Device device) {
        int[] out = new int[4];
        try (var q = new Queue(device); var bo = Buffer.of(out)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = bo.write(h);
                h.parallelFor(Range.of(1 << 30, 1 << 30, 16), it -> o.set(0, 1));
            })).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("1073741824 x 1073741824 x 16");
            q.submit(h -> {
                var o = bo.write(h);
                h.parallelFor(Range.of(4), it -> o.set(it.id(0), 7));
            });
        }
        assertThat(out).containsOnly(7);
    }
}
