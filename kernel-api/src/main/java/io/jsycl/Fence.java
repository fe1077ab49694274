package io.jsycl;

import io.jsycl.Lowered.As;

/** The memory a work-group barrier makes consistent. */
public enum Fence {
    /** Work-group local memory. */
    @Lowered(As.FENCE)
    LOCAL,
    /** Global memory (buffers). */
    @Lowered(As.FENCE)
    GLOBAL
}
