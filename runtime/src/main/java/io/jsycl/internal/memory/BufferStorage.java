package io.jsycl.internal.memory;

import io.jsycl.AccessMode;
import io.jsycl.Range;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.platform.KernelProfile;
import io.jsycl.internal.platform.SchedulerTrace;
import io.jsycl.internal.platform.Settings;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClMem;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where a buffer's contents live and which commands use it: the state of one buffer, and the
 * decisions the scheduler asks of it (which copies are valid, what must move before a command runs,
 * what a command waits for).
 *
 * <p>The host array is one copy; each context that used the buffer holds another, in a
 * {@code cl_mem} ({@link DeviceCopy}). Each copy is valid or stale: a reader makes its copy valid by
 * copying from a valid one; a writer makes its copy the only valid one. The last writer and the
 * readers since then ({@link BufferUsers}) are the events a later command must wait for
 * (read-after-write, write-after-read, write-after-write).
 *
 * <p>Data moves between the host array and a context's copy in one of two ways, chosen when the
 * copy is made ({@link Settings#mapsHostTransfers}). Where the context's devices work in host memory
 * (CPU devices, integrated GPUs: {@link io.jsycl.Device#hostUnifiedMemory()}), the copy itself is allocated
 * host-accessible ({@code CL_MEM_ALLOC_HOST_PTR}) and a transfer maps it, copies between it and the
 * Java array, and unmaps it: one memory copy, no {@code clEnqueueWrite/ReadBuffer}. Elsewhere a
 * transfer goes through pinned staging memory and {@code clEnqueueWrite/ReadBuffer} (DMA).
 * Heap arrays cannot be handed to OpenCL as {@code CL_MEM_USE_HOST_PTR}: the garbage collector
 * moves them.
 *
 * <p>A buffer made from a shape has no array of the user's to keep current: host accessors read and
 * write a copy in place ({@link HostViews}).
 *
 * <p>Each copy remembers the last transfer into it (or unmap of it) as {@link DeviceCopy#ready}:
 * every later command that uses the copy waits for it, not only the command that caused it. The
 * host array likewise remembers a read-back into it that may still run ({@link #hostReady}).
 *
 * <p>Two halves, no waits under a lock. The scheduler calls the methods that decide (which copies
 * are valid, what moves) under its lock, in two steps per command: {@code readyFor*} finds what
 * would make the command wait on the host and defers it ({@link Deferred}: events to await, or a
 * {@link BufferTransfer} it starts, which needs the host once a device command has completed: a
 * read-back into the host array, an upload into a mapped copy, making pinned memory); then, once
 * nothing is deferred, {@code prepare*} moves data with non-blocking enqueues only (the uploads of
 * {@link DeviceCopy}). Copies' memory, staged uploads and read-backs go through a
 * {@link CommandQueue}: the command's queue, or the context's ({@link ContextImpl#transfers()}).
 * Transfers are finished by the thread that started them, outside the lock; each is recorded as
 * a reader of the buffer, so that commands which must not overlap it wait for it as for any command.
 *
 * <p>Thread safety: every field below is guarded by {@code this}, and so are the fields of its
 * {@link BufferUsers} and {@link DeviceCopy} objects, which the transfers of {@link BufferTransfer},
 * the host views of {@link HostViews} and the close of {@link BufferClose} also change under this
 * monitor (the open host accessors, {@link HostAccessors}, have their own leaf monitor); the fields that say which copy is valid and which commands use
 * the buffer change only while the scheduler's lock is held too ({@link io.jsycl.internal.schedule.Scheduler#LOCK}), so a pass
 * under that lock sees them stay as they are. Lock order: the scheduler's lock, then this. No
 * method waits while holding either: closing and dropping a context collect what to wait for under
 * them and wait outside.
 */
public final class BufferStorage {
    private static final AtomicLong IDS = new AtomicLong();

    private final long id = IDS.incrementAndGet();
    /** The primitive element type, or {@code null} for a buffer of records. */
    public final ElementKind kind;
    /** How the host array is packed for the device: {@code kind}, or a {@link RecordCodec}. */
    public final ElementCodec codec;
    /**
     * The host array: the user's, or, for a buffer made from a shape, one made when something first needs it (a
     * kernel on the host device, a read of contents no device has, a host accessor that cannot use a copy in
     * place), so a device-only buffer never has one; null over a host array's memory. Guarded by this once made.
     */
    private Object array;
    /** The element class of the array a buffer made from a shape makes when it first needs one, else null. */
    private final Class<?> lazyElement;
    /**
     * The host memory a buffer made over a {@link io.jsycl.HostArray} keeps current instead of a Java array, else
     * null: transfers run from and into it as they are (DMA where it is pinned), with no staging copy.
     */
    final HostArrayImpl hostMemory;
    private final Range shape;
    final boolean writeBack;
    private final int length;
    /** The size of the contents in bytes. */
    final long bytes;

    // Guarded by this.
    boolean hostValid = true;
    // Guarded by this: a read-back into the host array that may still run (host work), or null; every use of the
    // host array waits for it.
    EventImpl hostReady;
    // Guarded by this.
    final Map<ContextImpl, DeviceCopy> copies = new LinkedHashMap<>();
    // Guarded by this: which rows each copy holds while a DistributedQueue has the buffer spread over its devices;
    // null otherwise (then the flags above say it all).
    Distribution distribution;
    // Guarded by this.
    Arena arena;
    // Guarded by this.
    MemorySegment staging;
    // Guarded by this: the last writer and the readers since.
    final BufferUsers users = new BufferUsers();
    // Guarded by this.
    boolean closed;
    // Guarded by this: the last asynchronous upload reading the staging segment.
    EventImpl stagingUse;
    // Guarded by this: false once a driver could not give pinned memory.
    boolean pinnedTransfers = true;
    // Its own leaf monitor.
    private final HostAccessors hostAccessors = new HostAccessors(this);
    /** Completes when {@link #close()} has freed every copy; a closing context waits for it. */
    final CompletableFuture<Void> released = new CompletableFuture<>();
    private final AtomicLong transfers = new AtomicLong();

    public BufferStorage(ElementKind kind, Object array, Range shape, boolean writeBack) {
        this(kind, kind, array, shape, writeBack);
    }

    /**
     * Storage of a buffer made from a shape, zero-filled, with no array of the user's and nothing written back: its
     * host array, of {@code element}s, is made only when something first needs it ({@link #hostArray()}).
     */
    public BufferStorage(ElementKind kind, Class<?> element, Range shape) {
        this.kind = kind;
        this.codec = kind;
        this.array = null;
        this.lazyElement = element;
        this.hostMemory = null;
        this.shape = shape;
        this.writeBack = false;
        this.length = Math.toIntExact(shape.size());
        this.bytes = (long) length * kind.byteSize();
    }

    /** Storage of an array of records, packed by {@code codec}. */
    public BufferStorage(RecordCodec codec, Object array, Range shape, boolean writeBack) {
        this(null, codec, array, shape, writeBack);
    }

    private BufferStorage(ElementKind kind, ElementCodec codec, Object array, Range shape, boolean writeBack) {
        this.kind = kind;
        this.codec = codec;
        this.array = array;
        this.lazyElement = null;
        this.hostMemory = null;
        this.shape = shape;
        this.writeBack = writeBack;
        this.length = java.lang.reflect.Array.getLength(array);
        this.bytes = (long) length * codec.byteSize();
    }

    /**
     * Storage over a host array's memory, which it keeps current and writes back into at its close; the host array
     * refuses to close before it.
     */
    public BufferStorage(HostArrayImpl hostMemory, Range shape) {
        this.kind = hostMemory.kind();
        this.codec = kind;
        this.array = null;
        this.lazyElement = null;
        this.hostMemory = hostMemory;
        this.shape = shape;
        this.writeBack = true;
        this.length = hostMemory.length();
        this.bytes = hostMemory.bytes();
        hostMemory.bufferOpened();
    }

    /** The buffer's number, unique in the process: what a kept record of a launch holds in place of the buffer. */
    public long id() {
        return id;
    }

    /** Whether the host copy is a host array's memory rather than a Java array ({@link #hostMemory}). */
    public boolean overHostMemory() {
        return hostMemory != null;
    }

    /** Copies the host copy (the Java array or the host memory) into {@code dst}, {@link #bytes} long. */
    void copyHostTo(MemorySegment dst) {
        if (hostMemory != null) {
            HostCopy.copy(hostMemory.memory(), 0, dst, 0, bytes);
        } else {
            codec.copyToSegment(hostArray(), dst);
        }
    }

    /** Makes the host copy (the Java array or the host memory) hold {@code src}, {@link #bytes} long. */
    void copyToHost(MemorySegment src) {
        if (hostMemory == null) {
            codec.copyFromSegment(src, hostArray());
        } else if (src != hostMemory.memory()) {
            HostCopy.copy(src, 0, hostMemory.memory(), 0, bytes);
        }
    }

    /**
     * A host accessor's view of the host memory of a buffer over a host array, once the host copy is current
     * ({@link #prepareHost}): it reads and writes the memory in place, and there is nothing to unmap.
     */
    public synchronized HostMapping hostMemoryView() {
        return new HostMapping(null, null, hostMemory.memory(), true, null);
    }

    public Range shape() {
        return shape;
    }

    /**
     * The host array, made now (zero-filled, as the buffer's contents start) for a buffer made from a shape that had
     * none; current on the host device once a command group's dependencies are met. Null over a host array's memory.
     */
    public synchronized Object hostArray() {
        if (array == null && lazyElement != null) {
            array = java.lang.reflect.Array.newInstance(lazyElement, length);
        }
        return array;
    }

    int length() {
        return length;
    }

    /**
     * True for a buffer made from a shape whose host array was never made: its contents are the zeros it started with,
     * which a device copy gets by a fill on the device instead of an upload of a zero-filled array.
     */
    synchronized boolean zerosUnmade() {
        return array == null && lazyElement != null && hostValid;
    }

    /** The host array if there is one yet, without making it (for tests). */
    synchronized Object arrayIfMade() {
        return array;
    }

    /** Adds the events a command using this buffer with {@code mode} must wait for. */
    public synchronized void collectDependencies(AccessMode mode, List<EventImpl> out) {
        checkOpen();
        users.collect(mode, out);
    }

    /**
     * Why a command using this buffer with {@code mode} waits ({@link #collectDependencies}), for the
     * scheduler's trace: empty when it does not.
     */
    public synchronized String describeDependencies(AccessMode mode) {
        return users.describe(mode);
    }

    /** Records that the command of {@code event} uses this buffer with {@code mode}. */
    public synchronized void recordUse(AccessMode mode, EventImpl event) {
        users.record(mode, event);
    }

    /**
     * Records a host accessor opened on the calling thread until {@code open} completes (its close), for
     * {@link #refuseHostAccessorOpenHere}.
     */
    public void hostAccessorOpened(CompletableFuture<Void> open) {
        hostAccessors.opened(open);
    }

    /**
     * Refuses {@code what} (a call that would wait for the buffer's host accessors) where a host accessor of the
     * buffer is open on the calling thread: the call would wait for it forever. {@code state} says how it is open
     * ("still open", "already open"), {@code advice} what to do instead. On another thread, the call waits.
     */
    public void refuseHostAccessorOpenHere(String what, String state, String advice) {
        hostAccessors.refuseOpenHere(what, state, advice);
    }

    /** Counts a transfer of the whole contents, for {@link #transfers()} and the kernel profile. */
    void countTransfer() {
        transfers.incrementAndGet();
        KernelProfile.moved(bytes);
    }

    /**
     * Under the scheduler's lock, before {@link #prepareDevice}: defers what would make the copy in
     * the context of {@code target} (the command's queue) current for a command using it with
     * {@code mode} wait on the host ({@link DeviceUploads#ready}). Adds nothing to {@code deferred}
     * when {@link #prepareDevice} can run now without blocking.
     */
    public synchronized void readyForDevice(CommandQueue target, AccessMode mode, Deferred deferred) {
        fold();
        DeviceUploads.ready(this, target, mode, deferred);
    }

    /**
     * Makes the copy in {@code target}'s context current for a command that accesses it with
     * {@code mode} and returns its memory object, without blocking ({@link DeviceUploads#prepare}):
     * {@link #readyForDevice} deferred nothing, under the same hold of the scheduler's lock.
     */
    public synchronized ClMem prepareDevice(CommandQueue target, AccessMode mode, List<EventImpl> waits) {
        fold();
        return DeviceUploads.prepare(this, target, mode, waits);
    }

    /**
     * Under the scheduler's lock: the device memory in {@code context} of a command enqueued on {@code inOrder} (an
     * in-order queue of that context) that uses this buffer with {@code mode}, where {@link #readyForDevice},
     * {@link #prepareDevice} and {@link #collectDependencies} would find nothing to do for it: the copy there is
     * current and no transfer into it is left to order after, none of the commands the buffer's users would make it
     * wait for needs a wait ({@link BufferUsers#noneToWaitFor}), and a write finds the copy the only current one
     * already. Else null (also once the buffer is closed or spread over a DistributedQueue's devices): the command
     * takes the scheduler's whole pass, which moves, waits or refuses as it must. Changes nothing but what
     * prepareDevice would (a finished transfer into the copy is forgotten); the command's {@link #recordUse} follows
     * its enqueue.
     */
    public synchronized ClMem steadyMemory(ContextImpl context, Object inOrder, AccessMode mode) {
        DeviceCopy copy = copies.get(context);
        if (closed || distribution != null || copy == null || !copy.valid || copy.uploadTraced
                || !users.noneToWaitFor(inOrder, mode)) {
            return null;
        }
        if (copy.ready != null && !copy.ready.orderedBy(inOrder)) {
            if (!copy.ready.isDone()) {
                return null; // a transfer of another queue (an unmap) the command must wait for
            }
            copy.ready = null; // as prepareDevice forgets it (DeviceCopy.joinReady)
        }
        if (mode != AccessMode.READ) {
            if (hostValid) {
                return null;
            }
            for (DeviceCopy other : copies.values()) {
                if (other.pinnedValid || other != copy && other.valid) {
                    return null;
                }
            }
        }
        return copy.mem;
    }

    /**
     * After a write to {@code copy}: it is the only current copy, the host array, other contexts' copies and every
     * pinned memory are stale.
     */
    void makeOnlyCurrent(DeviceCopy copy) {
        distribution = null;
        hostValid = false;
        for (DeviceCopy other : copies.values()) {
            other.valid = other == copy;
            other.pinnedValid = false;
        }
    }

    /** The copy of {@code context}, made (stale) if it has none yet. */
    DeviceCopy copyIn(ContextImpl context) {
        DeviceCopy copy = copies.get(context);
        if (copy == null) {
            copy = context.transfers().allocate(bytes);
            copies.put(context, copy);
            context.register(this);
        }
        return copy;
    }

    /**
     * True if the host array holds the current contents and no read-back into it still runs. Else
     * makes it so or defers what does: copies in the pinned memory that holds the current contents
     * (once no host accessor writes it), starts a read-back from a valid copy, or awaits the one
     * under way.
     */
    boolean hostArrayReady(Deferred deferred) {
        if (!hostValid && distribution != null) {
            // Spread over a DistributedQueue's devices: gather the rows into the host array, which ends the spread.
            BufferTransfer gather = BufferTransfer.Gather.start(this, deferred);
            if (gather != null) {
                deferred.finish(gather);
            }
            return false;
        }
        if (!hostValid) {
            DeviceCopy pinnedSource = null;
            ContextImpl pinnedContext = null;
            for (var entry : copies.entrySet()) {
                if (entry.getValue().pinnedValid) {
                    pinnedSource = entry.getValue();
                    pinnedContext = entry.getKey();
                    break;
                }
            }
            if (pinnedSource == null) {
                BufferTransfer fill = BufferTransfer.Fill.start(this, deferred);
                if (fill != null) {
                    deferred.finish(fill);
                }
                return false;
            }
            // Only host work (an open host accessor, the last writer) may still write the pinned memory.
            EventImpl lastWriter = users.lastWriter();
            if (lastWriter != null && lastWriter.isHostWork() && !lastWriter.isDone()) {
                deferred.await(lastWriter);
                return false;
            }
            copyToHost(pinnedSource.pinnedBytes());
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
     * The memory a staged transfer of {@code copy} goes through: its pinned memory, else the native
     * staging segment (where the driver gives no pinned memory). Null where the pinned memory is
     * still to be made: that is deferred (it maps memory on the transfer queue, which waits).
     */
    MemorySegment stagingFor(ContextImpl context, DeviceCopy copy, Deferred deferred) {
        if (copy.pinned != null) {
            return copy.pinnedBytes();
        }
        if (pinnedTransfers) {
            deferred.finish(new BufferTransfer.PinnedAllocation(this, context, copy));
            return null;
        }
        return staging();
    }

    /**
     * Under the scheduler's lock: whether the copy in {@code context} holds the only current contents (the host array
     * and other contexts' copies are stale, no DistributedQueue spreads the rows). A queue of that context then reads
     * the contents into a Java array from that copy itself ({@code q.copy(buffer, array)}), where a host accessor
     * would first bring them home through the context's transfer queue.
     */
    public synchronized boolean currentOnlyIn(ContextImpl context) {
        fold();
        DeviceCopy copy = copies.get(context);
        return !closed && !hostValid && distribution == null && copy != null && copy.valid;
    }

    /** The size of the contents in bytes. */
    public long byteSize() {
        return bytes;
    }

    /**
     * Under the scheduler's lock, before {@link #prepareHost}: for a host-device command group or a
     * host accessor that reads the contents ({@code mode} other than {@code WRITE}), defers what would
     * make the host array current by waiting: a read-back from a device copy is started here and
     * finished outside the lock. Adds nothing to {@code deferred} when the host array is current.
     */
    public synchronized void readyForHost(AccessMode mode, Deferred deferred) {
        checkOpen();
        fold();
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
    public synchronized void prepareHost(AccessMode mode) {
        checkOpen();
        fold();
        if (mode != AccessMode.READ) {
            distribution = null;
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
    public static final class HostMapping {
        final ContextImpl context;
        final DeviceCopy copy;
        /** The contents, the whole buffer, laid out as the codec packs the host array. */
        public final MemorySegment host;
        /** Whether {@code host} is the copy's pinned memory (nothing to unmap) rather than the mapped copy itself. */
        final boolean pinned;
        /** The map, or the read into the pinned memory, that {@code host} may be used after; null if none. */
        public final ClEvent ready;

        HostMapping(ContextImpl context, DeviceCopy copy, MemorySegment host, boolean pinned, ClEvent ready) {
            this.context = context;
            this.copy = copy;
            this.host = host;
            this.pinned = pinned;
            this.ready = ready;
        }
    }

    /**
     * Opens host access in place instead of through the host array, where that is possible
     * ({@link HostViews#map}): the host then reads and writes a mapped copy, or a copy's pinned memory,
     * after {@link HostMapping#ready} and {@code waits}; where {@code write} is false it only reads, and every
     * current copy stays current. Returns null where the host array is to be used
     * ({@link #prepareHost}), or with {@code deferred} holding what must come first (under the scheduler's
     * lock: nothing here waits).
     */
    public synchronized HostMapping mapForHost(List<EventImpl> waits, Deferred deferred, boolean write) {
        fold();
        return HostViews.map(this, waits, deferred, write);
    }

    /**
     * Ends a host accessor's view: enqueues its unmap without waiting and makes it the copy's
     * {@link DeviceCopy#ready}, before the accessor's close lets later commands go on. A kernel waits
     * for it (the scheduler awaits host work before it looks at {@code ready}); transfers of the copy
     * are ordered after it on the same in-order transfer queue.
     */
    public synchronized void unmapHost(HostMapping mapping) {
        HostViews.unmap(this, mapping);
    }

    /** Enqueues the unmap of {@code host}, a mapping of {@code copy}, and makes it the copy's last transfer. */
    synchronized void unmapped(ContextImpl context, DeviceCopy copy, MemorySegment host) {
        HostViews.unmapped(this, context, copy, host);
    }

    /**
     * Ends a distribution where a whole current copy exists (the host array or a device's), before code that knows
     * only whole copies runs; where none exists, that code gathers the rows into the host array first
     * ({@link #hostArrayReady}).
     */
    private void fold() {
        if (distribution == null) {
            return;
        }
        boolean whole = hostValid;
        for (DeviceCopy c : copies.values()) {
            whole |= c.valid;
        }
        if (whole) {
            distribution = null;
        }
    }

    // ---- A DistributedQueue's chunks: each device's copy holds some rows (Distribution).

    /**
     * Under the scheduler's lock, before a DistributedQueue plans its moves: defers what must happen first, and
     * starts tracking rows. Where the buffer is not spread yet, the host array becomes the source of every row: it is
     * brought up to date first if a device holds the current contents (a read-back), or a read-back into it is
     * still running. Adds nothing to {@code deferred} when the plan can be made now.
     */
    public synchronized void readyForDistribution(Deferred deferred) {
        checkOpen();
        if (distribution == null && !hostArrayReady(deferred)) {
            return;
        }
        if (distribution == null) {
            distribution = new Distribution(this);
        }
    }

    /** Where a move of rows to one device comes from: {@code source} null for the host array. */
    public record Piece(ContextImpl source, long from, long to) {
    }

    /**
     * The moves that make elements {@code [from, to)} current in {@code target}'s copy, after
     * {@link #readyForDistribution}: for each part it lacks, the host array where it holds it, else a device's copy
     * that does. Empty when nothing moves.
     */
    public synchronized List<Piece> plan(ContextImpl target, long from, long to) {
        Rows missing = distribution.device(target).missingFrom(from, to);
        List<Piece> pieces = distribution.sources(missing, true, target);
        if (!missing.isEmpty()) {
            throw new IllegalStateException(this + ": no copy holds elements " + missing + " (" + distribution + ")");
        }
        return pieces;
    }

    /** The device memory of {@code context}'s copy, made (stale) if it has none yet. */
    public synchronized ClMem memoryIn(ContextImpl context) {
        checkOpen();
        return copyIn(context).mem;
    }

    /** Bytes per element on the device. */
    public long elementBytes() {
        return codec.byteSize();
    }

    /** Copies elements {@code [from, to)} of the host array (or host memory) into {@code dst}, packed for devices. */
    public synchronized void copyHostRange(long from, long to, MemorySegment dst) {
        long e = codec.byteSize();
        long bytes = (to - from) * e;
        if (hostMemory != null) {
            MemorySegment.copy(hostMemory.memory(), from * e, dst, 0, bytes);
            return;
        }
        Object a = hostArray();
        MemorySegment heap = codec.heapView(a);
        if (heap != null) {
            MemorySegment.copy(heap, from * e, dst, 0, bytes);
            return;
        }
        try (Arena whole = Arena.ofConfined()) { // booleans and records: packed one by one, so all of them
            MemorySegment packed = whole.allocate(Math.max(this.bytes, 1), 8);
            codec.copyToSegment(a, packed);
            MemorySegment.copy(packed, from * e, dst, 0, bytes);
        }
    }

    /** Elements {@code [from, to)} were moved into {@code target}'s copy (the move is ordered before its readers). */
    public synchronized void moved(ContextImpl target, long from, long to) {
        distribution.device(target).add(from, to);
        distribution.apply(this);
    }

    /** A device's chunk wrote elements {@code [from, to)} of {@code target}'s copy: stale everywhere else now. */
    public synchronized void chunkWrote(ContextImpl target, long from, long to) {
        distribution.wrote(target, from, to);
        distribution.apply(this);
    }

    /**
     * Under the scheduler's lock, before a DistributedQueue's chunk on {@code target}'s device: defers the wait for a
     * host transfer into the copy still running (its moves were made before). Adds nothing otherwise.
     */
    public synchronized void readyForChunk(CommandQueue target, Deferred deferred) {
        checkOpen();
        copyIn(target.context()).deferHostReady(deferred);
    }

    /**
     * The memory of {@code target}'s copy for a DistributedQueue's chunk, whose rows its moves made current: the
     * copy's last transfer joins {@code waits}. Validity changes once every chunk is enqueued ({@link #chunkWrote}).
     */
    public synchronized ClMem prepareChunk(CommandQueue target, List<EventImpl> waits) {
        checkOpen();
        DeviceCopy copy = copyIn(target.context());
        copy.joinReady(waits);
        return copy.mem;
    }

    /** True if {@code context}'s copy holds rows no whole copy has (a DistributedQueue's chunk wrote them there). */
    synchronized boolean holdsRowsOnly(ContextImpl context) {
        return distribution != null && distribution.hostLacks() && !distribution.device(context).isEmpty();
    }

    /** Host↔device copies made for this buffer so far. */
    long transfers() {
        return transfers.get();
    }

    MemorySegment staging() {
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
    public void dropContext(ContextImpl context) {
        BufferClose.dropContext(this, context);
    }

    /** Waits for every command using the buffer (a sub-buffer's close); nothing if it is closed. */
    public void awaitCommands() {
        BufferClose.awaitCommands(this);
    }

    /**
     * Waits for every command using the buffer, writes back, frees device memory. Safe to call twice. Marks the
     * buffer closed under the scheduler's lock (no command group starts using it after that) and waits with no lock
     * held.
     */
    public void close() {
        BufferClose.close(this);
    }

    void checkOpen() {
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
