package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

/** The {@code cl_mem_flags} bits of {@code clCreateBuffer}. */
public final class ClMemFlags {
    public static final long READ_WRITE = cl_h.CL_MEM_READ_WRITE();
    public static final long WRITE_ONLY = cl_h.CL_MEM_WRITE_ONLY();
    public static final long READ_ONLY = cl_h.CL_MEM_READ_ONLY();
    public static final long USE_HOST_PTR = cl_h.CL_MEM_USE_HOST_PTR();
    public static final long ALLOC_HOST_PTR = cl_h.CL_MEM_ALLOC_HOST_PTR();
    public static final long COPY_HOST_PTR = cl_h.CL_MEM_COPY_HOST_PTR();
    /** {@code CL_MAP_READ}, for {@link ClCommandQueue#mapBuffer}. */
    public static final long MAP_READ = cl_h.CL_MAP_READ();
    /** {@code CL_MAP_WRITE}, for {@link ClCommandQueue#mapBuffer}. */
    public static final long MAP_WRITE = cl_h.CL_MAP_WRITE();
    /** {@code CL_MAP_WRITE_INVALIDATE_REGION}: a map for writing whose prior contents need not be made visible. */
    public static final long MAP_WRITE_INVALIDATE_REGION = cl_h.CL_MAP_WRITE_INVALIDATE_REGION();
    public static final long HOST_WRITE_ONLY = cl_h.CL_MEM_HOST_WRITE_ONLY();
    public static final long HOST_READ_ONLY = cl_h.CL_MEM_HOST_READ_ONLY();
    public static final long HOST_NO_ACCESS = cl_h.CL_MEM_HOST_NO_ACCESS();
    public static final long KERNEL_READ_AND_WRITE = cl_h.CL_MEM_KERNEL_READ_AND_WRITE();

    private ClMemFlags() {
    }
}
