package io.jsycl;

import java.io.Serializable;

/** Test double of the runtime's {@code ItemKernel}. */
@FunctionalInterface
public interface ItemKernel extends Serializable {
    void run(Item it);
}
