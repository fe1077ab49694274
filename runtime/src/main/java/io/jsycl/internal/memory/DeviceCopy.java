package io.jsycl.internal.memory;

import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.platform.Settings;
import io.jsycl.opencl.ClException;
import io.jsycl.opencl.ClMem;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * One context's copy of a buffer's contents (see {@link BufferStorage}): its device memory, the
 * pinned memory its staged transfers go through, the uploads into it that need nothing of the host,
 * and its release.
 *
 * <p>A mapped copy is itself host-accessible memory, filled and read by map/unmap. Otherwise its
 * transfers go through pinned host memory ({@code CL_MEM_ALLOC_HOST_PTR}, mapped), so that uploads
 * and read-backs run at the bus's speed instead of being staged again by the driver: a block
 * borrowed from the context's {@link StagingPool} on the first transfer and handed back when the copy
 * is freed; where the driver cannot give pinned memory, through the storage's ordinary native
 * staging segment.
 *
 * <p>Thread safety: the mutable fields are guarded by the owning storage's monitor, and change only
 * while the scheduler's lock is held too, as the storage's own do.
 */
public final class DeviceCopy {
    /** Staged transfers of at least this many bytes move in {@link #PIPELINE_CHUNK} slices. */
    static final long PIPELINE_MIN = 16L << 20;
    /**
     * The slice of a pipelined staged transfer: big enough that a transfer's fixed cost is small beside it, small
     * enough that the copy engine starts early and every copy thread has slices to take (on the H100 host 4 MiB
     * slices on 8 threads moved 43 GB/s up and 50 GB/s down, 16 MiB slices 36 and 42, 64 MiB 22 and 23:
     * {@code DoorProbe}, git show bc45de4:benchmarks/results/runs/h100-2026-11-27-d86233a/door-probe.md).
     */
    static final long PIPELINE_CHUNK = 4L << 20;

    final ClMem mem;
    /** Whether {@code mem} is host-accessible and transfers map it. */
    final boolean mapped;
    /** The context's pool's block {@code mem} is, which goes back to the pool when the copy is freed; else null. */
    final DevicePool.Block block;
    /** The size of the buffer's contents in bytes (the memory holds at least one byte). */
    private final long bytes;
    // Guarded by the storage's monitor, as are the fields below.
    boolean valid;
    /**
     * The last upload into {@code mem} or unmap of it: commands using {@code mem} wait for it. While an
     * upload by map is still copying on the host, that upload's host event.
     */
    EventImpl ready;
    /** The pinned staging memory, once a transfer needed it. */
    StagingPool.Block pinned;
    /** Whether {@code pinned} came from the context's pool (and goes back to it). */
    boolean pooled;
    /** The last asynchronous upload reading the pinned memory. */
    EventImpl pinnedUse;
    /**
     * Whether {@code pinned} holds the buffer's current contents (it was the last transfer's source or
     * destination, or a host accessor wrote it in place): an upload then reads it as it is, and a host accessor
     * of a buffer without a user array reads and writes it in place.
     */
    boolean pinnedValid;
    /** Whether an upload by map made the copy current and traced that, so the next command need not. */
    boolean uploadTraced;

    /** A copy over {@code mem} (null for a fake queue's memory) of a buffer of {@code bytes} bytes. */
    DeviceCopy(ClMem mem, boolean mapped, long bytes) {
        this(mem, mapped, bytes, null);
    }

    private DeviceCopy(ClMem mem, boolean mapped, long bytes, DevicePool.Block block) {
        this.mem = mem;
        this.mapped = mapped;
        this.bytes = bytes;
        this.block = block;
    }

    private DeviceCopy(DevicePool.Block block, long bytes) {
        this(block.mem(), block.mapped(), bytes, block);
    }

    /**
     * A new, stale copy of {@code bytes} bytes for {@code context} in OpenCL memory (what
     * {@link ClQueue#allocate} gives), from the context's {@link DevicePool}: host-accessible memory where
     * transfers map it ({@link Settings#mapsHostTransfers}), else ordinary device memory (also when
     * the driver refuses host-accessible memory). A pooled block may be larger than the buffer; commands use
     * the buffer's bytes only.
     */
    static DeviceCopy create(ContextImpl context, long bytes) {
        long size = Math.max(bytes, 1);
        DevicePool pool = context.devicePool();
        if (Settings.current().mapsHostTransfers(context.hostUnifiedMemory())) {
            try {
                return new DeviceCopy(pool.take(size, true), bytes);
            } catch (ClException e) {
                // No host-accessible memory to give: this copy moves data through staging instead.
            }
        }
        return new DeviceCopy(pool.take(size, false), bytes);
    }

    /** The buffer's bytes in the pinned memory (a pooled block may be larger); {@link #pinned} is set. */
    MemorySegment pinnedBytes() {
        return pinned.host().asSlice(0, bytes);
    }

    /**
     * Uploads the host array {@code array} (packed by {@code codec}) through {@code staging}, the
     * pinned memory or the storage's native staging segment, on {@code target} after {@code waits};
     * a large array moves in slices ({@link #pipelineView}). Through the pinned memory, the upload
     * becomes its {@link #pinnedUse}, and the pinned memory holds the current contents.
     */
    EventImpl stageIn(CommandQueue target, ElementCodec codec, Object array, MemorySegment staging, List<EventImpl> waits) {
        MemorySegment heap = pipelineView(codec, array, bytes);
        CommandQueue.Command upload;
        if (heap == null) {
            codec.copyToSegment(array, staging);
            upload = target.write(this, 0, staging, bytes, waits);
        } else {
            upload = pipelinedUpload(target, heap, staging, waits);
        }
        EventImpl uploadEvent = target.event(upload);
        if (pinned != null) {
            pinnedUse = uploadEvent;
            pinnedValid = true; // filled from the current host array
        }
        return uploadEvent;
    }

