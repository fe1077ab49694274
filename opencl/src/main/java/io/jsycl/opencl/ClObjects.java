package io.jsycl.opencl;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Counts of OpenCL objects created and released, and of calls made by the checked layer, for leak tests. Thread safe. */
public final class ClObjects {
    /** The kinds of OpenCL objects the checked layer owns. */
    public enum Kind {
        /** A {@code cl_context} ({@link ClContext}). */
        CONTEXT,
        /** A {@code cl_command_queue} ({@link ClCommandQueue}). */
        COMMAND_QUEUE,
        /** A {@code cl_mem} buffer ({@link ClMem}). */
        MEM,
        /** A {@code cl_program} ({@link ClProgram}). */
        PROGRAM,
        /** A {@code cl_kernel} ({@link ClKernel}). */
        KERNEL,
        /** A {@code cl_event} ({@link ClEvent}). */
        EVENT
    }

    private static final Map<Kind, LongAdder> CREATED = new EnumMap<>(Kind.class);
    private static final Map<Kind, LongAdder> RELEASED = new EnumMap<>(Kind.class);
    private static final Map<String, LongAdder> CALLS = new ConcurrentHashMap<>();
    /** Per thread: nanoseconds spent in the driver's waits ({@link #waitedNanos}). */
    private static final ThreadLocal<long[]> WAITED = ThreadLocal.withInitial(() -> new long[1]);

    static {
        for (Kind k : Kind.values()) {
            CREATED.put(k, new LongAdder());
            RELEASED.put(k, new LongAdder());
        }
    }

    private ClObjects() {
    }

    /**
     * Objects of kind {@code k} created so far.
     *
     * @param k the kind of object
     * @return how many the checked layer created since the JVM started, at least 0
     */
    public static long created(Kind k) {
        return CREATED.get(k).sum();
    }

    /**
     * Objects of kind {@code k} released so far.
     *
     * @param k the kind of object
     * @return how many the checked layer released since the JVM started, at least 0
     */
    public static long released(Kind k) {
        return RELEASED.get(k).sum();
    }

    /**
     * Objects of kind {@code k} created and not yet released.
     *
     * @param k the kind of object
     * @return created minus released; 0 when nothing leaked (a racing create or release may skew it briefly)
     */
    public static long live(Kind k) {
        return created(k) - released(k);
    }

    /**
     * How many times the checked layer called {@code clFunctionName} (enqueues, builds, creations).
     *
     * @param clFunctionName an OpenCL function name, e.g. {@code "clBuildProgram"}
     * @return the number of calls since the JVM started, failed ones included; 0 for a name never called
     */
    public static long calls(String clFunctionName) {
        LongAdder a = CALLS.get(clFunctionName);
        return a == null ? 0 : a.sum();
    }

    /**
     * How long the calling thread has waited in the driver for commands to complete: its {@code clWaitForEvents} and
     * {@code clFinish} calls, from call to return. NVIDIA's driver spins in them, so a thread's CPU time does not tell
     * its waits from its other calls; this does (a host-bound loop of submits waits little, a device-bound one much).
     *
     * @return nanoseconds since the thread started, at least 0
     */
    public static long waitedNanos() {
        return WAITED.get()[0];
    }

    /** Adds the time since {@code startNanos} ({@link System#nanoTime}) to the calling thread's {@link #waitedNanos}. */
    static void waited(long startNanos) {
        WAITED.get()[0] += System.nanoTime() - startNanos;
    }

    static void countCreate(Kind k, String call) {
        CREATED.get(k).increment();
        if (call != null) {
            call(call);
        }
    }

    static void countRelease(Kind k) {
        RELEASED.get(k).increment();
    }

    static void call(String clFunctionName) {
        counter(clFunctionName).increment();
    }

    /**
     * The counter of {@code clFunctionName}'s calls ({@link #calls}), for a call site that counts every call: held in
     * a constant, it spares the site a map lookup per call (a launch counts two or three calls).
     */
    static LongAdder counter(String clFunctionName) {
        return CALLS.computeIfAbsent(clFunctionName, n -> new LongAdder());
    }
}
