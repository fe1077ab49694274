package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

/** The {@code cl_mem_flags} bits of {@code clCreateBuffer}. */
public final class ClMemFlags {
    /** {@code CL_MEM_READ_WRITE}: kernels read and write the buffer (the default). */
    public static final long READ_WRITE = cl_h.CL_MEM_READ_WRITE();
    /** {@code CL_MEM_WRITE_ONLY}: kernels only write the buffer. */
    public static final long WRITE_ONLY = cl_h.CL_MEM_WRITE_ONLY();
    /** {@code CL_MEM_READ_ONLY}: kernels only read the buffer. */
    public static final long READ_ONLY = cl_h.CL_MEM_READ_ONLY();
    /** {@code CL_MEM_USE_HOST_PTR}: the buffer uses the given host memory as its storage. */
    public static final long USE_HOST_PTR = cl_h.CL_MEM_USE_HOST_PTR();
    /** {@code CL_MEM_ALLOC_HOST_PTR}: the buffer is allocated in host-accessible memory. */
    public static final long ALLOC_HOST_PTR = cl_h.CL_MEM_ALLOC_HOST_PTR();
    /** {@code CL_MEM_COPY_HOST_PTR}: the buffer starts as a copy of the given host memory. */
    public static final long COPY_HOST_PTR = cl_h.CL_MEM_COPY_HOST_PTR();
    /** {@code CL_MAP_READ}, for {@link ClCommandQueue#mapBuffer}. */
    public static final long MAP_READ = cl_h.CL_MAP_READ();
    /** {@code CL_MAP_WRITE}, for {@link ClCommandQueue#mapBuffer}. */
    public static final long MAP_WRITE = cl_h.CL_MAP_WRITE();
    /** {@code CL_MAP_WRITE_INVALIDATE_REGION}: a map for writing whose prior contents need not be made visible. */
    public static final long MAP_WRITE_INVALIDATE_REGION = cl_h.CL_MAP_WRITE_INVALIDATE_REGION();
    /** {@code CL_MEM_HOST_WRITE_ONLY}: the host only writes the buffer. */
    public static final long HOST_WRITE_ONLY = cl_h.CL_MEM_HOST_WRITE_ONLY();
    /** {@code CL_MEM_HOST_READ_ONLY}: the host only reads the buffer. */
    public static final long HOST_READ_ONLY = cl_h.CL_MEM_HOST_READ_ONLY();
    /** {@code CL_MEM_HOST_NO_ACCESS}: the host neither reads nor writes the buffer. */
    public static final long HOST_NO_ACCESS = cl_h.CL_MEM_HOST_NO_ACCESS();
    /** {@code CL_MEM_KERNEL_READ_AND_WRITE}: images only; kernels read and write it. */
    public static final long KERNEL_READ_AND_WRITE = cl_h.CL_MEM_KERNEL_READ_AND_WRITE();

    private ClMemFlags() {
    }
}
