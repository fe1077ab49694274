package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * An OpenCL kernel; {@link #close()} releases it once. Setting arguments and enqueueing one kernel object is not
 * thread safe: callers serialize per kernel or use {@link #cloneKernel()}.
 */
public final class ClKernel implements AutoCloseable {
    private final NativeRef ref;
    private final ClProgram program;
    private final String name;
    /** Holds one argument value while clSetKernelArg copies it; kernel objects are used by one thread at a time. */
    private final MemorySegment scratch = Arena.ofAuto().allocate(16, 16);

    private ClKernel(MemorySegment handle, ClProgram program, String name, String createCall) {
        this.ref = new NativeRef(handle, ClObjects.Kind.KERNEL, createCall, "clReleaseKernel", cl_h::clReleaseKernel);
        this.program = program;
        this.name = name;
    }

    /** Kernel {@code name} of the built program {@code p}. */
    public static ClKernel create(ClProgram p, String name) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(JAVA_INT);
            MemorySegment h = cl_h.clCreateKernel(p.handle(), a.allocateFrom(name), err);
            ClStatus.check(err.get(JAVA_INT, 0), "clCreateKernel");
            return new ClKernel(h, p, name, "clCreateKernel");
        }
    }

    public String name() {
        return name;
    }

    private void set(int index, long size, MemorySegment value) {
        ClObjects.call("clSetKernelArg");
        int s = cl_h.clSetKernelArg(handle(), index, size, value);
        if (s != 0) {
            throw new ClException("clSetKernelArg", s, "kernel " + name + ", argument " + index + ", " + size + " bytes");
        }
    }


    /** A buffer argument. */
    public void setArg(int index, ClMem mem) {
        scratch.set(ADDRESS, 0, mem.handle());
        set(index, ADDRESS.byteSize(), scratch);
    }

    public void setArgInt(int index, int v) {
        scratch.set(JAVA_INT, 0, v);
        set(index, JAVA_INT.byteSize(), scratch);
    }

    public void setArgLong(int index, long v) {
        scratch.set(ValueLayout.JAVA_LONG, 0, v);
        set(index, ValueLayout.JAVA_LONG.byteSize(), scratch);
    }

    public void setArgFloat(int index, float v) {
        scratch.set(ValueLayout.JAVA_FLOAT, 0, v);
        set(index, ValueLayout.JAVA_FLOAT.byteSize(), scratch);
    }

    public void setArgDouble(int index, double v) {
        scratch.set(ValueLayout.JAVA_DOUBLE, 0, v);
        set(index, ValueLayout.JAVA_DOUBLE.byteSize(), scratch);
    }

    public void setArgShort(int index, short v) {
        scratch.set(ValueLayout.JAVA_SHORT, 0, v);
        set(index, ValueLayout.JAVA_SHORT.byteSize(), scratch);
    }

    public void setArgByte(int index, byte v) {
        scratch.set(ValueLayout.JAVA_BYTE, 0, v);
        set(index, ValueLayout.JAVA_BYTE.byteSize(), scratch);
    }

    /** A {@code __local} argument of {@code bytes} bytes. */
    public void setArgLocal(int index, long bytes) {
        set(index, bytes, MemorySegment.NULL);
    }

    /** An argument whose value is the bytes of {@code value} (a struct, a vector). */
    public void setArg(int index, MemorySegment value) {
        if (value.isNative()) {
            set(index, value.byteSize(), value);
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment copy = a.allocate(value.byteSize(), 8).copyFrom(value);
            set(index, value.byteSize(), copy);
        }
    }

    private long workGroupInfo(ClDevice d, int param) {
        MemorySegment h = handle();
        return ClInfo.int64((p, size, value, sizeRet) -> cl_h.clGetKernelWorkGroupInfo(h, d.handle(), p, size, value, sizeRet),
                param, "clGetKernelWorkGroupInfo");
    }

    /** {@code CL_KERNEL_WORK_GROUP_SIZE} on {@code d}. */
    public long workGroupSize(ClDevice d) {
        return workGroupInfo(d, cl_h.CL_KERNEL_WORK_GROUP_SIZE());
    }

    /** {@code CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE} on {@code d}. */
    public long preferredWorkGroupSizeMultiple(ClDevice d) {
        return workGroupInfo(d, cl_h.CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE());
    }

    /** A copy with the same arguments ({@code clCloneKernel}, OpenCL 2.1+); else a new kernel of the same program and name. */
    public ClKernel cloneKernel() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(JAVA_INT);
            MemorySegment h = cl_h.clCloneKernel(handle(), err);
            if (err.get(JAVA_INT, 0) == 0 && !h.equals(MemorySegment.NULL)) {
                return new ClKernel(h, program, name, "clCloneKernel");
            }
        } catch (UnsatisfiedLinkError notExported) {
            // an OpenCL 1.x/2.0 ICD loader: fall back below
        }
        return create(program, name);
    }

    public MemorySegment handle() {
        return ref.get();
    }

    @Override
    public void close() {
        ref.close();
    }
}
