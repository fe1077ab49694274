package io.jsycl;

/** The kind of a {@link Device}. */
public enum DeviceType {
    GPU, CPU, ACCELERATOR,
    /** The pure-Java device that runs kernels on the JVM. */
    HOST
}
