package io.jsycl.internal.memory;

import java.lang.foreign.MemorySegment;

/**
 * How a buffer's host array moves to and from native memory: {@link ElementKind} for arrays of
 * primitives, {@link RecordCodec} for arrays of records (packed as C structs).
 */
public interface ElementCodec {
    /** The size of one element on the device, in bytes. */
    long byteSize();

    /** Copies {@code array} into {@code dst}. */
    void copyToSegment(Object array, MemorySegment dst);

    /** Copies {@code src} into {@code array}. */
    void copyFromSegment(MemorySegment src, Object array);

    /**
     * The array's memory as a heap segment whose bytes are the device's, so it can be copied in
     * slices; null where elements need converting on the way (booleans, records).
     */
    default MemorySegment heapView(Object array) {
        return null;
    }
}
