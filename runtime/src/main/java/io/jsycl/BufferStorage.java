package io.jsycl;

import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClException;
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
    /** The primitive element type, or {@code null} for a buffer of records. */
    final ElementKind kind;
    /** How the host array is packed for the device: {@code kind}, or a {@link RecordCodec}. */
    final ElementCodec codec;
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
    // Guarded by this: the number of readers at which finished ones are dropped next (doubles while
    // they are all pending, so each submit polls at most two events on average).
    private int readersPruneAt = 16;
    // Guarded by this.
    private boolean closed;
    // Guarded by this: the last asynchronous upload reading the staging segment.
    private Event stagingUse;
    // Guarded by this: false once a driver could not give pinned memory.
    private boolean pinnedTransfers = true;
    private final AtomicLong transfers = new AtomicLong();

    /**
     * A context's copy, and the pinned host memory its transfers go through: a buffer allocated
     * with {@code CL_MEM_ALLOC_HOST_PTR} and mapped once, so that uploads and read-backs run at the
     * bus's speed instead of being staged again by the driver. Where the driver cannot give pinned
     * memory, transfers use the storage's ordinary native staging segment.
     */
    private static final class DeviceCopy {
        final ClMem mem;
        boolean valid;
        ClMem pinned;
        MemorySegment pinnedHost;
        /** The last asynchronous upload reading the pinned memory. */
        Event pinnedUse;

        DeviceCopy(ClMem mem) {
            this.mem = mem;
        }
    }

    BufferStorage(ElementKind kind, Object array, Range shape, boolean writeBack) {
        this(kind, kind, array, shape, writeBack);
    }

    /** Storage of an array of records, packed by {@code codec}. */
    BufferStorage(RecordCodec codec, Object array, Range shape, boolean writeBack) {
        this(null, codec, array, shape, writeBack);
    }

    private BufferStorage(ElementKind kind, ElementCodec codec, Object array, Range shape, boolean writeBack) {
        this.kind = kind;
        this.codec = codec;
        this.array = array;
        this.shape = shape;
        this.writeBack = writeBack;
        this.length = java.lang.reflect.Array.getLength(array);
        this.bytes = (long) length * codec.byteSize();
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

    /**
     * Makes the copy in {@code context} current for a command that accesses it with {@code mode}
     * and returns its memory object. The caller has already collected this buffer's dependencies
     * into {@code waits}. An upload is enqueued without blocking on {@code queue}, after those
     * dependencies; its event is added to {@code waits} so that the command runs after it.
     */
    synchronized ClMem prepareDevice(Queue target, AccessMode mode, List<Event> waits) {
        checkOpen();
        Context context = target.context();
        DeviceCopy copy = copies.get(context);
        if (copy == null) {
            copy = new DeviceCopy(ClMem.createBuffer(context.cl(), ClMemFlags.READ_WRITE, Math.max(bytes, 1),
                    MemorySegment.NULL));
            copies.put(context, copy);
            context.register(this);
        }
        if (mode != AccessMode.WRITE && !copy.valid && bytes > 0) {
            makeHostValid(waits);
            MemorySegment staging = freeStaging(context, copy);
            codec.copyToSegment(array, staging);
            ClEvent upload = target.cl().enqueueWriteBuffer(copy.mem, false, 0, staging, bytes,
                    Scheduler.waitList(waits, context, target.inOrderCl()));
            Event uploadEvent = Event.of(upload, context, false, target.cl());
            if (copy.pinnedHost != null) {
                copy.pinnedUse = uploadEvent;
            } else {
                stagingUse = uploadEvent;
            }
            waits.add(uploadEvent);
            transfers.incrementAndGet();
            KernelProfile.moved(bytes);
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
                MemorySegment staging = freeStaging(context, entry.getValue());
                try (ClEvent read = context.transferQueue().enqueueReadBuffer(entry.getValue().mem, true, 0,
                        staging, bytes, Scheduler.waitList(waits, context))) {
                    codec.copyFromSegment(staging, array);
                }
                transfers.incrementAndGet();
                KernelProfile.moved(bytes);
                hostValid = true;
                return;
            }
        }
        throw new IllegalStateException("no valid copy of " + this);
    }

    /**
     * Host memory for a transfer of {@code copy}, once the last upload from it has finished
     * reading it: the copy's pinned memory, made on first use, or else the native staging segment.
     */
    private MemorySegment freeStaging(Context context, DeviceCopy copy) {
        if (copy.pinned == null && pinnedTransfers) {
            try {
                copy.pinned = ClMem.createBuffer(context.cl(), ClMemFlags.READ_WRITE | ClMemFlags.ALLOC_HOST_PTR,
                        bytes, MemorySegment.NULL);
                copy.pinnedHost = context.transferQueue().mapBuffer(copy.pinned,
                        ClMemFlags.MAP_READ | ClMemFlags.MAP_WRITE, 0, bytes, List.of());
            } catch (ClException e) {
                if (copy.pinned != null) {
                    copy.pinned.close();
                    copy.pinned = null;
                }
                pinnedTransfers = false; // the driver has no pinned memory to give: use ordinary staging
            }
        }
        if (copy.pinnedHost != null) {
            if (copy.pinnedUse != null) {
                copy.pinnedUse.await();
                copy.pinnedUse = null;
            }
            return copy.pinnedHost;
        }
        if (stagingUse != null) {
            stagingUse.await();
            stagingUse = null;
        }
        return staging();
    }

    /** Unmaps and frees a copy's pinned memory and its device memory (after its last upload). */
    private static void release(Context context, DeviceCopy copy) {
        try {
            if (copy.pinnedUse != null) {
                copy.pinnedUse.await();
            }
        } catch (RuntimeException ignored) {
            // The upload's failure was reported to the command that waited for it; free regardless.
        }
        if (copy.pinned != null) {
            try (ClEvent unmap = context.transferQueue().enqueueUnmap(copy.pinned, copy.pinnedHost, List.of())) {
                unmap.await();
            } finally {
                copy.pinned.close();
            }
        }
        copy.mem.close();
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
        release(context, copy);
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

    /** Waits for every command using the buffer (a sub-buffer's close); nothing if it is closed. */
    synchronized void awaitCommands() {
        if (!closed) {
            awaitUsers();
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
                for (var entry : copies.entrySet()) {
                    release(entry.getKey(), entry.getValue());
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
        return "buffer#" + id + " " + (kind != null ? kind.name().toLowerCase(java.util.Locale.ROOT) : codec) + shape;
    }
}
