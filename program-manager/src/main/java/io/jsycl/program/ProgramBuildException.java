package io.jsycl.program;

import java.util.Objects;

/**
 * A kernel set failed to build (or a kernel could not be created from it). The message names
 * the device, the build options and quotes the compiler's log; {@link #source()} holds the
 * source that failed, for dumping.
 */
public final class ProgramBuildException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The compiler's build log, {@code ""} if it gave none. */
    private final String buildLog;
    /** The OpenCL C source that failed to build. */
    private final String source;
    /** The build options used. */
    private final String buildOptions;
    /** The name of the device the build was for. */
    private final String deviceName;

    /**
     * A failed build; the message names the device and options and quotes the log.
     *
     * @param what         what failed, e.g. {@code "clBuildProgram failed (CL_BUILD_PROGRAM_FAILURE, -11)"}
     * @param buildLog     the compiler's log, {@code ""} or {@code null} if none
     * @param source       the source that was built
     * @param buildOptions the options it was built with
     * @param deviceName   the device it was built for
     * @param cause        the underlying failure, or {@code null}
     * @throws NullPointerException if {@code source}, {@code buildOptions} or {@code deviceName} is null
     */
    public ProgramBuildException(String what, String buildLog, String source, String buildOptions,
                                 String deviceName, Throwable cause) {
        super(message(what, buildLog, buildOptions, deviceName), cause);
        this.buildLog = Objects.requireNonNullElse(buildLog, "");
        this.source = Objects.requireNonNull(source, "source");
        this.buildOptions = Objects.requireNonNull(buildOptions, "buildOptions");
        this.deviceName = Objects.requireNonNull(deviceName, "deviceName");
    }

    private static String message(String what, String log, String options, String device) {
        String shownLog = log == null || log.isBlank() ? "(the compiler gave no log)" : log.strip();
        return what + " for device '" + device + "' with build options '" + options + "'"
                + "; fix the kernel source (set JSYCL_DUMP_KERNELS to see it). Build log:\n" + shownLog;
    }

    /**
     * The compiler's build log, {@code ""} if it gave none.
     *
     * @return the log, never null
     */
    public String buildLog() {
        return buildLog;
    }

    /**
     * The OpenCL C source that failed to build.
     *
     * @return the source, never null
     */
    public String source() {
        return source;
    }

    /**
     * The build options used.
     *
     * @return the options passed to {@code clBuildProgram}, {@code ""} for none
     */
    public String buildOptions() {
        return buildOptions;
    }

    /**
     * The name of the device the build was for.
     *
     * @return the device name, as {@code CL_DEVICE_NAME} reports it
     */
    public String deviceName() {
        return deviceName;
    }
}
