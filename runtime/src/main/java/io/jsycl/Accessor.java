package io.jsycl;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A command group's view of a {@link Buffer}. Kernels read and write primitives through it with
 * no boxing: {@code get(i)}, {@code get(i, j)}, {@code get(i, j, k)}, {@code set(..., value)}.
 * On a device the calls are lowered to loads and stores; on the host device they index the
 * buffer's array, with every index checked against the accessor's range.
 *
 * <p>{@code get(i)} on an accessor of more than one dimension indexes the elements in row-major
 * order.
 *
 * @param <T> the boxed element type
 */
public abstract sealed class Accessor<T> permits Accessor.OfFloat, Accessor.OfDouble, Accessor.OfInt, Accessor.OfLong, Accessor.OfShort, Accessor.OfByte, Accessor.OfChar, Accessor.OfBoolean, Accessor.OfRecord {
    final BufferStorage storage;
    final AccessMode mode;
    private final Indexer indexer;

    /** The region's origin in the buffer's storage (zero for a whole buffer). */
    final Id origin;

    Accessor(BufferStorage storage, AccessMode mode, Buffer<?> view) {
        this.storage = storage;
        this.mode = mode;
        this.origin = view.origin;
        this.indexer = new Indexer(view.range(), view.origin, storage.shape());
    }

    /**
     * The accessed range: the buffer's shape, or a sub-buffer's range.
     *
     * @return the accessed range; its size is {@link #size()}
     */
    public final Range range() {
        return indexer.range();
    }

    /** The offset of the accessed region in dimension {@code d} of the parent buffer's storage. */
    final int offset(int d) {
        return origin != null ? origin.get(d) : 0;
    }

    /**
     * The number of accessible elements.
     *
     * @return the number of elements, the product of the range's extents
     */
    public final int size() {
        return indexer.length();
    }

    /**
     * The access mode.
     *
     * @return whether kernels read, write or read and write through this accessor
     */
    public final AccessMode mode() {
        return mode;
    }

    final int index(int i) {
        return indexer.index(i);
    }

    /**
     * The first linear index of the {@code n} elements at vector index {@code i} ({@code getN}/{@code setN}), on a 1-D
     * accessor; the elements are those of a kernel's {@code vloadN}, so any offset is fine.
     */
    final int vector(int i, int n) {
        if (range().dimensions() != 1) {
            throw new UnsupportedOperationException("get" + n + " and set" + n + " read and write 1-D accessors; this one is "
                    + range().dimensions() + "-D");
        }
        long first = (long) n * i;
        if (i < 0 || first + n - 1 >= size()) {
            throw new IndexOutOfBoundsException("vector index " + i + " out of bounds for " + size() + " elements"
                    + " (elements " + first + " to " + (first + n - 1) + ")");
        }
        return (int) first;
    }

    final int index(int i, int j) {
        return indexer.index(i, j);
    }

    final int index(int i, int j, int k) {
        return indexer.index(i, j, k);
    }

    final int index(Id id) {
        return indexer.index(id);
    }

    final void checkWritable() {
        if (mode == AccessMode.READ) {
            throw new IllegalStateException("write through a read accessor of " + storage
                    + ": request it with write(h) or readWrite(h)");
        }
    }

    /**
     * An accessor of records. In a kernel, {@code acc.get(i).x()} reads one field (a single
     * load), {@code acc.get(i)} gives the whole record and {@code acc.set(i, new R(...))} stores
     * one. On the host device it reads and writes the buffer's array of records.
     *
     * @param <R> the record type
     */
    public static final class OfRecord<R extends Record> extends Accessor<R> {
        private final R[] data;

        OfRecord(BufferStorage storage, AccessMode mode, Buffer<?> view, R[] data) {
            super(storage, mode, view);
            this.data = data;
        }

        /**
         * The record at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the record stored there
         */
        public R get(int i) {
            return data[index(i)];
        }

        /**
         * The record at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the record stored there
         */
        public R get(int i, int j) {
            return data[index(i, j)];
        }

        /**
         * The record at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @return the record stored there
         */
        public R get(int i, int j, int k) {
            return data[index(i, j, k)];
        }

