package io.jsycl.internal.schedule;

import io.jsycl.AccessMode;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.event.WaitWatch;
import io.jsycl.internal.memory.ArrayTransfers;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.platform.SchedulerTrace;
import io.jsycl.opencl.ClMem;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A queue's copy of a whole buffer into a Java array ({@code q.copy(buffer, array)}) read straight from the device
 * copy, on the queue's own OpenCL queue, where that copy holds the only current contents (what a kernel on the queue
 * just wrote: a count, a sum, a small result).
 *
 * <p>Why not a host accessor: its read-back goes on the context's transfer queue, after a marker for the writing
 * kernel where the kernel was launched without an event, and refreshes the buffer's host array. On an H200 a
 * one-work-item kernel and a host read of its 4-byte result took 37 µs against 15 µs for the kernel and a wait, and
 * hand-written OpenCL's kernel plus a read into pinned memory on the same in-order queue 20 µs. Here the read follows
 * the kernel on its queue (no marker: the in-order queue orders it) into the context's pinned staging memory
 * ({@link ArrayTransfers#toArray}, the device arrays' copy, pipelined for large arrays; a read into pageable memory
 * cost 10 µs more there), and the host array stays stale, as a host accessor that reads would leave the device copy
 * current. Measured on the same H200, a value-returning reduction gained 2-3 µs by it: most of what such a call costs
 * beyond its kernels is the round trip itself.
 *
 * <p>Ordering: under the graph lock the read is recorded as a reader of the buffer (host work whose future completes
 * once the array holds the contents), so a later command that writes the buffer waits for it; it waits for the
 * buffer's writers and, on an in-order queue, for the queue's previous command, as a command group would.
 */
public final class BufferReads {
    private BufferReads() {
    }

    /** What a pass leaves to do outside the lock: the device memory to read after {@code waits}. */
    private record Read(ClMem mem, List<EventImpl> waits) {
    }

    /** A pass's answer where the buffer is current elsewhere: a host accessor reads it. */
    private static final Read ELSEWHERE = new Read(null, List.of());

    /**
     * Copies the contents of {@code storage}, a whole buffer of primitives of exactly {@code array}'s length, into
     * {@code array} from its copy on {@code q}'s device; returns once the array holds them. Returns false, having
     * done nothing, where that copy is not the only current one (the host array is current, or another context's
     * copy, or the rows are spread): a host accessor's read is then the right one.
     */
    public static boolean toArray(QueueScheduler q, BufferStorage storage, Object array) {
        if (q.device().isHost() || storage.kind == null
                || (long) Array.getLength(array) * storage.elementBytes() != storage.byteSize()) {
            return false;
        }
        // A host accessor this thread holds (one that maps the device copy leaves it current) would be waited for
        // forever: refused, as a host read of the buffer is.
        storage.refuseHostAccessorOpenHere("q.copy(buffer, array)", "still open", "the copy would wait for it"
                + " forever: close the host accessor first, or copy out of it (hostAccessor.copyTo)");
        var done = new CompletableFuture<Void>();
        Read read = Passes.run((deferred, first) -> {
            if (!storage.currentOnlyIn(q.context())) {
                return ELSEWHERE;
            }
            var waits = new ArrayList<EventImpl>(4);
            storage.collectDependencies(AccessMode.READ, waits);
            q.orderAfterPrevious(waits);
            deferred.pending(waits, q.context()); // host work, other contexts' commands: awaited outside the lock
            storage.readyForDevice(q.commands(), AccessMode.READ, deferred);
            if (!deferred.isEmpty()) {
                return null;
            }
            ClMem mem = storage.prepareDevice(q.commands(), AccessMode.READ, waits);
            EventImpl use = EventImpl.of(done);
            use.describedAs(() -> "a copy of " + storage + " into a Java array on " + q, WaitWatch.KERNEL_CAUSE);
            storage.recordUse(AccessMode.READ, use);
            if (first && SchedulerTrace.on()) {
                SchedulerTrace.log(storage + ": " + storage.byteSize() + " bytes into a Java array on " + q
                        + "'s own OpenCL queue, after " + waits.size() + " command(s)");
            }
            return new Read(mem, waits);
        });
        if (read == ELSEWHERE) {
            return false;
        }
        try {
            ArrayTransfers.toArray(q.context(), q.cl(), storage.kind, read.mem(), 0, array, storage.byteSize(),
                    EventImpl.waitList(read.waits(), q.context(), q.inOrderCl()));
            // A checked kernel's failure (an index out of bounds) is thrown here, as a host accessor's wait throws
            // it; the writers are done, so each wait returns at once. A launch without an event is never checked.
            for (EventImpl e : read.waits()) {
                if (!e.launchedWithoutEvent()) {
                    e.await();
                }
            }
        } finally {
            done.complete(null); // a failure is the caller's to throw; later users of the buffer go on
        }
        return true;
    }
}
