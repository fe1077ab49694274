package io.jsycl.lowering;

/**
 * How a kernel is launched: over a range ({@code ItemKernel}), an nd-range, once, or over a
 * range with a reduction ({@code ReductionKernel}: {@code (Item, Reducer$OfX)}).
 */
public enum KernelShape {
    /** An {@code ItemKernel} over a range: one work-item per index, no work-groups visible. */
    ITEM,
    /** An {@code NdItemKernel} over an nd-range: work-groups, local ids, barriers and local memory. */
    ND_ITEM,
    /** A single work-item run once, with no index ({@code dimensions} is 0). */
    TASK,
    /** A {@code ReductionKernel} over a range that combines a value per work-item into one result. */
    REDUCTION
}
