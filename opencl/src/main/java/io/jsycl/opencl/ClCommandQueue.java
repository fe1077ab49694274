package io.jsycl.opencl;

import io.jsycl.opencl.bindings.cl_h;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.util.List;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * An OpenCL command queue; {@link #close()} releases it once. Every enqueue returns the command's event, which the
 * caller owns and closes.
 */
public final class ClCommandQueue implements AutoCloseable {
    private final NativeRef ref;
    private final ClContext context;
    private final ClDevice device;

    private ClCommandQueue(MemorySegment handle, ClContext context, ClDevice device) {
        this.ref = new NativeRef(handle, ClObjects.Kind.COMMAND_QUEUE, "clCreateCommandQueueWithProperties",
                "clReleaseCommandQueue", cl_h::clReleaseCommandQueue);
        this.context = context;
        this.device = device;
    }

    /** A queue on {@code dev} of {@code ctx} ({@code clCreateCommandQueueWithProperties}). */
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
            ClStatus.check(err.get(JAVA_INT, 0), "clCreateCommandQueueWithProperties");
            return new ClCommandQueue(h, ctx, dev);
        }
    }

    private static ClEvent event(MemorySegment out, int status, String call) {
        ClObjects.call(call);
        ClStatus.check(status, call);
        return new ClEvent(out.get(ADDRESS, 0), null); // the call is counted above, also when it fails
    }

    private static int bool(boolean b) {
        return b ? cl_h.CL_TRUE() : cl_h.CL_FALSE();
    }

    /**
     * Maps {@code bytes} bytes of {@code mem} at {@code offset} into host memory and waits for it;
     * the segment stays valid until {@link #enqueueUnmap}. {@code mapFlags} are {@code ClMemFlags.MAP_*}.
     */
    public MemorySegment mapBuffer(ClMem mem, long mapFlags, long offset, long bytes, List<ClEvent> waitFor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment err = a.allocate(JAVA_INT);
            MemorySegment out = a.allocate(ADDRESS);
            MemorySegment mapped = cl_h.clEnqueueMapBuffer(handle(), mem.handle(), cl_h.CL_TRUE(), mapFlags, offset,
                    bytes, ClInfo.size(waitFor), ClInfo.waitList(a, waitFor), out, err);
            event(out, err.get(JAVA_INT, 0), "clEnqueueMapBuffer").close();
            return mapped.reinterpret(bytes);
        }
    }

    /** Unmaps a segment {@link #mapBuffer} returned. */
    public ClEvent enqueueUnmap(ClMem mem, MemorySegment mapped, List<ClEvent> waitFor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            int s = cl_h.clEnqueueUnmapMemObject(handle(), mem.handle(), mapped, ClInfo.size(waitFor),
                    ClInfo.waitList(a, waitFor), out);
            return event(out, s, "clEnqueueUnmapMemObject");
        }
    }

    /** Copies {@code bytes} bytes of host {@code src} into {@code mem} at {@code offset}. */
    public ClEvent enqueueWriteBuffer(ClMem mem, boolean blocking, long offset, MemorySegment src, long bytes, List<ClEvent> waitFor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            int s = cl_h.clEnqueueWriteBuffer(handle(), mem.handle(), bool(blocking), offset, bytes, src,
                    ClInfo.size(waitFor), ClInfo.waitList(a, waitFor), out);
            return event(out, s, "clEnqueueWriteBuffer");
        }
    }

    /** Copies {@code bytes} bytes of {@code mem} at {@code offset} into host {@code dst}. */
    public ClEvent enqueueReadBuffer(ClMem mem, boolean blocking, long offset, MemorySegment dst, long bytes, List<ClEvent> waitFor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            int s = cl_h.clEnqueueReadBuffer(handle(), mem.handle(), bool(blocking), offset, bytes, dst,
                    ClInfo.size(waitFor), ClInfo.waitList(a, waitFor), out);
            return event(out, s, "clEnqueueReadBuffer");
        }
    }

    public ClEvent enqueueCopyBuffer(ClMem src, ClMem dst, long srcOffset, long dstOffset, long bytes, List<ClEvent> waitFor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            int s = cl_h.clEnqueueCopyBuffer(handle(), src.handle(), dst.handle(), srcOffset, dstOffset, bytes,
                    ClInfo.size(waitFor), ClInfo.waitList(a, waitFor), out);
            return event(out, s, "clEnqueueCopyBuffer");
        }
    }

    /** Fills {@code bytes} bytes of {@code mem} at {@code offset} with repetitions of {@code pattern}. */
    public ClEvent enqueueFillBuffer(ClMem mem, MemorySegment pattern, long offset, long bytes, List<ClEvent> waitFor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            int s = cl_h.clEnqueueFillBuffer(handle(), mem.handle(), pattern, pattern.byteSize(), offset, bytes,
                    ClInfo.size(waitFor), ClInfo.waitList(a, waitFor), out);
            return event(out, s, "clEnqueueFillBuffer");
        }
    }

    /** Enqueues {@code k} over {@code globalSize}; {@code globalOffset} and {@code localSize} may be null. */
    public ClEvent enqueueNDRangeKernel(ClKernel k, int workDim, long[] globalOffset, long[] globalSize, long[] localSize,
                                       List<ClEvent> waitFor) {
        return ndRange(k, workDim, globalOffset, globalSize, localSize, waitFor, true);
    }

    /**
     * As {@link #enqueueNDRangeKernel}, but asks OpenCL for no event (the {@code event} argument is {@code NULL}):
     * the cheapest launch, for callers that order by queue order or a later marker.
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
        try (Arena a = Arena.ofConfined()) {
            // One native block (one malloc) for the event out-parameter, the three size arrays and the wait list.
            SegmentAllocator block = SegmentAllocator.slicingAllocator(a.allocate(8L * (1 + 3L * workDim + waits), 8));
            MemorySegment out = withEvent ? block.allocate(ADDRESS) : MemorySegment.NULL;
            int s = cl_h.clEnqueueNDRangeKernel(handle(), k.handle(), workDim, sizes(block, globalOffset, workDim),
                    sizes(block, globalSize, workDim), sizes(block, localSize, workDim),
                    waits, ClInfo.waitList(block, waitFor), out);
            if (withEvent) {
                return event(out, s, "clEnqueueNDRangeKernel");
            }
            ClObjects.call("clEnqueueNDRangeKernel");
            ClStatus.check(s, "clEnqueueNDRangeKernel");
            return null;
        }
    }

    private static MemorySegment sizes(SegmentAllocator a, long[] v, int dims) {
        if (v == null) {
            return MemorySegment.NULL;
        }
        if (v.length < dims) {
            throw new IllegalArgumentException("size array has " + v.length + " entries, workDim is " + dims);
        }
        MemorySegment s = a.allocate(JAVA_LONG, dims);
        for (int i = 0; i < dims; i++) {
            s.setAtIndex(JAVA_LONG, i, v[i]);
        }
        return s;
    }

    /** A marker that completes when {@code waitFor} (or, when empty, every earlier command) completes. */
    public ClEvent enqueueMarker(List<ClEvent> waitFor) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ADDRESS);
            int s = cl_h.clEnqueueMarkerWithWaitList(handle(), ClInfo.size(waitFor), ClInfo.waitList(a, waitFor), out);
            return event(out, s, "clEnqueueMarkerWithWaitList");
        }
    }

    public void flush() {
        ClObjects.call("clFlush");
        ClStatus.check(cl_h.clFlush(handle()), "clFlush");
    }

    public void finish() {
        ClObjects.call("clFinish");
        ClStatus.check(cl_h.clFinish(handle()), "clFinish");
    }

    public ClDevice device() {
        return device;
    }

    public ClContext context() {
        return context;
    }

    public MemorySegment handle() {
        return ref.get();
    }

    @Override
    public void close() {
        ref.close();
    }
}