        /**
         * The record at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @return the record stored there
         */
        public R get(Id id) {
            return data[index(id)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, R value) {
            checkWritable();
            data[index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, R value) {
            checkWritable();
            data[index(i, j)] = value;
        }

        /**
         * Stores {@code value} at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, int k, R value) {
            checkWritable();
            data[index(i, j, k)] = value;
        }

        /**
         * Stores {@code value} at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @param value the value to store
         */
        public void set(Id id, R value) {
            checkWritable();
            data[index(id)] = value;
        }
    }

    /** An accessor of {@code float} elements. */
    public static final class OfFloat extends Accessor<Float> {
        private static final VarHandle ELEMENTS = MethodHandles.arrayElementVarHandle(float[].class);
        private final float[] data;

        OfFloat(BufferStorage storage, AccessMode mode, Buffer<?> view, float[] data) {
            super(storage, mode, view);
            this.data = data;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public float get(int i) {
            return data[index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public float get(int i, int j) {
            return data[index(i, j)];
        }

        /**
         * The element at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @return the element's value
         */
        public float get(int i, int j, int k) {
            return data[index(i, j, k)];
        }

        /**
         * The element at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @return the element's value
         */
        public float get(Id id) {
            return data[index(id)];
        }

        /**
         * Two consecutive elements, {@code 2 * i} to {@code 2 * i + 1}, in one wide load (OpenCL's
         * {@code vload2}): a kernel that reads two elements per work-item this way moves memory in 8-byte pieces.
         * A 1-D accessor only.
         *
         * @param i the index in units of two elements, 0 to {@code size() / 2 - 1}
         * @return the two elements
         */
        public Float2 get2(int i) {
            int at = vector(i, 2);
            return new Float2(data[index(at)], data[index(at + 1)]);
        }

        /**
         * Stores two consecutive elements, {@code 2 * i} to {@code 2 * i + 1}, in one wide store (OpenCL's
         * {@code vstore2}). A 1-D accessor only.
         *
         * @param i the index in units of two elements, 0 to {@code size() / 2 - 1}
         * @param v the two values, {@code v.x()} at {@code 2 * i}
         */
        public void set2(int i, Float2 v) {
            checkWritable();
            int at = vector(i, 2);
            data[index(at)] = v.x();
            data[index(at + 1)] = v.y();
        }

        /**
         * Four consecutive elements, {@code 4 * i} to {@code 4 * i + 3}, in one wide load (OpenCL's
         * {@code vload4}): a kernel that reads four elements per work-item this way moves memory in 16-byte pieces.
         * A 1-D accessor only.
         *
         * @param i the index in units of four elements, 0 to {@code size() / 4 - 1}
         * @return the four elements
         */
        public Float4 get4(int i) {
            int at = vector(i, 4);
            return new Float4(data[index(at)], data[index(at + 1)], data[index(at + 2)], data[index(at + 3)]);
        }

        /**
         * Stores four consecutive elements, {@code 4 * i} to {@code 4 * i + 3}, in one wide store (OpenCL's
         * {@code vstore4}). A 1-D accessor only.
         *
         * @param i the index in units of four elements, 0 to {@code size() / 4 - 1}
         * @param v the four values, {@code v.x()} at {@code 4 * i}
         */
        public void set4(int i, Float4 v) {
            checkWritable();
            int at = vector(i, 4);
            data[index(at)] = v.x();
            data[index(at + 1)] = v.y();
            data[index(at + 2)] = v.z();
            data[index(at + 3)] = v.w();
        }

        /**
         * Eight consecutive elements, {@code 8 * i} to {@code 8 * i + 7}, in one wide load (OpenCL's
         * {@code vload8}): a kernel that reads eight elements per work-item this way moves memory in 32-byte pieces.
         * A 1-D accessor only.
         *
         * @param i the index in units of eight elements, 0 to {@code size() / 8 - 1}
         * @return the eight elements
         */
        public Float8 get8(int i) {
            int at = vector(i, 8);
            return new Float8(data[index(at)], data[index(at + 1)], data[index(at + 2)], data[index(at + 3)],
                    data[index(at + 4)], data[index(at + 5)], data[index(at + 6)], data[index(at + 7)]);
        }

        /**
         * Stores eight consecutive elements, {@code 8 * i} to {@code 8 * i + 7}, in one wide store (OpenCL's
         * {@code vstore8}). A 1-D accessor only.
         *
         * @param i the index in units of eight elements, 0 to {@code size() / 8 - 1}
         * @param v the eight values, {@code v.s0()} at {@code 8 * i}
         */
        public void set8(int i, Float8 v) {
            checkWritable();
            int at = vector(i, 8);
            data[index(at)] = v.s0();
            data[index(at + 1)] = v.s1();
            data[index(at + 2)] = v.s2();
            data[index(at + 3)] = v.s3();
            data[index(at + 4)] = v.s4();
            data[index(at + 5)] = v.s5();
            data[index(at + 6)] = v.s6();
            data[index(at + 7)] = v.s7();
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, float value) {
            checkWritable();
            data[index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, float value) {
            checkWritable();
            data[index(i, j)] = value;
        }

        /**
         * Stores {@code value} at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, int k, float value) {
            checkWritable();
            data[index(i, j, k)] = value;
        }

        /**
         * Stores {@code value} at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @param value the value to store
         */
        public void set(Id id, float value) {
            checkWritable();
            data[index(id)] = value;
        }

        /**
         * Atomically adds {@code value} to the element at {@code i}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the amount to add (wrapping on overflow for integers)
         * @return the element's value before the operation
         */
        public float atomicAdd(int i, float value) {
            checkWritable();
            return (float) ELEMENTS.getAndAdd(data, index(i), value);
        }

        /**
         * Atomically stores the smaller of the element at {@code i} and {@code value}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public float atomicMin(int i, float value) {
            checkWritable();
            return HostAtomics.min(data, index(i), value);
        }

        /**
         * Atomically stores the larger of the element at {@code i} and {@code value}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public float atomicMax(int i, float value) {
            checkWritable();
            return HostAtomics.max(data, index(i), value);
        }

        /**
         * Atomically replaces the element at {@code i}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to store
         * @return the element's value before the operation
         */
        public float atomicExchange(int i, float value) {
            checkWritable();
            return (float) ELEMENTS.getAndSet(data, index(i), value);
        }

        /**
         * Atomically replaces the element at {@code i} with {@code desired} if it equals {@code expected}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param expected the value the element must hold for the store to happen (floats compare by their bits)
         * @param desired the value stored when the element holds {@code expected}
         * @return the element's value before the call; equal to {@code expected} when the store happened
         */
        public float atomicCompareExchange(int i, float expected, float desired) {
            checkWritable();
            return (float) ELEMENTS.compareAndExchange(data, index(i), expected, desired);
        }
    }

    /** An accessor of {@code double} elements. */
    public static final class OfDouble extends Accessor<Double> {
        private final double[] data;

        OfDouble(BufferStorage storage, AccessMode mode, Buffer<?> view, double[] data) {
            super(storage, mode, view);
            this.data = data;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public double get(int i) {
            return data[index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public double get(int i, int j) {
            return data[index(i, j)];
        }

        /**
         * The element at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @return the element's value
         */
        public double get(int i, int j, int k) {
            return data[index(i, j, k)];
        }

        /**
         * The element at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @return the element's value
         */
        public double get(Id id) {
            return data[index(id)];
        }

        /**
         * Two consecutive elements, {@code 2 * i} to {@code 2 * i + 1}, in one wide load (OpenCL's
         * {@code vload2}): a kernel that reads two elements per work-item this way moves memory in 16-byte pieces.
         * A 1-D accessor only.
         *
         * @param i the index in units of two elements, 0 to {@code size() / 2 - 1}
         * @return the two elements
         */
        public Double2 get2(int i) {
            int at = vector(i, 2);
            return new Double2(data[index(at)], data[index(at + 1)]);
        }

        /**
         * Stores two consecutive elements, {@code 2 * i} to {@code 2 * i + 1}, in one wide store (OpenCL's
         * {@code vstore2}). A 1-D accessor only.
         *
         * @param i the index in units of two elements, 0 to {@code size() / 2 - 1}
         * @param v the two values, {@code v.x()} at {@code 2 * i}
         */
        public void set2(int i, Double2 v) {
            checkWritable();
            int at = vector(i, 2);
            data[index(at)] = v.x();
            data[index(at + 1)] = v.y();
        }

        /**
         * Four consecutive elements, {@code 4 * i} to {@code 4 * i + 3}, in one wide load (OpenCL's
         * {@code vload4}): a kernel that reads four elements per work-item this way moves memory in 32-byte pieces.
         * A 1-D accessor only.
         *
         * @param i the index in units of four elements, 0 to {@code size() / 4 - 1}
         * @return the four elements
         */
        public Double4 get4(int i) {
            int at = vector(i, 4);
            return new Double4(data[index(at)], data[index(at + 1)], data[index(at + 2)], data[index(at + 3)]);
        }

        /**
         * Stores four consecutive elements, {@code 4 * i} to {@code 4 * i + 3}, in one wide store (OpenCL's
         * {@code vstore4}). A 1-D accessor only.
         *
         * @param i the index in units of four elements, 0 to {@code size() / 4 - 1}
         * @param v the four values, {@code v.x()} at {@code 4 * i}
         */
        public void set4(int i, Double4 v) {
            checkWritable();
            int at = vector(i, 4);
            data[index(at)] = v.x();
            data[index(at + 1)] = v.y();
            data[index(at + 2)] = v.z();
            data[index(at + 3)] = v.w();
        }

        /**
         * Eight consecutive elements, {@code 8 * i} to {@code 8 * i + 7}, in one wide load (OpenCL's
         * {@code vload8}): a kernel that reads eight elements per work-item this way moves memory in 64-byte pieces.
         * A 1-D accessor only.
         *
         * @param i the index in units of eight elements, 0 to {@code size() / 8 - 1}
         * @return the eight elements
         */
        public Double8 get8(int i) {
            int at = vector(i, 8);
            return new Double8(data[index(at)], data[index(at + 1)], data[index(at + 2)], data[index(at + 3)],
                    data[index(at + 4)], data[index(at + 5)], data[index(at + 6)], data[index(at + 7)]);
        }

        /**
         * Stores eight consecutive elements, {@code 8 * i} to {@code 8 * i + 7}, in one wide store (OpenCL's
         * {@code vstore8}). A 1-D accessor only.
         *
         * @param i the index in units of eight elements, 0 to {@code size() / 8 - 1}
         * @param v the eight values, {@code v.s0()} at {@code 8 * i}
         */
        public void set8(int i, Double8 v) {
            checkWritable();
            int at = vector(i, 8);
            data[index(at)] = v.s0();
            data[index(at + 1)] = v.s1();
            data[index(at + 2)] = v.s2();
            data[index(at + 3)] = v.s3();
            data[index(at + 4)] = v.s4();
            data[index(at + 5)] = v.s5();
            data[index(at + 6)] = v.s6();
            data[index(at + 7)] = v.s7();
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, double value) {
            checkWritable();
            data[index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, double value) {
            checkWritable();
            data[index(i, j)] = value;
        }

        /**
         * Stores {@code value} at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, int k, double value) {
            checkWritable();
            data[index(i, j, k)] = value;
        }

        /**
         * Stores {@code value} at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @param value the value to store
         */
        public void set(Id id, double value) {
            checkWritable();
            data[index(id)] = value;
        }
    }

    /** An accessor of {@code int} elements. */
    public static final class OfInt extends Accessor<Integer> {
        private static final VarHandle ELEMENTS = MethodHandles.arrayElementVarHandle(int[].class);
        private final int[] data;

        OfInt(BufferStorage storage, AccessMode mode, Buffer<?> view, int[] data) {
            super(storage, mode, view);
            this.data = data;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public int get(int i) {
            return data[index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public int get(int i, int j) {
            return data[index(i, j)];
        }

        /**
         * The element at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @return the element's value
         */
        public int get(int i, int j, int k) {
            return data[index(i, j, k)];
        }

        /**
         * The element at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @return the element's value
         */
        public int get(Id id) {
            return data[index(id)];
        }

        /**
         * Two consecutive elements, {@code 2 * i} to {@code 2 * i + 1}, in one wide load (OpenCL's
         * {@code vload2}): a kernel that reads two elements per work-item this way moves memory in 8-byte pieces.
         * A 1-D accessor only.
         *
         * @param i the index in units of two elements, 0 to {@code size() / 2 - 1}
         * @return the two elements
         */
        public Int2 get2(int i) {
            int at = vector(i, 2);
            return new Int2(data[index(at)], data[index(at + 1)]);
        }

        /**
         * Stores two consecutive elements, {@code 2 * i} to {@code 2 * i + 1}, in one wide store (OpenCL's
         * {@code vstore2}). A 1-D accessor only.
         *
         * @param i the index in units of two elements, 0 to {@code size() / 2 - 1}
         * @param v the two values, {@code v.x()} at {@code 2 * i}
         */
        public void set2(int i, Int2 v) {
            checkWritable();
            int at = vector(i, 2);
            data[index(at)] = v.x();
            data[index(at + 1)] = v.y();
        }

        /**
         * Four consecutive elements, {@code 4 * i} to {@code 4 * i + 3}, in one wide load (OpenCL's
         * {@code vload4}): a kernel that reads four elements per work-item this way moves memory in 16-byte pieces.
         * A 1-D accessor only.
         *
         * @param i the index in units of four elements, 0 to {@code size() / 4 - 1}
         * @return the four elements
         */
        public Int4 get4(int i) {
            int at = vector(i, 4);
            return new Int4(data[index(at)], data[index(at + 1)], data[index(at + 2)], data[index(at + 3)]);
        }

        /**
         * Stores four consecutive elements, {@code 4 * i} to {@code 4 * i + 3}, in one wide store (OpenCL's
         * {@code vstore4}). A 1-D accessor only.
         *
         * @param i the index in units of four elements, 0 to {@code size() / 4 - 1}
         * @param v the four values, {@code v.x()} at {@code 4 * i}
         */
        public void set4(int i, Int4 v) {
            checkWritable();
            int at = vector(i, 4);
            data[index(at)] = v.x();
            data[index(at + 1)] = v.y();
            data[index(at + 2)] = v.z();
            data[index(at + 3)] = v.w();
        }

        /**
         * Eight consecutive elements, {@code 8 * i} to {@code 8 * i + 7}, in one wide load (OpenCL's
         * {@code vload8}): a kernel that reads eight elements per work-item this way moves memory in 32-byte pieces.
         * A 1-D accessor only.
         *
         * @param i the index in units of eight elements, 0 to {@code size() / 8 - 1}
         * @return the eight elements
         */
        public Int8 get8(int i) {
            int at = vector(i, 8);
            return new Int8(data[index(at)], data[index(at + 1)], data[index(at + 2)], data[index(at + 3)],
                    data[index(at + 4)], data[index(at + 5)], data[index(at + 6)], data[index(at + 7)]);
        }

        /**
         * Stores eight consecutive elements, {@code 8 * i} to {@code 8 * i + 7}, in one wide store (OpenCL's
         * {@code vstore8}). A 1-D accessor only.
         *
         * @param i the index in units of eight elements, 0 to {@code size() / 8 - 1}
         * @param v the eight values, {@code v.s0()} at {@code 8 * i}
         */
        public void set8(int i, Int8 v) {
            checkWritable();
            int at = vector(i, 8);
            data[index(at)] = v.s0();
            data[index(at + 1)] = v.s1();
            data[index(at + 2)] = v.s2();
            data[index(at + 3)] = v.s3();
            data[index(at + 4)] = v.s4();
            data[index(at + 5)] = v.s5();
            data[index(at + 6)] = v.s6();
            data[index(at + 7)] = v.s7();
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, int value) {
            checkWritable();
            data[index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, int value) {
            checkWritable();
            data[index(i, j)] = value;
        }

        /**
         * Stores {@code value} at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, int k, int value) {
            checkWritable();
            data[index(i, j, k)] = value;
        }

        /**
         * Stores {@code value} at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @param value the value to store
         */
        public void set(Id id, int value) {
            checkWritable();
            data[index(id)] = value;
        }

        /**
         * Atomically adds {@code value} to the element at {@code i}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the amount to add (wrapping on overflow for integers)
         * @return the element's value before the operation
         */
        public int atomicAdd(int i, int value) {
            checkWritable();
            return (int) ELEMENTS.getAndAdd(data, index(i), value);
        }

        /**
         * Atomically stores the smaller of the element at {@code i} and {@code value}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public int atomicMin(int i, int value) {
            checkWritable();
            return HostAtomics.min(data, index(i), value);
        }

        /**
         * Atomically stores the larger of the element at {@code i} and {@code value}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public int atomicMax(int i, int value) {
            checkWritable();
            return HostAtomics.max(data, index(i), value);
        }

        /**
         * Atomically replaces the element at {@code i}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to store
         * @return the element's value before the operation
         */
        public int atomicExchange(int i, int value) {
            checkWritable();
            return (int) ELEMENTS.getAndSet(data, index(i), value);
        }

        /**
         * Atomically replaces the element at {@code i} with {@code desired} if it equals {@code expected}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param expected the value the element must hold for the store to happen (floats compare by their bits)
         * @param desired the value stored when the element holds {@code expected}
         * @return the element's value before the call; equal to {@code expected} when the store happened
         */
        public int atomicCompareExchange(int i, int expected, int desired) {
            checkWritable();
            return (int) ELEMENTS.compareAndExchange(data, index(i), expected, desired);
        }
    }

    /** An accessor of {@code long} elements. */
    public static final class OfLong extends Accessor<Long> {
        private static final VarHandle ELEMENTS = MethodHandles.arrayElementVarHandle(long[].class);
        private final long[] data;

        OfLong(BufferStorage storage, AccessMode mode, Buffer<?> view, long[] data) {
            super(storage, mode, view);
            this.data = data;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public long get(int i) {
            return data[index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public long get(int i, int j) {
            return data[index(i, j)];
        }

        /**
         * The element at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @return the element's value
         */
        public long get(int i, int j, int k) {
            return data[index(i, j, k)];
        }

        /**
         * The element at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @return the element's value
         */
        public long get(Id id) {
            return data[index(id)];
        }

        /**
         * Two consecutive elements, {@code 2 * i} to {@code 2 * i + 1}, in one wide load (OpenCL's
         * {@code vload2}): a kernel that reads two elements per work-item this way moves memory in 16-byte pieces.
         * A 1-D accessor only.
         *
         * @param i the index in units of two elements, 0 to {@code size() / 2 - 1}
         * @return the two elements
         */
        public Long2 get2(int i) {
            int at = vector(i, 2);
            return new Long2(data[index(at)], data[index(at + 1)]);
        }

        /**
         * Stores two consecutive elements, {@code 2 * i} to {@code 2 * i + 1}, in one wide store (OpenCL's
         * {@code vstore2}). A 1-D accessor only.
         *
         * @param i the index in units of two elements, 0 to {@code size() / 2 - 1}
         * @param v the two values, {@code v.x()} at {@code 2 * i}
         */
        public void set2(int i, Long2 v) {
            checkWritable();
            int at = vector(i, 2);
            data[index(at)] = v.x();
            data[index(at + 1)] = v.y();
        }

        /**
         * Four consecutive elements, {@code 4 * i} to {@code 4 * i + 3}, in one wide load (OpenCL's
         * {@code vload4}): a kernel that reads four elements per work-item this way moves memory in 32-byte pieces.
         * A 1-D accessor only.
         *
         * @param i the index in units of four elements, 0 to {@code size() / 4 - 1}
         * @return the four elements
         */
        public Long4 get4(int i) {
            int at = vector(i, 4);
            return new Long4(data[index(at)], data[index(at + 1)], data[index(at + 2)], data[index(at + 3)]);
        }

        /**
         * Stores four consecutive elements, {@code 4 * i} to {@code 4 * i + 3}, in one wide store (OpenCL's
         * {@code vstore4}). A 1-D accessor only.
         *
         * @param i the index in units of four elements, 0 to {@code size() / 4 - 1}
         * @param v the four values, {@code v.x()} at {@code 4 * i}
         */
        public void set4(int i, Long4 v) {
            checkWritable();
            int at = vector(i, 4);
            data[index(at)] = v.x();
            data[index(at + 1)] = v.y();
            data[index(at + 2)] = v.z();
            data[index(at + 3)] = v.w();
        }

        /**
         * Eight consecutive elements, {@code 8 * i} to {@code 8 * i + 7}, in one wide load (OpenCL's
         * {@code vload8}): a kernel that reads eight elements per work-item this way moves memory in 64-byte pieces.
         * A 1-D accessor only.
         *
         * @param i the index in units of eight elements, 0 to {@code size() / 8 - 1}
         * @return the eight elements
         */
        public Long8 get8(int i) {
            int at = vector(i, 8);
            return new Long8(data[index(at)], data[index(at + 1)], data[index(at + 2)], data[index(at + 3)],
                    data[index(at + 4)], data[index(at + 5)], data[index(at + 6)], data[index(at + 7)]);
        }

        /**
         * Stores eight consecutive elements, {@code 8 * i} to {@code 8 * i + 7}, in one wide store (OpenCL's
         * {@code vstore8}). A 1-D accessor only.
         *
         * @param i the index in units of eight elements, 0 to {@code size() / 8 - 1}
         * @param v the eight values, {@code v.s0()} at {@code 8 * i}
         */
        public void set8(int i, Long8 v) {
            checkWritable();
            int at = vector(i, 8);
            data[index(at)] = v.s0();
            data[index(at + 1)] = v.s1();
            data[index(at + 2)] = v.s2();
            data[index(at + 3)] = v.s3();
            data[index(at + 4)] = v.s4();
            data[index(at + 5)] = v.s5();
            data[index(at + 6)] = v.s6();
            data[index(at + 7)] = v.s7();
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, long value) {
            checkWritable();
            data[index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, long value) {
            checkWritable();
            data[index(i, j)] = value;
        }

        /**
         * Stores {@code value} at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, int k, long value) {
            checkWritable();
            data[index(i, j, k)] = value;
        }

        /**
         * Stores {@code value} at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @param value the value to store
         */
        public void set(Id id, long value) {
            checkWritable();
            data[index(id)] = value;
        }

        /**
         * Atomically adds {@code value} to the element at {@code i}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the amount to add (wrapping on overflow for integers)
         * @return the element's value before the operation
         */
        public long atomicAdd(int i, long value) {
            checkWritable();
            return (long) ELEMENTS.getAndAdd(data, index(i), value);
        }

        /**
         * Atomically stores the smaller of the element at {@code i} and {@code value}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public long atomicMin(int i, long value) {
            checkWritable();
            return HostAtomics.min(data, index(i), value);
        }

        /**
         * Atomically stores the larger of the element at {@code i} and {@code value}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public long atomicMax(int i, long value) {
            checkWritable();
            return HostAtomics.max(data, index(i), value);
        }

        /**
         * Atomically replaces the element at {@code i}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to store
         * @return the element's value before the operation
         */
        public long atomicExchange(int i, long value) {
            checkWritable();
            return (long) ELEMENTS.getAndSet(data, index(i), value);
        }

        /**
         * Atomically replaces the element at {@code i} with {@code desired} if it equals {@code expected}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param expected the value the element must hold for the store to happen (floats compare by their bits)
         * @param desired the value stored when the element holds {@code expected}
         * @return the element's value before the call; equal to {@code expected} when the store happened
         */
        public long atomicCompareExchange(int i, long expected, long desired) {
            checkWritable();
            return (long) ELEMENTS.compareAndExchange(data, index(i), expected, desired);
        }
    }

    /** An accessor of {@code short} elements. */
    public static final class OfShort extends Accessor<Short> {
        private final short[] data;

        OfShort(BufferStorage storage, AccessMode mode, Buffer<?> view, short[] data) {
            super(storage, mode, view);
            this.data = data;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public short get(int i) {
            return data[index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public short get(int i, int j) {
            return data[index(i, j)];
        }

        /**
         * The element at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @return the element's value
         */
        public short get(int i, int j, int k) {
            return data[index(i, j, k)];
        }

        /**
         * The element at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @return the element's value
         */
        public short get(Id id) {
            return data[index(id)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, short value) {
            checkWritable();
            data[index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, short value) {
            checkWritable();
            data[index(i, j)] = value;
        }

        /**
         * Stores {@code value} at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, int k, short value) {
            checkWritable();
            data[index(i, j, k)] = value;
        }

        /**
         * Stores {@code value} at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @param value the value to store
         */
        public void set(Id id, short value) {
            checkWritable();
            data[index(id)] = value;
        }
    }

    /** An accessor of {@code byte} elements. */
    public static final class OfByte extends Accessor<Byte> {
        private final byte[] data;

        OfByte(BufferStorage storage, AccessMode mode, Buffer<?> view, byte[] data) {
            super(storage, mode, view);
            this.data = data;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public byte get(int i) {
            return data[index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public byte get(int i, int j) {
            return data[index(i, j)];
        }

        /**
         * The element at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @return the element's value
         */
        public byte get(int i, int j, int k) {
            return data[index(i, j, k)];
        }

        /**
         * The element at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @return the element's value
         */
        public byte get(Id id) {
            return data[index(id)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, byte value) {
            checkWritable();
            data[index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, byte value) {
            checkWritable();
            data[index(i, j)] = value;
        }

        /**
         * Stores {@code value} at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, int k, byte value) {
            checkWritable();
            data[index(i, j, k)] = value;
        }

        /**
         * Stores {@code value} at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @param value the value to store
         */
        public void set(Id id, byte value) {
            checkWritable();
            data[index(id)] = value;
        }
    }

    /** An accessor of {@code char} elements. */
    public static final class OfChar extends Accessor<Character> {
        private final char[] data;

        OfChar(BufferStorage storage, AccessMode mode, Buffer<?> view, char[] data) {
            super(storage, mode, view);
            this.data = data;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public char get(int i) {
            return data[index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public char get(int i, int j) {
            return data[index(i, j)];
        }

        /**
         * The element at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @return the element's value
         */
        public char get(int i, int j, int k) {
            return data[index(i, j, k)];
        }

        /**
         * The element at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @return the element's value
         */
        public char get(Id id) {
            return data[index(id)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, char value) {
            checkWritable();
            data[index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, char value) {
            checkWritable();
            data[index(i, j)] = value;
        }

        /**
         * Stores {@code value} at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, int k, char value) {
            checkWritable();
            data[index(i, j, k)] = value;
        }

        /**
         * Stores {@code value} at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @param value the value to store
         */
        public void set(Id id, char value) {
            checkWritable();
            data[index(id)] = value;
        }
    }

    /** An accessor of {@code boolean} elements. */
    public static final class OfBoolean extends Accessor<Boolean> {
        private final boolean[] data;

        OfBoolean(BufferStorage storage, AccessMode mode, Buffer<?> view, boolean[] data) {
            super(storage, mode, view);
            this.data = data;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public boolean get(int i) {
            return data[index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public boolean get(int i, int j) {
            return data[index(i, j)];
        }

        /**
         * The element at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @return the element's value
         */
        public boolean get(int i, int j, int k) {
            return data[index(i, j, k)];
        }

        /**
         * The element at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @return the element's value
         */
        public boolean get(Id id) {
            return data[index(id)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, boolean value) {
            checkWritable();
            data[index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, boolean value) {
            checkWritable();
            data[index(i, j)] = value;
        }

        /**
         * Stores {@code value} at {@code (i, j, k)}.
         *
         * @param i the index in dimension 0 (slowest varying), 0 to {@code range().get(0) - 1}
         * @param j the index in dimension 1, 0 to {@code range().get(1) - 1}
         * @param k the index in dimension 2 (fastest varying), 0 to {@code range().get(2) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, int k, boolean value) {
            checkWritable();
            data[index(i, j, k)] = value;
        }

        /**
         * Stores {@code value} at {@code id}.
         *
         * @param id the element's index, with one coordinate per dimension of the accessor
         * @param value the value to store
         */
        public void set(Id id, boolean value) {
            checkWritable();
            data[index(id)] = value;
        }
    }
}
