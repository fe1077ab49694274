package io.jsycl;

import io.jsycl.internal.memory.ReductionImpl;
import io.jsycl.lowering.ReductionOp;
import java.io.Serializable;
import java.util.Objects;

/**
 * A reduction into a one-element buffer: {@code h.parallelFor(range, Reduction.sum(out), (it, sum)
 * -> sum.combine(v))}. The result is combined with the buffer's prior contents (SYCL 2020). On a
 * device, the launch has a few work-groups per compute unit and each work-item runs many items (in
 * strides of the launch's size, several loads in flight), so a reduction streams through memory;
 * then work-groups reduce in local memory and each group combines its value into the output with
 * one atomic operation. A {@code float} or {@code double} sum is reassociated: not bit-exact with a
 * sequential Java loop, and two runs may differ in the last bits (the groups finish in any order).
 * Integer results, and {@code min} and {@code max} of any type, are exact.
 *
 * @param <R> the reducer type
 */
public final class Reduction<R> {
    /** A serializable {@code int} combination; it must be associative and commutative. */
    @FunctionalInterface
    public interface IntOp extends Serializable {
        /**
         * Combines two values.
         *
         * @param a one operand
         * @param b the other operand
         * @return the two values combined
         */
        int apply(int a, int b);
    }

    /** A serializable {@code long} combination; it must be associative and commutative. */
    @FunctionalInterface
    public interface LongOp extends Serializable {
        /**
         * Combines two values.
         *
         * @param a one operand
         * @param b the other operand
         * @return the two values combined
         */
        long apply(long a, long b);
    }

    /** A serializable {@code float} combination; it must be associative and commutative. */
    @FunctionalInterface
    public interface FloatOp extends Serializable {
        /**
         * Combines two values.
         *
         * @param a one operand
         * @param b the other operand
         * @return the two values combined
         */
        float apply(float a, float b);
    }

    /** A serializable {@code double} combination; it must be associative and commutative. */
    @FunctionalInterface
    public interface DoubleOp extends Serializable {
        /**
         * Combines two values.
         *
         * @param a one operand
         * @param b the other operand
         * @return the two values combined
         */
        double apply(double a, double b);
    }

    /** How the host device handles the reducers of every reduction. */
    private static final ReductionImpl.Reducers REDUCERS = new HostReducers();

    final ReductionImpl impl;

    private Reduction(Buffer<?> output, ReductionOp kind, Object identity, Object op) {
        if (output.isSubBuffer()) {
            throw new IllegalArgumentException("a reduction's output cannot be a sub-buffer (" + output
                    + "): reduce into a buffer of one element and copy it");
        }
        if (output.size() != 1) {
            throw new IllegalArgumentException("a reduction's output buffer holds one element, not " + output.size());
        }
        this.impl = new ReductionImpl(output.storage, kind, identity, op, REDUCERS);
    }

