package io.jsycl.internal.memory;

import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClException;
import io.jsycl.opencl.ClMem;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies between a Java array and OpenCL memory outside any buffer ({@code q.copy} of device arrays): through a
 * block of the context's pinned {@link StagingPool}, in {@link DeviceCopy#PIPELINE_CHUNK} slices from
 * {@link DeviceCopy#PIPELINE_MIN} bytes on, each slice copied by one of several threads while the copy engine moves
 * the others ({@link HostCopy#eachSlice}), as a buffer's transfers are. Where the driver gives no pinned memory,
 * through ordinary native memory (the driver then stages it again, at a fraction of the bus's speed).
 */
public final class ArrayTransfers {
    private ArrayTransfers() {
    }

    /**
     * Enqueues a copy of {@code array}'s first {@code bytes} bytes (elements packed by {@code kind}) into {@code dst}
     * at {@code dstOffset} on {@code queue}, after {@code waitList}; the host's part is done when this returns. The
     * staging memory goes back to the pool once the copy has completed.
     *
     * @return the event of the whole copy; the caller owns it
     */
    public static ClEvent toDevice(ContextImpl context, ClCommandQueue queue, ElementKind kind, Object array, long bytes,
            ClMem dst, long dstOffset, List<ClEvent> waitList) {
        Staging staging = Staging.take(context, bytes);
        MemorySegment heap = bytes >= DeviceCopy.PIPELINE_MIN ? kind.heapView(array) : null;
        ClEvent done;
        try {
            if (heap == null) {
                kind.copyToSegment(array, staging.memory.asSlice(0, bytes));
                done = queue.enqueueWriteBuffer(dst, false, dstOffset, staging.memory, bytes, waitList);
            } else {
                int slices = DeviceCopy.slices(bytes);
                var writes = new ClEvent[slices];
                try {
                    DeviceCopy.copyInSlices(heap, staging.memory, bytes, writes, (offset, slice, length) ->
                            queue.enqueueWriteBuffer(dst, false, dstOffset + offset, slice, length, waitList));
                    queue.flush();
                    done = queue.enqueueMarker(List.of(writes));
                } finally {
                    for (ClEvent w : writes) {
                        if (w != null) {
                            w.close();
                        }
                    }
                }
            }
        } catch (RuntimeException | Error e) {
            staging.giveBackAfter(queue); // a slice may already be on its way
            throw e;
        }
        queue.flush();
        try {
            done.onComplete(staging::giveBackSoon);
        } catch (RuntimeException e) {
            done.await();
            staging.giveBack();
        }
        return done;
    }

    /**
     * Copies {@code bytes} bytes of {@code src} from {@code srcOffset} into the start of {@code array} (elements
     * packed by {@code kind}), after {@code waitList}; returns when the array holds them.
     */
    public static void toArray(ContextImpl context, ClCommandQueue queue, ElementKind kind, ClMem src, long srcOffset,
            Object array, long bytes, List<ClEvent> waitList) {
        Staging staging = Staging.take(context, bytes);
        MemorySegment heap = bytes >= DeviceCopy.PIPELINE_MIN ? kind.heapView(array) : null;
        var reads = new ArrayList<ClEvent>();
        boolean allRead = false;
        try {
            long slice = heap == null ? Math.max(bytes, 1) : DeviceCopy.PIPELINE_CHUNK;
            for (long offset = 0; offset < bytes; offset += slice) {
                long length = Math.min(slice, bytes - offset);
                reads.add(queue.enqueueReadBuffer(src, false, srcOffset + offset, staging.memory.asSlice(offset, length),
                        length, waitList));
            }
            queue.flush();
            if (heap == null) {
                ClEvent.awaitAll(reads);
                if (bytes > 0) {
                    kind.copyFromSegment(staging.memory.asSlice(0, bytes), array);
                }
            } else {
                DeviceCopy.copyOutSlices(staging.memory, heap, bytes, reads.size(), i -> reads.get(i).await());
            }
            allRead = true;
        } finally {
            try {
                if (allRead || reads.isEmpty()) {
                    // Every read waited for: no clFinish, which would also wait for whatever other threads have
                    // enqueued on the queue since (a value-returning algorithm's read is on the kernels' queue).
                    staging.giveBack();
                } else {
                    staging.giveBackAfter(queue); // after a failure, reads may still be writing the block
                }
            } finally {
                reads.forEach(ClEvent::close);
            }
        }
    }

    /** Pinned memory from the pool, or native memory where the driver gives none. */
    private static final class Staging {
        final ContextImpl context;
        final StagingPool.Block block;
        final Arena arena;
        final MemorySegment memory;

        private Staging(ContextImpl context, StagingPool.Block block, Arena arena, MemorySegment memory) {
            this.context = context;
            this.block = block;
            this.arena = arena;
            this.memory = memory;
        }

        static Staging take(ContextImpl context, long bytes) {
            try {
                StagingPool.Block block = context.stagingPool().take(Math.max(bytes, 1));
                return new Staging(context, block, null, block.host());
            } catch (ClException e) {
                Arena arena = Arena.ofShared();
                return new Staging(context, null, arena, arena.allocate(Math.max(bytes, 1), 64));
            }
        }

        /** Hands the memory back once every command enqueued on {@code queue} so far has completed. */
        void giveBackAfter(ClCommandQueue queue) {
            try {
                queue.finish();
            } finally {
                giveBack();
            }
        }

        /**
         * From a completion callback: hands the memory back on one of the copy threads, since giving it back may free
         * it (an unmap and a wait), which the driver's callback thread must not do.
         */
        void giveBackSoon() {
            HostCopy.runLater(this::giveBack);
        }

        void giveBack() {
            if (block != null) {
                context.stagingPool().give(block);
            } else {
                arena.close();
            }
        }
    }
}
