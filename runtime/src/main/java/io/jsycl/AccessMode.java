package io.jsycl;

/** How a command group uses a buffer; declares the data dependency. */
public enum AccessMode {
    /** Reads the current contents. */
    READ,
    /** Overwrites the contents; the previous contents need not be copied to the device. */
    WRITE,
    /** Reads and writes. */
    READ_WRITE
}
