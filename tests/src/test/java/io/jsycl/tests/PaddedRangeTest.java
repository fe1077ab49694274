package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Ragged ranges launched the way GPUs get them (global size rounded up to whole work-groups, the
 * extra items guarded off), forced on PoCL with {@code jsycl.padRanges=1}: every item runs once
 * and no item outside the range writes.
 */
class PaddedRangeTest {
    @BeforeEach
    void padRanges() {
        System.setProperty("jsycl.padRanges", "1");
    }

    @AfterEach
    void restore() {
        System.clearProperty("jsycl.padRanges");
        System.clearProperty("jsycl.localSize1d");
        System.clearProperty("jsycl.localSize2d");
    }

    @Test
    void chosenWorkGroupSizesRunWholeAndRaggedRanges() {
        System.setProperty("jsycl.localSize1d", "64");
        System.setProperty("jsycl.localSize2d", "16x4");
        Device device = TestDevices.firstOpenCl();
        int[] whole = new int[128 + 1];
        int[] ragged = new int[100 + 1];
        int[] two = new int[8 * 48 + 1];
        try (var q = new Queue(device); var bw = Buffer.of(whole); var br = Buffer.of(ragged); var b2 = Buffer.of(two)) {
            for (var b : java.util.List.of(bw, br)) {
                int n = b == bw ? 128 : 100;
                q.submit(h -> {
                    var o = b.readWrite(h);
                    h.parallelFor(Range.of(n), it -> o.set(it.id(0), o.get(it.id(0)) + 1));
                });
            }
            q.submit(h -> {
                var o = b2.readWrite(h);
                h.parallelFor(Range.of(8, 48), it -> {
                    int at = it.id(0) * it.range(1) + it.id(1);
                    o.set(at, o.get(at) + 1);
                });
            });
        }
        assertRunOnce(whole);
        assertRunOnce(ragged);
        assertRunOnce(two);
    }

