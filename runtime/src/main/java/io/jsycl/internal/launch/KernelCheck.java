package io.jsycl.internal.launch;

import io.jsycl.SyclException;
import io.jsycl.internal.event.CheckRecord;
import io.jsycl.internal.memory.ContextImpl;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClMem;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * Reads a checked kernel's failure record once the kernel has run, and turns a recorded failure
 * into the Java exception the same code throws on the host: index out of bounds or division by
 * zero, with the kernel, the source line and the first failing work-item.
 */
public final class KernelCheck implements CheckRecord {
    private final ContextImpl context;
    private final ClMem buffer;
    private final KernelLambdas.Lowering kernel;

    public KernelCheck(ContextImpl context, ClMem buffer, KernelLambdas.Lowering kernel) {
        this.context = context;
        this.buffer = buffer;
        this.kernel = kernel;
    }

    /** Reads the record, releases the buffer, and returns the failure or null. */
    @Override
    public RuntimeException read() {
        int[] r = new int[KernelArguments.CHECK_INTS];
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(4L * r.length, 8);
            try (ClEvent e = context.transferQueue().enqueueReadBuffer(buffer, true, 0, host, host.byteSize(),
                    List.of())) {
                MemorySegment.copy(host, ValueLayout.JAVA_INT, 0, r, 0, r.length);
            }
        } finally {
            buffer.close();
        }
        if (r[0] == 0) {
            return null;
        }
        // Named as the lowering's errors name a kernel: Err.lambda$main$0 (Err.java:14).
        String file = kernel.sourceFile();
        String where = "kernel " + kernel.javaName() + " (" + (file == null ? "line " + r[1] : file + ":" + r[1])
                + "), work-item [" + r[2] + ", " + r[3] + ", " + r[4] + "]";
        return switch (r[0]) {
            case 1 -> new IndexOutOfBoundsException(where + ": index " + r[5] + " out of bounds for length " + r[6]);
            case 2 -> new ArithmeticException(where + ": / by zero");
            default -> new SyclException(where + ": unknown check failure " + r[0]);
        };
    }
}
