package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.internal.platform.SubmitPhases;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * Where a submit's microseconds go: the grid benchmark's workloads ({@link GridOp}), each submitted and waited for
 * {@code --runs} times after the submit-path warm-up, every submit's phases timed by {@code JSYCL_TRACE_SUBMITS}
 * ({@link SubmitPhases}): medians per phase over runs 3-17, 101-200, 1001-2000 and the second half, beside the
 * run's whole time. Then the 3x3 convolution enqueued by hand through the bindings (its arguments set once, as
 * {@link GridKernels}' hand-written twin does): the driver's enqueue alone and with its wait. Last the per-slice
 * sequence (254 launches, one wait; {@code --runs / 10} sequences), jsycl's and the hand-written one, where a burst's
 * submits hand their launches to the queue's launch thread. {@code --gap spin|park}
 * puts 300 µs (busy or parked) between runs, to tell the CPU's own state from the code's.
 *
 * <pre>java -Djsycl.traceSubmits=1 ... SubmitPhaseBench [--device gpu] [--runs 3000] [--gap wait|spin|park]</pre>
 */
public final class SubmitPhaseBench {
    private SubmitPhaseBench() {
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        if (!SubmitPhases.enabled()) {
            System.err.println("run with -Djsycl.traceSubmits=1 (or JSYCL_TRACE_SUBMITS=1): it times every submit");
            System.exit(2);
        }
        var opts = Suite.parse(args);
        int runs = Suite.intOpt(opts, "runs", 3000);
        String gap = opts.getOrDefault("gap", "wait");
        long gapNanos = 300_000;
        Device device = Suite.devices(opts.get("device")).getFirst();
        List<String> log = GridKernels.warmupLog();
        System.out.printf("## Submit phases on %s (%s), %d runs a workload, gap %s%n%n", device.name(),
                System.getProperty("java.runtime.version"), runs, gap);
        System.out.println("| workload | runs | run µs | submit µs | phases (median µs) |");
        System.out.println("|---|---|---|---|---|");
        try (var q = new Queue(device)) {
            GridKernels.awaitWarmup(log);
            SubmitPhases.take();
            for (GridOp op : List.of(new GridOp.Conv3(2048), new GridOp.Conv3(8192), new GridOp.Conv5(2048),
                    new GridOp.Jacobi2(4096), new GridOp.Jacobi3(256), new GridOp.Transpose(4096))) {
                try (var in = Buffer.ofFloat(op.shape()); var out = Buffer.ofFloat(op.shape());
                     var table = Buffer.of(op.table() != null ? op.table() : new float[1])) {
                    op.submit(q, in, out, table, 0).await();
                    SubmitPhases.take();
                    long[] all = new long[runs];
                    for (int r = 0; r < runs; r++) {
                        long t0 = System.nanoTime();
                        Event e = op.submit(q, in, out, table, 0);
                        e.await();
                        all[r] = System.nanoTime() - t0;
                        pause(gap, gapNanos);
                    }
                    List<SubmitPhases.Sample> samples = SubmitPhases.take();
                    for (int[] w : new int[][] {{2, 17}, {100, 200}, {1000, 2000}, {runs / 2, runs}}) {
                        if (w[1] > Math.min(runs, samples.size())) {
                            continue;
                        }
                        var phases = new LinkedHashMap<String, Double>();
                        for (String p : samples.get(w[1] - 1).phases()) {
                            long[] v = new long[w[1] - w[0]];
                            for (int i = w[0]; i < w[1]; i++) {
                                v[i - w[0]] = samples.get(i).nanos(p);
                            }
                            phases.put(p, median(v) / 1e3);
                        }
                        long[] totals = new long[w[1] - w[0]];
                        for (int i = w[0]; i < w[1]; i++) {
                            totals[i - w[0]] = samples.get(i).total();
                        }
                        var text = new ArrayList<String>();
                        phases.forEach((p, us) -> text.add(String.format("%s %.1f", p, us)));
                        System.out.printf("| %s %s | %d-%d | %.1f | %.1f | %s |%n", op.name(), op.size(), w[0] + 1,
                                w[1], median(Arrays.copyOfRange(all, w[0], w[1])) / 1e3, median(totals) / 1e3,
                                String.join(", ", text));
                    }
                }
            }
            slices(q, Math.max(20, runs / 10));
        }
        handWritten(device, runs);
        handWrittenSlices(device, Math.max(20, runs / 10));
    }

