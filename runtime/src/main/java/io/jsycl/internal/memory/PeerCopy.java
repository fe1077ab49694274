package io.jsycl.internal.memory;

import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClMem;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies device memory between two devices of one context through the context's pinned staging memory, in slices:
 * the source device's queue reads a slice into pinned memory while the destination's queue writes the slice before
 * it, a ring of up to {@value #RING} slices of {@value #SLICE} bytes, so that both DMA engines run at once. Why not
 * {@code clEnqueueCopyBuffer} between the two devices' memory: an OpenCL buffer belongs to the context, and a driver
 * copies it between devices by its own means; NVIDIA's moved a 64 MiB buffer between two H200s in about 57 ms that
 * way (1.2 GB/s), where each device's pinned copies run at about 54 GB/s.
 *
 * <p>The copy blocks its caller until the last slice is written, and returns the pinned memory to the pool only then;
 * on a failure it waits for what it enqueued before giving the memory back.
 */
public final class PeerCopy {
    /** The slice: the size the staged host transfers use too ({@link DeviceCopy#PIPELINE_CHUNK}). */
    static final long SLICE = DeviceCopy.PIPELINE_CHUNK;
    /** Slices in flight: one being read, one being written, and slack for the two queues' scheduling. */
    static final int RING = 4;

    private PeerCopy() {
    }

    /**
     * Copies {@code bytes} bytes of {@code src} (memory of device {@code from}) at {@code srcOffset} into {@code dst}
     * at {@code dstOffset}, written on {@code to} (a queue of the destination's device), once {@code waits} are done.
     * Returns when the copy is done.
     *
     * @throws io.jsycl.opencl.ClException if the driver refuses a transfer
     */
    public static void copy(ContextImpl context, DeviceImpl from, ClMem src, long srcOffset, ClCommandQueue to,
            ClMem dst, long dstOffset, long bytes, List<ClEvent> waits) {
        if (bytes == 0) {
            return;
        }
        ClCommandQueue source = context.transferQueue(from);
        long slice = Math.min(SLICE, bytes);
        long slices = (bytes + slice - 1) / slice;
        int ring = (int) Math.min(RING, slices);
        var blocks = new ArrayList<StagingPool.Block>(ring);
        ClEvent[] writes = new ClEvent[ring];
        RuntimeException failure = null;
        try {
            for (int i = 0; i < ring; i++) {
                blocks.add(context.stagingPool().take(slice));
            }
            for (long i = 0; i < slices; i++) {
                int r = (int) (i % ring);
                long offset = i * slice;
                long length = Math.min(slice, bytes - offset);
                // A slot's next read waits for its last write; the first reads wait for what the copy depends on.
                ClEvent read = source.enqueueReadBuffer(src, false, srcOffset + offset, blocks.get(r).host(), length,
                        writes[r] != null ? List.of(writes[r]) : waits);
                try {
                    ClEvent write = to.enqueueWriteBuffer(dst, false, dstOffset + offset, blocks.get(r).host(), length,
                            List.of(read));
                    if (writes[r] != null) {
                        writes[r].close();
                    }
                    writes[r] = write;
                } finally {
                    read.close();
                }
            }
            source.flush();
            for (ClEvent write : writes) {
                write.await();
            }
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            // Nothing may still read or write a block when it goes back. Done, every write has ended, and each write
            // waited for its read; failed part way, both queues are drained.
            try {
                if (failure != null) {
                    source.finish();
                    to.finish();
                }
            } catch (RuntimeException e) {
                failure.addSuppressed(e);
            } finally {
                for (ClEvent write : writes) {
                    if (write != null) {
                        write.close();
                    }
                }
                for (StagingPool.Block block : blocks) {
                    context.stagingPool().give(block);
                }
            }
        }
    }
}
