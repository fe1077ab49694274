package io.jsycl.internal.schedule;

import io.jsycl.SyclException;
import io.jsycl.internal.event.LaunchThread;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClMem;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A read or write of a DistributedQueue's rows between a device and host memory, enqueued on the device's queue after
 * the commands submitted to it before: by the queue's {@link LaunchThread} where it has one, else by the caller.
 *
 * <p>Why the launch thread: a step of a stencil on four GPUs reads and writes a dozen halo parts, each enqueue about
 * 10 µs of NVIDIA's driver; on the submitting thread they came one after another and set the step's time. On the
 * devices' launch threads they run beside each other, in each queue's order with its kernels.
 *
 * <p>Thread safety: made and awaited by the submitting thread; enqueued by it or by the launch thread; the event is
 * published through a future.
 */
final class QueuedCopy implements LaunchThread.Launch {
    private final ClCommandQueue queue;
    private final boolean read;
    private final ClMem mem;
    private final long offset;
    private final MemorySegment host;
    private final long bytes;
    /** The copy's event once enqueued; failed where the enqueue failed or the launch thread gave the copy up. */
    private final CompletableFuture<ClEvent> event = new CompletableFuture<>();

    private QueuedCopy(ClCommandQueue queue, boolean read, ClMem mem, long offset, MemorySegment host, long bytes) {
        this.queue = queue;
        this.read = read;
        this.mem = mem;
        this.offset = offset;
        this.host = host;
        this.bytes = bytes;
    }

    /** Enqueues on {@code device}'s queue the read of {@code bytes} of {@code mem} at {@code offset} into {@code into}. */
    static QueuedCopy read(QueueScheduler device, ClMem mem, long offset, MemorySegment into, long bytes) {
        return start(device, true, mem, offset, into, bytes);
    }

    /** Enqueues on {@code device}'s queue the write of {@code bytes} of {@code from} into {@code mem} at {@code offset}. */
    static QueuedCopy write(QueueScheduler device, ClMem mem, long offset, MemorySegment from, long bytes) {
        return start(device, false, mem, offset, from, bytes);
    }

    private static QueuedCopy start(QueueScheduler device, boolean read, ClMem mem, long offset, MemorySegment host,
            long bytes) {
        LaunchThread thread = device.launchThread();
        if (thread == null) {
            var copy = new QueuedCopy(device.cl(), read, mem, offset, host, bytes);
            copy.enqueue();
            return copy;
        }
        var copy = new QueuedCopy(device.launchQueue(), read, mem, offset, host, bytes);
        thread.submit(copy);
        return copy;
    }

    @Override
    public void enqueue() {
        try {
            event.complete(read ? queue.enqueueReadBuffer(mem, false, offset, host, bytes, List.of())
                    : queue.enqueueWriteBuffer(mem, false, offset, host, bytes, List.of()));
        } catch (RuntimeException | Error e) {
            event.completeExceptionally(e);
            throw e;
        }
    }

    @Override
    public void abandon() {
        event.completeExceptionally(new SyclException("a " + (read ? "read" : "write") + " of a DistributedQueue's rows"
                + " was not enqueued: an earlier launch on its device's queue failed"));
    }

    /** Waits until the copy is enqueued, then until it completes; throws what the enqueue or the copy failed with. */
    void await() {
        ClEvent e;
        try {
            e = event.join();
        } catch (CompletionException x) {
            throw x.getCause() instanceof RuntimeException cause ? cause : x;
        }
        e.await();
    }

    /** True while the copy is not known to have ended: not yet enqueued, or its event not complete (nor failed). */
    boolean underWay() {
        if (!event.isDone()) {
            return true;
        }
        ClEvent e = event.getNow(null);
        return e != null && !event.isCompletedExceptionally() && e.executionStatus() > 0;
    }

    /** Waits for the copy to end, quietly (its memory may be reused then), and releases its event. */
    void endQuietly() {
        ClEvent e = event.exceptionally(x -> null).join();
        if (e != null) {
            try {
                e.await();
            } catch (RuntimeException ignored) {
                // the copy's failure is reported by whoever awaits it
            } finally {
                e.close();
            }
        }
    }

    /** Releases the event of a copy that has ended. */
    void close() {
        ClEvent e = event.exceptionally(x -> null).getNow(null);
        if (e != null) {
            e.close();
        }
    }
}
