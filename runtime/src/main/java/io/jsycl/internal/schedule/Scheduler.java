package io.jsycl.internal.schedule;

import io.jsycl.AccessMode;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.event.WaitWatch;
import io.jsycl.internal.event.GraphLock;
import io.jsycl.internal.memory.BufferStorage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The scheduler's shared part: the graph lock that orders the commands of every queue, host access to buffers, and
 * the threads host-device command groups run on. Each queue's own part is its {@link QueueScheduler}. The design
 * overview (the route of a submit, thread safety, lock order, errors) is this package's documentation.
 */
public final class Scheduler {
    /** The graph lock: held for graph updates and enqueues only, never across a wait (see above). */
    public static final ReentrantLock LOCK = GraphLock.LOCK;
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
     * Opens host access to {@code storage} with {@code mode} ({@code READ} or {@code READ_WRITE}): orders it after the
     * buffer's pending commands (for a read, after those that write it), brings the contents to the host (or, where
     * the storage allows it, maps a device copy for the host to use directly: {@link BufferStorage#mapForHost}), and
     * makes later command groups wait until the returned future completes (the host accessor's close): every later
     * command for a read-write access, those that write the buffer for a read, which leaves the device copies
     * current.
     */
    public static HostAccess hostAccess(BufferStorage storage, AccessMode mode) {
        storage.refuseHostAccessorOpenHere(mode == AccessMode.READ ? "buffer.hostRead()" : "buffer.hostAccess()",
                "already open", "one host accessor of a buffer at a time on a thread (one that writes would wait"
                + " for the open one forever): use the open one, or close it first");
        return openHostAccess(storage, true, mode).await();
    }

    /**
     * The first half of {@link #hostAccess}, which waits for nothing: from now on later command groups and host
     * accesses of {@code storage} wait for the returned access's {@code open} future, and the access itself is ready
     * once {@link PendingHostAccess#await} has waited for the commands before it. For host work that runs later on
     * another thread, in the order of the calls that opened it.
     *
     * @param onThisThread whether the calling thread holds the access (a host accessor: a call on this thread that
     *     would wait for it is refused, as it would wait forever), not a thread it hands the access to
     */
    public static PendingHostAccess openHostAccess(BufferStorage storage, boolean onThisThread) {
        return openHostAccess(storage, onThisThread, AccessMode.READ_WRITE);
    }

    /** {@link #openHostAccess(BufferStorage, boolean)} with {@code mode}, {@code READ} or {@code READ_WRITE}. */
    public static PendingHostAccess openHostAccess(BufferStorage storage, boolean onThisThread, AccessMode mode) {
        if (mode != AccessMode.READ && mode != AccessMode.READ_WRITE) {
            throw new IllegalArgumentException("a host access reads, or reads and writes: " + mode);
        }
        var open = new CompletableFuture<Void>();
        return Passes.run((deferred, first) -> {
            var waits = new ArrayList<EventImpl>();
            storage.collectDependencies(mode, waits);
            BufferStorage.HostMapping mapping = storage.mapForHost(waits, deferred, mode != AccessMode.READ);
            if (mapping == null && deferred.isEmpty()) {
                storage.readyForHost(mode, deferred);
                if (deferred.isEmpty()) {
                    storage.prepareHost(mode);
                    if (storage.overHostMemory()) {
                        mapping = storage.hostMemoryView(); // the host copy is memory, not a Java array
                    }
                }
            }
            if (!deferred.isEmpty()) {
                return null;
            }
            EventImpl access = EventImpl.of(open);
            if (onThisThread) {
                String holder = Thread.currentThread().getName();
                access.describedAs(() -> "the host accessor of " + storage + " that thread '" + holder + "' holds open"
                        + " (a later command or host access of the buffer waits until it is closed)",
                        WaitWatch.HOST_ACCESS_CAUSE);
            }
            storage.recordUse(mode, access);
            if (onThisThread) {
                storage.hostAccessorOpened(open);
            }
            return new PendingHostAccess(storage, open, waits, mapping);
        });
    }

    /**
     * A host access opened ({@link #openHostAccess}) but not yet waited for: what it waits for, its mapping or null.
     * Its {@code open} future must complete in the end, ready or not, or later users of the buffer wait forever.
     */
    public record PendingHostAccess(BufferStorage storage, CompletableFuture<Void> open, List<EventImpl> waits,
            BufferStorage.HostMapping mapping) {
        /** Waits for the commands before the access; on a failure closes it (completes {@code open}) and throws. */
        public HostAccess await() {
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
    }
}
