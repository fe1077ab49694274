package io.jsycl.internal.schedule;

import io.jsycl.AccessMode;
import io.jsycl.SyclException;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.event.GraphLock;
import io.jsycl.internal.launch.CommandGroupRecord;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.memory.ContextImpl;
import io.jsycl.internal.platform.SchedulerTrace;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClException;
import io.jsycl.opencl.ClMem;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The data movement and bookkeeping of a {@link io.jsycl.DistributedQueue}: one in-order queue per device, each in a
 * context of its own, so that every device keeps its own copy of a buffer (one OpenCL buffer shared by several
 * devices would be moved whole by the driver, at about 1 GB/s between two GPUs).
 *
 * <p>A submit goes in three steps. The queue records the command group once per device, each a chunk of the range's
 * rows with, for each buffer, the elements its range mapper says the chunk touches. {@link #moveFor} then makes the
 * elements each chunk reads current on its device: a part the host array holds is uploaded from it; a part another
 * device holds is read from that device (on its queue, after the commands that wrote it: the host waits for them)
 * and written to this one, on this device's queue, before its chunk. Then the chunks are submitted, and
 * {@link #finish} records what each wrote (current on its device only) and one event for the whole command, which
 * later commands on other queues and host accessors wait for.
 *
 * <p>Ordering. On one device, the chunks, moves and uploads run in submission order on the device's in-order
 * queue. Between devices, data meets only through moves, and a move reads after the commands that wrote what it
 * reads: the devices run their chunks concurrently and synchronize only where a chunk reads rows another device
 * wrote (a halo, replicated data).
 *
 * <p>Thread safety: submits on one DistributedQueue are serialized by its caller ({@code synchronized}); the
 * storage's state changes under the scheduler's lock and the storage's monitor, as everywhere.
 */
public final class Distributor implements AutoCloseable {
    /** An upload's staging memory, freed once the write that reads it has completed. */
    private record Upload(ClEvent write, Arena arena) {
    }

    private final List<QueueScheduler> devices;
    private final ExecutorService completer;
    private final List<Upload> uploads = new ArrayList<>();

    /** Over {@code devices}: one in-order queue per device, each in its own context. */
    public Distributor(List<QueueScheduler> devices, String name) {
        this.devices = List.copyOf(devices);
        this.completer = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon()
                .name("jsycl-distributed-" + name).unstarted(r));
    }

    /**
     * Makes every element each chunk reads current on its device: {@code chunks.get(k)} is device {@code k}'s chunk,
     * or null where the device runs nothing. Returns once the moves are enqueued (a move from another device waits
     * for that device's commands).
     */
    public void moveFor(List<CommandGroupRecord> chunks) {
        freeFinishedUploads(false);
        var storages = new LinkedHashSet<BufferStorage>();
        for (CommandGroupRecord c : chunks) {
            if (c != null) {
                storages.addAll(c.requirements().keySet());
            }
        }
        Passes.run((deferred, first) -> {
            for (BufferStorage s : storages) {
                s.readyForDistribution(deferred);
            }
            return deferred.isEmpty() ? Boolean.TRUE : null;
        });
        for (int k = 0; k < chunks.size(); k++) {
            CommandGroupRecord c = chunks.get(k);
            if (c == null) {
                continue;
            }
            var chunk = ((CommandGroupRecord.Items) c.launch()).chunk();
            for (var req : c.requirements().entrySet()) {
                if (req.getValue() != AccessMode.WRITE) { // write without init reads nothing
                    long[] region = chunk.regions().get(req.getKey());
                    move(req.getKey(), k, region[0], region[1]);
                }
            }
        }
    }

    /** Makes elements {@code [from, to)} of {@code s} current on device {@code k}. */
    private void move(BufferStorage s, int k, long from, long to) {
        QueueScheduler target = devices.get(k);
        ContextImpl context = target.context();
        List<BufferStorage.Piece> pieces;
        ClMem dst;
        var sources = new LinkedHashMap<ContextImpl, ClMem>();
        GraphLock.LOCK.lock();
        try {
            pieces = s.plan(context, from, to);
            dst = pieces.isEmpty() ? null : s.memoryIn(context);
            for (var p : pieces) {
                if (p.source() != null) {
                    sources.put(p.source(), s.memoryIn(p.source()));
                }
            }
        } finally {
            GraphLock.LOCK.unlock();
        }
        long e = s.elementBytes();
        for (var p : pieces) {
            long offset = p.from() * e;
            long bytes = (p.to() - p.from()) * e;
            Arena arena = Arena.ofShared();
            try {
                MemorySegment staging = arena.allocate(Math.max(bytes, 1), 64);
                if (p.source() == null) {
                    s.copyHostRange(p.from(), p.to(), staging);
                } else {
                    // On the source device's queue: after the commands that wrote these elements there.
                    ClCommandQueue from_ = queueOf(p.source()).cl();
                    from_.enqueueReadBuffer(sources.get(p.source()), true, offset, staging, bytes, List.of()).close();
                }
                ClEvent write = target.cl().enqueueWriteBuffer(dst, false, offset, staging, bytes, List.of());
                target.cl().flush();
                synchronized (uploads) {
                    uploads.add(new Upload(write, arena));
                }
            } catch (ClException ex) {
                arena.close();
                throw new SyclException("moving " + bytes + " bytes of " + s + " to " + target + " failed: "
                        + ex.getMessage(), ex, ex.status(), ex.statusName());
            } catch (RuntimeException | Error ex) {
                arena.close();
                throw ex;
            }
            GraphLock.LOCK.lock();
            try {
                s.moved(context, p.from(), p.to());
            } finally {
                GraphLock.LOCK.unlock();
            }
            if (SchedulerTrace.on()) {
                SchedulerTrace.log(s + ": elements " + p.from() + ".." + p.to() + " to " + target + " from "
                        + (p.source() == null ? "the host array" : "the copy in " + p.source()));
            }
        }
    }

    private QueueScheduler queueOf(ContextImpl context) {
        for (QueueScheduler q : devices) {
            if (q.context() == context) {
                return q;
            }
        }
        throw new IllegalStateException("rows held in " + context + ", which is not one of this queue's devices");
    }

    /**
     * After the chunks were submitted ({@code events.get(k)} is chunk {@code k}'s event, null where it ran nothing):
     * the elements each chunk wrote are current on its device only, and one event, complete once every chunk is,
     * is each buffer's user (its writer, or a reader where no chunk wrote it).
     */
    public EventImpl finish(List<CommandGroupRecord> chunks, List<EventImpl> events) {
        var done = new CompletableFuture<Void>();
        EventImpl all = EventImpl.of(done);
        var modes = new LinkedHashMap<BufferStorage, AccessMode>();
        GraphLock.LOCK.lock();
        try {
            for (int k = 0; k < chunks.size(); k++) {
                CommandGroupRecord c = chunks.get(k);
                if (c == null) {
                    continue;
                }
                var chunk = ((CommandGroupRecord.Items) c.launch()).chunk();
                for (var req : c.requirements().entrySet()) {
                    modes.merge(req.getKey(), req.getValue(), (a, b) -> a == b ? a : AccessMode.READ_WRITE);
                    if (req.getValue() != AccessMode.READ) {
                        long[] region = chunk.regions().get(req.getKey());
                        req.getKey().chunkWrote(devices.get(k).context(), region[0], region[1]);
                    }
                }
            }
            for (Map.Entry<BufferStorage, AccessMode> m : modes.entrySet()) {
                m.getKey().recordUse(m.getValue(), all);
            }
        } finally {
            GraphLock.LOCK.unlock();
        }
        var waitFor = events.stream().filter(java.util.Objects::nonNull).toList();
        completer.execute(() -> {
            Throwable failure = null;
            for (EventImpl e : waitFor) {
                try {
                    e.await();
                } catch (RuntimeException | Error ex) {
                    failure = failure == null ? ex : failure;
                }
            }
            if (failure == null) {
                done.complete(null);
            } else {
                done.completeExceptionally(failure);
            }
        });
        return all;
    }

    /** Frees the staging memory of uploads that have completed; with {@code all}, waits for every one first. */
    public void freeFinishedUploads(boolean all) {
        synchronized (uploads) {
            uploads.removeIf(u -> {
                if (!all && u.write().executionStatus() > 0) {
                    return false;
                }
                try {
                    u.write().await();
                } finally {
                    u.write().close();
                    u.arena().close();
                }
                return true;
            });
        }
    }

    /** Waits for every upload and stops the thread that completes the commands' events. */
    @Override
    public void close() {
        freeFinishedUploads(true);
        completer.shutdown();
    }
}
