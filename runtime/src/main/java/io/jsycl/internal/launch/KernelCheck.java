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
        String file = kernel.sourceFile();
        String where = where(kernel.javaName(), file == null ? "line " + r[1] : file + ":" + r[1], r[2], r[3], r[4]);
        return switch (r[0]) {
            case 1 -> new IndexOutOfBoundsException(where + ": index " + r[5] + " out of bounds for length " + r[6]);
            case 2 -> new ArithmeticException(where + ": / by zero");
            default -> new SyclException(where + ": unknown check failure " + r[0]);
        };
    }

    /**
     * Where a kernel failed, as every failure of a kernel is named (on a device and on the host device), in the words
     * the lowering's errors use for a kernel: {@code kernel Err.lambda$main$0 (Err.java:14), work-item [3, 0, 0]}.
     *
     * @param kernel the kernel as Java names it
     * @param location the source file and line of the failing access
     * @param x the work-item's global id in dimension 0
     * @param y the work-item's global id in dimension 1 (0 in fewer dimensions)
     * @param z the work-item's global id in dimension 2 (0 in fewer dimensions)
     * @return the words before the failure's own message
     */
    public static String where(String kernel, String location, int x, int y, int z) {
        return "kernel " + kernel + " (" + location + "), work-item [" + x + ", " + y + ", " + z + "]";
    }
}
