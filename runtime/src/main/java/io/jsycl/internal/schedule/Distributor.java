package io.jsycl.internal.schedule;

import io.jsycl.AccessMode;
import io.jsycl.SyclException;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.event.GraphLock;
import io.jsycl.internal.launch.CommandGroupRecord;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.memory.ContextImpl;
import io.jsycl.internal.memory.PinnedLease;
import io.jsycl.internal.memory.ReductionImpl;
import io.jsycl.internal.platform.SchedulerTrace;
import io.jsycl.internal.platform.Settings;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;

/**
 * The data movement and bookkeeping of a {@link io.jsycl.DistributedQueue}: one in-order queue per device, each in a
 * context of its own, so that every device keeps its own copy of a buffer (one OpenCL buffer shared by several
 * devices would be moved whole by the driver, at about 1 GB/s between two GPUs).
 *
 * <p>A submit goes in steps. The queue records the command group once per device, each a chunk of the range's
 * rows with, for each buffer, the elements its range mapper says the chunk touches. {@link #plan} finds what each
 * chunk reads and its device lacks, and where it is current: the host array, or the device that wrote it, and takes
 * the staging memory of the moves. Then, for each device in turn ({@link #onEachDevice}): {@link #startReads}
 * enqueues a read of each part the device holds and another lacks, on its queue, once however many devices need it,
 * and waits for nothing; the queue submits what the device can run before the moves: its chunk where it lacks
 * nothing, else the rows that read none of what it lacks ({@link #interior}: a stencil's rows away from its halo), so
 * the devices compute while the reads wait for the commands that wrote what they read. Once every device has done
 * that, again for each device: {@link #enqueueWrites} waits for the reads of what the device lacks and writes
 * them to it, on its queue, and the queue submits the rest of its chunk after the writes. {@link #endMoves} lets the
 * reads go. {@link #finish} then records what each chunk wrote (current on its device only) and one event for the
 * whole command, which later commands on other queues and host accessors wait for; a reduction's parts are combined
 * into its output on the queue's completion thread ({@link #openCombine}).
 *
 * <p>Threads. The submitting thread makes every enqueue, for every device, itself: on NVIDIA's driver a step of a
 * stencil over four GPUs (a dozen reads and writes of halo rows, a dozen kernel launches) took 0.46 ms with a thread
 * per device and the devices' launch threads, against 0.29 ms from one thread, which is what the same stencil
 * written by hand in OpenCL takes. For the same reason the completion thread, which waits for each submit's chunks to
 * complete its event, keeps out of the driver while submits come back to back ({@link SubmitQuiet}): its waits made
 * the submitting thread's enqueues several times slower.
 *
 * <p>Ordering. On one device, the chunks, moves and uploads run in submission order on the device's in-order
 * queue. Between devices, data meets only through moves, and a move reads after the commands that wrote what it
 * reads: the devices run their chunks concurrently and synchronize only where a chunk reads rows another device
 * wrote (a halo, replicated data).
 *
 * <p>The moves run on a second in-order queue of each device (unless {@code JSYCL_MOVES_QUEUE=off}: then on the
 * device's own, between its kernels), so that they overlap the interior's kernel: each submit's first command on a
 * moving device's moves queue waits for a marker on the device's queue after every command submitted to the device
 * before (the writers of what its reads read, the readers of the halo rows its writes overwrite), and the parts
 * submitted after the writes wait, through a marker on the device's queue, for its last write, which the in-order
 * moves queue runs after its reads. A part submitted with the reads under way ({@link #guardWrites}) waits for them
 * where it writes a buffer they read. Its markers and flushes cost the submitting thread calls of its own, so the
 * order pays only with the calls of a step kept few: a chunk at an end of the range keeps one strip, the host waits
 * once for each device's reads, and an upload's writes are known complete from a later submit's reads rather than
 * asked about. The 16384² stencil on four H200s (at 3a313c8): 0.265 to 0.300 ms a step with the moves queue, 0.294 to
 * 0.368 between the kernels, against 0.98 on one GPU.
 *
 * <p>Thread safety: submits on one DistributedQueue are serialized by its caller ({@code synchronized}); the
 * storage's state changes under the scheduler's lock and the storage's monitor, as everywhere.
 */
public final class Distributor implements AutoCloseable {
    /**
     * One submit's writes to the devices and the memory they read from, kept until every write has completed: pinned
     * memory of the target's context, given back to its pool then, or (where the driver gives none) an automatic
     * arena, left to the garbage collector; closing a shared arena would stop every thread of the JVM (a handshake),
     * which once cost a DistributedQueue a quarter of its submit.
     */
    private record Upload(long submit, ClEvent[] writes, Arena arena, List<PinnedLease> pinned) {
    }

