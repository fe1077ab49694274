package io.jsycl;

/** The memory a work-group barrier makes consistent. */
public enum Fence {
    /** Work-group local memory. */
    LOCAL,
    /** Global memory (buffers). */
    GLOBAL
}
