package io.jsycl;

/**
 * Data shared between the host and devices, made from a Java array (whose contents it writes
 * back on {@link #close()}) or allocated by shape. Command groups reach it through accessors,
 * whose modes declare the data dependencies between them. Specialized per element type, as the
 * JDK does ({@code ValueLayout.OfFloat}): {@link OfFloat}, {@link OfInt}...
 *
 * <p>While a buffer is open, its host array belongs to the runtime: read it after closing the
 * buffer (SYCL's buffer destructor semantics).
 *
 * @param <T> the boxed element type
 */
public abstract sealed class Buffer<T> implements AutoCloseable permits Buffer.OfFloat, Buffer.OfDouble, Buffer.OfInt, Buffer.OfLong, Buffer.OfShort, Buffer.OfByte, Buffer.OfChar, Buffer.OfBoolean, Buffer.OfRecord {
    final BufferStorage storage;

    Buffer(BufferStorage storage) {
        this.storage = storage;
    }

    /** The buffer's shape. */
    public final Range range() {
        return storage.shape();
    }

    /** The number of elements. */
    public final int size() {
        return storage.length();
    }

    /** An accessor for a command group with the given mode. */
    public abstract Accessor<T> access(Handler h, AccessMode mode);

    /**
     * Waits for every command that uses this buffer, writes the contents back into the array it
     * was made from, and frees its device memory. Safe to call twice.
     */
    @Override
    public final void close() {
        storage.close();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + range();
    }

    private static Range checkShape(int length, Range shape) {
        if (shape.size() != length) {
            throw new IllegalArgumentException("shape " + shape + " holds " + shape.size()
                    + " elements but the array has " + length);
        }
        return shape;
    }

    /** A buffer over {@code data}, written back on close. */
    public static OfFloat of(float[] data) {
        return new OfFloat(data, Range.of(data.length), true);
    }

    /** A 2-D or 3-D (row-major) buffer over {@code data}, written back on close. */
    public static OfFloat of(float[] data, Range shape) {
        return new OfFloat(data, checkShape(data.length, shape), true);
    }

    /** A buffer of the given shape, zero-filled, with no host array. */
    public static OfFloat ofFloat(Range shape) {
        return new OfFloat(new float[Math.toIntExact(shape.size())], shape, false);
    }

    /** A buffer over {@code data}, written back on close. */
    public static OfDouble of(double[] data) {
        return new OfDouble(data, Range.of(data.length), true);
    }

    /** A 2-D or 3-D (row-major) buffer over {@code data}, written back on close. */
    public static OfDouble of(double[] data, Range shape) {
        return new OfDouble(data, checkShape(data.length, shape), true);
    }

    /** A buffer of the given shape, zero-filled, with no host array. */
    public static OfDouble ofDouble(Range shape) {
        return new OfDouble(new double[Math.toIntExact(shape.size())], shape, false);
    }

    /** A buffer over {@code data}, written back on close. */
    public static OfInt of(int[] data) {
        return new OfInt(data, Range.of(data.length), true);
    }

    /** A 2-D or 3-D (row-major) buffer over {@code data}, written back on close. */
    public static OfInt of(int[] data, Range shape) {
        return new OfInt(data, checkShape(data.length, shape), true);
    }

    /** A buffer of the given shape, zero-filled, with no host array. */
    public static OfInt ofInt(Range shape) {
        return new OfInt(new int[Math.toIntExact(shape.size())], shape, false);
    }

    /** A buffer over {@code data}, written back on close. */
    public static OfLong of(long[] data) {
        return new OfLong(data, Range.of(data.length), true);
    }

    /** A 2-D or 3-D (row-major) buffer over {@code data}, written back on close. */
    public static OfLong of(long[] data, Range shape) {
        return new OfLong(data, checkShape(data.length, shape), true);
    }

    /** A buffer of the given shape, zero-filled, with no host array. */
    public static OfLong ofLong(Range shape) {
        return new OfLong(new long[Math.toIntExact(shape.size())], shape, false);
    }

    /** A buffer over {@code data}, written back on close. */
    public static OfShort of(short[] data) {
        return new OfShort(data, Range.of(data.length), true);
    }

    /** A 2-D or 3-D (row-major) buffer over {@code data}, written back on close. */
    public static OfShort of(short[] data, Range shape) {
        return new OfShort(data, checkShape(data.length, shape), true);
    }

    /** A buffer of the given shape, zero-filled, with no host array. */
    public static OfShort ofShort(Range shape) {
        return new OfShort(new short[Math.toIntExact(shape.size())], shape, false);
    }

    /** A buffer over {@code data}, written back on close. */
    public static OfByte of(byte[] data) {
        return new OfByte(data, Range.of(data.length), true);
    }

