package io.jsycl;

import io.jsycl.Lowered.As;

/**
 * What a reduction kernel combines its values into: {@code (it, sum) -> sum.combine(v)}. On a
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
    }
}
