package io.jsycl;

/**
 * What a reduction kernel combines its values into: {@code (it, sum) -> sum.combine(v)}. On a
 * device each work-item has its own, combined per work-group and then into the output; on the host
 * device each chunk of items has its own.
 */
public final class Reducer {
    private Reducer() {
    }

    /** Combines {@code int} values. */
    public static final class OfInt {
        private final Reduction.IntOp op;
        int value;

        OfInt(Reduction.IntOp op, int identity) {
            this.op = op;
            this.value = identity;
        }

        /**
         * Combines {@code v} into this reducer.
         *
         * @param v the value to combine with the reduction's operation
         */
        public void combine(int v) {
            value = op.apply(value, v);
        }
    }

    /** Combines {@code long} values. */
    public static final class OfLong {
        private final Reduction.LongOp op;
        long value;

        OfLong(Reduction.LongOp op, long identity) {
            this.op = op;
            this.value = identity;
        }

        /**
         * Combines {@code v} into this reducer.
         *
         * @param v the value to combine with the reduction's operation
         */
        public void combine(long v) {
            value = op.apply(value, v);
        }
    }

    /** Combines {@code float} values. */
    public static final class OfFloat {
        private final Reduction.FloatOp op;
        float value;

        OfFloat(Reduction.FloatOp op, float identity) {
            this.op = op;
            this.value = identity;
        }

        /**
         * Combines {@code v} into this reducer.
         *
         * @param v the value to combine with the reduction's operation
         */
        public void combine(float v) {
            value = op.apply(value, v);
        }
    }

    /** Combines {@code double} values. */
    public static final class OfDouble {
        private final Reduction.DoubleOp op;
        double value;

        OfDouble(Reduction.DoubleOp op, double identity) {
            this.op = op;
            this.value = identity;
        }

        /**
         * Combines {@code v} into this reducer.
         *
         * @param v the value to combine with the reduction's operation
         */
        public void combine(double v) {
            value = op.apply(value, v);
        }
    }
}
