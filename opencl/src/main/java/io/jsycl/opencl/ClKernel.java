package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.LongAdder;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * An OpenCL kernel; {@link #close()} releases it once. Setting arguments and enqueueing one kernel object is not
 * thread safe: callers serialize per kernel or use {@link #cloneKernel()}.
 */
public final class ClKernel implements AutoCloseable {
    private static final LongAdder SET_ARG_CALLS = ClObjects.counter("clSetKernelArg");

    private final NativeRef ref;
    private final ClProgram program;
    private final String name;
    /** Holds one argument value while clSetKernelArg copies it; kernel objects are used by one thread at a time. */
    private final MemorySegment scratch = Arena.ofAuto().allocate(16, 16);
    /**
     * The scalar value each argument was last set to (its bits, and its size in bytes; size 0 = unknown).
     * OpenCL keeps arguments between launches, so setting a scalar to its current value is skipped.
     */
    private long[] lastBits = new long[16];
    private int[] lastSize = new int[16];
    /**
     * The buffer each argument was last set to (null = not a buffer, or unknown). Setting the same
     * buffer again is skipped while it is open; compared by object, so a buffer released and another
     * created at the same address is set again.
     */
    private ClMem[] lastMem = new ClMem[16];

    /**
     * Who set every argument last ({@link #argumentsFrom(Object)}), or null: cleared by any argument set through this
     * object, so a caller that applied an immutable set of arguments may skip applying them again.
     */
    private Object argumentsFrom;

    private ClKernel(MemorySegment handle, ClProgram program, String name, String createCall) {
        this.ref = new NativeRef(handle, ClObjects.Kind.KERNEL, createCall, "clReleaseKernel", cl_h::clReleaseKernel);
        this.program = program;
        this.name = name;
    }

    /**
     * Kernel {@code name} of the built program {@code p}.
     *
     * @param p a program built for the devices the kernel will run on
     * @param name the name of a {@code __kernel} function of the program
     * @return the new kernel, no argument set; the caller closes it
     * @throws ClException when {@code clCreateKernel} fails, e.g. {@code CL_INVALID_KERNEL_NAME} or
     *         {@code CL_INVALID_PROGRAM_EXECUTABLE} for an unbuilt program
     */
    public static ClKernel create(ClProgram p, String name) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(JAVA_INT);
            MemorySegment h = cl_h.clCreateKernel(p.handle(), a.allocateFrom(name), err);
            ClStatus.check(err.get(JAVA_INT, 0), "clCreateKernel");
            return new ClKernel(h, p, name, "clCreateKernel");
        }
    }

    /**
     * The kernel function's name.
     *
     * @return the name given to {@link #create}
     */
    public String name() {
        return name;
    }

    /**
     * The immutable set of arguments that set all of this kernel's arguments last, as its caller recorded it, or null.
     *
     * @return the object given to {@link #argumentsFrom(Object)} since which no argument was set, else null
     */
    public Object argumentsFrom() {
        return argumentsFrom;
    }

    /**
     * Records that {@code arguments}, an immutable set of arguments, has just set all of this kernel's arguments (null
     * to forget); setting any argument afterwards forgets it.
     *
     * @param arguments the caller's object standing for the values set, or null
     */
    public void argumentsFrom(Object arguments) {
        this.argumentsFrom = arguments;
    }

    private void set(int index, long size, MemorySegment value) {
        argumentsFrom = null;
        SET_ARG_CALLS.increment();
        int s = cl_h.clSetKernelArg(handle(), index, size, value);
        if (s != 0) {
            throw new ClException("clSetKernelArg", s, "kernel " + name + ", argument " + index + ", " + size + " bytes");
        }
    }


    /**
     * A buffer argument; setting the buffer the argument already holds (the same open object) does nothing.
     *
     * @param index the parameter's position, from 0; a {@code __global} or {@code __constant} pointer
     * @param mem the buffer the pointer refers to
     * @throws ClException when {@code clSetKernelArg} fails; the message names the kernel, index and size
     */
    public void setArg(int index, ClMem mem) {
        if (index < lastMem.length && lastMem[index] == mem && !mem.isClosed()) {
            return;
        }
        forget(index);
        scratch.set(ADDRESS, 0, mem.handle());
        set(index, ADDRESS.byteSize(), scratch);
        grow(index);
        lastMem[index] = mem;
    }

    /**
     * A {@code int or uint} argument; no OpenCL call when this index already holds the same value.
     *
     * @param index the parameter's position, from 0
     * @param v the value; unsigned parameters get its bits
     * @throws ClException when {@code clSetKernelArg} fails; the message names the kernel, index and size
     */
    public void setArgInt(int index, int v) {
        if (unchanged(index, v, 4)) {
            return;
        }
        scratch.set(JAVA_INT, 0, v);
        set(index, JAVA_INT.byteSize(), scratch);
        remember(index, v, 4);
    }

    /**
     * A {@code long or ulong} argument; no OpenCL call when this index already holds the same value.
     *
     * @param index the parameter's position, from 0
     * @param v the value; unsigned parameters get its bits
     * @throws ClException when {@code clSetKernelArg} fails; the message names the kernel, index and size
     */
    public void setArgLong(int index, long v) {
        if (unchanged(index, v, 8)) {
            return;
        }
        scratch.set(ValueLayout.JAVA_LONG, 0, v);
        set(index, ValueLayout.JAVA_LONG.byteSize(), scratch);
        remember(index, v, 8);
    }

    /**
     * A {@code float} argument; no OpenCL call when this index already holds the same value.
     *
     * @param index the parameter's position, from 0
     * @param v the value; unsigned parameters get its bits
     * @throws ClException when {@code clSetKernelArg} fails; the message names the kernel, index and size
     */
    public void setArgFloat(int index, float v) {
        if (unchanged(index, Float.floatToRawIntBits(v), 4)) {
            return;
        }
        scratch.set(ValueLayout.JAVA_FLOAT, 0, v);
        set(index, ValueLayout.JAVA_FLOAT.byteSize(), scratch);
        remember(index, Float.floatToRawIntBits(v), 4);
    }

    /**
     * A {@code double} argument; no OpenCL call when this index already holds the same value.
     *
     * @param index the parameter's position, from 0
     * @param v the value; unsigned parameters get its bits
     * @throws ClException when {@code clSetKernelArg} fails; the message names the kernel, index and size
     */
    public void setArgDouble(int index, double v) {
        if (unchanged(index, Double.doubleToRawLongBits(v), 8)) {
            return;
        }
        scratch.set(ValueLayout.JAVA_DOUBLE, 0, v);
        set(index, ValueLayout.JAVA_DOUBLE.byteSize(), scratch);
        remember(index, Double.doubleToRawLongBits(v), 8);
    }

    /**
     * A {@code short or ushort} argument; no OpenCL call when this index already holds the same value.
     *
     * @param index the parameter's position, from 0
     * @param v the value; unsigned parameters get its bits
     * @throws ClException when {@code clSetKernelArg} fails; the message names the kernel, index and size
     */
    public void setArgShort(int index, short v) {
        if (unchanged(index, v, 2)) {
            return;
        }
        scratch.set(ValueLayout.JAVA_SHORT, 0, v);
        set(index, ValueLayout.JAVA_SHORT.byteSize(), scratch);
        remember(index, v, 2);
    }

    /**
     * A {@code char or uchar} argument; no OpenCL call when this index already holds the same value.
     *
     * @param index the parameter's position, from 0
     * @param v the value; unsigned parameters get its bits
     * @throws ClException when {@code clSetKernelArg} fails; the message names the kernel, index and size
     */
    public void setArgByte(int index, byte v) {
        if (unchanged(index, v, 1)) {
            return;
        }
        scratch.set(ValueLayout.JAVA_BYTE, 0, v);
        set(index, ValueLayout.JAVA_BYTE.byteSize(), scratch);
        remember(index, v, 1);
    }

    private boolean unchanged(int index, long bits, int size) {
        // One test for both values, not two branches: a JIT that compiled this while every argument was being set
        // again would otherwise stop (deoptimize) at the first argument of a new kernel.
        return index < lastSize.length && ((lastSize[index] ^ size) | (lastBits[index] ^ bits)) == 0;
    }

    private void remember(int index, long bits, int size) {
        grow(index);
        lastBits[index] = bits;
        lastSize[index] = size;
        lastMem[index] = null;
    }

    private void grow(int index) {
        if (index >= lastSize.length) {
            int n = Math.max(index + 1, lastSize.length * 2);
            lastBits = java.util.Arrays.copyOf(lastBits, n);
            lastSize = java.util.Arrays.copyOf(lastSize, n);
            lastMem = java.util.Arrays.copyOf(lastMem, n);
        }
    }

    private void forget(int index) {
        if (index < lastSize.length) {
            lastSize[index] = 0;
            lastMem[index] = null;
        }
    }

    /**
     * A {@code __local} argument of {@code bytes} bytes.
     *
     * @param index the parameter's position, from 0; a {@code __local} pointer
     * @param bytes the size of the local memory each work-group gets, greater than 0
     * @throws ClException when {@code clSetKernelArg} fails; the message names the kernel, index and size
     */
    public void setArgLocal(int index, long bytes) {
        forget(index);
        set(index, bytes, MemorySegment.NULL);
    }

    /**
     * An argument whose value is the bytes of {@code value} (a struct, a vector).
     *
     * @param index the parameter's position, from 0
     * @param value the argument's bytes, exactly the parameter's size; a heap segment is copied first
     * @throws ClException when {@code clSetKernelArg} fails; the message names the kernel, index and size
     */
    public void setArg(int index, MemorySegment value) {
        forget(index);
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

    /**
     * {@code CL_KERNEL_WORK_GROUP_SIZE} on {@code d}.
     *
     * @param d a device of the kernel's program
     * @return the largest work-group this kernel can run with on {@code d}, at least 1
     * @throws ClException when {@code clGetKernelWorkGroupInfo} fails
     */
    public long workGroupSize(ClDevice d) {
        return workGroupInfo(d, cl_h.CL_KERNEL_WORK_GROUP_SIZE());
    }

    /**
     * {@code CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE} on {@code d}.
     *
     * @param d a device of the kernel's program
     * @return the work-group size multiple that runs best (e.g. the warp or SIMD width), at least 1
     * @throws ClException when {@code clGetKernelWorkGroupInfo} fails
     */
    public long preferredWorkGroupSizeMultiple(ClDevice d) {
        return workGroupInfo(d, cl_h.CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE());
    }

    /**
     * A copy with the same arguments ({@code clCloneKernel}, OpenCL 2.1+); else a new kernel of the same program and name.
     *
     * @return a new kernel the caller closes; on the fallback path its arguments are not set
     * @throws ClException when the clone or creation fails
     */
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

    /**
     * The native {@code cl_kernel}, for calls through the bindings.
     *
     * @return the handle, owned by this object (do not release it)
     * @throws IllegalStateException when this kernel is closed
     */
    public MemorySegment handle() {
        return ref.get();
    }

    @Override
    public void close() {
        ref.close();
    }
}
