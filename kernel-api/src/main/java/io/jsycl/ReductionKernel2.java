package io.jsycl;

import java.io.Serializable;

/**
 * The body of two reductions computed in one pass over a range ({@code h.parallelFor(range, r1, ..., kernel)}, SYCL's
 * {@code parallel_for} with several reductions): runs once per item and combines values into each reducer, in the
 * order the reductions were given. Each reduction is computed as it would be on its own.
 *
 * @param <R1> the first reducer's type, {@link Reducer.OfInt} etc.
 * @param <R2> the second reducer's type, {@link Reducer.OfInt} etc.
 */
@FunctionalInterface
public interface ReductionKernel2<R1, R2> extends Serializable {
    /**
     * Runs the kernel for one item.
     *
     * @param it the work-item: its index and the launch range
     * @param r1 where the work-item combines its values into the first reduction
     * @param r2 where the work-item combines its values into the second reduction
     */
    void run(Item it, R1 r1, R2 r2);
}
