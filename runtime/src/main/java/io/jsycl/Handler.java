package io.jsycl;

import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.memory.LocalAccessorImpl;
import io.jsycl.internal.memory.ReductionImpl;
import io.jsycl.internal.launch.CommandGroupRecord;
import io.jsycl.internal.schedule.ChunkSplit;
import io.jsycl.internal.schedule.MeasuredSplits;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.launch.KernelBinding;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Records one command group: the accessors it requests (its data dependencies), the events it
 * waits for, build options, and its one kernel. A handler is valid while its command group
 * function runs; when the function returns, the queue takes what it recorded, and the handler
 * records nothing more.
 */
public final class Handler {
    /** Bound while a command group function runs on this thread: what would wait there, waits for nothing. */
    private static final ScopedValue<Handler> RECORDING = ScopedValue.newInstance();

    private final Queue queue;
    // Set on a handler that records one device's chunk of a DistributedQueue's command group: how the range's rows
    // are split, which chunk this is, and each buffer's range mapper.
    private final MeasuredSplits.View split;
    private final int chunkIndex;
    private Map<BufferStorage, RangeMapper> mappers;
    // When the submit began (System.nanoTime), before the command group ran: a launch thread's burst test.
    private final long submitted = System.nanoTime();
    private final Map<BufferStorage, AccessMode> requirements = new LinkedHashMap<>();
    // The rarely used parts are made on first use, so the usual command group allocates less.
    private List<EventImpl> dependencies;
    private List<LocalAccessorImpl> locals;
    private StringBuilder buildOptions;
    private boolean fastMath;
    private boolean checked;
    private Map<SpecConstant<?>, Object> specValues;
    private CommandGroupRecord.Launch launch;
    // Made with the first accessor: the accessors of this command group may be used while it says so.
    private KernelBinding binding;
    /** The accessors bound to this command group, for a host task ({@link #hostTask}); null while none is. */
    private List<Accessor<?>> accessors;
    // Set once the command group function has returned and the record was taken.
    private boolean finished;

    Handler(Queue queue) {
        this(queue, null, 0);
    }

    /**
     * A handler for chunk {@code chunkIndex} of the kernel's split in {@code split} (a DistributedQueue's device, the
     * submit's view of its splits), or a plain one.
     */
    Handler(Queue queue, MeasuredSplits.View split, int chunkIndex) {
        this.queue = queue;
        this.split = split;
        this.chunkIndex = chunkIndex;
    }

    /**
     * Runs {@code kernel} once for every item of {@code range}.
     *
     * @param range the items to run: one work-item per index
     * @param kernel the kernel lambda; what it captures becomes the kernel's arguments
     */
    public void parallelFor(Range range, ItemKernel kernel) {
        checkRecording();
        Objects.requireNonNull(range, "range");
        setLaunch(new CommandGroupRecord.Items(Objects.requireNonNull(kernel, "kernel"), range));
    }

    /** True on a handler that records one device's chunk of a DistributedQueue's command group. */
    boolean chunked() {
        return split != null;
    }

    /** Refuses {@code what} on a DistributedQueue, which splits only {@code parallelFor} over a {@code Range}. */
    private void refuseChunked(String what) {
        if (split != null) {
            throw new UnsupportedOperationException("a DistributedQueue splits h.parallelFor(Range, kernel) among its "
                    + "devices; " + what + " is not split yet: submit it to a Queue on one device");
        }
    }

    /**
     * Runs {@code kernel} once for every work-item of {@code range}, in work-groups of its local
     * range that share local memory and synchronize with barriers.
     *
     * @param range the global range and its work-group size
     * @param kernel the kernel lambda; what it captures becomes the kernel's arguments
     */
    public void parallelFor(NdRange range, NdItemKernel kernel) {
        checkRecording();
        Objects.requireNonNull(range, "range");
        setLaunch(new CommandGroupRecord.NdItems(Objects.requireNonNull(kernel, "kernel"), range.global(),
                range.local()));
    }

