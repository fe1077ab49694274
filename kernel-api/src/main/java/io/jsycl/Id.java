package io.jsycl;

import java.util.Arrays;

/** A point in an index space of one, two or three dimensions. */
public final class Id {
    private final int[] indices;

    private Id(int... indices) {
        this.indices = indices;
    }

    /**
     * A one-dimensional index.
     *
     * @param i the index in dimension 0 (slowest varying)
     * @return the index
     */
    public static Id of(int i) {
        return new Id(i);
    }

    /**
     * A two-dimensional index.
     *
     * @param i the index in dimension 0 (slowest varying)
     * @param j the index in dimension 1
     * @return the index
     */
    public static Id of(int i, int j) {
        return new Id(i, j);
    }

    /**
     * A three-dimensional index.
     *
     * @param i the index in dimension 0 (slowest varying)
     * @param j the index in dimension 1
     * @param k the index in dimension 2 (fastest varying)
     * @return the index
     */
    public static Id of(int i, int j, int k) {
        return new Id(i, j, k);
    }

    /**
     * The index in dimension {@code d}.
     *
     * @param d the dimension, 0 to {@code dimensions() - 1}
     * @return the coordinate
     */
    public int get(int d) {
        if (d < 0 || d >= indices.length) {
            throw new IndexOutOfBoundsException("dimension " + d + " of a " + indices.length + "-D id");
        }
        return indices[d];
    }

    /**
     * 1, 2 or 3.
     *
     * @return the number of coordinates, 1 to 3
     */
    public int dimensions() {
        return indices.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Id id && Arrays.equals(indices, id.indices);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(indices);
    }

    @Override
    public String toString() {
        return "Id" + Arrays.toString(indices);
    }
}
