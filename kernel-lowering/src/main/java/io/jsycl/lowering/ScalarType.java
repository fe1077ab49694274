package io.jsycl.lowering;

/** A Java primitive type as it appears in a kernel, with its OpenCL C spelling. */
public enum ScalarType {
    BOOLEAN("uchar", 1, "Z"),
    BYTE("char", 1, "B"),
    CHAR("ushort", 2, "C"),
    SHORT("short", 2, "S"),
    INT("int", 4, "I"),
    LONG("long", 8, "J"),
    FLOAT("float", 4, "F"),
    DOUBLE("double", 8, "D");

    private final String cName;
    private final int byteSize;
    private final String descriptor;

    ScalarType(String cName, int byteSize, String descriptor) {
        this.cName = cName;
        this.byteSize = byteSize;
        this.descriptor = descriptor;
    }

    /** The OpenCL C type name: {@code uchar, char, ushort, short, int, long, float, double}. */
    public String cName() {
        return cName;
    }

    /** The size in bytes of one value on the device (and in a Java array's element). */
    public int byteSize() {
        return byteSize;
    }

    /** The JVM descriptor of this type ({@code "I"}, {@code "F"}...). */
    public String descriptor() {
        return descriptor;
    }

    /** The scalar type of a JVM primitive descriptor, or {@code null} if it is not one. */
    public static ScalarType ofDescriptor(String descriptor) {
        for (ScalarType t : values()) {
            if (t.descriptor.equals(descriptor)) {
                return t;
            }
        }
        return null;
    }
}
