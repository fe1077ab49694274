package io.jsycl;

import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where a buffer's contents live and which commands use it.
 *
 * <p>The host array is one copy; each context that used the buffer holds another, in a
 * {@code cl_mem}. Each copy is valid or stale: a reader makes its copy valid by copying from a
 * valid one; a writer makes its copy the only valid one. The last writer and the readers since
 * then are the events a later command must wait for (read-after-write, write-after-read,
 * write-after-write).
 *
 * <p>Thread safety: every field below is guarded by {@code this}. Lock order: the scheduler's
 * lock, then this. Transfers to and from the host are blocking and go through a native staging
 * segment owned by the storage, so no transfer outlives the memory it reads.
 */
final class BufferStorage {
    private static final AtomicLong IDS = new AtomicLong();

    private final long id = IDS.incrementAndGet();
    final ElementKind kind;
    private final Object array;
    private final Range shape;
    private final boolean writeBack;
    private final int length;
    private final long bytes;

    // Guarded by this.
    private boolean hostValid = true;
    // Guarded by this.
    private final Map<Context, DeviceCopy> copies = new LinkedHashMap<>();
    // Guarded by this.
    private Arena arena;
    // Guarded by this.
    private MemorySegment staging;
    // Guarded by this.
    private Event lastWriter;
    // Guarded by this.
    private final List<Event> readers = new ArrayList<>();
    // Guarded by this.
    private boolean closed;
    // Guarded by this: the last asynchronous upload reading the staging segment.
    private Event stagingUse;
    private final AtomicLong transfers = new AtomicLong();

    private static final class DeviceCopy {
        final ClMem mem;
        boolean valid;

        DeviceCopy(ClMem mem) {
            this.mem = mem;
        }
    }

    BufferStorage(ElementKind kind, Object array, Range shape, boolean writeBack) {
        this.kind = kind;
        this.array = array;
        this.shape = shape;
        this.writeBack = writeBack;
        this.length = java.lang.reflect.Array.getLength(array);
        this.bytes = (long) length * kind.bytes;
    }

    Range shape() {
        return shape;
    }

    /** The host array; current on the host device once a command group's dependencies are met. */
    Object hostArray() {
        return array;
    }

    int length() {
        return length;
    }

    /** Adds the events a command using this buffer with {@code mode} must wait for. */
    synchronized void collectDependencies(AccessMode mode, List<Event> out) {
        checkOpen();
        if (lastWriter != null) {
            out.add(lastWriter);
        }
        if (mode != AccessMode.READ) {
            out.addAll(readers);
        }
    }

    /** Records that the command of {@code event} uses this buffer with {@code mode}. */
    synchronized void recordUse(AccessMode mode, Event event) {
        if (mode == AccessMode.READ) {
            if (readers.size() >= 16) {
                readers.removeIf(Event::isDone);
            }
            readers.add(event);
        } else {
            lastWriter = event;
            readers.clear();
        }
    }

    /**
     * Makes the copy in {@code context} current for a command that accesses it with {@code mode}
     * and returns its memory object. The caller has already collected this buffer's dependencies
     * into {@code waits}. An upload is enqueued without blocking on {@code queue}, after those
     * dependencies; its event is added to {@code waits} so that the command runs after it.
     */
    synchronized ClMem prepareDevice(Context context, ClCommandQueue queue, AccessMode mode, List<Event> waits) {
        checkOpen();
        DeviceCopy copy = copies.get(context);
        if (copy == null) {
            copy = new DeviceCopy(ClMem.createBuffer(context.cl(), ClMemFlags.READ_WRITE, Math.max(bytes, 1),
                    MemorySegment.NULL));
            copies.put(context, copy);
            context.register(this);
        }
        if (mode != AccessMode.WRITE && !copy.valid && bytes > 0) {
            makeHostValid(waits);
            MemorySegment staging = freeStaging();
            kind.copyToSegment(array, staging);
            ClEvent upload = queue.enqueueWriteBuffer(copy.mem, false, 0, staging, bytes,
                    Scheduler.waitList(waits, context));
            stagingUse = Event.of(upload, context, false);
            waits.add(stagingUse);
            transfers.incrementAndGet();
        }
        copy.valid = true;
        if (mode != AccessMode.READ) {
            hostValid = false;
            for (DeviceCopy other : copies.values()) {
                other.valid = other == copy;
            }
        }
        return copy.mem;
    }

    /**
     * Makes the host array current for a host-device command group that accesses it with
     * {@code mode}. Bringing contents back from a device blocks; the validity changes take effect
     * now, in submission order, and the command group itself waits for {@code waits}.
     */
    synchronized void prepareHost(AccessMode mode, List<Event> waits) {
        checkOpen();
        if (mode != AccessMode.WRITE) {
            makeHostValid(waits);
        }
        if (mode != AccessMode.READ) {
            hostValid = true;
            for (DeviceCopy copy : copies.values()) {
                copy.valid = false;
            }
        }
    }

    private void makeHostValid(List<Event> waits) {
        if (hostValid) {
            return;
        }
        for (var entry : copies.entrySet()) {
            if (entry.getValue().valid) {
                Context context = entry.getKey();
                MemorySegment staging = freeStaging();
                try (ClEvent read = context.transferQueue().enqueueReadBuffer(entry.getValue().mem, true, 0,
                        staging, bytes, Scheduler.waitList(waits, context))) {
                    kind.copyFromSegment(staging, array);
                }
                transfers.incrementAndGet();
                hostValid = true;
                return;
            }
        }
        throw new IllegalStateException("no valid copy of " + this);
    }

    /** The staging segment, once the last upload from it has finished reading it. */
    private MemorySegment freeStaging() {
        if (stagingUse != null) {
            stagingUse.await();
            stagingUse = null;
        }
        return staging();
    }

    /** Host↔device copies made for this buffer so far. */
    long transfers() {
        return transfers.get();
    }

    private MemorySegment staging() {
        if (staging == null) {
            arena = Arena.ofShared();
            staging = arena.allocate(Math.max(bytes, 1), 64);
        }
        return staging;
    }

    /** Called by a closing context: brings the contents home if only that context had them, then frees its copy. */
    synchronized void dropContext(Context context) {
        DeviceCopy copy = copies.get(context);
        if (copy == null) {
            return;
        }
        awaitUsers();
        if (copy.valid && !hostValid) {
            makeHostValid(List.of());
        }
        copies.remove(context);
        copy.mem.close();
    }

    private void awaitUsers() {
        RuntimeException failure = null;
        var users = new ArrayList<Event>(readers);
        if (lastWriter != null) {
            users.add(lastWriter);
        }
        if (stagingUse != null) {
            users.add(stagingUse);
        }
        for (Event e : users) {
            try {
                e.await();
            } catch (RuntimeException ex) {
                if (failure == null) {
                    failure = ex;
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Waits for every command using the buffer, writes back, frees device memory. Safe to call twice. */
    void close() {
        List<Context> contexts;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            try {
                awaitUsers();
                if (writeBack && !hostValid) {
                    makeHostValid(List.of());
                }
            } finally {
                for (DeviceCopy copy : copies.values()) {
                    copy.mem.close();
                }
                contexts = List.copyOf(copies.keySet());
                copies.clear();
                if (arena != null) {
                    arena.close();
                    arena = null;
                    staging = null;
                }
                lastWriter = null;
                stagingUse = null;
                readers.clear();
            }
        }
        for (Context context : contexts) {
            context.unregister(this);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException(this + " is closed");
        }
    }

    @Override
    public String toString() {
        return "buffer#" + id + " " + kind.name().toLowerCase(java.util.Locale.ROOT) + shape;
    }
}
