package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static java.lang.foreign.ValueLayout.JAVA_INT;

/** An OpenCL buffer; {@link #close()} releases it once. */
public final class ClMem implements AutoCloseable {
    private final NativeRef ref;
    private final long size;

    private ClMem(MemorySegment handle, long size) {
        this.ref = new NativeRef(handle, ClObjects.Kind.MEM, "clCreateBuffer", "clReleaseMemObject", cl_h::clReleaseMemObject);
        this.size = size;
    }

    /**
     * A buffer of {@code bytes} bytes with {@link ClMemFlags} {@code flags}; {@code hostPtr} is
     * {@link MemorySegment#NULL} unless the flags use or copy host memory.
     */
    public static ClMem createBuffer(ClContext ctx, long flags, long bytes, MemorySegment hostPtr) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("bytes <= 0: " + bytes);
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(JAVA_INT);
            MemorySegment h = cl_h.clCreateBuffer(ctx.handle(), flags, bytes, hostPtr == null ? MemorySegment.NULL : hostPtr, err);
            ClStatus.check(err.get(JAVA_INT, 0), "clCreateBuffer");
            return new ClMem(h, bytes);
        }
    }

    /** Size in bytes. */
    public long size() {
        return size;
    }

    boolean isClosed() {
        return ref.isClosed();
    }

    public MemorySegment handle() {
        return ref.get();
    }

    @Override
    public void close() {
        ref.close();
    }
}
