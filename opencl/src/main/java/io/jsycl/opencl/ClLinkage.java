package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.function.Supplier;

/**
 * Links ahead of use the OpenCL functions that a program's first kernel calls, so that a background thread can do
 * this JVM work (looking up each symbol, spinning its downcall handle and stub) while the application does other
 * things, such as waiting for the driver to create its context. Nothing here calls OpenCL; a function the installed
 * OpenCL library lacks is skipped here and fails when called, as without this class.
 */
public final class ClLinkage {
    /** The functions {@link #linkFirstKernel()} links, in the order a first submit meets them. */
    static final List<String> FIRST_KERNEL_FUNCTIONS = List.of(
            "clCreateProgramWithBinary", "clCreateProgramWithSource", "clBuildProgram", "clGetProgramInfo",
            "clCreateKernel", "clCreateBuffer", "clEnqueueMapBuffer", "clEnqueueUnmapMemObject",
            "clEnqueueWriteBuffer", "clReleaseEvent", "clGetEventInfo", "clSetKernelArg", "clEnqueueNDRangeKernel",
            "clFlush", "clWaitForEvents", "clEnqueueReadBuffer", "clFinish", "clReleaseMemObject");

    /** Their handles' accessors, in the same order (each call initializes the function's lazy holder). */
    static final List<Supplier<MethodHandle>> FIRST_KERNEL = List.of(
            cl_h::clCreateProgramWithBinary$handle, cl_h::clCreateProgramWithSource$handle,
            cl_h::clBuildProgram$handle, cl_h::clGetProgramInfo$handle,
            cl_h::clCreateKernel$handle, cl_h::clCreateBuffer$handle, cl_h::clEnqueueMapBuffer$handle,
            cl_h::clEnqueueUnmapMemObject$handle,
            cl_h::clEnqueueWriteBuffer$handle, cl_h::clReleaseEvent$handle, cl_h::clGetEventInfo$handle,
            cl_h::clSetKernelArg$handle, cl_h::clEnqueueNDRangeKernel$handle,
            cl_h::clFlush$handle, cl_h::clWaitForEvents$handle, cl_h::clEnqueueReadBuffer$handle,
            cl_h::clFinish$handle, cl_h::clReleaseMemObject$handle);

    private ClLinkage() {
    }

    /**
     * Creates the downcall handles of the functions a first kernel calls: building a program (from source or a
     * binary), making buffers and moving data, setting arguments, launching and waiting. Idempotent and thread safe;
     * a second call costs little.
     */
    public static void linkFirstKernel() {
        for (Supplier<MethodHandle> handle : FIRST_KERNEL) {
            handle.get();
        }
    }
}
