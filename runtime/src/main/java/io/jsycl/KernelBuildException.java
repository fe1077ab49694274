package io.jsycl;

/** The OpenCL compiler rejected a generated kernel. Carries the build log and the generated source. */
public final class KernelBuildException extends SyclException {
    private static final long serialVersionUID = 1L;
    /** The OpenCL compiler's build log. */
    private final String buildLog;
    /** The generated OpenCL C source that failed to build. */
    private final String source;

    /**
     * Made by the runtime from the program manager's failure.
     *
     * @param message the message: device, options and the compiler's log
     * @param buildLog the compiler's log
     * @param source the OpenCL C source that failed
     * @param cause the program manager's exception
     */
    public KernelBuildException(String message, String buildLog, String source, Throwable cause) {
        super(message, cause, -11, "CL_BUILD_PROGRAM_FAILURE");
        this.buildLog = buildLog;
        this.source = source;
    }

    /**
     * The compiler's log.
     *
     * @return the log; empty when the compiler gave none
     */
    public String buildLog() {
        return buildLog;
    }

    /**
     * The OpenCL C source that failed to build.
     *
     * @return the source, for dumping
     */
    public String source() {
        return source;
    }
}
