package io.jsycl;

import io.jsycl.Lowered.As;

/**
 * OpenCL built-in functions for kernels. On a device each call is the OpenCL built-in of the same
 * name ({@code native_exp} for {@link #nativeExp(float)}); on the host device it is the Java
 * expression given in its description. The {@code native*} functions and {@code mad} trade
 * precision for speed on devices: their device results are not bit-exact with the host's.
 */
public final class Builtins {
    private Builtins() {
    }

    /**
     * {@code a * b + c}, possibly fused or less precise on a device (OpenCL {@code mad}); on the host: {@code a * b + c}.
     *
     * @param a the first factor
     * @param b the second factor
     * @param c the addend
     * @return {@code a * b + c}, rounded once or twice
     */
    @Lowered(value = As.BUILT_IN, c = "mad")
    public static float mad(float a, float b, float c) {
        return a * b + c;
    }

    /**
     * {@code a * b + c}, possibly fused or less precise on a device; on the host: {@code a * b + c}.
     *
     * @param a the first factor
     * @param b the second factor
     * @param c the addend
     * @return {@code a * b + c}, rounded once or twice
     */
    @Lowered(value = As.BUILT_IN, c = "mad")
    public static double mad(double a, double b, double c) {
        return a * b + c;
    }

    /**
     * {@code x} limited to {@code [lo, hi]}; on the host: {@code Math.min(Math.max(x, lo), hi)}.
     *
     * @param x the value
     * @param lo the lower bound
     * @param hi the upper bound, at least {@code lo}
     * @return the value limited to {@code [lo, hi]}
     */
    @Lowered(value = As.BUILT_IN, c = "clamp")
    public static float clamp(float x, float lo, float hi) {
        return Math.min(Math.max(x, lo), hi);
    }

    /**
     * {@code x} limited to {@code [lo, hi]}; on the host: {@code Math.min(Math.max(x, lo), hi)}.
     *
     * @param x the value
     * @param lo the lower bound
     * @param hi the upper bound, at least {@code lo}
     * @return the value limited to {@code [lo, hi]}
     */
    @Lowered(value = As.BUILT_IN, c = "clamp")
    public static double clamp(double x, double lo, double hi) {
        return Math.min(Math.max(x, lo), hi);
    }

    /**
     * {@code x} limited to {@code [lo, hi]}; on the host: {@code Math.min(Math.max(x, lo), hi)}.
     *
     * @param x the value
     * @param lo the lower bound
     * @param hi the upper bound, at least {@code lo}
     * @return the value limited to {@code [lo, hi]}
     */
    @Lowered(value = As.BUILT_IN, c = "clamp")
    public static int clamp(int x, int lo, int hi) {
        return Math.min(Math.max(x, lo), hi);
    }

    /**
     * {@code x} limited to {@code [lo, hi]}; on the host: {@code Math.min(Math.max(x, lo), hi)}.
     *
     * @param x the value
     * @param lo the lower bound
     * @param hi the upper bound, at least {@code lo}
     * @return the value limited to {@code [lo, hi]}
     */
    @Lowered(value = As.BUILT_IN, c = "clamp")
    public static long clamp(long x, long lo, long hi) {
        return Math.min(Math.max(x, lo), hi);
    }

    /**
     * Linear blend {@code x + (y - x) * a}; on the host: {@code x + (y - x) * a}.
     *
     * @param x the value at {@code a == 0}
     * @param y the value at {@code a == 1}
     * @param a the blend factor, normally in [0, 1]
     * @return the blend
     */
    @Lowered(value = As.BUILT_IN, c = "mix")
    public static float mix(float x, float y, float a) {
        return x + (y - x) * a;
    }

    /**
     * Linear blend {@code x + (y - x) * a}; on the host: {@code x + (y - x) * a}.
     *
     * @param x the value at {@code a == 0}
     * @param y the value at {@code a == 1}
     * @param a the blend factor, normally in [0, 1]
     * @return the blend
     */
    @Lowered(value = As.BUILT_IN, c = "mix")
    public static double mix(double x, double y, double a) {
        return x + (y - x) * a;
    }

    /**
     * 0 below {@code edge}, else 1; on the host: {@code x < edge ? 0f : 1f}.
     *
     * @param edge the threshold
     * @param x the value compared with it
     * @return 0 when {@code x < edge}, else 1
     */
    @Lowered(value = As.BUILT_IN, c = "step")
    public static float step(float edge, float x) {
        return x < edge ? 0f : 1f;
    }

    /**
     * Hermite interpolation between 0 and 1 across {@code [edge0, edge1]}; on the host: {@code smooth(edge0, edge1, x)}.
     *
     * @param edge0 where the result starts rising from 0
     * @param edge1 where it reaches 1, above {@code edge0}
     * @param x the value
     * @return a value in [0, 1]: 0 at or below {@code edge0}, 1 at or above {@code edge1}
     */
    @Lowered(value = As.BUILT_IN, c = "smoothstep")
    public static float smoothstep(float edge0, float edge1, float x) {
        return smooth(edge0, edge1, x);
    }

    /**
     * Reciprocal square root; on the host: {@code (float) (1.0 / Math.sqrt(x))}.
     *
     * @param x the argument, greater than 0
     * @return {@code 1 / sqrt(x)}
     */
    @Lowered(value = As.BUILT_IN, c = "rsqrt")
    public static float rsqrt(float x) {
        return (float) (1.0 / Math.sqrt(x));
    }

