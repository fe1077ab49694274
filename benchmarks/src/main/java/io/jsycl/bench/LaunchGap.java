package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import io.jsycl.opencl.DriverCallTimes;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a short kernel's run (submit, then wait) spends what it spends beyond the same kernel enqueued by hand: the 3x3
 * convolution of 2048² ({@link GridOp.Conv3}), about 20 µs on a GPU, in two tables.
 *
 * <p>When the GPU starts a kernel: the hand-written kernel enqueued without an event, then the calling thread spins
 * for 0 to 32 µs, then {@code clFinish}; without and with a {@code clFlush} right after the enqueue. If the driver held
 * the launch until a flush, every microsecond of the spin would add to the run; if it starts the kernel at its enqueue,
 * the run stays the same until the spin outlasts the kernel. That says which of a submit's work costs a run: its work
 * before the driver's enqueue delays the kernel's start, its work after it (and before the wait) is free while the
 * kernel runs.
 *
 * <p>jsycl beside the hand-written kernel: each path's runs in blocks of {@code --per} taking turns ({@code --blocks},
 * two untimed first), each path timing its own runs, jsycl's submit on its own too; with
 * {@code -Djsycl.opencl.timeCalls=true} each path's driver calls per run (the driver's enqueue, {@code clFinish}), so
 * that jsycl's run minus the hand-written one splits into its Java before the enqueue and the rest. Each path also
 * waits a second way, polling instead of blocking in {@code clFinish}: the hand-written one enqueues a marker after
 * its kernel and polls the marker's status, jsycl polls {@code Event.status()} (which does the same); whether the
 * next submit's Java runs faster after a wait that kept its thread busy says whether a blocking wait leaves that
 * thread's caches cold.
 *
 * <pre>java [-Djsycl.opencl.timeCalls=true] ... LaunchGap [--device gpu] [--runs 1000] [--blocks 10] [--per 300]</pre>
 */
public final class LaunchGap {
    private static final int N = 2048;
    /** The spins between the enqueue's return and {@code clFinish}, microseconds. */
    private static final int[] SPINS = {0, 1, 2, 4, 8, 16, 32};

    private LaunchGap() {
    }

    public static void main(String[] args) {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        int runs = Suite.intOpt(opts, "runs", 1000);
        int blocks = Suite.intOpt(opts, "blocks", 10);
        int per = Suite.intOpt(opts, "per", 300);
        var warmupLog = GridKernels.warmupLog();
        Device device = Suite.devices(opts.get("device")).getFirst();
        var op = new GridOp.Conv3(N);
        try (var q = new Queue(device); var in = Buffer.ofFloat(op.shape()); var out = Buffer.ofFloat(op.shape());
             var cl = new RawCl(Suite.match(device), false);
             ClMem cin = cl.buffer(4L * N * N); ClMem cout = cl.buffer(4L * N * N);
             ClProgram program = cl.build(op.source()); ClKernel kernel = ClKernel.create(program, "grid")) {
            q.submit(h -> {
                var i = in.writeNoInit(h);
                h.parallelFor(Range.of(N, N), it -> i.set(it.id(0), it.id(1), it.id(1) * 0.5f - it.id(0)));
            }).await();
            GridKernels.awaitWarmup(warmupLog);
            op.bind(kernel, cin, cout, null);
            var hand = new Hand(cl.queue, kernel);
            System.out.printf("Device: %s. The 3x3 convolution of %d²; microseconds, medians.%n%n", device.name(), N);
            spins(hand, runs);
            beside(hand, op, q, in, out, blocks, per);
        }
    }

    /** The hand-written launch: no event, work-groups of 32x8, as {@code GridKernels}' hand-written twin. */
    private record Hand(ClCommandQueue queue, ClKernel kernel) {
        private static final long[] GLOBAL = {N, N};
        private static final long[] LOCAL = {32, 8};

        void enqueue() {
            queue.enqueueNDRangeKernelWithoutEvent(kernel, 2, null, GLOBAL, LOCAL, List.of());
        }
    }

    /** The first table: a spin between the enqueue and {@code clFinish}, without and with a flush. */
    private static void spins(Hand hand, int runs) {
        for (int i = 0; i < 2000; i++) {
            hand.enqueue();
            hand.queue().finish();
        }
        // [flush][spin][run]: the spins and both ways taking turns run by run, so that a drift hits all alike.
        long[][][] run = new long[2][SPINS.length][runs];
        long[][][] enqueue = new long[2][SPINS.length][runs];
        long[][][] flush = new long[2][SPINS.length][runs];
        for (int r = 0; r < runs; r++) {
            for (int f = 0; f < 2; f++) {
                for (int s = 0; s < SPINS.length; s++) {
                    long t0 = System.nanoTime();
                    hand.enqueue();
                    long t1 = System.nanoTime();
                    if (f == 1) {
                        hand.queue().flush();
                    }
                    long t2 = System.nanoTime();
                    long until = t1 + SPINS[s] * 1000L;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                    hand.queue().finish();
                    run[f][s][r] = System.nanoTime() - t0;
                    enqueue[f][s][r] = t1 - t0;
                    flush[f][s][r] = t2 - t1;
                }
            }
        }
        System.out.printf("## When the GPU starts the kernel: a spin between the enqueue and clFinish, %d runs each%n%n",
                runs);
        System.out.println("| between the enqueue and clFinish | run | run, 10th percentile | enqueue "
                + "| run with clFlush after the enqueue | clFlush |");
        System.out.println("|---|---|---|---|---|---|");
        for (int s = 0; s < SPINS.length; s++) {
            System.out.printf("| %s | %.1f | %.1f | %.1f | %.1f | %.1f |%n",
                    SPINS[s] == 0 ? "nothing" : "a spin of " + SPINS[s] + " µs", median(run[0][s]),
                    percentile(run[0][s], 10), median(enqueue[0][s]), median(run[1][s]), median(flush[1][s]));
        }
        System.out.println();
    }

