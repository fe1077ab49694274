package io.jsycl.internal.launch;

import io.jsycl.Range;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClKernel;
import java.util.List;

/**
 * A launch's OpenCL work sizes: dimensions, global size, work-group size (null where the driver picks) and global
 * offset (null for none), OpenCL dimension 0 first. SYCL dimension d is OpenCL dimension dims-1-d: the last SYCL
 * dimension varies fastest.
 */
public record NdShape(int dims, long[] global, long[] local, long[] offset) {
    private static final NdShape TASK = new NdShape(1, new long[] {1}, new long[] {1}, null);

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
        return new NdShape(dims, global, localSize, null);
    }

    /**
     * This shape starting at row {@code first} of SYCL dimension 0 (OpenCL's last dimension): a chunk of a
     * {@link io.jsycl.DistributedQueue}, whose items keep their ids in the whole range.
     */
    public NdShape startingAtRow(long first) {
        if (first == 0) {
            return this;
        }
        long[] o = new long[dims];
        o[dims - 1] = first;
        return new NdShape(dims, global, local, o);
    }

    /** Enqueues {@code k} on {@code q} after {@code waits}; its OpenCL event, or null when {@code withEvent} is false. */
    public ClEvent launch(ClCommandQueue q, ClKernel k, List<ClEvent> waits, boolean withEvent) {
        if (withEvent) {
            return q.enqueueNDRangeKernel(k, dims, offset, global, local, waits);
        }
        q.enqueueNDRangeKernelWithoutEvent(k, dims, offset, global, local, waits);
        return null;
    }
}
