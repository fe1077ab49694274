package io.jsycl;

/** How a command group uses a buffer; declares the data dependency. */
public enum AccessMode {
    /** Reads the current contents. */
    READ,
    /**
     * Writes the contents; elements the kernel does not store keep their values (the contents are brought to the
     * device first, as for {@link #READ_WRITE}). A buffer's {@code writeNoInit} writes without that copy.
     */
    WRITE,
    /** Reads and writes. */
    READ_WRITE
}
