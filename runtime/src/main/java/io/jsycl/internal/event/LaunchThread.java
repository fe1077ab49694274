package io.jsycl.internal.event;

import io.jsycl.SyclException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Enqueues one in-order OpenCL queue's kernel launches on a thread of its own, so that a program submitting kernels
 * back to back pays the driver's enqueue on that thread while its own thread prepares the next command group.
 * On drivers whose {@code clEnqueueNDRangeKernel} costs several microseconds (NVIDIA's does) that cost, not jsycl's,
 * then bounds a stream of small launches, as it bounds hand-written OpenCL.
 *
 * <p>Design. {@link #submit} appends a launch to a FIFO and returns; the thread takes launches in order and enqueues
 * each while holding {@code enqueueLock}. Anything else that enqueues on the same OpenCL queue calls {@link #flush}
 * first: it enqueues, on the calling thread, every launch appended so far that the thread has not taken yet (so a
 * wait never depends on the thread being scheduled), and waits for the one the thread is enqueueing. Launches
 * appended during a flush may be enqueued before the caller's own command: the caller only needs those appended
 * before it. The thread spins briefly when the FIFO runs empty, so that a stream of submits does not pay a wake-up per
 * launch, then parks until the next launch. It starts with its queue and ends at the queue's close ({@link #close}),
 * so a submit never finds it missing: a branch that starts a thread at a burst was one that the JIT compiled out of the
 * submit path (the submit-path warm-up's queues started theirs before the JIT profiled anything), and a program's first
 * burst, or its first after the thread had ended idle, dropped {@code QueueScheduler.commit} to the JIT's profiling
 * tier for thousands of submits (an uncommon trap; docs/performance.md). A queue never closed keeps its parked thread,
 * as it keeps its OpenCL queue.
 *
 * <p>Only a launch in a burst goes to the thread ({@link #inBurst}): one whose submit began within
 * {@value #BURST_NANOS} ns of the return of the queue's previous submit (a loop of submits, not a submit after a wait
 * for the previous one, which takes longer on any GPU), or while launches wait, up to {@value #MAX_PENDING} of them.
 * An isolated launch, such as one a program
 * submits and then waits for, is enqueued by the submitting thread: handing it over gains nothing, since the wait
 * needs it enqueued anyway, and on NVIDIA's driver a queue whose launches alternate between two threads makes such
 * a round trip slower (docs/performance.md).
 *
 * <p>Errors. A launch that cannot be enqueued fails this object: its failure (the first) is kept, the launches after
 * it are abandoned, not enqueued (they may depend on its results), and {@link #failure()} reports it to the queue,
 * which throws it from waits and from later submits.
 *
 * <p>Thread safety: launches must be submitted in their queue order, which the scheduler's lock gives;
 * {@code appended} grows only after the launch is in the FIFO, {@code enqueued} only under {@code enqueueLock}.
 */
public final class LaunchThread {
    /** One launch: sets the kernel's arguments and enqueues it; releases what it holds either way. */
    public interface Launch {
        /** Enqueues the launch on the OpenCL queue; throws if the driver refuses it. */
        void enqueue();

        /** Releases what the launch holds without enqueuing it (an earlier launch failed). */
        void abandon();
    }

    /** How long the thread spins on an empty FIFO before parking: longer than a submit takes. */
    private static final long SPIN_NANOS = 50_000;
    /**
     * The most launches the FIFO holds: past it a submit enqueues the waiting launches itself (a flush), so that a
     * program submitting faster than the driver enqueues does not fill memory with recorded launches.
     */
    static final int MAX_PENDING = 1024;
    /** A launch whose submit began this soon after the previous submit returned is part of a burst. */
    static final long BURST_NANOS = 4_000;
    /** How long a flush spins for the launch thread's enqueue before blocking on the lock. */
    private static final long FLUSH_SPIN_NANOS = 200_000;

    private final ConcurrentLinkedQueue<Launch> fifo = new ConcurrentLinkedQueue<>();
    private final AtomicLong appended = new AtomicLong();
    private final AtomicLong enqueued = new AtomicLong();
    private final ReentrantLock enqueueLock = new ReentrantLock();
    private final Thread worker;
    private volatile boolean parked;
    // Set by close: the thread ends once the FIFO is empty.
    private volatile boolean closed;
    // When the queue's latest submit returned (System.nanoTime); written under the scheduler's lock.
    private volatile long lastSubmitReturned = Long.MIN_VALUE / 2;
    // Written under enqueueLock, read anywhere.
    private volatile RuntimeException failure;

    /** Starts the thread, named {@code name}; {@link #close} ends it. */
    public LaunchThread(String name) {
        this.worker = Thread.ofPlatform().daemon().name(name).unstarted(this::run);
        worker.start(); // last: every field is set
    }

    /** Appends {@code launch}; the thread (or the next flush) enqueues it. */
    public void submit(Launch launch) {
        fifo.offer(launch);
        appended.incrementAndGet();
        if (parked) {
            LockSupport.unpark(worker);
        }
    }

    /**
     * Ends the thread once it has enqueued what its FIFO holds (the queue's close, after its wait for every launch,
     * so nothing is left by then). Idempotent.
     */
    public void close() {
        closed = true;
        LockSupport.unpark(worker);
    }

    /**
     * Enqueues every launch appended so far, on this thread where the launch thread has not taken it yet. While the
     * launch thread enqueues one, the caller spins rather than blocks on the lock: an enqueue takes microseconds, and
     * a thread parked on the lock would add its wake-up to every wait for a launch.
     */
    void flush() {
        long target = appended.get();
        long spinUntil = 0;
        while (enqueued.get() < target) {
            if (enqueueLock.tryLock()) {
                try {
                    while (enqueued.get() < target && enqueueNext()) {
                        // each turn enqueues the oldest launch
                    }
                } finally {
                    enqueueLock.unlock();
                }
            } else if (spinUntil == 0) {
                spinUntil = System.nanoTime() + FLUSH_SPIN_NANOS;
            } else if (System.nanoTime() < spinUntil) {
                Thread.onSpinWait();
            } else {
                // The driver holds the launch thread (a full device queue blocks an enqueue): wait on the lock.
                enqueueLock.lock();
                enqueueLock.unlock();
            }
        }
    }

    /**
     * Whether a launch whose submit began at {@code submitted} ({@link System#nanoTime()}) belongs to a burst, and so
     * goes to the thread: see the class comment.
     */
    public boolean inBurst(long submitted) {
        long pending = pending();
        return pending < MAX_PENDING && (submitted - lastSubmitReturned < BURST_NANOS || pending > 0);
    }

    /** Notes that a submit of the queue is returning, deferred or not. */
    public void submitReturned() {
        lastSubmitReturned = System.nanoTime();
    }

    /** The failure of the first launch that could not be enqueued, or null. */
    RuntimeException failure() {
        return failure;
    }

    /** True while launches wait in the FIFO (for tests and traces). */
    boolean hasPending() {
        return pending() > 0;
    }

    private long pending() {
        return appended.get() - enqueued.get();
    }

    /** Under {@code enqueueLock}: enqueues (or abandons) the oldest launch; false if there is none. */
    private boolean enqueueNext() {
        Launch launch = fifo.poll();
        if (launch == null) {
            return false;
        }
        try {
            if (failure == null) {
                launch.enqueue();
            } else {
                launch.abandon();
            }
        } catch (RuntimeException e) {
            failure = e;
        } catch (Error e) {
            failure = new SyclException("a kernel launch failed on the launch thread: " + e, e);
        } finally {
            enqueued.incrementAndGet();
        }
        return true;
    }

    private void run() {
        while (true) {
            if (takeOne()) {
                continue;
            }
            long spinUntil = System.nanoTime() + SPIN_NANOS;
            while (fifo.isEmpty() && System.nanoTime() < spinUntil) {
                Thread.onSpinWait();
            }
            if (!fifo.isEmpty()) {
                continue;
            }
            parked = true;
            // Re-read after publishing parked: a submit either sees it or its launch is seen here. A wake-up that
            // finds nothing (a flush took the launch whose submit unparked the thread, or a spurious one) parks again.
            while (fifo.isEmpty() && !closed) {
                LockSupport.park(this);
            }
            parked = false;
            if (closed && fifo.isEmpty()) {
                return;
            }
        }
    }

    private boolean takeOne() {
        enqueueLock.lock();
        try {
            return enqueueNext();
        } finally {
            enqueueLock.unlock();
        }
    }
}
