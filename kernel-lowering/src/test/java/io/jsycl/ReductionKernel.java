package io.jsycl;

import java.io.Serializable;

/** Test double of the runtime's {@code ReductionKernel}. */
@FunctionalInterface
public interface ReductionKernel<R> extends Serializable {
    void run(Item it, R reducer);
}
