package io.jsycl.lowering;

import java.util.List;
import java.util.Objects;

/** One captured argument of a kernel lambda, as the runtime describes it to the lowering. */
public sealed interface Capture permits Capture.Scalar, Capture.Accessor, Capture.RecordAccessor, Capture.Local, Capture.Record,
        Capture.Array, Capture.Function {

    /**
     * A captured primitive value, passed by value.
     *
     * @param type the value's primitive type
     */
    record Scalar(ScalarType type) implements Capture {
        /**
         * Checks the component.
         *
         * @param type the value's primitive type, not null
         * @throws NullPointerException when {@code type} is null
         */
        public Scalar {
            Objects.requireNonNull(type, "type");
        }

        // Written out, here and in Accessor and Local: a submit looks its kernel up by its captures, and the equals and
        // hashCode a record gets go through method handles, which cost tens of microseconds a submit until the JIT
        // has compiled them (the first thousand submits or so).
        @Override
        public boolean equals(Object o) {
            return o instanceof Scalar s && s.type == type;
        }

        @Override
        public int hashCode() {
            return type.hashCode();
        }
    }

    /**
     * A captured accessor over a buffer of {@code element} with 1 to 3 dimensions.
     *
     * @param element the buffer's element type
     * @param dimensions the accessor's dimensions, 1 to 3
     * @param mode how the kernel accesses the buffer
     */
    record Accessor(ScalarType element, int dimensions, AccessMode mode) implements Capture {
        /**
         * Checks the components.
         *
         * @param element the buffer's element type, not null
         * @param dimensions the accessor's dimensions, 1 to 3
         * @param mode how the kernel accesses the buffer, not null
         * @throws NullPointerException when {@code element} or {@code mode} is null
         * @throws IllegalArgumentException when {@code dimensions} is not in 1..3
         */
        public Accessor {
            Objects.requireNonNull(element, "element");
            Objects.requireNonNull(mode, "mode");
            if (dimensions < 1 || dimensions > 3) {
                throw new IllegalArgumentException("dimensions not in 1..3: " + dimensions);
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Accessor a && a.element == element && a.dimensions == dimensions && a.mode == mode;
        }

        @Override
        public int hashCode() {
            return (element.hashCode() * 31 + dimensions) * 31 + mode.hashCode();
        }
    }

    /**
     * A captured {@code io.jsycl.Accessor$OfRecord} over a buffer of records (an array of C
     * structs): {@code recordInternalName} is the record class ("pkg/P"), {@code fields} its
     * primitive components in declaration order, laid out with natural alignment
     * ({@link RecordType#offsets(List)}).
     *
     * @param recordInternalName the record class's internal name, e.g. {@code "pkg/P"}
     * @param fields the record's primitive components, in declaration order
     * @param dimensions the accessor's dimensions, 1 to 3
     * @param mode how the kernel accesses the buffer
     */
    record RecordAccessor(String recordInternalName, List<ScalarType> fields, int dimensions, AccessMode mode)
            implements Capture {
        /**
         * Checks the components and copies {@code fields}.
         *
         * @param recordInternalName the record class's internal name, not null
         * @param fields the record's primitive components, in declaration order; copied
         * @param dimensions the accessor's dimensions, 1 to 3
         * @param mode how the kernel accesses the buffer, not null
         * @throws NullPointerException when {@code recordInternalName}, {@code fields} or {@code mode} is null
         * @throws IllegalArgumentException when {@code dimensions} is not in 1..3
         */
        public RecordAccessor {
            Objects.requireNonNull(recordInternalName, "recordInternalName");
            Objects.requireNonNull(mode, "mode");
            fields = List.copyOf(fields);
            if (dimensions < 1 || dimensions > 3) {
                throw new IllegalArgumentException("dimensions not in 1..3: " + dimensions);
            }
        }
    }

    /**
     * A captured {@code io.jsycl.LocalAccessor$OfX}: work-group local memory of 1 to 3 dimensions.
     *
     * @param element the local memory's element type
     * @param dimensions the local accessor's dimensions, 1 to 3
     */
    record Local(ScalarType element, int dimensions) implements Capture {
        /**
         * Checks the components.
         *
         * @param element the local memory's element type, not null
         * @param dimensions the local accessor's dimensions, 1 to 3
         * @throws NullPointerException when {@code element} is null
         * @throws IllegalArgumentException when {@code dimensions} is not in 1..3
         */
        public Local {
            Objects.requireNonNull(element, "element");
            if (dimensions < 1 || dimensions > 3) {
                throw new IllegalArgumentException("dimensions not in 1..3: " + dimensions);
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Local l && l.element == element && l.dimensions == dimensions;
        }

        @Override
        public int hashCode() {
            return element.hashCode() * 31 + dimensions;
        }
    }

    /**
     * A captured record: {@code internalName} is its class ("pkg/P"), {@code components} one
     * capture per record component, in record-component order (they may nest).
     *
     * @param internalName the record class's internal name, e.g. {@code "pkg/P"}
     * @param components one capture per record component, in order
     */
    record Record(String internalName, List<Capture> components) implements Capture {
        /**
         * Checks the components and copies {@code components}.
         *
         * @param internalName the record class's internal name, not null
         * @param components one capture per record component, in order; copied
         * @throws NullPointerException when {@code internalName} or {@code components} is null
         */
        public Record {
            Objects.requireNonNull(internalName, "internalName");
            components = List.copyOf(components);
        }
    }

    /**
     * A captured primitive array: read-only in the kernel, passed as a device buffer and its length.
     *
     * @param element the array's element type
     */
    record Array(ScalarType element) implements Capture {
        /**
         * Checks the component.
         *
         * @param element the array's element type, not null
         * @throws NullPointerException when {@code element} is null
         */
        public Array {
            Objects.requireNonNull(element, "element");
        }
    }

    /**
     * A captured function object: a serializable lambda or method reference (a predicate, an operator) that the kernel
     * calls through its functional interface. Its captured values travel like a record's components; a call of its
     * functional method becomes a call of its implementation method, with those values first, lowered as a device
     * function (or a built-in, for a method reference to {@code Math::max} and the like).
     *
     * @param interfaceName the functional interface's internal name, e.g. {@code "io/jsycl/Functions$FloatPredicate"}
     * @param method the functional method's name, e.g. {@code "test"}
     * @param methodDescriptor its erased descriptor, e.g. {@code "(F)Z"}
     * @param implClass the implementation method's class, internal name
     * @param implMethod the implementation method's name
     * @param implDescriptor its descriptor: the captured values' types, then the functional method's parameters
     * @param staticImpl whether the implementation method is static (a lambda that uses no {@code this}, or a reference
     *     to a static method); an instance one cannot be lowered
     * @param components one capture per captured value of the function object, in order
     */
    record Function(String interfaceName, String method, String methodDescriptor, String implClass, String implMethod,
            String implDescriptor, boolean staticImpl, List<Capture> components) implements Capture {
        /**
         * Checks the components and copies {@code components}.
         *
         * @throws NullPointerException when a name, a descriptor or {@code components} is null
         */
        public Function {
            Objects.requireNonNull(interfaceName, "interfaceName");
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(methodDescriptor, "methodDescriptor");
            Objects.requireNonNull(implClass, "implClass");
            Objects.requireNonNull(implMethod, "implMethod");
            Objects.requireNonNull(implDescriptor, "implDescriptor");
            components = List.copyOf(components);
        }
    }
}
