package io.jsycl.internal.memory;

import io.jsycl.lowering.ScalarType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Element types of buffers: their size on the device and how arrays move to and from native memory. */
public enum ElementKind implements ElementCodec {
    BOOLEAN(1, ScalarType.BOOLEAN),
    BYTE(1, ScalarType.BYTE),
    CHAR(2, ScalarType.CHAR),
    SHORT(2, ScalarType.SHORT),
    INT(4, ScalarType.INT),
    LONG(8, ScalarType.LONG),
    FLOAT(4, ScalarType.FLOAT),
    DOUBLE(8, ScalarType.DOUBLE);

    public final int bytes;
    public final ScalarType scalar;

    ElementKind(int bytes, ScalarType scalar) {
        this.bytes = bytes;
        this.scalar = scalar;
    }

    @Override
    public long byteSize() {
        return bytes;
    }

    /** Copies {@code array} into {@code dst} (booleans as bytes 0 and 1). */
    @Override
    public void copyToSegment(Object array, MemorySegment dst) {
        MemorySegment heap = heapView(array);
        if (heap != null) {
            HostCopy.fromArray(heap, dst);
            return;
        }
        boolean[] a = booleans(array);
        for (int i = 0; i < a.length; i++) {
            dst.set(ValueLayout.JAVA_BYTE, i, a[i] ? (byte) 1 : 0);
        }
    }

    @Override
    public MemorySegment heapView(Object array) {
        return switch (array) {
            case byte[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            default -> null; // booleans are converted to bytes one by one
        };
    }

    /** Copies {@code src} into {@code array} (bytes other than 0 become true). */
    @Override
    public void copyFromSegment(MemorySegment src, Object array) {
        MemorySegment heap = heapView(array);
        if (heap != null) {
            HostCopy.toArray(src, heap);
            return;
        }
        boolean[] a = booleans(array);
        for (int i = 0; i < a.length; i++) {
            a[i] = src.get(ValueLayout.JAVA_BYTE, i) != 0;
        }
    }

    private static boolean[] booleans(Object array) {
        if (array instanceof boolean[] a) {
            return a;
        }
        throw new IllegalArgumentException("not a primitive array: " + array.getClass());
    }

    /**
     * A primitive array of one element holding {@code boxed}: an {@code int[1]} for an {@code Integer}, and so on.
     *
     * @param boxed a boxed primitive
     * @return the array
     * @throws IllegalArgumentException if {@code boxed} is not a boxed primitive
     */
    public static Object arrayOfOne(Object boxed) {
        Class<?> type = switch (boxed) {
            case Integer v -> int.class;
            case Long v -> long.class;
            case Float v -> float.class;
            case Double v -> double.class;
            case Short v -> short.class;
            case Byte v -> byte.class;
            case Character v -> char.class;
            case Boolean v -> boolean.class;
            default -> throw new IllegalArgumentException("not a primitive value: " + boxed);
        };
        Object array = java.lang.reflect.Array.newInstance(type, 1);
        java.lang.reflect.Array.set(array, 0, boxed);
        return array;
    }
}
