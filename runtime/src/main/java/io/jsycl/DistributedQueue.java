package io.jsycl;

import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.launch.CommandGroupRecord;
import io.jsycl.internal.schedule.ChunkSplit;
import io.jsycl.internal.schedule.Distributor;
import io.jsycl.internal.schedule.MeasuredSplits;
import io.jsycl.internal.schedule.QueueScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * A queue over several devices that splits each kernel among them (the Celerity model): a {@code parallelFor} over a
 * {@link Range} runs on every device, each a chunk of the range's rows (dimension 0, {@code it.id(0)}), in
 * proportion to the devices' weights or to their measured speed on each kernel ({@link Balance#MEASURED}). Each accessor says through a {@link RangeMapper} which rows of its buffer a
 * chunk touches; the runtime keeps a copy of the buffer on each device and moves only the rows a chunk reads and its
 * device lacks (a stencil's halo rows from its neighbours, replicated data to everyone), and knows after a write
 * which device holds which rows. A host accessor, a buffer's close or a plain queue's kernel gathers the rows into
 * the host array. Results are the same as on one device, bit for bit.
 *
 * <pre>{@code
 * try (var dq = new DistributedQueue(); var a = Buffer.of(x); var b = Buffer.of(y)) {   // every GPU of the host
 *     for (int step = 0; step < steps; step++) {
 *         dq.submit(h -> {
 *             var in = a.read(h, RangeMapper.neighborhood(1));
 *             var out = b.writeNoInit(h, RangeMapper.oneToOne());
 *             h.parallelFor(Range.of(n), it -> { ... });
 *         });
 *         ...
 *     }
 * }   // the buffers' close gathers the rows into x and y
 * }</pre>
 *
 * <p>What it splits: {@code h.parallelFor(Range, kernel)} over buffers; {@code h.parallelFor(NdRange, kernel)} between
 * whole work-groups (group ids and counts stay the whole range's; local memory and barriers work within a group as on
 * one device); and {@code h.parallelFor(Range, reduction, kernel)}, with one to four reductions: each device reduces
 * its rows into a part of each, and the parts are combined into each output, in device order, once they are done, on a
 * thread of the queue (the submit returns at once; the command's event, the output's host accessors, its close and
 * later commands on it wait for the combine; integer and min/max results are exactly one device's; a float sum is added
 * in another order). Not yet: single tasks, device arrays or sub-buffers with mappers (each is refused with the
 * reason). Each device has a context and an in-order queue of its own. Moves between devices go through host memory,
 * since NVIDIA's OpenCL has no peer copy (its own copies between two GPUs run at about 1 GB/s); a move from another
 * device waits on the host for the commands that wrote what it reads, so a submit that needs one returns after them
 * (while the devices run the rows that need nothing from elsewhere).
 *
 * <p>Threads: submits are serialized. A buffer a submit uses must not be used by another thread's command group or
 * host accessor while the submit runs: the submit records which device holds which rows as it returns. The submitting
 * thread makes every device's enqueues itself; a host accessor open on it over a buffer the command group uses is
 * refused, as by {@link Queue#submit}, rather than waited for. One thread of the queue ({@code
 * jsycl-distributed-…}) completes each command's event once its chunks have, after a burst of submits rather than
 * during it (on NVIDIA's driver its waits slowed the submitting thread's enqueues): a command's event completes at
 * most about 50 µs after the last submit of a burst returns, or at once when a thread waits for it or for the queue.
 */
public final class DistributedQueue implements AutoCloseable {
    private final List<Device> devices;
    private final List<Context> contexts = new ArrayList<>();
    private final List<Queue> queues = new ArrayList<>();
    private final MeasuredSplits splits;
    private final Distributor distributor;
    private boolean closed;

    /** Over every GPU of the host, in PCI order, equal shares; where there is none, every OpenCL device. */
    public DistributedQueue() {
        this(defaultDevices());
    }

    /**
     * Over {@code devices}, equal shares.
     *
     * @param devices the OpenCL devices to split kernels among, at least one
     */
    public DistributedQueue(List<Device> devices) {
        this(devices, ChunkSplit.equal(devices.size()).weights());
    }

    /**
     * Over {@code devices}, each getting rows in proportion to its weight (e.g. its measured speed, for two GPU
     * models or a GPU with a CPU).
     *
     * @param devices the OpenCL devices to split kernels among, at least one
     * @param weights one positive weight per device
     */
    public DistributedQueue(List<Device> devices, double... weights) {
        this(devices, Balance.FIXED, weights);
    }

    /**
     * Over {@code devices}, sharing rows out as {@code balance} says, starting from equal shares.
     *
     * @param devices the OpenCL devices to split kernels among, at least one
     * @param balance {@link Balance#MEASURED} for devices of different speeds
     */
    public DistributedQueue(List<Device> devices, Balance balance) {
        this(devices, balance, ChunkSplit.equal(devices.size()).weights());
    }

