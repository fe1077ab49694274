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
    /** Where this view starts in the storage: null for a whole buffer, else a sub-buffer's origin. */
    final Id origin;
    private final Range view;
    private final boolean sub;

    Buffer(BufferStorage storage) {
        this.storage = storage;
        this.origin = null;
        this.view = storage.shape();
        this.sub = false;
    }

    /** A sub-buffer of {@code parent}: the region {@code [origin, origin + range)} of it. */
    Buffer(Buffer<?> parent, Id origin, Range range) {
        Range shape = parent.range();
        int dims = shape.dimensions();
        boolean fits = origin.dimensions() == dims && range.dimensions() == dims;
        for (int d = 0; fits && d < dims; d++) {
            fits = origin.get(d) >= 0 && range.get(d) >= 0 && (long) origin.get(d) + range.get(d) <= shape.get(d);
        }
        if (!fits) {
            throw new IllegalArgumentException("sub-buffer at origin " + origin + " with range " + range
                    + " does not fit in its parent of shape " + shape);
        }
        int[] at = new int[dims];
        for (int d = 0; d < dims; d++) {
            at[d] = origin.get(d) + (parent.origin != null ? parent.origin.get(d) : 0);
        }
        this.storage = parent.storage;
        this.origin = switch (dims) {
            case 1 -> Id.of(at[0]);
            case 2 -> Id.of(at[0], at[1]);
            default -> Id.of(at[0], at[1], at[2]);
        };
        this.view = range;
        this.sub = true;
    }

    /**
     * The buffer's shape (a sub-buffer's: its range).
     *
     * @return the shape, or a sub-buffer's range
     */
    public final Range range() {
        return view;
    }

    /**
     * The number of elements.
     *
     * @return the number of elements, the product of {@link #range()}'s extents
     */
    public final int size() {
        return Math.toIntExact(view.size());
    }

    /**
     * The mode the storage is used with: a write through a sub-buffer that does not cover its
     * parent keeps the rest of the parent's contents, so the storage is read and written (its
     * contents are brought to the device first).
     */
    final AccessMode storageMode(AccessMode mode) {
        return sub && mode == AccessMode.WRITE && !view.equals(storage.shape()) ? AccessMode.READ_WRITE : mode;
    }

    /**
     * Whether this is a sub-buffer (a view of a region of another buffer).
     *
     * @return true for a view made by {@code subBuffer}
     */
    public final boolean isSubBuffer() {
        return sub;
    }

    /**
     * An accessor for a command group with the given mode.
     *
     * @param h the command group being recorded, whose kernel captures the accessor
     * @param mode how the kernel uses the contents: it decides the command's dependencies and copies
     * @return an accessor for the command group's kernel to capture
     */
    public abstract Accessor<T> access(Handler h, AccessMode mode);

    /**
     * Waits for every command that uses this buffer, writes the contents back into the array it
     * was made from, and frees its device memory. Safe to call twice.
     *
     * <p>On a sub-buffer: waits for every command that uses its parent's storage, but neither
     * writes back nor frees anything; the parent does both when it is closed.
     */
    @Override
    public final void close() {
        if (sub) {
            storage.awaitCommands();
        } else {
            storage.close();
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + range() + (sub ? " at " + origin + " of " + storage.shape() : "");
    }

    private static Range checkShape(int length, Range shape) {
        if (shape.size() != length) {
            throw new IllegalArgumentException("shape " + shape + " holds " + shape.size()
                    + " elements but the array has " + length);
        }
        return shape;
    }

    /**
     * A buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfFloat of(float[] data) {
        return new OfFloat(data, Range.of(data.length), true);
    }

    /**
     * A 2-D or 3-D (row-major) buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @param shape the 2-D or 3-D shape; its size must equal the array's length
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfFloat of(float[] data, Range shape) {
        return new OfFloat(data, checkShape(data.length, shape), true);
    }

    /**
     * A buffer of the given shape, zero-filled, with no host array.
     *
     * @param shape the 1-D to 3-D shape
     * @return a new zero-filled buffer; its contents are read through a host accessor (on devices that work in
     *         host memory, such as CPUs, in place: nothing is copied)
     */
    public static OfFloat ofFloat(Range shape) {
        return new OfFloat(new float[Math.toIntExact(shape.size())], shape, false);
    }

    /**
     * A buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfDouble of(double[] data) {
        return new OfDouble(data, Range.of(data.length), true);
    }

    /**
     * A 2-D or 3-D (row-major) buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @param shape the 2-D or 3-D shape; its size must equal the array's length
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfDouble of(double[] data, Range shape) {
        return new OfDouble(data, checkShape(data.length, shape), true);
    }

    /**
     * A buffer of the given shape, zero-filled, with no host array.
     *
     * @param shape the 1-D to 3-D shape
     * @return a new zero-filled buffer; its contents are read through a host accessor (on devices that work in
     *         host memory, such as CPUs, in place: nothing is copied)
     */
    public static OfDouble ofDouble(Range shape) {
        return new OfDouble(new double[Math.toIntExact(shape.size())], shape, false);
    }

    /**
     * A buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfInt of(int[] data) {
        return new OfInt(data, Range.of(data.length), true);
    }

    /**
     * A 2-D or 3-D (row-major) buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @param shape the 2-D or 3-D shape; its size must equal the array's length
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfInt of(int[] data, Range shape) {
        return new OfInt(data, checkShape(data.length, shape), true);
    }

    /**
     * A buffer of the given shape, zero-filled, with no host array.
     *
     * @param shape the 1-D to 3-D shape
     * @return a new zero-filled buffer; its contents are read through a host accessor (on devices that work in
     *         host memory, such as CPUs, in place: nothing is copied)
     */
    public static OfInt ofInt(Range shape) {
        return new OfInt(new int[Math.toIntExact(shape.size())], shape, false);
    }

    /**
     * A buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfLong of(long[] data) {
        return new OfLong(data, Range.of(data.length), true);
    }

    /**
     * A 2-D or 3-D (row-major) buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @param shape the 2-D or 3-D shape; its size must equal the array's length
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfLong of(long[] data, Range shape) {
        return new OfLong(data, checkShape(data.length, shape), true);
    }

    /**
     * A buffer of the given shape, zero-filled, with no host array.
     *
     * @param shape the 1-D to 3-D shape
     * @return a new zero-filled buffer; its contents are read through a host accessor (on devices that work in
     *         host memory, such as CPUs, in place: nothing is copied)
     */
    public static OfLong ofLong(Range shape) {
        return new OfLong(new long[Math.toIntExact(shape.size())], shape, false);
    }

    /**
     * A buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfShort of(short[] data) {
        return new OfShort(data, Range.of(data.length), true);
    }

    /**
     * A 2-D or 3-D (row-major) buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @param shape the 2-D or 3-D shape; its size must equal the array's length
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfShort of(short[] data, Range shape) {
        return new OfShort(data, checkShape(data.length, shape), true);
    }

    /**
     * A buffer of the given shape, zero-filled, with no host array.
     *
     * @param shape the 1-D to 3-D shape
     * @return a new zero-filled buffer; its contents are read through a host accessor (on devices that work in
     *         host memory, such as CPUs, in place: nothing is copied)
     */
    public static OfShort ofShort(Range shape) {
        return new OfShort(new short[Math.toIntExact(shape.size())], shape, false);
    }

    /**
     * A buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfByte of(byte[] data) {
        return new OfByte(data, Range.of(data.length), true);
    }

    /**
     * A 2-D or 3-D (row-major) buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @param shape the 2-D or 3-D shape; its size must equal the array's length
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfByte of(byte[] data, Range shape) {
        return new OfByte(data, checkShape(data.length, shape), true);
    }

    /**
     * A buffer of the given shape, zero-filled, with no host array.
     *
     * @param shape the 1-D to 3-D shape
     * @return a new zero-filled buffer; its contents are read through a host accessor (on devices that work in
     *         host memory, such as CPUs, in place: nothing is copied)
     */
    public static OfByte ofByte(Range shape) {
        return new OfByte(new byte[Math.toIntExact(shape.size())], shape, false);
    }

    /**
     * A buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfChar of(char[] data) {
        return new OfChar(data, Range.of(data.length), true);
    }

    /**
     * A 2-D or 3-D (row-major) buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @param shape the 2-D or 3-D shape; its size must equal the array's length
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfChar of(char[] data, Range shape) {
        return new OfChar(data, checkShape(data.length, shape), true);
    }

    /**
     * A buffer of the given shape, zero-filled, with no host array.
     *
     * @param shape the 1-D to 3-D shape
     * @return a new zero-filled buffer; its contents are read through a host accessor (on devices that work in
     *         host memory, such as CPUs, in place: nothing is copied)
     */
    public static OfChar ofChar(Range shape) {
        return new OfChar(new char[Math.toIntExact(shape.size())], shape, false);
    }

    /**
     * A buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfBoolean of(boolean[] data) {
        return new OfBoolean(data, Range.of(data.length), true);
    }

    /**
     * A 2-D or 3-D (row-major) buffer over {@code data}, written back on close.
     *
     * @param data the host array the buffer wraps; written back when the buffer closes
     * @param shape the 2-D or 3-D shape; its size must equal the array's length
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
    public static OfBoolean of(boolean[] data, Range shape) {
        return new OfBoolean(data, checkShape(data.length, shape), true);
    }

    /**
     * A buffer of the given shape, zero-filled, with no host array.
     *
     * @param shape the 1-D to 3-D shape
     * @return a new zero-filled buffer; its contents are read through a host accessor (on devices that work in
     *         host memory, such as CPUs, in place: nothing is copied)
     */
    public static OfBoolean ofBoolean(Range shape) {
        return new OfBoolean(new boolean[Math.toIntExact(shape.size())], shape, false);
    }

    /**
     * A buffer over an array of records whose components are all primitives (an array of C
     * structs on the device: components in declaration order, natural alignment); on close the
     * contents are written back as new record instances in the array's slots.
     *
     * @param <R> the record type, with primitive components only
     * @param records the host array of records the buffer wraps; written back when the buffer closes
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     * @throws IllegalArgumentException if {@code R} is not such a record (nested records, arrays,
     *     strings and other references are not allowed)
     */
    public static <R extends Record> OfRecord<R> of(R[] records) {
        return new OfRecord<>(records, Range.of(records.length), true);
    }

    /**
     * A 2-D or 3-D (row-major) buffer over {@code records}, written back on close.
     *
     * @param <R> the record type, with primitive components only
     * @param records the host array of records the buffer wraps; written back when the buffer closes
     * @param shape the 2-D or 3-D shape; its size must equal the array's length
     * @return a new buffer over the array; close it (try-with-resources) to write the contents back
     */
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

        private OfRecord(OfRecord<R> parent, Id origin, Range range) {
            super(parent, origin, range);
            this.data = parent.data;
        }

        /**
         * A sub-buffer: a view of the region {@code [origin, origin + range)} of this buffer, with
         * as many dimensions. Its accessors have {@code range} as their range and index relative
         * to {@code origin}; reading or writing outside the region through them is out of bounds.
         *
         * <p>A sub-buffer shares its parent's storage: the dependency graph and data movement stay
         * per parent, so commands using two sub-buffers of one parent (even disjoint ones) are
         * ordered as if they used the parent — conservative, and correct. Closing a sub-buffer
         * waits for those commands but neither writes back nor frees; the parent does at its close.
         *
         * @param origin the region's first element, one coordinate per dimension of this buffer
         * @param range the region's extent in each dimension, as many dimensions as this buffer
         * @return a view of the region; close it before this buffer
         * @throws IllegalArgumentException if the region does not lie inside this buffer
         */
        public OfRecord<R> subBuffer(Id origin, Range range) {
            return new OfRecord<>(this, origin, range);
        }

        /**
         * Read access for the command group.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfRecord<R> read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /**
         * Write access: the previous contents are not copied to the device.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfRecord<R> write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /**
         * Read and write access.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfRecord<R> readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfRecord<R> access(Handler h, AccessMode mode) {
            h.require(storage, storageMode(mode));
            return new Accessor.OfRecord<>(storage, mode, this, data);
        }

        /**
         * The record class's memory layout on the device (with its padding).
         *
         * @return the struct layout of one record: components in declaration order, natural alignment
         */
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

        private OfFloat(OfFloat parent, Id origin, Range range) {
            super(parent, origin, range);
            this.data = parent.data;
        }

        /**
         * A sub-buffer: a view of the region {@code [origin, origin + range)} of this buffer, with
         * as many dimensions. Its accessors have {@code range} as their range and index relative
         * to {@code origin}; reading or writing outside the region through them is out of bounds.
         *
         * <p>A sub-buffer shares its parent's storage: the dependency graph and data movement stay
         * per parent, so commands using two sub-buffers of one parent (even disjoint ones) are
         * ordered as if they used the parent — conservative, and correct. Closing a sub-buffer
         * waits for those commands but neither writes back nor frees; the parent does at its close.
         *
         * @param origin the region's first element, one coordinate per dimension of this buffer
         * @param range the region's extent in each dimension, as many dimensions as this buffer
         * @return a view of the region; close it before this buffer
         * @throws IllegalArgumentException if the region does not lie inside this buffer
         */
        public OfFloat subBuffer(Id origin, Range range) {
            return new OfFloat(this, origin, range);
        }

        /**
         * Read access for the command group.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfFloat read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /**
         * Write access: the previous contents are not copied to the device.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfFloat write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /**
         * Read and write access.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfFloat readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfFloat access(Handler h, AccessMode mode) {
            h.require(storage, storageMode(mode));
            return new Accessor.OfFloat(storage, mode, this, data);
        }

        /**
         * Waits for the buffer's pending commands and gives host reads and writes of its contents.
         *
         * @return the host accessor; close it to let later command groups that use the buffer run
         */
        public HostAccessor.OfFloat hostAccess() {
            return new HostAccessor.OfFloat(storage, this, data);
        }
    }

    /** A buffer of {@code double} elements. */
    public static final class OfDouble extends Buffer<Double> {
        private final double[] data;

        private OfDouble(double[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.DOUBLE, data, shape, writeBack));
            this.data = data;
        }

        private OfDouble(OfDouble parent, Id origin, Range range) {
            super(parent, origin, range);
            this.data = parent.data;
        }

        /**
         * A sub-buffer: a view of the region {@code [origin, origin + range)} of this buffer, with
         * as many dimensions. Its accessors have {@code range} as their range and index relative
         * to {@code origin}; reading or writing outside the region through them is out of bounds.
         *
         * <p>A sub-buffer shares its parent's storage: the dependency graph and data movement stay
         * per parent, so commands using two sub-buffers of one parent (even disjoint ones) are
         * ordered as if they used the parent — conservative, and correct. Closing a sub-buffer
         * waits for those commands but neither writes back nor frees; the parent does at its close.
         *
         * @param origin the region's first element, one coordinate per dimension of this buffer
         * @param range the region's extent in each dimension, as many dimensions as this buffer
         * @return a view of the region; close it before this buffer
         * @throws IllegalArgumentException if the region does not lie inside this buffer
         */
        public OfDouble subBuffer(Id origin, Range range) {
            return new OfDouble(this, origin, range);
        }

        /**
         * Read access for the command group.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfDouble read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /**
         * Write access: the previous contents are not copied to the device.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfDouble write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /**
         * Read and write access.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfDouble readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfDouble access(Handler h, AccessMode mode) {
            h.require(storage, storageMode(mode));
            return new Accessor.OfDouble(storage, mode, this, data);
        }

        /**
         * Waits for the buffer's pending commands and gives host reads and writes of its contents.
         *
         * @return the host accessor; close it to let later command groups that use the buffer run
         */
        public HostAccessor.OfDouble hostAccess() {
            return new HostAccessor.OfDouble(storage, this, data);
        }
    }

    /** A buffer of {@code int} elements. */
    public static final class OfInt extends Buffer<Integer> {
        private final int[] data;

        private OfInt(int[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.INT, data, shape, writeBack));
            this.data = data;
        }

        private OfInt(OfInt parent, Id origin, Range range) {
            super(parent, origin, range);
            this.data = parent.data;
        }

        /**
         * A sub-buffer: a view of the region {@code [origin, origin + range)} of this buffer, with
         * as many dimensions. Its accessors have {@code range} as their range and index relative
         * to {@code origin}; reading or writing outside the region through them is out of bounds.
         *
         * <p>A sub-buffer shares its parent's storage: the dependency graph and data movement stay
         * per parent, so commands using two sub-buffers of one parent (even disjoint ones) are
         * ordered as if they used the parent — conservative, and correct. Closing a sub-buffer
         * waits for those commands but neither writes back nor frees; the parent does at its close.
         *
         * @param origin the region's first element, one coordinate per dimension of this buffer
         * @param range the region's extent in each dimension, as many dimensions as this buffer
         * @return a view of the region; close it before this buffer
         * @throws IllegalArgumentException if the region does not lie inside this buffer
         */
        public OfInt subBuffer(Id origin, Range range) {
            return new OfInt(this, origin, range);
        }

        /**
         * Read access for the command group.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfInt read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /**
         * Write access: the previous contents are not copied to the device.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfInt write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /**
         * Read and write access.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfInt readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfInt access(Handler h, AccessMode mode) {
            h.require(storage, storageMode(mode));
            return new Accessor.OfInt(storage, mode, this, data);
        }

        /**
         * Waits for the buffer's pending commands and gives host reads and writes of its contents.
         *
         * @return the host accessor; close it to let later command groups that use the buffer run
         */
        public HostAccessor.OfInt hostAccess() {
            return new HostAccessor.OfInt(storage, this, data);
        }
    }

    /** A buffer of {@code long} elements. */
    public static final class OfLong extends Buffer<Long> {
        private final long[] data;

        private OfLong(long[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.LONG, data, shape, writeBack));
            this.data = data;
        }

        private OfLong(OfLong parent, Id origin, Range range) {
            super(parent, origin, range);
            this.data = parent.data;
        }

        /**
         * A sub-buffer: a view of the region {@code [origin, origin + range)} of this buffer, with
         * as many dimensions. Its accessors have {@code range} as their range and index relative
         * to {@code origin}; reading or writing outside the region through them is out of bounds.
         *
         * <p>A sub-buffer shares its parent's storage: the dependency graph and data movement stay
         * per parent, so commands using two sub-buffers of one parent (even disjoint ones) are
         * ordered as if they used the parent — conservative, and correct. Closing a sub-buffer
         * waits for those commands but neither writes back nor frees; the parent does at its close.
         *
         * @param origin the region's first element, one coordinate per dimension of this buffer
         * @param range the region's extent in each dimension, as many dimensions as this buffer
         * @return a view of the region; close it before this buffer
         * @throws IllegalArgumentException if the region does not lie inside this buffer
         */
        public OfLong subBuffer(Id origin, Range range) {
            return new OfLong(this, origin, range);
        }

        /**
         * Read access for the command group.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfLong read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /**
         * Write access: the previous contents are not copied to the device.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfLong write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /**
         * Read and write access.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfLong readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfLong access(Handler h, AccessMode mode) {
            h.require(storage, storageMode(mode));
            return new Accessor.OfLong(storage, mode, this, data);
        }

        /**
         * Waits for the buffer's pending commands and gives host reads and writes of its contents.
         *
         * @return the host accessor; close it to let later command groups that use the buffer run
         */
        public HostAccessor.OfLong hostAccess() {
            return new HostAccessor.OfLong(storage, this, data);
        }
    }

    /** A buffer of {@code short} elements. */
    public static final class OfShort extends Buffer<Short> {
        private final short[] data;

        private OfShort(short[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.SHORT, data, shape, writeBack));
            this.data = data;
        }

        private OfShort(OfShort parent, Id origin, Range range) {
            super(parent, origin, range);
            this.data = parent.data;
        }

        /**
         * A sub-buffer: a view of the region {@code [origin, origin + range)} of this buffer, with
         * as many dimensions. Its accessors have {@code range} as their range and index relative
         * to {@code origin}; reading or writing outside the region through them is out of bounds.
         *
         * <p>A sub-buffer shares its parent's storage: the dependency graph and data movement stay
         * per parent, so commands using two sub-buffers of one parent (even disjoint ones) are
         * ordered as if they used the parent — conservative, and correct. Closing a sub-buffer
         * waits for those commands but neither writes back nor frees; the parent does at its close.
         *
         * @param origin the region's first element, one coordinate per dimension of this buffer
         * @param range the region's extent in each dimension, as many dimensions as this buffer
         * @return a view of the region; close it before this buffer
         * @throws IllegalArgumentException if the region does not lie inside this buffer
         */
        public OfShort subBuffer(Id origin, Range range) {
            return new OfShort(this, origin, range);
        }

        /**
         * Read access for the command group.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfShort read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /**
         * Write access: the previous contents are not copied to the device.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfShort write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /**
         * Read and write access.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfShort readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfShort access(Handler h, AccessMode mode) {
            h.require(storage, storageMode(mode));
            return new Accessor.OfShort(storage, mode, this, data);
        }

        /**
         * Waits for the buffer's pending commands and gives host reads and writes of its contents.
         *
         * @return the host accessor; close it to let later command groups that use the buffer run
         */
        public HostAccessor.OfShort hostAccess() {
            return new HostAccessor.OfShort(storage, this, data);
        }
    }

    /** A buffer of {@code byte} elements. */
    public static final class OfByte extends Buffer<Byte> {
        private final byte[] data;

        private OfByte(byte[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.BYTE, data, shape, writeBack));
            this.data = data;
        }

        private OfByte(OfByte parent, Id origin, Range range) {
            super(parent, origin, range);
            this.data = parent.data;
        }

        /**
         * A sub-buffer: a view of the region {@code [origin, origin + range)} of this buffer, with
         * as many dimensions. Its accessors have {@code range} as their range and index relative
         * to {@code origin}; reading or writing outside the region through them is out of bounds.
         *
         * <p>A sub-buffer shares its parent's storage: the dependency graph and data movement stay
         * per parent, so commands using two sub-buffers of one parent (even disjoint ones) are
         * ordered as if they used the parent — conservative, and correct. Closing a sub-buffer
         * waits for those commands but neither writes back nor frees; the parent does at its close.
         *
         * @param origin the region's first element, one coordinate per dimension of this buffer
         * @param range the region's extent in each dimension, as many dimensions as this buffer
         * @return a view of the region; close it before this buffer
         * @throws IllegalArgumentException if the region does not lie inside this buffer
         */
        public OfByte subBuffer(Id origin, Range range) {
            return new OfByte(this, origin, range);
        }

        /**
         * Read access for the command group.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfByte read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /**
         * Write access: the previous contents are not copied to the device.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfByte write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /**
         * Read and write access.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfByte readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfByte access(Handler h, AccessMode mode) {
            h.require(storage, storageMode(mode));
            return new Accessor.OfByte(storage, mode, this, data);
        }

        /**
         * Waits for the buffer's pending commands and gives host reads and writes of its contents.
         *
         * @return the host accessor; close it to let later command groups that use the buffer run
         */
        public HostAccessor.OfByte hostAccess() {
            return new HostAccessor.OfByte(storage, this, data);
        }
    }

    /** A buffer of {@code char} elements. */
    public static final class OfChar extends Buffer<Character> {
        private final char[] data;

        private OfChar(char[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.CHAR, data, shape, writeBack));
            this.data = data;
        }

        private OfChar(OfChar parent, Id origin, Range range) {
            super(parent, origin, range);
            this.data = parent.data;
        }

        /**
         * A sub-buffer: a view of the region {@code [origin, origin + range)} of this buffer, with
         * as many dimensions. Its accessors have {@code range} as their range and index relative
         * to {@code origin}; reading or writing outside the region through them is out of bounds.
         *
         * <p>A sub-buffer shares its parent's storage: the dependency graph and data movement stay
         * per parent, so commands using two sub-buffers of one parent (even disjoint ones) are
         * ordered as if they used the parent — conservative, and correct. Closing a sub-buffer
         * waits for those commands but neither writes back nor frees; the parent does at its close.
         *
         * @param origin the region's first element, one coordinate per dimension of this buffer
         * @param range the region's extent in each dimension, as many dimensions as this buffer
         * @return a view of the region; close it before this buffer
         * @throws IllegalArgumentException if the region does not lie inside this buffer
         */
        public OfChar subBuffer(Id origin, Range range) {
            return new OfChar(this, origin, range);
        }

        /**
         * Read access for the command group.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfChar read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /**
         * Write access: the previous contents are not copied to the device.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfChar write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /**
         * Read and write access.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfChar readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfChar access(Handler h, AccessMode mode) {
            h.require(storage, storageMode(mode));
            return new Accessor.OfChar(storage, mode, this, data);
        }

        /**
         * Waits for the buffer's pending commands and gives host reads and writes of its contents.
         *
         * @return the host accessor; close it to let later command groups that use the buffer run
         */
        public HostAccessor.OfChar hostAccess() {
            return new HostAccessor.OfChar(storage, this, data);
        }
    }

    /** A buffer of {@code boolean} elements. */
    public static final class OfBoolean extends Buffer<Boolean> {
        private final boolean[] data;

        private OfBoolean(boolean[] data, Range shape, boolean writeBack) {
            super(new BufferStorage(ElementKind.BOOLEAN, data, shape, writeBack));
            this.data = data;
        }

        private OfBoolean(OfBoolean parent, Id origin, Range range) {
            super(parent, origin, range);
            this.data = parent.data;
        }

        /**
         * A sub-buffer: a view of the region {@code [origin, origin + range)} of this buffer, with
         * as many dimensions. Its accessors have {@code range} as their range and index relative
         * to {@code origin}; reading or writing outside the region through them is out of bounds.
         *
         * <p>A sub-buffer shares its parent's storage: the dependency graph and data movement stay
         * per parent, so commands using two sub-buffers of one parent (even disjoint ones) are
         * ordered as if they used the parent — conservative, and correct. Closing a sub-buffer
         * waits for those commands but neither writes back nor frees; the parent does at its close.
         *
         * @param origin the region's first element, one coordinate per dimension of this buffer
         * @param range the region's extent in each dimension, as many dimensions as this buffer
         * @return a view of the region; close it before this buffer
         * @throws IllegalArgumentException if the region does not lie inside this buffer
         */
        public OfBoolean subBuffer(Id origin, Range range) {
            return new OfBoolean(this, origin, range);
        }

        /**
         * Read access for the command group.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfBoolean read(Handler h) {
            return access(h, AccessMode.READ);
        }

        /**
         * Write access: the previous contents are not copied to the device.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfBoolean write(Handler h) {
            return access(h, AccessMode.WRITE);
        }

        /**
         * Read and write access.
         *
         * @param h the command group being recorded, whose kernel captures the accessor
         * @return an accessor for the command group's kernel to capture
         */
        public Accessor.OfBoolean readWrite(Handler h) {
            return access(h, AccessMode.READ_WRITE);
        }

        @Override
        public Accessor.OfBoolean access(Handler h, AccessMode mode) {
            h.require(storage, storageMode(mode));
            return new Accessor.OfBoolean(storage, mode, this, data);
        }

        /**
         * Waits for the buffer's pending commands and gives host reads and writes of its contents.
         *
         * @return the host accessor; close it to let later command groups that use the buffer run
         */
        public HostAccessor.OfBoolean hostAccess() {
            return new HostAccessor.OfBoolean(storage, this, data);
        }
    }
}