    /** The second table: jsycl's submit and wait beside the hand-written launch, in blocks taking turns. */
    private static void beside(Hand hand, GridOp op, Queue q, Buffer.OfFloat in, Buffer.OfFloat out, int blocks,
            int per) {
        int timed = blocks * per;
        Path[] paths = {
            new Path("hand-written", timed, () -> {
                hand.enqueue();
                return () -> hand.queue().finish();
            }),
            new Path("hand-written, a marker's status polled", timed, () -> {
                hand.enqueue();
                return () -> {
                    try (var marker = hand.queue().enqueueMarker(List.of())) {
                        hand.queue().flush();
                        while (marker.executionStatus() > 0) {
                            Thread.onSpinWait();
                        }
                    }
                };
            }),
            new Path("jsycl", timed, () -> {
                Event e = op.submit(q, in, out, null, 0);
                return e::await;
            }),
            new Path("jsycl, Event.status() polled", timed, () -> {
                Event e = op.submit(q, in, out, null, 0);
                return () -> {
                    Event.Status status;
                    while ((status = e.status()) == Event.Status.SUBMITTED || status == Event.Status.RUNNING) {
                        Thread.onSpinWait();
                    }
                    e.await(); // returns at once, or throws what the command failed with
                };
            }),
        };
        for (int b = -2; b < blocks; b++) {
            for (Path path : paths) {
                path.block(b, per);
            }
        }
        boolean calls = DriverCallTimes.on();
        double handRun = median(paths[0].runs);
        System.out.printf("## jsycl's submit and wait beside the hand-written launch, %d blocks of %d runs taking "
                + "turns%n%n", blocks, per);
        System.out.println("| path | run | run, 10th percentile | submit (by hand: the enqueue) "
                + "| driver's enqueue a run | clFinish a run | run / hand-written run |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (Path path : paths) {
            System.out.printf("| %s | %.1f | %.1f | %.1f | %s | %s | %.2f |%n", path.name, median(path.runs),
                    percentile(path.runs, 10), median(path.submits), perRun(calls, path.calls[0], timed),
                    perRun(calls, path.calls[1], timed), median(path.runs) / handRun);
        }
        System.out.println();
        if (!calls) {
            System.out.println("(driver calls not timed: run with -Djsycl.opencl.timeCalls=true)");
        }
    }

    /** A way to submit (or enqueue) the kernel, returning how to wait for it. */
    private interface Submit {
        Runnable submit();
    }

    /** One row of the second table: its runs, its submits (up to the wait) and its driver calls. */
    private static final class Path {
        final String name;
        final Submit way;
        final long[] runs;
        final long[] submits;
        final double[] calls = new double[2];

        /** A row of {@code timed} timed runs. */
        Path(String name, int timed, Submit way) {
            this.name = name;
            this.way = way;
            this.runs = new long[timed];
            this.submits = new long[timed];
        }

        /** Block {@code b} of {@code per} runs, timed from block 0 on. */
        void block(int b, int per) {
            Map<String, Long> before = DriverCallTimes.ofThisThread();
            for (int r = 0; r < per; r++) {
                long t0 = System.nanoTime();
                Runnable wait = way.submit();
                long t1 = System.nanoTime();
                wait.run();
                if (b >= 0) {
                    runs[b * per + r] = System.nanoTime() - t0;
                    submits[b * per + r] = t1 - t0;
                }
            }
            if (b >= 0) {
                add(calls, before, DriverCallTimes.ofThisThread());
            }
        }
    }

    /** Adds the enqueue's and {@code clFinish}'s time between two snapshots of the thread's driver calls. */
    private static void add(double[] into, Map<String, Long> from, Map<String, Long> to) {
        into[0] += to.getOrDefault("clEnqueueNDRangeKernel", 0L) - from.getOrDefault("clEnqueueNDRangeKernel", 0L);
        into[1] += to.getOrDefault("clFinish", 0L) - from.getOrDefault("clFinish", 0L);
    }

    private static String perRun(boolean calls, double nanos, int runs) {
        return calls ? String.format("%.1f", nanos / runs / 1e3) : "–";
    }

    /** The median of {@code nanos}, in microseconds. */
    private static double median(long[] nanos) {
        return Stats.of(nanos).median() / 1e3;
    }

    /** The {@code p}th percentile of {@code nanos}, in microseconds. */
    private static double percentile(long[] nanos, int p) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, sorted.length * p / 100)] / 1e3;
    }
}
