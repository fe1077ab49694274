package io.jsycl;

import io.jsycl.internal.EventImpl;

/**
 * A submitted command group. {@link #await()} waits for it and throws what went wrong while it ran.
 *
 * <p>A kernel launched on an in-order queue without profiling has no OpenCL event of its own: its event
 * obtains one, a marker on that queue, when something needs it.
 * Such an event's {@link #status()} reports {@link Status#SUBMITTED} until the marker completes.
 */
public final class Event {
    /** Where a command stands. */
    public enum Status {
        /** Submitted, waiting for its dependencies or the device. */
        SUBMITTED,
        /** Running on the device. */
        RUNNING,
        /** Finished. */
        COMPLETE,
        /** Failed; {@link Event#await()} throws why. */
        FAILED
    }

    /**
     * Timestamps of a command, in nanoseconds, from a queue with {@link QueueProperty#ENABLE_PROFILING}:
     * the device's clock for OpenCL devices, {@link System#nanoTime()} on the host device.
     *
     * @param submitNanos when the command was submitted to the device
     * @param startNanos when it started running
     * @param endNanos when it finished
     */
    public record Profile(long submitNanos, long startNanos, long endNanos) {
        /**
         * Device execution time: end minus start.
         *
         * @return nanoseconds the command ran
         */
        public long durationNanos() {
            return endNanos - startNanos;
        }
    }

    final EventImpl impl;

    Event(EventImpl impl) {
        this.impl = impl;
    }

    /** The public handle of {@code impl}: the same {@code Event} every time. */
    static Event of(EventImpl impl) {
        return impl.handle(Event::new);
    }

    /**
     * Waits for the command; throws the error it failed with, once: the first wait that sees a failed checked
     * kernel or failed host work throws it (this method, {@link Queue#await()}, or the close of a buffer the command
     * wrote), later waits return normally.
     */
    public void await() {
        impl.await();
    }

    /**
     * Where the command stands now.
     *
     * @return the command's status now
     */
    public Status status() {
        return impl.status();
    }

    /**
     * The command's device timestamps. Waits for the command.
     *
     * @return the submit, start and end timestamps
     * @throws IllegalStateException if the queue was made without {@link QueueProperty#ENABLE_PROFILING}
     */
    public Profile profile() {
        return impl.profile();
    }
}
