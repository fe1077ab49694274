package io.jsycl;

/** A runtime error. Carries the OpenCL status where one caused it. */
public class SyclException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** The OpenCL status code, or 0 when none caused the error. */
    private final int status;
    /** The OpenCL status's name ({@code CL_OUT_OF_RESOURCES}), or {@code null}. */
    private final String statusName;

    /**
     * An error with no OpenCL status.
     *
     * @param message what failed, where, and what to do
     */
    public SyclException(String message) {
        this(message, null);
    }

    /**
     * An error with no OpenCL status, caused by {@code cause}.
     *
     * @param message what failed, where, and what to do
     * @param cause the underlying exception, or null
     */
    public SyclException(String message, Throwable cause) {
        this(message, cause, 0, "CL_SUCCESS");
    }

    /**
     * An error caused by an OpenCL call that returned {@code status}.
     *
     * @param message what failed, where, and what to do
     * @param cause the underlying exception, or null
     * @param status the OpenCL status code the call returned (negative)
     * @param statusName its name, e.g. {@code CL_OUT_OF_RESOURCES}
     */
    public SyclException(String message, Throwable cause, int status, String statusName) {
        super(message, cause);
        this.status = status;
        this.statusName = statusName;
    }

    /**
     * The OpenCL status code, or 0 when the error has none.
     *
     * @return a negative {@code CL_*} code, or 0
     */
    public int status() {
        return status;
    }

    /**
     * The OpenCL status name, e.g. {@code CL_OUT_OF_RESOURCES}, or {@code CL_SUCCESS} when the error has none.
     *
     * @return the status's name
     */
    public String statusName() {
        return statusName;
    }
}
