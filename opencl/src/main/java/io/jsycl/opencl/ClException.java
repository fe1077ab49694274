package io.jsycl.opencl;

/** An OpenCL call failed; the message names the call, the status name and number. */
public class ClException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The OpenCL function that failed. */
    private final String call;
    /** The status code it returned, negative. */
    private final int status;

    /**
     * {@code "clEnqueueNDRangeKernel failed: CL_INVALID_WORK_GROUP_SIZE (-54)"}.
     *
     * @param call the OpenCL function that failed, e.g. {@code "clEnqueueNDRangeKernel"}
     * @param status the status it returned (a negative {@code CL_*} error code)
     */
    public ClException(String call, int status) {
        this(call, status, null);
    }

    /**
     * As {@link #ClException(String, int)}, with {@code detail} appended to the message when not null or empty.
     *
     * @param call the OpenCL function that failed, e.g. {@code "clBuildProgram"}
     * @param status the status it returned (a negative {@code CL_*} error code)
     * @param detail more about the failure (a build log, the object involved), or null
     */
    public ClException(String call, int status, String detail) {
        super(call + " failed: " + ClStatus.nameOf(status) + (detail == null || detail.isEmpty() ? "" : ": " + detail));
        this.call = call;
        this.status = status;
    }

    /**
     * The OpenCL function that failed, e.g. {@code "clBuildProgram"}.
     *
     * @return the function's name
     */
    public String call() {
        return call;
    }

    /**
     * The status code it returned.
     *
     * @return the negative {@code CL_*} error code; {@link ClStatus#of} gives its constant
     */
    public int status() {
        return status;
    }

    /**
     * The status as {@code "NAME (code)"}.
     *
     * @return e.g. {@code "CL_OUT_OF_RESOURCES (-5)"}, or {@code "unknown status (code)"}
     */
    public String statusName() {
        return ClStatus.nameOf(status);
    }
}
