package io.jsycl.internal.schedule;

import io.jsycl.AccessMode;
import io.jsycl.Aspect;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import io.jsycl.SyclException;
import io.jsycl.internal.event.CommandStatus;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.event.GraphLock;
import io.jsycl.internal.event.LaunchThread;
import io.jsycl.internal.event.LazyLaunches;
import io.jsycl.internal.event.WaitWatch;
import io.jsycl.internal.host.HostExecutor;
import io.jsycl.internal.launch.CommandGroupRecord;
import io.jsycl.internal.launch.DeferredLaunch;
import io.jsycl.internal.launch.KernelArguments;
import io.jsycl.internal.launch.KernelCheck;
import io.jsycl.internal.launch.KernelLambdas;
import io.jsycl.internal.launch.LaunchSettings;
import io.jsycl.internal.launch.LaunchSpecialization;
import io.jsycl.internal.launch.NdShape;
import io.jsycl.internal.launch.QueueKernels;
import io.jsycl.internal.launch.Reductions;
import io.jsycl.internal.memory.ApiAccess;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.memory.ClQueue;
import io.jsycl.internal.memory.CommandQueue;
import io.jsycl.internal.memory.ContextImpl;
import io.jsycl.internal.memory.PartialSlots;
import io.jsycl.internal.memory.RecordCodec;
import io.jsycl.internal.memory.ReductionImpl;
import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.internal.platform.FirstSubmitTrace;
import io.jsycl.internal.platform.KernelProfile;
import io.jsycl.internal.platform.SchedulerTrace;
import io.jsycl.internal.platform.Settings;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.lowering.ProgramVariant;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClException;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.DriverQuirk;
import io.jsycl.program.KernelHandle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The scheduler of one {@link io.jsycl.Queue}: takes the queue's command groups ({@link CommandGroupRecord}),
 * lowers their kernels, has them built ({@link QueueKernels}), orders them after the commands whose
 * data they need and enqueues them, in passes under the graph lock as {@link Scheduler} describes.
 *
 * <p>It owns what is the queue's own: its OpenCL queue; its launch policy, that is, whether kernels
 * are launched without an OpenCL event ({@link LazyLaunches}, on an in-order OpenCL queue without
 * profiling) and whether a burst of them goes to a {@link LaunchThread}; its launch settings
 * ({@link LaunchSettings}) and build-options cache ({@link QueueKernels}); and its in-order
 * bookkeeping: the commands still in flight, which {@link #awaitAll()} waits for, and the last
 * command, which an in-order queue orders the next after where OpenCL does not (the host device, an
 * out-of-order OpenCL queue). The USM copies and fills of {@link UsmCommands} enqueue through it too.
 *
 * <p>Thread safety: submits of several threads may run at once; their graph updates are serialized
 * by {@link Scheduler#LOCK}. The in-order bookkeeping is guarded by this object's monitor, which
 * comes after the graph lock and a buffer's storage in the lock order and is never held across a
 * wait. Everything else is immutable or has its own lock ({@link LazyLaunches}, {@link LaunchThread}).
 * The queue's close runs once no submit is under way (the queue's read-write lock sees to that).
 */
public final class QueueScheduler {
    private static final ApiAccess API = ApiAccess.get();

    private final DeviceImpl device;
    private final ContextImpl context;
    private final boolean profiling;
    /** {@link QueueProperty#IN_ORDER}: command groups run in submission order. */
    private final boolean inOrder;
    /** The OpenCL queue, or null on the host device. */
    private final ClCommandQueue cl;
    private final boolean clInOrder;
    /** Kernels launched without an OpenCL event: set for an in-order OpenCL queue without profiling, else null. */
    private final LazyLaunches lazy;
    /** A DistributedQueue's device: where its parts of reductions go, made at the first; guarded by this. */
    private PartialSlots partialSlots;
    /** The OpenCL queue as the buffers' uploads see it ({@link CommandQueue}), or null on the host device. */
    private final ClQueue commands;
    private final LaunchSettings launches;
    private final QueueKernels kernels;
    /** The latest launches' decisions, which a submit repeating one of them reuses. */
    private final RepeatedLaunches repeatedLaunches = new RepeatedLaunches();
    /** The latest launches whole, which a submit repeating one of them takes from its command group to its enqueue. */
    private final RepeatLane repeatLane;
    // Guarded by this.
    private final List<EventImpl> inFlight = new ArrayList<>();
    // Guarded by this: the last command group, which an in-order host queue orders the next after.
    private EventImpl last;
    // Guarded by this: the size of inFlight at which finished events are dropped next (doubles while
    // they are all pending, so a deep queue is not polled on every submit).
    private int pruneAt = 256;
    /**
     * Guarded by this: what a library keeps with the queue between calls (the parallel algorithms' scratch buffers),
     * by key, closed with the queue after its work; null once the queue is closed.
     */
    private Map<Object, AutoCloseable> attachments = new HashMap<>();

    /**
     * The scheduler of {@code queue}, on {@code device} of {@code context}, with the queue's
     * {@code properties}. Every setting is read, and a malformed one refused, before the OpenCL queue
     * is made.
     */
    public QueueScheduler(ContextImpl context, DeviceImpl device, Set<QueueProperty> properties) {
        this.device = device;
        this.context = context;
        this.profiling = properties.contains(QueueProperty.ENABLE_PROFILING);
        this.inOrder = properties.contains(QueueProperty.IN_ORDER);
        if (!device.isHost()) {
            Prewarm.start();
        }
        Settings settings = Settings.current();
        boolean outOfOrder = !inOrder && device.supportsOutOfOrderQueues()
                && settings.outOfOrderQueues(device.vendor());
        this.launches = new LaunchSettings(settings, device);
        this.repeatLane = settings.repeatLane().get() ? new RepeatLane() : null;
        this.clInOrder = !outOfOrder;
        this.cl = device.isHost() ? null
                : ClCommandQueue.create(context.cl(), device.cl(), outOfOrder, profiling);
        this.lazy = cl != null && clInOrder && !profiling ? new LazyLaunches(cl,
                settings.usesLaunchThread(device) ? new LaunchThread("jsycl launches " + device.name()) : null)
                : null;
        this.commands = cl == null ? null : new ClQueue(context, () -> cl, clInOrder, lazy);
        this.kernels = new QueueKernels(device, context);
    }

    DeviceImpl device() {
        return device;
    }

    /** The queue's commands on its OpenCL queue (null on the host device). */
    ClQueue commands() {
        return commands;
    }

    ContextImpl context() {
        return context;
    }

    /**
     * Runs {@code group} on the queue's device: lowers its kernel (which checks what the kernel
     * captures against the group's accessors), then submits it to the host device's threads or to
     * OpenCL.
     *
     * @throws IllegalStateException if the command group ran no kernel
     */
    public EventImpl submit(CommandGroupRecord group) {
        FirstSubmitTrace.mark("record");
        CommandGroupRecord.Launch launch = launchOf(group);
        group.refuseHostAccessorsOpenHere("q.submit()");
        if (launch instanceof CommandGroupRecord.HostTask) {
            EventImpl event = submitHost(group, false);
            event.describedAs(() -> "a host task submitted to " + this, WaitWatch.HOST_TASK_CAUSE);
            FirstSubmitTrace.finish(() -> "host task");
            return event;
        }
        if (launch instanceof CommandGroupRecord.NdItems nd) {
            device.checkWorkGroup(nd.local());
        }
        boolean checkedRequested = group.checked() || launches.checksAll();
        RepeatLane.Hit hit = device.isHost() || repeatLane == null ? null : repeatLane.find(group, checkedRequested);
        if (hit != null) {
            FirstSubmitTrace.mark("identify");
            KernelLambdas.Kernel kernel = hit.entry().kernel();
            EventImpl event = repeatInPlace(group, hit);
            if (event == null) {
                event = submitPlanned(group, kernel, hit.entry().plan(), null, false, hit, null);
            }
            event.ranKernel(kernel.lowering());
            FirstSubmitTrace.finish(kernel.lowering());
            return event;
        }
        KernelLambdas.Kernel kernel = lower(group, checkedRequested);
        EventImpl event = device.isHost() ? submitHost(group, kernel.lowered().usesBarrier())
                : submitOpenCl(group, kernel, checkedRequested);
        event.ranKernel(kernel.lowering());
        FirstSubmitTrace.finish(kernel.lowering());
        return event;
    }

    /**
     * Lowers {@code group}'s kernel and builds the program a submit of it would launch now, in the variant that
     * launch would take, without launching it: nothing is ordered, waited for or moved, no lock of the scheduler's is
     * taken (the kernel caches are the context's), and the queue's kept launches ({@link RepeatedLaunches}) are left
     * as they are (the submit after it decides again and finds the kernel built). A host task has nothing to build; on
     * the host device the kernel is lowered, which is what its submit checks.
     *
     * @throws io.jsycl.KernelLoweringException if the kernel uses what a kernel cannot
     * @throws io.jsycl.KernelBuildException if the OpenCL compiler rejects the program
     */
    public void prepare(CommandGroupRecord group) {
        CommandGroupRecord.Launch launch = launchOf(group);
        if (launch instanceof CommandGroupRecord.HostTask) {
            return;
        }
        if (launch instanceof CommandGroupRecord.NdItems nd) {
            device.checkWorkGroup(nd.local());
        }
        boolean checkedRequested = group.checked() || launches.checksAll();
        KernelLambdas.Kernel kernel = lower(group, checkedRequested);
        if (device.isHost()) {
            return;
        }
        requireFp64(kernel);
        variant(group, kernel, checkedRequested);
    }

    /** {@code group}'s launch: what its command group function ran ({@code h.parallelFor}, a host task). */
    private static CommandGroupRecord.Launch launchOf(CommandGroupRecord group) {
        CommandGroupRecord.Launch launch = group.launch();
        if (launch == null) {
            throw new IllegalStateException("the command group ran no kernel: call h.parallelFor(...) or h.singleTask(...)");
        }
        return launch;
    }

    /** {@code group}'s kernel lowered for this queue's device (bounds-checked where requested, on OpenCL devices). */
    private KernelLambdas.Kernel lower(CommandGroupRecord group, boolean checkedRequested) {
        CommandGroupRecord.Launch launch = group.launch();
        List<ReductionImpl> reductions = CommandGroupRecord.reductionsOf(launch);
        return KernelLambdas.lower(launch.kernel(), launch.shape(), launch.dimensions(), group, context, device, this,
                !device.isHost() && checkedRequested,
                reductions.isEmpty() ? Reductions.NONE : Reductions.specs(reductions));
    }

    /**
     * Runs {@code group} on the host device once what it depends on is done; {@code convergent}: its kernel has a
     * barrier or a work-group or sub-group operation ({@code LoweredKernel.usesBarrier}), so that the work-items of
     * an nd-range group must run at once.
     */
    private EventImpl submitHost(CommandGroupRecord group, boolean convergent) {
        for (BufferStorage storage : group.requirements().keySet()) {
            if (storage.overHostMemory()) {
                throw new IllegalArgumentException("q.submit(): " + storage + " is made over a HostArray, whose memory"
                        + " is for OpenCL devices' transfers; " + (group.launch() instanceof CommandGroupRecord.HostTask
                        ? "a host task's accessors use Java arrays: use Buffer.of(hostArray.toArray()), or read the"
                        + " HostArray itself in the task"
                        : "the host device runs kernels on Java arrays: use Buffer.of(hostArray.toArray()) there (or a"
                        + " queue on an OpenCL device)"));
            }
        }
        var done = new CompletableFuture<Void>();
        EventImpl event = profiling ? EventImpl.profiled(done) : EventImpl.of(done);
        List<EventImpl> dependencies = Passes.run((deferred, first) -> {
            var waits = new ArrayList<>(group.dependencies());
            if (first && SchedulerTrace.on()) {
                SchedulerTrace.log(describe("kernel on the host device", group));
            }
            orderAfterPrevious(waits);
            for (var req : group.requirements().entrySet()) {
                req.getKey().collectDependencies(req.getValue(), waits);
                req.getKey().readyForHost(req.getValue(), deferred);
            }
            if (!deferred.isEmpty()) {
                return null;
            }
            for (var req : group.requirements().entrySet()) {
                req.getKey().prepareHost(req.getValue());
            }
            for (var req : group.requirements().entrySet()) {
                req.getKey().recordUse(req.getValue(), event);
            }
            track(event);
            return waits;
        });
        Scheduler.runOnHost(() -> {
            try {
                for (EventImpl e : dependencies) {
                    e.await();
                }
                event.hostStarted();
                for (var req : group.requirements().entrySet()) {
                    // What an OpenCL device's upload checks (RecordCodec.copyToSegment): the kernel reads the array.
                    if (req.getKey().codec instanceof RecordCodec && req.getValue() != AccessMode.WRITE) {
                        RecordCodec.requireValues((Object[]) req.getKey().hostArray());
                    }
                }
                group.binding().run(() -> HostExecutor.run(group.launch(), group.specValues(), convergent));
                event.hostEnded();
                done.complete(null);
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        return event;
    }

    /**
     * Launches on an OpenCL device: a launch its queue kept the decisions of ({@link RepeatedLaunches}), or one
     * decided and built here ({@link #variant}).
     */
    private EventImpl submitOpenCl(CommandGroupRecord group, KernelLambdas.Kernel kernel, boolean checkedRequested) {
        requireFp64(kernel);
        CommandGroupRecord.Launch launch = group.launch();
        RepeatedLaunches.Decided repeated = repeatedLaunches.find(group, kernel, checkedRequested);
        if (repeated != null) {
            FirstSubmitTrace.mark("program");
            return submitPlanned(group, kernel, repeated.plan(), null, false, null,
                    laneDraft(group, checkedRequested, kernel, repeated.plan()));
        }
        Variant v = variant(group, kernel, checkedRequested);
        FirstSubmitTrace.mark("program");
        Range range = launch.range();
        CommandGroupRecord.Chunk chunk = v.chunk();
        if (range != null && range.size() == 0) {
            return EventImpl.completed();
        }
        Range local = launch instanceof CommandGroupRecord.NdItems nd ? nd.local() : null;
        if (launch instanceof CommandGroupRecord.Reduce) {
            long reductionLocal = Reductions.workGroupSize(device);
            local = Range.of((int) reductionLocal);
            int items = chunk == null ? range.get(0) : Math.toIntExact(chunk.to() - chunk.from());
            range = Reductions.globalSize(device, items, reductionLocal, checkedRequested);
        }
        List<ReductionImpl> reductions = CommandGroupRecord.reductionsOf(launch);
        if (!reductions.isEmpty()) { // a Range's reduction in the runtime's work-groups, an nd-range's in its own
            Reductions.checkScratch(device, reductions, local.size(), kernel.lowering()::described);
        }
        range = v.twoItems() || v.strideItems() > 0 || v.chunkItems() || v.rows() > 1 ? v.workItems() : range;
        // A DistributedQueue's part of a reduction, left on the device: its slot is taken before the graph lock, as
        // taking one may wait for the combine of an earlier part.
        ReductionImpl part = launch instanceof CommandGroupRecord.Reduce r && r.reduction().onDevice()
                ? r.reduction() : null;
        PartialSlots.Slot slot = part == null ? null : partialSlots().take();
        var plan = new LaunchPlan(range, local, v.paddedLocal(), v.specialization(), v.padded(), v.twoItems(),
                v.strideItems() > 0, v.handle(), chunk == null ? 0 : chunk.from(), slot);
        if (RepeatedLaunches.keepable(group)) {
            repeatedLaunches.keep(new RepeatedLaunches.Decided(kernel.lowering(), launch.getClass(), launch.range(),
                    group.fastMath(), checkedRequested, group.userBuildOptions(),
                    RepeatedLaunches.bindingsOf(kernel.captured()), plan));
        }
        try {
            return submitPlanned(group, kernel, plan, chunk, v.offsetProgram(), null,
                    laneDraft(group, checkedRequested, kernel, plan));
        } catch (RuntimeException | Error e) {
            if (slot != null) {
                slot.release(); // the submit fails: no combine will take the part
            }
            throw e;
        }
    }

    private void requireFp64(KernelLambdas.Kernel kernel) {
        if (kernel.lowered().usesFp64() && !device.hasAspect(Aspect.FP64)) {
            throw new SyclException("kernel " + kernel.lowering().described() + " computes in double, which " + device.name()
                    + " does not support (no cl_khr_fp64); use float, or run it on a device with Aspect.FP64");
        }
    }

    /**
     * How a launch of {@code group}'s kernel runs on this queue's device, decided from the command group and this
     * queue's settings: the work-items it covers ({@code workItems}: the range, or a chunk's rows, or the fewer
     * work-items of two items, grid stride or several rows each), its work-group where the runtime pads the range
     * ({@code paddedLocal}), its program variant ({@code specialization}, {@code padded}, {@code offsetProgram}) and
     * that variant's kernel, built ({@code handle}).
     */
    private record Variant(Range workItems, long[] paddedLocal, int specialization, boolean padded, boolean twoItems,
            long strideItems, int rows, boolean chunkItems, boolean offsetProgram, CommandGroupRecord.Chunk chunk,
            KernelHandle handle) {
    }

    /**
     * Decides {@code group}'s {@link Variant} and builds its kernel (or finds it built): what a submit and a
     * {@link #prepare} share. Nothing here launches, moves data or takes a lock of the scheduler's.
     *
     * @throws io.jsycl.KernelBuildException if the OpenCL compiler rejects the program
     */
    private Variant variant(CommandGroupRecord group, KernelLambdas.Kernel kernel, boolean checkedRequested) {
        LoweredKernel lowered = kernel.lowered();
        CommandGroupRecord.Launch launch = group.launch();
        Range range = launch.range();
        // Whether the kernel's program can run two items per work-item, or several rows: whether this launch does,
        // and how many, is the queue's choice below.
        boolean hasReductions = !CommandGroupRecord.reductionsOf(launch).isEmpty();
        boolean twoItemsPossible = LoweredKernel.twoItemsPerWorkItem(launch.shape(), launch.dimensions(), hasReductions,
                checkedRequested);
        boolean rowsPossible = LoweredKernel.rowsPerWorkItem(launch.shape(), launch.dimensions(), hasReductions,
                checkedRequested);
        // A chunk of a DistributedQueue runs its rows of the range, one item per work-item, at a global offset.
        CommandGroupRecord.Chunk chunk = CommandGroupRecord.chunkOf(launch);
        // Its items are the chunk's rows (a reduction's chunk sizes its launch as any reduction does).
        boolean chunkItems = chunk != null && !(launch instanceof CommandGroupRecord.Reduce);
        if (chunk != null) {
            twoItemsPossible = false;
            rowsPossible = false;
        }
        // Grid stride: the launch is one wave of work-groups, each work-item running the items a grid apart. Else
        // two items per work-item: the launch covers half of an even range; the kernel runs the other half too. Not
        // for kernels with vector accesses, whose items are wide already (LoweredKernel.vectorAccess).
        long strideItems = twoItemsPossible && lowered.gridStride() ? launches.gridStrideItems(range.size(),
                () -> LaunchSpecialization.accessorBytes(lowered, kernel.captured())) : 0;
        boolean twoItems = strideItems == 0 && twoItemsPossible && !lowered.vectorAccess() && range.size() % 2 == 0
                && launches.twoItemsPerWorkItem(range.size());
        // Rows: a 2-D or 3-D launch covers a half or a quarter of the range's rows (dimension 0); each work-item runs
        // that many adjacent rows' items. Not for a kernel with a strided access (a naive transpose's store), whose
        // work-items would then each write a few elements of one row while its neighbours write other rows: an H200
        // ran the 4096² transpose 8% slower with four rows.
        int rows = rowsPossible && range != null && !lowered.stridedAccess() ? launches.rowsPerWorkItem(range) : 1;
        Range workItems = chunkItems ? chunk.extent(range)
                : strideItems > 0 ? Range.of((int) strideItems)
                : twoItems ? Range.of((int) (range.size() / 2))
                : rows > 1 ? CommandGroupRecord.withRows(range, range.get(0) / rows) : range;
        int specialization = LaunchSpecialization.of(lowered, kernel.captured(), launches.zeroOffsetPrograms(),
                launches.signedSubscripts(), launches.sharedStrides()) | (twoItems ? LaunchSpecialization.TWO_ITEMS : 0)
                | (strideItems > 0 ? LaunchSpecialization.GRID_STRIDE : 0)
                | (rows == 2 ? LaunchSpecialization.TWO_ROWS : rows == 4 ? LaunchSpecialization.FOUR_ROWS : 0);
        // Launches at a global offset get a program of their own where the driver needs it (the quirk's comment).
        boolean offsetProgram = chunk != null && chunk.from() > 0
                && device.hasQuirk(DriverQuirk.OFFSET_LAUNCHES_APART);
        // The work-groups the runtime picks for a Range launch on a device that pads ranges (GPUs), else null.
        long[] paddedLocal = launch instanceof CommandGroupRecord.Items
                && launches.padsRanges() ? launches.paddedLocalSize(workItems, lowered.stridedAccess()) : null;
        if (paddedLocal != null && chunk != null && !chunk.last()
                && (chunk.to() - chunk.from()) % paddedLocal[paddedLocal.length - 1] != 0) {
            // The kernel's guard knows the whole range, not the chunk's end: a chunk before the last runs unpadded.
            paddedLocal = null;
        }
        // A reduction's chunk ends its items where the chunk does, an nd-range's counts its groups from the range's
        // start (the range stays the kernel's range).
        String chunkOptions = chunk == null ? "" : switch (launch) {
            case CommandGroupRecord.Reduce reduce -> "-D" + ProgramVariant.CHUNK_END + "=" + chunk.to() + "u";
            case CommandGroupRecord.NdItems nd -> "-D" + ProgramVariant.ND_CHUNK;
            default -> "";
        };
        boolean padded = paddedLocal != null && SubmitTrace.ragged(workItems, paddedLocal);
        KernelHandle handle = kernels.kernelFor(group, kernel.lowering(), padded, specialization, offsetProgram,
                chunkOptions);
        return new Variant(workItems, paddedLocal, specialization, padded, twoItems, strideItems, rows, chunkItems,
                offsetProgram, chunk, handle);
    }

    /**
     * Under the graph lock, in passes: orders the launch after what it waits for, readies its data, commits it. {@code hit}:
     * the kept launch it repeats, whose arguments it takes ({@code kernel} then has no captures), else null; {@code draft}:
     * what the queue's {@link RepeatLane} keeps of it once enqueued, or null.
     */
    private EventImpl submitPlanned(CommandGroupRecord group, KernelLambdas.Kernel kernel, LaunchPlan plan,
            CommandGroupRecord.Chunk chunk, boolean offsetProgram, RepeatLane.Hit hit, RepeatLane.Entry draft) {
        LoweredKernel lowered = kernel.lowered();
        CommandGroupRecord.Launch launch = group.launch();
        return Passes.run(plan.handle(), (lease, deferred, first) -> {
            var waits = new ArrayList<EventImpl>(4);
            waits.addAll(group.dependencies());
            for (var req : group.requirements().entrySet()) {
                if (!regioned(chunk, req.getKey())) { // a chunk's rows: ordered by its in-order queue and the moves
                    req.getKey().collectDependencies(req.getValue(), waits);
                }
            }
            orderAfterPrevious(waits);
            if (first && SchedulerTrace.on()) {
                SchedulerTrace.log(describe("kernel " + lowered.kernelName(), group));
                if (chunk != null) {
                    SchedulerTrace.log("kernel " + lowered.kernelName() + ": a DistributedQueue's chunk, rows "
                            + chunk.from() + " to " + chunk.to() + " of " + launch.range().get(0)
                            + (offsetProgram ? ", from a program of its own (driver quirk offset-launches-apart)"
                                    : ""));
                }
            }
            // Host work (an open host accessor, a host-device command group) and other contexts' commands cannot join
            // the wait list: they are awaited outside the lock, before the data moves (a host accessor's close leaves
            // an unmap the launch must wait for).
            deferred.pending(waits, context);
            for (var req : group.requirements().entrySet()) {
                if (regioned(chunk, req.getKey())) {
                    req.getKey().readyForChunk(commands, deferred);
                } else {
                    req.getKey().readyForDevice(commands, req.getValue(), deferred);
                }
            }
            return deferred.isEmpty() ? commit(group, kernel, lease, waits, plan, hit, draft) : null;
        }, e -> DeferredLaunch.enqueueFailure(lowered, device, e));
    }

    /**
     * A launch that repeats {@code hit}, enqueued without the scheduler's pass where its buffers need nothing of it
     * (null where they do, and {@link #submitPlanned} then takes the launch whole): on this queue's in-order OpenCL
     * queue, whose launches need no event, with no dependency of its command group, after a previous command (of an
     * in-order queue) that needs no wait ({@link #orderedByCl}), each buffer's copy in this context current and none
     * of the commands its users would make the launch wait for needing a wait ({@link BufferStorage#steadyMemory}), in
     * the very memory the kept arguments were set from. Those are what a pass would find for a launch repeated on
     * the same data (a time step, a stencil swapping its buffers): it would collect this queue's own launches as
     * dependencies, leave them out of the wait list, move nothing and record the launch as each buffer's user. Here it
     * checks that under the graph lock and enqueues the launch, as the pass would, and records the same uses, so a
     * later command of any queue, a host access or a buffer's close orders after it as after any launch.
     */
    private EventImpl repeatInPlace(CommandGroupRecord group, RepeatLane.Hit hit) {
        if (lazy == null || !group.dependencies().isEmpty()) {
            return null;
        }
        RepeatLane.Entry entry = hit.entry();
        LaunchPlan plan = entry.plan();
        LoweredKernel lowered = entry.kernel().lowered();
        try (var lease = plan.handle().acquire()) {
            GraphLock.LOCK.lock();
            try {
                if (!orderedByCl()) {
                    return null;
                }
                ClMem[] mems = entry.mems();
                int r = 0;
                for (var req : group.requirements().entrySet()) {
                    ClMem mem = req.getKey().steadyMemory(context, cl, req.getValue());
                    if (mem == null || mem != mems[r++]) {
                        return null;
                    }
                }
                FirstSubmitTrace.mark("buffers");
                lazy.throwIfFailed();
                if (SchedulerTrace.on()) {
                    SchedulerTrace.log("kernel " + lowered.kernelName() + " submitted to " + this + " repeats a"
                            + " launch in place: it waits for nothing (what it comes after is this queue's own or has"
                            + " ended) and moves nothing (its buffers' copies are current)");
                }
                KernelArguments arguments = hit.arguments(mems);
                FirstSubmitTrace.mark("arguments");
                LaunchThread thread = lazy.thread() != null && lazy.thread().inBurst(group.submittedNanos())
                        ? lazy.thread() : null;
                if (thread != null) {
                    thread.submit(new DeferredLaunch(lazy.queue(), plan.handle(), arguments, plan.shape(), lowered,
                            device));
                } else {
                    arguments.applyTo(lease.kernel());
                    plan.shape().launch(cl(), lease.kernel(), List.of(), false);
                }
                EventImpl event = EventImpl.lazy(lazy, lazy.launched(), context);
                FirstSubmitTrace.mark("enqueue");
                if (SchedulerTrace.on()) {
                    SchedulerTrace.log(SubmitTrace.enqueued(lowered.kernelName(), this, 0, plan, true, thread != null));
                }
                for (var req : group.requirements().entrySet()) {
                    req.getKey().recordUse(req.getValue(), event);
                }
                track(event);
                if (lazy.thread() != null) {
                    lazy.thread().submitReturned();
                }
                return event;
            } finally {
                GraphLock.LOCK.unlock();
            }
        } catch (ClException e) {
            throw DeferredLaunch.enqueueFailure(lowered, device, e);
        }
    }

    /**
     * True if a command enqueued on the OpenCL queue now needs no order of its own after the queue's previous one
     * ({@link #orderAfterPrevious}): the queue is not in order, has none, its OpenCL queue (in order) holds it, or it
     * is known to have succeeded ({@link EventImpl#succeeded}).
     */
    private synchronized boolean orderedByCl() {
        return !inOrder || last == null || last.orderedBy(cl) || last.succeeded();
    }

    /** What the queue's {@link RepeatLane} would keep of a launch once enqueued, or null (not kept, or no lane). */
    private RepeatLane.Entry laneDraft(CommandGroupRecord group, boolean checkedRequested, KernelLambdas.Kernel kernel,
            LaunchPlan plan) {
        return repeatLane == null ? null : RepeatLane.draft(group, checkedRequested, kernel, plan);
    }

    /**
     * True if {@code storage} is a buffer whose rows a {@link io.jsycl.DistributedQueue} spreads, in a chunk of its
     * (a chunk's reduction partial is not: it is its device's own, and moves as a plain queue's buffer does).
     */
    private static boolean regioned(CommandGroupRecord.Chunk chunk, BufferStorage storage) {
        return chunk != null && chunk.regions().containsKey(storage);
    }

    /**
     * How a kernel is launched, decided before the graph lock is taken; {@code shape}, its work sizes, is made once
     * from the others and serves every launch that repeats the plan ({@link RepeatedLaunches}, {@link RepeatLane}).
     */
    record LaunchPlan(Range range, Range local, long[] paddedLocal, int specialization, boolean padded,
            boolean twoItems, boolean gridStride, KernelHandle handle, long firstRow, PartialSlots.Slot slot,
            NdShape shape) {
        LaunchPlan(Range range, Range local, long[] paddedLocal, int specialization, boolean padded, boolean twoItems,
                boolean gridStride, KernelHandle handle, long firstRow, PartialSlots.Slot slot) {
            this(range, local, paddedLocal, specialization, padded, twoItems, gridStride, handle, firstRow, slot,
                    NdShape.of(range, local, paddedLocal).startingAtRow(firstRow));
        }

        /**
         * The {@link ProgramVariant} bits of the program the launch runs that decide which arguments its kernel takes
         * ({@link io.jsycl.lowering.KernelArg#presentIn}): its specialization, and {@code PADDED_RANGE} where the
         * launch rounds its range up.
         */
        int programVariants() {
            return specialization | (padded ? ProgramVariant.PADDED_RANGE.bit() : 0);
        }
    }

    /** The device's {@link PartialSlots}, made at its first part of a DistributedQueue's reduction. */
    private synchronized PartialSlots partialSlots() {
        if (partialSlots == null) {
            partialSlots = new PartialSlots(context);
        }
        return partialSlots;
    }

    /**
     * Under the graph lock, once nothing is deferred: moves each buffer's data (non-blocking enqueues), sets the
     * arguments, enqueues the kernel after {@code waits} and records it as each buffer's user and the queue's latest.
     */
    private EventImpl commit(CommandGroupRecord group, KernelLambdas.Kernel kernel, KernelHandle.Lease lease,
            List<EventImpl> waits, LaunchPlan plan, RepeatLane.Hit hit, RepeatLane.Entry draft) {
        LoweredKernel lowered = kernel.lowered();
        if (lazy != null) {
            lazy.throwIfFailed();
        }
        CommandGroupRecord.Chunk chunk = CommandGroupRecord.chunkOf(group.launch());
        KernelArguments arguments = null;
        boolean handedOff = false;
        try {
            // The device memory of each requested buffer, in the order of group.requirements().
            int requested = group.requirements().size();
            var storages = new BufferStorage[requested];
            var mems = new ClMem[requested];
            int r = 0;
            for (var req : group.requirements().entrySet()) {
                storages[r] = req.getKey();
                mems[r++] = regioned(chunk, req.getKey())
                        ? req.getKey().prepareChunk(commands, waits)
                        : req.getKey().prepareDevice(commands, req.getValue(), waits);
            }
            FirstSubmitTrace.mark("buffers");
            CommandGroupRecord.Launch launch = group.launch();
            PartialSlots.Slot slot = plan.slot();
            // A DistributedQueue's part of a reduction: folded into the device's part, from the identity.
            ReductionImpl part = slot == null ? null : ((CommandGroupRecord.Reduce) launch).reduction();
            if (slot != null) {
                part.slot(slot);
            }
            if (hit != null) {
                arguments = hit.arguments(mems);
            } else {
                arguments = new KernelArguments();
                arguments.set(context.cl(), lowered, kernel.captured(), storages, mems,
                        launch.range(), CommandGroupRecord.reductionsOf(launch),
                        plan.local() == null ? 0 : plan.local().size(), plan.programVariants());
            }
            FirstSubmitTrace.mark("arguments");
            List<ClEvent> clWaits = EventImpl.waitList(waits, context, inOrderCl());
            FirstSubmitTrace.mark("wait-list");
            NdShape shape = plan.shape();
            // A checked kernel's event reads the check record afterwards, so it needs an event of its own.
            LazyLaunches lazyLaunch = arguments.checked() ? null : lazy;
            // Only a launch that waits for nothing but the queue's earlier commands goes to the launch thread (an
            // OpenCL wait list would have to outlive the submit), and only in a burst of submits. Never a
            // DistributedQueue's chunk: its submitting thread makes every device's enqueues, since on NVIDIA's driver
            // enqueues from threads beside it made them slower (Distributor).
            LaunchThread thread = lazyLaunch != null && clWaits.isEmpty() && lazyLaunch.thread() != null
                    && chunk == null && lazyLaunch.thread().inBurst(group.submittedNanos()) ? lazyLaunch.thread()
                    : null;
            EventImpl event;
            if (slot != null) {
                slot.enqueuing();
            }
            try {
                if (thread != null) {
                    thread.submit(new DeferredLaunch(lazyLaunch.queue(), plan.handle(), arguments, shape, lowered,
                            device, part));
                    handedOff = true;
                    event = EventImpl.lazy(lazyLaunch, lazyLaunch.launched(), context);
                } else {
                    if (slot != null) {
                        slot.writeIdentity(cl(), part.output().kind, part.identity());
                    }
                    if (lazyLaunch != null) {
                        FirstSubmitTrace.mark("work-sizes");
                        arguments.applyTo(lease.kernel());
                        FirstSubmitTrace.mark("set-args");
                        shape.launch(cl(), lease.kernel(), clWaits, false);
                        event = EventImpl.lazy(lazyLaunch, lazyLaunch.launched(), context);
                    } else {
                        arguments.applyTo(lease.kernel());
                        ClEvent clEvent = shape.launch(cl(), lease.kernel(), clWaits, true);
                        event = EventImpl.of(clEvent, context, profiling, cl());
                        KernelProfile.launched(lowered.kernelName(), kernel.lowering()::described, clEvent);
                    }
                    if (slot != null) {
                        // The part's read completes once the kernel has: where the kernel has no event, it is the
                        // command's (a wait for it is then not a clFinish of the whole queue).
                        boolean lent = lazyLaunch != null;
                        ClEvent read = slot.readAfter(cl(), part.output().kind, lent);
                        if (lent) {
                            event = EventImpl.of(read, context, false, cl());
                        }
                    }
                }
            } catch (RuntimeException e) {
                if (slot != null && !handedOff) {
                    slot.abandon(e);
                }
                throw e;
            }
            FirstSubmitTrace.mark("enqueue");
            if (SchedulerTrace.on()) {
                SchedulerTrace.log(SubmitTrace.enqueued(lowered.kernelName(), this, clWaits.size(), plan,
                        lazyLaunch != null, thread != null));
            }
            ClMem check = arguments.takeCheckBuffer();
            if (check != null) {
                event.checkAfterwards(new KernelCheck(context, check, kernel.lowering()));
            }
            // A DistributedQueue records its chunks' use of the rows it spreads together, as one command, once every
            // chunk is enqueued.
            for (var req : group.requirements().entrySet()) {
                if (!regioned(chunk, req.getKey())) {
                    req.getKey().recordUse(req.getValue(), event);
                }
            }
            track(event);
            if (draft != null && arguments.reusable()) {
                repeatLane.keep(draft, arguments, mems);
            }
            if (lazyLaunch != null && lazyLaunch.thread() != null) {
                lazyLaunch.thread().submitReturned();
            }
            return event;
        } finally {
            if (!handedOff && arguments != null) {
                arguments.close();
            }
        }
    }

    /** For the trace: what a command group waits for and why, before its data moves. */
    private String describe(String what, CommandGroupRecord group) {
        return SubmitTrace.describe(what, group, this, hasPreviousInOrder());
    }

    /**
     * The OpenCL queue, to enqueue a command on: the launches the queue's launch thread still holds are enqueued
     * first, so the command comes after them as it was submitted after them.
     */
    ClCommandQueue cl() {
        if (lazy != null) {
            lazy.flush();
        }
        return cl;
    }

    /** The OpenCL queue if it runs commands in submission order, else null. */
    ClCommandQueue inOrderCl() {
        return clInOrder ? cl : null;
    }

    /** True if an in-order queue has a command before the next one, which the next is ordered after. */
    synchronized boolean hasPreviousInOrder() {
        return last != null && inOrder;
    }

    /**
     * Adds the previous command group to {@code waits} where this queue must order them itself:
     * an in-order queue of the host device, or of a device whose OpenCL queue is out of order.
     */
    synchronized void orderAfterPrevious(List<EventImpl> waits) {
        if (last != null && inOrder) {
            waits.add(last);
        }
    }

    /** Tracks a command that is already done (host-side copies). */
    EventImpl trackDone() {
        EventImpl e = EventImpl.completed();
        track(e);
        return e;
    }

    /** Wraps and tracks an OpenCL command of this queue. */
    EventImpl trackNew(ClEvent command) {
        EventImpl e = EventImpl.of(command, context, profiling, this.cl);
        track(e);
        return e;
    }

    /** Records {@code event} as the queue's latest command, and as in flight unless {@link LazyLaunches} keeps it. */
    synchronized void track(EventImpl event) {
        last = event;
        if (event.isLazy()) {
            return; // awaited through LazyLaunches.awaitAll()
        }
        if (inFlight.size() >= pruneAt) {
            inFlight.removeIf(e -> e.isDone() && e.status() == CommandStatus.COMPLETE);
            pruneAt = Math.max(256, 2 * inFlight.size());
        }
        inFlight.add(event);
    }

    /**
     * Waits for every command submitted so far (with no lock held) and returns what they failed
     * with, in submission order; empty if none failed.
     */
    public List<Throwable> awaitAll() {
        var errors = new ArrayList<Throwable>();
        for (EventImpl e : takeInFlight()) {
            try {
                e.await();
            } catch (RuntimeException | Error ex) {
                errors.add(ex);
            }
        }
        if (lazy != null) {
            try (var watch = WaitWatch.start(() -> "the kernels launched on " + this, WaitWatch.KERNEL_CAUSE)) {
                lazy.awaitAll();
            } catch (RuntimeException | Error ex) {
                errors.add(ex);
            }
        }
        return errors;
    }

    /**
     * What this queue keeps under {@code key}: made by {@code make} at the first call, closed when the queue closes,
     * after its work. Lets a library keep device memory between calls (allocating and freeing it costs a device-wide
     * synchronization on some drivers) without a resource the caller must close.
     *
     * @param <T> the attachment's type
     * @param key identifies the attachment
     * @param type the attachment's type, which the one under {@code key} must have
     * @param make makes it
     * @return the attachment
     * @throws IllegalStateException if the queue is closed
     */
    public synchronized <T extends AutoCloseable> T attachment(Object key, Class<T> type, Supplier<T> make) {
        if (attachments == null) {
            throw new IllegalStateException("queue is closed");
        }
        return type.cast(attachments.computeIfAbsent(key, k -> make.get()));
    }

    /** Takes the attachments, once: the close's. */
    private synchronized List<AutoCloseable> takeAttachments() {
        List<AutoCloseable> taken = attachments == null ? List.of() : List.copyOf(attachments.values());
        attachments = null;
        return taken;
    }

    private synchronized List<EventImpl> takeInFlight() {
        List<EventImpl> events = List.copyOf(inFlight);
        inFlight.clear();
        return events;
    }

    /**
     * The queue's close, once no submit is under way: waits for the queue's work, then releases the
     * OpenCL queue. Failures of that work are not thrown here.
     */
    public void close() {
        try {
            for (EventImpl e : takeInFlight()) {
                try {
                    e.await();
                } catch (RuntimeException ignored) {
                    // Reported by the event's own await(); close releases regardless.
                }
            }
            if (lazy != null) {
                lazy.close(); // keeps a failure for the launches' events
            }
        } finally {
            for (AutoCloseable attached : takeAttachments()) {
                try {
                    attached.close(); // after the queue's work, which may have used it
                } catch (Exception ignored) {
                    // Like the work's own failures: close releases regardless.
                }
            }
            try {
                synchronized (this) {
                    if (partialSlots != null) {
                        partialSlots.close(); // its parts' reads completed in the waits above
                    }
                }
            } finally {
                if (cl != null) {
                    cl.close();
                }
            }
        }
    }

    @Override
    public String toString() {
        return "Queue[" + device.name() + (inOrder ? ", in order" : "") + "]";
    }
}
