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
     *
     * @param ctx the context that owns the buffer
     * @param flags an OR of {@link ClMemFlags} bits, e.g. {@link ClMemFlags#READ_WRITE}
     * @param bytes the size in bytes, greater than 0
     * @param hostPtr host memory of at least {@code bytes} bytes for {@code USE_HOST_PTR} or {@code COPY_HOST_PTR};
     *        otherwise {@link MemorySegment#NULL} or null
     * @return the new buffer; the caller closes it
     * @throws IllegalArgumentException when {@code bytes} is not positive
     * @throws ClException when {@code clCreateBuffer} fails, e.g. {@code CL_INVALID_BUFFER_SIZE} past the device's
     *         maximum allocation
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

    /**
     * Size in bytes.
     *
     * @return the size given to {@link #createBuffer}, greater than 0
     */
    public long size() {
        return size;
    }

    boolean isClosed() {
        return ref.isClosed();
    }

    /**
     * The native {@code cl_mem}, for calls through the bindings.
     *
     * @return the handle, owned by this object (do not release it)
     * @throws IllegalStateException when this buffer is closed
     */
    public MemorySegment handle() {
        return ref.get();
    }

    @Override
    public void close() {
        ref.close();
    }
}
