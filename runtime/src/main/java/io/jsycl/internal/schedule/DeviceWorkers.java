package io.jsycl.internal.schedule;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;

/**
 * Runs one piece of work per device of a {@link io.jsycl.DistributedQueue} at once: device 0's on the calling thread,
 * each other device's on a thread of its own. A step of a stencil over four GPUs enqueues a dozen reads and writes of
 * halo rows and a dozen kernels; on NVIDIA's driver each enqueue costs the calling thread several microseconds, and
 * made one after the other they, not the GPUs, set the step's time. Each device's enqueues go to that device's own
 * in-order queue, so they can be made side by side.
 *
 * <p>Design. {@link #each} hands device {@code k}'s work to worker {@code k}, runs device 0's itself, and returns once
 * every piece has ended, so that what the caller does next follows all of them, as if they had run in order. A worker
 * spins briefly when it runs out of work (the next step's work usually comes within microseconds, and a wake-up from
 * a park costs more than that), then parks, and ends after a longer idle spell; the next piece starts a new one.
 *
 * <p>Errors. A piece that throws does not stop the others; {@link #each} throws the first failure in device order,
 * once every piece has ended, as it was thrown.
 *
 * <p>Thread safety: {@link #each} is called by one thread at a time (the queue's submits are serialized).
 */
final class DeviceWorkers implements AutoCloseable {
    /** How long a worker spins for its next piece of work before parking. */
    private static final long SPIN_NANOS = 100_000;
    /** How long the caller spins for the other devices' pieces before blocking. */
    private static final long JOIN_SPIN_NANOS = 200_000;
    /** How long a parked worker waits for work before its thread ends. */
    private static final long IDLE_NANOS = 2_000_000_000L;

    private final Worker[] workers;

    /** Workers named {@code name-k} for devices 1 to {@code devices - 1}, each started by its first piece. */
    DeviceWorkers(String name, int devices) {
        this.workers = new Worker[devices];
        for (int k = 1; k < devices; k++) {
            workers[k] = new Worker(name + "-" + k);
        }
    }

    /**
     * Runs {@code work.accept(k)} for every device {@code k} that {@code has} accepts, at once, and returns once each
     * has ended.
     *
     * @throws RuntimeException the first (in device order) that a piece threw
     * @throws Error the first that a piece threw, likewise
     */
    void each(IntPredicate has, IntConsumer work) {
        int n = workers.length;
        boolean[] runs = new boolean[n];
        int others = 0;
        for (int k = 0; k < n; k++) {
            runs[k] = has.test(k);
            others += k > 0 && runs[k] ? 1 : 0;
        }
        Throwable[] failures = new Throwable[n];
        var ended = new CountDownLatch(others);
        for (int k = 1; k < n; k++) {
            if (runs[k]) {
                int device = k;
                workers[k].give(() -> {
                    try {
                        work.accept(device);
                    } catch (Throwable t) {
                        failures[device] = t;
                    } finally {
                        ended.countDown(); // publishes failures[device] to the caller
                    }
                });
            }
        }
        if (runs[0]) {
            try {
                work.accept(0);
            } catch (Throwable t) {
                failures[0] = t;
            }
        }
        join(ended);
        for (int k = 0; k < n; k++) {
            Throwable t = failures[k];
            if (t instanceof RuntimeException e) {
                throw e;
            }
            if (t instanceof Error e) {
                throw e;
            }
            if (t != null) { // a checked exception thrown past the compiler: reported, not lost
                throw new IllegalStateException("device " + k + "'s part failed", t);
            }
        }
    }

    private void join(CountDownLatch ended) {
        long start = System.nanoTime();
        while (ended.getCount() > 0 && System.nanoTime() - start < JOIN_SPIN_NANOS) {
            Thread.onSpinWait();
        }
        boolean interrupted = false;
        while (true) {
            try {
                ended.await();
                break;
            } catch (InterruptedException e) {
                // The pieces enqueue on the devices' queues and cannot be called back: wait for them, then keep the
                // interrupt for the caller.
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** One device's thread: runs the pieces given to it, in order. */
    private static final class Worker {
        private final String name;
        private final ConcurrentLinkedQueue<Runnable> pieces = new ConcurrentLinkedQueue<>();
        // Guarded by this: the running thread, null when none runs.
        private Thread thread;
        private volatile boolean parked;
        private volatile boolean stopped;

        Worker(String name) {
            this.name = name;
        }

        void give(Runnable piece) {
            pieces.add(piece);
            Thread t;
            synchronized (this) {
                t = thread;
                if (t == null) {
                    thread = Thread.ofPlatform().daemon().name(name).start(this::run);
                    return;
                }
            }
            // The thread sets parked before it looks at the pieces a last time, and this reads it after adding:
            // one of the two sees the other's write.
            if (parked) {
                LockSupport.unpark(t);
            }
        }

        private void run() {
            long idleSince = System.nanoTime();
            while (true) {
                Runnable piece = pieces.poll();
                if (piece != null) {
                    piece.run(); // catches everything itself
                    idleSince = System.nanoTime();
                    continue;
                }
                long idle = System.nanoTime() - idleSince;
                if (stopped) {
                    synchronized (this) {
                        thread = null;
                        return;
                    }
                }
                if (idle < SPIN_NANOS) {
                    Thread.onSpinWait();
                    continue;
                }
                if (idle >= IDLE_NANOS) {
                    synchronized (this) {
                        if (pieces.isEmpty()) {
                            thread = null; // the next give starts a new one
                            return;
                        }
                    }
                    continue;
                }
                parked = true;
                if (pieces.isEmpty()) {
                    LockSupport.parkNanos(this, IDLE_NANOS);
                }
                parked = false;
            }
        }

        void stop() {
            stopped = true;
            Thread t;
            synchronized (this) {
                t = thread;
            }
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /** Lets the threads end at once instead of after their idle spell. */
    @Override
    public void close() {
        for (Worker w : workers) {
            if (w != null) {
                w.stop();
            }
        }
    }
}
