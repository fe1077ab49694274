package io.jsycl;

/**
 * Which part of a buffer a chunk of a {@link DistributedQueue}'s kernel reads or writes: given the rows of the
 * kernel's range that one device runs (a range of its dimension 0, {@code it.id(0)}), the rows of the buffer's
 * dimension 0 its accessor touches. The runtime moves to each device only those rows, and after a write knows which
 * device holds which rows. On a plain {@link Queue} a mapper changes nothing: the accessor covers the whole buffer.
 *
 * <pre>{@code
 * dq.submit(h -> {
 *     var in = a.read(h, RangeMapper.neighborhood(1));   // rows i-1..i+1 of what this device runs
 *     var out = b.writeNoInit(h, RangeMapper.oneToOne()); // exactly the rows it runs
 *     h.parallelFor(Range.of(n, n), it -> ...);
 * });
 * }</pre>
 *
 * <p>A mapper must cover every element the kernel touches through the accessor: an element outside it may hold
 * stale contents on that device (reads), or be lost (writes). Writes of two devices must not overlap, so a
 * {@code DistributedQueue} over several devices accepts writes through {@link #oneToOne()} (and its
 * {@link #scaled scaled} form) only.
 */
public sealed interface RangeMapper {
    /**
     * Row {@code i} of the range touches row {@code i} of the buffer.
     *
     * @return the one-to-one mapper
     */
    static RangeMapper oneToOne() {
        return new OneToOne();
    }

    /**
     * Row {@code i} touches rows {@code i - radius} to {@code i + radius} of the buffer (clipped to the buffer): a
     * stencil's reads, whose halo rows the runtime brings from the devices that wrote them.
     *
     * @param radius how many rows on each side, 0 or more
     * @return the neighborhood mapper
     */
    static RangeMapper neighborhood(int radius) {
        if (radius < 0) {
            throw new IllegalArgumentException("a neighborhood's radius is 0 or more, not " + radius);
        }
        return new Neighborhood(radius);
    }

    /**
     * Every chunk touches the whole buffer: data every device reads (replicated), such as n-body positions or a
     * matrix multiplication's B.
     *
     * @return the mapper of the whole buffer
     */
    static RangeMapper all() {
        return new All();
    }

    /**
     * Every chunk touches rows {@code from} (inclusive) to {@code to} (exclusive) of the buffer, whatever it runs.
     *
     * @param from the first row
     * @param to one past the last row
     * @return the fixed mapper
     */
    static RangeMapper fixed(long from, long to) {
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("fixed rows " + from + " to " + to + ": need 0 <= from <= to");
        }
        return new Fixed(from, to);
    }

    /**
     * This mapper in units of {@code factor} buffer rows per range row: for a buffer that holds each row of the range
     * as {@code factor} consecutive rows (a 1-D buffer of an n×n grid run over {@code Range.of(n, n)}: {@code
     * oneToOne().scaled(n)}).
     *
     * @param factor buffer rows per row of the range, 1 or more
     * @return the scaled mapper
     */
    default RangeMapper scaled(long factor) {
        if (factor < 1) {
            throw new IllegalArgumentException("a scale factor is 1 or more, not " + factor);
        }
        return new Scaled(this, factor);
    }

    /**
     * The buffer rows a chunk touches.
     *
     * @param from the chunk's first row of the range
     * @param to one past the chunk's last row
     * @param rangeRows the range's rows (its dimension 0)
     * @param bufferRows the buffer's rows (its dimension 0)
     * @return {@code {first, end}}, within {@code [0, bufferRows]}
     */
    long[] rows(long from, long to, long rangeRows, long bufferRows);

    /**
     * Whether disjoint chunks touch disjoint rows, so that several devices may write through it.
     *
     * @return true for {@link #oneToOne()} and its scaled forms
     */
    boolean disjoint();

    /** Row i touches row i. */
    record OneToOne() implements RangeMapper {
        @Override
        public long[] rows(long from, long to, long rangeRows, long bufferRows) {
            return clip(from, to, bufferRows);
        }

        @Override
        public boolean disjoint() {
            return true;
        }

        @Override
        public String toString() {
            return "oneToOne()";
        }
    }

    /**
     * Row i touches rows i - radius to i + radius.
     *
     * @param radius rows on each side
     */
    record Neighborhood(int radius) implements RangeMapper {
        @Override
        public long[] rows(long from, long to, long rangeRows, long bufferRows) {
            return clip(from - radius, to + radius, bufferRows);
        }

        @Override
        public boolean disjoint() {
            return radius == 0;
        }

        @Override
        public String toString() {
            return "neighborhood(" + radius + ")";
        }
    }

    /** The whole buffer. */
    record All() implements RangeMapper {
        @Override
        public long[] rows(long from, long to, long rangeRows, long bufferRows) {
            return new long[] {0, bufferRows};
        }

        @Override
        public boolean disjoint() {
            return false;
        }

        @Override
        public String toString() {
            return "all()";
        }
    }

    /**
     * Fixed rows.
     *
     * @param from the first row
     * @param to one past the last row
     */
    record Fixed(long from, long to) implements RangeMapper {
        @Override
        public long[] rows(long chunkFrom, long chunkTo, long rangeRows, long bufferRows) {
            return clip(from, to, bufferRows);
        }

        @Override
        public boolean disjoint() {
            return false;
        }

        @Override
        public String toString() {
            return "fixed(" + from + ", " + to + ")";
        }
    }

    /**
     * Another mapper in units of {@code factor} buffer rows per range row.
     *
     * @param of the mapper in range rows
     * @param factor buffer rows per range row
     */
    record Scaled(RangeMapper of, long factor) implements RangeMapper {
        @Override
        public long[] rows(long from, long to, long rangeRows, long bufferRows) {
            long[] r = of.rows(from, to, rangeRows, Long.MAX_VALUE / factor);
            return clip(r[0] * factor, r[1] * factor, bufferRows);
        }

        @Override
        public boolean disjoint() {
            return of.disjoint();
        }

        @Override
        public String toString() {
            return of + ".scaled(" + factor + ")";
        }
    }

    private static long[] clip(long from, long to, long rows) {
        long f = Math.clamp(from, 0, rows);
        return new long[] {f, Math.clamp(to, f, rows)};
    }
}