    private static final System.Logger LOG = System.getLogger("io.jsycl.scheduler");

    private final List<QueueScheduler> devices;
    /** Per device: the in-order queue its moves run on, or null: its own queue ({@code JSYCL_MOVES_QUEUE=off}). */
    private final ClCommandQueue[] movesQueues;
    private final ExecutorService completer;
    private final SubmitQuiet quiet = new SubmitQuiet();
    private final List<Upload> uploads = new ArrayList<>();
    /** Moves planned so far: the number of the submit being planned. Guarded by {@link #uploads}. */
    private long planned;
    /**
     * Per device: the number of the latest submit whose reads from it the host has seen complete, so every command
     * of an earlier submit on the queue its moves run on (in order) is complete too: its writes need no status query.
     * Guarded by {@link #uploads}.
     */
    private final long[] readsSeen;

    /** Over {@code devices}: one in-order queue per device, each in its own context. */
    public Distributor(List<QueueScheduler> devices, String name) {
        this.devices = List.copyOf(devices);
        this.movesQueues = new ClCommandQueue[this.devices.size()];
        this.readsSeen = new long[this.devices.size()];
        if (Settings.current().movesQueue().get()) {
            try {
                for (int k = 0; k < movesQueues.length; k++) {
                    QueueScheduler q = this.devices.get(k);
                    if (!q.device().isHost()) {
                        movesQueues[k] = ClCommandQueue.create(q.context().cl(), q.device().cl(), false, false);
                    }
                }
            } catch (ClException e) {
                for (ClCommandQueue q : movesQueues) {
                    if (q != null) {
                        q.close();
                    }
                }
                throw moveFailed(e);
            }
        }
        this.completer = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon()
                .name("jsycl-distributed-" + name).unstarted(r));
    }

    /**
     * Runs {@code work.accept(k)} for every device {@code k} that {@code has} accepts, in device order, on this thread;
     * a piece that throws does not stop the others, and the first failure (in device order) is thrown once all have
     * run. One thread makes every device's enqueues: on NVIDIA's driver a thread per device made a 4-GPU stencil step
     * slower, not faster (0.46 against 0.29 ms, four H200s), the driver's enqueues from several threads waiting for
     * each other.
     */
    public void onEachDevice(IntPredicate has, IntConsumer work) {
        Throwable first = null;
        for (int k = 0; k < devices.size(); k++) {
            if (!has.test(k)) {
                continue;
            }
            try {
                work.accept(k);
            } catch (RuntimeException | Error e) {
                first = first == null ? e : first;
            }
        }
        if (first instanceof RuntimeException e) {
            throw e;
        }
        if (first instanceof Error e) {
            throw e;
        }
    }

    /** A submit starts: the completion thread keeps out of the driver until it has ended ({@link SubmitQuiet}). */
    public void submitStarts() {
        quiet.begin();
    }

    /** The submit that started has enqueued everything it will. */
    public void submitEnded() {
        quiet.end();
    }

    /** Rows of one buffer that one chunk reads and its device lacks, and where they come from (null: the host). */
    private record Need(BufferStorage storage, int target, BufferStorage.Piece piece) {
    }

    /** How chunk {@code device} uses a buffer whose rows the queue spreads: its access mode and the elements. */
    private record Use(int device, BufferStorage storage, AccessMode mode, long[] region) {
    }

    /**
     * Every use of a spread buffer by {@code chunks} ({@code chunks.get(k)} device {@code k}'s, null where it runs
     * nothing), in device order; a reduction's partial is not one (its device's own, a plain queue's buffer).
     */
    private static List<Use> uses(List<CommandGroupRecord> chunks) {
        var uses = new ArrayList<Use>();
        for (int k = 0; k < chunks.size(); k++) {
            CommandGroupRecord c = chunks.get(k);
            if (c == null) {
                continue;
            }
            var chunk = CommandGroupRecord.chunkOf(c.launch());
            for (var req : c.requirements().entrySet()) {
                long[] region = chunk.regions().get(req.getKey());
                if (region != null) {
                    uses.add(new Use(k, req.getKey(), req.getValue(), region));
                }
            }
        }
        return uses;
    }

    /** Rows read from a device's copy into host memory, once however many devices need them. */
    private record Fetch(BufferStorage storage, ContextImpl source, long from, long to) {
    }

    /** One read of a part from device {@code source}'s copy into {@code into} (the source context's staging memory). */
    private record Read(Fetch fetch, int source, MemorySegment into) {
    }

    /**
     * One submit's moves: what each chunk reads and its device lacks, where each part is now, the reads from devices
     * and the staging memory of every read and write, taken when planned ({@link #startReads}, {@link
     * #enqueueWrites}, {@link #endMoves}).
     */
    public static final class Moves {
        private final List<Need> needs;
        /** Per need: the read it copies from, null where the part comes from the host array. */
        private final List<Read> readOf = new ArrayList<>();
        /** Per need: the target context's staging memory its write reads from. */
        private final List<MemorySegment> writeFrom = new ArrayList<>();
        private final List<Read> reads = new ArrayList<>();
        /**
         * Per device: the event of the last read from it, which stands for all of them (its queue is in order); set
         * by the device's piece of {@link #startReads}, published to the pieces of {@link #enqueueWrites} by the
         * join between the two. An OpenCL event costs NVIDIA's driver microseconds to make and to release: a
         * four-GPU stencil step reads six rows and writes six.
         */
        private final ClEvent[] lastRead;
        /** Per device: the event of the last write to it, which stands for all of them. */
        private final ClEvent[] lastWrite;
        /**
         * Per device with a moves queue: a marker after the commands submitted to the device before this submit,
         * which the submit's first command on the moves queue waits for (the rest follow it there), until that
         * command is enqueued.
         */
        private final ClEvent[] before;
        private final long submit;
        /** The source contexts' pinned memory the reads land in, given back once the parts are copied out. */
        private final List<PinnedLease> readInto = new ArrayList<>();
        /** The target contexts' pinned memory the writes read from, given back once the writes have completed. */
        private final List<PinnedLease> writeLeases = new ArrayList<>();
        private Arena arena;

        private Moves(List<Need> needs, int devices, long submit) {
            this.needs = needs;
            this.submit = submit;
            this.lastRead = new ClEvent[devices];
            this.lastWrite = new ClEvent[devices];
            this.before = new ClEvent[devices];
        }

        /** What device {@code k}'s next command on its moves queue waits for: {@link #before}'s marker, or nothing. */
        private List<ClEvent> firstOnMovesQueue(int k) {
            return before[k] == null ? List.of() : List.of(before[k]);
        }

        /** A command of device {@code k} is on its moves queue: the ones after it need not wait for the marker. */
        private void enqueuedOnMovesQueue(int k) {
            if (before[k] != null) {
                before[k].close();
                before[k] = null;
            }
        }

        /**
         * {@code bytes} of staging memory: {@code context}'s pinned memory, noted in {@code leases} to be given back,
         * or where the driver gives none, the moves' automatic arena's.
         */
        private MemorySegment staging(ContextImpl context, long bytes, List<PinnedLease> leases) {
            try {
                PinnedLease lease = PinnedLease.take(context, bytes);
                leases.add(lease);
                return lease.host();
            } catch (ClException e) {
                if (arena == null) {
                    arena = Arena.ofAuto();
                }
                return arena.allocate(Math.max(bytes, 1), 64);
            }
        }

        /** Whether chunk {@code k} lacks rows it reads. */
        public boolean lacks(int k) {
            for (Need n : needs) {
                if (n.target() == k) {
                    return true;
                }
            }
            return false;
        }

        /** Whether device {@code k} holds a part another device lacks (it runs reads in {@link #startReads}). */
        public boolean sources(int k) {
            for (Read r : reads) {
                if (r.source() == k) {
                    return true;
                }
            }
            return false;
        }

        /** Whether any chunk lacks rows. */
        public boolean any() {
            return !needs.isEmpty();
        }
    }

    /**
     * Plans the moves that make every element each chunk reads current on its device: {@code chunks.get(k)} is
     * device {@code k}'s chunk, or null where the device runs nothing; takes the staging memory of every read and
     * write. Moves nothing yet; once planned, {@link #endMoves} must follow, whatever happens between.
     */
    public Moves plan(List<CommandGroupRecord> chunks) {
        long submit;
        synchronized (uploads) {
            submit = ++planned;
        }
        freeFinishedUploads(false);
        var storages = new LinkedHashSet<BufferStorage>();
        for (CommandGroupRecord c : chunks) {
            if (c != null) {
                storages.addAll(CommandGroupRecord.chunkOf(c.launch()).regions().keySet());
            }
        }
        Passes.run((deferred, first) -> {
            for (BufferStorage s : storages) {
                s.readyForDistribution(deferred);
            }
            return deferred.isEmpty() ? Boolean.TRUE : null;
        });
        var needs = new ArrayList<Need>();
        GraphLock.LOCK.lock();
        try {
            for (Use u : uses(chunks)) {
                if (u.mode() == AccessMode.WRITE) {
                    continue; // write without init reads nothing
                }
                for (var p : u.storage().plan(devices.get(u.device()).context(), u.region()[0], u.region()[1])) {
                    needs.add(new Need(u.storage(), u.device(), p));
                }
            }
        } finally {
            GraphLock.LOCK.unlock();
        }
        var m = new Moves(needs, devices.size(), submit);
        try {
            var fetched = new LinkedHashMap<Fetch, Read>();
            for (Need n : needs) {
                var p = n.piece();
                long bytes = (p.to() - p.from()) * n.storage().elementBytes();
                Read read = null;
                if (p.source() != null) {
                    // each part once, however many devices need it
                    read = fetched.computeIfAbsent(new Fetch(n.storage(), p.source(), p.from(), p.to()),
                            f -> new Read(f, indexOf(f.source()), m.staging(f.source(), bytes, m.readInto)));
                }
                m.readOf.add(read);
                // The target context's pinned memory: a write from it is DMA that waits for nothing on the host.
                m.writeFrom.add(m.staging(devices.get(n.target()).context(), bytes, m.writeLeases));
            }
            m.reads.addAll(fetched.values());
        } catch (RuntimeException | Error e) {
            endMoves(m, false);
            throw e;
        }
        return m;
    }

    /**
     * The rows of {@code chunk} (device {@code k}'s) that read none of the rows its device lacks, as a part that may
     * run before the moves: whole multiples of {@link ChunkSplit#ALIGN} rows inside the chunk, leaving a strip for
     * after them only at an end whose neighbourhood moves (a stencil's rows next to its halo: a chunk at either end of
     * the range has a halo on one side only, and one launch fewer). Null where there is no such part.
     */
    public CommandGroupRecord.Chunk interior(Moves moves, int k, CommandGroupRecord.Chunk chunk,
            Map<BufferStorage, AccessMode> requirements) {
        long a = ChunkSplit.ALIGN;
        long last = chunk.to() - 1 - Math.floorMod(chunk.to() - 1, a); // the last aligned row before to
        CommandGroupRecord.Chunk best = null;
        for (int t = 1; t <= 4 && best == null; t++) {
            for (long from : new long[] {chunk.from(), chunk.from() + t * a}) {
                for (long to : new long[] {chunk.to(), last - (t - 1) * a}) {
                    boolean whole = from == chunk.from() && to == chunk.to();
                    if (whole || from >= to || best != null && to - from <= best.to() - best.from()) {
                        continue;
                    }
                    CommandGroupRecord.Chunk part = chunk.part(from, to);
                    if (readsNoneLacking(moves, k, part, requirements)) {
                        best = part;
                    }
                }
            }
        }
        return best;
    }

    private static boolean readsNoneLacking(Moves moves, int k, CommandGroupRecord.Chunk part,
            Map<BufferStorage, AccessMode> requirements) {
        for (Need n : moves.needs) {
            if (n.target() != k || requirements.get(n.storage()) == AccessMode.WRITE) {
                continue;
            }
            long[] region = part.regions().get(n.storage());
            if (region[1] > n.piece().from() && region[0] < n.piece().to()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Enqueues on device {@code k}'s queue a read of every part that the moves take from it, into host memory,
     * without waiting: after the commands that wrote it and before any chunk submitted to the device after this call.
     */
    public void startReads(Moves m, int k) {
        QueueScheduler from = devices.get(k);
        Read last = null;
        for (Read r : m.reads) {
            last = r.source() == k ? r : last;
        }
        ClCommandQueue moves = movesQueue(k);
        try {
            if (movesQueues[k] != null && (last != null || m.lacks(k))) {
                // The moves queue runs in order: its first command of this submit waits for a marker after every
                // command submitted to the device before, which orders this submit's reads and (later) writes after
                // them.
                m.before[k] = from.cl().enqueueMarker(List.of());
                from.cl().flush(); // the moves queue waits for it from another queue
            }
            for (Read r : m.reads) {
                if (r.source() != k) {
                    continue;
                }
                Fetch f = r.fetch();
                long e = f.storage().elementBytes();
                ClMem src = locked(() -> f.storage().memoryIn(f.source()));
                long bytes = (f.to() - f.from()) * e;
                List<ClEvent> after = m.firstOnMovesQueue(k);
                if (r == last) {
                    m.lastRead[k] = moves.enqueueReadBuffer(src, false, f.from() * e, r.into(), bytes, after);
                } else {
                    moves.enqueueReadBufferWithoutEvent(src, f.from() * e, r.into(), bytes, after);
                }
                m.enqueuedOnMovesQueue(k);
            }
            // Where the moves share the device's queue, no clFlush after the reads or the writes: each cost about
            // 10 µs of the submitting thread on NVIDIA's driver, whose enqueues reach the GPU without it, and a 4-GPU
            // stencil step took 0.73 ms with them, 0.50 without (four H200s). A driver that holds commands until a
            // flush sends these at the next wait for any of them: a target's wait for the reads, or the completion
            // thread's for the chunks (both flush implicitly).
        } catch (ClException ex) {
            if (m.lastRead[k] == null) {
                finishQuietly(moves); // reads without an event may be under way: their memory goes back to the pool
            }
            throw moveFailed(ex);
        }
    }

    /** The queue device {@code k}'s moves run on: its moves queue, or its own. */
    private ClCommandQueue movesQueue(int k) {
        return movesQueues[k] != null ? movesQueues[k] : devices.get(k).cl();
    }

    /**
     * Where the moves run on a queue of their own: before {@code part} is submitted to device {@code k} while the
     * device's reads may be under way (its chunk or interior, {@link #startReads} made), makes the part wait for them
     * if it writes a buffer they read (a kernel that reads its neighbours' rows of the buffer it writes). Nothing
     * otherwise, and nothing where the moves run between the kernels.
     */
    public void guardWrites(Moves m, int k, CommandGroupRecord part) {
        if (m.lastRead[k] == null || movesQueues[k] == null) {
            return;
        }
        for (Read r : m.reads) {
            AccessMode mode = part.requirements().get(r.fetch().storage());
            if (r.source() == k && mode != null && mode != AccessMode.READ) {
                waitOnQueue(k, List.of(m.lastRead[k]));
                return;
            }
        }
    }

    /**
     * Where the moves run on a queue of their own: makes what is submitted to device {@code k} from now on wait for
     * its writes ({@link #enqueueWrites}) and its reads, through its last write, which its in-order moves queue runs
     * after the reads of {@link #startReads}. Call it after the writes, before the parts that read them.
     */
    public void afterMoves(Moves m, int k) {
        if (movesQueues[k] != null && m.lastWrite[k] != null) {
            waitOnQueue(k, List.of(m.lastWrite[k]));
        }
    }

    /** A marker on device {@code k}'s own queue that what is submitted after it waits for {@code events} through. */
    private void waitOnQueue(int k, List<ClEvent> events) {
        try {
            devices.get(k).cl().enqueueMarker(events).close();
        } catch (ClException ex) {
            throw moveFailed(ex);
        }
    }

    /**
     * Waits for the reads ({@link #startReads}) of the parts device {@code k} lacks and enqueues a write of each to
     * it, on its queue, from its context's staging memory. Returns once the writes are enqueued; chunks submitted to
     * the device after this call read them. Each device's writes may be enqueued at once with the others'; every
     * device's reads must have been enqueued before.
     *
     * <p>The wait is on the host. A write that waits on its device instead, for an OpenCL user event that the
     * read's completion callback sets, lets a submit return at once, but on NVIDIA's driver (580) it made a step of a
     * 2-D stencil on two H200s take 9 ms instead of 0.74 (run 91f6bd9): the callbacks and the commands held behind a
     * user event are each released late. The reads complete soon after the previous submit's last commands, while
     * the devices run what {@link #interior} let this submit start.
     */
    public void enqueueWrites(Moves m, int k) {
        QueueScheduler target = devices.get(k);
        ClCommandQueue moves = movesQueue(k); // on its own, it waits for what startReads ordered it after
        int last = -1;
        for (int i = 0; i < m.needs.size(); i++) {
            last = m.needs.get(i).target() == k ? i : last;
        }
        try {
            for (int i = 0; i <= last; i++) {
                Need n = m.needs.get(i);
                if (n.target() != k) {
                    continue;
                }
                BufferStorage s = n.storage();
                var p = n.piece();
                long e = s.elementBytes();
                long bytes = (p.to() - p.from()) * e;
                MemorySegment from = m.writeFrom.get(i);
                Read read = m.readOf.get(i);
                if (read == null) {
                    s.copyHostRange(p.from(), p.to(), from);
                } else {
                    awaitReads(m, read.source());
                    MemorySegment.copy(read.into(), 0, from, 0, bytes);
                }
                ClMem dst = locked(() -> s.memoryIn(target.context()));
                List<ClEvent> after = m.firstOnMovesQueue(k);
                if (i == last) {
                    m.lastWrite[k] = moves.enqueueWriteBuffer(dst, false, p.from() * e, from, bytes, after);
                } else {
                    moves.enqueueWriteBufferWithoutEvent(dst, p.from() * e, from, bytes, after);
                }
                m.enqueuedOnMovesQueue(k);
                locked(() -> s.moved(target.context(), p.from(), p.to()));
                if (SchedulerTrace.on()) {
                    SchedulerTrace.log(s + ": elements " + p.from() + ".." + p.to() + " to " + target + " from "
                            + (p.source() == null ? "the host array" : "the copy in " + p.source())
                            + (movesQueues[k] == null ? "" : ", on its moves queue"));
                }
            }
            if (movesQueues[k] != null) {
                // The parts after the writes wait for them from the device's own queue: a driver that holds commands
                // until a flush would hold the writes, and those parts, until something waited for them.
                moves.flush();
            }
        } catch (ClException ex) {
            if (m.lastWrite[k] == null) {
                finishQuietly(moves); // writes without an event may be under way: their memory goes back then
            }
            throw moveFailed(ex);
        }
    }

    /**
     * Waits for the reads from device {@code source} (a driver call the first time in a submit only: the event keeps
     * its end), and notes that every earlier command on the queue they ran on has completed.
     */
    private void awaitReads(Moves m, int source) {
        m.lastRead[source].await();
        synchronized (uploads) {
            readsSeen[source] = Math.max(readsSeen[source], m.submit);
        }
    }

    /** Waits for every command on {@code queue}, quietly: after a failed move, which the caller throws. */
    private static void finishQuietly(ClCommandQueue queue) {
        try {
            queue.finish();
        } catch (RuntimeException ignored) {
            // the move's failure is the one to report
        }
    }

    /**
     * Ends the moves: releases the reads and gives back the memory they landed in, and keeps the writes with the
     * memory they read from until they have completed. Where the writes were not all made ({@code written} false: a
     * failure), waits for each read first, quietly, since a read still under way writes into its memory.
     */
    public void endMoves(Moves m, boolean written) {
        for (int k = 0; k < m.before.length; k++) {
            m.enqueuedOnMovesQueue(k); // after a failure, a marker no command waited for
        }
        for (ClEvent read : m.lastRead) {
            if (read == null) {
                continue; // no read from that device
            }
            try {
                if (!written) {
                    read.await();
                }
            } catch (ClException ignored) {
                // the caller throws the first failure
            } finally {
                read.close();
            }
        }
        m.readInto.forEach(PinnedLease::giveBack);
        m.readInto.clear();
        boolean anyWrite = false;
        for (ClEvent w : m.lastWrite) {
            anyWrite |= w != null;
        }
        if (anyWrite || !m.writeLeases.isEmpty() || m.arena != null) {
            synchronized (uploads) {
                // kept until every write has completed
                uploads.add(new Upload(m.submit, m.lastWrite.clone(), m.arena, List.copyOf(m.writeLeases)));
            }
        }
    }

    private int indexOf(ContextImpl context) {
        for (int k = 0; k < devices.size(); k++) {
            if (devices.get(k).context() == context) {
                return k;
            }
        }
        throw new IllegalStateException("rows held in " + context + ", which is not one of this queue's devices");
    }

    /** {@code work}'s result, computed under the scheduler's lock (a storage's rows change only under it). */
    private static <T> T locked(java.util.function.Supplier<T> work) {
        GraphLock.LOCK.lock();
        try {
            return work.get();
        } finally {
            GraphLock.LOCK.unlock();
        }
    }

    /** {@code work}, run under the scheduler's lock. */
    private static void locked(Runnable work) {
        locked(() -> {
            work.run();
            return null;
        });
    }

    private static SyclException moveFailed(ClException ex) {
        return new SyclException("moving rows between a DistributedQueue's devices failed: " + ex.getMessage(), ex,
                ex.status(), ex.statusName());
    }

    /**
     * The combine of the reductions the chunks ran ({@code chunks.get(k)} device {@code k}'s) into the user's outputs,
     * opened now and run by {@link #finish} once the chunks have completed: each output's later users (commands, host
     * accessors, its close) wait for it from this call on, and the submit returns without waiting for the devices.
     * Null where the chunks run no reduction.
     */
    public Combine openCombine(List<CommandGroupRecord> chunks) {
        var parts = new ArrayList<List<ReductionImpl>>(); // by reduction, each device's part in device order
        for (CommandGroupRecord c : chunks) {
            if (c != null && c.launch() instanceof CommandGroupRecord.Reduce reduce) {
                for (int r = 0; r < reduce.reductions().size(); r++) {
                    if (r == parts.size()) {
                        parts.add(new ArrayList<>());
                    }
                    parts.get(r).add(reduce.reductions().get(r));
                }
            }
        }
        if (parts.isEmpty()) {
            return null;
        }
        var intos = new ArrayList<Into>();
        for (List<ReductionImpl> reduction : parts) {
            ReductionImpl whole = reduction.getFirst().whole();
            // The combine waits for the output's host accessors: one open on this thread would never close.
            whole.output().refuseHostAccessorOpenHere("a DistributedQueue's reduction into it", "open",
                    "close the host accessor before the submit");
        }
        for (List<ReductionImpl> reduction : parts) {
            ReductionImpl whole = reduction.getFirst().whole();
            intos.add(new Into(whole, reduction, Scheduler.openHostAccess(whole.output(), false)));
        }
        return new Combine(intos);
    }

    /**
     * The combine of a parallelFor's reductions, one {@link Into} each, in their order: run, or abandoned, together.
     */
    public static final class Combine {
        private final List<Into> intos;

        private Combine(List<Into> intos) {
            this.intos = intos;
        }

        /** Combines each reduction; if one fails, those after it are abandoned and the failure thrown. */
        void run() {
            for (int i = 0; i < intos.size(); i++) {
                try {
                    intos.get(i).run();
                } catch (RuntimeException | Error e) {
                    for (Into later : intos.subList(i + 1, intos.size())) {
                        later.abandon();
                    }
                    throw e;
                }
            }
        }

        /** Gives every reduction up (a chunk failed): the outputs keep their values. */
        void abandon() {
            intos.forEach(Into::abandon);
        }
    }

    /** A reduction's partial results, combined into its output in device order once its chunks have completed. */
    private static final class Into {
        private final ReductionImpl whole;
        private final List<ReductionImpl> parts;
        private final Scheduler.PendingHostAccess pending;

        private Into(ReductionImpl whole, List<ReductionImpl> parts, Scheduler.PendingHostAccess pending) {
            this.whole = whole;
            this.parts = parts;
            this.pending = pending;
        }

        /** Combines: each partial's close writes it back (its chunk has completed), then the output takes them. */
        void run() {
            var partials = new ArrayList<Object>();
            Scheduler.HostAccess access;
            try {
                for (ReductionImpl part : parts) {
                    if (part.onDevice()) { // read back after its kernel, on its device's queue
                        part.slot().takeInto(part.output().kind, part.output().hostArray());
                    }
                    part.output().close();
                    partials.add(part.output().hostArray());
                }
                access = pending.await();
            } catch (RuntimeException | Error e) {
                abandon();
                throw e;
            }
            BufferStorage output = whole.output();
            try {
                Object array = output.hostArray();
                if (access.mapping() != null) { // the output is a device copy mapped for the host
                    array = java.lang.reflect.Array.newInstance(partials.getFirst().getClass().componentType(), 1);
                    MemorySegment.copy(access.mapping().host, 0, output.kind.heapView(array), 0,
                            output.elementBytes());
                }
                for (Object p : partials) {
                    whole.combinePartial(p, array);
                }
                if (access.mapping() != null) {
                    MemorySegment.copy(output.kind.heapView(array), 0, access.mapping().host, 0,
                            output.elementBytes());
                }
            } finally {
                try {
                    if (access.mapping() != null) {
                        output.unmapHost(access.mapping());
                    }
                } finally {
                    access.open().complete(null);
                }
            }
        }

        /** Gives up (a chunk failed): the output keeps its value, and its later users stop waiting for this. */
        void abandon() {
            for (ReductionImpl part : parts) {
                if (part.slot() != null) {
                    part.slot().release();
                }
                try {
                    part.output().close();
                } catch (RuntimeException ignored) {
                    // the chunk's failure is the command's; its partial is released either way
                }
            }
            try {
                if (pending.mapping() != null && !pending.open().isDone()) {
                    pending.storage().unmapHost(pending.mapping());
                }
            } finally {
                pending.open().complete(null);
            }
        }
    }


    /**
     * After the chunks were submitted ({@code chunks.get(k)} device {@code k}'s, null where it runs nothing; {@code
     * events} the events of every part submitted): the elements each chunk wrote are current on its device only, and
     * one event, complete once every part is, is each buffer's user (its writer, or a reader where no chunk wrote it).
     * {@code afterAll}, where not null, runs once every part has completed without a failure, before that event
     * completes (on the thread that waits for them; what it throws is logged); then {@code combine}, where not null,
     * combines a reduction's parts ({@link #openCombine}; abandoned where a part failed), and the event completes
     * after it, failing with what it threw.
     */
    public EventImpl finish(List<CommandGroupRecord> chunks, List<EventImpl> events, Runnable afterAll,
            Combine combine) {
        var done = quiet.completion();
        EventImpl all = EventImpl.of(done);
        var modes = new LinkedHashMap<BufferStorage, AccessMode>();
        GraphLock.LOCK.lock();
        try {
            for (Use u : uses(chunks)) {
                modes.merge(u.storage(), u.mode(), (a, b) -> a == b ? a : AccessMode.READ_WRITE);
                if (u.mode() != AccessMode.READ) {
                    u.storage().chunkWrote(devices.get(u.device()).context(), u.region()[0], u.region()[1]);
                }
            }
            for (Map.Entry<BufferStorage, AccessMode> m : modes.entrySet()) {
                m.getKey().recordUse(m.getValue(), all);
            }
        } finally {
            GraphLock.LOCK.unlock();
        }
        // A reduction's parts: the combine waits for each part's read, which its queue runs after its kernel, so a
        // part launched without an OpenCL event is not waited for here (that would be a clFinish of its queue, while
        // the next submits enqueue on it).
        var waitFor = events.stream().filter(java.util.Objects::nonNull)
                .filter(e -> combine == null || !e.launchedWithoutEvent()).toList();
        quiet.deferred();
        completer.execute(() -> {
            quiet.awaitQuiet();
            Throwable failure = null;
            for (EventImpl e : waitFor) {
                try {
                    e.await();
                } catch (RuntimeException | Error ex) {
                    failure = failure == null ? ex : failure;
                }
            }
            if (failure == null && afterAll != null) {
                try {
                    afterAll.run();
                } catch (RuntimeException ex) {
                    LOG.log(System.Logger.Level.WARNING, "a DistributedQueue's measurement of its devices failed", ex);
                }
            }
            if (combine != null) {
                try {
                    if (failure == null) {
                        combine.run();
                    } else {
                        combine.abandon();
                    }
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
     * Lets go of the staging memory of the moves whose writes have completed, oldest first, up to the first one still
     * under way (moves complete about in the order they were made, so that one query of its oldest event stops a
     * check where the devices are behind); with {@code all}, waits for every write first.
     */
    public void freeFinishedUploads(boolean all) {
        synchronized (uploads) {
            try {
                while (!uploads.isEmpty()) {
                    Upload u = uploads.getFirst();
                    if (all) {
                        for (ClEvent w : u.writes()) {
                            if (w != null) {
                                w.await();
                            }
                        }
                    } else if (!written(u)) {
                        return;
                    }
                    uploads.removeFirst();
                    closeAll(u.writes());
                    u.pinned().forEach(PinnedLease::giveBack);
                }
            } finally {
                if (all) { // after a failure too: the rest is let go, as the caller will not wait again
                    for (Upload u : uploads) {
                        closeAll(u.writes());
                        u.pinned().forEach(PinnedLease::giveBack);
                    }
                    uploads.clear();
                }
            }
        }
    }

    /**
     * Whether every write of {@code u} has completed. A write needs no driver call
     * where a later submit's reads from its device have been seen complete (its queue runs in order); one of the last
     * submit's is left for the next call rather than asked about (a status query is microseconds on NVIDIA's driver,
     * and the next submit's reads usually answer it), older ones are asked.
     */
    private boolean written(Upload u) {
        for (int d = 0; d < u.writes().length; d++) {
            ClEvent w = u.writes()[d];
            if (w == null || readsSeen[d] > u.submit()) {
                continue;
            }
            if (u.submit() >= planned - 1 || w.executionStatus() > 0) {
                return false;
            }
        }
        return true;
    }

    private static void closeAll(ClEvent[] events) {
        for (ClEvent e : events) {
            if (e != null) {
                e.close();
            }
        }
    }

    /**
     * Waits until the thread that completes the commands' events has done what it was given so far: every command's
     * event is complete (or failed) and every reduction combined.
     */
    public void awaitCompletions() {
        quiet.hurry();
        try {
            completer.submit(() -> { }).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SyclException("interrupted while waiting for a DistributedQueue's commands", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            quiet.calm();
        }
    }

    /** Waits for every upload and stops the thread that completes the commands' events. */
    @Override
    public void close() {
        try {
            freeFinishedUploads(true);
        } finally {
            try {
                for (ClCommandQueue q : movesQueues) {
                    if (q != null) {
                        finishQuietly(q);
                        q.close();
                    }
                }
            } finally {
                completer.shutdown();
            }
        }
    }
}
