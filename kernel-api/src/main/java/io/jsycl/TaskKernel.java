package io.jsycl;

import java.io.Serializable;

/** The body of a {@code singleTask}: runs once. */
@FunctionalInterface
public interface TaskKernel extends Serializable {
    /** Runs the kernel. */
    void run();
}
