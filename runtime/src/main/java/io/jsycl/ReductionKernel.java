package io.jsycl;

import java.io.Serializable;

/**
 * The body of a reduction: runs once per item and combines values into its reducer.
 *
 * @param <R> the reducer type, {@link Reducer.OfInt} etc.
 */
@FunctionalInterface
public interface ReductionKernel<R> extends Serializable {
    /** Runs the kernel for one item. */
    void run(Item it, R reducer);
}
