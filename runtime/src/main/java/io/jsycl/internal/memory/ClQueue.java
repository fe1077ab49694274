package io.jsycl.internal.memory;

import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.event.LaunchThread;
import io.jsycl.internal.event.LazyLaunches;
import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.DriverQuirk;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The real {@link CommandQueue}: an OpenCL command queue of a context, either a queue's own
 * (its uploads) or the context's transfer queue (read-backs). Before each command it enqueues, the
 * launches the queue's {@link LaunchThread} still holds are enqueued, so that the command comes
 * after them as it was submitted after them.
 */
public final class ClQueue implements CommandQueue {
    private final ContextImpl context;
    /** The OpenCL queue, made on first use (the context's transfer queue is made when first needed). */
    private final Supplier<ClCommandQueue> cl;
    /** Whether commands leave this queue's earlier ones out of their wait lists. */
    private final boolean inOrder;
    /** The queue's launches without an event, whose launch thread is flushed before each command; or null. */
    private final LazyLaunches lazy;

    /**
     * A queue of {@code context} over the OpenCL queue {@code cl} gives; {@code inOrder} where that
     * runs commands in order and the wait lists rely on it; {@code lazy}, or null, the launches it
     * flushes first.
     */
    public ClQueue(ContextImpl context, Supplier<ClCommandQueue> cl, boolean inOrder, LazyLaunches lazy) {
        this.context = context;
        this.cl = cl;
        this.inOrder = inOrder;
        this.lazy = lazy;
    }

    /** An OpenCL event as a {@link Command}. */
    private record ClCommand(ClEvent event) implements Command {
        @Override
        public void await() {
            event.await();
        }

        @Override
        public void close() {
            event.close();
        }
    }

    @Override
    public ContextImpl context() {
        return context;
    }

    @Override
    public boolean inOrder() {
        return inOrder;
    }

    @Override
    public DeviceCopy allocate(long bytes) {
        return DeviceCopy.create(context, bytes);
    }

    @Override
    public void free(DeviceCopy copy) {
        if (copy.block != null) {
            context.devicePool().give(copy.block);
        } else {
            copy.mem.close();
        }
    }

    @Override
    public StagingPool.Block pinned(long bytes, boolean pooled) {
        return pooled ? context.stagingPool().take(bytes) : StagingPool.allocate(context, bytes);
    }

    @Override
    public Command write(DeviceCopy dst, long offset, MemorySegment src, long bytes, List<EventImpl> waits) {
        List<ClEvent> waitList = waitList(waits);
        return new ClCommand(cl().enqueueWriteBuffer(dst.mem, false, offset, src, bytes, waitList));
    }

    @Override
    public Command zero(DeviceCopy dst, long bytes, List<EventImpl> waits) {
        List<ClEvent> waitList = waitList(waits);
        // A one-byte pattern fills any size; OpenCL copies the pattern at the call, so one shared byte serves all.
        return new ClCommand(fill(cl(), dst.mem, ZERO_BYTE, bytes, waitList));
    }

    /**
     * Fills the first {@code bytes} bytes of {@code mem} with {@code pattern} on {@code q}: one
     * {@code clEnqueueFillBuffer}, except where the device's driver has {@link DriverQuirk#FILL_UNITS_32_BIT} (after
     * {@code JSYCL_QUIRKS}) and the fill reaches {@link DriverQuirk#FILL_UNITS} repetitions of its pattern: a pattern
     * of zeros is then widened to {@link #ZEROS}' 128 bytes, a tail shorter than that written from the host, and a
     * marker after both is the fill's event. Any other pattern that long is refused (no typed array has that many
     * elements).
     *
     * @return the fill's event; the caller closes it
     * @throws IllegalArgumentException for a fill past the driver's count of a pattern other than zeros
     */
    public static ClEvent fill(ClCommandQueue q, ClMem mem, MemorySegment pattern, long bytes, List<ClEvent> waitList) {
        return fill(q, mem, pattern, bytes, waitList, DriverQuirk.FILL_UNITS);
    }

    /** {@link #fill} for a driver that counts at most {@code limit} repetitions (a test's smaller limit). */
    static ClEvent fill(ClCommandQueue q, ClMem mem, MemorySegment pattern, long bytes, List<ClEvent> waitList,
            long limit) {
        long units = bytes / pattern.byteSize();
        if (units < limit
                || !DeviceImpl.quirksOf(q.device().platform().vendor(), q.device().vendor())
                        .contains(DriverQuirk.FILL_UNITS_32_BIT)) {
            return q.enqueueFillBuffer(mem, pattern, 0, bytes, waitList);
        }
        if (pattern.mismatch(ZEROS.asSlice(0, pattern.byteSize())) != -1) {
            throw new IllegalArgumentException("a fill of " + units + " repetitions of a " + pattern.byteSize()
                    + "-byte pattern: this device's driver counts them in 32 bits (driver quirk "
                    + DriverQuirk.FILL_UNITS_32_BIT.settingName() + ", docs/troubleshooting.md)");
        }
        long whole = bytes - bytes % ZEROS.byteSize();
        ClEvent fill = q.enqueueFillBuffer(mem, ZEROS, 0, whole, waitList);
        if (whole == bytes) {
            return fill;
        }
        try (fill; ClEvent tail = q.enqueueWriteBuffer(mem, false, whole, ZEROS, bytes - whole, waitList)) {
            return q.enqueueMarker(List.of(fill, tail));
        }
    }

    /** 128 zero bytes: the widest pattern of a fill, and the source of a zeroed tail. */
    private static final MemorySegment ZEROS = java.lang.foreign.Arena.global().allocate(128, 128);

    /** The pattern of {@link #zero}. */
    private static final MemorySegment ZERO_BYTE = java.lang.foreign.Arena.global().allocate(1);

    @Override
    public SliceWriter sliceWriter(DeviceCopy dst, List<EventImpl> waits) {
        List<ClEvent> waitList = waitList(waits);
        ClCommandQueue queue = cl();
        return (offset, src, bytes) -> new ClCommand(queue.enqueueWriteBuffer(dst.mem, false, offset, src, bytes,
                waitList));
    }

    @Override
    public Command read(DeviceCopy src, long offset, MemorySegment dst, long bytes, List<EventImpl> waits) {
        List<ClEvent> waitList = waitList(waits);
        return new ClCommand(cl().enqueueReadBuffer(src.mem, false, offset, dst, bytes, waitList));
    }

    @Override
    public Command marker(List<Command> commands) {
        var events = new ArrayList<ClEvent>(commands.size());
        for (Command c : commands) {
            events.add(((ClCommand) c).event());
        }
        return new ClCommand(cl().enqueueMarker(events));
    }

    @Override
    public void flush() {
        cl().flush();
    }

    @Override
    public EventImpl event(Command command) {
        return EventImpl.of(((ClCommand) command).event(), context, false, cl.get());
    }

    @Override
    public ClCommandQueue cl() {
        if (lazy != null) {
            lazy.flush();
        }
        return cl.get();
    }

    private List<ClEvent> waitList(List<EventImpl> waits) {
        return EventImpl.waitList(waits, context, inOrder ? cl.get() : null);
    }
}
