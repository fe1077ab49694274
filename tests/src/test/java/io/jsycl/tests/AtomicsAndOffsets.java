package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Id;
import io.jsycl.Queue;
import io.jsycl.Range;

/**
 * The launch-shape tests' second probe ({@link TwoItemsPerWorkItemTest}, {@link GridStrideTest}), beside
 * {@link EveryItemOnce}: two kernels over n hashed ints, a 17-bin histogram by atomic adds (an item that ran twice or
 * never moves a count) and {@code d[i] ^ i} written through a sub-buffer that starts at element {@value #OFFSET} (an
 * accessor offset); Java's loops say what both outputs must be.
 */
final class AtomicsAndOffsets {
    /** Where the sub-buffer of the second kernel starts. */
    static final int OFFSET = 1000;
    private static final int BINS = 17;

    private final int n;
    private final int[] data;
    private final int[] histogram = new int[BINS];
    private final int[] shifted;

    AtomicsAndOffsets(int n) {
        if (n <= OFFSET) {
            throw new IllegalArgumentException("n <= " + OFFSET + ": " + n);
        }
        this.n = n;
        this.data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = (int) ((i * 2_654_435_761L) >>> 7);
        }
        this.shifted = new int[n];
    }

    /** The hashed ints both kernels read: a test may run kernels of its own over them. */
    int[] data() {
        return data;
    }

    /**
     * Submits the two kernels on {@code q}, reading {@code bd} (a buffer over {@link #data()}); the outputs are back
     * once their buffers close here.
     */
    void submit(Queue q, Buffer.OfInt bd) {
        try (var bh = Buffer.of(histogram); var bs = Buffer.of(shifted);
             var tail = bs.subBuffer(Id.of(OFFSET), Range.of(n - OFFSET))) {
            q.submit(h -> { // atomics: every item adds once
                var d = bd.read(h);
                var hist = bh.readWrite(h);
                h.parallelFor(Range.of(n), it -> hist.atomicAdd(Math.floorMod(d.get(it.id(0)), BINS), 1));
            });
            q.submit(h -> { // an accessor with an offset: the sub-buffer starts at element OFFSET
                var d = bd.read(h);
                var t = tail.write(h);
                h.parallelFor(Range.of(n - OFFSET), it -> t.set(it.id(0), d.get(it.id(0)) ^ it.id(0)));
            });
        }
    }

    /** Asserts what Java's loops compute, the messages prefixed by {@code as}. */
    void assertJavasResults(String as) {
        int[] wantHistogram = new int[BINS];
        int[] wantShifted = new int[n];
        for (int i = 0; i < n; i++) {
            wantHistogram[Math.floorMod(data[i], BINS)]++;
            wantShifted[i] = i >= OFFSET ? data[i - OFFSET] ^ (i - OFFSET) : 0;
        }
        assertThat(histogram).as(as + ": histogram").isEqualTo(wantHistogram);
        assertThat(shifted).as(as + ": through a sub-buffer at " + OFFSET + " (zero before it)").isEqualTo(wantShifted);
    }
}
