package io.jsycl.internal.memory;

import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.event.GraphLock;
import io.jsycl.internal.event.HostFutures;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The end of a buffer's storage, and of its copy in a context that closes: what must finish before the copies'
 * memory is freed, and the write-back into the user's array.
 *
 * <p>Each method marks or removes what it ends under the scheduler's lock ({@link GraphLock}) and the storage's
 * monitor, in that order (the order of {@link BufferStorage}), collects the commands and transfers still using the
 * buffer, and waits for them with no lock held; memory is freed after the wait, outside both.
 */
final class BufferClose {
    private BufferClose() {
    }

    /**
     * Called by a closing context: brings the contents home if only that context had them, then frees its copy once
     * the commands using the buffer are done. Waits with no lock held; where the buffer is closing, waits for its
     * close instead, which frees every copy.
     */
    static void dropContext(BufferStorage s, ContextImpl context) {
        while (true) {
            var deferred = new Deferred();
            DeviceCopy copy = null;
            List<EventImpl> running = null;
            boolean closing = false;
            Throwable failure = null;
            GraphLock.LOCK.lock();
            try {
                synchronized (s) {
                    closing = s.closed;
                    copy = closing ? null : s.copies.get(context);
                    if (copy != null && (!(copy.valid || copy.pinnedValid || s.holdsRowsOnly(context))
                            || s.hostArrayReady(deferred))) {
                        s.copies.remove(context); // no later command uses it; the ones under way are awaited below
                        if (s.distribution != null) {
                            s.distribution.drop(context);
                        }
                        running = running(s);
                    }
                }
            } catch (RuntimeException | Error e) {
                failure = e;
            } finally {
                GraphLock.LOCK.unlock();
            }
            Deferred.runAfter(deferred, failure);
            if (closing) {
                HostFutures.await(s.released, "waiting for a buffer's close", "closing a buffer failed");
                return;
            }
            if (copy == null) {
                return;
            }
            if (running != null) {
                try {
                    Deferred.rethrow(BufferUsers.awaitAll(running));
                } finally {
                    copy.release(context, s);
                }
                return;
            }
        }
    }

    /** Every command and transfer that uses the buffer and may still run. */
    private static List<EventImpl> running(BufferStorage s) {
        var all = new ArrayList<EventImpl>();
        s.users.addAll(all);
        for (EventImpl e : new EventImpl[] {s.stagingUse, s.hostReady}) {
            if (e != null) {
                all.add(e);
            }
        }
        return all;
    }

    /** Waits for every command using the buffer (a sub-buffer's close); nothing if it is closed. */
    static void awaitCommands(BufferStorage s) {
        s.refuseHostAccessorOpenHere("Buffer.close() of a sub-buffer", "still open",
                "the close would wait for it forever: close the host accessor first");
        List<EventImpl> running;
        synchronized (s) {
            if (s.closed) {
                return;
            }
            running = running(s);
        }
        Deferred.rethrow(BufferUsers.awaitAll(running));
    }

    /**
     * Waits for every command using the buffer, writes back, frees device memory. Safe to call twice. Marks the
     * buffer closed under the scheduler's lock (no command group starts using it after that) and waits with no lock
     * held.
     */
    static void close(BufferStorage s) {
        s.refuseHostAccessorOpenHere("Buffer.close()", "still open",
                "the close would wait for it forever: close the host accessor first");
        List<EventImpl> running;
        GraphLock.LOCK.lock();
        try {
            synchronized (s) {
                if (s.closed) {
                    return;
                }
                s.closed = true;
                running = running(s);
            }
        } finally {
            GraphLock.LOCK.unlock();
        }
        List<ContextImpl> contexts = List.of();
        Throwable failure = null;
        try {
            failure = BufferUsers.awaitAll(running);
            if (failure == null && s.writeBack) {
                writeBack(s);
            }
        } catch (RuntimeException | Error e) {
            failure = Deferred.first(failure, e);
        } finally {
            Map<ContextImpl, DeviceCopy> freed;
            Arena staged;
            synchronized (s) {
                freed = new LinkedHashMap<>(s.copies);
                s.copies.clear();
                staged = s.arena;
                s.arena = null;
                s.staging = null;
                s.users.clear();
                s.stagingUse = null;
                s.hostReady = null;
            }
            try {
                for (var entry : freed.entrySet()) {
                    try {
                        entry.getValue().release(entry.getKey(), s);
                    } catch (RuntimeException | Error e) {
                        failure = Deferred.first(failure, e);
                    }
                }
                if (staged != null) {
                    staged.close();
                }
                contexts = List.copyOf(freed.keySet());
            } finally {
                if (s.hostMemory != null) {
                    s.hostMemory.bufferClosed(); // written back: the host array may close now
                }
                s.released.complete(null);
            }
        }
        for (ContextImpl context : contexts) {
            context.unregister(s);
        }
        Deferred.rethrow(failure);
    }

    /** The close's write-back: reads the current copy into the host array, each wait outside the scheduler's lock. */
    private static void writeBack(BufferStorage s) {
        while (true) {
            var deferred = new Deferred();
            Throwable failure = null;
            boolean ready = false;
            GraphLock.LOCK.lock();
            try {
                synchronized (s) {
                    ready = s.hostArrayReady(deferred);
                }
            } catch (RuntimeException | Error e) {
                failure = e;
            } finally {
                GraphLock.LOCK.unlock();
            }
            Deferred.runAfter(deferred, failure);
            if (ready) {
                return;
            }
        }
    }
}
