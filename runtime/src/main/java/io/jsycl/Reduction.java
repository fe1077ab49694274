package io.jsycl;

import io.jsycl.internal.memory.ReductionImpl;
import io.jsycl.lowering.ReductionOp;
import io.jsycl.lowering.ReductionSpec;
import java.io.Serializable;
import java.util.Objects;

/**
 * A reduction into a one-element buffer: {@code h.parallelFor(range, Reduction.sum(out), (it, sum)
 * -> sum.combine(v))}; or into each element of a buffer of up to 4096 on its own (SYCL's span reduction), the kernel
 * naming the element: {@code (it, sums) -> sums.combine(cluster, x)}, which k-means' per-cluster sums and histograms
 * are. On a device, each work-group then keeps every element in local memory (combined atomically there) and folds
 * them into the output at its end. The result is combined with the buffer's prior contents (SYCL 2020). On a
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
        if (output.size() > ReductionSpec.MAX_LENGTH) {
            throw new IllegalArgumentException("a reduction's output buffer holds 1 to " + ReductionSpec.MAX_LENGTH
                    + " elements (each work-group keeps them all in local memory), not " + output.size());
        }
        this.impl = new ReductionImpl(output.storage, kind, identity, op, REDUCERS);
    }

    /**
     * Sum of {@code int} values.
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfInt> sum(Buffer.OfInt out) {
        return new Reduction<>(out, ReductionOp.SUM, 0, (IntOp) (a, b) -> a + b);
    }

    /**
     * Sum of {@code long} values.
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfLong> sum(Buffer.OfLong out) {
        return new Reduction<>(out, ReductionOp.SUM, 0L, (LongOp) (a, b) -> a + b);
    }

    /**
     * Sum of {@code float} values.
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfFloat> sum(Buffer.OfFloat out) {
        return new Reduction<>(out, ReductionOp.SUM, 0f, (FloatOp) (a, b) -> a + b);
    }

    /**
     * Sum of {@code double} values.
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfDouble> sum(Buffer.OfDouble out) {
        return new Reduction<>(out, ReductionOp.SUM, 0d, (DoubleOp) (a, b) -> a + b);
    }

    /**
     * Minimum of {@code int} values.
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfInt> min(Buffer.OfInt out) {
        return new Reduction<>(out, ReductionOp.MIN, Integer.MAX_VALUE, (IntOp) Math::min);
    }

    /**
     * Minimum of {@code long} values.
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfLong> min(Buffer.OfLong out) {
        return new Reduction<>(out, ReductionOp.MIN, Long.MAX_VALUE, (LongOp) Math::min);
    }

    /**
     * Minimum of {@code float} values ({@link Math#min(float, float)}: NaN wins).
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfFloat> min(Buffer.OfFloat out) {
        return new Reduction<>(out, ReductionOp.MIN, Float.POSITIVE_INFINITY, (FloatOp) Math::min);
    }

    /**
     * Minimum of {@code double} values.
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfDouble> min(Buffer.OfDouble out) {
        return new Reduction<>(out, ReductionOp.MIN, Double.POSITIVE_INFINITY, (DoubleOp) Math::min);
    }

    /**
     * Maximum of {@code int} values.
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfInt> max(Buffer.OfInt out) {
        return new Reduction<>(out, ReductionOp.MAX, Integer.MIN_VALUE, (IntOp) Math::max);
    }

    /**
     * Maximum of {@code long} values.
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfLong> max(Buffer.OfLong out) {
        return new Reduction<>(out, ReductionOp.MAX, Long.MIN_VALUE, (LongOp) Math::max);
    }

    /**
     * Maximum of {@code float} values.
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfFloat> max(Buffer.OfFloat out) {
        return new Reduction<>(out, ReductionOp.MAX, Float.NEGATIVE_INFINITY, (FloatOp) Math::max);
    }

    /**
     * Maximum of {@code double} values.
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
     * @return the reduction, for {@code Handler.parallelFor(range, reduction, kernel)}
     */
    public static Reduction<Reducer.OfDouble> max(Buffer.OfDouble out) {
        return new Reduction<>(out, ReductionOp.MAX, Double.NEGATIVE_INFINITY, (DoubleOp) Math::max);
    }

    /**
     * A reduction with the user's associative, commutative {@code op} and its {@code identity}.
     *
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
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
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
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
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
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
     * @param out the output: one element (the kernel calls {@code combine(v)}), or up to 4096 each reduced on
     *     its own ({@code combine(index, v)}); the result is combined into its current values
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
        public Object newReducer(Object op, Object identity, int length) {
            return new HostReducer(op, (Number) identity, length);
        }

        @Override
        public void merge(Object into, Object from) {
            ((HostReducer) into).combine((HostReducer) from);
        }

        @Override
        public void store(Object op, Object reducer, Object hostArray) {
            HostReducer r = (HostReducer) reducer;
            for (int i = 0; i < r.integral.length; i++) {
                switch (op) {
                    case IntOp o -> ((int[]) hostArray)[i] = o.apply(((int[]) hostArray)[i], (int) r.integral[i]);
                    case LongOp o -> ((long[]) hostArray)[i] = o.apply(((long[]) hostArray)[i], r.integral[i]);
                    case FloatOp o -> ((float[]) hostArray)[i] = o.apply(((float[]) hostArray)[i],
                            (float) r.floating[i]);
                    case DoubleOp o -> ((double[]) hostArray)[i] = o.apply(((double[]) hostArray)[i], r.floating[i]);
                    default -> throw new IllegalStateException("unknown op " + op);
                }
            }
        }
    }

    /**
     * A chunk's accumulators on the host device, one per output element (one for a reduction into one value), of
     * whichever type the reduction has: an {@code int} or {@code long} in {@code integral}, a {@code float} (exactly,
     * as a double) or {@code double} in {@code floating}. The kernel sees it as the {@code Reducer.OfX} of its
     * reduction's type; an index outside the output throws {@code ArrayIndexOutOfBoundsException}, as Java does.
     */
    private static final class HostReducer implements Reducer.OfInt, Reducer.OfLong, Reducer.OfFloat, Reducer.OfDouble {
        private final Object op;
        private final long[] integral;
        private final double[] floating;

        HostReducer(Object op, Number identity, int length) {
            this.op = op;
            this.integral = new long[length];
            this.floating = new double[length];
            java.util.Arrays.fill(integral, identity.longValue());
            java.util.Arrays.fill(floating, identity.doubleValue());
        }

        @Override
        public void combine(int v) {
            combine(0, v);
        }

        @Override
        public void combine(long v) {
            combine(0, v);
        }

        @Override
        public void combine(float v) {
            combine(0, v);
        }

        @Override
        public void combine(double v) {
            combine(0, v);
        }

        @Override
        public void combine(int index, int v) {
            integral[index] = ((IntOp) op).apply((int) integral[index], v);
        }

        @Override
        public void combine(int index, long v) {
            integral[index] = ((LongOp) op).apply(integral[index], v);
        }

        @Override
        public void combine(int index, float v) {
            floating[index] = ((FloatOp) op).apply((float) floating[index], v);
        }

        @Override
        public void combine(int index, double v) {
            floating[index] = ((DoubleOp) op).apply(floating[index], v);
        }

        /** Combines another chunk's accumulators into this one's. */
        void combine(HostReducer other) {
            for (int i = 0; i < integral.length; i++) {
                switch (op) {
                    case IntOp _ -> combine(i, (int) other.integral[i]);
                    case LongOp _ -> combine(i, other.integral[i]);
                    case FloatOp _ -> combine(i, (float) other.floating[i]);
                    default -> combine(i, other.floating[i]);
                }
            }
        }
    }
}