    /**
     * Sum of {@code int} values.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfInt> sum(Buffer.OfInt out) {
        return new Reduction<>(out, ReductionOp.SUM, 0, (IntOp) (a, b) -> a + b);
    }

    /**
     * Sum of {@code long} values.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfLong> sum(Buffer.OfLong out) {
        return new Reduction<>(out, ReductionOp.SUM, 0L, (LongOp) (a, b) -> a + b);
    }

    /**
     * Sum of {@code float} values.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfFloat> sum(Buffer.OfFloat out) {
        return new Reduction<>(out, ReductionOp.SUM, 0f, (FloatOp) (a, b) -> a + b);
    }

    /**
     * Sum of {@code double} values.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfDouble> sum(Buffer.OfDouble out) {
        return new Reduction<>(out, ReductionOp.SUM, 0d, (DoubleOp) (a, b) -> a + b);
    }

    /**
     * Minimum of {@code int} values.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfInt> min(Buffer.OfInt out) {
        return new Reduction<>(out, ReductionOp.MIN, Integer.MAX_VALUE, (IntOp) Math::min);
    }

    /**
     * Minimum of {@code long} values.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfLong> min(Buffer.OfLong out) {
        return new Reduction<>(out, ReductionOp.MIN, Long.MAX_VALUE, (LongOp) Math::min);
    }

    /**
     * Minimum of {@code float} values ({@link Math#min(float, float)}: NaN wins).
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfFloat> min(Buffer.OfFloat out) {
        return new Reduction<>(out, ReductionOp.MIN, Float.POSITIVE_INFINITY, (FloatOp) Math::min);
    }

    /**
     * Minimum of {@code double} values.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfDouble> min(Buffer.OfDouble out) {
        return new Reduction<>(out, ReductionOp.MIN, Double.POSITIVE_INFINITY, (DoubleOp) Math::min);
    }

    /**
     * Maximum of {@code int} values.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfInt> max(Buffer.OfInt out) {
        return new Reduction<>(out, ReductionOp.MAX, Integer.MIN_VALUE, (IntOp) Math::max);
    }

    /**
     * Maximum of {@code long} values.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfLong> max(Buffer.OfLong out) {
        return new Reduction<>(out, ReductionOp.MAX, Long.MIN_VALUE, (LongOp) Math::max);
    }

    /**
     * Maximum of {@code float} values.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfFloat> max(Buffer.OfFloat out) {
        return new Reduction<>(out, ReductionOp.MAX, Float.NEGATIVE_INFINITY, (FloatOp) Math::max);
    }

    /**
     * Maximum of {@code double} values.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfDouble> max(Buffer.OfDouble out) {
        return new Reduction<>(out, ReductionOp.MAX, Double.NEGATIVE_INFINITY, (DoubleOp) Math::max);
    }

    /**
     * A reduction with the user's associative, commutative {@code op} and its {@code identity}.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @param identity the value {@code x} with {@code op(identity, x) == x} for every {@code x}
     * @param op an associative, commutative operation, lowered as a device function
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfInt> of(Buffer.OfInt out, int identity, IntOp op) {
        return new Reduction<>(out, ReductionOp.CUSTOM, identity, Objects.requireNonNull(op, "op"));
    }

    /**
     * A reduction with the user's associative, commutative {@code op} and its {@code identity}.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @param identity the value {@code x} with {@code op(identity, x) == x} for every {@code x}
     * @param op an associative, commutative operation, lowered as a device function
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfLong> of(Buffer.OfLong out, long identity, LongOp op) {
        return new Reduction<>(out, ReductionOp.CUSTOM, identity, Objects.requireNonNull(op, "op"));
    }

    /**
     * A reduction with the user's associative, commutative {@code op} and its {@code identity}.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @param identity the value {@code x} with {@code op(identity, x) == x} for every {@code x}
     * @param op an associative, commutative operation, lowered as a device function
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfFloat> of(Buffer.OfFloat out, float identity, FloatOp op) {
        return new Reduction<>(out, ReductionOp.CUSTOM, identity, Objects.requireNonNull(op, "op"));
    }

    /**
     * A reduction with the user's associative, commutative {@code op} and its {@code identity}.
     *
     * @param out a one-element buffer; the result is combined into its current value
     * @param identity the value {@code x} with {@code op(identity, x) == x} for every {@code x}
     * @param op an associative, commutative operation, lowered as a device function
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfDouble> of(Buffer.OfDouble out, double identity, DoubleOp op) {
        return new Reduction<>(out, ReductionOp.CUSTOM, identity, Objects.requireNonNull(op, "op"));
    }

    /** The reducers of the host device: one accumulator per chunk of items, merged and then stored. */
    private static final class HostReducers implements ReductionImpl.Reducers {
        @Override
        public Object newReducer(Object op, Object identity) {
            return new HostReducer(op, (Number) identity);
        }

        @Override
        public void merge(Object into, Object from) {
            ((HostReducer) into).combine((HostReducer) from);
        }

        @Override
        public void store(Object op, Object reducer, Object hostArray) {
            HostReducer r = (HostReducer) reducer;
            switch (op) {
                case IntOp o -> ((int[]) hostArray)[0] = o.apply(((int[]) hostArray)[0], (int) r.integral);
                case LongOp o -> ((long[]) hostArray)[0] = o.apply(((long[]) hostArray)[0], r.integral);
                case FloatOp o -> ((float[]) hostArray)[0] = o.apply(((float[]) hostArray)[0], (float) r.floating);
                case DoubleOp o -> ((double[]) hostArray)[0] = o.apply(((double[]) hostArray)[0], r.floating);
                default -> throw new IllegalStateException("unknown op " + op);
            }
        }
    }

    /**
     * A chunk's accumulator on the host device, of whichever type the reduction has: an {@code int} or {@code long} in
     * {@code integral}, a {@code float} (exactly, as a double) or {@code double} in {@code floating}. The kernel sees it
     * as the {@code Reducer.OfX} of its reduction's type.
     */
    private static final class HostReducer implements Reducer.OfInt, Reducer.OfLong, Reducer.OfFloat, Reducer.OfDouble {
        private final Object op;
        private long integral;
        private double floating;

        HostReducer(Object op, Number identity) {
            this.op = op;
            this.integral = identity.longValue();
            this.floating = identity.doubleValue();
        }

        @Override
        public void combine(int v) {
            integral = ((IntOp) op).apply((int) integral, v);
        }

        @Override
        public void combine(long v) {
            integral = ((LongOp) op).apply(integral, v);
        }

        @Override
        public void combine(float v) {
            floating = ((FloatOp) op).apply((float) floating, v);
        }

        @Override
        public void combine(double v) {
            floating = ((DoubleOp) op).apply(floating, v);
        }

        /** Combines another chunk's accumulator into this one. */
        void combine(HostReducer other) {
            switch (op) {
                case IntOp _ -> combine((int) other.integral);
                case LongOp _ -> combine(other.integral);
                case FloatOp _ -> combine((float) other.floating);
                default -> combine(other.floating);
            }
        }
    }
}