    /**
     * Uploads the pinned memory, which holds the current contents, as it is: one DMA transfer on
     * {@code target} after {@code waits}, nothing copied on the host.
     */
    EventImpl uploadPinned(CommandQueue target, List<EventImpl> waits) {
        EventImpl uploadEvent = target.event(target.write(this, 0, pinnedBytes(), bytes, waits));
        pinnedUse = uploadEvent;
        return uploadEvent;
    }

    /**
     * The host array as a heap segment where a staged transfer of it moves in slices ({@link #PIPELINE_MIN} bytes
     * or more, elements copied as they are), else null.
     */
    static MemorySegment pipelineView(ElementCodec codec, Object array, long bytes) {
        return bytes < PIPELINE_MIN ? null : codec.heapView(array);
    }

    /**
     * Uploads in slices so the copy engine moves the slices already copied into the staging memory while
     * the next are copied (otherwise the whole array is copied before the first byte moves): several
     * threads each copy a slice in and enqueue its write at once ({@link HostCopy#eachSlice}). Returns one
     * command for the whole upload, a marker after every write.
     */
    private CommandQueue.Command pipelinedUpload(CommandQueue queue, MemorySegment heap, MemorySegment staging,
            List<EventImpl> waits) {
        int slices = slices(bytes);
        var writes = new CommandQueue.Command[slices];
        CommandQueue.SliceWriter writer = queue.sliceWriter(this, waits);
        try {
            copyInSlices(heap, staging, bytes, writes, writer::write);
            queue.flush();
            return queue.marker(List.of(writes));
        } finally {
            for (CommandQueue.Command w : writes) {
                if (w != null) {
                    w.close();
                }
            }
        }
    }

    /** The write of one slice of a staged upload, enqueued as soon as the slice is in the staging memory. */
    @FunctionalInterface
    interface SliceWrite<C> {
        C write(long offset, MemorySegment slice, long length);
    }

    /**
     * Copies {@code heap} into {@code staging} in {@link #PIPELINE_CHUNK} slices on the copy threads
     * ({@link HostCopy#eachSlice}), handing each slice to {@code write} once it is copied: {@code writes[i]} receives
     * slice {@code i}'s command; the caller releases those set, also when this throws. {@code writes} has
     * {@link #slices}{@code (bytes)} elements.
     */
    static <C> void copyInSlices(MemorySegment heap, MemorySegment staging, long bytes, C[] writes,
            SliceWrite<C> write) {
        HostCopy.eachSlice(writes.length, i -> {
            long offset = i * PIPELINE_CHUNK;
            long length = Math.min(PIPELINE_CHUNK, bytes - offset);
            MemorySegment.copy(heap, offset, staging, offset, length);
            writes[i] = write.write(offset, staging.asSlice(offset, length), length);
        });
    }

    /**
     * Copies {@code staging} into {@code heap} in {@code slices} {@link #PIPELINE_CHUNK} slices on the copy threads,
     * each once {@code arrived} has returned for it (its read has completed).
     */
    static void copyOutSlices(MemorySegment staging, MemorySegment heap, long bytes, int slices,
            HostCopy.SliceTask arrived) {
        HostCopy.eachSlice(slices, i -> {
            long offset = i * PIPELINE_CHUNK;
            arrived.run(i);
            MemorySegment.copy(staging, offset, heap, offset, Math.min(PIPELINE_CHUNK, bytes - offset));
        });
    }

    /** How many {@link #PIPELINE_CHUNK} slices a pipelined transfer of {@code bytes} bytes moves in. */
    static int slices(long bytes) {
        return Math.toIntExact((bytes + PIPELINE_CHUNK - 1) / PIPELINE_CHUNK);
    }

    /**
     * Frees the device memory and hands the pinned memory back to the context's pool (or unmaps and
     * frees it), after the copy's last upload or unmap. Called with no lock held; {@code storage} is
     * the owner, whose monitor guards the copy's fields.
     */
    void release(ContextImpl context, BufferStorage storage) {
        EventImpl lastUpload;
        EventImpl lastReady;
        synchronized (storage) { // a transfer finishing outside the scheduler's lock may still set ready
            lastUpload = pinnedUse;
            lastReady = ready;
        }
        for (EventImpl last : new EventImpl[] {lastUpload, lastReady}) {
            try {
                if (last != null) {
                    last.await();
                }
            } catch (RuntimeException ignored) {
                // The transfer's failure was reported to the command that waited for it; free regardless.
            }
        }
        try {
            if (pinned != null) {
                giveBack(context, pinned, pooled);
            }
        } finally {
            context.transfers().free(this);
        }
    }

    /** Hands {@code block} back to {@code context}'s pool if it came from there, else frees it. */
    static void giveBack(ContextImpl context, StagingPool.Block block, boolean pooled) {
        if (pooled) {
            context.stagingPool().give(block);
        } else {
            StagingPool.free(context, block);
        }
    }

    /**
     * Under the storage's monitor: defers the wait for {@link #ready} where it is host work still running (an upload
     * by map still copying on the host), which a command's wait list cannot hold.
     *
     * @return true if it deferred the wait
     */
    boolean deferHostReady(Deferred deferred) {
        if (ready != null && ready.isHostWork() && !ready.isDone()) {
            deferred.await(ready);
            return true;
        }
        return false;
    }

    /** Under the storage's monitor: adds {@link #ready} to a command's {@code waits}, or forgets it once done. */
    void joinReady(List<EventImpl> waits) {
        if (ready != null) {
            if (ready.isDone()) {
                ready = null;
            } else {
                waits.add(ready);
            }
        }
    }
}
