package io.jsycl;

import io.jsycl.Lowered.As;

/**
 * How a work-group algorithm of {@link NdItem} combines the work-items' values (SYCL 2020's {@code sycl::plus},
 * {@code multiplies}, {@code minimum}, {@code maximum}, {@code bit_and}, {@code bit_or}, {@code bit_xor}). Each has
 * Java's meaning for its type: {@code int} and {@code long} arithmetic wraps, {@code float} and {@code double}
 * {@code MIN}/{@code MAX} are {@link Math#min(float, float)} and {@link Math#max(float, float)} (NaN wins,
 * {@code -0.0 < 0.0}). The bitwise operations are for {@code int} and {@code long} only.
 */
public enum GroupOp {
    /** {@code a + b}; identity 0. */
    @Lowered(As.GROUP_OP)
    SUM,
    /** {@code a * b}; identity 1. */
    @Lowered(As.GROUP_OP)
    PRODUCT,
    /** {@code Math.min(a, b)}; identity the type's largest value ({@code +Infinity} for floating point). */
    @Lowered(As.GROUP_OP)
    MIN,
    /** {@code Math.max(a, b)}; identity the type's smallest value ({@code -Infinity} for floating point). */
    @Lowered(As.GROUP_OP)
    MAX,
    /** {@code a & b}; identity all bits set. */
    @Lowered(As.GROUP_OP)
    AND,
    /** {@code a | b}; identity 0. */
    @Lowered(As.GROUP_OP)
    OR,
    /** {@code a ^ b}; identity 0. */
    @Lowered(As.GROUP_OP)
    XOR
}