    /**
     * Runs {@code kernel} once for every work-item of {@code range}, as {@link #parallelFor(NdRange, NdItemKernel)}
     * does (work-groups, local memory, barriers), combining values into the reduction's reducer: after the body, each
     * work-group combines its work-items' values and folds them into the reduction's output (SYCL's
     * {@code parallel_for(nd_range, reduction, ...)}). Groups of any shape and size; not on a DistributedQueue.
     *
     * @param <R> the reducer type the kernel receives
     * @param range the global range and its work-group size
     * @param reduction the reduction: its operation, identity and output buffer
     * @param kernel the kernel lambda {@code (it, sum) -> ...}; what it captures becomes the kernel's arguments
     */
    public <R> void parallelFor(NdRange range, Reduction<R> reduction, NdReductionKernel<R> kernel) {
        checkRecording();
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(reduction, "reduction");
        Objects.requireNonNull(kernel, "kernel");
        if (split != null) {
            throw new UnsupportedOperationException("a DistributedQueue splits reductions over a Range only; submit"
                    + " h.parallelFor(NdRange, reduction, kernel) to a Queue");
        }
        require(reduction.impl.output(), AccessMode.READ_WRITE);
        setLaunch(new CommandGroupRecord.NdItems(kernel, range.global(), range.local(), null,
                List.of(reduction.impl)));
    }

    /**
     * Runs {@code kernel} once for every item of {@code range}, combining values into the
     * reduction's reducer; the result is combined into the reduction's output buffer.
     *
     * @param <R> the reducer type the kernel receives
     * @param range the items to run: one work-item per index
     * @param reduction the reduction: its operation, identity and output buffer
     * @param kernel the kernel lambda; what it captures becomes the kernel's arguments
     */
    public <R> void parallelFor(Range range, Reduction<R> reduction, ReductionKernel<R> kernel) {
        reduce(range, kernel, reduction);
    }

    /**
     * Runs {@code kernel} once for every item of {@code range}, combining values into two reductions in one pass
     * over the items (SYCL's {@code parallel_for} with several reductions): each reduction's result is what it would
     * be on its own, combined into its output buffer. The reductions' outputs are different buffers.
     *
     * @param <R1> the first reducer's type
     * @param <R2> the second reducer's type
     * @param range the items to run, 1-D: one work-item per index
     * @param r1 the first reduction: its operation, identity and output buffer
     * @param r2 the second reduction
     * @param kernel the kernel lambda {@code (it, a, b) -> ...}; what it captures becomes the kernel's arguments
     */
    public <R1, R2> void parallelFor(Range range, Reduction<R1> r1, Reduction<R2> r2, ReductionKernel2<R1, R2> kernel) {
        reduce(range, kernel, r1, r2);
    }

    /**
     * As {@link #parallelFor(Range, Reduction, Reduction, ReductionKernel2)}, with three reductions (k-means' per
     * cluster sums of x and y and its counts, say, each a reduction over {@code k} elements).
     *
     * @param <R1> the first reducer's type
     * @param <R2> the second reducer's type
     * @param <R3> the third reducer's type
     * @param range the items to run, 1-D: one work-item per index
     * @param r1 the first reduction
     * @param r2 the second reduction
     * @param r3 the third reduction
     * @param kernel the kernel lambda {@code (it, a, b, c) -> ...}
     */
    public <R1, R2, R3> void parallelFor(Range range, Reduction<R1> r1, Reduction<R2> r2, Reduction<R3> r3,
            ReductionKernel3<R1, R2, R3> kernel) {
        reduce(range, kernel, r1, r2, r3);
    }

    /**
     * As {@link #parallelFor(Range, Reduction, Reduction, ReductionKernel2)}, with four reductions.
     *
     * @param <R1> the first reducer's type
     * @param <R2> the second reducer's type
     * @param <R3> the third reducer's type
     * @param <R4> the fourth reducer's type
     * @param range the items to run, 1-D: one work-item per index
     * @param r1 the first reduction
     * @param r2 the second reduction
     * @param r3 the third reduction
     * @param r4 the fourth reduction
     * @param kernel the kernel lambda {@code (it, a, b, c, d) -> ...}
     */
    public <R1, R2, R3, R4> void parallelFor(Range range, Reduction<R1> r1, Reduction<R2> r2, Reduction<R3> r3,
            Reduction<R4> r4, ReductionKernel4<R1, R2, R3, R4> kernel) {
        reduce(range, kernel, r1, r2, r3, r4);
    }

