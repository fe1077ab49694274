package io.jsycl.internal.memory;

import io.jsycl.internal.event.EventImpl;
import java.util.ArrayList;
import java.util.List;

/**
 * What a pass of the scheduler under its lock found it cannot do there without blocking: events to
 * wait for, and transfers it started that need the host once a device command has completed (see
 * {@link BufferTransfer}). The submitting thread runs them with {@link #run()} after
 * releasing the lock, then runs the pass again; a pass that deferred anything committed nothing
 * but the transfers it started.
 */
public final class Deferred {
    private final List<EventImpl> events = new ArrayList<>();
    private final List<BufferTransfer> transfers = new ArrayList<>();

    /** Waits for {@code e} outside the lock. */
    void await(EventImpl e) {
        events.add(e);
    }

    /** Finishes {@code t}, started under the lock, outside it. */
    void finish(BufferTransfer t) {
        transfers.add(t);
    }

    public boolean isEmpty() {
        return events.isEmpty() && transfers.isEmpty();
    }

    /**
     * Whether {@code waits} holds an event that an OpenCL wait list of {@code context} cannot hold
     * (host work, a command of another context) and that has not completed: such events are deferred.
     * Those that have completed are awaited here, which returns at once or throws what their command
     * failed with, as the wait for them would have.
     */
    public boolean pending(List<EventImpl> waits, ContextImpl context) {
        boolean pending = false;
        for (EventImpl e : waits) {
            if (!e.isHostWork() && e.context() == context) {
                continue;
            }
            if (e.isDone()) {
                e.await();
            } else {
                events.add(e);
                pending = true;
            }
        }
        return pending;
    }

    /**
     * Outside the lock: finishes every transfer (each one also when another failed, since later
     * commands wait for it), then waits for every event; throws the first failure.
     */
    void run() {
        Throwable failure = BufferTransfer.finishAll(transfers);
        for (EventImpl e : events) {
            try {
                e.await();
            } catch (RuntimeException | Error ex) {
                failure = first(failure, ex);
            }
        }
        rethrow(failure);
    }

    /**
     * Runs {@code deferred} after a pass that failed with {@code failure} (or null) and throws the
     * pass's failure, else the deferred work's.
     */
    public static void runAfter(Deferred deferred, Throwable failure) {
        try {
            deferred.run();
        } catch (RuntimeException | Error e) {
            failure = first(failure, e);
        }
        rethrow(failure);
    }

    static Throwable first(Throwable failure, Throwable next) {
        if (failure == null) {
            return next;
        }
        if (failure != next) {
            failure.addSuppressed(next);
        }
        return failure;
    }

    static void rethrow(Throwable failure) {
        if (failure instanceof RuntimeException re) {
            throw re;
        }
        if (failure instanceof Error err) {
            throw err;
        }
    }
}
