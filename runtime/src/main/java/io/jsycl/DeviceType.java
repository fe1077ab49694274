package io.jsycl;

/** The kind of a {@link Device}. */
public enum DeviceType {
    /** A graphics processor. */
    GPU,
    /** A CPU driven through OpenCL (PoCL, Intel's CPU runtime). */
    CPU,
    /** Another OpenCL accelerator (FPGA, DSP). */
    ACCELERATOR,
    /** The pure-Java device that runs kernels on the JVM. */
    HOST
}
