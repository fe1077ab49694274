package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/** An OpenCL event (of an enqueued command, or a user event); {@link #close()} releases it once. */
public final class ClEvent implements AutoCloseable {
    private static final LongAdder WAIT_CALLS = ClObjects.counter("clWaitForEvents");
    private static final LongAdder GET_INFO_CALLS = ClObjects.counter("clGetEventInfo");

    private static final System.Logger LOG = System.getLogger(ClEvent.class.getName());
    private static final Cleaner CLEANER = Cleaner.create();

    private final NativeRef ref;
    /**
     * The command's final execution status once a query has seen it end ({@code CL_COMPLETE} or a negative error),
     * else {@link #RUNNING_OR_EARLIER}: a status that has ended never changes, so later queries need no call into the
     * driver (the scheduler asks whether the events of a buffer's readers are done at every command that uses it).
     */
    private volatile int ended = RUNNING_OR_EARLIER;
    private static final int RUNNING_OR_EARLIER = Integer.MAX_VALUE;

    ClEvent(MemorySegment handle, String createCall) {
        this.ref = new NativeRef(handle, ClObjects.Kind.EVENT, createCall, "clReleaseEvent", cl_h::clReleaseEvent);
    }

    /**
     * A user event of {@code ctx}, completed by {@link #setUserEventStatus(int)}.
     *
     * @param ctx the context the event belongs to; commands of its queues may wait on it
     * @return the new event, {@code CL_SUBMITTED} until its status is set; the caller closes it
     * @throws ClException when {@code clCreateUserEvent} fails
     */
    public static ClEvent userEvent(ClContext ctx) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(JAVA_INT);
            MemorySegment h = cl_h.clCreateUserEvent(ctx.handle(), err);
            ClStatus.check(err.get(JAVA_INT, 0), "clCreateUserEvent");
            return new ClEvent(h, "clCreateUserEvent");
        }
    }

    /**
     * Sets a user event's status: {@code CL_COMPLETE} (0) or a negative error.
     *
     * @param status 0 to complete the event, or a negative value to fail it (and the commands waiting on it); set once
     * @throws ClException when {@code clSetUserEventStatus} fails, e.g. on a status set twice or a non-user event
     */
    public void setUserEventStatus(int status) {
        ClStatus.check(cl_h.clSetUserEventStatus(handle(), status), "clSetUserEventStatus");
    }

    /**
     * Releases the event once this object is unreachable, for an event that several owners share or that
     * escapes to users; {@link #close()} still releases it earlier. Tied to this object rather than to an
     * owner, so a wait list holding the event keeps it alive.
     *
     * @return this event
     */
    public ClEvent releaseWhenUnreachable() {
        CLEANER.register(this, ref::close);
        return this;
    }

    /**
     * Waits for the command ({@code clWaitForEvents}, counted in {@link ClObjects#calls}); throws {@link ClException}
     * when it ended with a negative execution status. Once a wait or a query has seen the command end, a wait makes
     * no call into the driver: a reduction part's event is waited for by the queue, the command's completion and its
     * combine, each wait a few microseconds on NVIDIA's driver while the devices idle at the end of a burst.
     */
    public void await() {
        awaitAll(List.of(this));
    }

    /**
     * Waits for every command of {@code events} with one {@code clWaitForEvents} call (counted once in
     * {@link ClObjects#calls}), leaving out the events already seen to end; the events must belong to one context.
     * Throws {@link ClException} when a command ended with a negative execution status.
     *
     * @param events the events to wait for; nothing happens when empty
     */
    public static void awaitAll(List<ClEvent> events) {
        var running = new ArrayList<ClEvent>(events.size());
        for (ClEvent e : events) {
            e.handle(); // refused once closed, ended or not, as a call would be
            if (e.ended == RUNNING_OR_EARLIER) {
                running.add(e);
            }
        }
        int status = cl_h.CL_SUCCESS();
        if (!running.isEmpty()) {
            WAIT_CALLS.increment();
            if (running.size() <= CallScratch.WAITS) {
                status = waitFor(running, CallScratch.FOR_THREAD.get().waitList(running));
            } else {
                try (Arena a = Arena.ofConfined()) {
                    status = waitFor(running, ClInfo.waitList(a, running));
                }
            }
        }
        for (ClEvent e : events) {
            int exec = e.executionStatus();
            if (exec < 0) {
                throw new ClException("command of event " + e.handle(), exec, "the command terminated abnormally");
            }
        }
        ClStatus.check(status, "clWaitForEvents");
    }

    /** {@code clWaitForEvents} on {@code list}, the handles of {@code events}, timed into the thread's waits. */
    private static int waitFor(List<ClEvent> events, MemorySegment list) {
        long start = System.nanoTime();
        int status = cl_h.clWaitForEvents(events.size(), list);
        ClObjects.waited(start);
        return status;
    }

    /**
     * {@code CL_COMPLETE} (0), {@code CL_RUNNING}, {@code CL_SUBMITTED}, {@code CL_QUEUED}, or a negative error.
     *
     * <p>Once a query has seen the command end, the answer is kept: later calls return it without calling
     * {@code clGetEventInfo} (nor counting it in {@link ClObjects#calls}).
     *
     * @return the command's execution status now ({@code CL_RUNNING} 1, {@code CL_SUBMITTED} 2, {@code CL_QUEUED} 3)
     * @throws ClException when {@code clGetEventInfo} fails
     */
    public int executionStatus() {
        int known = ended;
        if (known != RUNNING_OR_EARLIER) {
            return known;
        }
        GET_INFO_CALLS.increment();
        int status = ClInfo.int32(info(), cl_h.CL_EVENT_COMMAND_EXECUTION_STATUS(), "clGetEventInfo");
        if (status <= 0) {
            ended = status;
        }
        return status;
    }

    private ClInfo.Query info() {
        MemorySegment h = handle();
        return (p, size, value, sizeRet) -> cl_h.clGetEventInfo(h, p, size, value, sizeRet);
    }

    private long profile(int param) {
        MemorySegment h = handle();
        return ClInfo.int64((p, size, value, sizeRet) -> cl_h.clGetEventProfilingInfo(h, p, size, value, sizeRet),
                param, "clGetEventProfilingInfo");
    }

    /**
     * When the command was enqueued ({@code CL_PROFILING_COMMAND_QUEUED}); the queue must have profiling enabled.
     *
     * @return the device timer in nanoseconds
     * @throws ClException when profiling information is not available, e.g. {@code CL_PROFILING_INFO_NOT_AVAILABLE}
     *         before completion or without a profiling queue
     */
    public long profileQueued() {
        return profile(cl_h.CL_PROFILING_COMMAND_QUEUED());
    }

    /**
     * When the command was submitted to the device ({@code CL_PROFILING_COMMAND_SUBMIT}).
     *
     * @return the device timer in nanoseconds, at or after {@link #profileQueued()}
     * @throws ClException when profiling information is not available, e.g. {@code CL_PROFILING_INFO_NOT_AVAILABLE}
     *         before completion or without a profiling queue
     */
    public long profileSubmit() {
        return profile(cl_h.CL_PROFILING_COMMAND_SUBMIT());
    }

    /**
     * When the command started running ({@code CL_PROFILING_COMMAND_START}).
     *
     * @return the device timer in nanoseconds, at or after {@link #profileSubmit()}
     * @throws ClException when profiling information is not available, e.g. {@code CL_PROFILING_INFO_NOT_AVAILABLE}
     *         before completion or without a profiling queue
     */
    public long profileStart() {
        return profile(cl_h.CL_PROFILING_COMMAND_START());
    }

    /**
     * When the command finished ({@code CL_PROFILING_COMMAND_END}).
     *
     * @return the device timer in nanoseconds, at or after {@link #profileStart()}
     * @throws ClException when profiling information is not available, e.g. {@code CL_PROFILING_INFO_NOT_AVAILABLE}
     *         before completion or without a profiling queue
     */
    public long profileEnd() {
        return profile(cl_h.CL_PROFILING_COMMAND_END());
    }

    /**
     * Runs {@code r} on an OpenCL thread when the command completes (or fails). Exceptions thrown by {@code r} are
     * logged, never propagated into native code.
     *
     * @param r the action; it should be short, must not block on this queue's commands, and must not enqueue or wait
     *        (a driver may run it inside another OpenCL call of the same thread, whose {@code CallScratch} it would
     *        overwrite)
     * @throws ClException when {@code clSetEventCallback} fails
     */
    public void onComplete(Runnable r) {
        long id = Callbacks.NEXT.incrementAndGet();
        Callbacks.PENDING.put(id, r);
        int status = cl_h.clSetEventCallback(handle(), cl_h.CL_COMPLETE(), Callbacks.STUB, MemorySegment.ofAddress(id));
        if (status != 0) {
            Callbacks.PENDING.remove(id);
            ClStatus.check(status, "clSetEventCallback");
        }
    }

    /** One upcall stub for every callback; the user data is a key into {@link #PENDING}. */
    @SuppressWarnings("restricted") // the upcall stub is the point of this class
    private static final class Callbacks {
        static final AtomicLong NEXT = new AtomicLong();
        static final Map<Long, Runnable> PENDING = new ConcurrentHashMap<>();
        static final MemorySegment STUB;

        static {
            try {
                STUB = Linker.nativeLinker().upcallStub(
                        MethodHandles.lookup().findStatic(Callbacks.class, "fire",
                                MethodType.methodType(void.class, MemorySegment.class, int.class, MemorySegment.class)),
                        FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT, ADDRESS), Arena.global());
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private static void fire(MemorySegment event, int status, MemorySegment userData) {
            Runnable r = PENDING.remove(userData.address());
            if (r == null) {
                return;
            }
            try {
                r.run();
            } catch (Throwable t) {
                LOG.log(System.Logger.Level.ERROR, "event completion callback failed", t);
            }
        }
    }

    /**
     * The native {@code cl_event}, for calls through the bindings.
     *
     * @return the handle, owned by this object (do not release it)
     * @throws IllegalStateException when this event is closed
     */
    public MemorySegment handle() {
        return ref.get();
    }

    @Override
    public void close() {
        ref.close();
    }
}
