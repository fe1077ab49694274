package io.jsycl;

/** Test double of the runtime's {@code GroupOp}. */
public enum GroupOp {
    SUM,
    PRODUCT,
    MIN,
    MAX,
    AND,
    OR,
    XOR
}
