package io.jsycl.lowering;

/** How a kernel accesses a captured accessor's memory. */
public enum AccessMode {
    READ,
    WRITE,
    READ_WRITE
}
