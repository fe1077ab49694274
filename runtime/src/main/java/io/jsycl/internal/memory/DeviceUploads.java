package io.jsycl.internal.memory;

import io.jsycl.AccessMode;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.platform.SchedulerTrace;
import io.jsycl.opencl.ClMem;
import java.util.List;

/**
 * What makes a context's copy of a buffer current for a device command, in the scheduler's two steps: {@link #ready}
 * defers what would wait on the host, {@link #prepare} then enqueues the upload without blocking.
 *
 * <p>Both run under the scheduler's lock and the storage's monitor, in that order (the order of
 * {@link BufferStorage}), and wait for nothing.
 */
final class DeviceUploads {
    private DeviceUploads() {
    }

    /**
     * Under the scheduler's lock, before {@link #prepare}: defers what would make the copy in
     * the context of {@code target} (the command's queue) current for a command using it with
     * {@code mode} wait on the host. An upload by map still copying is awaited; a host array that is
     * stale (the current contents are in another context) is read back first, by a transfer started
     * here; an upload into a mapped copy is itself such a transfer; pinned memory is made outside the
     * lock; staging memory that an upload still reads is awaited. Adds nothing to {@code deferred}
     * when {@link #prepare} can run now without blocking. The command's own dependencies are
     * the scheduler's to check.
     */
    static void ready(BufferStorage s, CommandQueue target, AccessMode mode, Deferred deferred) {
        s.checkOpen();
        ContextImpl context = target.context();
        DeviceCopy copy = s.copyIn(context);
        if (copy.deferHostReady(deferred)) {
            return;
        }
        if (mode == AccessMode.WRITE || copy.valid || s.bytes == 0 || copy.pinnedValid) {
            return; // nothing moves, or the pinned memory is uploaded as it is
        }
        if (!copy.mapped && s.zerosUnmade()) {
            return; // the copy is zeroed on the device: nothing to stage
        }
        if (!s.hostArrayReady(deferred)) {
            return;
        }
        if (copy.mapped) {
            BufferTransfer upload = BufferTransfer.MapUpload.start(s, context, copy, deferred);
            if (upload != null) {
                deferred.finish(upload);
            }
            return;
        }
        if (s.hostMemory != null) {
            return; // the upload reads the host memory as it is: nothing to stage
        }
        if (s.stagingFor(context, copy, deferred) == null) {
            return;
        }
        EventImpl busy = copy.pinned != null ? copy.pinnedUse : s.stagingUse;
        if (busy != null && !busy.isDone()) {
            deferred.await(busy); // the host copies into the staging memory an upload still reads
        }
    }

    /**
     * Makes the copy in {@code target}'s context current for a command that accesses it with
     * {@code mode} and returns its memory object, without blocking: {@link #ready} deferred
     * nothing, under the same hold of the scheduler's lock. The caller has already collected this
     * buffer's dependencies into {@code waits}. An upload (from the copy's pinned memory, or through
     * staging) is enqueued without blocking on {@code target}, after those dependencies; the copy's
     * last transfer joins {@code waits}, so that the command runs after it.
     */
    static ClMem prepare(BufferStorage s, CommandQueue target, AccessMode mode, List<EventImpl> waits) {
        s.checkOpen();
        ContextImpl context = target.context();
        DeviceCopy copy = s.copyIn(context);
        if (mode != AccessMode.WRITE && !copy.valid && s.bytes > 0) {
            String how;
            boolean zeroed = false;
            if (copy.pinnedValid) {
                copy.ready = copy.uploadPinned(target, waits);
                how = " from its pinned host memory, which holds the current contents (nothing copied on the host)";
            } else if (!copy.mapped && s.zerosUnmade()) {
                copy.ready = target.event(target.zero(copy, s.bytes, waits));
                how = " zeroed on the device (a buffer made from a shape: no host array to upload)";
                zeroed = true;
            } else if (s.hostValid && s.hostMemory != null && !copy.mapped) {
                copy.ready = target.event(target.write(copy, 0, s.hostMemory.memory(), s.bytes, waits));
                s.stagingUse = copy.ready; // a read-back into the host memory waits for it
                how = " straight from its host array's memory (nothing copied on the host)";
            } else if (s.hostValid && !copy.mapped && (copy.pinned != null || !s.pinnedTransfers)) {
                copy.ready = stageIn(s, target, copy, waits);
                how = " through staging memory";
            } else {
                throw new IllegalStateException(s + ": the upload to " + context + " was not made ready");
            }
            if (!zeroed) {
                s.countTransfer(); // a zeroing moves nothing from the host
            }
            if (SchedulerTrace.on()) {
                SchedulerTrace.log(s + ": " + s.bytes + " bytes to " + context + how
                        + " (the copy there was not current)");
            }
        } else if (copy.uploadTraced && mode != AccessMode.WRITE) {
            copy.uploadTraced = false; // the upload by map for this command was traced when it started
        } else if (SchedulerTrace.on()) {
            SchedulerTrace.log(s + ": nothing moved to " + context + (copy.valid || s.bytes == 0
                    ? " (the copy there is current)" : " (write-only access without init: the command overwrites it)"));
        }
        copy.joinReady(waits);
        copy.valid = true;
        if (mode != AccessMode.READ) {
            s.makeOnlyCurrent(copy);
        }
        return copy.mem;
    }

    /** Uploads the host array through the copy's pinned memory or the native staging segment, after {@code waits}. */
    private static EventImpl stageIn(BufferStorage s, CommandQueue target, DeviceCopy copy, List<EventImpl> waits) {
        boolean pinned = copy.pinned != null;
        EventImpl upload = copy.stageIn(target, s.codec, s.hostArray(), pinned ? copy.pinnedBytes() : s.staging(), waits);
        if (!pinned) {
            s.stagingUse = upload;
        }
        return upload;
    }
}