    /** How a DistributedQueue shares a kernel's rows out among its devices. */
    public enum Balance {
        /** In proportion to the weights given (equal shares by default), the same for every kernel. */
        FIXED,
        /**
         * In proportion to each device's measured speed on each kernel: a kernel (its lambda, over a range of so
         * many rows) starts from the weights given, and after each of its submits completes, its devices' kernel
         * times (the queues profile) update its split for its next submit, which moves the rows that change device.
         * For two GPU models, or a GPU beside a CPU, whose ratio of speeds differs from kernel to kernel. The split
         * changes only where the devices' predicted times differ by more than 5%, so devices of one model keep their
         * equal shares. Results do not depend on the split, except the order a float reduction adds in.
         */
        MEASURED
    }

    /**
     * Over {@code devices}, sharing rows out as {@code balance} says, starting from {@code weights}.
     *
     * @param devices the OpenCL devices to split kernels among, at least one
     * @param balance {@link Balance#MEASURED} for devices of different speeds
     * @param weights one positive weight per device: the shares every kernel starts with
     */
    public DistributedQueue(List<Device> devices, Balance balance, double... weights) {
        this.devices = List.copyOf(devices);
        if (this.devices.isEmpty()) {
            throw new IllegalArgumentException("a DistributedQueue needs at least one device");
        }
        if (weights.length != this.devices.size()) {
            throw new IllegalArgumentException(weights.length + " weights for " + this.devices.size() + " devices");
        }
        for (Device d : this.devices) {
            if (d.isHost()) {
                throw new IllegalArgumentException("the host device cannot be one of a DistributedQueue's devices "
                        + "yet: give OpenCL devices (Device.all())");
            }
        }
        Objects.requireNonNull(balance, "balance");
        this.splits = new MeasuredSplits(new ChunkSplit(weights), balance == Balance.MEASURED, this.devices);
        var schedulers = new ArrayList<QueueScheduler>();
        try {
            for (Device d : this.devices) {
                var context = new Context(d);
                contexts.add(context);
                var q = splits.measured()
                        ? new Queue(context, d, QueueProperty.IN_ORDER, QueueProperty.ENABLE_PROFILING)
                        : new Queue(context, d, QueueProperty.IN_ORDER);
                queues.add(q);
                schedulers.add(q.scheduler());
            }
            this.distributor = new Distributor(schedulers, Integer.toHexString(System.identityHashCode(this)));
        } catch (RuntimeException | Error e) {
            queues.forEach(Queue::close);
            contexts.forEach(Context::close);
            throw e;
        }
        DistributedWarmup.startFor(this.devices); // JSYCL_DISTRIBUTED_WARMUP
    }

    private static List<Device> defaultDevices() {
        List<Device> gpus = GpuAddresses.gpus();
        if (!gpus.isEmpty()) {
            return gpus;
        }
        List<Device> all = Device.all().stream().filter(d -> !d.isHost()).toList();
        if (all.isEmpty()) {
            throw new SyclException("no OpenCL device: a DistributedQueue runs on OpenCL devices (see docs/gpu-setup.md)");
        }
        return all;
    }

    /**
     * The devices kernels are split among, in order: device {@code k} runs the {@code k}-th chunk of rows.
     *
     * @return the devices
     */
    public List<Device> devices() {
        return devices;
    }

    /**
     * The context of each device, in {@link #devices()}'s order: each device's programs are built and its memory
     * held in its own ({@code contexts().get(k).programManager()} counts the builds on device {@code k}).
     *
     * @return the contexts, one per device
     */
    public List<Context> contexts() {
        return List.copyOf(contexts);
    }

    /**
     * The rows of a range of {@code rows} rows each device runs: device {@code k} runs {@code bounds[k]} (inclusive)
     * to {@code bounds[k + 1]}. Boundaries are multiples of 256 rows; a device may get none. With {@link
     * Balance#MEASURED}, the bounds every kernel starts with.
     *
     * @param rows the range's extent in dimension 0
     * @return the {@code devices().size() + 1} boundaries
     */
    public long[] chunkBounds(long rows) {
        return splits.initial().bounds(rows);
    }

    /**
     * The rows each device runs of the next submit of a kernel over a range of {@code rows} rows: with {@link
     * Balance#MEASURED}, as the kernel's measured speeds have set them so far, else {@link #chunkBounds(long)}.
     *
     * @param kernel the kernel lambda's class ({@code kernel.getClass()})
     * @param rows the range's extent in dimension 0
     * @return the {@code devices().size() + 1} boundaries
     */
    public long[] chunkBounds(Class<?> kernel, long rows) {
        return splits.split(Objects.requireNonNull(kernel, "kernel"), rows).bounds(rows);
    }