    /** A 2-D or 3-D (row-major) buffer over {@code data}, written back on close. */
    public static OfByte of(byte[] data, Range shape) {
        return new OfByte(data, checkShape(data.length, shape), true);
    }

    /** A buffer of the given shape, zero-filled, with no host array. */
    public static OfByte ofByte(Range shape) {
        return new OfByte(new byte[Math.toIntExact(shape.size())], shape, false);
    }

    /** A buffer over {@code data}, written back on close. */
    public static OfChar of(char[] data) {
        return new OfChar(data, Range.of(data.length), true);
    }

    /** A 2-D or 3-D (row-major) buffer over {@code data}, written back on close. */
    public static OfChar of(char[] data, Range shape) {
        return new OfChar(data, checkShape(data.length, shape), true);
    }

    /** A buffer of the given shape, zero-filled, with no host array. */
    public static OfChar ofChar(Range shape) {
        return new OfChar(new char[Math.toIntExact(shape.size())], shape, false);
    }

    /** A buffer over {@code data}, written back on close. */
    public static OfBoolean of(boolean[] data) {
        return new OfBoolean(data, Range.of(data.length), true);
    }

    /** A 2-D or 3-D (row-major) buffer over {@code data}, written back on close. */
    public static OfBoolean of(boolean[] data, Range shape) {
        return new OfBoolean(data, checkShape(data.length, shape), true);
    }

    /** A buffer of the given shape, zero-filled, with no host array. */
    public static OfBoolean ofBoolean(Range shape) {
        return new OfBoolean(new boolean[Math.toIntExact(shape.size())], shape, false);
    }

    /**
     * A buffer over an array of records whose components are all primitives (an array of C
     * structs on the device: components in declaration order, natural alignment); on close the
     * contents are written back as new record instances in the array's slots.
     *
     * @throws IllegalArgumentException if {@code R} is not such a record (nested records, arrays,
     *     strings and other references are not allowed)
     */
    public static <R extends Record> OfRecord<R> of(R[] records) {
        return new OfRecord<>(records, Range.of(records.length), true);
    }

    /** A 2-D or 3-D (row-major) buffer over {@code records}, written back on close. */
    public static <R extends Record> OfRecord<R> of(R[] records, Range shape) {
        return new OfRecord<>(records, checkShape(records.length, shape), true);
    }

    /**
     * A buffer of records (see {@link #of(Record[])}): on the device each element is a C struct of
     * the record's components.
     *
     * @param <R> the record type
     */
    public static final class OfRecord<R extends Record> extends Buffer<R> {
        private final R[] data;

        private OfRecord(R[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(RecordCodec.of(data.getClass().getComponentType()), data, shape, writeBack));
            this.data = data;
        }

        /** Read access for the command group. */
        public Accessor.OfRecord<R> read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /** Write access: the previous contents are not copied to the device. */
        public Accessor.OfRecord<R> write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /** Read and write access. */
        public Accessor.OfRecord<R> readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfRecord<R> access(Handler h, AccessMode mode) {
            h.require(storage, mode);
            return new Accessor.OfRecord<>(storage, mode, data);
        }

        /** The record class's memory layout on the device (with its padding). */
        public java.lang.foreign.StructLayout layout() {
            return ((RecordCodec) storage.codec).layout;
        }
    }

    /** A buffer of {@code float} elements. */
    public static final class OfFloat extends Buffer<Float> {
        private final float[] data;

        private OfFloat(float[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.FLOAT, data, shape, writeBack));
            this.data = data;
        }

        /** Read access for the command group. */
        public Accessor.OfFloat read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /** Write access: the previous contents are not copied to the device. */
        public Accessor.OfFloat write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /** Read and write access. */
        public Accessor.OfFloat readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfFloat access(Handler h, AccessMode mode) {
            h.require(storage, mode);
            return new Accessor.OfFloat(storage, mode, data);
        }

