package io.jsycl.lowering;

/** How a kernel accesses a captured accessor's memory. */
public enum AccessMode {
    /** The kernel only reads: the data must be on the device before it runs, and is not copied back. */
    READ,
    /** The kernel only writes: the device copy need not be initialized before it runs. */
    WRITE,
    /** The kernel reads and writes: the data moves to the device before it runs and counts as changed after. */
    READ_WRITE
}
