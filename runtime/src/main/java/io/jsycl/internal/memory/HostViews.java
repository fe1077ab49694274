package io.jsycl.internal.memory;

import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.platform.SchedulerTrace;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClMemFlags;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Host access in place: a host accessor that reads and writes a context's copy (mapped) or its pinned memory instead
 * of the host array, for a buffer with no array of the user's to keep current.
 *
 * <p>A buffer made from a shape has no array of the user's to keep current: once a mapped copy is
 * current, host accessors map that copy and read and write it in place, and nothing is copied in or
 * out. Where copies move through pinned memory instead, host accessors of such a buffer read and
 * write the copy's pinned memory, which then holds the current contents
 * ({@link DeviceCopy#pinnedValid}): the next upload is one DMA transfer from it, and a read-back one
 * DMA transfer into it, with no copy to or from a Java array.
 *
 * <p>Every method runs under the storage's monitor, and {@link #map} under the scheduler's lock too (the order of
 * {@link BufferStorage}); nothing here waits: maps, reads and unmaps are enqueued, and their events awaited by the
 * accessor.
 */
final class HostViews {
    private HostViews() {
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
     * memory is added. An access that only reads ({@code write} false) maps the copy for reading and leaves every
     * current copy current: the device copy stays valid beside the pinned memory it was read into, and the next
     * kernel needs no upload. Returns null where the host array is to be used ({@link BufferStorage#prepareHost}), or
     * with {@code deferred} holding what must come first (under the scheduler's lock: nothing here waits).
     */
    static BufferStorage.HostMapping map(BufferStorage s, List<EventImpl> waits, Deferred deferred, boolean write) {
        s.checkOpen();
        if (s.writeBack || s.bytes == 0) {
            return null;
        }
        for (var entry : s.copies.entrySet()) {
            DeviceCopy copy = entry.getValue();
            if (copy.mapped && copy.valid) {
                ContextImpl context = entry.getKey();
                if (deferred.pending(waits, context)) {
                    return null;
                }
                var mapping = context.transferQueue().enqueueMapBuffer(copy.mem,
                        write ? ClMemFlags.MAP_READ | ClMemFlags.MAP_WRITE : ClMemFlags.MAP_READ, 0, s.bytes,
                        EventImpl.waitList(waits, context));
                context.transferQueue().flush();
                if (write) {
                    s.makeOnlyCurrent(copy);
                }
                if (SchedulerTrace.on()) {
                    SchedulerTrace.log(s + ": host access maps its copy in " + context
                            + " (no host array to fill: nothing copied)");
                }
                return new BufferStorage.HostMapping(context, copy, mapping.host(), false, mapping.event());
            }
        }
        for (var entry : s.copies.entrySet()) {
            DeviceCopy copy = entry.getValue();
            ContextImpl context = entry.getKey();
            // Where the host array is current and the pinned memory is not, the host array costs nothing to use.
            if (copy.mapped || !(copy.pinnedValid || copy.valid && !s.hostValid)) {
                continue;
            }
            if (copy.pinned == null) {
                if (!s.pinnedTransfers) {
                    continue;
                }
                deferred.finish(new BufferTransfer.PinnedAllocation(s, context, copy));
                return null;
            }
            boolean download = !copy.pinnedValid;
            ClEvent read = null;
            if (download) {
                var before = new ArrayList<EventImpl>(waits);
                if (copy.pinnedUse != null) {
                    before.add(copy.pinnedUse); // an upload still reading the pinned memory the read overwrites
                }
                if (deferred.pending(before, context)) {
                    return null;
                }
                read = context.transferQueue().enqueueReadBuffer(copy.mem, false, 0, copy.pinnedBytes(),
                        s.bytes, EventImpl.waitList(before, context));
                context.transferQueue().flush();
                s.countTransfer();
            } else if (copy.pinnedUse != null && write) {
                waits.add(copy.pinnedUse); // the host writes what an upload may still read
            }
            if (download || write) {
                copy.pinnedUse = null;
            }
            if (write) {
                s.makeOnlyCurrent(copy); // then the pinned memory, not the device copy, is what the host may change
                copy.valid = false;
            }
            copy.pinnedValid = true;
            if (SchedulerTrace.on()) {
                SchedulerTrace.log(s + ": host access " + (write ? "reads and writes" : "reads")
                        + " the pinned memory of its copy in " + context
                        + (download ? " (" + s.bytes + " bytes read into it from the device; no host array to fill)"
                                : " (it holds the current contents: nothing moved)"));
            }
            return new BufferStorage.HostMapping(context, copy, copy.pinnedBytes(), true, read);
        }
        return null;
    }

    /**
     * Ends a host accessor's view: enqueues its unmap without waiting and makes it the copy's
     * {@link DeviceCopy#ready}, before the accessor's close lets later commands go on. A kernel waits
     * for it (the scheduler awaits host work before it looks at {@code ready}); transfers of the copy
     * are ordered after it on the same in-order transfer queue.
     */
    static void unmap(BufferStorage s, BufferStorage.HostMapping mapping) {
        if (mapping.pinned) {
            return; // the pinned memory stays the current contents; the next upload reads it
        }
        unmapped(s, mapping.context, mapping.copy, mapping.host);
    }

    /** Enqueues the unmap of {@code host}, a mapping of {@code copy}, and makes it the copy's last transfer. */
    static void unmapped(BufferStorage s, ContextImpl context, DeviceCopy copy, MemorySegment host) {
        ClCommandQueue queue = context.transferQueue();
        copy.ready = EventImpl.of(queue.enqueueUnmap(copy.mem, host, List.of()), context, false, queue);
    }
}
