package io.jsycl.internal.memory;

import io.jsycl.internal.platform.Settings;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Large copies between Java arrays and native memory (staging, mapped device memory), split over
 * several threads. One thread copies slower than a GPU's copy engine moves data, so a
 * single-threaded copy would set the pace of every upload and download of a large buffer. More
 * threads copy faster alone but not beside the copy engine, which shares the memory bandwidth: whole
 * uploads gain nothing past 4 threads (docs/performance.md has the measurements).
 *
 * <p>Copies of at least {@link #PARALLEL_MIN} bytes are cut into slices of at least 1 MiB, one per
 * thread up to {@code JSYCL_COPY_THREADS} [{@code jsycl.copyThreads}] (default: the available
 * processors, at most 4; {@code 1} copies on the calling thread only), run in the common
 * fork-join pool with the caller taking part. Smaller copies, and copies from or to a segment of a
 * confined arena, stay on the calling thread.
 */
public final class HostCopy {
    /** Below this many bytes a copy stays on the calling thread. */
    static final long PARALLEL_MIN = 8L << 20;
    private static final long SLICE_MIN = 1L << 20;
    /**
     * A thread that is neither the caller nor anything else: tells segments any thread may use from confined ones.
     * In a holder, so the many small copies of a first kernel do not start the JDK's thread machinery.
     */
    private static final class Elsewhere {
        static final Thread THREAD = new Thread(() -> { });
    }

    private HostCopy() {
    }

    /** Copies a whole array, seen as {@code array} ({@code MemorySegment.ofArray}), to the start of {@code dst}. */
    static void fromArray(MemorySegment array, MemorySegment dst) {
        copy(array, 0, dst, 0, array.byteSize());
    }

    /** Fills a whole array, seen as {@code array}, from the start of {@code src}. */
    static void toArray(MemorySegment src, MemorySegment array) {
        copy(src, 0, array, 0, array.byteSize());
    }

    /** Copies {@code bytes} bytes from {@code src} at {@code srcOffset} to {@code dst} at {@code dstOffset}. */
    public static void copy(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long bytes) {
        int threads = bytes < PARALLEL_MIN || !src.isAccessibleBy(Elsewhere.THREAD)
                || !dst.isAccessibleBy(Elsewhere.THREAD) ? 1 : threads();
        int slices = (int) Math.min(threads, bytes / SLICE_MIN);
        if (slices <= 1) {
            MemorySegment.copy(src, srcOffset, dst, dstOffset, bytes);
            return;
        }
        ForkJoinPool.commonPool().invoke(new Slices(src, srcOffset, dst, dstOffset, bytes, slices));
    }

    /** {@code JSYCL_COPY_THREADS}: at least 1. */
    static int threads() {
        return Settings.current().copyThreads().get();
    }

    /** Splits a copy in halves (by slice count) until one slice is left; slices end on 64-byte boundaries. */
    private static final class Slices extends RecursiveAction {
        private final MemorySegment src;
        private final long srcOffset;
        private final MemorySegment dst;
        private final long dstOffset;
        private final long bytes;
        private final int slices;

        Slices(MemorySegment src, long srcOffset, MemorySegment dst, long dstOffset, long bytes, int slices) {
            this.src = src;
            this.srcOffset = srcOffset;
            this.dst = dst;
            this.dstOffset = dstOffset;
            this.bytes = bytes;
            this.slices = slices;
        }

        @Override
        protected void compute() {
            if (slices == 1) {
                MemorySegment.copy(src, srcOffset, dst, dstOffset, bytes);
                return;
            }
            int leftSlices = slices / 2;
            long left = (bytes * leftSlices / slices) & ~63L;
            invokeAll(new Slices(src, srcOffset, dst, dstOffset, left, leftSlices),
                    new Slices(src, srcOffset + left, dst, dstOffset + left, bytes - left, slices - leftSlices));
        }
    }
}
