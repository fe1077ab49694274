package io.jsycl;

import java.io.Serializable;

/** The body of a {@code parallelFor} over an {@link NdRange}, run once per work-item. */
@FunctionalInterface
public interface NdItemKernel extends Serializable {
    /** Runs the kernel for one work-item. */
    void run(NdItem it);
}
