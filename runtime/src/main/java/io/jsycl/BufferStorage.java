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
 * <p>Data moves between the host array and a context's copy in one of two ways, chosen when the
 * copy is made ({@link Config#mapsHostTransfers}). Where the context's devices work in host memory
 * (CPU devices, integrated GPUs: {@link Device#hostUnifiedMemory()}), the copy itself is allocated
 * host-accessible ({@code CL_MEM_ALLOC_HOST_PTR}) and a transfer maps it, copies between it and the
 * Java array, and unmaps it: one memory copy, no {@code clEnqueueWrite/ReadBuffer}. Elsewhere a
 * transfer goes through pinned staging memory and {@code clEnqueueWrite/ReadBuffer} (DMA).
 * Heap arrays cannot be handed to OpenCL as {@code CL_MEM_USE_HOST_PTR}: the garbage collector
 * moves them.
 *
 * <p>The uploads of one command group into mapped copies are queued together: each map is enqueued
 * without waiting, the scheduler waits once for all of them, copies, and enqueues the unmaps, which
 * the launch waits for ({@link #finishUploads}). A buffer made from a shape has no array of the
 * user's to keep current: once a mapped copy is current, host accessors map that copy and read and
 * write it in place ({@link #mapForHost}), and nothing is copied in or out. Where copies move through
 * pinned memory instead, host accessors of such a buffer read and write the copy's pinned memory,
 * which then holds the current contents ({@link DeviceCopy#pinnedValid}): the next upload is one DMA
 * transfer from it, and a read-back one DMA transfer into it, with no copy to or from a Java array.
 *
 * <p>Each copy remembers the last transfer into it (or unmap of it) as {@link DeviceCopy#ready}:
 * every later command that uses the copy waits for it, not only the command that caused it.
 *
 * <p>Thread safety: every field below is guarded by {@code this}. Lock order: the scheduler's
 * lock, then this. Transfers to the host are blocking; uploads read memory the storage owns
 * (a staging segment, pinned memory, or the mapped copy), so no transfer outlives the memory it reads.
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
     * A context's copy. A mapped copy is itself host-accessible memory, filled and read by
     * map/unmap. Otherwise its transfers go through pinned host memory ({@code CL_MEM_ALLOC_HOST_PTR},
     * mapped), so that uploads and read-backs run at the bus's speed instead of being staged again by
     * the driver: a block borrowed from the context's {@link StagingPool} on the first transfer and
     * handed back when the copy is freed; where the driver cannot give pinned memory, through the
     * storage's ordinary native staging segment.
     */
    private static final class DeviceCopy {
        final ClMem mem;
        /** Whether {@code mem} is host-accessible and transfers map it. */
        final boolean mapped;
        boolean valid;
        /** The last upload into {@code mem} or unmap of it: commands using {@code mem} wait for it. */
        Event ready;
        /** The pinned staging memory, once a transfer needed it. */
        StagingPool.Block pinned;
        /** Whether {@code pinned} came from the context's pool (and goes back to it). */
        boolean pooled;
        /** The last asynchronous upload reading the pinned memory. */
        Event pinnedUse;
        /**
         * Whether {@code pinned} holds the buffer's current contents (it was the last transfer's source or
         * destination, or a host accessor wrote it in place): an upload then reads it as it is, and a host accessor
         * of a buffer without a user array reads and writes it in place.
         */
        boolean pinnedValid;

        DeviceCopy(ClMem mem, boolean mapped) {
            this.mem = mem;
            this.mapped = mapped;
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

    /**
     * Why a command using this buffer with {@code mode} waits ({@link #collectDependencies}), for the
     * scheduler's trace: empty when it does not.
     */
    synchronized String describeDependencies(AccessMode mode) {
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
     * into {@code waits}. An upload through staging is enqueued without blocking on {@code queue},
     * after those dependencies; its event is added to {@code waits} so that the command runs after it.
     * An upload into a mapped copy only enqueues the map (without waiting for it) and joins
     * {@code uploads}: the scheduler finishes the command group's uploads together
     * ({@link #finishUploads}), with one wait for all their maps.
     */
    synchronized ClMem prepareDevice(Queue target, AccessMode mode, List<Event> waits, List<MappedUpload> uploads) {
        checkOpen();
        Context context = target.context();
        DeviceCopy copy = copies.get(context);
        if (copy == null) {
            copy = newCopy(context);
            copies.put(context, copy);
            context.register(this);
        }
        if (mode != AccessMode.WRITE && !copy.valid && bytes > 0) {
            String how;
            if (copy.pinnedValid) {
                copy.ready = uploadPinned(target, context, copy, waits);
                how = " from its pinned host memory, which holds the current contents (nothing copied on the host)";
            } else {
                makeHostValid(waits);
                if (copy.mapped) {
                    uploads.add(queueMapIn(context, copy));
                    how = " by map/unmap of its host-accessible copy";
                } else {
                    copy.ready = stageIn(target, context, copy, waits);
                    how = " through staging memory";
                }
            }
            transfers.incrementAndGet();
            KernelProfile.moved(bytes);
            if (SchedulerTrace.on()) {
                SchedulerTrace.log(this + ": " + bytes + " bytes to " + context + how
                        + " (the copy there was not current)");
            }
        } else if (SchedulerTrace.on()) {
            SchedulerTrace.log(this + ": nothing moved to " + context + (copy.valid || bytes == 0
                    ? " (the copy there is current)" : " (write-only access: the command overwrites it)"));
        }
        if (copy.ready != null) {
            if (copy.ready.isDone()) {
                copy.ready = null;
            } else {
                waits.add(copy.ready);
            }
        }
        copy.valid = true;
        if (mode != AccessMode.READ) {
            makeOnlyCurrent(copy);
        }
        return copy.mem;
    }

    /**
     * After a write to {@code copy}: it is the only current copy, the host array, other contexts' copies and every
     * pinned memory are stale.
     */
    private void makeOnlyCurrent(DeviceCopy copy) {
        hostValid = false;
        for (DeviceCopy other : copies.values()) {
            other.valid = other == copy;
            other.pinnedValid = false;
        }
    }

    /**
     * A new copy for {@code context}: host-accessible memory where transfers map it, else
     * ordinary device memory (also when the driver refuses host-accessible memory).
     */
    private DeviceCopy newCopy(Context context) {
        long size = Math.max(bytes, 1);
        if (Config.mapsHostTransfers(context.devices().stream().allMatch(Device::hostUnifiedMemory))) {
            try {
                return new DeviceCopy(ClMem.createBuffer(context.cl(),
                        ClMemFlags.READ_WRITE | ClMemFlags.ALLOC_HOST_PTR, size, MemorySegment.NULL), true);
            } catch (ClException e) {
                // No host-accessible memory to give: this copy moves data through staging instead.
            }
        }
        return new DeviceCopy(ClMem.createBuffer(context.cl(), ClMemFlags.READ_WRITE, size, MemorySegment.NULL), false);
    }

    /**
     * An upload into a mapped copy whose map is enqueued but not yet waited for: {@link #finishUploads}
     * copies the host array in once the map has completed, and unmaps.
     */
    static final class MappedUpload {
        private final BufferStorage storage;
        private final Context context;
        private final DeviceCopy copy;
        private final ClCommandQueue.Mapping mapping;

        private MappedUpload(BufferStorage storage, Context context, DeviceCopy copy, ClCommandQueue.Mapping mapping) {
            this.storage = storage;
            this.context = context;
            this.copy = copy;
            this.mapping = mapping;
        }
    }

    /**
     * Starts an upload of the host array into a mapped copy: enqueues a map for writing, after the
     * buffer's last writer, on the context's in-order transfer queue, without waiting for it.
     */
    private MappedUpload queueMapIn(Context context, DeviceCopy copy) {
        ClCommandQueue queue = context.transferQueue();
        List<Event> before = lastWriter == null ? List.of() : List.of(lastWriter);
        var mapping = queue.enqueueMapBuffer(copy.mem, ClMemFlags.MAP_WRITE_INVALIDATE_REGION, 0, bytes,
                Scheduler.waitList(before, context));
        return new MappedUpload(this, context, copy, mapping);
    }

    /**
     * Finishes the uploads a command group's {@link #prepareDevice} calls started: waits once for all
     * their maps, copies each host array into its mapped copy, and enqueues each unmap without waiting;
     * the unmaps join {@code waits}, so the command runs after them. Every map is unmapped and its event
     * released also when the wait fails (the failure is then thrown, with nothing copied).
     */
    static void finishUploads(List<MappedUpload> uploads, List<Event> waits) {
        if (uploads.isEmpty()) {
            return;
        }
        var maps = new ArrayList<ClEvent>(uploads.size());
        for (MappedUpload u : uploads) {
            maps.add(u.mapping.event());
        }
        RuntimeException failure = null;
        try {
            ClEvent.awaitAll(maps);
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            for (ClEvent map : maps) {
                map.close();
            }
        }
        for (MappedUpload u : uploads) {
            try {
                waits.add(u.storage.completeMapIn(u, failure == null));
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Copies the host array into a completed map (when {@code copy} is true) and enqueues its unmap;
     * returns the unmap, which commands using the copy wait for.
     */
    private synchronized Event completeMapIn(MappedUpload u, boolean copy) {
        ClCommandQueue queue = u.context.transferQueue();
        try {
            if (copy) {
                codec.copyToSegment(array, u.mapping.host());
            }
        } finally {
            u.copy.ready = Event.of(queue.enqueueUnmap(u.copy.mem, u.mapping.host(), List.of()), u.context, false,
                    queue);
        }
        return u.copy.ready;
    }

    /** Uploads the host array through pinned or native staging memory, after {@code waits}. */
    private Event stageIn(Queue target, Context context, DeviceCopy copy, List<Event> waits) {
        MemorySegment staging = freeStaging(context, copy);
        List<ClEvent> waitList = Scheduler.waitList(waits, context, target.inOrderCl());
        MemorySegment heap = pipelineView();
        ClEvent upload;
        if (heap == null) {
            codec.copyToSegment(array, staging);
            upload = target.cl().enqueueWriteBuffer(copy.mem, false, 0, staging, bytes, waitList);
        } else {
            upload = pipelinedUpload(target.cl(), target.inOrderCl() != null, copy.mem, heap, staging, bytes,
                    waitList);
        }
        Event uploadEvent = Event.of(upload, context, false, target.cl());
        if (copy.pinned != null) {
            copy.pinnedUse = uploadEvent;
            copy.pinnedValid = true; // filled from the current host array
        } else {
            stagingUse = uploadEvent;
        }
        return uploadEvent;
    }

    /**
     * Uploads the copy's pinned memory, which holds the current contents, as it is: one DMA transfer after
     * {@code waits}, nothing copied on the host.
     */
    private Event uploadPinned(Queue target, Context context, DeviceCopy copy, List<Event> waits) {
        List<ClEvent> waitList = Scheduler.waitList(waits, context, target.inOrderCl());
        ClEvent upload = target.cl().enqueueWriteBuffer(copy.mem, false, 0, pinned(copy), bytes, waitList);
        Event uploadEvent = Event.of(upload, context, false, target.cl());
        copy.pinnedUse = uploadEvent;
        return uploadEvent;
    }

    /**
     * The host array as a heap segment where a staged transfer of it moves in slices ({@link #PIPELINE_MIN} bytes
     * or more, elements copied as they are), else null.
     */
    private MemorySegment pipelineView() {
        return bytes < PIPELINE_MIN ? null : codec.heapView(array);
    }

    /** Staged transfers of at least this many bytes move in {@link #PIPELINE_CHUNK} slices. */
    static final long PIPELINE_MIN = 32L << 20;
    /** The slice of a pipelined staged transfer: big enough that a transfer's fixed cost is small beside it. */
    static final long PIPELINE_CHUNK = 16L << 20;

    /**
     * Uploads in slices so the copy engine moves one slice while the next is copied into the staging
     * memory (otherwise the whole array is copied before the first byte moves): each slice is copied
     * in, then its write is enqueued and flushed. Returns one event for the whole upload: the last
     * write on an in-order queue, else a marker after every write.
     */
    private static ClEvent pipelinedUpload(ClCommandQueue queue, boolean inOrder, ClMem mem, MemorySegment heap,
            MemorySegment staging, long bytes, List<ClEvent> waitList) {
        List<ClEvent> writes = new ArrayList<>();
        try {
            for (long offset = 0; offset < bytes; offset += PIPELINE_CHUNK) {
                long length = Math.min(PIPELINE_CHUNK, bytes - offset);
                HostCopy.copy(heap, offset, staging, offset, length);
                writes.add(queue.enqueueWriteBuffer(mem, false, offset, staging.asSlice(offset, length), length,
                        waitList));
                queue.flush();
            }
            if (inOrder) {
                return writes.removeLast();
            }
            return queue.enqueueMarker(writes);
        } finally {
            writes.forEach(ClEvent::close);
        }
    }

    /**
     * Downloads in slices: enqueues every slice's read, then copies each slice out of the staging
     * memory as soon as its read has finished, while the copy engine moves the next.
     */
    private static void pipelinedDownload(ClCommandQueue queue, ClMem mem, MemorySegment staging, MemorySegment heap,
            long bytes, List<ClEvent> waitList) {
        List<ClEvent> reads = new ArrayList<>();
        try {
            for (long offset = 0; offset < bytes; offset += PIPELINE_CHUNK) {
                long length = Math.min(PIPELINE_CHUNK, bytes - offset);
                reads.add(queue.enqueueReadBuffer(mem, false, offset, staging.asSlice(offset, length), length,
                        waitList));
            }
            queue.flush();
            long offset = 0;
            for (ClEvent read : reads) {
                long length = Math.min(PIPELINE_CHUNK, bytes - offset);
                read.await();
                HostCopy.copy(staging, offset, heap, offset, length);
                offset += length;
            }
        } finally {
            reads.forEach(ClEvent::close);
        }
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
                copy.pinnedValid = false;
            }
        }
    }

    /**
     * A host accessor's direct view of a mapped copy ({@link #mapForHost}): no copy in or out.
     * {@link #unmapHost} ends it.
     */
    static final class HostMapping {
        private final Context context;
        private final DeviceCopy copy;
        /** The contents, the whole buffer, laid out as the codec packs the host array. */
        final MemorySegment host;
        /** Whether {@code host} is the copy's pinned memory (nothing to unmap) rather than the mapped copy itself. */
        private final boolean pinned;

        private HostMapping(Context context, DeviceCopy copy, MemorySegment host, boolean pinned) {
            this.context = context;
            this.copy = copy;
            this.host = host;
            this.pinned = pinned;
        }
    }

    /**
     * Opens host access in place instead of through the host array, where that is possible: the
     * buffer has no user array to keep current (it was made from a shape, so nothing is written
     * back) and a context's copy is current and host-accessible, or has pinned memory. A
     * host-accessible copy is mapped for reading and writing after {@code waits}; the host then
     * reads and writes the device copy itself, which stays the only current one. Otherwise the
     * copy's pinned memory is the view: filled from the device copy by one DMA transfer after
     * {@code waits} unless it already holds the current contents, and, once no upload reads it
     * any more, the only current contents (the device copy is uploaded from it, as it is, when a
     * command next uses it). Returns null where the host array is to be used ({@link #prepareHost}).
     */
    synchronized HostMapping mapForHost(List<Event> waits) {
        checkOpen();
        if (writeBack || bytes == 0) {
            return null;
        }
        for (var entry : copies.entrySet()) {
            DeviceCopy copy = entry.getValue();
            if (copy.mapped && copy.valid) {
                Context context = entry.getKey();
                MemorySegment host = context.transferQueue().mapBuffer(copy.mem,
                        ClMemFlags.MAP_READ | ClMemFlags.MAP_WRITE, 0, bytes, Scheduler.waitList(waits, context));
                makeOnlyCurrent(copy);
                if (SchedulerTrace.on()) {
                    SchedulerTrace.log(this + ": host access maps its copy in " + context
                            + " (no host array to fill: nothing copied)");
                }
                return new HostMapping(context, copy, host, false);
            }
        }
        for (var entry : copies.entrySet()) {
            DeviceCopy copy = entry.getValue();
            Context context = entry.getKey();
            // Where the host array is current and the pinned memory is not, the host array costs nothing to use.
            if (copy.mapped || !(copy.pinnedValid || copy.valid && !hostValid) || !hasPinned(context, copy)) {
                continue;
            }
            MemorySegment host = freeStaging(context, copy);
            boolean download = !copy.pinnedValid;
            if (download) {
                context.transferQueue().enqueueReadBuffer(copy.mem, true, 0, host, bytes,
                        Scheduler.waitList(waits, context)).close();
                transfers.incrementAndGet();
                KernelProfile.moved(bytes);
            }
            makeOnlyCurrent(copy); // then the pinned memory, not the device copy, is what the host may change
            copy.valid = false;
            copy.pinnedValid = true;
            if (SchedulerTrace.on()) {
                SchedulerTrace.log(this + ": host access reads and writes the pinned memory of its copy in " + context
                        + (download ? " (" + bytes + " bytes read into it from the device; no host array to fill)"
                                : " (it holds the current contents: nothing moved)"));
            }
            return new HostMapping(context, copy, host, true);
        }
        return null;
    }

    /**
     * Ends a host accessor's view: enqueues its unmap without waiting and makes it the copy's
     * {@link DeviceCopy#ready}, before the accessor's close lets later commands go on. A kernel waits
     * for it (the scheduler awaits host work before it looks at {@code ready}); transfers of the copy
     * are ordered after it on the same in-order transfer queue.
     */
    synchronized void unmapHost(HostMapping mapping) {
        if (mapping.pinned) {
            return; // the pinned memory stays the current contents; the next upload reads it
        }
        ClCommandQueue queue = mapping.context.transferQueue();
        mapping.copy.ready = Event.of(queue.enqueueUnmap(mapping.copy.mem, mapping.host, List.of()), mapping.context,
                false, queue);
    }

    private void makeHostValid(List<Event> waits) {
        if (hostValid) {
            return;
        }
        for (var entry : copies.entrySet()) {
            DeviceCopy copy = entry.getValue();
            if (copy.pinnedValid) {
                // Only host work (an open host accessor) may still write the pinned memory; an upload only reads it.
                for (Event e : waits) {
                    if (e.isHostWork()) {
                        e.await();
                    }
                }
                codec.copyFromSegment(pinned(copy), array);
                if (SchedulerTrace.on()) {
                    SchedulerTrace.log(this + ": " + bytes + " bytes to the host array from the pinned memory of its "
                            + "copy in " + entry.getKey());
                }
                hostValid = true;
                return;
            }
        }
        for (var entry : copies.entrySet()) {
            DeviceCopy copy = entry.getValue();
            if (copy.valid) {
                Context context = entry.getKey();
                if (copy.mapped) {
                    mapOut(context, copy, waits);
                } else {
                    MemorySegment staging = freeStaging(context, copy);
                    MemorySegment heap = pipelineView();
                    if (heap == null) {
                        try (ClEvent read = context.transferQueue().enqueueReadBuffer(copy.mem, true, 0,
                                staging, bytes, Scheduler.waitList(waits, context))) {
                            codec.copyFromSegment(staging, array);
                        }
                    } else {
                        pipelinedDownload(context.transferQueue(), copy.mem, staging, heap, bytes,
                                Scheduler.waitList(waits, context));
                    }
                    copy.pinnedValid = copy.pinned != null; // the download went through it
                }
                transfers.incrementAndGet();
                KernelProfile.moved(bytes);
                if (SchedulerTrace.on()) {
                    SchedulerTrace.log(this + ": " + bytes + " bytes back to the host from " + context
                            + (copy.mapped ? " by map/unmap" : " through staging memory"));
                }
                hostValid = true;
                return;
            }
        }
        throw new IllegalStateException("no valid copy of " + this);
    }

    /**
     * Reads a mapped copy into the host array: maps it for reading after {@code waits}, copies it
     * out, unmaps it. Later commands using the copy wait for the unmap.
     */
    private void mapOut(Context context, DeviceCopy copy, List<Event> waits) {
        ClCommandQueue queue = context.transferQueue();
        MemorySegment host = queue.mapBuffer(copy.mem, ClMemFlags.MAP_READ, 0, bytes,
                Scheduler.waitList(waits, context));
        try {
            codec.copyFromSegment(host, array);
        } finally {
            copy.ready = Event.of(queue.enqueueUnmap(copy.mem, host, List.of()), context, false, queue);
        }
    }

    /**
     * Host memory for a transfer of {@code copy}, once the last upload from it has finished
     * reading it: the copy's pinned memory, made on first use, or else the native staging segment.
     */
    private MemorySegment freeStaging(Context context, DeviceCopy copy) {
        if (hasPinned(context, copy)) {
            if (copy.pinnedUse != null) {
                copy.pinnedUse.await();
                copy.pinnedUse = null;
            }
            return pinned(copy);
        }
        if (stagingUse != null) {
            stagingUse.await();
            stagingUse = null;
        }
        return staging();
    }

    /** The buffer's bytes in {@code copy}'s pinned memory (a pooled block may be larger). */
    private MemorySegment pinned(DeviceCopy copy) {
        return copy.pinned.host().asSlice(0, bytes);
    }

    /** Whether {@code copy} has pinned memory, made now if it had none and the driver gives it. */
    private boolean hasPinned(Context context, DeviceCopy copy) {
        if (copy.pinned == null && pinnedTransfers) {
            try {
                copy.pooled = StagingPool.enabled();
                copy.pinned = copy.pooled ? context.stagingPool().take(bytes) : StagingPool.allocate(context, bytes);
            } catch (ClException e) {
                pinnedTransfers = false; // the driver has no pinned memory to give: use ordinary staging
            }
        }
        return copy.pinned != null;
    }

    /**
     * Frees a copy's device memory and hands its pinned memory back to the context's pool (or
     * unmaps and frees it), after the copy's last upload or unmap.
     */
    private static void release(Context context, DeviceCopy copy) {
        for (Event last : new Event[] {copy.pinnedUse, copy.ready}) {
            try {
                if (last != null) {
                    last.await();
                }
            } catch (RuntimeException ignored) {
                // The transfer's failure was reported to the command that waited for it; free regardless.
            }
        }
        try {
            if (copy.pinned != null && copy.pooled) {
                context.stagingPool().give(copy.pinned);
            } else if (copy.pinned != null) {
                StagingPool.free(context, copy.pinned);
            }
        } finally {
            copy.mem.close();
        }
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
        if ((copy.valid || copy.pinnedValid) && !hostValid) {
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
        var b = new StringBuilder("buffer#").append(id).append(' ')
                .append(kind != null ? kind.name().toLowerCase(java.util.Locale.ROOT) : codec);
        for (int d = 0; d < shape.dimensions(); d++) {
            b.append('[').append(shape.get(d)).append(']');
        }
        return b.toString();
    }
}
