package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;

/**
 * The launch-shape tests' probe ({@link TwoItemsPerWorkItemTest}, {@link GridStrideTest}): a 1-D kernel over n items
 * that writes, per item, a value computed from its input, id and range, its linear id, and how often it ran, so that
 * however the runtime maps items onto work-items, Java's loop over the range says what every output must be.
 */
final class EveryItemOnce {
    private final int n;
    private final float[] in;
    private final float[] out;
    private final long[] ids;
    private final int[] counts;

    EveryItemOnce(int n) {
        this.n = n;
        this.in = new float[n];
        for (int i = 0; i < n; i++) {
            in[i] = i * 0.75f - 3f;
        }
        this.out = new float[n];
        this.ids = new long[n];
        this.counts = new int[n];
    }

    /** Submits the kernel over {@code Range.of(n)} on {@code q}; the outputs are back once the buffers close here. */
    void submit(Queue q) {
        try (var ba = Buffer.of(in); var bo = Buffer.of(out); var bi = Buffer.of(ids); var bc = Buffer.of(counts)) {
            q.submit(h -> {
                var x = ba.read(h);
                var o = bo.write(h);
                var id = bi.write(h);
                var c = bc.readWrite(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    o.set(i, x.get(i) * 3f + i + it.range(0));
                    id.set(i, it.linearId() * 7 + 1);
                    c.set(i, c.get(i) + 1);
                });
            });
        }
    }

    /** Asserts what Java's loop computes: each item's value and linear id, and that every item ran exactly once. */
    void assertRanOnce(String as) {
        float[] wantOut = new float[n];
        long[] wantIds = new long[n];
        int[] ones = new int[n];
        for (int i = 0; i < n; i++) {
            wantOut[i] = in[i] * 3f + i + n;
            wantIds[i] = i * 7L + 1;
            ones[i] = 1;
        }
        assertThat(out).as(as + ": out").isEqualTo(wantOut);
        assertThat(ids).as(as + ": linearId * 7 + 1").isEqualTo(wantIds);
        assertThat(counts).as(as + ": runs of each item").isEqualTo(ones);
    }
}
