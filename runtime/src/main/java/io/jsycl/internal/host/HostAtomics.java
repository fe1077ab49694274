package io.jsycl.internal.host;

import io.jsycl.MemoryOrder;
import io.jsycl.MemoryScope;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Atomic minimum and maximum on the host device's arrays, for accessors, local accessors and device
 * arrays alike. Each stores {@link Math#min}/{@link Math#max} of the old value and the given one, as
 * the device code does (for floats: NaN wins, -0.0 is below 0.0), and returns the old value.
 */
public final class HostAtomics {
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle FLOATS = MethodHandles.arrayElementVarHandle(float[].class);

    private HostAtomics() {
    }

    /** Refuses a null order or scope, as the lowering refuses one that is not a constant. */
    public static void checkOrder(MemoryOrder order, MemoryScope scope) {
        java.util.Objects.requireNonNull(order, "order");
        java.util.Objects.requireNonNull(scope, "scope");
    }

    /** {@link #checkOrder}, and refuses the orders a load cannot have (C++'s and SYCL's rule). */
    public static void checkLoad(MemoryOrder order, MemoryScope scope) {
        checkOrder(order, scope);
        if (order == MemoryOrder.RELEASE || order == MemoryOrder.ACQ_REL) {
            throw new IllegalArgumentException("atomicLoad with MemoryOrder." + order + ": a load cannot release;"
                    + " use ACQUIRE (or SEQ_CST)");
        }
    }

    /** {@link #checkOrder}, and refuses the orders a store cannot have (C++'s and SYCL's rule). */
    public static void checkStore(MemoryOrder order, MemoryScope scope) {
        checkOrder(order, scope);
        if (order == MemoryOrder.ACQUIRE || order == MemoryOrder.ACQ_REL) {
            throw new IllegalArgumentException("atomicStore with MemoryOrder." + order + ": a store cannot acquire;"
                    + " use RELEASE (or SEQ_CST)");
        }
    }

    public static int min(int[] a, int at, int value) {
        return update(a, at, value, true);
    }

    public static int max(int[] a, int at, int value) {
        return update(a, at, value, false);
    }

    public static long min(long[] a, int at, long value) {
        return update(a, at, value, true);
    }

    public static long max(long[] a, int at, long value) {
        return update(a, at, value, false);
    }

    public static float min(float[] a, int at, float value) {
        return update(a, at, value, true);
    }

    public static float max(float[] a, int at, float value) {
        return update(a, at, value, false);
    }

    private static int update(int[] a, int at, int value, boolean min) {
        while (true) {
            int old = (int) INTS.getVolatile(a, at);
            int next = min ? Math.min(old, value) : Math.max(old, value);
            if (next == old || INTS.compareAndSet(a, at, old, next)) {
                return old;
            }
        }
    }

    private static long update(long[] a, int at, long value, boolean min) {
        while (true) {
            long old = (long) LONGS.getVolatile(a, at);
            long next = min ? Math.min(old, value) : Math.max(old, value);
            if (next == old || LONGS.compareAndSet(a, at, old, next)) {
                return old;
            }
        }
    }

    /** Compares bit patterns, as float {@code compareAndSet} does, so NaN and -0.0 are stored. */
    private static float update(float[] a, int at, float value, boolean min) {
        while (true) {
            float old = (float) FLOATS.getVolatile(a, at);
            float next = min ? Math.min(old, value) : Math.max(old, value);
            if (Float.floatToRawIntBits(next) == Float.floatToRawIntBits(old)
                    || FLOATS.compareAndSet(a, at, old, next)) {
                return old;
            }
        }
    }
}
