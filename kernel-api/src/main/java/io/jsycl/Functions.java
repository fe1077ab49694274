package io.jsycl;

import java.io.Serializable;

/**
 * Function objects a kernel can call: serializable functional interfaces of primitives, for predicates and operators
 * passed to the parallel algorithms (package {@code io.jsycl.algorithms}) or captured by a kernel of your own.
 * jsycl reads a captured function object's bytecode as it reads the kernel's: a call of its functional method becomes
 * a call of the lambda's body (or of the static method a reference names), with the values the lambda captured, on
 * every device. So the lambda follows the kernel rules: primitives, records of primitives, accessors, static methods.
 *
 * <pre>{@code
 * float threshold = 0.5f;
 * Functions.FloatPredicate above = x -> x > threshold;
 * q.submit(h -> {
 *     var in = data.read(h);
 *     var out = flags.write(h);
 *     h.parallelFor(Range.of(n), it -> out.set(it.id(0), above.test(in.get(it.id(0))) ? 1 : 0));
 * });
 * }</pre>
 *
 * A lambda of another functional interface works too where it is {@code Serializable} and of primitives
 * ({@code (java.util.function.IntPredicate & java.io.Serializable) x -> x > 0}); the binary operators are
 * {@link Reduction}'s ({@code Reduction.IntOp} ...).
 */
public final class Functions {
    private Functions() {
    }

    /** A serializable {@code int} predicate. */
    @FunctionalInterface
    public interface IntPredicate extends Serializable {
        /**
         * Tests a value.
         *
         * @param value the value
         * @return whether it satisfies the predicate
         */
        boolean test(int value);
    }

    /** A serializable operation on one {@code int}. */
    @FunctionalInterface
    public interface IntUnaryOp extends Serializable {
        /**
         * Applies the operation.
         *
         * @param value the operand
         * @return the result
         */
        int apply(int value);
    }

    /** A serializable {@code long} predicate. */
    @FunctionalInterface
    public interface LongPredicate extends Serializable {
        /**
         * Tests a value.
         *
         * @param value the value
         * @return whether it satisfies the predicate
         */
        boolean test(long value);
    }

    /** A serializable operation on one {@code long}. */
    @FunctionalInterface
    public interface LongUnaryOp extends Serializable {
        /**
         * Applies the operation.
         *
         * @param value the operand
         * @return the result
         */
        long apply(long value);
    }

    /** A serializable {@code float} predicate. */
    @FunctionalInterface
    public interface FloatPredicate extends Serializable {
        /**
         * Tests a value.
         *
         * @param value the value
         * @return whether it satisfies the predicate
         */
        boolean test(float value);
    }

    /** A serializable operation on one {@code float}. */
    @FunctionalInterface
    public interface FloatUnaryOp extends Serializable {
        /**
         * Applies the operation.
         *
         * @param value the operand
         * @return the result
         */
        float apply(float value);
    }

    /** A serializable {@code double} predicate. */
    @FunctionalInterface
    public interface DoublePredicate extends Serializable {
        /**
         * Tests a value.
         *
         * @param value the value
         * @return whether it satisfies the predicate
         */
        boolean test(double value);
    }

    /** A serializable operation on one {@code double}. */
    @FunctionalInterface
    public interface DoubleUnaryOp extends Serializable {
        /**
         * Applies the operation.
         *
         * @param value the operand
         * @return the result
         */
        double apply(double value);
    }
}
