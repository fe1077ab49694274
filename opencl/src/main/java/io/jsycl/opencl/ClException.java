package io.jsycl.opencl;

/** An OpenCL call failed; the message names the call, the status name and number. */
public class ClException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String call;
    private final int status;

    /** {@code "clEnqueueNDRangeKernel failed: CL_INVALID_WORK_GROUP_SIZE (-54)"}. */
    public ClException(String call, int status) {
        this(call, status, null);
    }

    /** As {@link #ClException(String, int)}, with {@code detail} appended to the message when not null or empty. */
    public ClException(String call, int status, String detail) {
        super(call + " failed: " + ClStatus.nameOf(status) + (detail == null || detail.isEmpty() ? "" : ": " + detail));
        this.call = call;
        this.status = status;
    }

    /** The OpenCL function that failed, e.g. {@code "clBuildProgram"}. */
    public String call() {
        return call;
    }

    /** The status code it returned. */
    public int status() {
        return status;
    }

    /** The status as {@code "NAME (code)"}. */
    public String statusName() {
        return ClStatus.nameOf(status);
    }
}