    /**
     * Reciprocal square root; on the host: {@code 1.0 / Math.sqrt(x)}.
     *
     * @param x the argument, greater than 0
     * @return {@code 1 / sqrt(x)}
     */
    @Lowered(value = As.BUILT_IN, c = "rsqrt")
    public static double rsqrt(double x) {
        return 1.0 / Math.sqrt(x);
    }

    /**
     * {@code e^x}, fast and of implementation-defined precision on a device; on the host: {@code (float) Math.exp(x)}.
     *
     * @param x the argument
     * @return e raised to {@code x}
     */
    @Lowered(value = As.BUILT_IN, c = "native_exp")
    public static float nativeExp(float x) {
        return (float) Math.exp(x);
    }

    /**
     * Natural logarithm, fast and of implementation-defined precision on a device; on the host: {@code (float) Math.log(x)}.
     *
     * @param x the argument, greater than 0
     * @return the natural logarithm of {@code x}
     */
    @Lowered(value = As.BUILT_IN, c = "native_log")
    public static float nativeLog(float x) {
        return (float) Math.log(x);
    }

    /**
     * Sine, fast and of implementation-defined precision on a device; on the host: {@code (float) Math.sin(x)}.
     *
     * @param x the angle in radians
     * @return the sine of {@code x}
     */
    @Lowered(value = As.BUILT_IN, c = "native_sin")
    public static float nativeSin(float x) {
        return (float) Math.sin(x);
    }

    /**
     * Cosine, fast and of implementation-defined precision on a device; on the host: {@code (float) Math.cos(x)}.
     *
     * @param x the angle in radians
     * @return the cosine of {@code x}
     */
    @Lowered(value = As.BUILT_IN, c = "native_cos")
    public static float nativeCos(float x) {
        return (float) Math.cos(x);
    }

    /**
     * Square root, fast and of implementation-defined precision on a device; on the host: {@code (float) Math.sqrt(x)}.
     *
     * @param x the argument, at least 0
     * @return the square root of {@code x}
     */
    @Lowered(value = As.BUILT_IN, c = "native_sqrt")
    public static float nativeSqrt(float x) {
        return (float) Math.sqrt(x);
    }

    /**
     * Reciprocal square root, fast and of implementation-defined precision on a device; on the host: {@code (float) (1.0 / Math.sqrt(x))}.
     *
     * @param x the argument, greater than 0
     * @return {@code 1 / sqrt(x)}
     */
    @Lowered(value = As.BUILT_IN, c = "native_rsqrt")
    public static float nativeRsqrt(float x) {
        return (float) (1.0 / Math.sqrt(x));
    }

    /**
     * Reciprocal, fast and of implementation-defined precision on a device; on the host: {@code 1f / x}.
     *
     * @param x the argument
     * @return {@code 1 / x}
     */
    @Lowered(value = As.BUILT_IN, c = "native_recip")
    public static float nativeRecip(float x) {
        return 1f / x;
    }

    /**
     * Division, fast and of implementation-defined precision on a device; on the host: {@code x / y}.
     *
     * @param x the dividend
     * @param y the divisor
     * @return {@code x / y}
     */
    @Lowered(value = As.BUILT_IN, c = "native_divide")
    public static float nativeDivide(float x, float y) {
        return x / y;
    }

    /**
     * {@code x^y} for {@code x >= 0}, fast and of implementation-defined precision on a device; on the host: {@code (float) Math.pow(x, y)}.
     *
     * @param x the base, at least 0
     * @param y the exponent
     * @return {@code x} raised to {@code y}
     */
    @Lowered(value = As.BUILT_IN, c = "native_powr")
    public static float nativePowr(float x, float y) {
        return (float) Math.pow(x, y);
    }

    /**
     * The high 32 bits of the 64-bit product; on the host: {@code (int) (((long) a * b) >>> 32)}.
     *
     * @param a the first factor
     * @param b the second factor
     * @return the high half of the full-width product, signed
     */
    @Lowered(value = As.BUILT_IN, c = "mul_hi")
    public static int mulHi(int a, int b) {
        return (int) (((long) a * b) >>> 32);
    }

    /**
     * The high 64 bits of the 128-bit product; on the host: {@code Math.multiplyHigh(a, b)}.
     *
     * @param a the first factor
     * @param b the second factor
     * @return the high half of the full-width product, signed
     */
    @Lowered(value = As.BUILT_IN, c = "mul_hi")
    public static long mulHi(long a, long b) {
        return Math.multiplyHigh(a, b);
    }

    /**
     * The number of one bits; on the host: {@code Integer.bitCount(x)}.
     *
     * @param x the argument
     * @return the number of one bits, 0 to 32
     */
    @Lowered(value = As.BUILT_IN, c = "popcount")
    public static int popcount(int x) {
        return Integer.bitCount(x);
    }

    /**
     * The number of leading zero bits; on the host: {@code Integer.numberOfLeadingZeros(x)}.
     *
     * @param x the argument
     * @return the number of leading zero bits, 0 to 32
     */
    @Lowered(value = As.BUILT_IN, c = "clz")
    public static int clz(int x) {
        return Integer.numberOfLeadingZeros(x);
    }

    private static float smooth(float edge0, float edge1, float x) {
        float t = Math.min(Math.max((x - edge0) / (edge1 - edge0), 0f), 1f);
        return t * t * (3f - 2f * t);
    }
}