    /**
     * The per-slice sequence (254 launches of a 2-D kernel over 256², then one wait), {@code runs} times: each submit's
     * phases (medians over the second half's submits; in a burst the "enqueue" phase is the hand-over to the launch
     * thread), the submitting thread's loop per submit, and the whole sequence.
     */
    private static void slices(Queue q, int runs) {
        GridOp op = new GridOp.Slices(256);
        int launches = op.launches();
        try (var in = Buffer.ofFloat(op.shape()); var out = Buffer.ofFloat(op.shape());
             var table = Buffer.of(new float[1])) {
            op.submitRun(q, in, out, table).await();
            SubmitPhases.take();
            long[] loop = new long[runs];
            long[] all = new long[runs];
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                Event last = op.submitRun(q, in, out, table);
                loop[r] = System.nanoTime() - t0;
                last.await();
                all[r] = System.nanoTime() - t0;
            }
            List<SubmitPhases.Sample> samples = SubmitPhases.take();
            List<SubmitPhases.Sample> tail = samples.subList(samples.size() / 2, samples.size());
            // The phases of a submit in a burst (the first of a sequence is enqueued by the submitting thread).
            List<String> names = tail.stream().max((a, b) -> Integer.compare(a.phases().size(), b.phases().size()))
                    .orElseThrow().phases();
            var text = new ArrayList<String>();
            for (String p : names) {
                text.add(String.format("%s %.2f", p, median(tail.stream().mapToLong(t -> t.nanos(p)).toArray()) / 1e3));
            }
            long[] half = Arrays.copyOfRange(all, runs / 2, runs);
            System.out.printf("| slices 256³ (%d launches) | %d-%d | %.1f a sequence | %.2f a submit (loop %.2f) | %s |%n",
                    launches, runs / 2 + 1, runs, median(half) / 1e3,
                    median(tail.stream().mapToLong(SubmitPhases.Sample::total).toArray()) / 1e3,
                    median(Arrays.copyOfRange(loop, runs / 2, runs)) / 1e3 / launches, String.join(", ", text));
        }
    }

    /** The per-slice sequence enqueued by hand: the slice argument set and the kernel enqueued, per launch. */
    private static void handWrittenSlices(Device device, int runs) {
        var clDevice = Suite.match(device);
        GridOp op = new GridOp.Slices(256);
        long bytes = 4L * 256 * 256 * 256;
        try (var cl = new RawCl(clDevice); var plain = ClCommandQueue.create(cl.context, clDevice, false, false);
             ClMem in = cl.buffer(bytes); ClMem out = cl.buffer(bytes);
             var program = cl.build(op.source()); var k = ClKernel.create(program, "grid")) {
            op.bind(k, in, out, null);
            long[] global = {256, 256};
            long[] local = {32, 8};
            long[] loop = new long[runs];
            long[] all = new long[runs];
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                for (int l = 0; l < op.launches(); l++) {
                    op.bindLaunch(k, l);
                    plain.enqueueNDRangeKernelWithoutEvent(k, 2, null, global, local, List.of());
                }
                loop[r] = System.nanoTime() - t0;
                plain.finish();
                all[r] = System.nanoTime() - t0;
            }
            System.out.printf("| slices 256³, hand-written 32x8 | %d-%d | %.1f a sequence | loop %.2f a launch | the"
                    + " driver's enqueue and clSetKernelArg |%n", runs / 2 + 1, runs,
                    median(Arrays.copyOfRange(all, runs / 2, runs)) / 1e3,
                    median(Arrays.copyOfRange(loop, runs / 2, runs)) / 1e3 / op.launches());
        }
    }

    /** The 3x3 convolution of 2048² enqueued by hand, its arguments set once: the driver's enqueue, and the run. */
    private static void handWritten(Device device, int runs) {
        var clDevice = Suite.match(device);
        try (var cl = new RawCl(clDevice); var plain = ClCommandQueue.create(cl.context, clDevice, false, false);
             ClMem in = cl.buffer(4L * 2048 * 2048); ClMem out = cl.buffer(4L * 2048 * 2048)) {
            GridOp op = new GridOp.Conv3(2048);
            try (var program = cl.build(op.source()); var k = ClKernel.create(program, "grid")) {
                op.bind(k, in, out, null);
                long[][] times = EnqueueProbe.enqueueThenFinish(plain, k, runs);
                long[] enqueue = times[0];
                long[] all = times[1];
                for (int[] w : new int[][] {{2, 17}, {runs / 2, runs}}) {
                    System.out.printf("| conv3x3 2048², hand-written 32x8 | %d-%d | %.1f | %.1f | the driver's"
                            + " enqueue |%n", w[0] + 1, w[1], median(Arrays.copyOfRange(all, w[0], w[1])) / 1e3,
                            median(Arrays.copyOfRange(enqueue, w[0], w[1])) / 1e3);
                }
            }
        }
    }

    private static void pause(String gap, long nanos) {
        switch (gap) {
            case "spin" -> {
                long end = System.nanoTime() + nanos;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
            }
            case "park" -> LockSupport.parkNanos(nanos);
            default -> {
            }
        }
    }

    private static double median(long[] v) {
        long[] c = v.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }
}
