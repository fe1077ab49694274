package io.jsycl;

import io.jsycl.Lowered.As;

/**
 * What a reduction kernel combines its values into: {@code (it, sum) -> sum.combine(v)}, or, for a reduction over
 * several elements (a histogram, k-means' per-cluster sums), {@code sum.combine(index, v)}. On a
 * device each work-item has its own, combined per work-group and then into the output; on the host
 * device each chunk of items has its own.
 */
public final class Reducer {
    private Reducer() {
    }

    /** Combines {@code int} values. */
    public interface OfInt {
        /**
         * Combines {@code v} into this reducer.
         *
         * @param v the value to combine with the reduction's operation
         */
        @Lowered(As.REDUCER)
        void combine(int v);

        /**
         * Combines {@code v} into element {@code index} of a reduction over several elements (SYCL's span
         * reduction: {@code Reduction.sum(out)} over a buffer of that many elements, each reduced on its own).
         *
         * @param index the output element, 0 to its length - 1 (outside it, the host device throws
         *     {@code ArrayIndexOutOfBoundsException} and a device combines nothing)
         * @param v the value to combine with the reduction's operation
         */
        @Lowered(As.REDUCER)
        void combine(int index, int v);
    }

    /** Combines {@code long} values. */
    public interface OfLong {
        /**
         * Combines {@code v} into this reducer.
         *
         * @param v the value to combine with the reduction's operation
         */
        @Lowered(As.REDUCER)
        void combine(long v);

        /**
         * Combines {@code v} into element {@code index} of a reduction over several elements (SYCL's span
         * reduction: {@code Reduction.sum(out)} over a buffer of that many elements, each reduced on its own).
         *
         * @param index the output element, 0 to its length - 1 (outside it, the host device throws
         *     {@code ArrayIndexOutOfBoundsException} and a device combines nothing)
         * @param v the value to combine with the reduction's operation
         */
        @Lowered(As.REDUCER)
        void combine(int index, long v);
    }

    /** Combines {@code float} values. */
    public interface OfFloat {
        /**
         * Combines {@code v} into this reducer.
         *
         * @param v the value to combine with the reduction's operation
         */
        @Lowered(As.REDUCER)
        void combine(float v);

        /**
         * Combines {@code v} into element {@code index} of a reduction over several elements (SYCL's span
         * reduction: {@code Reduction.sum(out)} over a buffer of that many elements, each reduced on its own).
         *
         * @param index the output element, 0 to its length - 1 (outside it, the host device throws
         *     {@code ArrayIndexOutOfBoundsException} and a device combines nothing)
         * @param v the value to combine with the reduction's operation
         */
        @Lowered(As.REDUCER)
        void combine(int index, float v);
    }

    /** Combines {@code double} values. */
    public interface OfDouble {
        /**
         * Combines {@code v} into this reducer.
         *
         * @param v the value to combine with the reduction's operation
         */
        @Lowered(As.REDUCER)
        void combine(double v);

        /**
         * Combines {@code v} into element {@code index} of a reduction over several elements (SYCL's span
         * reduction: {@code Reduction.sum(out)} over a buffer of that many elements, each reduced on its own).
         *
         * @param index the output element, 0 to its length - 1 (outside it, the host device throws
         *     {@code ArrayIndexOutOfBoundsException} and a device combines nothing)
         * @param v the value to combine with the reduction's operation
         */
        @Lowered(As.REDUCER)
        void combine(int index, double v);
    }
}
