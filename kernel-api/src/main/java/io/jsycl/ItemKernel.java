package io.jsycl;

import java.io.Serializable;

/** The body of a {@code parallelFor} over a {@link Range}, run once per item. */
@FunctionalInterface
public interface ItemKernel extends Serializable {
    /**
     * Runs the kernel for one work-item.
     *
     * @param it the work-item: its index and the launch range
     */
    void run(Item it);
}
