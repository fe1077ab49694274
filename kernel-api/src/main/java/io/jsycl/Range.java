package io.jsycl;

import java.util.Arrays;

/**
 * The extent of an index space or of a buffer in one, two or three dimensions. Dimension 0 varies
 * slowest (row-major), as in SYCL.
 */
public final class Range {
    private final int[] extents;
    private final long size;

    private Range(int... extents) {
        for (int d = 0; d < extents.length; d++) {
            if (extents[d] < 0) {
                throw new IllegalArgumentException("extent " + d + " < 0: " + extents[d]);
            }
        }
        this.extents = extents;
        try {
            long size = 1;
            for (int e : extents) {
                size = Math.multiplyExact(size, e);
            }
            this.size = size;
        } catch (ArithmeticException e) {
            String shape = String.join(" x ", Arrays.stream(extents).mapToObj(Integer::toString).toList());
            throw new IllegalArgumentException("Range " + shape + " has more items than a long can count (2^63 - 1);"
                    + " split the work into several launches");
        }
    }

    /**
     * A one-dimensional range of {@code n} items.
     *
     * @param n the extent of dimension 0 (rows; slowest varying), at least 1
     * @return the range
     */
    public static Range of(int n) {
        return new Range(n);
    }

    /**
     * A two-dimensional range of {@code n} rows of {@code m} items.
     *
     * @param n the extent of dimension 0 (rows; slowest varying), at least 1
     * @param m the extent of dimension 1, at least 1
     * @return the range
     */
    public static Range of(int n, int m) {
        return new Range(n, m);
    }

    /**
     * A three-dimensional range.
     *
     * @param n the extent of dimension 0 (rows; slowest varying), at least 1
     * @param m the extent of dimension 1, at least 1
     * @param k the extent of dimension 2 (fastest varying), at least 1
     * @return the range
     * @throws IllegalArgumentException if an extent is negative, or the range has more items than a long counts
     */
    public static Range of(int n, int m, int k) {
        return new Range(n, m, k);
    }

    /**
     * 1, 2 or 3.
     *
     * @return the number of dimensions, 1 to 3
     */
    public int dimensions() {
        return extents.length;
    }

    /**
     * The extent in dimension {@code d}.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the extent, at least 1
     */
    public int get(int d) {
        if (d < 0 || d >= extents.length) {
            throw new IndexOutOfBoundsException("dimension " + d + " of a " + extents.length + "-D range");
        }
        return extents[d];
    }

    /**
     * The number of items: the product of the extents.
     *
     * @return the product of the extents, which the factories ensure a long holds
     */
    public long size() {
        return size;
    }

    int[] toArray() {
        return extents.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Range r && Arrays.equals(extents, r.extents);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(extents);
    }

    @Override
    public String toString() {
        return "Range" + Arrays.toString(extents);
    }
}
