package io.jsycl.lowering;

/** The combining operation of a reduction. */
public enum ReductionOp {
    SUM,
    MIN,
    MAX,
    /** A user lambda {@code (a, b) -> ...}, lowered as a device function. */
    CUSTOM
}
