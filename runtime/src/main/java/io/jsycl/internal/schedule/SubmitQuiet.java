package io.jsycl.internal.schedule;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Keeps a {@link Distributor}'s completion thread out of the driver while the queue's submits come back to back.
 *
 * <p>Why. On NVIDIA's OpenCL (580, four H200s) a thread blocked in {@code clFinish} or {@code clWaitForEvents} makes
 * every other thread's enqueues several times slower: a 16384² stencil step on four GPUs, all of whose enqueues one
 * thread makes, took 0.63 ms while the completion thread waited for each submit's chunks, and 0.29 ms when those waits
 * came only after the loop of submits (as fast as the same stencil written by hand in OpenCL; {@code
 * io.jsycl.bench.DriverCallProbe} shows the same with raw OpenCL calls). So the completion thread waits until no
 * submit is under way and none has ended for {@link #QUIET_NANOS}, which a loop of submits never gives it, unless a
 * thread waits for the queue ({@link #hurry}) or {@link #MAX_DEFERRED} completions are behind.
 *
 * <p>Thread safety: {@link #begin}/{@link #end} are called by the submitting thread (submits are serialized), {@link
 * #awaitQuiet} by the completion thread, {@link #hurry}/{@link #calm} by any thread.
 */
final class SubmitQuiet {
    /** How long after a submit ends the completion thread waits for the next one before it goes into the driver. */
    static final long QUIET_NANOS = 50_000;
    /** How many completions may wait for a quiet moment before the completion thread goes ahead regardless. */
    static final int MAX_DEFERRED = 256;

    private final LongSupplier clock;
    /** When the last submit ended (on {@link #clock}), or {@link Long#MIN_VALUE} while one is under way. */
    private final AtomicLong quietSince;
    private final AtomicInteger deferred = new AtomicInteger();
    private final AtomicInteger hurried = new AtomicInteger();
    /** The completion thread while it waits in {@link #awaitQuiet}, for {@link #hurry} to wake. */
    private volatile Thread waiting;

    SubmitQuiet() {
        this(System::nanoTime);
    }

    /** With {@code clock} for {@link System#nanoTime()} (a test's). */
    SubmitQuiet(LongSupplier clock) {
        this.clock = clock;
        this.quietSince = new AtomicLong(clock.getAsLong() - QUIET_NANOS);
    }

    /** A submit starts enqueuing. */
    void begin() {
        quietSince.set(Long.MIN_VALUE);
    }

    /** The submit that began has enqueued everything. */
    void end() {
        quietSince.set(clock.getAsLong());
    }

    /** A completion is handed to the completion thread, which will call {@link #awaitQuiet} for it. */
    void deferred() {
        deferred.incrementAndGet();
    }

    /**
     * Returns once the completion thread may wait in the driver: no submit under way and none ended within {@link
     * #QUIET_NANOS}, or a thread waiting for the queue, or more than {@link #MAX_DEFERRED} completions behind. Call
     * it once per {@link #deferred} completion, before its waits.
     */
    void awaitQuiet() {
        waiting = Thread.currentThread();
        try {
            while (hurried.get() == 0 && deferred.get() <= MAX_DEFERRED) {
                long since = quietSince.get();
                long now = clock.getAsLong();
                if (since != Long.MIN_VALUE && now - since >= QUIET_NANOS) {
                    return;
                }
                LockSupport.parkNanos(since == Long.MIN_VALUE ? QUIET_NANOS : QUIET_NANOS - (now - since));
            }
        } finally {
            waiting = null;
            deferred.decrementAndGet();
        }
    }

    /** A thread waits for the queue's completions: they go ahead at once until the matching {@link #calm}. */
    void hurry() {
        hurried.incrementAndGet();
        Thread t = waiting;
        if (t != null) {
            LockSupport.unpark(t); // rather than at the end of its park
        }
    }

    /** Ends a {@link #hurry}. */
    void calm() {
        hurried.decrementAndGet();
    }

    /**
     * A command's completion, to be completed by the completion thread after {@link #awaitQuiet}: a thread that waits
     * for it ({@code get}, {@code join}) hurries the completion thread while it waits, so that a submit followed by a
     * wait pays nothing for the holding back.
     */
    CompletableFuture<Void> completion() {
        return new Completion();
    }

    private final class Completion extends CompletableFuture<Void> {
        @Override
        public Void get() throws InterruptedException, ExecutionException {
            if (isDone()) {
                return super.get();
            }
            hurry();
            try {
                return super.get();
            } finally {
                calm();
            }
        }

        @Override
        public Void get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException,
                TimeoutException {
            if (isDone()) {
                return super.get(timeout, unit);
            }
            hurry();
            try {
                return super.get(timeout, unit);
            } finally {
                calm();
            }
        }

        @Override
        public Void join() {
            if (isDone()) {
                return super.join();
            }
            hurry();
            try {
                return super.join();
            } finally {
                calm();
            }
        }
    }
}