    /** Records a reduction launch of {@code kernel}, whose reducer parameters are {@code reductions}' in order. */
    private void reduce(Range range, Object kernel, Reduction<?>... reductions) {
        checkRecording();
        Objects.requireNonNull(range, "range");
        Objects.requireNonNull(kernel, "kernel");
        var targets = new ArrayList<ReductionImpl>(reductions.length);
        for (int i = 0; i < reductions.length; i++) {
            Reduction<?> reduction = Objects.requireNonNull(reductions[i], reductions.length == 1 ? "reduction"
                    : "reduction " + (i + 1));
            for (int j = 0; j < i; j++) {
                if (reductions[j].impl.output() == reduction.impl.output()) {
                    throw new IllegalArgumentException("reductions " + (j + 1) + " and " + (i + 1) + " of one"
                            + " parallelFor write the same output buffer; give each reduction a buffer of its own");
                }
            }
            targets.add(reduction.impl);
        }
        if (range.dimensions() != 1) {
            throw new IllegalArgumentException("reductions run over 1-D ranges; flatten " + range
                    + " into Range.of(" + range.size() + ") and compute the indices from it.id(0)");
        }
        for (int i = 0; i < targets.size(); i++) {
            // A DistributedQueue's chunk reduces into a partial of its own, which the queue combines into the output:
            // where it is the only reduction on an OpenCL device, the device's part of the reduction, which the
            // command group does not request as a buffer; else a one-element buffer the chunk's queue reads back.
            ReductionImpl target = split == null ? targets.get(i)
                    : targets.get(i).partial(!queue.device().isHost() && targets.size() == 1);
            if (!target.onDevice()) {
                require(target.output(), AccessMode.READ_WRITE);
            }
            targets.set(i, target);
        }
        setLaunch(new CommandGroupRecord.Reduce(kernel, range, targets));
    }

    /**
     * Gives a specialization constant its value for this command group's kernel.
     *
     * @param <T> the constant's boxed primitive type
     * @param constant the specialization constant the kernel reads
     * @param value its value for this command group; a different value builds another program
     */
    public <T> void set(SpecConstant<T> constant, T value) {
        checkRecording();
        Objects.requireNonNull(constant, "constant");
        Objects.requireNonNull(value, "value");
        if (value.getClass() != constant.defaultValue().getClass()) {
            throw new IllegalArgumentException("specialization constant " + constant.name() + " holds "
                    + constant.defaultValue().getClass().getSimpleName() + ", not " + value.getClass().getSimpleName());
        }
        if (specValues == null) {
            specValues = new LinkedHashMap<>();
        }
        specValues.put(constant, value);
    }

    /**
     * Checks this command group's kernel on the device: accessor indices against their ranges and
     * integer division by zero. A failure is thrown by {@code await()} (and a buffer's close) as an
     * {@link IndexOutOfBoundsException} or {@link ArithmeticException} naming the kernel, the
     * source line and the first failing work-item. {@code JSYCL_CHECKS=1} turns it on for every
     * kernel; the host device always checks.
     */
    public void checked() {
        checkRecording();
        this.checked = true;
    }

    /**
     * Runs {@code kernel} once.
     *
     * @param kernel the kernel lambda; what it captures becomes the kernel's arguments
     */
    public void singleTask(TaskKernel kernel) {
        checkRecording();
        refuseChunked("h.singleTask");
        setLaunch(new CommandGroupRecord.Task(Objects.requireNonNull(kernel, "kernel")));
    }

    /**
     * Runs {@code task}, Java code, on a JVM thread as this command group's command (SYCL's {@code host_task}): once
     * the commands it depends on are done (those its accessors order it after, and {@link #dependsOn}), and before
     * the commands that depend on it, without blocking the submitting thread. Its accessors read and write the
     * buffers' Java arrays: the runtime brings the contents there first (from a device that wrote them) and moves
     * what the task wrote to the device a later kernel runs on. For I/O, logging, or a step a library on the host does,
     * inside the graph: {@code q.submit(h -> { var in = a.read(h); var out = b.write(h); h.hostTask(() ->
     * out.set(0, summarize(in))); })}. Whatever it throws is the command's failure ({@link Event#await()} throws it).
     * Not on buffers made over a {@link HostArray}, and not on a {@link DistributedQueue}.
     *
     * @param task the code; accessors of this command group are usable in it while it runs
     */
    public void hostTask(Runnable task) {
        checkRecording();
        refuseChunked("h.hostTask");
        Objects.requireNonNull(task, "task");
        setLaunch(new CommandGroupRecord.HostTask(task));
        if (accessors != null) {
            for (Accessor<?> a : accessors) {
                a.forHostTask();
            }
        }
    }

