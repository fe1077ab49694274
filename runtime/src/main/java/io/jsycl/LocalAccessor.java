package io.jsycl;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Work-group local memory for an nd-range kernel: each work-group has its own copy, shared by its
 * work-items and synchronized with {@link NdItem#barrier()}. Requested inside a command group:
 * {@code LocalAccessor.ofFloat(h, 256)} or {@code LocalAccessor.ofFloat(h, Range.of(16, 16))}.
 * On the host device each work-group gets its own array.
 *
 * @param <T> the boxed element type
 */
public abstract sealed class LocalAccessor<T> permits LocalAccessor.OfFloat, LocalAccessor.OfDouble, LocalAccessor.OfInt, LocalAccessor.OfLong, LocalAccessor.OfShort, LocalAccessor.OfByte, LocalAccessor.OfChar, LocalAccessor.OfBoolean {
    final ElementKind kind;
    final Range shape;
    final Indexer indexer;

    LocalAccessor(Handler h, ElementKind kind, Range shape) {
        this.kind = kind;
        this.shape = shape;
        this.indexer = new Indexer(shape);
        h.addLocal(this);
    }

    /**
     * The local memory's shape.
     *
     * @return the accessed range; its size is {@link #size()}
     */
    public final Range range() {
        return shape;
    }

    /**
     * The number of elements.
     *
     * @return the number of elements, the product of the range's extents
     */
    public final int size() {
        return indexer.length();
    }

    /** Local memory bytes per work-group. */
    final long bytes() {
        return (long) indexer.length() * kind.bytes;
    }

    /** The current work-group's array on the host device. */
    abstract Object newArray();

    final Object hostArray() {
        return HostExecutor.currentGroup().localArray(this);
    }

    /**
     * Local memory of {@code n} {@code float} elements.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param n the number of elements each work-group gets, at least 1
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfFloat ofFloat(Handler h, int n) {
        return new OfFloat(h, Range.of(n));
    }

    /**
     * Local memory of {@code float} elements with a 1-3-D shape.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param shape the 1-D to 3-D shape each work-group gets
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfFloat ofFloat(Handler h, Range shape) {
        return new OfFloat(h, shape);
    }

    /**
     * Local memory of {@code n} {@code double} elements.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param n the number of elements each work-group gets, at least 1
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfDouble ofDouble(Handler h, int n) {
        return new OfDouble(h, Range.of(n));
    }

    /**
     * Local memory of {@code double} elements with a 1-3-D shape.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param shape the 1-D to 3-D shape each work-group gets
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfDouble ofDouble(Handler h, Range shape) {
        return new OfDouble(h, shape);
    }

    /**
     * Local memory of {@code n} {@code int} elements.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param n the number of elements each work-group gets, at least 1
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfInt ofInt(Handler h, int n) {
        return new OfInt(h, Range.of(n));
    }

    /**
     * Local memory of {@code int} elements with a 1-3-D shape.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param shape the 1-D to 3-D shape each work-group gets
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfInt ofInt(Handler h, Range shape) {
        return new OfInt(h, shape);
    }

    /**
     * Local memory of {@code n} {@code long} elements.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param n the number of elements each work-group gets, at least 1
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfLong ofLong(Handler h, int n) {
        return new OfLong(h, Range.of(n));
    }

    /**
     * Local memory of {@code long} elements with a 1-3-D shape.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param shape the 1-D to 3-D shape each work-group gets
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfLong ofLong(Handler h, Range shape) {
        return new OfLong(h, shape);
    }

    /**
     * Local memory of {@code n} {@code short} elements.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param n the number of elements each work-group gets, at least 1
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfShort ofShort(Handler h, int n) {
        return new OfShort(h, Range.of(n));
    }

    /**
     * Local memory of {@code short} elements with a 1-3-D shape.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param shape the 1-D to 3-D shape each work-group gets
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfShort ofShort(Handler h, Range shape) {
        return new OfShort(h, shape);
    }

    /**
     * Local memory of {@code n} {@code byte} elements.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param n the number of elements each work-group gets, at least 1
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfByte ofByte(Handler h, int n) {
        return new OfByte(h, Range.of(n));
    }

    /**
     * Local memory of {@code byte} elements with a 1-3-D shape.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param shape the 1-D to 3-D shape each work-group gets
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfByte ofByte(Handler h, Range shape) {
        return new OfByte(h, shape);
    }

    /**
     * Local memory of {@code n} {@code char} elements.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param n the number of elements each work-group gets, at least 1
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfChar ofChar(Handler h, int n) {
        return new OfChar(h, Range.of(n));
    }

    /**
     * Local memory of {@code char} elements with a 1-3-D shape.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param shape the 1-D to 3-D shape each work-group gets
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfChar ofChar(Handler h, Range shape) {
        return new OfChar(h, shape);
    }

    /**
     * Local memory of {@code n} {@code boolean} elements.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param n the number of elements each work-group gets, at least 1
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfBoolean ofBoolean(Handler h, int n) {
        return new OfBoolean(h, Range.of(n));
    }

    /**
     * Local memory of {@code boolean} elements with a 1-3-D shape.
     *
     * @param h the command group whose nd-range kernel captures the local memory
     * @param shape the 1-D to 3-D shape each work-group gets
     * @return a local accessor to capture in the kernel; each work-group sees its own memory
     */
    public static OfBoolean ofBoolean(Handler h, Range shape) {
        return new OfBoolean(h, shape);
    }

    /** Local memory of {@code float} elements. */
    public static final class OfFloat extends LocalAccessor<Float> {
        private static final VarHandle ELEMENTS = MethodHandles.arrayElementVarHandle(float[].class);

        private OfFloat(Handler h, Range shape) {
            super(h, ElementKind.FLOAT, shape);
        }

        @Override
        Object newArray() {
            return new float[size()];
        }

        private float[] data() {
            return (float[]) hostArray();
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public float get(int i) {
            return data()[indexer.index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public float get(int i, int j) {
            return data()[indexer.index(i, j)];
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
            return data()[indexer.index(i, j, k)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, float value) {
            data()[indexer.index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, float value) {
            data()[indexer.index(i, j)] = value;
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
            data()[indexer.index(i, j, k)] = value;
        }

        /**
         * Atomically adds {@code value} to the element at {@code i}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the amount to add (wrapping on overflow for integers)
         * @return the element's value before the operation
         */
        public float atomicAdd(int i, float value) {
            return (float) ELEMENTS.getAndAdd(data(), indexer.index(i), value);
        }

        /**
         * Atomically stores the smaller of the element and {@code value}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public float atomicMin(int i, float value) {
            return HostAtomics.min(data(), indexer.index(i), value);
        }

        /**
         * Atomically stores the larger of the element and {@code value}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public float atomicMax(int i, float value) {
            return HostAtomics.max(data(), indexer.index(i), value);
        }

        /**
         * Atomically replaces the element at {@code i}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to store
         * @return the element's value before the operation
         */
        public float atomicExchange(int i, float value) {
            return (float) ELEMENTS.getAndSet(data(), indexer.index(i), value);
        }

        /**
         * Atomically replaces the element with {@code desired} if it equals {@code expected}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param expected the value the element must hold for the store to happen (floats compare by their bits)
         * @param desired the value stored when the element holds {@code expected}
         * @return the element's value before the call; equal to {@code expected} when the store happened
         */
        public float atomicCompareExchange(int i, float expected, float desired) {
            return (float) ELEMENTS.compareAndExchange(data(), indexer.index(i), expected, desired);
        }
    }

    /** Local memory of {@code double} elements. */
    public static final class OfDouble extends LocalAccessor<Double> {
        private OfDouble(Handler h, Range shape) {
            super(h, ElementKind.DOUBLE, shape);
        }

        @Override
        Object newArray() {
            return new double[size()];
        }

        private double[] data() {
            return (double[]) hostArray();
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public double get(int i) {
            return data()[indexer.index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public double get(int i, int j) {
            return data()[indexer.index(i, j)];
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
            return data()[indexer.index(i, j, k)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, double value) {
            data()[indexer.index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, double value) {
            data()[indexer.index(i, j)] = value;
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
            data()[indexer.index(i, j, k)] = value;
        }
    }

    /** Local memory of {@code int} elements. */
    public static final class OfInt extends LocalAccessor<Integer> {
        private static final VarHandle ELEMENTS = MethodHandles.arrayElementVarHandle(int[].class);

        private OfInt(Handler h, Range shape) {
            super(h, ElementKind.INT, shape);
        }

        @Override
        Object newArray() {
            return new int[size()];
        }

        private int[] data() {
            return (int[]) hostArray();
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public int get(int i) {
            return data()[indexer.index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public int get(int i, int j) {
            return data()[indexer.index(i, j)];
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
            return data()[indexer.index(i, j, k)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, int value) {
            data()[indexer.index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, int value) {
            data()[indexer.index(i, j)] = value;
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
            data()[indexer.index(i, j, k)] = value;
        }

        /**
         * Atomically adds {@code value} to the element at {@code i}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the amount to add (wrapping on overflow for integers)
         * @return the element's value before the operation
         */
        public int atomicAdd(int i, int value) {
            return (int) ELEMENTS.getAndAdd(data(), indexer.index(i), value);
        }

        /**
         * Atomically stores the smaller of the element and {@code value}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public int atomicMin(int i, int value) {
            return HostAtomics.min(data(), indexer.index(i), value);
        }

        /**
         * Atomically stores the larger of the element and {@code value}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public int atomicMax(int i, int value) {
            return HostAtomics.max(data(), indexer.index(i), value);
        }

        /**
         * Atomically replaces the element at {@code i}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to store
         * @return the element's value before the operation
         */
        public int atomicExchange(int i, int value) {
            return (int) ELEMENTS.getAndSet(data(), indexer.index(i), value);
        }

        /**
         * Atomically replaces the element with {@code desired} if it equals {@code expected}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param expected the value the element must hold for the store to happen (floats compare by their bits)
         * @param desired the value stored when the element holds {@code expected}
         * @return the element's value before the call; equal to {@code expected} when the store happened
         */
        public int atomicCompareExchange(int i, int expected, int desired) {
            return (int) ELEMENTS.compareAndExchange(data(), indexer.index(i), expected, desired);
        }
    }

    /** Local memory of {@code long} elements. */
    public static final class OfLong extends LocalAccessor<Long> {
        private static final VarHandle ELEMENTS = MethodHandles.arrayElementVarHandle(long[].class);

        private OfLong(Handler h, Range shape) {
            super(h, ElementKind.LONG, shape);
        }

        @Override
        Object newArray() {
            return new long[size()];
        }

        private long[] data() {
            return (long[]) hostArray();
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public long get(int i) {
            return data()[indexer.index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public long get(int i, int j) {
            return data()[indexer.index(i, j)];
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
            return data()[indexer.index(i, j, k)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, long value) {
            data()[indexer.index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, long value) {
            data()[indexer.index(i, j)] = value;
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
            data()[indexer.index(i, j, k)] = value;
        }

        /**
         * Atomically adds {@code value} to the element at {@code i}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the amount to add (wrapping on overflow for integers)
         * @return the element's value before the operation
         */
        public long atomicAdd(int i, long value) {
            return (long) ELEMENTS.getAndAdd(data(), indexer.index(i), value);
        }

        /**
         * Atomically stores the smaller of the element and {@code value}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public long atomicMin(int i, long value) {
            return HostAtomics.min(data(), indexer.index(i), value);
        }

        /**
         * Atomically stores the larger of the element and {@code value}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public long atomicMax(int i, long value) {
            return HostAtomics.max(data(), indexer.index(i), value);
        }

        /**
         * Atomically replaces the element at {@code i}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param value the value to store
         * @return the element's value before the operation
         */
        public long atomicExchange(int i, long value) {
            return (long) ELEMENTS.getAndSet(data(), indexer.index(i), value);
        }

        /**
         * Atomically replaces the element with {@code desired} if it equals {@code expected}; returns the old value.
         *
         * @param i the linear index of the element, 0 to {@code size() - 1}
         * @param expected the value the element must hold for the store to happen (floats compare by their bits)
         * @param desired the value stored when the element holds {@code expected}
         * @return the element's value before the call; equal to {@code expected} when the store happened
         */
        public long atomicCompareExchange(int i, long expected, long desired) {
            return (long) ELEMENTS.compareAndExchange(data(), indexer.index(i), expected, desired);
        }
    }

    /** Local memory of {@code short} elements. */
    public static final class OfShort extends LocalAccessor<Short> {
        private OfShort(Handler h, Range shape) {
            super(h, ElementKind.SHORT, shape);
        }

        @Override
        Object newArray() {
            return new short[size()];
        }

        private short[] data() {
            return (short[]) hostArray();
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public short get(int i) {
            return data()[indexer.index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public short get(int i, int j) {
            return data()[indexer.index(i, j)];
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
            return data()[indexer.index(i, j, k)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, short value) {
            data()[indexer.index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, short value) {
            data()[indexer.index(i, j)] = value;
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
            data()[indexer.index(i, j, k)] = value;
        }
    }

    /** Local memory of {@code byte} elements. */
    public static final class OfByte extends LocalAccessor<Byte> {
        private OfByte(Handler h, Range shape) {
            super(h, ElementKind.BYTE, shape);
        }

        @Override
        Object newArray() {
            return new byte[size()];
        }

        private byte[] data() {
            return (byte[]) hostArray();
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public byte get(int i) {
            return data()[indexer.index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public byte get(int i, int j) {
            return data()[indexer.index(i, j)];
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
            return data()[indexer.index(i, j, k)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, byte value) {
            data()[indexer.index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, byte value) {
            data()[indexer.index(i, j)] = value;
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
            data()[indexer.index(i, j, k)] = value;
        }
    }

    /** Local memory of {@code char} elements. */
    public static final class OfChar extends LocalAccessor<Character> {
        private OfChar(Handler h, Range shape) {
            super(h, ElementKind.CHAR, shape);
        }

        @Override
        Object newArray() {
            return new char[size()];
        }

        private char[] data() {
            return (char[]) hostArray();
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public char get(int i) {
            return data()[indexer.index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public char get(int i, int j) {
            return data()[indexer.index(i, j)];
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
            return data()[indexer.index(i, j, k)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, char value) {
            data()[indexer.index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, char value) {
            data()[indexer.index(i, j)] = value;
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
            data()[indexer.index(i, j, k)] = value;
        }
    }

    /** Local memory of {@code boolean} elements. */
    public static final class OfBoolean extends LocalAccessor<Boolean> {
        private OfBoolean(Handler h, Range shape) {
            super(h, ElementKind.BOOLEAN, shape);
        }

        @Override
        Object newArray() {
            return new boolean[size()];
        }

        private boolean[] data() {
            return (boolean[]) hostArray();
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public boolean get(int i) {
            return data()[indexer.index(i)];
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public boolean get(int i, int j) {
            return data()[indexer.index(i, j)];
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
            return data()[indexer.index(i, j, k)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, boolean value) {
            data()[indexer.index(i)] = value;
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, boolean value) {
            data()[indexer.index(i, j)] = value;
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
            data()[indexer.index(i, j, k)] = value;
        }
    }
}
