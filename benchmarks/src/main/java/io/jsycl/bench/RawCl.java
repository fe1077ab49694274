package io.jsycl.bench;

import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * The hand-written path: one context and one in-order profiling queue on a device, through the checked
 * {@code io.jsycl.opencl} layer. Programs are built with the options jsycl uses on the same device
 * ({@code -cl-fp32-correctly-rounded-divide-sqrt} where offered, {@code JSYCL_NVIDIA_PTX} defined on NVIDIA) and the
 * sources switch contraction off, so
 * both paths compute the same floating-point results and the ratio measures code generation and runtime only.
 */
final class RawCl implements AutoCloseable {
    final ClDevice device;
    final ClContext context;
    final ClCommandQueue queue;
    final String buildOptions;
    /** Whether the context, and the queue, are this object's own, closed by {@link #close()}. */
    private final boolean ownsContext;
    private final boolean ownsQueue;

    RawCl(ClDevice device) {
        this(device, true);
    }

    RawCl(ClDevice device, boolean profiling) {
        this(device, ClContext.create(List.of(device)), true, null, profiling);
    }

    /**
     * Hand-written OpenCL in another's {@code context} (not closed by {@link #close()}), on a queue of its own: a
     * baseline that can take turns with that context's own launches run by run, where one in a context of its own
     * would make the GPU switch contexts at every turn.
     */
    static RawCl inContext(ClDevice device, ClContext context, boolean profiling) {
        return new RawCl(device, context, false, null, profiling);
    }

    /** As {@link #inContext}, on another's {@code queue} of that context (not closed by {@link #close()} either). */
    static RawCl borrowing(ClDevice device, ClContext context, ClCommandQueue queue) {
        return new RawCl(device, context, false, queue, false);
    }

    private RawCl(ClDevice device, ClContext context, boolean ownsContext, ClCommandQueue borrowedQueue,
            boolean profiling) {
        this.device = device;
        this.context = context;
        this.ownsContext = ownsContext;
        this.ownsQueue = borrowedQueue == null;
        this.queue = ownsQueue ? ClCommandQueue.create(context, device, false, profiling) : borrowedQueue;
        String options = (device.singleFpConfig() & CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0
                ? "-cl-fp32-correctly-rounded-divide-sqrt" : "";
        // NVIDIA's OpenCL C takes inline PTX; jsycl defines JSYCL_NVIDIA_PTX there too (its float atomic add).
        boolean nvidia = device.vendor().toUpperCase(java.util.Locale.ROOT).contains("NVIDIA");
        this.buildOptions = nvidia ? (options + " -DJSYCL_NVIDIA_PTX").strip() : options;
    }

    /** {@code CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT}. */
    private static final long CORRECTLY_ROUNDED_DIVIDE_SQRT = 1L << 7;

    /** Contraction off, as Java semantics require and jsycl emits. */
    static final String PRELUDE = "#pragma OPENCL FP_CONTRACT OFF\n";

    ClProgram build(String source) {
        ClProgram p = ClProgram.createWithSource(context, PRELUDE + source);
        p.build(List.of(device), buildOptions);
        return p;
    }

    ClMem buffer(long bytes) {
        return ClMem.createBuffer(context, ClMemFlags.READ_WRITE, bytes, MemorySegment.NULL);
    }

    /** A device buffer holding {@code data} (staged through native memory, blocking). */
    ClMem upload(Arena arena, float[] data) {
        MemorySegment staging = arena.allocate(ValueLayout.JAVA_FLOAT, data.length);
        MemorySegment.copy(data, 0, staging, ValueLayout.JAVA_FLOAT, 0, data.length);
        ClMem mem = buffer(staging.byteSize());
        queue.enqueueWriteBuffer(mem, true, 0, staging, staging.byteSize(), List.of()).close();
        return mem;
    }

    /** A device buffer holding {@code data} (staged through native memory, blocking). */
    ClMem upload(Arena arena, int[] data) {
        MemorySegment staging = arena.allocate(ValueLayout.JAVA_INT, data.length);
        MemorySegment.copy(data, 0, staging, ValueLayout.JAVA_INT, 0, data.length);
        ClMem mem = buffer(staging.byteSize());
        queue.enqueueWriteBuffer(mem, true, 0, staging, staging.byteSize(), List.of()).close();
        return mem;
    }

    void download(Arena arena, ClMem mem, float[] out) {
        MemorySegment staging = arena.allocate(ValueLayout.JAVA_FLOAT, out.length);
        queue.enqueueReadBuffer(mem, true, 0, staging, staging.byteSize(), List.of()).close();
        MemorySegment.copy(staging, ValueLayout.JAVA_FLOAT, 0, out, 0, out.length);
    }

    void download(Arena arena, ClMem mem, int[] out) {
        MemorySegment staging = arena.allocate(ValueLayout.JAVA_INT, out.length);
        queue.enqueueReadBuffer(mem, true, 0, staging, staging.byteSize(), List.of()).close();
        MemorySegment.copy(staging, ValueLayout.JAVA_INT, 0, out, 0, out.length);
    }

    /** Runs {@code k} over {@code global} (dimension 0 fastest), waits, returns the device time in ns. */
    long run(ClKernel k, long[] global, long[] local) {
        try (ClEvent e = queue.enqueueNDRangeKernel(k, global.length, null, global, local, List.of())) {
            e.await();
            return e.profileEnd() - e.profileStart();
        }
    }

    /** Enqueues {@code k} without waiting (for end-to-end runs that finish with a blocking read). */
    void enqueue(ClKernel k, long[] global, long[] local) {
        queue.enqueueNDRangeKernel(k, global.length, null, global, local, List.of()).close();
    }

    @Override
    public void close() {
        if (ownsQueue) {
            queue.close();
        }
        if (ownsContext) {
            context.close();
        }
    }
}
