package io.jsycl.internal.memory;

import io.jsycl.AccessMode;
import io.jsycl.internal.event.EventImpl;
import java.util.ArrayList;
import java.util.List;

/**
 * The commands that use one buffer and that a later command may have to wait for: the last writer,
 * and the readers since it (read-after-write, write-after-read, write-after-write). Transfers the
 * storage starts are recorded here too, as readers, so that commands which must not overlap them
 * wait for them as for any command.
 *
 * <p>Thread safety: none of its own. Its one owner, a {@link BufferStorage}, calls it only while
 * holding the storage's monitor, and changes it only while also holding the scheduler's lock; so
 * every field here is guarded by the storage's monitor.
 */
public final class BufferUsers {
    // Guarded by the storage's monitor.
    private EventImpl lastWriter;
    // Guarded by the storage's monitor.
    private final List<EventImpl> readers = new ArrayList<>();
    // Guarded by the storage's monitor: the number of readers at which finished ones are dropped next (doubles while
    // they are all pending, so each submit polls at most two events on average).
    private int readersPruneAt = 16;

    /** The last command that wrote the buffer, or null. */
    EventImpl lastWriter() {
        return lastWriter;
    }

    /** Adds the events a command using the buffer with {@code mode} must wait for. */
    void collect(AccessMode mode, List<EventImpl> out) {
        if (lastWriter != null) {
            out.add(lastWriter);
        }
        if (mode != AccessMode.READ) {
            out.addAll(readers);
        }
    }

    /**
     * True if a command enqueued on {@code inOrder}, an in-order queue, that uses the buffer with {@code mode} waits
     * for none of the commands {@link #collect} would add: each was enqueued on that queue, which orders it first, or
     * is known to have succeeded ({@link EventImpl#succeeded}: another queue's command that a wait saw end, host work).
     */
    boolean noneToWaitFor(Object inOrder, AccessMode mode) {
        if (lastWriter != null && !lastWriter.orderedBy(inOrder) && !lastWriter.succeeded()) {
            return false;
        }
        if (mode != AccessMode.READ) {
            for (EventImpl e : readers) {
                if (!e.orderedBy(inOrder) && !e.succeeded()) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Why a command using the buffer with {@code mode} waits ({@link #collect}), for the scheduler's
     * trace: empty when it does not.
     */
    String describe(AccessMode mode) {
        var b = new StringBuilder();
        if (lastWriter != null) {
            b.append(mode == AccessMode.READ ? "read-after-write" : "write-after-write").append(" on its last writer");
        }
        if (mode != AccessMode.READ && !readers.isEmpty()) {
            b.append(b.isEmpty() ? "" : ", ").append("write-after-read on ").append(readers.size())
                    .append(readers.size() == 1 ? " reader" : " readers");
        }
        return b.toString();
    }

    /** Records that the command of {@code event} uses the buffer with {@code mode}. */
    void record(AccessMode mode, EventImpl event) {
        if (mode == AccessMode.READ) {
            if (readers.size() >= readersPruneAt) {
                readers.removeIf(e -> e.isDone() || event.covers(e));
                readersPruneAt = Math.max(16, 2 * readers.size());
            }
            readers.add(event);
        } else {
            lastWriter = event;
            readers.clear();
        }
    }

    /** Adds every recorded command to {@code out}: the readers, then the last writer. */
    void addAll(List<EventImpl> out) {
        out.addAll(readers);
        if (lastWriter != null) {
            out.add(lastWriter);
        }
    }

    /** Forgets every command (the buffer's close, once it waited for them). */
    void clear() {
        lastWriter = null;
        readers.clear();
    }

    /** Waits for every event of {@code events}; returns the first failure, or null. */
    static Throwable awaitAll(List<EventImpl> events) {
        Throwable failure = null;
        for (EventImpl e : events) {
            try {
                e.await();
            } catch (RuntimeException | Error ex) {
                failure = Deferred.first(failure, ex);
            }
        }
        return failure;
    }
}