    /**
     * Orders this command group after {@code events} (for work the accessors do not order, such as device arrays).
     *
     * @param events the events to wait for; none is allowed
     */
    public void dependsOn(Event... events) {
        checkRecording();
        for (Event e : events) {
            if (dependencies == null) {
                dependencies = new ArrayList<>();
            }
            dependencies.add(Objects.requireNonNull(e, "event").impl);
        }
    }

    /**
     * Adds OpenCL build options for this command group's kernel (part of the program's cache key).
     *
     * @param options OpenCL C compiler options, e.g. {@code "-cl-fast-relaxed-math"}
     */
    public void buildOptions(String options) {
        checkRecording();
        if (buildOptions == null) {
            buildOptions = new StringBuilder();
        }
        buildOptions.append(' ').append(Objects.requireNonNull(options, "options").trim());
    }

    /**
     * Lets the compiler trade Java's floating-point semantics for speed: contraction into fused
     * multiply-add, reassociation, approximate divide and sqrt ({@code -cl-fast-relaxed-math}).
     */
    public void fastMath() {
        checkRecording();
        this.fastMath = true;
    }

    /**
     * The queue this command group is submitted to.
     *
     * @return the queue given to {@code submit}
     */
    public Queue queue() {
        return queue;
    }

    void require(BufferStorage storage, AccessMode mode) {
        checkRecording();
        requirements.merge(storage, mode, (a, b) -> a == b ? a : AccessMode.READ_WRITE);
    }

    /** {@link #require}, with the part of the buffer a DistributedQueue's chunk touches; a plain queue ignores it. */
    void require(BufferStorage storage, AccessMode mode, RangeMapper mapper) {
        require(storage, mode);
        Objects.requireNonNull(mapper, "mapper");
        if (split == null) {
            return;
        }
        if (mappers == null) {
            mappers = new LinkedHashMap<>();
        }
        RangeMapper before = mappers.putIfAbsent(storage, mapper);
        if (before != null && !before.equals(mapper)) {
            throw new IllegalArgumentException(storage + " has two accessors with different range mappers (" + before
                    + ", " + mapper + ") in one command group: use one accessor, with the mapper covering both");
        }
    }

    /** Binds {@code accessor}, made for this command group, to the group's kernel: usable only while it runs. */
    <A extends Accessor<?>> A bind(A accessor) {
        checkRecording();
        if (binding == null) {
            binding = new KernelBinding();
        }
        accessor.binding = binding;
        if (accessors == null) {
            accessors = new ArrayList<>(4);
        }
        accessors.add(accessor);
        if (launch instanceof CommandGroupRecord.HostTask) {
            accessor.forHostTask(); // requested after h.hostTask(...)
        }
        return accessor;
    }

    void addLocal(LocalAccessor<?> local) {
        checkRecording();
        if (locals == null) {
            locals = new ArrayList<>();
        }
        locals.add(local.impl);
    }

    private void setLaunch(CommandGroupRecord.Launch l) {
        if (launch != null) {
            throw new IllegalStateException("a command group runs one kernel; submit another command group for the next");
        }
        launch = l;
    }

    /** Runs the command group function {@code commandGroup} on this handler, marking this thread as recording. */
    void record(CommandGroup commandGroup) {
        ScopedValue.where(RECORDING, this).run(() -> commandGroup.apply(this));
    }

    /**
     * Refuses {@code what}, a call that waits (a queue's wait or close, a buffer's close, a host accessor), inside a
     * command group function: the function only records a command group, which cannot run before it returns, so a
     * wait there could wait for itself.
     */
    static void refuseWhileRecording(String what) {
        if (RECORDING.isBound()) {
            throw new IllegalStateException(what + " inside a command group function (of " + RECORDING.get().queue
                    + "): the function only records the command group (accessors, kernel, options) and must not wait;"
                    + " call it after q.submit returns");
        }
    }

