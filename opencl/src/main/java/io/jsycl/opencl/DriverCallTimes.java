package io.jsycl.opencl;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How long each thread spends in each OpenCL function, when the JVM runs with {@code -Djsycl.opencl.timeCalls=true}:
 * every downcall of the bindings ({@code io.jsycl.opencl.bindings.cl_h}) is then timed, from call to return, into
 * the calling thread's own totals. Off by default, and then costs nothing: the bindings call the driver directly.
 *
 * <p>What it is for: a host-bound loop of submits (several GPUs fed by one thread) spends its time either in the
 * driver or in jsycl's own Java code, and a sampling profiler tells the two apart poorly (its native and Java samples
 * are taken differently). These totals, beside the thread's CPU time, do: {@code io.jsycl.bench.MultiGpuBench}
 * prints them per step. Timing adds two {@link System#nanoTime()} reads and a thread-local update to every call,
 * about 50 ns.
 *
 * <p>The property is read here, once, not through the runtime's settings: the bindings sit below every other module
 * and make their handles before any setting is read.
 *
 * <p>Thread safety: each thread updates only its own totals; {@link #ofThisThread} reads the caller's.
 */
public final class DriverCallTimes {
    private static final boolean ON = Boolean.getBoolean("jsycl.opencl.timeCalls");
    /** The timed functions' names, by slot; grows as the bindings create their handles (lazily, on first call). */
    private static final List<String> NAMES = new ArrayList<>();
    private static final ThreadLocal<Totals> TOTALS = ThreadLocal.withInitial(Totals::new);
    private static final MethodHandle NANO_TIME;
    private static final MethodHandle RECORD;

    static {
        try {
            var lookup = MethodHandles.lookup();
            NANO_TIME = lookup.findStatic(System.class, "nanoTime", MethodType.methodType(long.class));
            RECORD = lookup.findStatic(DriverCallTimes.class, "record",
                    MethodType.methodType(void.class, int.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private DriverCallTimes() {
    }

    /** One thread's totals, by slot. */
    private static final class Totals {
        long[] nanos = new long[0];
        long[] calls = new long[0];
    }

    /**
     * Whether calls are timed ({@code -Djsycl.opencl.timeCalls=true}).
     *
     * @return true when {@link #ofThisThread} has anything to say
     */
    public static boolean on() {
        return ON;
    }

    /**
     * {@code downcall}, timed into the calling thread's totals under {@code function} where timing is {@link #on};
     * else {@code downcall} itself. The bindings call it once per function, when they create its handle.
     *
     * @param function the C function's name, e.g. {@code "clEnqueueNDRangeKernel"}
     * @param downcall the function's downcall handle
     * @return a handle of the same type
     */
    public static MethodHandle timed(String function, MethodHandle downcall) {
        if (!ON) {
            return downcall;
        }
        int slot;
        synchronized (NAMES) {
            slot = NAMES.size();
            NAMES.add(function);
        }
        MethodHandle record = MethodHandles.insertArguments(RECORD, 0, slot); // (long start) void
        Class<?> result = downcall.type().returnType();
        MethodHandle cleanup; // tryFinally's: (Throwable, result, long start) -> result, without result where void
        if (result == void.class) {
            cleanup = MethodHandles.dropArguments(record, 0, Throwable.class);
        } else {
            MethodHandle passOn = MethodHandles.dropArguments(MethodHandles.identity(result), 1, long.class);
            cleanup = MethodHandles.dropArguments(
                    MethodHandles.foldArguments(passOn, MethodHandles.dropArguments(record, 0, result)), 0,
                    Throwable.class);
        }
        MethodHandle body = MethodHandles.dropArguments(downcall, 0, long.class); // (long start, args...)
        return MethodHandles.foldArguments(MethodHandles.tryFinally(body, cleanup), NANO_TIME);
    }

    private static void record(int slot, long start) {
        long took = System.nanoTime() - start;
        Totals t = TOTALS.get();
        if (slot >= t.nanos.length) {
            int size;
            synchronized (NAMES) {
                size = NAMES.size();
            }
            t.nanos = Arrays.copyOf(t.nanos, size);
            t.calls = Arrays.copyOf(t.calls, size);
        }
        t.nanos[slot] += took;
        t.calls[slot]++;
    }

    /**
     * The calling thread's time in each OpenCL function since it started, in nanoseconds, by function name; empty
     * where timing is off or the thread called nothing.
     *
     * @return a new map, the functions in the order the bindings first called them
     */
    public static Map<String, Long> ofThisThread() {
        Totals t = TOTALS.get();
        var out = new LinkedHashMap<String, Long>();
        synchronized (NAMES) {
            for (int i = 0; i < t.nanos.length; i++) {
                if (t.calls[i] > 0) {
                    out.merge(NAMES.get(i), t.nanos[i], Long::sum);
                }
            }
        }
        return out;
    }
}
