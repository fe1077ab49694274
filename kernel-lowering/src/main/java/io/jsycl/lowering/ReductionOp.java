package io.jsycl.lowering;

/** The combining operation of a reduction. */
public enum ReductionOp {
    /** Addition; the identity is 0. */
    SUM,
    /** The minimum, as {@code Math.min}; the identity is the type's largest value (infinity for floats). */
    MIN,
    /** The maximum, as {@code Math.max}; the identity is the type's smallest value (-infinity for floats). */
    MAX,
    /** A user lambda {@code (a, b) -> ...}, lowered as a device function. */
    CUSTOM
}
