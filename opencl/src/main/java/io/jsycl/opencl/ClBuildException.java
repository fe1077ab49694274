package io.jsycl.opencl;

/** {@code clBuildProgram} failed; carries the build log of each device, which the message also contains. */
public final class ClBuildException extends ClException {
    private static final long serialVersionUID = 1L;

    /** The compiler's output, as {@link #buildLog()} returns it. */
    private final String buildLog;

    ClBuildException(int status, String buildLog) {
        super("clBuildProgram", status, "build log:\n" + buildLog);
        this.buildLog = buildLog;
    }

    /**
     * The compiler's output, one section per device ({@code "--- device name ---"} headed).
     *
     * @return the log; empty when the compiler wrote nothing
     */
    public String buildLog() {
        return buildLog;
    }
}
