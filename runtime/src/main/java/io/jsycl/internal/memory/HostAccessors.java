package io.jsycl.internal.memory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The host accessors of one buffer that are open, and the thread that opened each: a call that would wait for them
 * ({@link BufferStorage#close()}, a submit that uses the buffer, another host accessor) is refused on a thread that
 * holds one open, since it would wait forever.
 *
 * <p>Thread safety: the map is guarded by this object's monitor, a leaf lock (nothing else is taken while it is
 * held; it may be taken under the scheduler's lock and the storage's monitor). Its size is also kept in a volatile
 * field so that a submit pays one volatile read when no host accessor is open.
 */
final class HostAccessors {
    private final Object owner;
    // Guarded by this: each open host accessor, by the future its close completes, and the thread that opened it.
    private final Map<CompletableFuture<Void>, Thread> open = new LinkedHashMap<>();
    // The size of open, read without the monitor.
    private volatile int count;

    /** The host accessors of {@code owner}, which the refusals name. */
    HostAccessors(Object owner) {
        this.owner = owner;
    }

    /** Records a host accessor opened on the calling thread until {@code close} completes. */
    synchronized void opened(CompletableFuture<Void> close) {
        open.put(close, Thread.currentThread());
        count = open.size();
        close.whenComplete((v, e) -> closed(close));
    }

    private synchronized void closed(CompletableFuture<Void> close) {
        open.remove(close);
        count = open.size();
    }

    /** See {@link BufferStorage#refuseHostAccessorOpenHere}. */
    void refuseOpenHere(String what, String state, String advice) {
        if (count == 0) {
            return;
        }
        Thread me = Thread.currentThread();
        synchronized (this) {
            if (open.containsValue(me)) {
                throw new IllegalStateException(what + ": a host accessor of " + owner + " is " + state
                        + " on this thread (" + me.getName() + "); " + advice);
            }
        }
    }
}