    @Test
    void malformedWorkGroupSizeIsRejectedWithTheSetting() {
        System.setProperty("jsycl.localSize1d", "32x8");
        int[] data = new int[16];
        try (var q = new Queue(TestDevices.firstOpenCl()); var b = Buffer.of(data)) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> q.submit(h -> {
                var o = b.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), 1));
            })).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("JSYCL_LOCAL_SIZE_1D (or -Djsycl.localSize1d) is '32x8'; use 1 positive extent(s)");
        }
    }

    @Test
    void raggedRangesInOneTwoAndThreeDimensions() {
        Device device = TestDevices.firstOpenCl();
        int n = 1000;
        int[] one = new int[n + 1];
        int[] two = new int[37 * 53 + 1];
        int[] three = new int[5 * 7 * 9 + 1];
        try (var q = new Queue(device);
             var b1 = Buffer.of(one);
             var b2 = Buffer.of(two);
             var b3 = Buffer.of(three)) {
            q.submit(h -> {
                var o = b1.readWrite(h);
                h.parallelFor(Range.of(n), it -> o.set(it.id(0), o.get(it.id(0)) + 1));
            });
            q.submit(h -> {
                var o = b2.readWrite(h);
                h.parallelFor(Range.of(37, 53), it -> {
                    int at = it.id(0) * it.range(1) + it.id(1);
                    o.set(at, o.get(at) + 1);
                });
            });
            q.submit(h -> {
                var o = b3.readWrite(h);
                h.parallelFor(Range.of(5, 7, 9), it -> {
                    int at = (int) it.linearId();
                    o.set(at, o.get(at) + 1);
                });
            });
        }
        assertRunOnce(one);
        assertRunOnce(two);
        assertRunOnce(three);
    }

    static Stream<Device> openCl() {
        return TestDevices.openCl().stream();
    }

    /** On every device: the numbers follow from its compute units and the default work-group of 256. */
    @ParameterizedTest
    @MethodSource("openCl")
    void smallRangesAreSpreadOverEveryComputeUnitUnlessTinyOrTheSizeIsSet(Device device) {
        int cus = device.maxComputeUnits();
        // 64 per compute unit, less 3: work-groups of 256 or 128 leave compute units without one, 64 does not.
        int small = 64 * cus - 3;
        int large = 2 * 256 * cus;
        int tiny = 32 * cus - 1; // less than a warp per compute unit: not spread, one work-group of up to 256
        int[] a = new int[small + 1];
        int[] b = new int[large + 1];
        int[] t = new int[tiny + 1];
        List<String> trace;
        try (var capture = new TraceCapture(); var q = new Queue(device); var ba = Buffer.of(a); var bb = Buffer.of(b);
             var bt = Buffer.of(t)) {
            for (var buf : List.of(ba, bb, bt)) {
                int n = buf == ba ? small : buf == bb ? large : tiny;
                q.submit(h -> {
                    var o = buf.readWrite(h);
                    h.parallelFor(Range.of(n), it -> o.set(it.id(0), o.get(it.id(0)) + 1));
                });
            }
            q.await();
            trace = capture.messages();
        }
        assertRunOnce(a);
        assertRunOnce(b);
        assertRunOnce(t);
        assertThat(enqueued(trace)).hasSize(3);
        assertThat(enqueued(trace).get(0)).contains("work-groups of " + Math.min(64, small) + ",");
        assertThat(enqueued(trace).get(1)).contains("work-groups of 256,");
        assertThat(enqueued(trace).get(2)).contains("work-groups of " + Math.min(256, tiny) + ",");

        System.setProperty("jsycl.localSize1d", "256");
        int[] c = new int[small + 1];
        try (var capture = new TraceCapture(); var q = new Queue(device); var bc = Buffer.of(c)) {
            q.submit(h -> {
                var o = bc.readWrite(h);
                h.parallelFor(Range.of(small), it -> o.set(it.id(0), o.get(it.id(0)) + 1));
            });
            q.await();
            trace = capture.messages();
        }
        assertRunOnce(c);
        assertThat(enqueued(trace)).singleElement().asString().contains("work-groups of " + Math.min(256, small) + ",");
    }

    /**
     * A kernel that stores with a stride along the range's last dimension (a naive transpose) gets square work-groups,
     * one that does not keeps 32x8, and a set JSYCL_LOCAL_SIZE_2D holds for both; results as in Java either way.
     */
    @Test
    void aTransposeGetsSquareWorkGroupsUnlessTheSizeIsSet() {
        int rows = 48;
        int cols = 40;
        float[] in = new float[rows * cols];
        for (int i = 0; i < in.length; i++) {
            in[i] = i * 0.5f;
        }
        float[] expected = new float[rows * cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                expected[j * rows + i] = in[i * cols + j];
            }
        }
        assertThat(transpose(in, rows, cols, expected)).contains("work-groups of 16x16,");
        System.setProperty("jsycl.localSize2d", "8x4"); // OpenCL's order; the trace gives the range's, 4x8
        assertThat(transpose(in, rows, cols, expected)).contains("work-groups of 4x8,");
    }

    /** Transposes {@code in} and doubles it in place, checks both against Java; the transpose's trace line. */
    private static String transpose(float[] in, int rows, int cols, float[] expected) {
        float[] out = new float[rows * cols];
        float[] doubled = in.clone();
        List<String> trace;
        try (var capture = new TraceCapture(); var q = new Queue(TestDevices.firstOpenCl());
             var src = Buffer.of(in, Range.of(rows, cols)); var dst = Buffer.of(out, Range.of(cols, rows));
             var twice = Buffer.of(doubled, Range.of(rows, cols))) {
            q.submit(h -> {
                var a = src.read(h);
                var b = dst.writeNoInit(h);
                h.parallelFor(Range.of(rows, cols), it -> b.set(it.id(1), it.id(0), a.get(it.id(0), it.id(1))));
            });
            q.submit(h -> {
                var a = twice.readWrite(h);
                h.parallelFor(Range.of(rows, cols), it -> a.set(it.id(0), it.id(1), a.get(it.id(0), it.id(1)) * 2));
            });
            q.await();
            trace = enqueued(capture.messages());
        }
        assertThat(out).containsExactly(expected);
        for (int i = 0; i < in.length; i++) {
            assertThat(doubled[i]).isEqualTo(in[i] * 2);
        }
        assertThat(trace).hasSize(2);
        String set = System.getProperty("jsycl.localSize2d");
        assertThat(trace.get(1)).as("the in-place kernel has no stride")
                .contains("work-groups of " + (set != null ? "4x8" : "8x32") + ",");
        return trace.get(0);
    }

    private static List<String> enqueued(List<String> trace) {
        return trace.stream().filter(m -> m.contains(" enqueued on ")).toList();
    }

    private static void assertRunOnce(int[] counts) {
        for (int i = 0; i < counts.length - 1; i++) {
            assertThat(counts[i]).as("runs of item %d", i).isEqualTo(1);
        }
        assertThat(counts[counts.length - 1]).as("the element past the range").isZero();
    }
}
