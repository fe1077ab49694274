package io.jsycl;

import io.jsycl.internal.event.EventImpl;
import java.util.Optional;

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
        /** Failed (on every device, a checked kernel that recorded a failure too); {@link Event#await()} throws why. */
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
        return (Event) impl.handle(Event::new);
    }

    /**
     * Waits for the command; throws the error it failed with, on every call, as {@link java.util.concurrent.Future#get}
     * does: a failed command stays failed. The first call that reports the failure throws it as it was made (an
     * {@link IndexOutOfBoundsException} or {@link ArithmeticException} of a checked kernel, what a host-device kernel
     * threw, a {@link SyclException}); each later call throws a fresh exception of the same class and message, made
     * on the calling thread (its stack shows the caller), with the first as its cause.
     *
     * <p>A failure reported here counts as delivered for the queue-wide {@link Queue#await()} and for the close of a
     * buffer the command used, which report each failure once (SYCL's {@code wait_and_throw}): once this method has
     * thrown it, they do not throw it again.
     */
    public void await() {
        impl.awaitEveryTime();
    }

    /**
     * Where the command stands now.
     *
     * @return the command's status now
     */
    public Status status() {
        return switch (impl.status()) {
            case SUBMITTED -> Status.SUBMITTED;
            case RUNNING -> Status.RUNNING;
            case COMPLETE -> Status.COMPLETE;
            case FAILED -> Status.FAILED;
        };
    }

    /**
     * The command's device timestamps. Waits for the command.
     *
     * @return the submit, start and end timestamps
     * @throws IllegalStateException if the queue was made without {@link QueueProperty#ENABLE_PROFILING}
     */
    public Profile profile() {
        EventImpl.Timestamps t = impl.profile();
        return new Profile(t.submitNanos(), t.startNanos(), t.endNanos());
    }

    /**
     * The kernel this event's command ran, as its source names it: the lambda's class and implementation method and
     * its {@code File.java:line} ({@code VectorAdd.lambda$add$0 (VectorAdd.java:42)}), so that profiled events say
     * what ran; empty for a command that runs no kernel (a copy, a fill). A DistributedQueue's command names the kernel its
     * chunks ran.
     *
     * @return the kernel's name, or empty
     */
    public Optional<String> kernel() {
        return Optional.ofNullable(impl.kernel());
    }
}
