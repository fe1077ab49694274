package io.jsycl;

import java.io.Serializable;

/** The body of a {@code parallelFor} over an {@link NdRange}, run once per work-item. */
@FunctionalInterface
public interface NdItemKernel extends Serializable {
    /**
     * Runs the kernel for one work-item.
     *
     * @param it the work-item: its global and local indices, its group, and barriers
     */
    void run(NdItem it);
}
