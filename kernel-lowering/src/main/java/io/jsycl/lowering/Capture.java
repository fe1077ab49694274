package io.jsycl.lowering;

import java.util.List;
import java.util.Objects;

/** One captured argument of a kernel lambda, as the runtime describes it to the lowering. */
public sealed interface Capture permits Capture.Scalar, Capture.Accessor, Capture.RecordAccessor, Capture.Local, Capture.Record,
        Capture.Array {

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

    /**
     * A captured {@code io.jsycl.Accessor$OfRecord} over a buffer of records (an array of C
     * structs): {@code recordInternalName} is the record class ("pkg/P"), {@code fields} its
     * primitive components in declaration order, laid out with natural alignment
     * ({@link RecordType#offsets(List)}).
     */
    record RecordAccessor(String recordInternalName, List<ScalarType> fields, int dimensions, AccessMode mode)
            implements Capture {
        public RecordAccessor {
            Objects.requireNonNull(recordInternalName, "recordInternalName");
            Objects.requireNonNull(mode, "mode");
            fields = List.copyOf(fields);
            if (dimensions < 1 || dimensions > 3) {
                throw new IllegalArgumentException("dimensions not in 1..3: " + dimensions);
            }
        }
    }

    /** A captured {@code io.jsycl.LocalAccessor$OfX}: work-group local memory of 1 to 3 dimensions. */
    record Local(ScalarType element, int dimensions) implements Capture {
        public Local {
            Objects.requireNonNull(element, "element");
            if (dimensions < 1 || dimensions > 3) {
                throw new IllegalArgumentException("dimensions not in 1..3: " + dimensions);
            }
        }
    }

    /**
     * A captured record: {@code internalName} is its class ("pkg/P"), {@code components} one
     * capture per record component, in record-component order (they may nest).
     */
    record Record(String internalName, List<Capture> components) implements Capture {
        public Record {
            Objects.requireNonNull(internalName, "internalName");
            components = List.copyOf(components);
        }
    }

    /** A captured primitive array: read-only in the kernel, passed as a device buffer and its length. */
    record Array(ScalarType element) implements Capture {
        public Array {
            Objects.requireNonNull(element, "element");
        }
    }
}
