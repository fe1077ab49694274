package io.jsycl.internal.event;

import io.jsycl.SyclException;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The kernels one in-order OpenCL queue without profiling launched without asking OpenCL for an
 * event. On some drivers creating an event costs as much as the launch itself, and most launches'
 * events are never looked at: the next command on the same queue is ordered after them anyway.
 *
 * <p>Design. Each such launch gets a sequence number, and its {@link EventImpl} holds the number. A
 * wait for it on the host is a {@code clFinish} of the queue ({@link #await}). Only when something
 * needs an OpenCL event for it (the user asks its status, a command on another queue or the transfer
 * queue must wait for it, a finish failed) does the event get one: a marker enqueued on the queue at that moment. A
 * marker completes once every command enqueued before it has completed, so it stands for the
 * launch conservatively: it also waits for the commands enqueued after the launch and before the
 * marker. The newest marker is shared by every event it covers, so a buffer close that awaits
 * sixteen readers enqueues one marker. A completed marker records that every launch up to its
 * number is done, and later questions about those launches cost no OpenCL call.
 *
 * <p>Errors. A launch without an event has no execution status of its own: a failure of the
 * device while it ran surfaces as the failure of the marker that stands for it (await and status
 * of every event that marker covers). After the queue is closed no marker can be enqueued; the
 * close waited for every launch, and an event not known to have completed then throws what that
 * wait failed with.
 *
 * <p>Thread safety: launches are numbered in the order they were enqueued ({@link #launched()}
 * is called after the enqueue returns, under the scheduler's lock). {@code marker}, {@code closed}
 * and {@code failure} are guarded by this; {@code completed} only grows.
 */
public final class LazyLaunches {
    /** A marker enqueued after launches up to {@code seq}; its OpenCL event is released once unreachable. */
    static final class Marker {
        final ClEvent cl;
        final long seq;

        private Marker(ClEvent cl, long seq) {
            this.cl = cl;
            this.seq = seq;
        }
    }

    private final ClCommandQueue queue;
    // Null where launches are enqueued on the submitting thread (JSYCL_LAUNCH_THREAD=off).
    private final LaunchThread thread;
    private final AtomicLong launched = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    // Guarded by this: the newest marker, which stands for every launch up to its number.
    private Marker marker;
    // Guarded by this.
    private boolean closed;
    // Guarded by this: what the close's wait for every launch failed with.
    private RuntimeException failure;
    // Guarded by this: waits in clFinish on the queue, which its release must not overtake.
    private int finishing;

    public LazyLaunches(ClCommandQueue queue, LaunchThread thread) {
        this.queue = queue;
        this.thread = thread;
    }

    public ClCommandQueue queue() {
        return queue;
    }

    /** The thread that enqueues this queue's launches, or null where the submitting thread does. */
    public LaunchThread thread() {
        return thread;
    }

    /** Enqueues the launches the launch thread holds, before another command is enqueued on the queue. */
    public void flush() {
        if (thread != null) {
            thread.flush();
        }
    }

    /** What a launch failed to enqueue with on the launch thread, or null. */
    private RuntimeException launchFailure() {
        return thread == null ? null : thread.failure();
    }

    /** Throws what a launch failed to enqueue with on the launch thread, if one did. */
    public void throwIfFailed() {
        RuntimeException f = launchFailure();
        if (f != null) {
            throw new SyclException("a kernel launch on this in-order queue could not be enqueued, and the queue "
                    + "enqueues nothing after it: " + f.getMessage(), f);
        }
    }

    /** Numbers a launch just enqueued without an event. */
    public long launched() {
        return launched.incrementAndGet();
    }

    /**
     * True if launch {@code seq} is known to have completed and no launch or wait of the queue failed; asks OpenCL
     * nothing and enqueues nothing (a launch that no wait or marker has found complete yet is not known to be).
     */
    boolean succeeded(long seq) {
        return isComplete(seq) && launchFailure() == null && closedFailure() == null;
    }

    /** True if launch {@code seq} is known to have completed; asks OpenCL nothing. */
    boolean isComplete(long seq) {
        return seq <= completed.get();
    }

    /**
     * A marker that completes after launch {@code seq}: the newest one if it covers the launch,
     * else a new one. Null once the queue is closed (then see {@link #closedFailure()}).
     */
    synchronized Marker markerFor(long seq) {
        if (marker != null && marker.seq >= seq) {
            return marker;
        }
        if (closed) {
            return null;
        }
        long upTo = launched.get(); // every launch up to this number was enqueued before the marker
        flush();
        var m = new Marker(queue.enqueueMarker(List.of()).releaseWhenUnreachable(), upTo);
        marker = m;
        queue.flush(); // a command of another queue may wait for the marker
        return m;
    }

    /**
     * Waits for launch {@code seq} and every command enqueued on the queue before the wait. Where no marker covers the
     * launch yet, this is {@code clFinish}: it waits for the same commands a marker enqueued now would, without
     * creating one, and on NVIDIA's driver it returns several microseconds sooner after the last command completes
     * than a wait for an event does, which a program that submits one kernel and waits for it pays on every run. A
     * failed {@code clFinish} falls back to a marker, whose status says which launches the failure stands for.
     */
    void await(long seq) {
        if (isComplete(seq)) {
            return;
        }
        long upTo = beginFinish(seq);
        if (upTo > 0) {
            try {
                queue.finish();
                completed.accumulateAndGet(upTo, Math::max);
                throwIfFailed();
                return;
            } catch (ClException e) {
                // the marker below reports it, for this launch and the others it covers
            } finally {
                endFinish();
            }
        }
        Marker m = markerFor(seq);
        throwIfFailed();
        if (m == null) {
            RuntimeException f = closedFailure();
            if (f != null) {
                throw f;
            }
            return;
        }
        try {
            m.cl.await();
        } catch (ClException e) {
            throw new SyclException("command failed on the device: " + e.getMessage(), e, e.status(), e.statusName());
        }
        completed.accumulateAndGet(m.seq, Math::max);
    }

    /**
     * Starts a {@code clFinish} wait for launch {@code seq}: flushes the launch thread and returns the number of the
     * newest launch the finish will cover, or 0 where a marker already covers {@code seq} (waiting for it costs
     * nothing more) or the queue is closed. A close waits for the finishes in flight before the queue is released.
     */
    private synchronized long beginFinish(long seq) {
        if (closed || (marker != null && marker.seq >= seq)) {
            return 0;
        }
        long upTo = launched.get(); // every launch up to this number is enqueued before the finish
        flush();
        finishing++;
        return upTo;
    }

    private synchronized void endFinish() {
        if (--finishing == 0) {
            notifyAll();
        }
    }

    /** Where launch {@code seq} stands: complete, failed, or else submitted (a marker cannot tell running). */
    CommandStatus status(long seq) {
        if (isComplete(seq)) {
            return CommandStatus.COMPLETE;
        }
        Marker m = markerFor(seq);
        if (m == null) {
            return closedFailure() == null ? CommandStatus.COMPLETE : CommandStatus.FAILED;
        }
        int s = m.cl.executionStatus();
        if (s < 0 || launchFailure() != null) {
            return CommandStatus.FAILED;
        }
        if (s == 0) {
            completed.accumulateAndGet(m.seq, Math::max);
            return CommandStatus.COMPLETE;
        }
        return CommandStatus.SUBMITTED;
    }

    /** Waits for every launch so far; throws what the wait failed with. */
    public void awaitAll() {
        await(launched.get());
    }

    /**
     * The queue's close: waits for every launch, then refuses new markers (the OpenCL queue is
     * released next). A failure of the wait is kept for the events that were not known complete.
     */
    public void close() {
        RuntimeException f = null;
        try {
            awaitAll();
        } catch (RuntimeException e) {
            f = e;
        }
        synchronized (this) {
            closed = true;
            failure = f;
            boolean interrupted = false;
            while (finishing > 0) { // each ends once the commands before it complete, which the wait above saw
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (thread != null) {
            thread.close(); // every launch is enqueued: the wait above flushed them
        }
    }

    private synchronized RuntimeException closedFailure() {
        return failure;
    }
}
