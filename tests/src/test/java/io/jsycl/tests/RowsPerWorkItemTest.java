package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A 2-D or 3-D kernel over a range may run two or four adjacent rows per work-item (items along dimension 0, the
 * slowest in memory; {@code JSYCL_ROWS_PER_WORK_ITEM}, by default on GPUs for large ranges, forced here). Either way
 * every item runs exactly once with its own ids, as in Java: rows that are a multiple of four, even only, odd, one,
 * padded launches and not, 2-D and 3-D accessors, repeated launches. Checked kernels, nd-range kernels and kernels
 * with a strided access (a transpose's store) run one item per work-item.
 */
@Isolated
class RowsPerWorkItemTest {
    /** Runs {@code body} with the given settings on the first OpenCL device; returns the scheduler's trace. */
    private static List<String> traced(String rows, String padRanges, Consumer<Queue> body) {
        return LaunchShapes.traced(TestDevices.firstOpenCl(), body, "jsycl.rowsPerWorkItem", rows, "jsycl.padRanges",
                padRanges);
    }

    private static List<String> launches(List<String> trace) {
        return LaunchShapes.launches(trace);
    }

    /** The rows per work-item the runtime runs for {@code rows} forced on a range with {@code r0} rows. */
    private static int expectedRows(int forced, int r0) {
        return forced == 4 && r0 % 4 == 0 ? 4 : forced >= 2 && r0 % 2 == 0 ? 2 : 1;
    }

    /** The trace's words for {@code rows} per work-item over {@code extents} with its rows divided, or null for one. */
    private static String rowsWords(int rows, int... extents) {
        if (rows == 1) {
            return null;
        }
        var text = new StringBuilder(rows == 4 ? "four" : "two").append(" rows per work-item over ")
                .append(extents[0] / rows);
        for (int d = 1; d < extents.length; d++) {
            text.append(" x ").append(extents[d]);
        }
        return text.append(" work-items").toString();
    }

    @Test
    void everyItemRunsOnceWithItsIdsIn2dAnd3dRanges() {
        int[][] shapes = {{8, 37}, {6, 33}, {5, 64}, {4, 1}, {1, 7}, {12, 257}, {64, 64}, {2, 3},
            {8, 5, 7}, {6, 9, 33}, {3, 4, 5}, {4, 4, 4}, {12, 1, 3}};
        for (String pad : new String[] {"off", "on"}) {
            for (int forced : new int[] {4, 2}) {
                for (int[] shape : shapes) {
                    var probe = new EveryItemOnce(shape);
                    String as = "pad " + pad + ", rows " + forced + ", range " + java.util.Arrays.toString(shape);
                    var trace = traced(Integer.toString(forced), pad, probe::submit);
                    probe.assertRanOnce(as);
                    String words = rowsWords(expectedRows(forced, shape[0]), shape);
                    var launch = assertThat(launches(trace)).as(as).singleElement().asString();
                    if (words != null) {
                        launch.contains(words);
                    } else {
                        launch.doesNotContain("rows per work-item");
                    }
                }
            }
        }
    }

    @Test
    void stencilsOverTwoAndThreeDimensionalBuffersKeepJavasResults() {
        int rows = 64;
        int cols = 48;
        float[] image = new float[rows * cols];
        for (int i = 0; i < image.length; i++) {
            image[i] = (i % 13) * 0.5f - (i % 7) * 0.25f;
        }
        int n = 12;
        float[] cube = new float[n * n * n];
        for (int i = 0; i < cube.length; i++) {
            cube[i] = (i % 11) * 0.125f + i * 1e-3f;
        }
        float[] wantImage = image.clone();
        float[] scratch = new float[image.length];
        for (int step = 0; step < 3; step++) { // Java: three Jacobi steps
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    int c = i * cols + j;
                    scratch[c] = i == 0 || j == 0 || i == rows - 1 || j == cols - 1 ? wantImage[c]
                            : 0.25f * (wantImage[c - cols] + wantImage[c + cols] + wantImage[c - 1] + wantImage[c + 1]);
                }
            }
            System.arraycopy(scratch, 0, wantImage, 0, scratch.length);
        }
        float[] wantCube = new float[cube.length];
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    int c = (k * n + i) * n + j;
                    wantCube[c] = k == 0 || i == 0 || j == 0 || k == n - 1 || i == n - 1 || j == n - 1 ? cube[c]
                            : 0.4f * cube[c] + 0.1f * (cube[c - 1] + cube[c + 1] + cube[c - n] + cube[c + n]
                            + cube[c - n * n] + cube[c + n * n]);
                }
            }
        }
        float[] gotImage = image.clone();
        float[] gotCube = new float[cube.length];
        var trace = traced("4", "on", q -> {
            try (var a = Buffer.of(gotImage, Range.of(rows, cols)); var b = Buffer.ofFloat(Range.of(rows, cols));
                 var in3 = Buffer.of(cube, Range.of(n, n, n)); var out3 = Buffer.of(gotCube, Range.of(n, n, n))) {
                var from = a;
                var to = b;
                for (int step = 0; step < 3; step++) { // the same kernel repeated, its buffers swapped
                    var src = from;
                    var dst = to;
                    q.submit(h -> {
                        var x = src.read(h);
                        var y = dst.writeNoInit(h);
                        h.parallelFor(Range.of(rows, cols), it -> {
                            int i = it.id(0);
                            int j = it.id(1);
                            y.set(i, j, i == 0 || j == 0 || i == rows - 1 || j == cols - 1 ? x.get(i, j)
                                    : 0.25f * (x.get(i - 1, j) + x.get(i + 1, j) + x.get(i, j - 1) + x.get(i, j + 1)));
                        });
                    });
                    from = dst;
                    to = src;
                }
                if (from != a) { // three steps end in b: copy back into the image's buffer
                    var last = from;
                    q.submit(h -> {
                        var x = last.read(h);
                        var y = a.writeNoInit(h);
                        h.parallelFor(Range.of(rows, cols), it -> y.set(it.id(0), it.id(1), x.get(it.id(0), it.id(1))));
                    });
                }
                q.submit(h -> {
                    var x = in3.read(h);
                    var y = out3.writeNoInit(h);
                    h.parallelFor(Range.of(n, n, n), it -> {
                        int k = it.id(0);
                        int i = it.id(1);
                        int j = it.id(2);
                        y.set(k, i, j, k == 0 || i == 0 || j == 0 || k == n - 1 || i == n - 1 || j == n - 1
                                ? x.get(k, i, j)
                                : 0.4f * x.get(k, i, j) + 0.1f * (x.get(k, i, j - 1) + x.get(k, i, j + 1)
                                + x.get(k, i - 1, j) + x.get(k, i + 1, j) + x.get(k - 1, i, j) + x.get(k + 1, i, j)));
                    });
                });
            }
        });
        assertThat(gotImage).as("three Jacobi steps").isEqualTo(wantImage);
        assertThat(gotCube).as("a 7-point stencil").isEqualTo(wantCube);
        var launches = launches(trace);
        assertThat(launches).hasSize(5);
        assertThat(launches.subList(0, 4)).allMatch(m -> m.contains(rowsWords(4, rows, cols)));
        assertThat(launches.get(4)).contains(rowsWords(4, n, n, n));
    }

    @Test
    void aTransposeRunsOneRowPerWorkItem() {
        int rows = 64;
        int cols = 96;
        float[] in = new float[rows * cols];
        for (int i = 0; i < in.length; i++) {
            in[i] = i * 0.5f;
        }
        float[] out = new float[rows * cols];
        var trace = traced("4", "on", q -> {
            try (var a = Buffer.of(in, Range.of(rows, cols)); var b = Buffer.of(out, Range.of(cols, rows))) {
                q.submit(h -> { // the store strides along the range's last dimension
                    var x = a.read(h);
                    var y = b.writeNoInit(h);
                    h.parallelFor(Range.of(rows, cols), it -> y.set(it.id(1), it.id(0), x.get(it.id(0), it.id(1))));
                });
            }
        });
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                assertThat(out[j * rows + i]).as("out[%d][%d]", j, i).isEqualTo(in[i * cols + j]);
            }
        }
        assertThat(launches(trace)).singleElement().asString().doesNotContain("rows per work-item");
    }

    @Test
    void checkedAndNdRangeKernelsAndOneRowRunOneItemPerWorkItem() {
        int rows = 16;
        int cols = 32;
        int[] checked = new int[rows * cols];
        int[] nd = new int[rows * cols];
        int[] one = new int[rows * cols];
        int[] auto = new int[rows * cols];
        for (String forced : new String[] {"4", "1", null}) {
            var trace = traced(forced, "on", q -> {
                try (var bc = Buffer.of(checked, Range.of(rows, cols)); var bn = Buffer.of(nd, Range.of(rows, cols));
                     var bo = Buffer.of(one, Range.of(rows, cols)); var ba = Buffer.of(auto, Range.of(rows, cols))) {
                    q.submit(h -> { // a checked kernel names a failing item by its id: one item per work-item
                        h.checked();
                        var c = bc.write(h);
                        h.parallelFor(Range.of(rows, cols),
                                it -> c.set(it.id(0), it.id(1), it.id(0) * 1000 / (it.id(1) + 1)));
                    });
                    q.submit(h -> {
                        var c = bn.write(h);
                        h.parallelFor(NdRange.of(Range.of(rows, cols), Range.of(4, 8)),
                                it -> c.set(it.globalId(0), it.globalId(1), (int) it.globalLinearId() * 3));
                    });
                    q.submit(h -> {
                        var c = bo.write(h);
                        h.parallelFor(Range.of(rows, cols), it -> c.set(it.id(0), it.id(1), (int) it.linearId() + 5));
                    });
                    q.submit(h -> { // far below the auto threshold of any GPU
                        var c = ba.write(h);
                        h.parallelFor(Range.of(rows, cols), it -> c.set(it.id(0), it.id(1), it.id(0) - it.id(1)));
                    });
                }
            });
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    int c = i * cols + j;
                    assertThat(checked[c]).as("checked[%d][%d]", i, j).isEqualTo(i * 1000 / (j + 1));
                    assertThat(nd[c]).as("nd[%d][%d]", i, j).isEqualTo(c * 3);
                    assertThat(one[c]).as("one[%d][%d]", i, j).isEqualTo(c + 5);
                    assertThat(auto[c]).as("auto[%d][%d]", i, j).isEqualTo(i - j);
                }
            }
            var launches = launches(trace);
            assertThat(launches).as("rows %s", forced).hasSize(4);
            assertThat(launches.subList(0, 2)).as("rows %s", forced).noneMatch(m -> m.contains("rows per work-item"));
            if ("4".equals(forced)) {
                assertThat(launches.subList(2, 4)).allMatch(m -> m.contains(rowsWords(4, rows, cols)));
            } else {
                assertThat(launches.subList(2, 4)).as("rows %s", forced)
                        .noneMatch(m -> m.contains("rows per work-item"));
            }
            java.util.Arrays.fill(checked, 0);
            java.util.Arrays.fill(nd, 0);
            java.util.Arrays.fill(one, 0);
            java.util.Arrays.fill(auto, 0);
        }
    }
}