    /**
     * Records {@code commandGroup} once per device, each for its chunk of the kernel's rows, moves the rows each
     * chunk reads to its device, and submits the chunks.
     *
     * @param commandGroup requests accessors (with range mappers) and runs {@code h.parallelFor(Range, kernel)}; it
     *        runs once per device, so it must not do anything but record (a device's chunk may run in parts: the rows
     *        that read nothing another device holds first, while those rows move)
     * @return the event of the whole command: complete once every device's chunk is
     * @throws KernelLoweringException if the kernel uses what a kernel cannot
     */
    public synchronized Event submit(CommandGroup commandGroup) {
        Objects.requireNonNull(commandGroup, "commandGroup");
        if (closed) {
            throw new IllegalStateException("this DistributedQueue is closed");
        }
        distributor.submitStarts();
        try {
            return submitChunks(commandGroup);
        } finally {
            distributor.submitEnded();
        }
    }

    /**
     * Lowers {@code commandGroup}'s kernel and builds it on every device ahead of its first submit, each device's
     * program in the variant its chunk of a submit would take now (its rows as {@link #chunkBounds(Class, long)} gives
     * them), without running anything: nothing is waited for, no rows move, no kernel is launched. The devices' builds
     * run at once, each on a thread of its own (this one included), and the call returns when all have ended, so that
     * a program over several GPUs pays one build's time before its first submit instead of one per device during it.
     *
     * <p>The command group function runs once per device, as in {@link #submit}. What a later submit launches
     * differently builds at its own first run: the parts a submit splits a chunk into while rows move to its device (a
     * stencil's rows next to another device's, once the devices hold their rows), and, with {@link Balance#MEASURED},
     * chunks whose rows the measured speeds have moved. Submits of other command groups are not held up meanwhile.
     *
     * @param commandGroup records the command as {@link #submit} would be given it
     * @throws KernelLoweringException if the kernel uses what a kernel cannot
     * @throws KernelBuildException if a device's OpenCL compiler rejects the generated kernel
     * @throws IllegalStateException if this queue is closed, or the command group ran no {@code parallelFor}
     */
    public void prepare(CommandGroup commandGroup) {
        Objects.requireNonNull(commandGroup, "commandGroup");
        List<CommandGroupRecord> chunks;
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("this DistributedQueue is closed");
            }
            chunks = recordChunks(commandGroup);
        }
        var builds = new ArrayList<Integer>();
        for (int k = 0; k < chunks.size(); k++) {
            if (chunks.get(k) != null) {
                builds.add(k);
            }
        }
        eachAtOnce(builds, k -> queues.get(k).prepare(chunks.get(k)));
    }

    /**
     * Runs {@code work.accept(k)} for every device {@code k} of {@code ks} at once: each on a thread of its own but the
     * last, which runs on the calling thread. Returns once all have ended; then throws the first failure, in device
     * order. An interrupt does not cut the wait short (a build cannot be stopped part way); it is kept for the caller.
     */
    private void eachAtOnce(List<Integer> ks, IntConsumer work) {
        var failures = new Throwable[queues.size()];
        var threads = new ArrayList<Thread>();
        for (int i = 0; i < ks.size(); i++) {
            int k = ks.get(i);
            Runnable piece = () -> {
                try {
                    work.accept(k);
                } catch (RuntimeException | Error e) {
                    failures[k] = e;
                }
            };
            if (i == ks.size() - 1) {
                piece.run();
            } else {
                threads.add(Thread.ofPlatform().daemon().name("jsycl-prepare-" + k + "-" + devices.get(k).name())
                        .start(piece));
            }
        }
        boolean interrupted = false;
        for (Thread t : threads) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        for (Throwable f : failures) { // written before its thread ended, read after the join
            if (f instanceof RuntimeException e) {
                throw e;
            }
            if (f instanceof Error e) {
                throw e;
            }
        }
    }

    /**
     * {@code commandGroup} recorded once per device, each for its chunk of the kernel's rows; null for a device whose
     * chunk has none.
     */
    private List<CommandGroupRecord> recordChunks(CommandGroup commandGroup) {
        var chunks = new ArrayList<CommandGroupRecord>(queues.size());
        MeasuredSplits.View view = splits.view();
        for (int k = 0; k < queues.size(); k++) {
            var h = new Handler(queues.get(k), view, k);
            h.record(commandGroup);
            CommandGroupRecord record = h.finish();
            var chunk = CommandGroupRecord.chunkOf(record.launch());
            chunks.add(chunk.from() == chunk.to() ? null : record);
        }
        return chunks;
    }

    private Event submitChunks(CommandGroup commandGroup) {
        List<CommandGroupRecord> chunks = recordChunks(commandGroup);
        for (CommandGroupRecord c : chunks) {
            if (c != null) {
                // Before anything moves: a host accessor open on this thread would keep the submit waiting for its
                // close forever.
                c.refuseHostAccessorsOpenHere("dq.submit()");
            }
        }
        Distributor.Moves moves = distributor.plan(chunks);
        var parts = new ArrayList<List<EventImpl>>(); // per device: the events of the parts it runs
        var after = new ArrayList<List<CommandGroupRecord>>(); // per device: what runs once the moves are made
        for (int k = 0; k < chunks.size(); k++) {
            after.add(new ArrayList<>(2));
            parts.add(new ArrayList<>(3));
        }
        boolean moved = false;
        try {
            // Each device's reads and first parts; then, once every read is enqueued, each device's writes and the rest
            // of its chunk.
            distributor.onEachDevice(k -> chunks.get(k) != null || moves.sources(k), k -> {
                distributor.startReads(moves, k);
                CommandGroupRecord c = chunks.get(k);
                if (c == null) {
                    return;
                }
                if (!moves.lacks(k)) {
                    distributor.guardWrites(moves, k, c);
                    parts.get(k).add(submit(k, c));
                    return;
                }
                var chunk = CommandGroupRecord.chunkOf(c.launch());
                var interior = c.launch() instanceof CommandGroupRecord.Items
                        ? distributor.interior(moves, k, chunk, c.requirements()) : null;
                if (interior == null) {
                    after.get(k).add(c);
                    return;
                }
                distributor.guardWrites(moves, k, c);
                parts.get(k).add(submit(k, CommandGroupRecord.withChunk(c, interior)));
                if (interior.from() > chunk.from()) {
                    after.get(k).add(CommandGroupRecord.withChunk(c, chunk.part(chunk.from(), interior.from())));
                }
                if (interior.to() < chunk.to()) {
                    after.get(k).add(CommandGroupRecord.withChunk(c, chunk.part(interior.to(), chunk.to())));
                }
            });
            if (moves.any()) {
                distributor.onEachDevice(moves::lacks, k -> {
                    distributor.enqueueWrites(moves, k);
                    distributor.afterMoves(moves, k);
                    for (CommandGroupRecord part : after.get(k)) {
                        parts.get(k).add(submit(k, part));
                    }
                });
            }
            moved = true;
        } finally {
            distributor.endMoves(moves, moved);
        }
        var events = parts.stream().flatMap(List::stream).toList();
        // A reduction's parts go into its output once they are done; its later users wait for that from here on.
        Distributor.Combine combine = distributor.openCombine(chunks);
        EventImpl all = distributor.finish(chunks, events, splits.measured() ? () -> measured(chunks, parts) : null,
                combine);
        if (!events.isEmpty()) {
            all.ranKernel(events.getFirst()::kernel); // every chunk runs the same kernel
        }
        return Event.of(all);
    }

    /**
     * Once a submit's parts have completed: each device's rows and kernel time, for the kernel's next split
     * ({@link Balance#MEASURED}).
     */
    private void measured(List<CommandGroupRecord> chunks, List<List<EventImpl>> parts) {
        long[] rows = new long[chunks.size()];
        long[] nanos = new long[chunks.size()];
        CommandGroupRecord.Launch launch = null;
        for (int k = 0; k < chunks.size(); k++) {
            CommandGroupRecord c = chunks.get(k);
            if (c == null) {
                continue;
            }
            launch = c.launch();
            var chunk = CommandGroupRecord.chunkOf(launch);
            rows[k] = chunk.to() - chunk.from();
            for (EventImpl e : parts.get(k)) {
                var t = e.profile();
                nanos[k] += t.endNanos() - t.startNanos();
            }
        }
        if (launch != null) {
            splits.record(launch.kernel().getClass(), launch.range().get(0), rows, nanos);
        }
    }

    private EventImpl submit(int k, CommandGroupRecord chunk) {
        return queues.get(k).scheduler().submit(chunk);
    }

    /** Waits for everything submitted so far, on every device; throws the first error. */
    public void await() {
        RuntimeException failure = null;
        for (Queue q : queues) {
            try {
                q.await();
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        try {
            distributor.awaitCompletions(); // the commands' events, reductions combined into their outputs
        } catch (RuntimeException e) {
            failure = failure == null ? e : failure;
        }
        distributor.freeFinishedUploads(true);
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Waits for everything submitted, then closes the devices' queues and contexts; rows that only a device held are
     * gathered into their buffers' host arrays first.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            await();
        } finally {
            distributor.close();
            queues.forEach(Queue::close);
            contexts.forEach(Context::close);
        }
    }

    @Override
    public String toString() {
        return "DistributedQueue" + devices.stream().map(Device::name).toList();
    }
}
