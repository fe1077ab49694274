package io.jsycl.internal.memory;

import io.jsycl.internal.platform.Settings;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Large copies between Java arrays and native memory (staging, mapped device memory), split over
 * several threads. One thread copies about 10 GB/s on the H100 host, a fifth of what its copy engine
 * moves, so a single-threaded copy would set the pace of every upload and download of a large buffer
 * (docs/performance.md has the measurements).
 *
 * <p>Two ways, both on up to {@code JSYCL_COPY_THREADS} [{@code jsycl.copyThreads}] threads (default:
 * the available processors, at most 8; {@code 1} copies on the calling thread only), the caller
 * taking part:
 * <ul>
 * <li>{@link #copy}: one copy of at least {@link #PARALLEL_MIN} bytes cut into slices of at least 1 MiB,
 * one per thread. Smaller copies, and copies from or to a segment of a confined arena, stay on the calling
 * thread.</li>
 * <li>{@link #eachSlice}: the slices of a staged transfer, each copied by one thread and handed to the
 * copy engine at once (or copied out as soon as the copy engine has brought it), each thread taking
 * the next slice as it finishes one.</li>
 * </ul>
 * Both run on the runtime's own daemon threads ({@code jsycl-copy-N}), not the common fork-join pool's: a
 * transfer's slices may block on the device.
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
        eachSlice(slices, i -> {
            // Slices of equal size, their ends on 64-byte boundaries (whole cache lines for each thread).
            long from = i == 0 ? 0 : (bytes * i / slices) & ~63L;
            long to = i == slices - 1 ? bytes : (bytes * (i + 1) / slices) & ~63L;
            MemorySegment.copy(src, srcOffset + from, dst, dstOffset + from, to - from);
        });
    }

    /** What one slice of {@link #eachSlice} does; may block, and throws what went wrong. */
    @FunctionalInterface
    interface SliceTask {
        void run(int slice);
    }

    /** The threads that help the caller through {@link #eachSlice}: made on demand, kept a minute when idle. */
    private static final class Helpers {
        private static final AtomicInteger NEXT = new AtomicInteger();
        static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "jsycl-copy-" + NEXT.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Runs {@code task} for every slice from 0 to {@code count - 1} on up to {@link #threads()} threads, the
     * caller included: each thread takes the next slice not yet taken, so slices start in order. After a slice
     * fails, no further slice starts; returns once every started slice has ended, then throws the first failure.
     */
    static void eachSlice(int count, SliceTask task) {
        int helpers = Math.min(threads(), count) - 1;
        var next = new AtomicInteger();
        var failure = new AtomicReference<Throwable>();
        Runnable worker = () -> {
            for (int i; failure.get() == null && (i = next.getAndIncrement()) < count; ) {
                try {
                    task.run(i);
                } catch (RuntimeException | Error e) {
                    failure.compareAndSet(null, e);
                }
            }
        };
        List<Future<?>> started = new ArrayList<>(Math.max(helpers, 0));
        try {
            for (int h = 0; h < helpers; h++) {
                started.add(Helpers.POOL.submit(worker));
            }
        } catch (RuntimeException e) {
            // No thread to start (the JVM is shutting down): the caller copies every slice itself.
        }
        worker.run();
        boolean interrupted = false;
        for (Future<?> f : started) {
            while (true) {
                try {
                    f.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the slices use memory the caller owns: they must end before it goes on
                } catch (ExecutionException e) {
                    failure.compareAndSet(null, e.getCause()); // not thrown by the worker itself: it catches
                    break;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    /** Runs {@code task} soon on one of the copy threads (for work a driver's callback thread must not do). */
    static void runLater(Runnable task) {
        Helpers.POOL.execute(task);
    }

    /** {@code JSYCL_COPY_THREADS}: at least 1. */
    static int threads() {
        return Settings.current().copyThreads().get();
    }
}