    /**
     * Ends the recording, once the command group function has returned: what it recorded, as an
     * immutable command group. Later calls that would record something throw.
     */
    CommandGroupRecord finish() {
        checkRecording();
        finished = true;
        if (split != null) {
            launch = chunkOf(launch);
        }
        return new CommandGroupRecord(launch, Collections.unmodifiableMap(requirements),
                dependencies == null ? List.of() : Collections.unmodifiableList(dependencies),
                locals == null ? List.of() : Collections.unmodifiableList(locals),
                buildOptions == null ? "" : buildOptions.toString().trim(), fastMath, checked,
                specValues == null ? Map.of() : Collections.unmodifiableMap(specValues), submitted,
                binding == null ? new KernelBinding() : binding);
    }

    /**
     * The chunk this handler's device runs of a DistributedQueue's kernel: its rows of the range, and for each buffer
     * the elements its range mapper says the chunk touches (reads without a mapper touch the whole buffer).
     */
    private CommandGroupRecord.Launch chunkOf(CommandGroupRecord.Launch l) {
        if (!(l instanceof CommandGroupRecord.Items) && !(l instanceof CommandGroupRecord.Reduce)
                && !(l instanceof CommandGroupRecord.NdItems)) {
            throw new IllegalStateException("a DistributedQueue's command group runs h.parallelFor(Range, kernel); "
                    + "this one ran no kernel");
        }
        Range range = l.range();
        // Its reductions' parts: each this device's own, moved and kept as a plain queue's buffers.
        var partials = new HashSet<BufferStorage>();
        for (ReductionImpl r : CommandGroupRecord.reductionsOf(l)) {
            partials.add(r.output());
        }
        long rows = range.get(0);
        // An nd-range splits between whole work-groups: its chunks' boundaries are multiples of the group's rows.
        long group = l instanceof CommandGroupRecord.NdItems nd ? nd.local().get(0) : 1;
        long[] bounds = split.split(l.kernel().getClass(), rows)
                .bounds(rows, group * Math.max(1, Math.round((double) ChunkSplit.ALIGN / group)));
        long from = bounds[chunkIndex];
        long to = bounds[chunkIndex + 1];
        var chunkMappers = new LinkedHashMap<BufferStorage, RangeMapper>();
        for (var req : requirements.entrySet()) {
            BufferStorage storage = req.getKey();
            if (partials.contains(storage)) {
                continue;
            }
            RangeMapper mapper = mappers == null ? null : mappers.get(storage);
            boolean writes = req.getValue() != AccessMode.READ;
            if (mapper == null) {
                if (writes) {
                    throw new IllegalArgumentException(storage + " is written in a DistributedQueue's kernel without a"
                            + " range mapper: say which rows each device writes, e.g. buf.writeNoInit(h, "
                            + "RangeMapper.oneToOne())");
                }
                mapper = RangeMapper.all();
            }
            if (writes && !mapper.disjoint() && split.devices() > 1) {
                throw new IllegalArgumentException(storage + " is written through " + mapper + ", which gives "
                        + "several devices the same rows: a DistributedQueue's devices write disjoint rows "
                        + "(RangeMapper.oneToOne()); read through the wider mapper and write through oneToOne()");
            }
            chunkMappers.put(storage, mapper);
        }
        var chunk = CommandGroupRecord.Chunk.of(from, to, rows, Collections.unmodifiableMap(chunkMappers));
        return switch (l) {
            case CommandGroupRecord.Items items -> new CommandGroupRecord.Items(items.kernel(), range, chunk);
            case CommandGroupRecord.Reduce reduce -> new CommandGroupRecord.Reduce(reduce.kernel(), range,
                    reduce.reductions(), chunk);
            case CommandGroupRecord.NdItems nd -> new CommandGroupRecord.NdItems(nd.kernel(), range, nd.local(), chunk,
                    nd.reductions());
            default -> throw new IllegalStateException(l.toString());
        };
    }

    private void checkRecording() {
        if (finished) {
            throw new IllegalStateException("this Handler's command group function has returned: request accessors,"
                    + " set the kernel and its options inside the command group function passed to q.submit");
        }
    }
}
