package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * An OpenCL command queue; {@link #close()} releases it once. Every enqueue returns the command's event, which the
 * caller owns and closes.
 */
public final class ClCommandQueue implements AutoCloseable {
    // The calls a launch and its wait make, counted without a lookup by name (ClObjects.counter).
    private static final LongAdder ND_RANGE_CALLS = ClObjects.counter("clEnqueueNDRangeKernel");
    private static final LongAdder FINISH_CALLS = ClObjects.counter("clFinish");
    private static final LongAdder FLUSH_CALLS = ClObjects.counter("clFlush");

    private final NativeRef ref;
    private final ClContext context;
    private final ClDevice device;

    private ClCommandQueue(MemorySegment handle, ClContext context, ClDevice device) {
        this.ref = new NativeRef(handle, ClObjects.Kind.COMMAND_QUEUE, "clCreateCommandQueueWithProperties",
                "clReleaseCommandQueue", cl_h::clReleaseCommandQueue);
        this.context = context;
        this.device = device;
    }

    /**
     * A queue on {@code dev} of {@code ctx} ({@code clCreateCommandQueueWithProperties}).
     *
     * @param ctx the context the queue belongs to
     * @param dev the device it submits to; one of {@code ctx}'s devices
     * @param outOfOrder whether commands may run out of order ({@code CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE});
     *        ordering then comes only from event wait lists
     * @param profiling whether events record device timestamps ({@code CL_QUEUE_PROFILING_ENABLE})
     * @return the new queue; the caller closes it
     * @throws ClException when OpenCL refuses the queue, e.g. {@code CL_INVALID_QUEUE_PROPERTIES} for out-of-order
     *         on a device without it
     */
    public static ClCommandQueue create(ClContext ctx, ClDevice dev, boolean outOfOrder, boolean profiling) {
        long props = (outOfOrder ? cl_h.CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE() : 0)
                | (profiling ? cl_h.CL_QUEUE_PROFILING_ENABLE() : 0);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(JAVA_INT);
            MemorySegment list = a.allocate(JAVA_LONG, 3);
            if (props != 0) {
                list.setAtIndex(JAVA_LONG, 0, cl_h.CL_QUEUE_PROPERTIES());
                list.setAtIndex(JAVA_LONG, 1, props);
            }
            MemorySegment h = cl_h.clCreateCommandQueueWithProperties(ctx.handle(), dev.handle(), list, err);
            JvmSignalHandlers.check("clCreateCommandQueueWithProperties");
            ClStatus.check(err.get(JAVA_INT, 0), "clCreateCommandQueueWithProperties");
            return new ClCommandQueue(h, ctx, dev);
        }
    }

    private static ClEvent event(MemorySegment out, int status, String call) {
        return ended(status, out, true, call, ClObjects.counter(call));
    }

    private static int bool(boolean b) {
        return b ? cl_h.CL_TRUE() : cl_h.CL_FALSE();
    }

    /**
     * Maps {@code bytes} bytes of {@code mem} at {@code offset} into host memory and waits for it;
     * the segment stays valid until {@link #enqueueUnmap}. {@code mapFlags} are {@code ClMemFlags.MAP_*}.
     *
     * @param mem the buffer to map
     * @param mapFlags {@link ClMemFlags#MAP_READ} and/or {@link ClMemFlags#MAP_WRITE}
     * @param offset the first byte to map, from the start of {@code mem}
     * @param bytes how many bytes to map; {@code offset + bytes} must not exceed {@code mem.size()}
     * @param waitFor events that must complete before this command starts; null or empty for none
     * @return the mapped host memory, {@code bytes} long, ready to use (the map is blocking)
     * @throws ClException when the map fails, e.g. {@code CL_INVALID_VALUE} for a range outside the buffer
     */
    public MemorySegment mapBuffer(ClMem mem, long mapFlags, long offset, long bytes, List<ClEvent> waitFor) {
        Mapping m = map(mem, true, mapFlags, offset, bytes, waitFor);
        m.event().close();
        return m.host();
    }

    /**
     * The result of {@link #enqueueMapBuffer}: host memory that may be used only once {@code event} has completed.
     *
     * @param host the mapped host memory, {@code bytes} long; unmap it with {@link #enqueueUnmap}
     * @param event the map command's event; the caller closes it
     */
    public record Mapping(MemorySegment host, ClEvent event) {
    }

    /**
     * Enqueues a map of {@code bytes} bytes of {@code mem} at {@code offset} without waiting for it: the returned
     * memory may be read or written only after the mapping's event completes (wait for several at once with
     * {@link ClEvent#awaitAll}). Counted as {@code clEnqueueMapBuffer} in {@link ClObjects#calls}.
     *
     * @param mem the buffer to map
     * @param mapFlags {@link ClMemFlags#MAP_READ}, {@link ClMemFlags#MAP_WRITE} or
     *        {@link ClMemFlags#MAP_WRITE_INVALIDATE_REGION}
     * @param offset the first byte to map, from the start of {@code mem}
     * @param bytes how many bytes to map; {@code offset + bytes} must not exceed {@code mem.size()}
     * @param waitFor events that must complete before this command starts; null or empty for none
     * @return the mapped memory and the map's event
     * @throws ClException when the enqueue fails, e.g. {@code CL_INVALID_VALUE} for a range outside the buffer
     */
    public Mapping enqueueMapBuffer(ClMem mem, long mapFlags, long offset, long bytes, List<ClEvent> waitFor) {
        return map(mem, false, mapFlags, offset, bytes, waitFor);
    }

    private Mapping map(ClMem mem, boolean blocking, long mapFlags, long offset, long bytes, List<ClEvent> waitFor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(JAVA_INT);
            MemorySegment out = a.allocate(ADDRESS);
            MemorySegment mapped = cl_h.clEnqueueMapBuffer(handle(), mem.handle(), blocking ? cl_h.CL_TRUE()
                    : cl_h.CL_FALSE(), mapFlags, offset, bytes, ClInfo.size(waitFor), ClInfo.waitList(a, waitFor),
                    out, err);
            ClEvent event = event(out, err.get(JAVA_INT, 0), "clEnqueueMapBuffer");
            return new Mapping(mapped.reinterpret(bytes), event);
        }
    }

    /**
     * Unmaps a segment {@link #mapBuffer} returned.
     *
     * @param mem the buffer the segment maps
     * @param mapped the segment {@link #mapBuffer} returned for {@code mem}; not to be used after this call
     * @param waitFor events that must complete before this command starts; null or empty for none
     * @return the command's event; the caller closes it
     * @throws ClException when the enqueue fails (the message names the call and status)
     */
    public ClEvent enqueueUnmap(ClMem mem, MemorySegment mapped, List<ClEvent> waitFor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            int s = cl_h.clEnqueueUnmapMemObject(handle(), mem.handle(), mapped, ClInfo.size(waitFor),
                    ClInfo.waitList(a, waitFor), out);
            return event(out, s, "clEnqueueUnmapMemObject");
        }
    }

    /**
     * Copies {@code bytes} bytes of host {@code src} into {@code mem} at {@code offset}.
     *
     * @param mem the destination buffer
     * @param blocking whether the call returns only when {@code src} may be reused (and the copy is done); when false,
     *        {@code src} must stay valid and unchanged until the event completes
     * @param offset the first destination byte, from the start of {@code mem}
     * @param src host memory of at least {@code bytes} bytes
     * @param bytes how many bytes to copy
     * @param waitFor events that must complete before this command starts; null or empty for none
     * @return the command's event; the caller closes it
     * @throws ClException when the enqueue fails (the message names the call and status)
     */
    public ClEvent enqueueWriteBuffer(ClMem mem, boolean blocking, long offset, MemorySegment src, long bytes, List<ClEvent> waitFor) {
        return enqueue("clEnqueueWriteBuffer", waitFor, true, (waits, list, out) -> cl_h.clEnqueueWriteBuffer(
                handle(), mem.handle(), bool(blocking), offset, bytes, src, waits, list, out));
    }

    /**
     * Copies {@code bytes} bytes from host {@code src} into {@code mem} at {@code offset} without blocking and without
     * an event, after the queue's earlier commands where the queue is in order: for a small write whose completion
     * a later command on the same queue stands for. {@code src} must stay unchanged until that command completes.
     *
     * @param mem the destination buffer
     * @param offset the first destination byte
     * @param src host memory of at least {@code bytes} bytes (pinned, or the driver may copy it before returning)
     * @param bytes how many bytes to copy
     * @throws ClException when the enqueue fails (the message names the call and status)
     */
    public void enqueueWriteBufferWithoutEvent(ClMem mem, long offset, MemorySegment src, long bytes) {
        enqueueWriteBufferWithoutEvent(mem, offset, src, bytes, List.of());
    }

    /**
     * {@link #enqueueWriteBufferWithoutEvent(ClMem, long, MemorySegment, long)} after {@code waitFor} too.
     *
     * @param mem the destination buffer
     * @param offset the first destination byte
     * @param src host memory of at least {@code bytes} bytes (pinned, or the driver may copy it before returning)
     * @param bytes how many bytes to copy
     * @param waitFor events that must complete before this command starts; empty for none
     * @throws ClException when the enqueue fails (the message names the call and status)
     */
    public void enqueueWriteBufferWithoutEvent(ClMem mem, long offset, MemorySegment src, long bytes,
            List<ClEvent> waitFor) {
        enqueue("clEnqueueWriteBuffer", waitFor, false, (waits, list, out) -> cl_h.clEnqueueWriteBuffer(handle(),
                mem.handle(), bool(false), offset, bytes, src, waits, list, out));
    }

    /**
     * Copies {@code bytes} bytes of {@code mem} at {@code offset} into host {@code dst}.
     *
     * @param mem the source buffer
     * @param blocking whether the call returns only when the data is in {@code dst}; when false, read {@code dst}
     *        only after the event completes
     * @param offset the first source byte, from the start of {@code mem}
     * @param dst host memory of at least {@code bytes} bytes
     * @param bytes how many bytes to copy
     * @param waitFor events that must complete before this command starts; null or empty for none
     * @return the command's event; the caller closes it
     * @throws ClException when the enqueue fails (the message names the call and status)
     */
    public ClEvent enqueueReadBuffer(ClMem mem, boolean blocking, long offset, MemorySegment dst, long bytes, List<ClEvent> waitFor) {
        return enqueue("clEnqueueReadBuffer", waitFor, true, (waits, list, out) -> cl_h.clEnqueueReadBuffer(
                handle(), mem.handle(), bool(blocking), offset, bytes, dst, waits, list, out));
    }

    /**
     * Copies {@code bytes} bytes of {@code mem} at {@code offset} into host {@code dst} without blocking and without
     * an event, after the queue's earlier commands where the queue is in order: for a read whose completion a later
     * command's event on the same in-order queue stands for. Read {@code dst} only once that event completes.
     *
     * @param mem the source buffer
     * @param offset the first source byte, from the start of {@code mem}
     * @param dst host memory of at least {@code bytes} bytes
     * @param bytes how many bytes to copy
     * @throws ClException when the enqueue fails (the message names the call and status)
     */
    public void enqueueReadBufferWithoutEvent(ClMem mem, long offset, MemorySegment dst, long bytes) {
        enqueueReadBufferWithoutEvent(mem, offset, dst, bytes, List.of());
    }

    /**
     * {@link #enqueueReadBufferWithoutEvent(ClMem, long, MemorySegment, long)} after {@code waitFor} too.
     *
     * @param mem the source buffer
     * @param offset the first source byte
     * @param dst host memory of at least {@code bytes} bytes
     * @param bytes how many bytes to copy
     * @param waitFor events that must complete before this command starts; empty for none
     * @throws ClException when the enqueue fails (the message names the call and status)
     */
    public void enqueueReadBufferWithoutEvent(ClMem mem, long offset, MemorySegment dst, long bytes,
            List<ClEvent> waitFor) {
        enqueue("clEnqueueReadBuffer", waitFor, false, (waits, list, out) -> cl_h.clEnqueueReadBuffer(handle(),
                mem.handle(), bool(false), offset, bytes, dst, waits, list, out));
    }

    /**
     * Copies {@code bytes} bytes from {@code src} at {@code srcOffset} to {@code dst} at {@code dstOffset} on the
     * device ({@code clEnqueueCopyBuffer}).
     *
     * @param src the source buffer
     * @param dst the destination buffer; when it is {@code src}, the two ranges must not overlap
     * @param srcOffset the first source byte
     * @param dstOffset the first destination byte
     * @param bytes how many bytes to copy
     * @param waitFor events that must complete before this command starts; null or empty for none
     * @return the command's event; the caller closes it
     * @throws ClException when the enqueue fails, e.g. {@code CL_MEM_COPY_OVERLAP}
     */
    public ClEvent enqueueCopyBuffer(ClMem src, ClMem dst, long srcOffset, long dstOffset, long bytes, List<ClEvent> waitFor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            int s = cl_h.clEnqueueCopyBuffer(handle(), src.handle(), dst.handle(), srcOffset, dstOffset, bytes,
                    ClInfo.size(waitFor), ClInfo.waitList(a, waitFor), out);
            return event(out, s, "clEnqueueCopyBuffer");
        }
    }

    /**
     * Moves {@code mem} to this queue's device ({@code clEnqueueMigrateMemObjects}, no flags): a later command of the
     * queue finds it there. Its contents move with it.
     *
     * @param mem the buffer to move
     * @param waitFor events that must complete before this command starts; null or empty for none
     * @return the command's event; the caller closes it
     * @throws ClException when the enqueue fails (the message names the call and status)
     */
    public ClEvent enqueueMigrate(ClMem mem, List<ClEvent> waitFor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment mems = a.allocate(ADDRESS);
            mems.set(ADDRESS, 0, mem.handle());
            MemorySegment out = a.allocate(ADDRESS);
            int s = cl_h.clEnqueueMigrateMemObjects(handle(), 1, mems, 0L, ClInfo.size(waitFor),
                    ClInfo.waitList(a, waitFor), out);
            return event(out, s, "clEnqueueMigrateMemObjects");
        }
    }

    /**
     * Fills {@code bytes} bytes of {@code mem} at {@code offset} with repetitions of {@code pattern}.
     *
     * @param mem the buffer to fill
     * @param pattern the bytes repeated; its size must be 1, 2, 4, ..., 128 and divide {@code offset} and {@code bytes}
     * @param offset the first byte to fill
     * @param bytes how many bytes to fill
     * @param waitFor events that must complete before this command starts; null or empty for none
     * @return the command's event; the caller closes it
     * @throws ClException when the enqueue fails (the message names the call and status)
     */
    public ClEvent enqueueFillBuffer(ClMem mem, MemorySegment pattern, long offset, long bytes, List<ClEvent> waitFor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            int s = cl_h.clEnqueueFillBuffer(handle(), mem.handle(), pattern, pattern.byteSize(), offset, bytes,
                    ClInfo.size(waitFor), ClInfo.waitList(a, waitFor), out);
            return event(out, s, "clEnqueueFillBuffer");
        }
    }

    /**
     * Enqueues {@code k} over {@code globalSize}; {@code globalOffset} and {@code localSize} may be null.
     *
     * @param k the kernel, its arguments set
     * @param workDim the number of dimensions, 1 to 3
     * @param globalOffset the first global id in each dimension (at least {@code workDim} entries), or null for zeros
     * @param globalSize the number of work-items in each dimension (at least {@code workDim} entries)
     * @param localSize the work-group size in each dimension (at least {@code workDim} entries), or null to let OpenCL
     *        choose
     * @param waitFor events that must complete before this command starts; null or empty for none
     * @return the command's event; the caller closes it
     * @throws IllegalArgumentException when {@code workDim} is outside 1..3 or an array has fewer than {@code workDim}
     *         entries
     * @throws ClException when the enqueue fails, e.g. {@code CL_INVALID_WORK_GROUP_SIZE}
     */
    public ClEvent enqueueNDRangeKernel(ClKernel k, int workDim, long[] globalOffset, long[] globalSize, long[] localSize,
                                       List<ClEvent> waitFor) {
        return ndRange(k, workDim, globalOffset, globalSize, localSize, waitFor, true);
    }

    /**
     * As {@link #enqueueNDRangeKernel}, but asks OpenCL for no event (the {@code event} argument is {@code NULL}):
     * the cheapest launch, for callers that order by queue order or a later marker.
     *
     * @param k the kernel, its arguments set
     * @param workDim the number of dimensions, 1 to 3
     * @param globalOffset the first global id in each dimension (at least {@code workDim} entries), or null for zeros
     * @param globalSize the number of work-items in each dimension (at least {@code workDim} entries)
     * @param localSize the work-group size in each dimension (at least {@code workDim} entries), or null to let OpenCL
     *        choose
     * @param waitFor events that must complete before this command starts; null or empty for none
     * @throws IllegalArgumentException when {@code workDim} is outside 1..3 or an array has fewer than {@code workDim}
     *         entries
     * @throws ClException when the enqueue fails, e.g. {@code CL_INVALID_WORK_GROUP_SIZE}
     */
    public void enqueueNDRangeKernelWithoutEvent(ClKernel k, int workDim, long[] globalOffset, long[] globalSize,
                                                 long[] localSize, List<ClEvent> waitFor) {
        ndRange(k, workDim, globalOffset, globalSize, localSize, waitFor, false);
    }

    private ClEvent ndRange(ClKernel k, int workDim, long[] globalOffset, long[] globalSize, long[] localSize,
                            List<ClEvent> waitFor, boolean withEvent) {
        if (workDim < 1 || workDim > 3 || globalSize.length < workDim) {
            throw new IllegalArgumentException("workDim must be 1..3 and globalSize must have workDim entries: workDim="
                    + workDim + ", globalSize.length=" + globalSize.length);
        }
        int waits = ClInfo.size(waitFor);
        int s;
        MemorySegment out;
        if (waits <= CallScratch.WAITS) {
            CallScratch scratch = CallScratch.FOR_THREAD.get();
            out = withEvent ? scratch.out : MemorySegment.NULL;
            s = cl_h.clEnqueueNDRangeKernel(handle(), k.handle(), workDim, sizes(scratch.offset, globalOffset, workDim),
                    sizes(scratch.global, globalSize, workDim), sizes(scratch.local, localSize, workDim),
                    waits, scratch.waitList(waitFor), out);
            return ended(s, out, withEvent, "clEnqueueNDRangeKernel", ND_RANGE_CALLS);
        }
        try (Arena a = Arena.ofConfined()) {
            out = withEvent ? a.allocate(ADDRESS) : MemorySegment.NULL;
            s = cl_h.clEnqueueNDRangeKernel(handle(), k.handle(), workDim,
                    sizes(a.allocate(JAVA_LONG, 3), globalOffset, workDim), sizes(a.allocate(JAVA_LONG, 3), globalSize, workDim),
                    sizes(a.allocate(JAVA_LONG, 3), localSize, workDim), waits, ClInfo.waitList(a, waitFor), out);
            return ended(s, out, withEvent, "clEnqueueNDRangeKernel", ND_RANGE_CALLS);
        }
    }

    /**
     * An enqueue's end: counted in {@code calls} (also when it fails), its status checked, and its event returned where
     * {@code out} received one, else null. A hot call site passes its counter, held in a constant
     * ({@link ClObjects#counter}).
     */
    private static ClEvent ended(int status, MemorySegment out, boolean withEvent, String call, LongAdder calls) {
        calls.increment();
        ClStatus.check(status, call);
        return withEvent ? new ClEvent(out.get(ADDRESS, 0), null) : null;
    }

    /** An enqueue's driver call, given its wait list's length and memory and its event's out-parameter (or NULL). */
    @FunctionalInterface
    private interface Enqueue {
        int call(int waits, MemorySegment waitList, MemorySegment out);
    }

    /**
     * Makes {@code enqueue} with {@code waitFor} as its wait list and, with {@code withEvent}, an event out-parameter,
     * in the thread's {@link CallScratch} (reads, writes and markers are a multi-device step's hot path, where a
     * confined arena per call cost a malloc and a free); a wait list longer than the scratch's goes through an arena.
     * Returns the event, or null without one.
     */
    private static ClEvent enqueue(String call, List<ClEvent> waitFor, boolean withEvent, Enqueue enqueue) {
        int waits = ClInfo.size(waitFor);
        if (waits <= CallScratch.WAITS) {
            CallScratch scratch = CallScratch.FOR_THREAD.get();
            MemorySegment out = withEvent ? scratch.out : MemorySegment.NULL;
            return ended(enqueue.call(waits, scratch.waitList(waitFor), out), out, withEvent, call,
                    ClObjects.counter(call));
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = withEvent ? a.allocate(ADDRESS) : MemorySegment.NULL;
            return ended(enqueue.call(waits, ClInfo.waitList(a, waitFor), out), out, withEvent, call,
                    ClObjects.counter(call));
        }
    }

    /** {@code v}'s first {@code dims} entries written into {@code into}, or {@code NULL} for a null array. */
    private static MemorySegment sizes(MemorySegment into, long[] v, int dims) {
        if (v == null) {
            return MemorySegment.NULL;
        }
        if (v.length < dims) {
            throw new IllegalArgumentException("size array has " + v.length + " entries, workDim is " + dims);
        }
        for (int i = 0; i < dims; i++) {
            into.setAtIndex(JAVA_LONG, i, v[i]);
        }
        return into;
    }

    /**
     * A marker that completes when {@code waitFor} (or, when empty, every earlier command) completes.
     *
     * @param waitFor events that must complete before this command starts; null or empty for every earlier command
     * @return the marker's event; the caller closes it
     * @throws ClException when the enqueue fails (the message names the call and status)
     */
    public ClEvent enqueueMarker(List<ClEvent> waitFor) {
        return enqueue("clEnqueueMarkerWithWaitList", waitFor, true,
                (waits, list, out) -> cl_h.clEnqueueMarkerWithWaitList(handle(), waits, list, out));
    }

    /**
     * Submits every enqueued command to the device ({@code clFlush}) without waiting.
     *
     * @throws ClException when {@code clFlush} fails
     */
    public void flush() {
        FLUSH_CALLS.increment();
        ClStatus.check(cl_h.clFlush(handle()), "clFlush");
    }

    /**
     * Waits until every enqueued command has completed ({@code clFinish}).
     *
     * @throws ClException when {@code clFinish} fails
     */
    public void finish() {
        FINISH_CALLS.increment();
        long start = System.nanoTime();
        int status = cl_h.clFinish(handle());
        ClObjects.waited(start);
        ClStatus.check(status, "clFinish");
    }

    /**
     * The device this queue submits to.
     *
     * @return the device given to {@link #create}
     */
    public ClDevice device() {
        return device;
    }

    /**
     * The context this queue belongs to.
     *
     * @return the context given to {@link #create}
     */
    public ClContext context() {
        return context;
    }

    /**
     * The native {@code cl_command_queue}, for calls through the bindings.
     *
     * @return the handle, owned by this object (do not release it)
     * @throws IllegalStateException when this queue is closed
     */
    public MemorySegment handle() {
        return ref.get();
    }

    @Override
    public void close() {
        ref.close();
    }
}
