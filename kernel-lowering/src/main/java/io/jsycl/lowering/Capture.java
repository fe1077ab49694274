package io.jsycl.lowering;

import java.util.Objects;

/** One captured argument of a kernel lambda, as the runtime describes it to the lowering. */
public sealed interface Capture permits Capture.Scalar, Capture.Accessor {

    /** A captured primitive value, passed by value. */
    record Scalar(ScalarType type) implements Capture {
        public Scalar {
            Objects.requireNonNull(type, "type");
        }
    }

    /** A captured accessor over a buffer of {@code element} with 1 to 3 dimensions. */
    record Accessor(ScalarType element, int dimensions, AccessMode mode) implements Capture {
        public Accessor {
            Objects.requireNonNull(element, "element");
            Objects.requireNonNull(mode, "mode");
            if (dimensions < 1 || dimensions > 3) {
                throw new IllegalArgumentException("dimensions not in 1..3: " + dimensions);
            }
        }
    }
}
