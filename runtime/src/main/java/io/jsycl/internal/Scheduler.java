package io.jsycl.internal;

import io.jsycl.AccessMode;
import io.jsycl.Device;
import io.jsycl.Handler;
import io.jsycl.Queue;
import io.jsycl.SyclException;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.opencl.ClException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The scheduler's shared part and its design overview: the graph lock that orders the commands of
 * every queue, host access to buffers, and the threads host-device command groups run on. Each
 * queue's own part is its {@link QueueScheduler}.
 *
 * <p>The route of a submit. {@link Queue#submit} runs the command group function with a
 * {@link Handler}, which records it and, when the function returns, hands over an immutable
 * {@link CommandGroupRecord}: the kernel and its ranges, each buffer's storage and access mode, the
 * events it depends on, local memory, build flags. The queue's {@link QueueScheduler} takes the
 * record: {@link KernelLambdas} lowers the kernel (and checks its captures against the record's
 * accessors), {@link QueueKernels} composes the build options and gets the kernel from the
 * context's {@link io.jsycl.program.ProgramManager}, which builds it with OpenCL or finds it in its
 * caches; then, under {@link #LOCK}, the queue scheduler orders the command, has each buffer's
 * storage move its data (through a {@link CommandQueue}, which tests fake) and enqueues the kernel
 * on its OpenCL queue.
 *
 * <p>Design. Each buffer records its last writer and the readers since ({@link BufferUsers}, kept
 * by its {@link BufferStorage}); a command waits for the last writer of each buffer it reads and, if
 * it writes, for the readers too. Waits on OpenCL events of the same context become the enqueue's
 * wait list ({@link EventImpl#waitList}); waits on host work or on another context's events are done on
 * the submitting thread, before the command is recorded. On an in-order queue without profiling a
 * kernel is launched without an OpenCL event ({@link LazyLaunches}): commands of the same queue need
 * none, and any other waiter gets a marker on that queue. Where such a queue has a
 * {@link LaunchThread} (GPUs), a launch that waits for nothing but the queue's earlier commands, in a
 * burst of submits, is recorded and enqueued by that thread ({@link DeferredLaunch}). Which of these
 * a queue does is its queue scheduler's launch policy, fixed when the queue is made.
 *
 * <p>Thread safety: {@link #LOCK} serializes the graph updates of all queues (dependency
 * collection, data movement decisions, enqueue, recording the new event), so two command groups
 * on one buffer are ordered as they were submitted and every buffer of a command group sees the
 * same order. It is never held across a blocking wait. A submit runs in passes: each pass, under
 * the lock, collects the command's dependencies and asks each buffer what stands between it and
 * an enqueue that does not wait ({@code BufferStorage.readyFor*}). If nothing does, the pass
 * commits: it moves data with non-blocking enqueues, enqueues the command and records it. Else it
 * commits nothing but the transfers it started ({@link BufferTransfer}: a read-back into the host
 * array, an upload by map, each recorded as a reader of its buffer) and leaves a {@link Deferred}:
 * the submitting thread, with the lock released, waits for the host work or other context's
 * commands the command depends on and finishes those transfers, then runs the pass again. Commands
 * submitted by other threads meanwhile may go first, which is an order they could have been
 * submitted in. Lowering, program builds and kernel leases happen before the lock is taken. Lock
 * order: {@link #LOCK}, then a buffer's storage, then a queue scheduler's, an event's or
 * {@link LazyLaunches}' monitor, then a {@link LaunchThread}'s enqueue lock. A queue's read lock
 * (held by each submit, so that its close waits for submits under way) is the one lock a submit
 * holds while it waits; only that queue's close takes it exclusively.
 *
 * <p>Host-device command groups run asynchronously on their own threads ({@link #runOnHost}) once
 * the events they depend on complete; the validity of each buffer copy changes at submit, in
 * submission order. Where a device command needs data a host command group produces, the
 * submitting thread waits for that host work (OpenCL wait lists cannot hold it). A host accessor
 * ({@link #hostAccess}) takes part in the graph as such host work, from its open to its close.
 *
 * <p>Errors: lowering and build failures are thrown from {@code submit}, and so is the failure of
 * host work or of a transfer the submitting thread waited for; failures while a command runs
 * surface at {@link EventImpl#await()}, {@link Queue#await()} or a buffer's close.
 */
public final class Scheduler {
    /** The graph lock: held for graph updates and enqueues only, never across a wait (see above). */
    static final ReentrantLock LOCK = new ReentrantLock();
    /** Runs host-device command groups once their dependencies are met; each waits on its own thread. */
    private static final ExecutorService HOST_COMMANDS = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "jsycl-host-command");
        t.setDaemon(true);
        return t;
    });

    private Scheduler() {
    }

    /** Runs {@code command}, a host-device command group that first waits for its dependencies, on its own thread. */
    static void runOnHost(Runnable command) {
        HOST_COMMANDS.execute(command);
    }

    /**
     * A host access: the future its close completes, and the mapped copy it reads and writes, or
     * null where it uses the host array.
     */
    public record HostAccess(CompletableFuture<Void> open, BufferStorage.HostMapping mapping) {
    }

    /**
     * Opens host access to {@code storage}: orders it after the buffer's pending commands, brings
     * the contents to the host (or, where the storage allows it, maps a device copy for the host to
     * use directly: {@link BufferStorage#mapForHost}), and makes later command groups wait until
     * the returned future completes (the host accessor's close).
     */
    public static HostAccess hostAccess(BufferStorage storage) {
        storage.refuseHostAccessorOpenHere("buffer.hostAccess()", "already open", "a host accessor reads and writes,"
                + " so a second one would wait for the first forever: use the open one, or close it first");
        var open = new CompletableFuture<Void>();
        List<EventImpl> waits;
        BufferStorage.HostMapping mapping;
        while (true) {
            waits = new ArrayList<>();
            mapping = null;
            var deferred = new Deferred();
            boolean committed = false;
            Throwable failure = null;
            LOCK.lock();
            try {
                storage.collectDependencies(AccessMode.READ_WRITE, waits);
                mapping = storage.mapForHost(waits, deferred);
                if (mapping == null && deferred.isEmpty()) {
                    storage.readyForHost(AccessMode.READ_WRITE, deferred);
                    if (deferred.isEmpty()) {
                        storage.prepareHost(AccessMode.READ_WRITE);
                    }
                }
                if (deferred.isEmpty()) {
                    storage.recordUse(AccessMode.READ_WRITE, EventImpl.of(open));
                    storage.hostAccessorOpened(open);
                    committed = true;
                }
            } catch (RuntimeException | Error e) {
                failure = e;
            } finally {
                LOCK.unlock();
            }
            Deferred.runAfter(deferred, failure);
            if (committed) {
                break;
            }
        }
        try {
            if (mapping != null && mapping.ready != null) {
                try (var ready = mapping.ready) {
                    ready.await();
                }
            }
            for (EventImpl e : waits) {
                e.await();
            }
        } catch (RuntimeException | Error e) {
            if (mapping != null) {
                storage.unmapHost(mapping);
            }
            open.complete(null);
            throw e;
        }
        return new HostAccess(open, mapping);
    }

    /** The failure of enqueuing {@code lowered} on {@code device}, as submit and the launch thread report it. */
    static SyclException enqueueFailure(LoweredKernel lowered, Device device, ClException e) {
        return new SyclException("cannot enqueue kernel " + lowered.kernelName() + " on " + device.name() + ": "
                + e.getMessage(), e, e.status(), e.statusName());
    }
}
