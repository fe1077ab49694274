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
    /** Staging memory, freed once every write that reads it has completed. */
    private record Upload(List<ClEvent> writes, Arena arena) {
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

    /** Rows of one buffer that one chunk reads and its device lacks, and where they come from (null: the host). */
    private record Need(BufferStorage storage, int target, BufferStorage.Piece piece) {
    }

    /** Rows read from a device's copy into host memory, once however many devices need them. */
    private record Fetch(BufferStorage storage, ContextImpl source, long from, long to) {
    }

    /**
     * Makes every element each chunk reads current on its device: {@code chunks.get(k)} is device {@code k}'s chunk,
     * or null where the device runs nothing. In four steps, so that the devices' waits overlap: what each chunk lacks
     * and where it is; a read of each part another device holds, enqueued on that device's queue (after its commands
     * that wrote it) without waiting, once however many devices need it; one wait for all of them, each part then
     * also copied into the host array (where it has one), so the next command finds it there; a write of each part
     * to each device that needs it, on that device's queue, before its chunk. Returns once the writes are enqueued.
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
        List<Need> needs = needs(chunks);
        if (needs.isEmpty()) {
            return;
        }
        Map<Fetch, MemorySegment> fetched = fetch(needs);
        var arena = Arena.ofShared();
        var writes = new ArrayList<ClEvent>();
        try {
            for (Need n : needs) {
                BufferStorage s = n.storage();
                var p = n.piece();
                long e = s.elementBytes();
                long offset = p.from() * e;
                long bytes = (p.to() - p.from()) * e;
                MemorySegment from = p.source() == null ? null
                        : fetched.get(new Fetch(s, p.source(), p.from(), p.to()));
                if (from == null) {
                    from = arena.allocate(Math.max(bytes, 1), 64);
                    s.copyHostRange(p.from(), p.to(), from);
                }
                QueueScheduler target = devices.get(n.target());
                ClMem dst;
                GraphLock.LOCK.lock();
                try {
                    dst = s.memoryIn(target.context());
                } finally {
                    GraphLock.LOCK.unlock();
                }
                writes.add(target.cl().enqueueWriteBuffer(dst, false, offset, from, bytes, List.of()));
                GraphLock.LOCK.lock();
                try {
                    s.moved(target.context(), p.from(), p.to());
                } finally {
                    GraphLock.LOCK.unlock();
                }
                if (SchedulerTrace.on()) {
                    SchedulerTrace.log(s + ": elements " + p.from() + ".." + p.to() + " to " + target + " from "
                            + (p.source() == null ? "the host array" : "the copy in " + p.source()));
                }
            }
            for (QueueScheduler q : devices) {
                q.cl().flush();
            }
        } catch (ClException ex) {
            throw new SyclException("moving rows between a DistributedQueue's devices failed: " + ex.getMessage(), ex,
                    ex.status(), ex.statusName());
        } finally {
            synchronized (uploads) {
                uploads.add(new Upload(writes, arena)); // freed once every write that reads it has completed
            }
        }
    }

    /** What each chunk reads and its device lacks, and where each part is now. */
    private List<Need> needs(List<CommandGroupRecord> chunks) {
        var needs = new ArrayList<Need>();
        GraphLock.LOCK.lock();
        try {
            for (int k = 0; k < chunks.size(); k++) {
                CommandGroupRecord c = chunks.get(k);
                if (c == null) {
                    continue;
                }
                var chunk = ((CommandGroupRecord.Items) c.launch()).chunk();
                for (var req : c.requirements().entrySet()) {
                    if (req.getValue() == AccessMode.WRITE) {
                        continue; // write without init reads nothing
                    }
                    long[] region = chunk.regions().get(req.getKey());
                    for (var p : req.getKey().plan(devices.get(k).context(), region[0], region[1])) {
                        needs.add(new Need(req.getKey(), k, p));
                    }
                }
            }
        } finally {
            GraphLock.LOCK.unlock();
        }
        return needs;
    }

    /**
     * Reads every part that {@code needs} take from a device, each once, into host memory: all reads enqueued first
     * (each on its device's queue, after the commands that wrote it), then one wait for all. Each part is also copied
     * into its buffer's host array where it has one.
     */
    private Map<Fetch, MemorySegment> fetch(List<Need> needs) {
        var fetched = new LinkedHashMap<Fetch, MemorySegment>();
        var reads = new ArrayList<ClEvent>();
        var arena = Arena.ofShared();
        boolean done = false;
        try {
            var sourceQueues = new LinkedHashSet<QueueScheduler>();
            for (Need n : needs) {
                var p = n.piece();
                if (p.source() == null) {
                    continue;
                }
                var key = new Fetch(n.storage(), p.source(), p.from(), p.to());
                if (fetched.containsKey(key)) {
                    continue;
                }
                long e = n.storage().elementBytes();
                long bytes = (p.to() - p.from()) * e;
                MemorySegment into = arena.allocate(Math.max(bytes, 1), 64);
                ClMem src;
                GraphLock.LOCK.lock();
                try {
                    src = n.storage().memoryIn(p.source());
                } finally {
                    GraphLock.LOCK.unlock();
                }
                QueueScheduler from = queueOf(p.source());
                reads.add(from.cl().enqueueReadBuffer(src, false, p.from() * e, into, bytes, List.of()));
                sourceQueues.add(from);
                fetched.put(key, into);
            }
            for (QueueScheduler q : sourceQueues) {
                q.cl().flush();
            }
            for (ClEvent r : reads) {
                r.await();
            }
            for (var f : fetched.entrySet()) {
                Fetch key = f.getKey();
                GraphLock.LOCK.lock();
                try {
                    key.storage().copyToHostRange(key.from(), key.to(), f.getValue());
                } finally {
                    GraphLock.LOCK.unlock();
                }
            }
            done = true;
        } catch (ClException ex) {
            throw new SyclException("reading rows from a DistributedQueue's device failed: " + ex.getMessage(), ex,
                    ex.status(), ex.statusName());
        } finally {
            reads.forEach(ClEvent::close);
            if (done) {
                synchronized (uploads) {
                    uploads.add(new Upload(List.of(), arena)); // freed with the writes enqueued from it, below
                }
            } else {
                arena.close();
            }
        }
        return fetched;
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

    /**
     * Frees the staging memory whose writes have completed; with {@code all}, waits for every write first. Memory
     * read into from devices is freed only with all, or together with the next batch's: a later batch may still write
     * from it.
     */
    public void freeFinishedUploads(boolean all) {
        synchronized (uploads) {
            if (!all) {
                boolean pending = false;
                for (Upload u : uploads) {
                    for (ClEvent w : u.writes()) {
                        pending |= w.executionStatus() > 0;
                    }
                }
                if (pending) {
                    return;
                }
            }
            try {
                for (Upload u : uploads) {
                    for (ClEvent w : u.writes()) {
                        w.await();
                    }
                }
            } finally {
                for (Upload u : uploads) {
                    u.writes().forEach(ClEvent::close);
                    u.arena().close();
                }
                uploads.clear();
            }
        }
    }

    /** Waits for every upload and stops the thread that completes the commands' events. */
    @Override
    public void close() {
        freeFinishedUploads(true);
        completer.shutdown();
    }
}
