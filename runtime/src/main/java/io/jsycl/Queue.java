package io.jsycl;

import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.memory.DeviceArrayImpl;
import io.jsycl.internal.platform.FirstSubmitTrace;
import io.jsycl.internal.platform.KernelProfile;
import io.jsycl.internal.schedule.QueueScheduler;
import io.jsycl.internal.schedule.UsmCommands;
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
 *
 * <p>A queue is a handle: it checks its arguments and whether it is open, and forwards command
 * groups, copies and fills to the runtime's scheduler for the queue, which orders and enqueues them.
 */
public final class Queue implements AutoCloseable {
    private final Device device;
    private final Context context;
    private final Set<QueueProperty> properties;
    private final AsyncHandler asyncHandler;
    /** Schedules the queue's command groups, copies and fills; owns the OpenCL queue and the queue's launch policy. */
    final QueueScheduler scheduler;
    private final AtomicBoolean closed = new AtomicBoolean();
    /**
     * Read-held by each submit, copy and fill, also while it waits (for host work it depends on, a transfer); write-held
     * by close while it marks the queue closed, so that close waits for the work under way. No other queue takes it.
     */
    private final java.util.concurrent.locks.ReentrantReadWriteLock use =
            new java.util.concurrent.locks.ReentrantReadWriteLock();

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
        this.scheduler = new QueueScheduler(context.impl, device.impl, this.properties);
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
            h.record(commandGroup);
            return Event.of(scheduler.submit(h.finish()));
        });
    }

    /**
     * Waits for every command group submitted so far and throws the first error any of them
     * failed with (or passes all of them to the queue's {@link AsyncHandler}). Each failure is
     * reported once, as SYCL's {@code wait_and_throw} does: a later {@code await()} does not throw it
     * again, nor does it throw one that {@link Event#await()} has thrown already (an event's own
     * await throws its failure on every call).
     *
     * @throws IllegalStateException inside a command group function, which must not wait
     */
    public void await() {
        Handler.refuseWhileRecording("q.await()");
        List<Throwable> errors = scheduler.awaitAll();
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
        return whileOpen(() -> Event.of(UsmCommands.copyToDevice(scheduler, src, impl(dst, "dst"), impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToHost(scheduler, impl(src, "src"), dst, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.fill(scheduler, impl(dst, "dst"), value, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToDevice(scheduler, src, impl(dst, "dst"), impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToHost(scheduler, impl(src, "src"), dst, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.fill(scheduler, impl(dst, "dst"), value, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToDevice(scheduler, src, impl(dst, "dst"), impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToHost(scheduler, impl(src, "src"), dst, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.fill(scheduler, impl(dst, "dst"), value, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToDevice(scheduler, src, impl(dst, "dst"), impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToHost(scheduler, impl(src, "src"), dst, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.fill(scheduler, impl(dst, "dst"), value, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToDevice(scheduler, src, impl(dst, "dst"), impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToHost(scheduler, impl(src, "src"), dst, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.fill(scheduler, impl(dst, "dst"), value, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToDevice(scheduler, src, impl(dst, "dst"), impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToHost(scheduler, impl(src, "src"), dst, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.fill(scheduler, impl(dst, "dst"), value, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToDevice(scheduler, src, impl(dst, "dst"), impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToHost(scheduler, impl(src, "src"), dst, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.fill(scheduler, impl(dst, "dst"), value, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToDevice(scheduler, src, impl(dst, "dst"), impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyToHost(scheduler, impl(src, "src"), dst, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.fill(scheduler, impl(dst, "dst"), value, impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyDeviceToDevice(scheduler, impl(src, "src"), impl(dst, "dst"),
                impls(dependsOn))));
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
        return whileOpen(() -> Event.of(UsmCommands.copyDeviceToDevice(scheduler, impl(src, "src"), srcOffset,
                impl(dst, "dst"), dstOffset, count, impls(dependsOn))));
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

    /**
     * Waits for the queue's work, then releases it. Errors of that work are not rethrown here. Safe to call twice.
     * From another thread, waits for a submit, copy or fill under way (its command group function included).
     *
     * @throws IllegalStateException inside a command group function, which must not wait
     */
    @Override
    public void close() {
        Handler.refuseWhileRecording("q.close()");
        use.writeLock().lock();
        try {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
        } finally {
            use.writeLock().unlock();
        }
        scheduler.close();
    }

    /** The queue's scheduler, which its command groups, copies and fills go to. */
    QueueScheduler scheduler() {
        return scheduler;
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

    /** What {@code array}, the argument {@code name}, is a handle to. */
    private static DeviceArrayImpl impl(DeviceArray<?> array, String name) {
        return Objects.requireNonNull(array, name).impl;
    }

    private static EventImpl[] impls(Event[] events) {
        var impls = new EventImpl[events.length];
        for (int i = 0; i < events.length; i++) {
            impls[i] = events[i].impl;
        }
        return impls;
    }

    private void checkOpen() {
        if (closed.get()) {
            throw new IllegalStateException("queue is closed");
        }
    }

    @Override
    public String toString() {
        return "Queue[" + device.name() + (has(QueueProperty.IN_ORDER) ? ", in order" : "") + "]";
    }
}
