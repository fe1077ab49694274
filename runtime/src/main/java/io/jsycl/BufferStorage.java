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
import java.util.concurrent.CompletableFuture;
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
 * copy is made ({@link Settings#mapsHostTransfers}). Where the context's devices work in host memory
 * (CPU devices, integrated GPUs: {@link Device#hostUnifiedMemory()}), the copy itself is allocated
 * host-accessible ({@code CL_MEM_ALLOC_HOST_PTR}) and a transfer maps it, copies between it and the
 * Java array, and unmaps it: one memory copy, no {@code clEnqueueWrite/ReadBuffer}. Elsewhere a
 * transfer goes through pinned staging memory and {@code clEnqueueWrite/ReadBuffer} (DMA).
 * Heap arrays cannot be handed to OpenCL as {@code CL_MEM_USE_HOST_PTR}: the garbage collector
 * moves them.
 *
 * <p>A buffer made from a shape has no array of the user's to keep current: once a mapped copy is
 * current, host accessors map that copy and read and write it in place ({@link #mapForHost}), and
 * nothing is copied in or out. Where copies move through pinned memory instead, host accessors of
 * such a buffer read and write the copy's pinned memory, which then holds the current contents
 * ({@link DeviceCopy#pinnedValid}): the next upload is one DMA transfer from it, and a read-back one
 * DMA transfer into it, with no copy to or from a Java array.
 *
 * <p>Each copy remembers the last transfer into it (or unmap of it) as {@link DeviceCopy#ready}:
 * every later command that uses the copy waits for it, not only the command that caused it. The
 * host array likewise remembers a read-back into it that may still run ({@link #hostReady}).
 *
 * <p>Two halves, no waits under a lock. The scheduler calls the methods that decide (which copies
 * are valid, what moves) under its lock, in two steps per command: {@code readyFor*} finds what
 * would make the command wait on the host and defers it ({@link Deferred}: events to await, or a
 * {@link Transfer} it starts, which needs the host once a device command has completed: a
 * read-back into the host array, an upload into a mapped copy, making pinned memory); then, once
 * nothing is deferred, {@code prepare*} moves data with non-blocking enqueues only. Transfers are
 * finished by the thread that started them, outside the lock; each is recorded as a reader of the
 * buffer, so that commands which must not overlap it wait for it as for any command.
 *
 * <p>Thread safety: every field below is guarded by {@code this}; the fields that say which copy
 * is valid and which commands use the buffer change only while the scheduler's lock is held too
 * ({@link Scheduler#LOCK}), so a pass under that lock sees them stay as they are. Lock order: the
 * scheduler's lock, then this. No method waits while holding either: closing and dropping a
 * context collect what to wait for under them and wait outside.
 *
 * <p>Why one class of this size: the copies' validity, the dependency records and the transfers
 * that move data between copies change together under one monitor; split, each half would need
 * the other's state and the lock order between them.
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
    // Guarded by this: a read-back into the host array that may still run (host work), or null; every use of the
    // host array waits for it.
    private Event hostReady;
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
    /** Completes when {@link #close()} has freed every copy; a closing context waits for it. */
    private final CompletableFuture<Void> released = new CompletableFuture<>();
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
        /**
         * The last upload into {@code mem} or unmap of it: commands using {@code mem} wait for it. While an
         * upload by map is still copying on the host, that upload's host event.
         */
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
        /** Whether an upload by map made the copy current and traced that, so the next command need not. */
        boolean uploadTraced;

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
     * Under the scheduler's lock, before {@link #prepareDevice}: defers what would make the copy in
     * {@code target}'s context current for a command using it with {@code mode} wait on the host. An
     * upload by map still copying is awaited; a host array that is stale (the current contents are in
     * another context) is read back first, by a transfer started here; an upload into a mapped copy is
     * itself such a transfer; pinned memory is made outside the lock; staging memory that an upload
     * still reads is awaited. Adds nothing to {@code deferred} when {@link #prepareDevice} can run now
     * without blocking. The command's own dependencies are the scheduler's to check.
     */
    synchronized void readyForDevice(Queue target, AccessMode mode, Deferred deferred) {
        checkOpen();
        Context context = target.context();
        DeviceCopy copy = copyIn(context);
        if (copy.ready != null && copy.ready.isHostWork() && !copy.ready.isDone()) {
            deferred.await(copy.ready);
            return;
        }
        if (mode == AccessMode.WRITE || copy.valid || bytes == 0 || copy.pinnedValid) {
            return; // nothing moves, or the pinned memory is uploaded as it is
        }
        if (!hostArrayReady(deferred)) {
            return;
        }
        if (copy.mapped) {
            Transfer upload = startMapUpload(context, copy, deferred);
            if (upload != null) {
                deferred.finish(upload);
            }
            return;
        }
        if (stagingFor(context, copy, deferred) == null) {
            return;
        }
        Event busy = copy.pinned != null ? copy.pinnedUse : stagingUse;
        if (busy != null && !busy.isDone()) {
            deferred.await(busy); // the host copies into the staging memory an upload still reads
        }
    }

    /**
     * Makes the copy in {@code target}'s context current for a command that accesses it with
     * {@code mode} and returns its memory object, without blocking: {@link #readyForDevice} deferred
     * nothing, under the same hold of the scheduler's lock. The caller has already collected this
     * buffer's dependencies into {@code waits}. An upload (from the copy's pinned memory, or through
     * staging) is enqueued without blocking on {@code target}, after those dependencies; the copy's
     * last transfer joins {@code waits}, so that the command runs after it.
     */
    synchronized ClMem prepareDevice(Queue target, AccessMode mode, List<Event> waits) {
        checkOpen();
        Context context = target.context();
        DeviceCopy copy = copyIn(context);
        if (mode != AccessMode.WRITE && !copy.valid && bytes > 0) {
            String how;
            if (copy.pinnedValid) {
                copy.ready = uploadPinned(target, context, copy, waits);
                how = " from its pinned host memory, which holds the current contents (nothing copied on the host)";
            } else if (hostValid && !copy.mapped && (copy.pinned != null || !pinnedTransfers)) {
                copy.ready = stageIn(target, context, copy, waits);
                how = " through staging memory";
            } else {
                throw new IllegalStateException(this + ": the upload to " + context + " was not made ready");
            }
            transfers.incrementAndGet();
            KernelProfile.moved(bytes);
            if (SchedulerTrace.on()) {
                SchedulerTrace.log(this + ": " + bytes + " bytes to " + context + how
                        + " (the copy there was not current)");
            }
        } else if (copy.uploadTraced && mode != AccessMode.WRITE) {
            copy.uploadTraced = false; // the upload by map for this command was traced when it started
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

    /** The copy of {@code context}, made (stale) if it has none yet. */
    private DeviceCopy copyIn(Context context) {
        DeviceCopy copy = copies.get(context);
        if (copy == null) {
            copy = newCopy(context);
            copies.put(context, copy);
            context.register(this);
        }
        return copy;
    }

    /**
     * A new copy for {@code context}: host-accessible memory where transfers map it, else
     * ordinary device memory (also when the driver refuses host-accessible memory).
     */
    private DeviceCopy newCopy(Context context) {
        long size = Math.max(bytes, 1);
        if (Settings.current().mapsHostTransfers(context.devices().stream().allMatch(Device::hostUnifiedMemory))) {
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
     * True if the host array holds the current contents and no read-back into it still runs. Else
     * makes it so or defers what does: copies in the pinned memory that holds the current contents
     * (once no host accessor writes it), starts a read-back from a valid copy, or awaits the one
     * under way.
     */
    private boolean hostArrayReady(Deferred deferred) {
        if (!hostValid) {
            DeviceCopy pinnedSource = null;
            Context pinnedContext = null;
            for (var entry : copies.entrySet()) {
                if (entry.getValue().pinnedValid) {
                    pinnedSource = entry.getValue();
                    pinnedContext = entry.getKey();
                    break;
                }
            }
            if (pinnedSource == null) {
                Transfer fill = startFill(deferred);
                if (fill != null) {
                    deferred.finish(fill);
                }
                return false;
            }
            // Only host work (an open host accessor, the last writer) may still write the pinned memory.
            if (lastWriter != null && lastWriter.isHostWork() && !lastWriter.isDone()) {
                deferred.await(lastWriter);
                return false;
            }
            codec.copyFromSegment(pinned(pinnedSource), array);
            if (SchedulerTrace.on()) {
                SchedulerTrace.log(this + ": " + bytes + " bytes to the host array from the pinned memory of its "
                        + "copy in " + pinnedContext);
            }
            hostValid = true;
        }
        if (hostReady != null) {
            if (!hostReady.isDone()) {
                deferred.await(hostReady);
                return false;
            }
            hostReady = null;
        }
        return true;
    }

    /**
     * Starts reading a valid copy back into the host array: enqueues a map of a mapped copy, else
     * reads into its pinned memory (or the staging segment), after the buffer's last writer and the
     * copy's last transfer, without waiting. The host array counts as current from now on; the
     * read-back's event is {@link #hostReady} and a reader of the buffer. Returns null with
     * {@code deferred} holding what must come first.
     */
    private Transfer startFill(Deferred deferred) {
        for (var entry : copies.entrySet()) {
            DeviceCopy source = entry.getValue();
            if (!source.valid) {
                continue;
            }
            Context context = entry.getKey();
            MemorySegment into = null;
            if (!source.mapped) {
                into = stagingFor(context, source, deferred);
                if (into == null) {
                    return null;
                }
            }
            var before = new ArrayList<Event>(3);
            if (lastWriter != null) {
                before.add(lastWriter);
            }
            if (source.ready != null) {
                before.add(source.ready);
            }
            Event busy = source.mapped ? null : source.pinned != null ? source.pinnedUse : stagingUse;
            if (busy != null) {
                before.add(busy); // an upload still reading the memory the read-back writes
            }
            if (deferred.pending(before, context)) {
                return null;
            }
            List<ClEvent> waitList = Event.waitList(before, context);
            ClCommandQueue queue = context.transferQueue();
            Fill fill;
            if (source.mapped) {
                fill = new Fill(this, context, source,
                        queue.enqueueMapBuffer(source.mem, ClMemFlags.MAP_READ, 0, bytes, waitList), null, List.of(),
                        null);
            } else {
                MemorySegment heap = pipelineView();
                var reads = new ArrayList<ClEvent>();
                try {
                    long slice = heap == null ? bytes : PIPELINE_CHUNK;
                    for (long offset = 0; offset < bytes; offset += slice) {
                        long length = Math.min(slice, bytes - offset);
                        reads.add(queue.enqueueReadBuffer(source.mem, false, offset, into.asSlice(offset, length),
                                length, waitList));
                    }
                    queue.flush();
                } catch (RuntimeException e) {
                    reads.forEach(ClEvent::close);
                    throw e;
                }
                fill = new Fill(this, context, source, null, into, reads, heap);
                source.pinnedValid = source.pinned != null; // the read-back goes through it
            }
            hostValid = true;
            hostReady = fill.event;
            recordUse(AccessMode.READ, fill.event);
            transfers.incrementAndGet();
            KernelProfile.moved(bytes);
            if (SchedulerTrace.on()) {
                SchedulerTrace.log(this + ": " + bytes + " bytes back to the host from " + context
                        + (source.mapped ? " by map/unmap" : " through staging memory"));
            }
            return fill;
        }
        throw new IllegalStateException("no valid copy of " + this);
    }

    /**
     * Starts an upload of the host array into a mapped copy: enqueues a map for writing after the
     * buffer's last writer, on the context's in-order transfer queue, without waiting for it. The copy
     * counts as current from now on; its {@link DeviceCopy#ready} is the upload's host event until the
     * upload has unmapped it. Returns null with {@code deferred} holding what must come first.
     */
    private Transfer startMapUpload(Context context, DeviceCopy copy, Deferred deferred) {
        List<Event> before = lastWriter == null ? List.of() : List.of(lastWriter);
        if (deferred.pending(before, context)) {
            return null;
        }
        var mapping = context.transferQueue().enqueueMapBuffer(copy.mem, ClMemFlags.MAP_WRITE_INVALIDATE_REGION, 0,
                bytes, Event.waitList(before, context));
        var upload = new MapUpload(this, context, copy, mapping);
        copy.valid = true;
        copy.ready = upload.event;
        copy.uploadTraced = true;
        recordUse(AccessMode.READ, upload.event); // it reads the host array: a host writer waits for it
        transfers.incrementAndGet();
        KernelProfile.moved(bytes);
        if (SchedulerTrace.on()) {
            SchedulerTrace.log(this + ": " + bytes + " bytes to " + context
                    + " by map/unmap of its host-accessible copy (the copy there was not current)");
        }
        return upload;
    }

    /**
     * The memory a staged transfer of {@code copy} goes through: its pinned memory, else the native
     * staging segment (where the driver gives no pinned memory). Null where the pinned memory is
     * still to be made: that is deferred (it maps memory on the transfer queue, which waits).
     */
    private MemorySegment stagingFor(Context context, DeviceCopy copy, Deferred deferred) {
        if (copy.pinned != null) {
            return pinned(copy);
        }
        if (pinnedTransfers) {
            deferred.finish(new PinnedAllocation(this, context, copy));
            return null;
        }
        return staging();
    }

    /** Uploads the host array through pinned or native staging memory, after {@code waits}. */
    private Event stageIn(Queue target, Context context, DeviceCopy copy, List<Event> waits) {
        MemorySegment staging = copy.pinned != null ? pinned(copy) : staging();
        List<ClEvent> waitList = Event.waitList(waits, context, target.inOrderCl());
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
        List<ClEvent> waitList = Event.waitList(waits, context, target.inOrderCl());
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
     * Under the scheduler's lock, before {@link #prepareHost}: for a host-device command group or a
     * host accessor that reads the contents ({@code mode} other than {@code WRITE}), defers what would
     * make the host array current by waiting: a read-back from a device copy is started here and
     * finished outside the lock. Adds nothing to {@code deferred} when the host array is current.
     */
    synchronized void readyForHost(AccessMode mode, Deferred deferred) {
        checkOpen();
        if (mode != AccessMode.WRITE) {
            hostArrayReady(deferred);
        }
    }

    /**
     * Records a host-device command group's or a host accessor's use of the host array with
     * {@code mode}, once {@link #readyForHost} deferred nothing: a writer makes the host array the
     * only current copy. The validity changes take effect now, in submission order; the command
     * itself waits for its dependencies.
     */
    synchronized void prepareHost(AccessMode mode) {
        checkOpen();
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
        /** The map, or the read into the pinned memory, that {@code host} may be used after; null if none. */
        final ClEvent ready;

        private HostMapping(Context context, DeviceCopy copy, MemorySegment host, boolean pinned, ClEvent ready) {
            this.context = context;
            this.copy = copy;
            this.host = host;
            this.pinned = pinned;
            this.ready = ready;
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
     * command next uses it). The map or read is enqueued without waiting: the accessor waits for
     * {@link HostMapping#ready} and for {@code waits}, to which an upload still reading the pinned
     * memory is added. Returns null where the host array is to be used ({@link #prepareHost}), or
     * with {@code deferred} holding what must come first (under the scheduler's lock: nothing here waits).
     */
    synchronized HostMapping mapForHost(List<Event> waits, Deferred deferred) {
        checkOpen();
        if (writeBack || bytes == 0) {
            return null;
        }
        for (var entry : copies.entrySet()) {
            DeviceCopy copy = entry.getValue();
            if (copy.mapped && copy.valid) {
                Context context = entry.getKey();
                if (deferred.pending(waits, context)) {
                    return null;
                }
                var mapping = context.transferQueue().enqueueMapBuffer(copy.mem,
                        ClMemFlags.MAP_READ | ClMemFlags.MAP_WRITE, 0, bytes, Event.waitList(waits, context));
                context.transferQueue().flush();
                makeOnlyCurrent(copy);
                if (SchedulerTrace.on()) {
                    SchedulerTrace.log(this + ": host access maps its copy in " + context
                            + " (no host array to fill: nothing copied)");
                }
                return new HostMapping(context, copy, mapping.host(), false, mapping.event());
            }
        }
        for (var entry : copies.entrySet()) {
            DeviceCopy copy = entry.getValue();
            Context context = entry.getKey();
            // Where the host array is current and the pinned memory is not, the host array costs nothing to use.
            if (copy.mapped || !(copy.pinnedValid || copy.valid && !hostValid)) {
                continue;
            }
            if (copy.pinned == null) {
                if (!pinnedTransfers) {
                    continue;
                }
                deferred.finish(new PinnedAllocation(this, context, copy));
                return null;
            }
            boolean download = !copy.pinnedValid;
            ClEvent read = null;
            if (download) {
                var before = new ArrayList<Event>(waits);
                if (copy.pinnedUse != null) {
                    before.add(copy.pinnedUse); // an upload still reading the pinned memory the read overwrites
                }
                if (deferred.pending(before, context)) {
                    return null;
                }
                read = context.transferQueue().enqueueReadBuffer(copy.mem, false, 0, pinned(copy), bytes,
                        Event.waitList(before, context));
                context.transferQueue().flush();
                transfers.incrementAndGet();
                KernelProfile.moved(bytes);
            } else if (copy.pinnedUse != null) {
                waits.add(copy.pinnedUse); // the host writes what an upload may still read
            }
            copy.pinnedUse = null;
            makeOnlyCurrent(copy); // then the pinned memory, not the device copy, is what the host may change
            copy.valid = false;
            copy.pinnedValid = true;
            if (SchedulerTrace.on()) {
                SchedulerTrace.log(this + ": host access reads and writes the pinned memory of its copy in " + context
                        + (download ? " (" + bytes + " bytes read into it from the device; no host array to fill)"
                                : " (it holds the current contents: nothing moved)"));
            }
            return new HostMapping(context, copy, pinned(copy), true, read);
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
        unmapped(mapping.context, mapping.copy, mapping.host);
    }

    /** Enqueues the unmap of {@code host}, a mapping of {@code copy}, and makes it the copy's last transfer. */
    private synchronized void unmapped(Context context, DeviceCopy copy, MemorySegment host) {
        ClCommandQueue queue = context.transferQueue();
        copy.ready = Event.of(queue.enqueueUnmap(copy.mem, host, List.of()), context, false, queue);
    }

    /**
     * A transfer started under the scheduler's lock that needs the host once a device command has
     * completed. The thread that started it finishes it outside the lock ({@link Deferred#run()}),
     * also when something else failed: commands that depend on it wait for its {@link #event}, host
     * work that completes when {@link #finish()} has. A transfer that fails takes back what it
     * claimed (the host array or the copy it was making current) and throws.
     */
    abstract static sealed class Transfer permits Fill, MapUpload, PinnedAllocation {
        final BufferStorage storage;
        private final CompletableFuture<Void> done = new CompletableFuture<>();
        /** Completes when the transfer has finished (or failed). */
        final Event event = Event.of(done);

        Transfer(BufferStorage storage) {
            this.storage = storage;
        }

        /** Finishes the transfer outside the scheduler's lock; throws what went wrong. */
        abstract void finish();

        /** Completes {@link #event}: normally, or with {@code failure} after undoing what the transfer claimed. */
        final void complete(Throwable failure) {
            if (failure == null) {
                done.complete(null);
                return;
            }
            Scheduler.LOCK.lock();
            try {
                synchronized (storage) {
                    undo();
                }
            } finally {
                Scheduler.LOCK.unlock();
                done.completeExceptionally(failure);
            }
        }

        /** Under the scheduler's lock and the storage's monitor: takes back what a failed transfer claimed. */
        void undo() {
        }

        /**
         * Finishes every transfer of {@code transfers}: the uploads by map of one context with one wait for
         * all their maps, each other one by itself. Returns the first failure, or null.
         */
        static Throwable finishAll(List<Transfer> transfers) {
            Throwable failure = null;
            var uploads = new LinkedHashMap<Context, List<MapUpload>>();
            for (Transfer t : transfers) {
                if (t instanceof MapUpload u) {
                    uploads.computeIfAbsent(u.context, c -> new ArrayList<>()).add(u);
                    continue;
                }
                try {
                    t.finish();
                } catch (RuntimeException | Error e) {
                    failure = Deferred.first(failure, e);
                }
            }
            for (List<MapUpload> group : uploads.values()) {
                Throwable f = MapUpload.finishTogether(group);
                if (f != null) {
                    failure = Deferred.first(failure, f);
                }
            }
            return failure;
        }
    }

    /** A read-back of a valid copy into the host array ({@link #startFill}). */
    static final class Fill extends Transfer {
        private final Context context;
        private final DeviceCopy source;
        /** The map of a mapped copy, else null. */
        private final ClCommandQueue.Mapping mapping;
        /** Else: the staging memory the reads fill, one read or one per slice ({@link #PIPELINE_CHUNK}). */
        private final MemorySegment staging;
        private final List<ClEvent> reads;
        /** The host array as a heap segment, where the read-back moves in slices; else null. */
        private final MemorySegment heap;

        private Fill(BufferStorage storage, Context context, DeviceCopy source, ClCommandQueue.Mapping mapping,
                MemorySegment staging, List<ClEvent> reads, MemorySegment heap) {
            super(storage);
            this.context = context;
            this.source = source;
            this.mapping = mapping;
            this.staging = staging;
            this.reads = reads;
            this.heap = heap;
        }

        /** Waits for the map or the reads, copies into the host array (a slice as soon as it has arrived), unmaps. */
        @Override
        void finish() {
            Throwable failure = null;
            try {
                if (mapping != null) {
                    try {
                        mapping.event().await();
                        storage.codec.copyFromSegment(mapping.host(), storage.array);
                    } finally {
                        mapping.event().close();
                        storage.unmapped(context, source, mapping.host());
                    }
                } else if (heap == null) {
                    reads.getFirst().await();
                    storage.codec.copyFromSegment(staging, storage.array);
                } else {
                    long offset = 0;
                    for (ClEvent read : reads) {
                        long length = Math.min(PIPELINE_CHUNK, storage.bytes - offset);
                        read.await();
                        HostCopy.copy(staging, offset, heap, offset, length);
                        offset += length;
                    }
                }
            } catch (RuntimeException | Error e) {
                failure = e;
                throw e;
            } finally {
                reads.forEach(ClEvent::close);
                complete(failure);
            }
        }

        @Override
        void undo() {
            if (storage.hostReady == event) {
                storage.hostValid = false;
                storage.hostReady = null;
                if (mapping == null && source.pinned != null) {
                    source.pinnedValid = false;
                }
            }
        }
    }

    /** An upload of the host array into a mapped copy ({@link #startMapUpload}). */
    static final class MapUpload extends Transfer {
        private final Context context;
        private final DeviceCopy copy;
        private final ClCommandQueue.Mapping mapping;

        private MapUpload(BufferStorage storage, Context context, DeviceCopy copy, ClCommandQueue.Mapping mapping) {
            super(storage);
            this.context = context;
            this.copy = copy;
            this.mapping = mapping;
        }

        @Override
        void finish() {
            Deferred.rethrow(finishTogether(List.of(this)));
        }

        /**
         * Finishes uploads of one context: waits once for all their maps, copies each host array into its
         * mapped copy, and enqueues each unmap without waiting; a command using a copy waits for its unmap
         * ({@link DeviceCopy#ready}). Every map is unmapped and its event released also when the wait fails
         * (nothing is copied then). Returns the first failure, or null.
         */
        static Throwable finishTogether(List<MapUpload> uploads) {
            var maps = new ArrayList<ClEvent>(uploads.size());
            for (MapUpload u : uploads) {
                maps.add(u.mapping.event());
            }
            Throwable failure = null;
            try {
                ClEvent.awaitAll(maps);
            } catch (RuntimeException e) {
                failure = e;
            } finally {
                maps.forEach(ClEvent::close);
            }
            if (uploads.size() > 1 && SchedulerTrace.on()) {
                SchedulerTrace.log(uploads.size() + " uploads by map/unmap queued together, one host wait for their"
                        + " maps");
            }
            for (MapUpload u : uploads) {
                Throwable own = failure;
                try {
                    if (failure == null) {
                        u.storage.codec.copyToSegment(u.storage.array, u.mapping.host());
                    }
                } catch (RuntimeException | Error e) {
                    own = e;
                } finally {
                    try {
                        u.storage.unmapped(u.context, u.copy, u.mapping.host());
                    } catch (RuntimeException | Error e) {
                        own = Deferred.first(own, e);
                    }
                    u.complete(own);
                }
                if (own != null) {
                    failure = Deferred.first(failure, own);
                }
            }
            return failure;
        }

        @Override
        void undo() {
            if (storage.copies.get(context) == copy) {
                copy.valid = false;
            }
        }
    }

    /**
     * Pinned memory for a copy's staged transfers: borrowed from the context's pool or made (a
     * {@code clCreateBuffer} and a map on the transfer queue, which waits), outside the scheduler's
     * lock; the next pass finds it on the copy. Where the driver gives none, later transfers use the
     * native staging segment.
     */
    static final class PinnedAllocation extends Transfer {
        private final Context context;
        private final DeviceCopy copy;

        private PinnedAllocation(BufferStorage storage, Context context, DeviceCopy copy) {
            super(storage);
            this.context = context;
            this.copy = copy;
        }

        @Override
        void finish() {
            boolean pooled = StagingPool.enabled();
            StagingPool.Block block;
            try {
                block = pooled ? context.stagingPool().take(storage.bytes)
                        : StagingPool.allocate(context, storage.bytes);
            } catch (ClException e) {
                Scheduler.LOCK.lock();
                try {
                    synchronized (storage) {
                        storage.pinnedTransfers = false; // the driver has no pinned memory to give: use ordinary staging
                    }
                } finally {
                    Scheduler.LOCK.unlock();
                }
                complete(null);
                return;
            } catch (RuntimeException | Error e) {
                complete(e);
                throw e;
            }
            boolean taken = false;
            Scheduler.LOCK.lock();
            try {
                synchronized (storage) {
                    if (storage.copies.get(context) == copy && copy.pinned == null) {
                        copy.pinned = block;
                        copy.pooled = pooled;
                        taken = true;
                    }
                }
            } finally {
                Scheduler.LOCK.unlock();
                if (!taken) {
                    giveBack(context, block, pooled); // another pass made the copy's pinned memory first
                }
                complete(null);
            }
        }
    }

    /** The buffer's bytes in {@code copy}'s pinned memory (a pooled block may be larger). */
    private MemorySegment pinned(DeviceCopy copy) {
        return copy.pinned.host().asSlice(0, bytes);
    }

    private static void giveBack(Context context, StagingPool.Block block, boolean pooled) {
        if (pooled) {
            context.stagingPool().give(block);
        } else {
            StagingPool.free(context, block);
        }
    }

    /**
     * Frees a copy's device memory and hands its pinned memory back to the context's pool (or
     * unmaps and frees it), after the copy's last upload or unmap. Called with no lock held.
     */
    private void release(Context context, DeviceCopy copy) {
        Event pinnedUse;
        Event ready;
        synchronized (this) { // a transfer finishing outside the scheduler's lock may still set ready
            pinnedUse = copy.pinnedUse;
            ready = copy.ready;
        }
        for (Event last : new Event[] {pinnedUse, ready}) {
            try {
                if (last != null) {
                    last.await();
                }
            } catch (RuntimeException ignored) {
                // The transfer's failure was reported to the command that waited for it; free regardless.
            }
        }
        try {
            if (copy.pinned != null) {
                giveBack(context, copy.pinned, copy.pooled);
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

    /**
     * Called by a closing context: brings the contents home if only that context had them, then frees its copy once
     * the commands using the buffer are done. Waits with no lock held; where the buffer is closing, waits for its
     * close instead, which frees every copy.
     */
    void dropContext(Context context) {
        while (true) {
            var deferred = new Deferred();
            DeviceCopy copy = null;
            List<Event> users = null;
            boolean closing = false;
            Throwable failure = null;
            Scheduler.LOCK.lock();
            try {
                synchronized (this) {
                    closing = closed;
                    copy = closing ? null : copies.get(context);
                    if (copy != null && (!(copy.valid || copy.pinnedValid) || hostArrayReady(deferred))) {
                        copies.remove(context); // no later command uses it; the ones under way are awaited below
                        users = users();
                    }
                }
            } catch (RuntimeException | Error e) {
                failure = e;
            } finally {
                Scheduler.LOCK.unlock();
            }
            Deferred.runAfter(deferred, failure);
            if (closing) {
                HostFutures.await(released, "waiting for a buffer's close", "closing a buffer failed");
                return;
            }
            if (copy == null) {
                return;
            }
            if (users != null) {
                try {
                    Deferred.rethrow(awaitAll(users));
                } finally {
                    release(context, copy);
                }
                return;
            }
        }
    }

    /** Every command and transfer that uses the buffer and may still run. */
    private List<Event> users() {
        var users = new ArrayList<Event>(readers);
        for (Event e : new Event[] {lastWriter, stagingUse, hostReady}) {
            if (e != null) {
                users.add(e);
            }
        }
        return users;
    }

    /** Waits for every event of {@code users}; returns the first failure, or null. */
    private static Throwable awaitAll(List<Event> users) {
        Throwable failure = null;
        for (Event e : users) {
            try {
                e.await();
            } catch (RuntimeException | Error ex) {
                failure = Deferred.first(failure, ex);
            }
        }
        return failure;
    }

    /** Waits for every command using the buffer (a sub-buffer's close); nothing if it is closed. */
    void awaitCommands() {
        List<Event> users;
        synchronized (this) {
            if (closed) {
                return;
            }
            users = users();
        }
        Deferred.rethrow(awaitAll(users));
    }

    /**
     * Waits for every command using the buffer, writes back, frees device memory. Safe to call twice. Marks the
     * buffer closed under the scheduler's lock (no command group starts using it after that) and waits with no lock
     * held.
     */
    void close() {
        List<Event> users;
        Scheduler.LOCK.lock();
        try {
            synchronized (this) {
                if (closed) {
                    return;
                }
                closed = true;
                users = users();
            }
        } finally {
            Scheduler.LOCK.unlock();
        }
        List<Context> contexts = List.of();
        Throwable failure = null;
        try {
            failure = awaitAll(users);
            if (failure == null && writeBack) {
                writeBack();
            }
        } catch (RuntimeException | Error e) {
            failure = Deferred.first(failure, e);
        } finally {
            Map<Context, DeviceCopy> freed;
            Arena staged;
            synchronized (this) {
                freed = new LinkedHashMap<>(copies);
                copies.clear();
                staged = arena;
                arena = null;
                staging = null;
                lastWriter = null;
                stagingUse = null;
                hostReady = null;
                readers.clear();
            }
            try {
                for (var entry : freed.entrySet()) {
                    try {
                        release(entry.getKey(), entry.getValue());
                    } catch (RuntimeException | Error e) {
                        failure = Deferred.first(failure, e);
                    }
                }
                if (staged != null) {
                    staged.close();
                }
                contexts = List.copyOf(freed.keySet());
            } finally {
                released.complete(null);
            }
        }
        for (Context context : contexts) {
            context.unregister(this);
        }
        Deferred.rethrow(failure);
    }

    /** The close's write-back: reads the current copy into the host array, each wait outside the scheduler's lock. */
    private void writeBack() {
        while (true) {
            var deferred = new Deferred();
            Throwable failure = null;
            boolean ready = false;
            Scheduler.LOCK.lock();
            try {
                synchronized (this) {
                    ready = hostArrayReady(deferred);
                }
            } catch (RuntimeException | Error e) {
                failure = e;
            } finally {
                Scheduler.LOCK.unlock();
            }
            Deferred.runAfter(deferred, failure);
            if (ready) {
                return;
            }
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
