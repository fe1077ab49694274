package io.jsycl;

/** Test double of the runtime's {@code Builtins} (only what the tests call). */
public final class Builtins {
    private Builtins() {
    }

    public static float mad(float a, float b, float c) {
        return a * b + c;
    }

    public static int clamp(int x, int lo, int hi) {
        return Math.min(Math.max(x, lo), hi);
    }

    public static float clamp(float x, float lo, float hi) {
        return Math.min(Math.max(x, lo), hi);
    }

    public static float rsqrt(float x) {
        return (float) (1 / Math.sqrt(x));
    }

    public static float nativeExp(float x) {
        return (float) Math.exp(x);
    }

    public static int mulHi(int a, int b) {
        return (int) (((long) a * b) >> 32);
    }

    public static long mulHi(long a, long b) {
        return Math.multiplyHigh(a, b);
    }

    public static int popcount(int x) {
        return Integer.bitCount(x);
    }

    public static int clz(int x) {
        return Integer.numberOfLeadingZeros(x);
    }

    public static float mix(float a, float b, float t) {
        return a + (b - a) * t;
    }
}
