package io.jsycl.internal.schedule;

import java.util.Arrays;

/**
 * How a {@link io.jsycl.DistributedQueue} splits the rows of a range's dimension 0 among its devices: in proportion
 * to their weights, each boundary rounded to a multiple of {@link #ALIGN} rows so that every chunk but the last
 * launches whole work-groups (the kernel's guard knows the range's end, not a chunk's). A device whose share rounds
 * to nothing gets an empty chunk, and runs nothing.
 *
 * @param weights each device's share, positive; normalized here
 */
public record ChunkSplit(double[] weights) {
    /** Chunk boundaries are multiples of this many rows: a multiple of every work-group extent the runtime picks. */
    public static final long ALIGN = 256;

    public ChunkSplit {
        if (weights.length == 0) {
            throw new IllegalArgumentException("no devices to split among");
        }
        double sum = 0;
        for (double w : weights) {
            if (!(w > 0) || Double.isInfinite(w)) {
                throw new IllegalArgumentException("weights are positive and finite: " + Arrays.toString(weights));
            }
            sum += w;
        }
        double[] normalized = new double[weights.length];
        for (int i = 0; i < weights.length; i++) {
            normalized[i] = weights[i] / sum;
        }
        weights = normalized;
    }

    /** Equal shares for {@code devices} devices. */
    public static ChunkSplit equal(int devices) {
        double[] w = new double[devices];
        Arrays.fill(w, 1);
        return new ChunkSplit(w);
    }

    public int devices() {
        return weights.length;
    }

    /**
     * The boundaries of the chunks of {@code rows} rows: chunk {@code i} runs rows {@code bounds[i]} (inclusive) to
     * {@code bounds[i + 1]}; {@code bounds[0]} is 0 and the last is {@code rows}.
     */
    public long[] bounds(long rows) {
        return bounds(rows, ALIGN);
    }

    /**
     * The boundaries of the chunks of {@code rows} rows, each a multiple of {@code align} (an nd-range's: whole
     * work-groups) but the last.
     */
    public long[] bounds(long rows, long align) {
        int n = weights.length;
        long[] b = new long[n + 1];
        double acc = 0;
        for (int i = 1; i < n; i++) {
            acc += weights[i - 1];
            long cut = Math.round(acc * rows / align) * align;
            b[i] = Math.clamp(cut, b[i - 1], rows);
        }
        b[n] = rows;
        return b;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChunkSplit other && Arrays.equals(weights, other.weights);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(weights);
    }

    @Override
    public String toString() {
        return "ChunkSplit" + Arrays.toString(weights);
    }
}
