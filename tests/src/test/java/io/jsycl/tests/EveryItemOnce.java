package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;

/**
 * The launch-shape tests' probe ({@link TwoItemsPerWorkItemTest}, {@link GridStrideTest}, {@link RowsPerWorkItemTest}):
 * a kernel over a 1-D, 2-D or 3-D range that writes, per item, a value computed from its input, ids and range, its
 * linear id, and how often it ran, into 1-D buffers at the item's row-major index, so that however the runtime maps
 * items onto work-items, Java's loop over the range says what every output must be.
 */
final class EveryItemOnce {
    private final int[] shape;
    private final int size;
    private final float[] in;
    private final float[] out;
    private final long[] ids;
    private final int[] counts;

    /** Over {@code Range.of(shape)}: one to three extents, slowest first. */
    EveryItemOnce(int... shape) {
        if (shape.length < 1 || shape.length > 3) {
            throw new IllegalArgumentException("a range has 1 to 3 dimensions, not " + shape.length);
        }
        this.shape = shape.clone();
        int s = 1;
        for (int e : shape) {
            s *= e;
        }
        this.size = s;
        this.in = new float[s];
        for (int i = 0; i < s; i++) {
            in[i] = i * 0.75f - 3f;
        }
        this.out = new float[s];
        this.ids = new long[s];
        this.counts = new int[s];
    }

    /** Submits the kernel over the range on {@code q}; the outputs are back once the buffers close here. */
    void submit(Queue q) {
        try (var ba = Buffer.of(in); var bo = Buffer.of(out); var bi = Buffer.of(ids); var bc = Buffer.of(counts)) {
            q.submit(h -> {
                var x = ba.read(h);
                var o = bo.write(h);
                var id = bi.write(h);
                var c = bc.readWrite(h);
                switch (shape.length) {
                    case 1 -> h.parallelFor(Range.of(shape[0]), it -> {
                        int i = it.id(0);
                        o.set(i, x.get(i) * 3f + i + it.range(0));
                        id.set(i, it.linearId() * 7 + 1);
                        c.set(i, c.get(i) + 1);
                    });
                    case 2 -> h.parallelFor(Range.of(shape[0], shape[1]), it -> {
                        int i = it.id(0) * it.range(1) + it.id(1);
                        o.set(i, x.get(i) * 3f + it.id(0) * 100 + it.id(1) + it.range(0));
                        id.set(i, it.linearId() * 7 + 1);
                        c.set(i, c.get(i) + 1);
                    });
                    default -> h.parallelFor(Range.of(shape[0], shape[1], shape[2]), it -> {
                        int i = (it.id(0) * it.range(1) + it.id(1)) * it.range(2) + it.id(2);
                        o.set(i, x.get(i) * 3f + it.id(0) * 100 + it.id(1) * 10 + it.id(2) + it.range(0));
                        id.set(i, it.linearId() * 7 + 1);
                        c.set(i, c.get(i) + 1);
                    });
                }
            });
        }
    }

    /** Asserts what Java's loop computes: each item's value and linear id, and that every item ran exactly once. */
    void assertRanOnce(String as) {
        float[] wantOut = new float[size];
        long[] wantIds = new long[size];
        int[] ones = new int[size];
        int inner = shape.length == 3 ? shape[2] : 1;
        int middle = shape.length >= 2 ? shape[1] : 1;
        for (int i = 0; i < size; i++) {
            int i0 = i / (middle * inner);
            int i1 = i / inner % middle;
            int i2 = i % inner;
            wantOut[i] = switch (shape.length) {
                case 1 -> in[i] * 3f + i + shape[0];
                case 2 -> in[i] * 3f + i0 * 100 + i1 + shape[0];
                default -> in[i] * 3f + i0 * 100 + i1 * 10 + i2 + shape[0];
            };
            wantIds[i] = i * 7L + 1;
            ones[i] = 1;
        }
        assertThat(out).as(as + ": out").isEqualTo(wantOut);
        assertThat(ids).as(as + ": linearId * 7 + 1").isEqualTo(wantIds);
        assertThat(counts).as(as + ": runs of each item").isEqualTo(ones);
    }
}
