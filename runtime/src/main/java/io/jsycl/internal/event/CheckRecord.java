package io.jsycl.internal.event;

/**
 * What a checked kernel recorded on the device (an index out of bounds, a division by zero), read once after the
 * kernel ran: the first wait for the kernel's event reads it ({@link EventImpl#checkAfterwards}) and throws what it
 * returns. The launch layer's {@code KernelCheck} is the one implementation.
 */
public interface CheckRecord {
    /**
     * Reads the record and releases its device memory.
     *
     * @return the failure the kernel recorded, or null if it recorded none
     */
    RuntimeException read();
}
