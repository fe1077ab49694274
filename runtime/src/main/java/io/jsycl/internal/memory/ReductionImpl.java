package io.jsycl.internal.memory;

import io.jsycl.SyclException;

import io.jsycl.lowering.ReductionOp;

/**
 * What a {@link io.jsycl.Reduction} is a handle to: the storage of its output buffer, its operation and identity, and how
 * the host device makes, merges and stores its reducers.
 */
public final class ReductionImpl {
    /** How the host device makes, merges and stores the reducers of a reduction, whose types are public API. */
    public interface Reducers {
        /**
         * A fresh reducer holding {@code identity} in each of {@code length} elements.
         *
         * @param operation the user's operation (a lambda), or the built-in one's
         * @param identity the identity, a boxed primitive
         * @param length the output's elements (1 for one value)
         * @return the reducer
         */
        public Object newReducer(Object operation, Object identity, int length);

        /**
         * Combines reducer {@code from}'s value into reducer {@code into}.
         *
         * @param into the reducer combined into
         * @param from the reducer whose value is combined
         */
        public void merge(Object into, Object from);

        /**
         * Combines {@code reducer}'s value into element 0 of {@code hostArray} with {@code operation}.
         *
         * @param operation the reduction's operation
         * @param reducer a reducer
         * @param hostArray the output's host array
         */
        public void store(Object operation, Object reducer, Object hostArray);
    }

    private final BufferStorage output;
    private final ReductionOp op;
    private final Object identity;
    private final Object operation;
    private final Reducers reducers;
    /** The reduction this one is a device's part of ({@link #partial}), or null. */
    private final ReductionImpl whole;
    /** A part whose result stays on its OpenCL device until the combine reads it ({@link PartialSlots}). */
    private final boolean onDevice;
    /** Where an on-device part's result is read back: set as its kernel is enqueued, taken by the combine. */
    private volatile PartialSlots.Slot slot;

    /**
     * A reduction into {@code output}.
     *
     * @param output the storage of the one-element output buffer
     * @param op sum, min, max, or {@link ReductionOp#CUSTOM} for the user's operation
     * @param identity the identity, a boxed primitive
     * @param operation the operation as a lambda ({@code Reduction.IntOp} ..)
     * @param reducers how the host device handles the reducers
     */
    public ReductionImpl(BufferStorage output, ReductionOp op, Object identity, Object operation, Reducers reducers) {
        this(output, op, identity, operation, reducers, null, false);
    }

    private ReductionImpl(BufferStorage output, ReductionOp op, Object identity, Object operation, Reducers reducers,
            ReductionImpl whole, boolean onDevice) {
        this.output = output;
        this.op = op;
        this.identity = identity;
        this.operation = operation;
        this.reducers = reducers;
        this.whole = whole;
        this.onDevice = onDevice;
    }

    /**
     * The reduction this one is a device's part of.
     *
     * @return the user's reduction, or null where this is one
     */
    public ReductionImpl whole() {
        return whole;
    }

    /**
     * The storage the reduction writes its result into.
     *
     * @return the output buffer's storage
     */
    public BufferStorage output() {
        return output;
    }

    /** The output's elements: 1 for one value, more for a reduction of each element on its own. */
    public int length() {
        return output.length();
    }

    public ReductionOp op() {
        return op;
    }

    public Object identity() {
        return identity;
    }

    public Object operation() {
        return operation;
    }

    public Object newReducer() {
        return reducers.newReducer(operation, identity, length());
    }

    public void merge(Object into, Object from) {
        reducers.merge(into, from);
    }

    public void store(Object reducer, Object hostArray) {
        reducers.store(operation, reducer, hostArray);
    }

    /**
     * The same reduction into a one-element buffer of its own that holds the identity: one device's part of a
     * reduction a DistributedQueue splits, which {@link #combinePartial} then combines into this one's output. With
     * {@code onDevice} (an OpenCL device) the kernel folds into the device's {@link PartialSlots} instead, and the
     * combine reads the part from its {@link #slot()} into the buffer's array; the command group does not use the
     * buffer. Else (the host device) the kernel folds into the buffer, whose close writes the part back.
     */
    public ReductionImpl partial(boolean onDevice) {
        if (length() > 1) {
            throw new SyclException("a reduction over " + length() + " elements runs on one queue: a DistributedQueue"
                    + " splits reductions into one value only; submit it to a Queue");
        }
        return new ReductionImpl(new BufferStorage(output.kind, ElementKind.arrayOfOne(identity), io.jsycl.Range.of(1),
                true), op, identity, operation, reducers, this, onDevice);
    }

    /** True for a part whose result the kernel leaves in its device's {@link PartialSlots}. */
    public boolean onDevice() {
        return onDevice;
    }

    /** Where this on-device part's result is read back, once its kernel is enqueued; else null. */
    public PartialSlots.Slot slot() {
        return slot;
    }

    /** Records where this on-device part's result is read back (as its kernel is enqueued). */
    public void slot(PartialSlots.Slot s) {
        this.slot = s;
    }

    /**
     * Combines a partial's result ({@code partialArray}, its output's host array) into {@code outputArray}, this
     * reduction's output's host array, with the reduction's operation.
     */
    public void combinePartial(Object partialArray, Object outputArray) {
        Object reducer = newReducer();
        switch (partialArray) { // by the element type: one reducer class may serve several
            case int[] a -> ((io.jsycl.Reducer.OfInt) reducer).combine(a[0]);
            case long[] a -> ((io.jsycl.Reducer.OfLong) reducer).combine(a[0]);
            case float[] a -> ((io.jsycl.Reducer.OfFloat) reducer).combine(a[0]);
            case double[] a -> ((io.jsycl.Reducer.OfDouble) reducer).combine(a[0]);
            default -> throw new IllegalStateException("no reduction into " + partialArray.getClass());
        }
        store(reducer, outputArray);
    }
}
