package io.jsycl.lowering;

/** A Java primitive type as it appears in a kernel, with its OpenCL C spelling. */
public enum ScalarType {
    /** Java {@code boolean}, OpenCL C {@code uchar} (0 or 1). */
    BOOLEAN("uchar", 1, "Z"),
    /** Java {@code byte}, OpenCL C {@code char}. */
    BYTE("char", 1, "B"),
    /** Java {@code char}, OpenCL C {@code ushort}. */
    CHAR("ushort", 2, "C"),
    /** Java {@code short}, OpenCL C {@code short}. */
    SHORT("short", 2, "S"),
    /** Java {@code int}, OpenCL C {@code int}. */
    INT("int", 4, "I"),
    /** Java {@code long}, OpenCL C {@code long}. */
    LONG("long", 8, "J"),
    /** Java {@code float}, OpenCL C {@code float}. */
    FLOAT("float", 4, "F"),
    /** Java {@code double}, OpenCL C {@code double} (needs {@code cl_khr_fp64}). */
    DOUBLE("double", 8, "D");

    private final String cName;
    private final int byteSize;
    private final String descriptor;

    ScalarType(String cName, int byteSize, String descriptor) {
        this.cName = cName;
        this.byteSize = byteSize;
        this.descriptor = descriptor;
    }

    /**
     * The OpenCL C type name: {@code uchar, char, ushort, short, int, long, float, double}.
     *
     * @return the type's spelling in generated OpenCL C
     */
    public String cName() {
        return cName;
    }

    /**
     * The size in bytes of one value on the device (and in a Java array's element).
     *
     * @return 1, 2, 4 or 8
     */
    public int byteSize() {
        return byteSize;
    }

    /**
     * The JVM descriptor of this type ({@code "I"}, {@code "F"}...).
     *
     * @return a one-letter field descriptor
     */
    public String descriptor() {
        return descriptor;
    }

    /**
     * The scalar type of a JVM primitive descriptor, or {@code null} if it is not one.
     *
     * @param descriptor a field descriptor, e.g. {@code "I"} or {@code "[F"}
     * @return the matching type, or null for {@code V}, arrays and class types
     */
    public static ScalarType ofDescriptor(String descriptor) {
        for (ScalarType t : values()) {
            if (t.descriptor.equals(descriptor)) {
                return t;
            }
        }
        return null;
    }
}
