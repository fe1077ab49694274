package io.jsycl.internal.launch;

import io.jsycl.Range;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClKernel;
import java.util.List;

/**
 * A launch's OpenCL work sizes: dimensions, global size and work-group size (null where the driver picks), OpenCL
 * dimension 0 first. SYCL dimension d is OpenCL dimension dims-1-d: the last SYCL dimension varies fastest.
 */
public record NdShape(int dims, long[] global, long[] local) {
    private static final NdShape TASK = new NdShape(1, new long[] {1}, new long[] {1});

    /**
     * The shape of a launch over {@code range} (null: a single task) with the user's work-groups {@code local}, or
     * else {@code paddedLocal}: the work-groups the runtime picked for a Range launch ({@link LaunchSettings#paddedLocalSize}),
     * the global range rounded up to a multiple (the kernel guards the extra items), or null: the exact range, and
     * the device picks the work-groups.
     */
    public static NdShape of(Range range, Range local, long[] paddedLocal) {
        if (range == null) {
            return TASK;
        }
        int dims = range.dimensions();
        long[] global = new long[dims];
        long[] localSize = null;
        if (local != null) {
            localSize = new long[dims];
            for (int d = 0; d < dims; d++) {
                global[dims - 1 - d] = range.get(d);
                localSize[dims - 1 - d] = local.get(d);
            }
        } else if (paddedLocal != null) {
            localSize = paddedLocal;
            for (int cl = 0; cl < dims; cl++) {
                long extent = range.get(dims - 1 - cl);
                global[cl] = (extent + localSize[cl] - 1) / localSize[cl] * localSize[cl];
            }
        } else {
            for (int d = 0; d < dims; d++) {
                global[dims - 1 - d] = range.get(d);
            }
        }
        return new NdShape(dims, global, localSize);
    }

    /** Enqueues {@code k} on {@code q} after {@code waits}; its OpenCL event, or null when {@code withEvent} is false. */
    public ClEvent launch(ClCommandQueue q, ClKernel k, List<ClEvent> waits, boolean withEvent) {
        if (withEvent) {
            return q.enqueueNDRangeKernel(k, dims, null, global, local, waits);
        }
        q.enqueueNDRangeKernelWithoutEvent(k, dims, null, global, local, waits);
        return null;
    }
}
