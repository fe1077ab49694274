package io.jsycl;

import java.io.Serializable;

/** Test double of the runtime's {@code NdItemKernel}. */
@FunctionalInterface
public interface NdItemKernel extends Serializable {
    void run(NdItem it);
}