        /** Waits for the buffer's pending commands and gives host reads and writes of its contents. */
        public HostAccessor.OfFloat hostAccess() {
            return new HostAccessor.OfFloat(storage, data);
        }
    }

    /** A buffer of {@code double} elements. */
    public static final class OfDouble extends Buffer<Double> {
        private final double[] data;

        private OfDouble(double[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.DOUBLE, data, shape, writeBack));
            this.data = data;
        }

        /** Read access for the command group. */
        public Accessor.OfDouble read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /** Write access: the previous contents are not copied to the device. */
        public Accessor.OfDouble write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /** Read and write access. */
        public Accessor.OfDouble readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfDouble access(Handler h, AccessMode mode) {
            h.require(storage, mode);
            return new Accessor.OfDouble(storage, mode, data);
        }

        /** Waits for the buffer's pending commands and gives host reads and writes of its contents. */
        public HostAccessor.OfDouble hostAccess() {
            return new HostAccessor.OfDouble(storage, data);
        }
    }

    /** A buffer of {@code int} elements. */
    public static final class OfInt extends Buffer<Integer> {
        private final int[] data;

        private OfInt(int[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.INT, data, shape, writeBack));
            this.data = data;
        }

        /** Read access for the command group. */
        public Accessor.OfInt read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /** Write access: the previous contents are not copied to the device. */
        public Accessor.OfInt write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /** Read and write access. */
        public Accessor.OfInt readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfInt access(Handler h, AccessMode mode) {
            h.require(storage, mode);
            return new Accessor.OfInt(storage, mode, data);
        }

        /** Waits for the buffer's pending commands and gives host reads and writes of its contents. */
        public HostAccessor.OfInt hostAccess() {
            return new HostAccessor.OfInt(storage, data);
        }
    }

    /** A buffer of {@code long} elements. */
    public static final class OfLong extends Buffer<Long> {
        private final long[] data;

        private OfLong(long[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.LONG, data, shape, writeBack));
            this.data = data;
        }

        /** Read access for the command group. */
        public Accessor.OfLong read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /** Write access: the previous contents are not copied to the device. */
        public Accessor.OfLong write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /** Read and write access. */
        public Accessor.OfLong readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfLong access(Handler h, AccessMode mode) {
            h.require(storage, mode);
            return new Accessor.OfLong(storage, mode, data);
        }

        /** Waits for the buffer's pending commands and gives host reads and writes of its contents. */
        public HostAccessor.OfLong hostAccess() {
            return new HostAccessor.OfLong(storage, data);
        }
    }

    /** A buffer of {@code short} elements. */
    public static final class OfShort extends Buffer<Short> {
        private final short[] data;

        private OfShort(short[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.SHORT, data, shape, writeBack));
            this.data = data;
        }

        /** Read access for the command group. */
        public Accessor.OfShort read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /** Write access: the previous contents are not copied to the device. */
        public Accessor.OfShort write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /** Read and write access. */
        public Accessor.OfShort readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfShort access(Handler h, AccessMode mode) {
            h.require(storage, mode);
            return new Accessor.OfShort(storage, mode, data);
        }

        /** Waits for the buffer's pending commands and gives host reads and writes of its contents. */
        public HostAccessor.OfShort hostAccess() {
            return new HostAccessor.OfShort(storage, data);
        }
    }

    /** A buffer of {@code byte} elements. */
    public static final class OfByte extends Buffer<Byte> {
        private final byte[] data;

        private OfByte(byte[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.BYTE, data, shape, writeBack));
            this.data = data;
        }

        /** Read access for the command group. */
        public Accessor.OfByte read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /** Write access: the previous contents are not copied to the device. */
        public Accessor.OfByte write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /** Read and write access. */
        public Accessor.OfByte readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfByte access(Handler h, AccessMode mode) {
            h.require(storage, mode);
            return new Accessor.OfByte(storage, mode, data);
        }

        /** Waits for the buffer's pending commands and gives host reads and writes of its contents. */
        public HostAccessor.OfByte hostAccess() {
            return new HostAccessor.OfByte(storage, data);
        }
    }

    /** A buffer of {@code char} elements. */
    public static final class OfChar extends Buffer<Character> {
        private final char[] data;

        private OfChar(char[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.CHAR, data, shape, writeBack));
            this.data = data;
        }

        /** Read access for the command group. */
        public Accessor.OfChar read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /** Write access: the previous contents are not copied to the device. */
        public Accessor.OfChar write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /** Read and write access. */
        public Accessor.OfChar readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfChar access(Handler h, AccessMode mode) {
            h.require(storage, mode);
            return new Accessor.OfChar(storage, mode, data);
        }

        /** Waits for the buffer's pending commands and gives host reads and writes of its contents. */
        public HostAccessor.OfChar hostAccess() {
            return new HostAccessor.OfChar(storage, data);
        }
    }

    /** A buffer of {@code boolean} elements. */
    public static final class OfBoolean extends Buffer<Boolean> {
        private final boolean[] data;

        private OfBoolean(boolean[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.BOOLEAN, data, shape, writeBack));
            this.data = data;
        }

        /** Read access for the command group. */
        public Accessor.OfBoolean read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /** Write access: the previous contents are not copied to the device. */
        public Accessor.OfBoolean write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /** Read and write access. */
        public Accessor.OfBoolean readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfBoolean access(Handler h, AccessMode mode) {
            h.require(storage, mode);
            return new Accessor.OfBoolean(storage, mode, data);
        }

        /** Waits for the buffer's pending commands and gives host reads and writes of its contents. */
        public HostAccessor.OfBoolean hostAccess() {
            return new HostAccessor.OfBoolean(storage, data);
        }
    }
}
