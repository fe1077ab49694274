package io.jsycl.internal.event;

import io.jsycl.SyclException;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What an {@link io.jsycl.Event} is a handle to: a submitted command, by its OpenCL event, its place among
 * the launches of an in-order queue that have no event of their own ({@link LazyLaunches}), or its
 * host work. The scheduler, buffer transfers and USM commands order commands by these; the public
 * {@link io.jsycl.Event} only waits and reports status and profile.
 *
 * <p>A kernel launched on an in-order queue without profiling has no OpenCL event of its own: it
 * obtains one, a marker on that queue, when something needs it. Such a command's {@link #status()}
 * reports {@link io.jsycl.CommandStatus#SUBMITTED} until the marker completes.
 */
public final class EventImpl {
    /**
     * What the command's completion is known by, one kind per way a command runs: its OpenCL event, its place among
     * the launches of an in-order queue that have no event of their own, or a future of the JVM (host work, or a
     * fake's device command).
     */
    sealed interface Kind {
    }

    /** A command known by its OpenCL event, which this event owns. */
    private record OpenCl(ClEvent cl) implements Kind {
    }

    /** Launch {@code seq} of {@code launches}, enqueued without an OpenCL event. */
    private record Lazy(LazyLaunches launches, long seq) implements Kind {
    }

    /**
     * A command that completes with {@code done}: host work (a host accessor's access, a host-device command group)
     * where {@code hostWork}, else a device command known by its completion (a fake
     * {@link io.jsycl.internal.memory.CommandQueue}'s).
     */
    private record JvmFuture(CompletableFuture<Void> done, boolean hostWork) implements Kind {
    }

    /**
     * A command's timestamps in nanoseconds, as {@link io.jsycl.Event.Profile} reports them.
     *
     * @param submitNanos when the command was submitted to the device
     * @param startNanos when it started running
     * @param endNanos when it finished
     */
    public record Timestamps(long submitNanos, long startNanos, long endNanos) {
    }

    private final Kind kind;
    private final EventContext context;
    private final boolean profiling;
    /** The queue the command was enqueued on, if known: an OpenCL queue, or a fake command queue. */
    private Object origin;
    private volatile long hostSubmit;
    private volatile long hostStart;
    private volatile long hostEnd;
    // Guarded by this: a checked kernel's record, until the first wait reads it (outside the monitor: the read waits
    // on the transfer queue); then what it read, a failure or null, which concurrent waits wait for.
    private CheckRecord check;
    private CompletableFuture<RuntimeException> checkFailure;
    // Guarded by this: whether the command's failure (a checked kernel's or the host work's) was thrown already.
    private boolean failureDelivered;
    // Guarded by this: the public handle, made on first use, so that one command has one io.jsycl.Event.
    private Object handle;
    /** The kernel the command ran, as its source names it (asked for only when someone wants it), or null. */
    private volatile Supplier<String> kernel;
    /** What the command is, as a wait that lasts names it ({@link #describedAs}), or null. */
    private volatile Supplier<String> described;
    /** What usually keeps a wait for it from ending, where {@link #describedAs} said; else null. */
    private volatile String describedCause;

    private EventImpl(Kind kind, EventContext context, boolean profiling) {
        this.kind = kind;
        this.context = context;
        this.profiling = profiling;
    }

    /** An event owning {@code cl}: the OpenCL event is released once neither this event nor a wait list holds it. */
    public static EventImpl of(ClEvent cl, EventContext context, boolean profiling) {
        return of(cl, context, profiling, null);
    }

    /** As above, for a command enqueued on {@code origin} (which orders later commands if it is in order). */
    public static EventImpl of(ClEvent cl, EventContext context, boolean profiling, ClCommandQueue origin) {
        var event = new EventImpl(new OpenCl(cl), context, profiling);
        event.origin = origin;
        cl.releaseWhenUnreachable();
        return event;
    }

    /** The event of launch {@code seq} of {@code lazy}, enqueued without an OpenCL event. */
    public static EventImpl lazy(LazyLaunches lazy, long seq, EventContext context) {
        var event = new EventImpl(new Lazy(lazy, seq), context, false);
        event.origin = lazy.queue();
        return event;
    }

    /**
     * The event of a device command of {@code context} that completes with {@code done}, enqueued on
     * {@code origin}: what a {@link io.jsycl.internal.memory.CommandQueue} without OpenCL events (a fake) gives. It is not host
     * work: a command of the same context lists it in its wait list.
     */
    public static EventImpl command(CompletableFuture<Void> done, EventContext context, Object origin) {
        var event = new EventImpl(new JvmFuture(done, false), context, false);
        event.origin = origin;
        return event;
    }

    /** An event for work done on the JVM. */
    public static EventImpl of(CompletableFuture<Void> host) {
        return new EventImpl(new JvmFuture(host, true), null, false);
    }

    /** An event for work done on the JVM that records its times for {@link #profile()}. */
    public static EventImpl profiled(CompletableFuture<Void> host) {
        var e = new EventImpl(new JvmFuture(host, true), null, true);
        e.hostSubmit = System.nanoTime();
        return e;
    }

    /** Host work of a profiled event: records when it started and ended. */
    public void hostStarted() {
        hostStart = System.nanoTime();
    }

    public void hostEnded() {
        hostEnd = System.nanoTime();
    }

    /** An event that is already complete. */
    public static EventImpl completed() {
        return new EventImpl(new JvmFuture(CompletableFuture.completedFuture(null), true), null, false);
    }

    /**
     * Waits for the command; throws the error it failed with, once: the first wait that sees a failed checked kernel
     * or failed host work throws it (an event's {@link #awaitEveryTime()}, {@link io.jsycl.Queue#await()}, or the close of a
     * buffer the command wrote), later waits return normally. The runtime's own waits and the queue-wide wait use it,
     * so that one failure is reported once (SYCL's {@code wait_and_throw}).
     */
    public void await() {
        await(false);
    }

    /**
     * Waits for the command; throws the error it failed with on every call, as {@link java.util.concurrent.Future#get}
     * does ({@link io.jsycl.Event#await()}): the first throw that delivers the failure throws it as it was made, every later
     * one a fresh exception of the same class and message, made on the caller's thread (its stack shows the caller),
     * with the original as its cause. It counts as the delivery of the failure for {@link #await()}.
     */
    public void awaitEveryTime() {
        await(true);
    }

    private void await(boolean everyTime) {
        try (var watch = knownDone() ? null : WaitWatch.start(this::describeForWait, causeForWait())) {
            awaitWatched(everyTime);
        }
    }

    /**
     * True for a kernel launched without an OpenCL event ({@link LazyLaunches}): a wait for it is a {@code clFinish}
     * of its queue, which also waits for every command enqueued on the queue since.
     */
    public boolean launchedWithoutEvent() {
        return kind instanceof Lazy;
    }

    /** Whether the command is known complete without asking the driver (a wait for it returns at once). */
    private boolean knownDone() {
        return switch (kind) {
            case Lazy(LazyLaunches launches, long seq) -> launches.isComplete(seq);
            case JvmFuture(CompletableFuture<Void> done, boolean hostWork) -> done.isDone();
            case OpenCl ignored -> false;
        };
    }

    /**
     * Names what this event stands for, for a wait that lasts ({@link WaitWatch}): where the command was described
     * ({@link #describedAs}), that; else its kernel and source line where it ran one; else the kind of command.
     */
    public void describedAs(Supplier<String> what, String cause) {
        this.described = what;
        this.describedCause = cause;
    }

    private String describeForWait() {
        Supplier<String> d = described;
        if (d != null) {
            return d.get();
        }
        Supplier<String> k = kernel;
        if (k != null) {
            return "kernel " + k.get();
        }
        return kind instanceof JvmFuture(CompletableFuture<Void> done, boolean hostWork) && hostWork
                ? "host work (a host accessor's access)" : "a command (a copy or fill)";
    }

    private String causeForWait() {
        String cause = describedCause;
        if (cause != null) {
            return cause;
        }
        return kernel == null && kind instanceof JvmFuture(CompletableFuture<Void> done, boolean hostWork) && hostWork
                ? WaitWatch.HOST_ACCESS_CAUSE : WaitWatch.KERNEL_CAUSE;
    }

    private void awaitWatched(boolean everyTime) {
        Throwable failure;
        switch (kind) {
            case Lazy(LazyLaunches launches, long seq) -> {
                launches.await(seq);
                return;
            }
            case OpenCl(ClEvent cl) -> {
                try {
                    cl.await();
                } catch (ClException e) {
                    throw new SyclException("command failed on the device: " + e.getMessage(), e, e.status(),
                            e.statusName());
                }
                failure = checkResult();
            }
            case JvmFuture(CompletableFuture<Void> done, boolean hostWork) -> {
                try {
                    HostFutures.await(done, "waiting for a command", "command failed");
                    return;
                } catch (RuntimeException | Error e) {
                    if (!done.isCompletedExceptionally()) {
                        throw e; // the wait itself failed (an interrupt), not the command
                    }
                    // An Error too (a kernel's LinkageError on the host device): delivered once, then fresh copies,
                    // or a try-with-resources that closes a buffer of the failed command throws it twice.
                    failure = e;
                }
            }
        }
        if (failure == null) {
            return;
        }
        if (firstDelivery()) {
            throw unchecked(failure);
        }
        if (everyTime) {
            throw unchecked(again(failure));
        }
    }

    /** {@code failure}, a RuntimeException or an Error, to throw: an Error is thrown here. */
    private static RuntimeException unchecked(Throwable failure) {
        if (failure instanceof Error e) {
            throw e;
        }
        return (RuntimeException) failure;
    }

    /**
     * A fresh exception for a failure thrown before: the same class and message where the class has a public
     * constructor taking a message (every exception a kernel or the runtime throws does, and the JVM's errors),
     * with {@code failure} as its cause; else {@code failure} itself.
     */
    static Throwable again(Throwable failure) {
        if (failure instanceof SyclException se) {
            return new SyclException(se.getMessage(), se, se.status(), se.statusName());
        }
        Throwable copy;
        try {
            copy = failure.getClass().getConstructor(String.class).newInstance(failure.getMessage());
            copy.initCause(failure);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return failure; // a class that cannot be made again (not public, no such constructor, a cause fixed)
        }
        return copy;
    }

    /**
     * Counts the failure as delivered: its thrower reports it itself (a transfer's failure is thrown by the submit,
     * close or host accessor that ran it), so {@link #await()} does not report it a second time, and a
     * try-with-resources block never sees one exception thrown twice ("Self-suppression not permitted").
     */
    public synchronized void failureThrownByItsRunner() {
        failureDelivered = true;
    }

    /** True the first time a failure of this command is about to be thrown. */
    private synchronized boolean firstDelivery() {
        boolean first = !failureDelivered;
        failureDelivered = true;
        return first;
    }

    /**
     * Where the command stands now.
     *
     * @return the command's status now
     */
    public CommandStatus status() {
        return switch (kind) {
            case Lazy(LazyLaunches launches, long seq) -> launches.status(seq);
            case OpenCl(ClEvent cl) -> {
                int s = cl.executionStatus();
                yield s < 0 ? CommandStatus.FAILED : switch (s) {
                    // A checked kernel that recorded a failure ran to its end on the device, but failed.
                    case 0 -> hasCheck() && checkResult() != null ? CommandStatus.FAILED : CommandStatus.COMPLETE;
                    case 1 -> CommandStatus.RUNNING;
                    default -> CommandStatus.SUBMITTED;
                };
            }
            case JvmFuture(CompletableFuture<Void> done, boolean hostWork) -> !done.isDone() ? CommandStatus.RUNNING
                    : done.isCompletedExceptionally() ? CommandStatus.FAILED : CommandStatus.COMPLETE;
        };
    }

    /**
     * The command's device timestamps. Waits for the command.
     *
     * @return the submit, start and end timestamps
     * @throws IllegalStateException if the queue was made without {@link io.jsycl.QueueProperty#ENABLE_PROFILING}
     */
    public Timestamps profile() {
        if (!profiling) {
            throw new IllegalStateException("event.profile() needs a queue made with QueueProperty.ENABLE_PROFILING");
        }
        await();
        if (kind instanceof OpenCl(ClEvent cl)) {
            return new Timestamps(cl.profileSubmit(), cl.profileStart(), cl.profileEnd());
        }
        return new Timestamps(hostSubmit, hostStart, hostEnd);
    }

    /**
     * Names the kernel this command runs: {@code source} gives it as its source names it ({@code
     * VectorAdd.lambda$add$0 (VectorAdd.java:42)}), asked for only by {@link #kernel()}.
     */
    public void ranKernel(Supplier<String> source) {
        this.kernel = source;
    }

    /** The kernel this command ran, as its source names it, or null for a command that runs none (a copy, a fill). */
    public String kernel() {
        var k = kernel;
        return k == null ? null : k.get();
    }

    /** Makes {@link #await()} read {@code c} once the command ran and throw what it recorded. */
    public synchronized void checkAfterwards(CheckRecord c) {
        this.check = c;
    }

    private synchronized boolean hasCheck() {
        return check != null || checkFailure != null;
    }

    private RuntimeException checkResult() {
        CheckRecord c = null;
        CompletableFuture<RuntimeException> result;
        synchronized (this) {
            if (checkFailure == null) {
                if (check == null) {
                    return null;
                }
                c = check;
                check = null;
                checkFailure = new CompletableFuture<>();
            }
            result = checkFailure;
        }
        if (c != null) {
            try {
                result.complete(c.read());
            } catch (RuntimeException | Error e) {
                result.completeExceptionally(e);
                throw e;
            }
        }
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SyclException("interrupted while waiting for a checked kernel's record", e);
        } catch (ExecutionException e) {
            throw HostFutures.rethrow(e.getCause(), "reading a checked kernel's record failed");
        }
    }

    /**
     * The OpenCL event to put in a wait list, or null for host work. A launch without an event gets
     * a marker on its queue now (null if it is known complete: nothing to wait for).
     */
    public ClEvent cl() {
        return switch (kind) {
            case OpenCl(ClEvent cl) -> cl;
            case JvmFuture f -> null;
            case Lazy(LazyLaunches launches, long seq) -> {
                if (launches.isComplete(seq)) {
                    yield null;
                }
                LazyLaunches.Marker m = launches.markerFor(seq);
                yield m == null ? null : m.cl; // null: the queue is closed, await() gives the outcome
            }
        };
    }

    /** True if this is host work (a host accessor's access, a host-device command group), not an OpenCL command. */
    public boolean isHostWork() {
        return kind instanceof JvmFuture(CompletableFuture<Void> done, boolean hostWork) && hostWork;
    }

    /**
     * True if this command is known to have completed without failing, without a wait and without enqueuing
     * anything: a later command has nothing to wait for in it, nor a failure to take from it. Host work or a command
     * whose future completed normally; an OpenCL command whose event reports {@code CL_COMPLETE} (the driver is asked
     * until it does, then the answer is kept), unless it is a checked kernel; a launch without an event of its own that
     * a wait or marker of its queue found complete, no launch of that queue having failed.
     */
    public boolean succeeded() {
        return switch (kind) {
            case Lazy(LazyLaunches launches, long seq) -> launches.succeeded(seq);
            case OpenCl(ClEvent cl) -> !hasCheck() && cl.executionStatus() == 0;
            case JvmFuture(CompletableFuture<Void> done, boolean hostWork) -> done.isDone()
                    && !done.isCompletedExceptionally();
        };
    }

    /** True if this is a launch without an OpenCL event of its own. */
    public boolean isLazy() {
        return kind instanceof Lazy;
    }

    /**
     * True if waiting for this event also waits for {@code earlier}: both are launches without an
     * event on the same in-order queue, this one enqueued later (any marker for it covers both).
     */
    public boolean covers(EventImpl earlier) {
        return kind instanceof Lazy(LazyLaunches launches, long seq)
                && earlier.kind instanceof Lazy(LazyLaunches earlierLaunches, long earlierSeq)
                && earlierLaunches == launches && earlierSeq <= seq;
    }

    /** The queue the command was enqueued on (an OpenCL queue, or a fake), or null. */
    public Object origin() {
        return origin;
    }

    /** The context of the OpenCL event, or null for host work. */
    public EventContext context() {
        return context;
    }

    /** True if the command has finished (or failed). A launch without an event answers without asking OpenCL. */
    public boolean isDone() {
        return switch (kind) {
            case Lazy(LazyLaunches launches, long seq) -> launches.isComplete(seq);
            case OpenCl(ClEvent cl) -> cl.executionStatus() <= 0;
            case JvmFuture(CompletableFuture<Void> done, boolean hostWork) -> done.isDone();
        };
    }

    /**
     * The OpenCL events of {@code waits} that belong to {@code context}; every other event (host
     * work, another context's command) is waited for here, since OpenCL wait lists cannot hold it.
     * Under the scheduler's graph lock those have completed already ({@link io.jsycl.internal.memory.Deferred#pending}), so
     * nothing waits there. Buffer transfers, USM commands and kernel launches build their wait
     * lists here.
     */
    public static List<ClEvent> waitList(List<EventImpl> waits, EventContext context) {
        return waitList(waits, context, null);
    }

    /**
     * As above, for a command enqueued on {@code inOrder}, an in-order queue (or null): commands
     * enqueued earlier on it are ordered before anyway, so they are left out of the wait list.
     */
    public static List<ClEvent> waitList(List<EventImpl> waits, EventContext context, ClCommandQueue inOrder) {
        // Always an ArrayList, also when empty: the launch path's calls on the list then see one class, and a
        // program's first wait list of another class does not make the JIT drop the compiled submit path.
        var list = new ArrayList<ClEvent>(waits.size());
        for (EventImpl e : waits) {
            if (e.orderedBy(inOrder)) {
                continue;
            }
            ClEvent cl = e.context() == context ? e.cl() : null;
            if (cl != null) {
                list.add(cl);
            } else {
                e.await();
            }
        }
        return list;
    }

    /**
     * The events of {@code waits} that a command of {@code context} enqueued on {@code inOrder} (an
     * in-order queue, or null) lists in its wait list, as {@link #waitList} decides, kept as the
     * runtime's events for a {@link io.jsycl.internal.memory.CommandQueue} whose commands take those (a fake); every other
     * event (host work, another context's command) is waited for here.
     */
    public static List<EventImpl> joinable(List<EventImpl> waits, EventContext context, Object inOrder) {
        var list = new ArrayList<EventImpl>(waits.size());
        for (EventImpl e : waits) {
            if (e.orderedBy(inOrder)) {
                continue;
            }
            if (!e.isHostWork() && e.context == context) {
                list.add(e);
            } else {
                e.await();
            }
        }
        return list;
    }

    /**
     * The public handle of this command, one per command: made by {@code make} on first use.
     *
     * @param make makes a handle over this command (the API layer's one factory of events)
     * @return the command's {@link io.jsycl.Event}, which the API layer that made it casts back
     */
    public synchronized Object handle(Function<EventImpl, ?> make) {
        if (handle == null) {
            handle = make.apply(this);
        }
        return handle;
    }

    /**
     * True if this command was enqueued on {@code inOrder}, an in-order queue (or null), which orders it before every
     * later command of that queue: such a command need not wait for it.
     */
    public boolean orderedBy(Object inOrder) {
        return inOrder != null && origin == inOrder;
    }
}
