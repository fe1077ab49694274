package io.jsycl;

import io.jsycl.opencl.ClCommandQueue;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Where command groups are submitted for one device. Out of order by default: command groups are
 * ordered only by their data dependencies, unless {@link QueueProperty#IN_ORDER} is given. Whether an
 * out-of-order queue runs on an out-of-order OpenCL queue is the runtime's choice per device
 * ({@code JSYCL_OUT_OF_ORDER_QUEUES}: not on NVIDIA's OpenCL, which serializes its kernels anyway); the
 * ordering guarantees are the same either way.
 */
public final class Queue implements AutoCloseable {
    private final Device device;
    private final Context context;
    private final Set<QueueProperty> properties;
    private final AsyncHandler asyncHandler;
    private final ClCommandQueue cl;
    private final boolean clInOrder;
    /**
     * {@code JSYCL_PAD_RANGES}, {@code JSYCL_CHECKS}, {@code JSYCL_LOWERING_ZERO_OFFSETS},
     * {@code JSYCL_LOWERING_SIGNED_SUBSCRIPTS} and {@code JSYCL_LOCAL_SIZE_<D>D}, read once when the queue is made
     * rather than per submit.
     */
    private final boolean padsRanges;
    private final boolean checksAll;
    private final boolean zeroOffsets;
    private final boolean signedSubscripts;
    /** The smallest range of a 1-D kernel that runs two items per work-item ({@code JSYCL_TWO_ITEMS_PER_WORK_ITEM}). */
    private final long twoItemsMinRange;
    /** Work-group extents of padded 1-, 2- and 3-D launches (OpenCL dimension 0 first), or null where not padded. */
    private final long[][] paddedLocal;
    /** Why a malformed {@code JSYCL_LOCAL_SIZE_<D>D} was refused, thrown by the launches that need it. */
    private final String[] paddedLocalError;
    /**
     * The fewest work-groups a padded 1-D launch should have: the device's compute units where the work-group size is
     * the default one (0 where {@code JSYCL_LOCAL_SIZE_1D} sets it: then it is used as given).
     */
    private final long spreadOver;
    private final boolean inOrder;
    /**
     * The build options of kernels without specialization constants or user options, by fast math (bit 0),
     * padded range (bit 1) and {@link LaunchSpecialization} (bits 2-5), once the first such submit built them.
     * Strings are immutable: a racing write is harmless.
     */
    private final String[] plainBuildOptions = new String[64];
    /** Kernels launched without an OpenCL event: set for an in-order OpenCL queue without profiling, else null. */
    private final LazyLaunches lazy;
    private final AtomicBoolean closed = new AtomicBoolean();
    /**
     * Read-held by each submit, copy and fill, also while it waits (for host work it depends on, a transfer); write-held
     * by close while it marks the queue closed, so that close waits for the work under way. No other queue takes it.
     */
    private final java.util.concurrent.locks.ReentrantReadWriteLock use =
            new java.util.concurrent.locks.ReentrantReadWriteLock();
    // Guarded by this.
    private final List<Event> inFlight = new ArrayList<>();
    // Guarded by this: the last command group, which an in-order host queue orders the next after.
    private Event last;
    // Guarded by this: the size of inFlight at which finished events are dropped next (doubles while
    // they are all pending, so a deep queue is not polled on every submit).
    private int pruneAt = 256;

    /** A queue on the device {@link DeviceSelector#DEFAULT} picks. */
    public Queue() {
        this(DeviceSelector.DEFAULT);
    }

    /**
     * A queue on the device {@code selector} picks.
     *
     * @param selector picks the device: the highest score wins, negative scores reject
     */
    public Queue(DeviceSelector selector) {
        this(Device.select(selector));
    }

    /**
     * A queue on the device {@code selector} picks; asynchronous errors go to {@code handler}.
     *
     * @param selector picks the device: the highest score wins, negative scores reject
     * @param handler receives errors of asynchronously executed work, in place of rethrowing them at {@link #await()}
     */
    public Queue(DeviceSelector selector, AsyncHandler handler) {
        this(Device.select(selector), handler);
    }

    /**
     * A queue on {@code device}, in its default context.
     *
     * @param device the device commands run on
     */
    public Queue(Device device) {
        this(device, null);
    }

    private Queue(Device device, AsyncHandler handler) {
        this(Context.defaultFor(device), device, handler, EnumSet.noneOf(QueueProperty.class));
    }

    /**
     * A queue on {@code device} of {@code context}.
     *
     * @param context the context of {@code device}; its program cache serves this queue
     * @param device the device commands run on
     * @param properties options such as {@code ENABLE_PROFILING} and {@code IN_ORDER}; none for the defaults
     */
    public Queue(Context context, Device device, QueueProperty... properties) {
        this(context, device, null, properties.length == 0 ? EnumSet.noneOf(QueueProperty.class)
                : EnumSet.copyOf(List.of(properties)));
    }

    private Queue(Context context, Device device, AsyncHandler handler, Set<QueueProperty> properties) {
        this.context = Objects.requireNonNull(context, "context");
        this.device = Objects.requireNonNull(device, "device");
        if (!context.devices().contains(device)) {
            throw new IllegalArgumentException(device + " is not a device of " + context);
        }
        this.asyncHandler = handler;
        var props = EnumSet.noneOf(QueueProperty.class);
        props.addAll(properties);
        if (KernelProfile.ENABLED) {
            props.add(QueueProperty.ENABLE_PROFILING);
        }
        this.properties = Set.copyOf(props);
        if (!device.isHost()) {
            Prewarm.start();
        }
        // Every setting is read, and a malformed one refused, before the OpenCL queue is made.
        Settings settings = Settings.current();
        boolean outOfOrder = !properties.contains(QueueProperty.IN_ORDER) && device.supportsOutOfOrderQueues()
                && settings.outOfOrderQueues(device.vendor());
        this.padsRanges = settings.padsRanges(device);
        this.checksAll = settings.checks().get();
        this.zeroOffsets = settings.zeroOffsets().get();
        this.signedSubscripts = settings.signedSubscripts().get();
        Boolean twoItems = device.isHost() ? Boolean.FALSE : settings.twoItemsPerWorkItem().get();
        this.clInOrder = !outOfOrder;
        this.cl = device.isHost() ? null
                : ClCommandQueue.create(context.cl(), device.cl(), outOfOrder,
                        this.properties.contains(QueueProperty.ENABLE_PROFILING));
        this.lazy = cl != null && clInOrder && !profiling() ? new LazyLaunches(cl,
                settings.usesLaunchThread(device) ? new LaunchThread("jsycl launches " + device.name()) : null)
                : null;
        this.inOrder = this.properties.contains(QueueProperty.IN_ORDER);
        // auto: on GPUs, once half the range still gives every compute unit 4 work-groups of the largest size.
        this.twoItemsMinRange = twoItems != null ? (twoItems ? 0 : Long.MAX_VALUE)
                : device.type() == DeviceType.GPU ? 8L * device.maxComputeUnits() * device.maxWorkGroupSize()
                : Long.MAX_VALUE;
        this.paddedLocal = new long[3][];
        this.paddedLocalError = new String[3];
        if (padsRanges) {
            for (int dims = 1; dims <= 3; dims++) {
                try {
                    paddedLocal[dims - 1] = settings.paddedLocalSize(dims);
                } catch (IllegalArgumentException e) {
                    // Reported by the launches that use it, as before the setting was read per queue.
                    paddedLocalError[dims - 1] = e.getMessage();
                }
            }
        }
        this.spreadOver = padsRanges && !settings.paddedLocalSizeSet(1) ? device.maxComputeUnits() : 0;
    }

    /**
     * Records a command group and submits it.
     *
     * @param commandGroup records the command: accessors, kernel and range, through its {@code Handler}
     * @return the command's event: wait on it, or order later commands after it
     * @throws KernelLoweringException if the kernel uses what a kernel cannot
     * @throws KernelBuildException if the OpenCL compiler rejects the generated kernel
     */
    public Event submit(CommandGroup commandGroup) {
        FirstSubmitTrace.start();
        return whileOpen(() -> {
            var h = new Handler(this);
            commandGroup.apply(h);
            return Scheduler.submit(this, h);
        });
    }

    /**
     * Waits for every command group submitted so far and throws the first error any of them
     * failed with (or passes all of them to the queue's {@link AsyncHandler}).
     */
    public void await() {
        List<Event> events;
        synchronized (this) {
            events = List.copyOf(inFlight);
            inFlight.clear();
        }
        var errors = new ArrayList<Throwable>();
        for (Event e : events) {
            try {
                e.await();
            } catch (RuntimeException | Error ex) {
                errors.add(ex);
            }
        }
        if (lazy != null) {
            try {
                lazy.awaitAll();
            } catch (RuntimeException | Error ex) {
                errors.add(ex);
            }
        }
        if (errors.isEmpty()) {
            return;
        }
        if (asyncHandler != null) {
            asyncHandler.handle(List.copyOf(errors));
            return;
        }
        Throwable first = errors.getFirst();
        if (first instanceof RuntimeException re) {
            throw re;
        }
        throw (Error) first;
    }

    /**
     * Copies {@code src} into the start of {@code dst} after {@code dependsOn}; asynchronous.
     *
     * @param src the host array to copy; it may be reused once the call returns
     * @param dst the device memory to write, at least {@code src.length} elements
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(float[] src, DeviceArray.OfFloat dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToDevice(this, src, dst, dependsOn));
    }

    /**
     * Copies the start of {@code src} into {@code dst} after {@code dependsOn}; done when it returns.
     *
     * @param src the device memory to read, at least {@code dst.length} elements
     * @param dst the host array that receives the data
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(DeviceArray.OfFloat src, float[] dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToHost(this, src, dst, dependsOn));
    }

    /**
     * Sets every element of {@code dst} to {@code value} after {@code dependsOn}; asynchronous.
     *
     * @param dst the device memory to fill
     * @param value the value every element gets
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event fill(DeviceArray.OfFloat dst, float value, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.fill(this, dst, value, dependsOn));
    }

    /**
     * Copies {@code src} into the start of {@code dst} after {@code dependsOn}; asynchronous.
     *
     * @param src the host array to copy; it may be reused once the call returns
     * @param dst the device memory to write, at least {@code src.length} elements
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(double[] src, DeviceArray.OfDouble dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToDevice(this, src, dst, dependsOn));
    }

    /**
     * Copies the start of {@code src} into {@code dst} after {@code dependsOn}; done when it returns.
     *
     * @param src the device memory to read, at least {@code dst.length} elements
     * @param dst the host array that receives the data
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(DeviceArray.OfDouble src, double[] dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToHost(this, src, dst, dependsOn));
    }

    /**
     * Sets every element of {@code dst} to {@code value} after {@code dependsOn}; asynchronous.
     *
     * @param dst the device memory to fill
     * @param value the value every element gets
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event fill(DeviceArray.OfDouble dst, double value, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.fill(this, dst, value, dependsOn));
    }

    /**
     * Copies {@code src} into the start of {@code dst} after {@code dependsOn}; asynchronous.
     *
     * @param src the host array to copy; it may be reused once the call returns
     * @param dst the device memory to write, at least {@code src.length} elements
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(int[] src, DeviceArray.OfInt dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToDevice(this, src, dst, dependsOn));
    }

    /**
     * Copies the start of {@code src} into {@code dst} after {@code dependsOn}; done when it returns.
     *
     * @param src the device memory to read, at least {@code dst.length} elements
     * @param dst the host array that receives the data
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(DeviceArray.OfInt src, int[] dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToHost(this, src, dst, dependsOn));
    }

    /**
     * Sets every element of {@code dst} to {@code value} after {@code dependsOn}; asynchronous.
     *
     * @param dst the device memory to fill
     * @param value the value every element gets
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event fill(DeviceArray.OfInt dst, int value, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.fill(this, dst, value, dependsOn));
    }

    /**
     * Copies {@code src} into the start of {@code dst} after {@code dependsOn}; asynchronous.
     *
     * @param src the host array to copy; it may be reused once the call returns
     * @param dst the device memory to write, at least {@code src.length} elements
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(long[] src, DeviceArray.OfLong dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToDevice(this, src, dst, dependsOn));
    }

    /**
     * Copies the start of {@code src} into {@code dst} after {@code dependsOn}; done when it returns.
     *
     * @param src the device memory to read, at least {@code dst.length} elements
     * @param dst the host array that receives the data
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(DeviceArray.OfLong src, long[] dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToHost(this, src, dst, dependsOn));
    }

    /**
     * Sets every element of {@code dst} to {@code value} after {@code dependsOn}; asynchronous.
     *
     * @param dst the device memory to fill
     * @param value the value every element gets
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event fill(DeviceArray.OfLong dst, long value, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.fill(this, dst, value, dependsOn));
    }

    /**
     * Copies {@code src} into the start of {@code dst} after {@code dependsOn}; asynchronous.
     *
     * @param src the host array to copy; it may be reused once the call returns
     * @param dst the device memory to write, at least {@code src.length} elements
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(short[] src, DeviceArray.OfShort dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToDevice(this, src, dst, dependsOn));
    }

    /**
     * Copies the start of {@code src} into {@code dst} after {@code dependsOn}; done when it returns.
     *
     * @param src the device memory to read, at least {@code dst.length} elements
     * @param dst the host array that receives the data
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(DeviceArray.OfShort src, short[] dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToHost(this, src, dst, dependsOn));
    }

    /**
     * Sets every element of {@code dst} to {@code value} after {@code dependsOn}; asynchronous.
     *
     * @param dst the device memory to fill
     * @param value the value every element gets
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event fill(DeviceArray.OfShort dst, short value, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.fill(this, dst, value, dependsOn));
    }

    /**
     * Copies {@code src} into the start of {@code dst} after {@code dependsOn}; asynchronous.
     *
     * @param src the host array to copy; it may be reused once the call returns
     * @param dst the device memory to write, at least {@code src.length} elements
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(byte[] src, DeviceArray.OfByte dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToDevice(this, src, dst, dependsOn));
    }

    /**
     * Copies the start of {@code src} into {@code dst} after {@code dependsOn}; done when it returns.
     *
     * @param src the device memory to read, at least {@code dst.length} elements
     * @param dst the host array that receives the data
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(DeviceArray.OfByte src, byte[] dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToHost(this, src, dst, dependsOn));
    }

    /**
     * Sets every element of {@code dst} to {@code value} after {@code dependsOn}; asynchronous.
     *
     * @param dst the device memory to fill
     * @param value the value every element gets
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event fill(DeviceArray.OfByte dst, byte value, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.fill(this, dst, value, dependsOn));
    }

    /**
     * Copies {@code src} into the start of {@code dst} after {@code dependsOn}; asynchronous.
     *
     * @param src the host array to copy; it may be reused once the call returns
     * @param dst the device memory to write, at least {@code src.length} elements
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(char[] src, DeviceArray.OfChar dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToDevice(this, src, dst, dependsOn));
    }

    /**
     * Copies the start of {@code src} into {@code dst} after {@code dependsOn}; done when it returns.
     *
     * @param src the device memory to read, at least {@code dst.length} elements
     * @param dst the host array that receives the data
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(DeviceArray.OfChar src, char[] dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToHost(this, src, dst, dependsOn));
    }

    /**
     * Sets every element of {@code dst} to {@code value} after {@code dependsOn}; asynchronous.
     *
     * @param dst the device memory to fill
     * @param value the value every element gets
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event fill(DeviceArray.OfChar dst, char value, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.fill(this, dst, value, dependsOn));
    }

    /**
     * Copies {@code src} into the start of {@code dst} after {@code dependsOn}; asynchronous.
     *
     * @param src the host array to copy; it may be reused once the call returns
     * @param dst the device memory to write, at least {@code src.length} elements
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(boolean[] src, DeviceArray.OfBoolean dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToDevice(this, src, dst, dependsOn));
    }

    /**
     * Copies the start of {@code src} into {@code dst} after {@code dependsOn}; done when it returns.
     *
     * @param src the device memory to read, at least {@code dst.length} elements
     * @param dst the host array that receives the data
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event copy(DeviceArray.OfBoolean src, boolean[] dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyToHost(this, src, dst, dependsOn));
    }

    /**
     * Sets every element of {@code dst} to {@code value} after {@code dependsOn}; asynchronous.
     *
     * @param dst the device memory to fill
     * @param value the value every element gets
     * @param dependsOn events the command waits for; none to start at once
     * @return the command's event
     */
    public Event fill(DeviceArray.OfBoolean dst, boolean value, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.fill(this, dst, value, dependsOn));
    }

    /**
     * Copies every element of {@code src} into {@code dst} (SYCL's {@code q.copy} between device
     * pointers) after {@code dependsOn}; asynchronous. Works for every {@code DeviceArray.OfX}: both
     * must be of this queue's context and device and of the same size.
     *
     * @param <T> the element type (a boxed primitive)
     * @param src the array read
     * @param dst the array written
     * @param dependsOn events that must complete before the copy starts
     * @return the event of the copy
     * @throws IllegalArgumentException if the sizes differ or the arrays belong to different contexts
     */
    public <T> Event copy(DeviceArray<T> src, DeviceArray<T> dst, Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyDeviceToDevice(this, src, dst, dependsOn));
    }

    /**
     * Copies {@code count} elements of {@code src} starting at {@code srcOffset} into {@code dst}
     * starting at {@code dstOffset}, after {@code dependsOn}; asynchronous. The regions must fit in
     * their arrays and, within one array, not overlap.
     *
     * @param <T> the element type (a boxed primitive)
     * @param src the array read
     * @param srcOffset index of the first element read from {@code src}
     * @param dst the array written
     * @param dstOffset index of the first element written in {@code dst}
     * @param count number of elements copied
     * @param dependsOn events that must complete before the copy starts
     * @return the event of the copy
     * @throws IndexOutOfBoundsException if a region does not fit
     * @throws IllegalArgumentException if the regions overlap or the arrays belong to different contexts
     */
    public <T> Event copy(DeviceArray<T> src, int srcOffset, DeviceArray<T> dst, int dstOffset, int count,
                          Event... dependsOn) {
        return whileOpen(() -> UsmCommands.copyDeviceToDevice(this, src, srcOffset, dst, dstOffset, count, dependsOn));
    }

    /**
     * The queue's device.
     *
     * @return the device the queue submits to
     */
    public Device device() {
        return device;
    }

    /**
     * The queue's context.
     *
     * @return the context the queue belongs to
     */
    public Context context() {
        return context;
    }

    /**
     * True if the queue was made with {@code property}.
     *
     * @param property the property to look for
     * @return true when the queue was made with {@code property}
     */
    public boolean has(QueueProperty property) {
        return properties.contains(property);
    }

    /** Waits for the queue's work, then releases it. Errors of that work are not rethrown here. Safe to call twice. */
    @Override
    public void close() {
        use.writeLock().lock();
        try {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
        } finally {
            use.writeLock().unlock();
        }
        try {
            List<Event> events;
            synchronized (this) {
                events = List.copyOf(inFlight);
                inFlight.clear();
            }
            for (Event e : events) {
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
            if (cl != null) {
                cl.close();
            }
        }
    }

    boolean profiling() {
        return properties.contains(QueueProperty.ENABLE_PROFILING);
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

    /** True if kernels get work-groups of a chosen size and a padded global range ({@code JSYCL_PAD_RANGES}). */
    boolean padsRanges() {
        return padsRanges;
    }

    /**
     * The work-group extents of a padded {@code Range} launch of {@code dims} dimensions, OpenCL dimension 0 first
     * ({@code JSYCL_LOCAL_SIZE_<D>D}); do not modify the array.
     *
     * @throws IllegalArgumentException if the setting is malformed
     */
    long[] paddedLocalSize(int dims) {
        String error = paddedLocalError[dims - 1];
        if (error != null) {
            throw new IllegalArgumentException(error);
        }
        return paddedLocal[dims - 1];
    }

    /** The smallest work-group a small 1-D launch is split into: one warp (NVIDIA) or half a wavefront (AMD). */
    static final long MIN_SPREAD_WORK_GROUP = 32;

    /**
     * The work-group extents of a padded launch over {@code range}, OpenCL dimension 0 first: the configured ones
     * ({@link #paddedLocalSize(int)}), each at most the range's extent. A 1-D range too small to give every compute
     * unit a work-group of the default size, but large enough to give each {@value #MIN_SPREAD_WORK_GROUP} items,
     * gets smaller work-groups (halved, down to {@value #MIN_SPREAD_WORK_GROUP} items) until each gets one: 16,384
     * items make 64 work-groups of 256, which leave half of an H100's 132 compute units idle, and 256 work-groups of
     * 64, which use them all. A range of 256 stays one work-group: more, smaller work-groups made a tiny launch
     * slower (docs/performance.md).
     *
     * @throws IllegalArgumentException if the setting is malformed
     */
    long[] paddedLocalSize(Range range) {
        int dims = range.dimensions();
        long[] chosen = paddedLocalSize(dims);
        long[] local = chosen.clone();
        // Only ranges that give every compute unit at least a warp: a tiny launch costs least as one work-group.
        if (dims == 1 && range.get(0) >= spreadOver * MIN_SPREAD_WORK_GROUP) {
            long extent = range.get(0);
            while (local[0] > MIN_SPREAD_WORK_GROUP && (extent + local[0] - 1) / local[0] < spreadOver) {
                local[0] = Math.max(MIN_SPREAD_WORK_GROUP, local[0] / 2);
            }
        }
        for (int cl = 0; cl < dims; cl++) {
            local[cl] = Math.min(local[cl], Math.max(1, range.get(dims - 1 - cl)));
        }
        return local;
    }

    /** False where {@code JSYCL_LOWERING_ZERO_OFFSETS=0} asks for no zero-offset programs. */
    boolean zeroOffsetPrograms() {
        return zeroOffsets;
    }

    /**
     * Whether a 1-D kernel over {@code range} items, one that can ({@code LoweredKernel.twoItemsPerWorkItem}), runs
     * two items per work-item on this queue ({@code JSYCL_TWO_ITEMS_PER_WORK_ITEM}).
     */
    boolean twoItemsPerWorkItem(long range) {
        return range >= twoItemsMinRange;
    }

    /** False where {@code JSYCL_LOWERING_SIGNED_SUBSCRIPTS=0} asks for wrapping subscripts in every program. */
    boolean signedSubscripts() {
        return signedSubscripts;
    }

    /** The build options of a kernel without specialization constants or user options, or null before the first. */
    String plainBuildOptions(int variant) {
        return plainBuildOptions[variant];
    }

    void rememberPlainBuildOptions(int variant, String options) {
        plainBuildOptions[variant] = options;
    }

    /** True if every kernel runs checked ({@code JSYCL_CHECKS=1}). */
    boolean checksAll() {
        return checksAll;
    }

    /** Where kernels launched without an OpenCL event are numbered, or null if every launch needs its event. */
    LazyLaunches lazyLaunches() {
        return lazy;
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
    synchronized void orderAfterPrevious(List<Event> waits) {
        if (last != null && inOrder) {
            waits.add(last);
        }
    }

    /** Tracks a command that is already done (host-side copies). */
    Event trackDone() {
        Event e = Event.completed();
        track(e);
        return e;
    }

    /** Wraps and tracks an OpenCL command of this queue. */
    Event trackNew(io.jsycl.opencl.ClEvent cl) {
        Event e = Event.of(cl, context, profiling(), this.cl);
        track(e);
        return e;
    }

    synchronized void track(Event event) {
        last = event;
        if (event.isLazy()) {
            return; // awaited through LazyLaunches.awaitAll()
        }
        if (inFlight.size() >= pruneAt) {
            inFlight.removeIf(e -> e.isDone() && e.status() == Event.Status.COMPLETE);
            pruneAt = Math.max(256, 2 * inFlight.size());
        }
        inFlight.add(event);
    }

    /**
     * Runs {@code work} (a submit, copy or fill) while the queue is open: {@link #close()} waits for
     * work already under way, so it never releases the OpenCL queue beneath an enqueue.
     */
    private <T> T whileOpen(java.util.function.Supplier<T> work) {
        use.readLock().lock();
        try {
            checkOpen();
            return work.get();
        } finally {
            use.readLock().unlock();
        }
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("queue is closed");
        }
    }

    @Override
    public String toString() {
        return "Queue[" + device.name() + (inOrder ? ", in order" : "") + "]";
    }
}
