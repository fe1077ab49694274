package io.jsycl;

import java.io.Serializable;

/** Test double of the runtime's {@code TaskKernel}. */
@FunctionalInterface
public interface TaskKernel extends Serializable {
    void run();
}
