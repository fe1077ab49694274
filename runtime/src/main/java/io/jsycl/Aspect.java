package io.jsycl;

/** Optional device capabilities, queried with {@link Device#hasAspect(Aspect)}. */
public enum Aspect {
    /** Double precision ({@code cl_khr_fp64}). */
    FP64,
    /** Half precision ({@code cl_khr_fp16}). */
    FP16,
    /** 64-bit atomics ({@code cl_khr_int64_base_atomics}). */
    ATOMIC64,
    /** Images. */
    IMAGES,
    /** Correctly rounded single-precision divide and sqrt. */
    FP32_CORRECTLY_ROUNDED_DIVIDE_SQRT
}
