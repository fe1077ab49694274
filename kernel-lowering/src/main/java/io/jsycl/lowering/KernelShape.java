package io.jsycl.lowering;

/** How a kernel is launched: over a range ({@code ItemKernel}), an nd-range, or once. */
public enum KernelShape {
    ITEM,
    ND_ITEM,
    TASK
}
