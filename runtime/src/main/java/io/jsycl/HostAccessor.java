package io.jsycl;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_CHAR;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Host access to a buffer's current contents, from {@code buf.hostAccess()}. Opening it waits for
 * the commands that use the buffer and brings the contents to the host; while it is open, command
 * groups that use the buffer wait for it; closing it lets them run, with the host's writes. For a
 * buffer made from a shape (no host array of the user's) whose current contents are in
 * host-accessible device memory (CPU devices, integrated GPUs), the accessor reads and writes that
 * memory in place instead: nothing is copied when it opens or closes. On other devices (discrete
 * GPUs) such an accessor reads and writes the pinned host memory that the buffer's transfers go
 * through: opening it after a kernel wrote the buffer is one DMA transfer into that memory, and the
 * next kernel's upload one DMA transfer out of it, with no copy through a Java array.
 *
 * @param <T> the boxed element type
 */
public abstract sealed class HostAccessor<T> implements AutoCloseable permits HostAccessor.OfFloat, HostAccessor.OfDouble, HostAccessor.OfInt, HostAccessor.OfLong, HostAccessor.OfShort, HostAccessor.OfByte, HostAccessor.OfChar, HostAccessor.OfBoolean {
    final Indexer indexer;
    /**
     * The memory this accessor reads and writes instead of the host array, or null: for a buffer made from a shape
     * (no array of the user's to keep current), the mapped device copy where it is host-accessible (CPU devices,
     * integrated GPUs), else the pinned host memory its transfers go through.
     */
    final MemorySegment mapped;
    private final BufferStorage storage;
    private final CompletableFuture<Void> open;
    private final BufferStorage.HostMapping mapping;
    private final AtomicBoolean closed = new AtomicBoolean();

    HostAccessor(BufferStorage storage, Buffer<?> view) {
        this.storage = storage;
        this.indexer = new Indexer(view.range(), view.origin, storage.shape());
        Scheduler.HostAccess access = Scheduler.hostAccess(storage);
        this.open = access.open();
        this.mapping = access.mapping();
        this.mapped = mapping == null ? null : mapping.host;
    }

    /**
     * The buffer's shape, or a sub-buffer's range (indices are relative to its origin).
     *
     * @return the accessed range; its size is {@link #size()}
     */
    public final Range range() {
        return indexer.range();
    }

    /**
     * The number of elements.
     *
     * @return the number of elements, the product of the range's extents
     */
    public final int size() {
        return indexer.length();
    }

    final void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("host accessor of " + storage + " is closed");
        }
    }

    /** Ends host access; command groups waiting for the buffer go on. Safe to call twice. */
    @Override
    public final void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                if (mapping != null) {
                    storage.unmapHost(mapping);
                }
            } finally {
                open.complete(null);
            }
        }
    }

    /** Host access to {@code float} elements. */
    public static final class OfFloat extends HostAccessor<Float> {
        private final float[] data;

        OfFloat(BufferStorage storage, Buffer<?> view, float[] data) {
            super(storage, view);
            this.data = data;
        }

        /** The element at storage index {@code i}: in the host array, or in {@link #mapped} memory. */
        private float at(int i) {
            return mapped == null ? data[i] : mapped.getAtIndex(JAVA_FLOAT, i);
        }

        private void put(int i, float value) {
            if (mapped == null) {
                data[i] = value;
            } else {
                mapped.setAtIndex(JAVA_FLOAT, i, value);
            }
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public float get(int i) {
            checkOpen();
            return at(indexer.index(i));
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public float get(int i, int j) {
            checkOpen();
            return at(indexer.index(i, j));
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
            checkOpen();
            return at(indexer.index(i, j, k));
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, float value) {
            checkOpen();
            put(indexer.index(i), value);
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, float value) {
            checkOpen();
            put(indexer.index(i, j), value);
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
            checkOpen();
            put(indexer.index(i, j, k), value);
        }
    }

    /** Host access to {@code double} elements. */
    public static final class OfDouble extends HostAccessor<Double> {
        private final double[] data;

        OfDouble(BufferStorage storage, Buffer<?> view, double[] data) {
            super(storage, view);
            this.data = data;
        }

        /** The element at storage index {@code i}: in the host array, or in {@link #mapped} memory. */
        private double at(int i) {
            return mapped == null ? data[i] : mapped.getAtIndex(JAVA_DOUBLE, i);
        }

        private void put(int i, double value) {
            if (mapped == null) {
                data[i] = value;
            } else {
                mapped.setAtIndex(JAVA_DOUBLE, i, value);
            }
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public double get(int i) {
            checkOpen();
            return at(indexer.index(i));
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public double get(int i, int j) {
            checkOpen();
            return at(indexer.index(i, j));
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
            checkOpen();
            return at(indexer.index(i, j, k));
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, double value) {
            checkOpen();
            put(indexer.index(i), value);
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, double value) {
            checkOpen();
            put(indexer.index(i, j), value);
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
            checkOpen();
            put(indexer.index(i, j, k), value);
        }
    }

    /** Host access to {@code int} elements. */
    public static final class OfInt extends HostAccessor<Integer> {
        private final int[] data;

        OfInt(BufferStorage storage, Buffer<?> view, int[] data) {
            super(storage, view);
            this.data = data;
        }

        /** The element at storage index {@code i}: in the host array, or in {@link #mapped} memory. */
        private int at(int i) {
            return mapped == null ? data[i] : mapped.getAtIndex(JAVA_INT, i);
        }

        private void put(int i, int value) {
            if (mapped == null) {
                data[i] = value;
            } else {
                mapped.setAtIndex(JAVA_INT, i, value);
            }
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public int get(int i) {
            checkOpen();
            return at(indexer.index(i));
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public int get(int i, int j) {
            checkOpen();
            return at(indexer.index(i, j));
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
            checkOpen();
            return at(indexer.index(i, j, k));
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, int value) {
            checkOpen();
            put(indexer.index(i), value);
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, int value) {
            checkOpen();
            put(indexer.index(i, j), value);
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
            checkOpen();
            put(indexer.index(i, j, k), value);
        }
    }

    /** Host access to {@code long} elements. */
    public static final class OfLong extends HostAccessor<Long> {
        private final long[] data;

        OfLong(BufferStorage storage, Buffer<?> view, long[] data) {
            super(storage, view);
            this.data = data;
        }

        /** The element at storage index {@code i}: in the host array, or in {@link #mapped} memory. */
        private long at(int i) {
            return mapped == null ? data[i] : mapped.getAtIndex(JAVA_LONG, i);
        }

        private void put(int i, long value) {
            if (mapped == null) {
                data[i] = value;
            } else {
                mapped.setAtIndex(JAVA_LONG, i, value);
            }
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public long get(int i) {
            checkOpen();
            return at(indexer.index(i));
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public long get(int i, int j) {
            checkOpen();
            return at(indexer.index(i, j));
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
            checkOpen();
            return at(indexer.index(i, j, k));
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, long value) {
            checkOpen();
            put(indexer.index(i), value);
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, long value) {
            checkOpen();
            put(indexer.index(i, j), value);
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
            checkOpen();
            put(indexer.index(i, j, k), value);
        }
    }

    /** Host access to {@code short} elements. */
    public static final class OfShort extends HostAccessor<Short> {
        private final short[] data;

        OfShort(BufferStorage storage, Buffer<?> view, short[] data) {
            super(storage, view);
            this.data = data;
        }

        /** The element at storage index {@code i}: in the host array, or in {@link #mapped} memory. */
        private short at(int i) {
            return mapped == null ? data[i] : mapped.getAtIndex(JAVA_SHORT, i);
        }

        private void put(int i, short value) {
            if (mapped == null) {
                data[i] = value;
            } else {
                mapped.setAtIndex(JAVA_SHORT, i, value);
            }
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public short get(int i) {
            checkOpen();
            return at(indexer.index(i));
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public short get(int i, int j) {
            checkOpen();
            return at(indexer.index(i, j));
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
            checkOpen();
            return at(indexer.index(i, j, k));
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, short value) {
            checkOpen();
            put(indexer.index(i), value);
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, short value) {
            checkOpen();
            put(indexer.index(i, j), value);
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
            checkOpen();
            put(indexer.index(i, j, k), value);
        }
    }

    /** Host access to {@code byte} elements. */
    public static final class OfByte extends HostAccessor<Byte> {
        private final byte[] data;

        OfByte(BufferStorage storage, Buffer<?> view, byte[] data) {
            super(storage, view);
            this.data = data;
        }

        /** The element at storage index {@code i}: in the host array, or in {@link #mapped} memory. */
        private byte at(int i) {
            return mapped == null ? data[i] : mapped.getAtIndex(JAVA_BYTE, i);
        }

        private void put(int i, byte value) {
            if (mapped == null) {
                data[i] = value;
            } else {
                mapped.setAtIndex(JAVA_BYTE, i, value);
            }
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public byte get(int i) {
            checkOpen();
            return at(indexer.index(i));
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public byte get(int i, int j) {
            checkOpen();
            return at(indexer.index(i, j));
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
            checkOpen();
            return at(indexer.index(i, j, k));
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, byte value) {
            checkOpen();
            put(indexer.index(i), value);
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, byte value) {
            checkOpen();
            put(indexer.index(i, j), value);
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
            checkOpen();
            put(indexer.index(i, j, k), value);
        }
    }

    /** Host access to {@code char} elements. */
    public static final class OfChar extends HostAccessor<Character> {
        private final char[] data;

        OfChar(BufferStorage storage, Buffer<?> view, char[] data) {
            super(storage, view);
            this.data = data;
        }

        /** The element at storage index {@code i}: in the host array, or in {@link #mapped} memory. */
        private char at(int i) {
            return mapped == null ? data[i] : mapped.getAtIndex(JAVA_CHAR, i);
        }

        private void put(int i, char value) {
            if (mapped == null) {
                data[i] = value;
            } else {
                mapped.setAtIndex(JAVA_CHAR, i, value);
            }
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public char get(int i) {
            checkOpen();
            return at(indexer.index(i));
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public char get(int i, int j) {
            checkOpen();
            return at(indexer.index(i, j));
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
            checkOpen();
            return at(indexer.index(i, j, k));
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, char value) {
            checkOpen();
            put(indexer.index(i), value);
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, char value) {
            checkOpen();
            put(indexer.index(i, j), value);
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
            checkOpen();
            put(indexer.index(i, j, k), value);
        }
    }

    /** Host access to {@code boolean} elements. */
    public static final class OfBoolean extends HostAccessor<Boolean> {
        private final boolean[] data;

        OfBoolean(BufferStorage storage, Buffer<?> view, boolean[] data) {
            super(storage, view);
            this.data = data;
        }

        /** The element at storage index {@code i}: in the host array, or in {@link #mapped} memory. */
        private boolean at(int i) {
            return mapped == null ? data[i] : mapped.get(JAVA_BYTE, i) != 0;
        }

        private void put(int i, boolean value) {
            if (mapped == null) {
                data[i] = value;
            } else {
                mapped.set(JAVA_BYTE, i, value ? (byte) 1 : 0);
            }
        }

        /**
         * The element at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @return the element's value
         */
        public boolean get(int i) {
            checkOpen();
            return at(indexer.index(i));
        }

        /**
         * The element at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @return the element's value
         */
        public boolean get(int i, int j) {
            checkOpen();
            return at(indexer.index(i, j));
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
            checkOpen();
            return at(indexer.index(i, j, k));
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)
         * @param value the value to store
         */
        public void set(int i, boolean value) {
            checkOpen();
            put(indexer.index(i), value);
        }

        /**
         * Stores {@code value} at row {@code i}, column {@code j}.
         *
         * @param i the row (dimension 0), 0 to {@code range().get(0) - 1}
         * @param j the column (dimension 1), 0 to {@code range().get(1) - 1}
         * @param value the value to store
         */
        public void set(int i, int j, boolean value) {
            checkOpen();
            put(indexer.index(i, j), value);
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
            checkOpen();
            put(indexer.index(i, j, k), value);
        }
    }
}
