package io.jsycl.internal.launch;

/** OpenCL C literals for Java values, exact for every value (hexadecimal floats, the minimum integers). */
public final class CLiterals {
    private CLiterals() {
    }

    public static String of(Object value) {
        return switch (value) {
            case Integer v -> v == Integer.MIN_VALUE ? "(-2147483647 - 1)" : v.toString();
            case Long v -> v == Long.MIN_VALUE ? "(-9223372036854775807L - 1L)" : v + "L";
            // A NaN with Java's bits: OpenCL's NAN is the driver's choice of quiet NaN.
            case Float v -> v.isNaN() ? "as_float(0x" + Integer.toHexString(Float.floatToRawIntBits(v)) + ")"
                    : v.isInfinite() ? (v > 0 ? "INFINITY" : "(-INFINITY)") : "(" + Float.toHexString(v) + "f)";
            case Double v -> v.isNaN() ? "as_double(0x" + Long.toHexString(Double.doubleToRawLongBits(v)) + "L)"
                    : v.isInfinite() ? (v > 0 ? "((double)INFINITY)" : "((double)-INFINITY)")
                    : "(" + Double.toHexString(v) + ")";
            case Short v -> "((short)" + v + ")";
            case Byte v -> "((char)" + v + ")";
            case Character v -> "((ushort)" + (int) v + ")";
            case Boolean v -> v ? "1" : "0";
            default -> throw new IllegalArgumentException("no C literal for " + value);
        };
    }
}
