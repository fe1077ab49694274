package io.jsycl;

import java.io.Serializable;

/**
 * The body of a reduction over an nd-range ({@code h.parallelFor(ndRange, reduction, kernel)}): runs once per
 * work-item, with its work-group, local memory and barriers, and combines values into its reducer; each work-group's
 * values are combined after the body and folded into the reduction's output.
 *
 * @param <R> the reducer type, {@link Reducer.OfInt} etc.
 */
@FunctionalInterface
public interface NdReductionKernel<R> extends Serializable {
    /**
     * Runs the kernel for one work-item.
     *
     * @param it the work-item: its global and local ids, its group, barriers
     * @param reducer where the work-item combines its values into the reduction
     */
    void run(NdItem it, R reducer);
}
