package io.jsycl;

/**
 * Four consecutive {@code float}s as one value (SYCL's {@code float4}): what {@link Accessor.OfFloat#get4(int)}
 * loads and {@link Accessor.OfFloat#set4(int, Float4)} stores in one wide memory access ({@code vload4} and
 * {@code vstore4} on a device). The arithmetic is lane by lane and rounds each lane as Java's {@code float} arithmetic
 * does (no fused multiply-add), so a kernel's result is bit-exact with the same Java code. In a kernel a
 * {@code Float4} is a value in registers, not an allocation.
 *
 * @param x lane 0, the element at {@code 4 * i}
 * @param y lane 1
 * @param z lane 2
 * @param w lane 3
 */
public record Float4(float x, float y, float z, float w) {
    /**
     * The same value in every lane.
     *
     * @param v the value
     * @return {@code (v, v, v, v)}
     */
    public static Float4 splat(float v) {
        return new Float4(v, v, v, v);
    }

    /**
     * Lane-wise sum.
     *
     * @param o the other operand
     * @return {@code (x + o.x, y + o.y, z + o.z, w + o.w)}
     */
    public Float4 add(Float4 o) {
        return new Float4(x + o.x, y + o.y, z + o.z, w + o.w);
    }

    /**
     * Lane-wise difference.
     *
     * @param o the other operand
     * @return {@code (x - o.x, y - o.y, z - o.z, w - o.w)}
     */
    public Float4 sub(Float4 o) {
        return new Float4(x - o.x, y - o.y, z - o.z, w - o.w);
    }

    /**
     * Lane-wise product.
     *
     * @param o the other operand
     * @return {@code (x * o.x, y * o.y, z * o.z, w * o.w)}
     */
    public Float4 mul(Float4 o) {
        return new Float4(x * o.x, y * o.y, z * o.z, w * o.w);
    }

    /**
     * Every lane times a scalar.
     *
     * @param s the scalar
     * @return {@code (x * s, y * s, z * s, w * s)}
     */
    public Float4 mul(float s) {
        return new Float4(x * s, y * s, z * s, w * s);
    }

    /**
     * Lane-wise quotient.
     *
     * @param o the divisor
     * @return {@code (x / o.x, y / o.y, z / o.z, w / o.w)}
     */
    public Float4 div(Float4 o) {
        return new Float4(x / o.x, y / o.y, z / o.z, w / o.w);
    }

    /**
     * Lane-wise minimum ({@link Math#min(float, float)}: NaN wins, {@code -0.0f < 0.0f}).
     *
     * @param o the other operand
     * @return the smaller of each pair of lanes
     */
    public Float4 min(Float4 o) {
        return new Float4(Math.min(x, o.x), Math.min(y, o.y), Math.min(z, o.z), Math.min(w, o.w));
    }

    /**
     * Lane-wise maximum ({@link Math#max(float, float)}: NaN wins, {@code -0.0f < 0.0f}).
     *
     * @param o the other operand
     * @return the larger of each pair of lanes
     */
    public Float4 max(Float4 o) {
        return new Float4(Math.max(x, o.x), Math.max(y, o.y), Math.max(z, o.z), Math.max(w, o.w));
    }

    /**
     * The lanes added left to right.
     *
     * @return {@code ((x + y) + z) + w}
     */
    public float sum() {
        return x + y + z + w;
    }
}
