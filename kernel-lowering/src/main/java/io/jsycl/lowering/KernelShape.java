package io.jsycl.lowering;

/**
 * How a kernel is launched: over a range ({@code ItemKernel}), an nd-range, once, or over a
 * range with a reduction ({@code ReductionKernel}: {@code (Item, Reducer$OfX)}).
 */
public enum KernelShape {
    ITEM,
    ND_ITEM,
    TASK,
    REDUCTION
}
