package io.jsycl;

/**
 * How a work-group algorithm of {@link NdItem} combines the work-items' values (SYCL 2020's {@code sycl::plus},
 * {@code multiplies}, {@code minimum}, {@code maximum}, {@code bit_and}, {@code bit_or}, {@code bit_xor}). Each has
 * Java's meaning for its type: {@code int} and {@code long} arithmetic wraps, {@code float} and {@code double}
 * {@code MIN}/{@code MAX} are {@link Math#min(float, float)} and {@link Math#max(float, float)} (NaN wins,
 * {@code -0.0 < 0.0}). The bitwise operations are for {@code int} and {@code long} only.
 */
public enum GroupOp {
    /** {@code a + b}; identity 0. */
    SUM,
    /** {@code a * b}; identity 1. */
    PRODUCT,
    /** {@code Math.min(a, b)}; identity the type's largest value ({@code +Infinity} for floating point). */
    MIN,
    /** {@code Math.max(a, b)}; identity the type's smallest value ({@code -Infinity} for floating point). */
    MAX,
    /** {@code a & b}; identity all bits set. */
    AND,
    /** {@code a | b}; identity 0. */
    OR,
    /** {@code a ^ b}; identity 0. */
    XOR
}
