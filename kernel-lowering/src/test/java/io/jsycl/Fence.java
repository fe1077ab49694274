package io.jsycl;

/** Test double of the runtime's {@code Fence}. */
public enum Fence {
    LOCAL,
    GLOBAL
}
