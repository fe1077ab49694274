package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A kernel reading the memory ranges of two or more accessors in one dimension gets a program variant that computes
 * their row strides from one parameter ({@code -DJSYCL_SHARED_STRIDES}) where the launch's buffers have equal extents
 * there, and its own stride per accessor where they differ. Either way the results are Java's: buffers of one shape,
 * of different widths, a 2-D buffer beside a 3-D one whose middle extent equals the 2-D one's width. The variant is on
 * by default on GPUs only ({@code JSYCL_SHARED_STRIDES}); the tests force it on, and check the default.
 */
@Isolated
class SharedStridesTest {
    private static final String SHARED = "one row stride for its accessors";
    private static final String PROPERTY = "jsycl.sharedStrides";
    private String before;

    @BeforeEach
    void forceOn() {
        before = System.setProperty(PROPERTY, "on");
    }

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(PROPERTY);
        } else {
            System.setProperty(PROPERTY, before);
        }
    }

    private static List<String> launches(List<String> trace) {
        return LaunchShapes.launches(trace);
    }

    /** out[i][j] = a[i][j] * 2 + a[i][min(j + 1, inCols - 1)] over {@code rows x cols}, a {@code rows x inCols}. */
    private static float[] expected(float[] a, int rows, int cols, int inCols) {
        float[] out = new float[rows * cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                out[i * cols + j] = a[i * inCols + j] * 2f + a[i * inCols + Math.min(j + 1, inCols - 1)];
            }
        }
        return out;
    }

    /** The kernel over the {@code rows x cols} output; the input is {@code rows x inCols}. */
    private static float[] run(Queue q, float[] a, int rows, int cols, int inCols) {
        float[] out = new float[rows * cols];
        try (var in = Buffer.of(a, Range.of(rows, inCols)); var o = Buffer.of(out, Range.of(rows, cols))) {
            q.submit(h -> {
                var src = in.read(h);
                var dst = o.writeNoInit(h);
                h.parallelFor(Range.of(rows, cols), it -> {
                    int i = it.id(0);
                    int j = it.id(1);
                    dst.set(i, j, src.get(i, j) * 2f + src.get(i, Math.min(j + 1, inCols - 1)));
                });
            });
        }
        return out;
    }

    @Test
    void equalAndDifferentWidthsKeepJavasResults() {
        for (Device device : TestDevices.openCl()) {
            int rows = 37;
            int cols = 53;
            try (var capture = new TraceCapture(); var q = new Queue(device)) {
                // One kernel, launches over inputs wider than the output and as wide, in turn: two programs of one
                // lowering, each launch taking its own.
                for (int inCols : new int[] {cols + 1, cols, cols + 9, cols}) {
                    float[] a = TestData.floats(rows * inCols, inCols);
                    capture.clear();
                    float[] out = run(q, a, rows, cols, inCols);
                    assertThat(out).as("%s, input %dx%d", device.name(), rows, inCols)
                            .containsExactly(expected(a, rows, cols, inCols));
                    var launch = assertThat(launches(capture.messages())).singleElement().asString();
                    if (inCols == cols) {
                        launch.contains(SHARED);
                    } else {
                        launch.doesNotContain(SHARED);
                    }
                }
            }
        }
    }

    @Test
    void buffersOfOneShapeShareTheirStride() {
        for (Device device : TestDevices.openCl()) {
            int rows = 29;
            int cols = 67;
            try (var capture = new TraceCapture(); var q = new Queue(device)) {
                float[] a = TestData.floats(rows * cols, 7);
                float[] out = new float[rows * cols];
                try (var in = Buffer.of(a, Range.of(rows, cols)); var o = Buffer.of(out, Range.of(rows, cols))) {
                    q.submit(h -> {
                        var src = in.read(h);
                        var dst = o.writeNoInit(h);
                        h.parallelFor(Range.of(rows, cols), it -> {
                            int i = it.id(0);
                            int j = it.id(1);
                            float up = i > 0 ? src.get(i - 1, j) : 0f;
                            dst.set(i, j, src.get(i, j) * 2f + up);
                        });
                    });
                }
                for (int i = 0; i < rows; i++) {
                    for (int j = 0; j < cols; j++) {
                        float up = i > 0 ? a[(i - 1) * cols + j] : 0f;
                        assertThat(out[i * cols + j]).as("%s (%d, %d)", device.name(), i, j)
                                .isEqualTo(a[i * cols + j] * 2f + up);
                    }
                }
                assertThat(launches(capture.messages())).singleElement().asString().contains(SHARED);
            }
        }
    }

    @Test
    void aPlaneBesideACubeSharesOnlyWhatIsEqual() {
        for (Device device : TestDevices.openCl()) {
            int depth = 5;
            int rows = 11;
            int cols = 13;
            // The plane is rows x rows: its width equals the cube's middle extent, so their strides in dimension 1
            // are equal, and the cube's own in dimension 2 stays its own.
            float[] cube = TestData.floats(depth * rows * cols, 3);
            float[] plane = TestData.floats(rows * rows, 5);
            float[] out = new float[depth * rows * cols];
            try (var capture = new TraceCapture(); var q = new Queue(device);
                 var c = Buffer.of(cube, Range.of(depth, rows, cols)); var p = Buffer.of(plane, Range.of(rows, rows));
                 var o = Buffer.of(out, Range.of(depth, rows, cols))) {
                q.submit(h -> {
                    var src = c.read(h);
                    var pl = p.read(h);
                    var dst = o.writeNoInit(h);
                    h.parallelFor(Range.of(depth, rows, cols), it -> {
                        int k = it.id(0);
                        int i = it.id(1);
                        int j = it.id(2);
                        dst.set(k, i, j, src.get(k, i, j) + pl.get(i, j % rows) * (k + 1));
                    });
                });
                q.await();
                assertThat(launches(capture.messages())).singleElement().asString().contains(SHARED);
            }
            for (int k = 0; k < depth; k++) {
                for (int i = 0; i < rows; i++) {
                    for (int j = 0; j < cols; j++) {
                        int at = (k * rows + i) * cols + j;
                        assertThat(out[at]).as("%s (%d, %d, %d)", device.name(), k, i, j)
                                .isEqualTo(cube[at] + plane[i * rows + j % rows] * (k + 1));
                    }
                }
            }
        }
    }

    @Test
    void onByDefaultOnGpusOnly() {
        System.clearProperty(PROPERTY);
        for (Device device : TestDevices.openCl()) {
            int rows = 16;
            int cols = 32;
            try (var capture = new TraceCapture(); var q = new Queue(device)) {
                float[] a = TestData.floats(rows * (cols + 1), 11);
                float[] out = run(q, a, rows, cols, cols + 1);
                assertThat(out).containsExactly(expected(a, rows, cols, cols + 1));
                // Equal shapes: the variant applies where the device takes it.
                capture.clear();
                float[] b = TestData.floats(rows * cols, 13);
                float[] same = new float[rows * cols];
                try (var in = Buffer.of(b, Range.of(rows, cols)); var o = Buffer.of(same, Range.of(rows, cols))) {
                    q.submit(h -> {
                        var src = in.read(h);
                        var dst = o.writeNoInit(h);
                        h.parallelFor(Range.of(rows, cols), it -> dst.set(it.id(0), it.id(1), src.get(it.id(0), it.id(1)) + 1f));
                    });
                }
                for (int i = 0; i < rows * cols; i++) {
                    assertThat(same[i]).isEqualTo(b[i] + 1f);
                }
                var launch = assertThat(launches(capture.messages())).singleElement().asString();
                if (device.type() == io.jsycl.DeviceType.GPU) {
                    launch.contains(SHARED);
                } else {
                    launch.doesNotContain(SHARED);
                }
            }
        }
    }
}
