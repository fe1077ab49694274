package io.jsycl;

import io.jsycl.internal.platform.Settings;
import io.jsycl.internal.schedule.ChunkSplit;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a {@link DistributedQueue}'s own submit path on a background thread when a program makes its first one over
 * several devices ({@code JSYCL_DISTRIBUTED_WARMUP=on}), so that the JIT has compiled it by the time the program's
 * steps need it, as {@link SubmitWarmup} does for a queue's.
 *
 * <p>Why. A step over several GPUs can be bound by the thread that submits it (the planning of the moves, a chunk's
 * submit on every device, the reads and writes of halo rows: docs/multi-device.md), and that Java code runs below the
 * JIT's top tier for its first thousands of submits. On four PoCL devices the 512² stencil of {@code
 * io.jsycl.bench.MultiGpuBench}, host-bound there too, took 0.40 to 0.45 ms a step in its 4th batch of 100 steps,
 * 0.25 to 0.31 in its 8th and 0.14 to 0.19 after its 100th, its hottest methods still at tier 2 or 3 (C1) after 1 000.
 * The warm-up runs those paths meanwhile, on a thread of its own. Off by default: the warm-up's own driver calls run
 * beside the program's first steps (on NVIDIA's driver another thread's calls slow a thread's, docs/multi-device.md);
 * {@code ONLY=variants} in {@code benchmarks/gpu/multi-run.sh} compares a process with it and one without.
 *
 * <p>What runs: a 2-D five-point stencil whose halo rows move between the devices every step (each chunk's interior
 * and the strips next to its halo, reads and writes of rows), a one-to-one 1-D update, a reduction whose parts the
 * host combines, and a kernel that reads a buffer whole on every device, in turns, on buffers of a few hundred
 * kilobytes, waiting for the queue every {@value #BATCH} submits as a program's batches do. It stops after {@code
 * JSYCL_WARMUP_SUBMITS} submits (20000 by default) or {@link #TIME_LIMIT_NANOS}, whichever comes first.
 *
 * <p>Once per process, started by the first DistributedQueue over two devices or more; not in a profiled run ({@code
 * JSYCL_PROFILE}), whose table is the program's kernels. Its DistributedQueue has contexts of its own, as every one
 * has, so that nothing of the program's waits for it. Its thread starts as {@link SubmitWarmup}'s does ({@link
 * SubmitWarmup#startDaemon}): a daemon that the JVM's exit stops after its current submit and waits for, so that no
 * driver call of it runs while the driver's exit handlers tear its contexts down; a failure ends it, logged at {@code
 * DEBUG} (logger {@code io.jsycl.warmup}), and affects nothing else.
 */
final class DistributedWarmup {
    /** A bound for slow devices or a loaded machine. */
    static final long TIME_LIMIT_NANOS = 3_000_000_000L;
    /** A program's batch: the warm-up waits for its queue every this many submits. */
    static final int BATCH = 32;

    private static final System.Logger LOG = System.getLogger("io.jsycl.warmup");
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static volatile boolean stopping;

    /**
     * What a warm-up did.
     *
     * @param submits the submits it made
     * @param nanos from its start to its end
     * @param failure the error that ended it early, or null
     */
    record Outcome(int submits, long nanos, RuntimeException failure) {
    }

    private DistributedWarmup() {
    }

    /**
     * Starts the process's distributed warm-up over {@code devices} where the settings ask for one and this is the
     * process's first DistributedQueue over several devices to ask.
     *
     * @return the warm-up's thread, or null where this call started none
     */
    static Thread startFor(List<Device> devices) {
        Settings settings = Settings.current();
        if (devices.size() < 2 || settings.profile() || !settings.distributedWarmup().get()
                || !STARTED.compareAndSet(false, true)) {
            return null;
        }
        int submits = settings.warmupSubmits().get();
        List<Device> over = List.copyOf(devices);
        return SubmitWarmup.startDaemon("jsycl-distributed-warm-up", () -> run(over, submits, TIME_LIMIT_NANOS),
                () -> stopping = true);
    }

    /**
     * Runs the warm-up over {@code devices} on the calling thread: up to {@code submits} submits or {@code limitNanos}.
     */
    static Outcome run(List<Device> devices, int submits, long limitNanos) {
        long start = System.nanoTime();
        int done = 0;
        RuntimeException failure = null;
        try (var queue = new DistributedQueue(devices); var steps = new Steps(devices.size())) {
            while (done < submits && !stopping && System.nanoTime() - start < limitNanos) {
                steps.submit(queue, done);
                done++;
                if (done % BATCH == 0) {
                    queue.await();
                }
            }
            queue.await();
        } catch (RuntimeException e) {
            failure = e;
            LOG.log(Level.DEBUG, () -> "distributed warm-up over " + devices.size() + " devices ended after its first"
                    + " failure", e);
        }
        var outcome = new Outcome(done, System.nanoTime() - start, failure);
        LOG.log(Level.DEBUG, () -> "distributed warm-up over " + devices.size() + " devices: " + outcome.submits()
                + " submits in " + outcome.nanos() / 1_000_000 + " ms");
        return outcome;
    }

    /** The warm-up's buffers and kernels; each device's chunk is three aligned blocks of rows: interior and strips. */
    private static final class Steps implements AutoCloseable {
        private static final int COLUMNS = 32;

        private final int rows;
        private final Buffer.OfFloat p;
        private final Buffer.OfFloat q;
        private final Buffer.OfFloat x;
        private final Buffer.OfFloat y;
        private final Buffer.OfInt counts;
        private final Buffer.OfInt total = Buffer.of(new int[1]);

        Steps(int devices) {
            rows = (int) (devices * 3 * ChunkSplit.ALIGN);
            p = Buffer.ofFloat(Range.of(rows, COLUMNS));
            q = Buffer.ofFloat(Range.of(rows, COLUMNS));
            x = Buffer.ofFloat(Range.of(rows));
            y = Buffer.ofFloat(Range.of(rows));
            counts = Buffer.ofInt(Range.of(rows));
        }

        /** Every other turn a stencil step (from p to q, then back), the rest the other kernels in turn. */
        void submit(DistributedQueue queue, int turn) {
            if (turn % 2 == 0) {
                boolean even = turn % 4 == 0;
                stencil(queue, even ? p : q, even ? q : p);
                return;
            }
            switch (turn / 2 % 3) {
                case 0 -> update(queue, turn);
                case 1 -> sum(queue);
                default -> replicated(queue);
            }
        }

        private void stencil(DistributedQueue queue, Buffer.OfFloat from, Buffer.OfFloat to) {
            int n = rows;
            int m = COLUMNS;
            queue.submit(h -> {
                var in = from.read(h, RangeMapper.neighborhood(1));
                var out = to.writeNoInit(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n, m), it -> {
                    int i = it.id(0);
                    int j = it.id(1);
                    out.set(i, j, i == 0 || j == 0 || i == n - 1 || j == m - 1 ? in.get(i, j)
                            : 0.25f * (in.get(i - 1, j) + in.get(i + 1, j) + in.get(i, j - 1) + in.get(i, j + 1)));
                });
            });
        }

        private void update(DistributedQueue queue, int turn) {
            float a = (turn & 3) * 0.25f;
            queue.submit(h -> {
                var in = x.read(h, RangeMapper.oneToOne());
                var out = y.readWrite(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(rows), it -> out.set(it.id(0), a * in.get(it.id(0)) + out.get(it.id(0))));
            });
        }

        private void sum(DistributedQueue queue) {
            queue.submit(h -> {
                var in = counts.read(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(rows), Reduction.sum(total), (it, acc) -> acc.combine(in.get(it.id(0))));
            });
        }

        /** Every device reads {@code y} whole (as n-body reads its positions) and writes its rows of {@code x}. */
        private void replicated(DistributedQueue queue) {
            int n = rows;
            queue.submit(h -> {
                var all = y.read(h, RangeMapper.all());
                var out = x.writeNoInit(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), it -> out.set(it.id(0), all.get(n - 1 - it.id(0)) * 0.5f));
            });
        }

        @Override
        public void close() {
            try (var a = p; var b = q; var c = x; var d = y; var e = counts; var f = total) {
                // each buffer waits for its kernels as it closes
            }
        }
    }
}
