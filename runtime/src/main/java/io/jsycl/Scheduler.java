package io.jsycl;

import io.jsycl.lowering.KernelArg;
import io.jsycl.lowering.KernelShape;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClException;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.program.KernelHandle;
import io.jsycl.program.ProgramBuildException;
import io.jsycl.program.ProgramManager;
import io.jsycl.program.ProgramSource;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs command groups: lowers and builds the kernel, orders it after the commands whose data it
 * needs, moves the data it reads, and enqueues it.
 *
 * <p>Design. Each buffer records its last writer and the readers since (see {@link BufferStorage});
 * a command waits for the last writer of each buffer it reads and, if it writes, for the readers
 * too. Waits on OpenCL events of the same context become the enqueue's wait list; waits on host
 * work or on another context's events are done on the submitting thread, before the command is
 * recorded. On an in-order queue without profiling a kernel is launched without an OpenCL event
 * ({@link LazyLaunches}): commands of the same queue need none, and any other waiter gets a marker
 * on that queue. Where such a queue has a {@link LaunchThread} (GPUs), a launch that waits for nothing
 * but the queue's earlier commands, in a burst of submits, is recorded and enqueued by that thread
 * ({@link DeferredLaunch}).
 *
 * <p>Thread safety: {@link #LOCK} serializes the graph updates of all queues (dependency
 * collection, data movement decisions, enqueue, recording the new event), so two command groups
 * on one buffer are ordered as they were submitted and every buffer of a command group sees the
 * same order. It is never held across a blocking wait. A submit runs in passes: each pass, under
 * the lock, collects the command's dependencies and asks each buffer what stands between it and
 * an enqueue that does not wait ({@code BufferStorage.readyFor*}). If nothing does, the pass
 * commits: it moves data with non-blocking enqueues, enqueues the command and records it. Else it
 * commits nothing but the transfers it started (a read-back into the host array, an upload by
 * map, each recorded as a reader of its buffer) and leaves a {@link Deferred}: the submitting
 * thread, with the lock released, waits for the host work or other context's commands the command
 * depends on and finishes those transfers, then runs the pass again. Commands submitted by other
 * threads meanwhile may go first, which is an order they could have been submitted in. Lowering,
 * program builds and kernel leases happen before the lock is taken. Lock order: {@link #LOCK},
 * then a buffer's storage, then a queue's, an event's or {@link LazyLaunches}' monitor. A queue's
 * read lock (held by each submit, so that its close waits for submits under way) is the one lock
 * a submit holds while it waits; only that queue's close takes it exclusively.
 *
 * <p>Host-device command groups run asynchronously on their own threads once the events they
 * depend on complete; the validity of each buffer copy changes at submit, in submission order.
 * Where a device command needs data a host command group produces, the submitting thread waits
 * for that host work (OpenCL wait lists cannot hold it).
 *
 * <p>Errors: lowering and build failures are thrown from {@code submit}, and so is the failure of
 * host work or of a transfer the submitting thread waited for; failures while a command runs
 * surface at {@link Event#await()}, {@link Queue#await()} or a buffer's close.
 */
final class Scheduler {
    /** The graph lock: held for graph updates and enqueues only, never across a wait (see above). */
    static final ReentrantLock LOCK = new ReentrantLock();
    /** Runs host-device command groups once their dependencies are met; each waits on its own thread. */
    private static final ExecutorService HOST_COMMANDS = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "jsycl-host-command");
        t.setDaemon(true);
        return t;
    });

    private Scheduler() {
    }

    static Event submit(Queue queue, Handler h) {
        FirstSubmitTrace.mark("command-group");
        Handler.Launch launch = h.launch();
        if (launch == null) {
            throw new IllegalStateException("the command group ran no kernel: call h.parallelFor(...) or h.singleTask(...)");
        }
        KernelShape shape = launch.range() == null ? KernelShape.TASK
                : launch.reduction() != null ? KernelShape.REDUCTION
                : launch.local() != null ? KernelShape.ND_ITEM : KernelShape.ITEM;
        int dims = launch.range() == null ? 0 : launch.range().dimensions();
        boolean checked = !queue.device().isHost() && h.checkedRequested();
        KernelLambdas.Kernel kernel = KernelLambdas.lower(launch.kernel(), shape, dims, h, checked,
                launch.reduction() == null ? null : Reductions.spec(launch.reduction()));
        Event event = queue.device().isHost() ? submitHost(queue, h, launch) : submitOpenCl(queue, h, launch, kernel,
                LoweredKernel.twoItemsPerWorkItem(shape, dims, launch.reduction() != null, checked));
        FirstSubmitTrace.finish();
        return event;
    }

    /**
     * A host access: the future its close completes, and the mapped copy it reads and writes, or
     * null where it uses the host array.
     */
    record HostAccess(CompletableFuture<Void> open, BufferStorage.HostMapping mapping) {
    }

    /**
     * Opens host access to {@code storage}: orders it after the buffer's pending commands, brings
     * the contents to the host (or, where the storage allows it, maps a device copy for the host to
     * use directly: {@link BufferStorage#mapForHost}), and makes later command groups wait until
     * the returned future completes (the host accessor's close).
     */
    static HostAccess hostAccess(BufferStorage storage) {
        var open = new CompletableFuture<Void>();
        List<Event> waits;
        BufferStorage.HostMapping mapping;
        while (true) {
            waits = new ArrayList<>();
            mapping = null;
            var deferred = new Deferred();
            boolean committed = false;
            Throwable failure = null;
            LOCK.lock();
            try {
                storage.collectDependencies(AccessMode.READ_WRITE, waits);
                mapping = storage.mapForHost(waits, deferred);
                if (mapping == null && deferred.isEmpty()) {
                    storage.readyForHost(AccessMode.READ_WRITE, deferred);
                    if (deferred.isEmpty()) {
                        storage.prepareHost(AccessMode.READ_WRITE);
                    }
                }
                if (deferred.isEmpty()) {
                    storage.recordUse(AccessMode.READ_WRITE, Event.of(open));
                    committed = true;
                }
            } catch (RuntimeException | Error e) {
                failure = e;
            } finally {
                LOCK.unlock();
            }
            Deferred.runAfter(deferred, failure);
            if (committed) {
                break;
            }
        }
        try {
            if (mapping != null && mapping.ready != null) {
                try (var ready = mapping.ready) {
                    ready.await();
                }
            }
            for (Event e : waits) {
                e.await();
            }
        } catch (RuntimeException | Error e) {
            if (mapping != null) {
                storage.unmapHost(mapping);
            }
            open.complete(null);
            throw e;
        }
        return new HostAccess(open, mapping);
    }

    private static Event submitHost(Queue queue, Handler h, Handler.Launch launch) {
        var done = new CompletableFuture<Void>();
        Event event = queue.profiling() ? Event.profiled(done) : Event.of(done);
        List<Event> waits;
        for (boolean first = true; ; first = false) {
            waits = new ArrayList<>(h.dependencies());
            var deferred = new Deferred();
            boolean committed = false;
            Throwable failure = null;
            LOCK.lock();
            try {
                if (first && SchedulerTrace.on()) {
                    SchedulerTrace.log(describe("kernel on the host device", queue, h));
                }
                queue.orderAfterPrevious(waits);
                for (var req : h.requirements().entrySet()) {
                    req.getKey().collectDependencies(req.getValue(), waits);
                    req.getKey().readyForHost(req.getValue(), deferred);
                }
                if (deferred.isEmpty()) {
                    for (var req : h.requirements().entrySet()) {
                        req.getKey().prepareHost(req.getValue());
                    }
                    for (var req : h.requirements().entrySet()) {
                        req.getKey().recordUse(req.getValue(), event);
                    }
                    queue.track(event);
                    committed = true;
                }
            } catch (RuntimeException | Error e) {
                failure = e;
            } finally {
                LOCK.unlock();
            }
            Deferred.runAfter(deferred, failure);
            if (committed) {
                break;
            }
        }
        List<Event> dependencies = waits;
        HOST_COMMANDS.execute(() -> {
            try {
                for (Event e : dependencies) {
                    e.await();
                }
                event.hostStarted();
                HostExecutor.run(launch, h.specValues());
                event.hostEnded();
                done.complete(null);
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        return event;
    }

    /**
     * Launches on an OpenCL device. {@code twoItemsPossible}: the kernel's program can run two items per work-item
     * ({@link LoweredKernel#twoItemsPerWorkItem}); whether this launch does is the queue's choice.
     */
    private static Event submitOpenCl(Queue queue, Handler h, Handler.Launch launch, KernelLambdas.Kernel kernel,
            boolean twoItemsPossible) {
        Device device = queue.device();
        LoweredKernel lowered = kernel.lowered();
        if (lowered.usesFp64() && !device.hasFp64()) {
            throw new SyclException("kernel " + kernel.lowering().described() + " computes in double, which " + device.name()
                    + " does not support (no cl_khr_fp64); use float, or run it on a device with Aspect.FP64");
        }
        Range range = launch.range();
        // Two items per work-item: the launch covers half of an even range; the kernel runs the other half too.
        boolean twoItems = twoItemsPossible && range.size() % 2 == 0 && queue.twoItemsPerWorkItem(range.size());
        Range workItems = twoItems ? Range.of((int) (range.size() / 2)) : range;
        int specialization = LaunchSpecialization.of(lowered, kernel.captured(), queue.zeroOffsetPrograms(),
                queue.signedSubscripts()) | (twoItems ? LaunchSpecialization.TWO_ITEMS : 0);
        // The work-groups the runtime picks for a Range launch on a device that pads ranges (GPUs), else null.
        long[] paddedLocal = launch.local() == null && launch.reduction() == null && range != null
                && queue.padsRanges() ? queue.paddedLocalSize(workItems) : null;
        KernelHandle handle = kernelFor(queue, h, kernel.lowering(),
                paddedLocal != null && ragged(workItems, paddedLocal), specialization);
        FirstSubmitTrace.mark("program");
        if (range != null && range.size() == 0) {
            return Event.completed();
        }
        Range local = launch.local();
        if (launch.reduction() != null) {
            long reductionLocal = Reductions.workGroupSize(device);
            local = Range.of((int) reductionLocal);
            range = Reductions.globalSize(device, range.get(0), reductionLocal, h.checkedRequested());
        }
        range = twoItems ? workItems : range;
        var plan = new LaunchPlan(range, local, paddedLocal, specialization, twoItems, handle);
        for (boolean first = true; ; first = false) {
            var deferred = new Deferred();
            Event event = null;
            Throwable failure = null;
            // The lease is taken before the lock: taking it may look an evicted kernel up again, which may build it.
            try (var lease = handle.acquire()) {
                LOCK.lock();
                try {
                    var waits = new ArrayList<Event>(4);
                    waits.addAll(h.dependencies());
                    for (var req : h.requirements().entrySet()) {
                        req.getKey().collectDependencies(req.getValue(), waits);
                    }
                    queue.orderAfterPrevious(waits);
                    if (first && SchedulerTrace.on()) {
                        SchedulerTrace.log(describe("kernel " + lowered.kernelName(), queue, h));
                    }
                    // Host work (an open host accessor, a host-device command group) and other contexts' commands
                    // cannot join the wait list: they are awaited outside the lock, before the data moves (a host
                    // accessor's close leaves an unmap the launch must wait for).
                    deferred.pending(waits, queue.context());
                    for (var req : h.requirements().entrySet()) {
                        req.getKey().readyForDevice(queue, req.getValue(), deferred);
                    }
                    if (deferred.isEmpty()) {
                        event = commit(queue, h, launch, kernel, lease, waits, plan);
                    }
                } finally {
                    LOCK.unlock();
                }
            } catch (ClException e) {
                failure = enqueueFailure(lowered, device, e);
            } catch (RuntimeException | Error e) {
                failure = e;
            }
            try {
                Deferred.runAfter(deferred, failure);
            } catch (ClException e) {
                throw enqueueFailure(lowered, device, e);
            }
            if (event != null) {
                return event;
            }
        }
    }

    /** How a kernel is launched, decided before the graph lock is taken. */
    private record LaunchPlan(Range range, Range local, long[] paddedLocal, int specialization, boolean twoItems,
            KernelHandle handle) {
    }

    /** The failure of enqueuing {@code lowered} on {@code device}, as submit and the launch thread report it. */
    static SyclException enqueueFailure(LoweredKernel lowered, Device device, ClException e) {
        return new SyclException("cannot enqueue kernel " + lowered.kernelName() + " on " + device.name() + ": "
                + e.getMessage(), e, e.status(), e.statusName());
    }

    /**
     * Under the graph lock, once nothing is deferred: moves each buffer's data (non-blocking enqueues), sets the
     * arguments, enqueues the kernel after {@code waits} and records it as each buffer's user and the queue's latest.
     */
    private static Event commit(Queue queue, Handler h, Handler.Launch launch, KernelLambdas.Kernel kernel,
            KernelHandle.Lease lease, List<Event> waits, LaunchPlan plan) {
        LoweredKernel lowered = kernel.lowered();
        if (queue.lazyLaunches() != null) {
            queue.lazyLaunches().throwIfFailed();
        }
        var arguments = new KernelArguments();
        boolean handedOff = false;
        try {
            // The device memory of each requested buffer, in the order of h.requirements().
            int requested = h.requirements().size();
            var storages = new BufferStorage[requested];
            var mems = new ClMem[requested];
            int r = 0;
            for (var req : h.requirements().entrySet()) {
                storages[r] = req.getKey();
                mems[r++] = req.getKey().prepareDevice(queue, req.getValue(), waits);
            }
            FirstSubmitTrace.mark("buffers");
            arguments.set(queue.context().cl(), lowered, kernel.captured(), storages, mems,
                    launch.range(), launch.reduction(), plan.local() == null ? 0 : plan.local().size(),
                    (plan.specialization() & LaunchSpecialization.ZERO_OFFSETS) != 0);
            FirstSubmitTrace.mark("arguments");
            List<ClEvent> clWaits = Event.waitList(waits, queue.context(), queue.inOrderCl());
            NdShape shape = NdShape.of(plan.range(), plan.local(), plan.paddedLocal());
            // A checked kernel's event reads the check record afterwards, so it needs an event of its own.
            LazyLaunches lazy = arguments.checked() ? null : queue.lazyLaunches();
            // Only a launch that waits for nothing but the queue's earlier commands goes to the launch thread (an
            // OpenCL wait list would have to outlive the submit), and only in a burst of submits.
            LaunchThread thread = lazy != null && clWaits.isEmpty() && lazy.thread() != null
                    && lazy.thread().inBurst(h.submittedNanos()) ? lazy.thread() : null;
            Event event;
            if (thread != null) {
                thread.submit(new DeferredLaunch(lazy.queue(), plan.handle(), arguments, shape, lowered,
                        queue.device()));
                handedOff = true;
                event = Event.lazy(lazy, lazy.launched(), queue.context());
            } else if (lazy != null) {
                arguments.applyTo(lease.kernel());
                shape.launch(queue.cl(), lease.kernel(), clWaits, false);
                event = Event.lazy(lazy, lazy.launched(), queue.context());
            } else {
                arguments.applyTo(lease.kernel());
                ClEvent clEvent = shape.launch(queue.cl(), lease.kernel(), clWaits, true);
                event = Event.of(clEvent, queue.context(), queue.profiling(), queue.cl());
                KernelProfile.launched(lowered.kernelName(), clEvent);
            }
            FirstSubmitTrace.mark("enqueue");
            if (SchedulerTrace.on()) {
                SchedulerTrace.log("kernel " + lowered.kernelName() + " enqueued on " + queue + " with "
                        + clWaits.size() + " OpenCL events in its wait list"
                        + (plan.twoItems() ? ", two items per work-item over " + plan.range().size() + " work-items"
                                : "")
                        + (plan.paddedLocal() != null ? ", work-groups of " + workGroup(plan.paddedLocal()) : "")
                        + ((plan.specialization() & LaunchSpecialization.NO_ALIASING) != 0
                                ? ", accessors restrict (pairwise different memory)" : "")
                        + (lazy != null ? ", without an OpenCL event of its own (in-order queue)" : "")
                        + (thread != null ? ", by the queue's launch thread" : ""));
            }
            ClMem check = arguments.takeCheckBuffer();
            if (check != null) {
                event.checkAfterwards(new KernelCheck(queue.context(), check, kernel.lowering()));
            }
            for (var req : h.requirements().entrySet()) {
                req.getKey().recordUse(req.getValue(), event);
            }
            queue.track(event);
            if (lazy != null && lazy.thread() != null) {
                lazy.thread().submitReturned();
            }
            return event;
        } finally {
            if (!handedOff) {
                arguments.close();
            }
        }
    }

    /** For the trace: work-group extents in SYCL order, joined by 'x'. */
    private static String workGroup(long[] openClLocal) {
        var b = new StringBuilder();
        for (int cl = openClLocal.length - 1; cl >= 0; cl--) {
            b.append(openClLocal[cl]).append(cl > 0 ? "x" : "");
        }
        return b.toString();
    }

    /** For the trace: what a command group waits for and why, before its data moves. */
    private static String describe(String what, Queue queue, Handler h) {
        var b = new StringBuilder(what).append(" submitted to ").append(queue).append(':');
        int reasons = 0;
        if (!h.dependencies().isEmpty()) {
            b.append(" after ").append(h.dependencies().size()).append(" dependsOn event(s);");
            reasons++;
        }
        if (queue.hasPreviousInOrder()) {
            b.append(" after the queue's previous command (in-order);");
            reasons++;
        }
        for (var req : h.requirements().entrySet()) {
            String why = req.getKey().describeDependencies(req.getValue());
            b.append(' ').append(req.getKey()).append(' ').append(req.getValue())
                    .append(why.isEmpty() ? " (no wait)" : ": " + why).append(';');
            reasons += why.isEmpty() ? 0 : 1;
        }
        if (reasons == 0) {
            b.append(" waits for nothing;");
        }
        b.setLength(b.length() - 1);
        return b.toString();
    }

    private static KernelHandle kernelFor(Queue queue, Handler h, KernelLambdas.Lowering lowering, boolean padded,
            int specialization) {
        Device device = queue.device();
        String options;
        if (lowering.kernel().specConstants().isEmpty() && !h.hasUserBuildOptions()) {
            // The usual case: the options depend only on the queue, fast math, padding and the launch's
            // specialization; built once per queue and variant.
            int variant = (h.fastMathRequested() ? 1 : 0) | (padded ? 2 : 0) | specialization << 2;
            options = queue.plainBuildOptions(variant);
            if (options == null) {
                options = buildOptions(queue, h, lowering.kernel(), padded, specialization);
                queue.rememberPlainBuildOptions(variant, options);
            }
        } else {
            options = buildOptions(queue, h, lowering.kernel(), padded, specialization);
        }
        FirstSubmitTrace.mark("build-options");
        var key = new Context.KernelKey(lowering, device, options);
        KernelHandle handle = queue.context().kernels().get(key);
        if (handle == null) {
            handle = build(queue, lowering, options);
            queue.context().kernels().put(key, handle);
        }
        return handle;
    }

    /**
     * The build options: the launch's {@link LaunchSpecialization}, Java's float semantics (or fast math), the
     * padded-range guard where the launch rounds the range up (a range that is a multiple of the work-group runs
     * without it), the user's options, and the specialization constants the command group set (as macro
     * definitions, so they are part of the program's cache key).
     */
    private static String buildOptions(Queue queue, Handler h, LoweredKernel lowered, boolean padded,
            int specialization) {
        Device device = queue.device();
        var options = new StringBuilder(LaunchSpecialization.options(specialization));
        for (var use : lowered.specConstants()) {
            for (var set : h.specValues().entrySet()) {
                if (set.getKey().name().equals(use.name())) {
                    options.append("-D").append(use.macro()).append('=').append(CLiterals.of(set.getValue())).append(' ');
                }
            }
        }
        if (padded) {
            options.append("-DJSYCL_PADDED_RANGE ");
        }
        options.append(device.quirkBuildOptions());
        if (h.fastMathRequested()) {
            options.append("-cl-fast-relaxed-math -DJSYCL_FAST_MATH -DJSYCL_CR_DIVIDE_SQRT");
        } else if (device.hasAspect(Aspect.FP32_CORRECTLY_ROUNDED_DIVIDE_SQRT)) {
            // The macro tells generated helpers that float sqrt and divide are correctly rounded.
            options.append("-cl-fp32-correctly-rounded-divide-sqrt -DJSYCL_CR_DIVIDE_SQRT");
        }
        if (!h.userBuildOptions().isEmpty()) {
            if (!options.isEmpty() && options.charAt(options.length() - 1) != ' ') {
                options.append(' ');
            }
            options.append(h.userBuildOptions());
        }
        return options.toString().trim();
    }

    private static KernelHandle build(Queue queue, KernelLambdas.Lowering lowering, String options) {
        Device device = queue.device();
        LoweredKernel lowered = lowering.kernel();
        var source = new ProgramSource(lowered.source(), options, new TreeMap<>());
        try {
            ProgramManager manager = ProgramManager.of(queue.context().cl());
            FirstSubmitTrace.mark("program-manager-open");
            return manager.getOrCreateKernel(device.cl(), source, lowered.kernelName());
        } catch (ProgramBuildException e) {
            throw new KernelBuildException("kernel " + lowering.described() + " (OpenCL kernel " + lowered.kernelName()
                    + ") failed to build for " + device.name()
                    + " with options '" + source.buildOptions() + "':\n" + e.buildLog() + "\n--- generated source ---\n"
                    + lowered.source(), e.buildLog(), lowered.source(), e);
        }
    }

    /** Whether {@code range} is not a whole number of work-groups of {@code local} (OpenCL order): padded. */
    private static boolean ragged(Range range, long[] local) {
        int dims = range.dimensions();
        for (int cl = 0; cl < dims; cl++) {
            if (range.get(dims - 1 - cl) % local[cl] != 0) {
                return true;
            }
        }
        return false;
    }
}
