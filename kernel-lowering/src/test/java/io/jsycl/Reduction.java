package io.jsycl;

import java.io.Serializable;

/** Test double of the runtime's {@code Reduction} op interfaces. */
public final class Reduction {
    private Reduction() {
    }

    /** A custom int operation. */
    @FunctionalInterface
    public interface IntOp extends Serializable {
        int apply(int a, int b);
    }

    /** A custom long operation. */
    @FunctionalInterface
    public interface LongOp extends Serializable {
        long apply(long a, long b);
    }
}
