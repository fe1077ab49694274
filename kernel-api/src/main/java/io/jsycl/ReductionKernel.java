package io.jsycl;

import java.io.Serializable;

/**
 * The body of a reduction: runs once per item and combines values into its reducer.
 *
 * @param <R> the reducer type, {@link Reducer.OfInt} etc.
 */
@FunctionalInterface
public interface ReductionKernel<R> extends Serializable {
    /**
     * Runs the kernel for one item.
     *
     * @param it the work-item: its index and the launch range
     * @param reducer where the work-item combines its values into the reduction
     */
    void run(Item it, R reducer);
}
