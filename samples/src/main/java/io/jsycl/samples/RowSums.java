package io.jsycl.samples;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceSelector;
import io.jsycl.Event;
import io.jsycl.GroupOp;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The sums of the rows of a {@code float} matrix, one sub-group (32 work-items, NVIDIA's warp) per row: lane
 * {@code l} adds the row's elements {@code l, l + 32, l + 64, ...} in order, {@code reduceOverSubGroup} combines
 * the 32 partial sums, and lane 0 writes the row's sum. Every addition happens in a fixed order (the reduce is an
 * xor butterfly on every device), so the sums are the same bit for bit on every device and on the host device, and
 * {@link #rowSumsInJava} computes them in that order.
 */
public final class RowSums {
    /** Work-items per work-group: 8 sub-groups, 8 rows. */
    public static final int GROUP = 256;
    private static final int LANES = 32;

    private RowSums() {
    }

    /** The sum of each row of the row-major {@code rows} x {@code cols} {@code matrix}; {@code events} gets the kernel. */
    public static float[] rowSums(Queue q, float[] matrix, int rows, int cols, List<Event> events) {
        float[] out = new float[rows];
        int rowsPerGroup = GROUP / LANES;
        int groups = (rows + rowsPerGroup - 1) / rowsPerGroup;
        try (var bm = Buffer.of(matrix); var bo = Buffer.of(out)) {
            events.add(q.submit(h -> {
                var m = bm.read(h);
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(groups * GROUP), Range.of(GROUP)), it -> {
                    int row = it.groupId(0) * (GROUP / LANES) + it.subGroupId();
                    int lane = it.subGroupLocalId();
                    float partial = 0.0f;
                    if (row < rows) {
                        for (int c = lane; c < cols; c += LANES) {
                            partial += m.get(row * cols + c);
                        }
                    }
                    // Outside the condition: every work-item of the group reaches a sub-group call.
                    float sum = it.reduceOverSubGroup(partial, GroupOp.SUM);
                    if (row < rows && lane == 0) {
                        o.set(row, sum);
                    }
                });
            }));
        }
        return out;
    }

    /** The same sums in the kernel's order: 32 strided partial sums per row, then the xor butterfly's lane 0. */
    public static float[] rowSumsInJava(float[] matrix, int rows, int cols) {
        float[] out = new float[rows];
        for (int row = 0; row < rows; row++) {
            float[] lanes = new float[LANES];
            for (int lane = 0; lane < LANES; lane++) {
                for (int c = lane; c < cols; c += LANES) {
                    lanes[lane] += matrix[row * cols + c];
                }
            }
            for (int k = 1; k < LANES; k <<= 1) {
                float[] next = new float[LANES];
                for (int lane = 0; lane < LANES; lane++) {
                    next[lane] = lanes[lane] + lanes[lane ^ k];
                }
                lanes = next;
            }
            out[row] = lanes[0];
        }
        return out;
    }

    /** Usage: {@code RowSums [rows] [cols]} (default 8192 x 1000 random floats). */
    public static void main(String[] args) {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 8192;
        int cols = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        var random = new Random(11);
        float[] matrix = new float[rows * cols];
        for (int i = 0; i < matrix.length; i++) {
            matrix[i] = (random.nextFloat() - 0.5f) * (1 << random.nextInt(16));
        }
        Device device = Device.select(DeviceSelector.DEFAULT);
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.ENABLE_PROFILING)) {
            SampleReport.device(q);
            var events = new ArrayList<Event>();
            long t0 = System.nanoTime();
            float[] sums = rowSums(q, matrix, rows, cols, events);
            long wall = System.nanoTime() - t0;
            SampleReport.kernelTime("row sums of a " + rows + " x " + cols + " float matrix", events, wall);
            String mismatch = SampleReport.mismatch(sums, rowSumsInJava(matrix, rows, cols));
            System.exit(SampleReport.check(mismatch.isEmpty(), mismatch));
        }
    }
}
