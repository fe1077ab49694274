package io.jsycl;

import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Device memory without a buffer (SYCL's {@code malloc_device}): {@code DeviceArray.ofFloat(q, n)}.
 * Kernels capture it and use {@code get}/{@code set}/atomics like a 1-D read-write accessor. Data
 * moves only through {@link Queue#copy} and {@link Queue#fill}, and nothing orders work on it
 * implicitly: order it with {@code h.dependsOn(event)} or an in-order queue, as in SYCL.
 * {@link #close()} frees the memory; close it only after the work using it has finished.
 *
 * <p>On the host device the memory is a Java array; there the element methods are the kernel's
 * own code. Elsewhere they are lowered to device loads and stores and must not be called on the
 * host.
 *
 * @param <T> the boxed element type
 */
public abstract sealed class DeviceArray<T> implements AutoCloseable permits DeviceArray.OfFloat, DeviceArray.OfDouble, DeviceArray.OfInt, DeviceArray.OfLong, DeviceArray.OfShort, DeviceArray.OfByte, DeviceArray.OfChar, DeviceArray.OfBoolean {
    final Context context;
    final Device device;
    final ElementKind kind;
    final int length;
    final ClMem mem;
    private final AtomicBoolean closed = new AtomicBoolean();

    DeviceArray(Queue q, ElementKind kind, int length) {
        Objects.requireNonNull(q, "queue");
        if (length < 0) {
            throw new IllegalArgumentException("length < 0: " + length);
        }
        this.context = q.context();
        this.device = q.device();
        this.kind = kind;
        this.length = length;
        this.mem = device.isHost() ? null : ClMem.createBuffer(context.cl(), ClMemFlags.READ_WRITE,
                Math.max(1, (long) length * kind.bytes), MemorySegment.NULL);
    }

    /**
     * The number of elements.
     *
     * @return the number of elements
     */
    public final int size() {
        return length;
    }

    final long bytes() {
        return (long) length * kind.bytes;
    }

    final int index(int i) {
        return Objects.checkIndex(i, length);
    }

    final ClMem mem() {
        if (closed.get()) {
            throw new IllegalStateException(this + " is closed");
        }
        return mem;
    }

    abstract Object hostArray();

    /** Frees the device memory. Safe to call twice. */
    @Override
    public final void close() {
        if (closed.compareAndSet(false, true) && mem != null) {
            mem.close();
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + length + " on " + device.name() + "]";
    }

    /**
     * {@code n} {@code float} elements of device memory for {@code q}'s device.
     *
     * @param q the queue whose device holds the memory; its commands copy, fill and free it
     * @param n the number of elements, at least 0
     * @return the device memory; close it to free it
     */
    public static OfFloat ofFloat(Queue q, int n) {
        return new OfFloat(q, n);
    }

    /**
     * {@code n} {@code double} elements of device memory for {@code q}'s device.
     *
     * @param q the queue whose device holds the memory; its commands copy, fill and free it
     * @param n the number of elements, at least 0
     * @return the device memory; close it to free it
     */
    public static OfDouble ofDouble(Queue q, int n) {
        return new OfDouble(q, n);
    }

    /**
     * {@code n} {@code int} elements of device memory for {@code q}'s device.
     *
     * @param q the queue whose device holds the memory; its commands copy, fill and free it
     * @param n the number of elements, at least 0
     * @return the device memory; close it to free it
     */
    public static OfInt ofInt(Queue q, int n) {
        return new OfInt(q, n);
    }

    /**
     * {@code n} {@code long} elements of device memory for {@code q}'s device.
     *
     * @param q the queue whose device holds the memory; its commands copy, fill and free it
     * @param n the number of elements, at least 0
     * @return the device memory; close it to free it
     */
    public static OfLong ofLong(Queue q, int n) {
        return new OfLong(q, n);
    }

    /**
     * {@code n} {@code short} elements of device memory for {@code q}'s device.
     *
     * @param q the queue whose device holds the memory; its commands copy, fill and free it
     * @param n the number of elements, at least 0
     * @return the device memory; close it to free it
     */
    public static OfShort ofShort(Queue q, int n) {
        return new OfShort(q, n);
    }

    /**
     * {@code n} {@code byte} elements of device memory for {@code q}'s device.
     *
     * @param q the queue whose device holds the memory; its commands copy, fill and free it
     * @param n the number of elements, at least 0
     * @return the device memory; close it to free it
     */
    public static OfByte ofByte(Queue q, int n) {
        return new OfByte(q, n);
    }

    /**
     * {@code n} {@code char} elements of device memory for {@code q}'s device.
     *
     * @param q the queue whose device holds the memory; its commands copy, fill and free it
     * @param n the number of elements, at least 0
     * @return the device memory; close it to free it
     */
    public static OfChar ofChar(Queue q, int n) {
        return new OfChar(q, n);
    }

    /**
     * {@code n} {@code boolean} elements of device memory for {@code q}'s device.
     *
     * @param q the queue whose device holds the memory; its commands copy, fill and free it
     * @param n the number of elements, at least 0
     * @return the device memory; close it to free it
     */
    public static OfBoolean ofBoolean(Queue q, int n) {
        return new OfBoolean(q, n);
    }

    /** Device memory of {@code float} elements. */
    public static final class OfFloat extends DeviceArray<Float> {
        private static final VarHandle ELEMENTS = MethodHandles.arrayElementVarHandle(float[].class);
        private final float[] host;

        private OfFloat(Queue q, int n) {
            super(q, ElementKind.FLOAT, n);
            this.host = q.device().isHost() ? new float[n] : null;
        }

        @Override
        Object hostArray() {
            return host;
        }

        private float[] data() {
            if (host == null) {
                throw new IllegalStateException(this + " is device memory: use it inside kernels, copy it with q.copy");
            }
            return host;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @return the element's value
         */
        public float get(int i) {
            return data()[index(i)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to store
         */
        public void set(int i, float value) {
            data()[index(i)] = value;
        }

        /**
         * Atomically adds {@code value} to the element at {@code i}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the amount to add (wrapping on overflow for integers)
         * @return the element's value before the operation
         */
        public float atomicAdd(int i, float value) {
            return (float) ELEMENTS.getAndAdd(data(), index(i), value);
        }

        /**
         * Atomically stores the smaller of the element and {@code value}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public float atomicMin(int i, float value) {
            return HostAtomics.min(data(), index(i), value);
        }

        /**
         * Atomically stores the larger of the element and {@code value}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public float atomicMax(int i, float value) {
            return HostAtomics.max(data(), index(i), value);
        }

        /**
         * Atomically replaces the element at {@code i}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to store
         * @return the element's value before the operation
         */
        public float atomicExchange(int i, float value) {
            return (float) ELEMENTS.getAndSet(data(), index(i), value);
        }

        /**
         * Atomically replaces the element with {@code desired} if it equals {@code expected}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param expected the value the element must hold for the store to happen (floats compare by their bits)
         * @param desired the value stored when the element holds {@code expected}
         * @return the element's value before the call; equal to {@code expected} when the store happened
         */
        public float atomicCompareExchange(int i, float expected, float desired) {
            return (float) ELEMENTS.compareAndExchange(data(), index(i), expected, desired);
        }
    }

    /** Device memory of {@code double} elements. */
    public static final class OfDouble extends DeviceArray<Double> {
        private final double[] host;

        private OfDouble(Queue q, int n) {
            super(q, ElementKind.DOUBLE, n);
            this.host = q.device().isHost() ? new double[n] : null;
        }

        @Override
        Object hostArray() {
            return host;
        }

        private double[] data() {
            if (host == null) {
                throw new IllegalStateException(this + " is device memory: use it inside kernels, copy it with q.copy");
            }
            return host;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @return the element's value
         */
        public double get(int i) {
            return data()[index(i)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to store
         */
        public void set(int i, double value) {
            data()[index(i)] = value;
        }
    }

    /** Device memory of {@code int} elements. */
    public static final class OfInt extends DeviceArray<Integer> {
        private static final VarHandle ELEMENTS = MethodHandles.arrayElementVarHandle(int[].class);
        private final int[] host;

        private OfInt(Queue q, int n) {
            super(q, ElementKind.INT, n);
            this.host = q.device().isHost() ? new int[n] : null;
        }

        @Override
        Object hostArray() {
            return host;
        }

        private int[] data() {
            if (host == null) {
                throw new IllegalStateException(this + " is device memory: use it inside kernels, copy it with q.copy");
            }
            return host;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @return the element's value
         */
        public int get(int i) {
            return data()[index(i)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to store
         */
        public void set(int i, int value) {
            data()[index(i)] = value;
        }

        /**
         * Atomically adds {@code value} to the element at {@code i}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the amount to add (wrapping on overflow for integers)
         * @return the element's value before the operation
         */
        public int atomicAdd(int i, int value) {
            return (int) ELEMENTS.getAndAdd(data(), index(i), value);
        }

        /**
         * Atomically stores the smaller of the element and {@code value}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public int atomicMin(int i, int value) {
            return HostAtomics.min(data(), index(i), value);
        }

        /**
         * Atomically stores the larger of the element and {@code value}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public int atomicMax(int i, int value) {
            return HostAtomics.max(data(), index(i), value);
        }

        /**
         * Atomically replaces the element at {@code i}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to store
         * @return the element's value before the operation
         */
        public int atomicExchange(int i, int value) {
            return (int) ELEMENTS.getAndSet(data(), index(i), value);
        }

        /**
         * Atomically replaces the element with {@code desired} if it equals {@code expected}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param expected the value the element must hold for the store to happen (floats compare by their bits)
         * @param desired the value stored when the element holds {@code expected}
         * @return the element's value before the call; equal to {@code expected} when the store happened
         */
        public int atomicCompareExchange(int i, int expected, int desired) {
            return (int) ELEMENTS.compareAndExchange(data(), index(i), expected, desired);
        }
    }

    /** Device memory of {@code long} elements. */
    public static final class OfLong extends DeviceArray<Long> {
        private static final VarHandle ELEMENTS = MethodHandles.arrayElementVarHandle(long[].class);
        private final long[] host;

        private OfLong(Queue q, int n) {
            super(q, ElementKind.LONG, n);
            this.host = q.device().isHost() ? new long[n] : null;
        }

        @Override
        Object hostArray() {
            return host;
        }

        private long[] data() {
            if (host == null) {
                throw new IllegalStateException(this + " is device memory: use it inside kernels, copy it with q.copy");
            }
            return host;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @return the element's value
         */
        public long get(int i) {
            return data()[index(i)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to store
         */
        public void set(int i, long value) {
            data()[index(i)] = value;
        }

        /**
         * Atomically adds {@code value} to the element at {@code i}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the amount to add (wrapping on overflow for integers)
         * @return the element's value before the operation
         */
        public long atomicAdd(int i, long value) {
            return (long) ELEMENTS.getAndAdd(data(), index(i), value);
        }

        /**
         * Atomically stores the smaller of the element and {@code value}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public long atomicMin(int i, long value) {
            return HostAtomics.min(data(), index(i), value);
        }

        /**
         * Atomically stores the larger of the element and {@code value}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to compare with the element
         * @return the element's value before the operation
         */
        public long atomicMax(int i, long value) {
            return HostAtomics.max(data(), index(i), value);
        }

        /**
         * Atomically replaces the element at {@code i}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to store
         * @return the element's value before the operation
         */
        public long atomicExchange(int i, long value) {
            return (long) ELEMENTS.getAndSet(data(), index(i), value);
        }

        /**
         * Atomically replaces the element with {@code desired} if it equals {@code expected}; returns the old value.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param expected the value the element must hold for the store to happen (floats compare by their bits)
         * @param desired the value stored when the element holds {@code expected}
         * @return the element's value before the call; equal to {@code expected} when the store happened
         */
        public long atomicCompareExchange(int i, long expected, long desired) {
            return (long) ELEMENTS.compareAndExchange(data(), index(i), expected, desired);
        }
    }

    /** Device memory of {@code short} elements. */
    public static final class OfShort extends DeviceArray<Short> {
        private final short[] host;

        private OfShort(Queue q, int n) {
            super(q, ElementKind.SHORT, n);
            this.host = q.device().isHost() ? new short[n] : null;
        }

        @Override
        Object hostArray() {
            return host;
        }

        private short[] data() {
            if (host == null) {
                throw new IllegalStateException(this + " is device memory: use it inside kernels, copy it with q.copy");
            }
            return host;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @return the element's value
         */
        public short get(int i) {
            return data()[index(i)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to store
         */
        public void set(int i, short value) {
            data()[index(i)] = value;
        }
    }

    /** Device memory of {@code byte} elements. */
    public static final class OfByte extends DeviceArray<Byte> {
        private final byte[] host;

        private OfByte(Queue q, int n) {
            super(q, ElementKind.BYTE, n);
            this.host = q.device().isHost() ? new byte[n] : null;
        }

        @Override
        Object hostArray() {
            return host;
        }

        private byte[] data() {
            if (host == null) {
                throw new IllegalStateException(this + " is device memory: use it inside kernels, copy it with q.copy");
            }
            return host;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @return the element's value
         */
        public byte get(int i) {
            return data()[index(i)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to store
         */
        public void set(int i, byte value) {
            data()[index(i)] = value;
        }
    }

    /** Device memory of {@code char} elements. */
    public static final class OfChar extends DeviceArray<Character> {
        private final char[] host;

        private OfChar(Queue q, int n) {
            super(q, ElementKind.CHAR, n);
            this.host = q.device().isHost() ? new char[n] : null;
        }

        @Override
        Object hostArray() {
            return host;
        }

        private char[] data() {
            if (host == null) {
                throw new IllegalStateException(this + " is device memory: use it inside kernels, copy it with q.copy");
            }
            return host;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @return the element's value
         */
        public char get(int i) {
            return data()[index(i)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to store
         */
        public void set(int i, char value) {
            data()[index(i)] = value;
        }
    }

    /** Device memory of {@code boolean} elements. */
    public static final class OfBoolean extends DeviceArray<Boolean> {
        private final boolean[] host;

        private OfBoolean(Queue q, int n) {
            super(q, ElementKind.BOOLEAN, n);
            this.host = q.device().isHost() ? new boolean[n] : null;
        }

        @Override
        Object hostArray() {
            return host;
        }

        private boolean[] data() {
            if (host == null) {
                throw new IllegalStateException(this + " is device memory: use it inside kernels, copy it with q.copy");
            }
            return host;
        }

        /**
         * The element at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @return the element's value
         */
        public boolean get(int i) {
            return data()[index(i)];
        }

        /**
         * Stores {@code value} at {@code i}.
         *
         * @param i the element's index, 0 to {@code size() - 1}
         * @param value the value to store
         */
        public void set(int i, boolean value) {
            data()[index(i)] = value;
        }
    }
}
