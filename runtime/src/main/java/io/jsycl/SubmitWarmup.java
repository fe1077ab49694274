package io.jsycl;

import io.jsycl.internal.platform.Settings;
import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs jsycl's own submit path on a background thread while a program starts, so that the JIT has compiled it by
 * the time the program's kernels need it. Where {@link io.jsycl.internal.schedule.Prewarm} loads the submit path's
 * classes, this makes them fast: a submit is Java code (recording the command group, finding its kernel, the
 * scheduler's passes, setting the arguments, the downcalls), which the JVM interprets until it has run it a few
 * hundred times and compiles fully only after thousands. Measured on the H100 host ({@code io.jsycl.bench.WarmupCurve},
 * benchmarks/results/h100.md): a 2-D kernel's submit and wait took 400-500 µs from the second run to the hundredth,
 * 176 µs at the 500th and 34-41 µs from the 1000th on, against a launch the driver takes 25 µs for; a program that
 * launches a kernel a few dozen times saw jsycl ten times slower than the same kernel enqueued by hand, and a sequence
 * of launches kept getting faster from one run to the next.
 *
 * <p>What runs: a few small kernels of one, two and three dimensions over {@code float} and {@code int} buffers, with
 * scalar and accessor captures and every access mode, taking turns on two queues of the device's default context (one
 * default, one {@link QueueProperty#IN_ORDER}), waiting now on an event, now on a queue, now not at all, so that the
 * branches a program takes are the ones the JIT has seen. It stops after {@link #SUBMITS} submits or
 * {@link #TIME_LIMIT_NANOS}, whichever comes first: a few hundred milliseconds of one core and a few thousand launches
 * of 64 work-items, which the GPU runs beside the program's own. Its kernels are lowered and built as any program's
 * are, and the disk cache keeps them, so a later process loads them in milliseconds.
 *
 * <p>Once per process, started by the first queue made on a device that {@code JSYCL_WARMUP} selects (GPUs by
 * default; not CPU devices, whose cores the warm-up would take from the program's kernels): the JIT's code serves
 * every queue. The thread is a daemon, so it never holds a JVM's exit. A failure ends the warm-up, logged at
 * {@code DEBUG}, and affects nothing else: the program's submits take the same path and report their own errors.
 */
final class SubmitWarmup {
    /** Enough for the submit path's methods to pass the JIT's threshold for full compilation (5000 calls). */
    static final int SUBMITS = 6_000;
    /** A bound for a slow device or a loaded machine. */
    static final long TIME_LIMIT_NANOS = 3_000_000_000L;

    private static final System.Logger LOG = System.getLogger("io.jsycl.warmup");
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    /** What a warm-up did: its submits, how long they took, and the error that ended it early, or null. */
    record Outcome(int submits, long nanos, RuntimeException failure) {
    }

    private static volatile Outcome last;

    private SubmitWarmup() {
    }

    /**
     * Starts the process's warm-up on {@code device} if it is the first queue's device that the settings select.
     *
     * @return the warm-up's thread, or null where this call started none
     */
    static Thread startFor(Device device) {
        if (device.isHost() || !Settings.current().warmsUp(device.type()) || !STARTED.compareAndSet(false, true)) {
            return null;
        }
        var thread = new Thread(() -> run(device, SUBMITS, TIME_LIMIT_NANOS), "jsycl-warm-up");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
        return thread;
    }

    /** The outcome of the latest warm-up in this process, or null while none has ended. */
    static Outcome last() {
        return last;
    }

    /**
     * Submits up to {@code submits} small kernels to {@code device}, or as many as {@code limitNanos} allow, waits for
     * them and releases what it made. Never throws: a failure ends the run and is in its outcome.
     */
    static Outcome run(Device device, int submits, long limitNanos) {
        long start = System.nanoTime();
        int done = 0;
        RuntimeException failure = null;
        Context context = Context.defaultFor(device);
        try (var queue = new Queue(context, device);
             var inOrder = new Queue(context, device, QueueProperty.IN_ORDER);
             var kernels = new Kernels()) {
            while (done < submits && System.nanoTime() - start < limitNanos) {
                kernels.submit(done % 8 == 7 ? inOrder : queue, done);
                done++;
            }
            queue.await();
            inOrder.await();
        } catch (RuntimeException e) {
            failure = e;
            LOG.log(Level.DEBUG, () -> "submit-path warm-up on " + device.name() + " ended after its first failure", e);
        }
        var outcome = new Outcome(done, System.nanoTime() - start, failure);
        LOG.log(Level.DEBUG, () -> "submit-path warm-up on " + device.name() + ": " + outcome.submits() + " submits in "
                + outcome.nanos() / 1_000_000 + " ms");
        last = outcome;
        return outcome;
    }

    /** The warm-up's buffers and its kernels, one per turn of {@link #submit}. */
    private static final class Kernels implements AutoCloseable {
        private final Buffer.OfFloat x1 = Buffer.ofFloat(Range.of(64));
        private final Buffer.OfFloat y1 = Buffer.ofFloat(Range.of(64));
        private final Buffer.OfInt n1 = Buffer.ofInt(Range.of(64));
        private final Buffer.OfFloat x2 = Buffer.ofFloat(Range.of(8, 8));
        private final Buffer.OfFloat y2 = Buffer.ofFloat(Range.of(8, 8));
        private final Buffer.OfFloat x3 = Buffer.ofFloat(Range.of(4, 4, 4));
        private final Buffer.OfFloat y3 = Buffer.ofFloat(Range.of(4, 4, 4));

        /** Submits turn {@code turn}'s kernel to {@code queue}, and waits as that turn does. */
        void submit(Queue queue, int turn) {
            float s = (turn & 3) * 0.25f;
            int t = turn;
            Event event = switch (turn % 4) {
                case 0 -> queue.submit(h -> {
                    var x = x1.read(h);
                    var y = y1.readWrite(h);
                    h.parallelFor(Range.of(64), it -> {
                        int i = it.id(0);
                        y.set(i, s * x.get(i) + y.get(i) * 0.5f);
                    });
                });
                case 1 -> queue.submit(h -> {
                    var x = x2.read(h);
                    var y = y2.writeNoInit(h);
                    h.parallelFor(Range.of(8, 8), it -> {
                        int i = it.id(0);
                        int j = it.id(1);
                        y.set(i, j, x.get(i, Math.min(j + 1, 7)) - x.get(Math.max(i - 1, 0), j) * s);
                    });
                });
                case 2 -> queue.submit(h -> {
                    var x = x3.read(h);
                    var y = y3.write(h);
                    h.parallelFor(Range.of(4, 4, 4), it -> y.set(it.id(0), it.id(1), it.id(2),
                            x.get(it.id(0), it.id(1), it.id(2)) + s));
                });
                default -> queue.submit(h -> {
                    var n = n1.readWrite(h);
                    h.parallelFor(Range.of(64), it -> n.set(it.id(0), n.get(it.id(0)) ^ t));
                });
            };
            // Programs wait for one kernel, for a batch, or not at all before the next submit.
            if (turn % 3 == 0) {
                event.await();
            } else if (turn % 16 == 15) {
                queue.await();
            }
        }

        @Override
        public void close() {
            try (x1; y1; n1; x2; y2; x3; y3) {
                // Each buffer waits for its kernels as it closes.
            }
        }
    }
}
