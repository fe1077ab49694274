package io.jsycl;

/** A runtime error. Carries the OpenCL status where one caused it. */
public class SyclException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** The OpenCL status code, or 0 when none caused the error. */
    private final int status;
    /** The OpenCL status's name ({@code CL_OUT_OF_RESOURCES}), or {@code null}. */
    private final String statusName;

    /** An error with no OpenCL status. */
    public SyclException(String message) {
        this(message, null);
    }

    /** An error with no OpenCL status, caused by {@code cause}. */
    public SyclException(String message, Throwable cause) {
        this(message, cause, 0, "CL_SUCCESS");
    }

    /** An error caused by an OpenCL call that returned {@code status}. */
    public SyclException(String message, Throwable cause, int status, String statusName) {
        super(message, cause);
        this.status = status;
        this.statusName = statusName;
    }

    /** The OpenCL status code, or 0 when the error has none. */
    public int status() {
        return status;
    }

    /** The OpenCL status name, e.g. {@code CL_OUT_OF_RESOURCES}, or {@code CL_SUCCESS} when the error has none. */
    public String statusName() {
        return statusName;
    }
}
