package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.internal.platform.SubmitPhases;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import io.jsycl.opencl.DriverCallTimes;
import io.jsycl.program.KernelHandle;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A new kernel's first runs, one by one, in a process that is past its start: after the submit-path warm-up and
 * {@code --before} runs of the 3x3 convolution of 2048² ({@link GridOp.Conv3}), a second lambda class computing the
 * same convolution, never submitted before, is submitted and waited for {@code --runs} times, each run timed; with
 * {@code -Djsycl.traceSubmits=1} also its submit's Java before the driver's enqueue and that Java's phases
 * ({@link SubmitPhases}). Then the hand-written kernel, its program built in its first run as jsycl's first submit
 * builds jsycl's, run as many times. The first twelve runs are a row each, the rest their median: what a program sees
 * of a kernel it has just written, run for run, where {@code GridKernels} gives the first, second and median run. The
 * outputs of the last runs are checked bit for bit against each other and against Java. With
 * {@code -Djsycl.opencl.timeCalls=true}, each path's driver calls in each run too: the enqueue and {@code clFinish}
 * (read between runs, outside the timed part).
 *
 * {@code --interleave}: the two paths take turns run by run instead of each running its runs in a row (each turn then
 * pays the GPU's switch between the two paths' contexts). {@code --by-hand}: a third path, after jsycl's (or between
 * the two), jsycl's own kernel object of the new kernel, its arguments as jsycl's submits left them, enqueued by hand
 * on jsycl's OpenCL queue (no event, then {@code clFinish}; read by reflection, this benchmark only): whether a dearer
 * driver enqueue of jsycl's launch is the kernel object's and queue's or the calls around it. {@code --same-context}
 * (implies {@code --interleave}): the hand-written kernel built in jsycl's context and enqueued on jsycl's OpenCL queue,
 * so that the paths take turns run by run without the GPU switching contexts: a comparison free of the host's drift.
 * {@code --first-apart}: each path's first run (jsycl's submit, the hand-written program's build) made on a thread of
 * its own while the timing thread spins, so that the build's work leaves the timing thread's core and its caches
 * alone: how much of a second run's cost is the first run's build evicting the submit path from those caches.
 * {@code --rehearse K}: K untimed runs of the kernel of the runs before between the new kernel's first and second runs:
 * whether a second run pays for the submit path's code, which those runs bring back into the caches, or for what is
 * the new kernel's own; {@code --rehearse-on} says on what: {@code same} (the timed runs' queue and buffers, each run
 * waited for), {@code no-wait} (the same, not waited for), {@code buffers} (other buffers), {@code queue} (another
 * queue), {@code apart} (another queue and other buffers).
 *
 * <pre>java [-Djsycl.traceSubmits=1] [-Djsycl.opencl.timeCalls=true] ... NewKernelRuns [--device gpu] [--before 3000]
 *     [--runs 200] [--interleave] [--by-hand] [--same-context]
 *     [--first-apart] [--rehearse 3 [--rehearse-on same|no-wait|buffers|queue|apart]]</pre>
 */
public final class NewKernelRuns {
    private static final int N = 2048;
    /** The runs shown one by one. */
    private static final int SHOWN = 12;

    private NewKernelRuns() {
    }

    public static void main(String[] args) throws ReflectiveOperationException {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        int before = Suite.intOpt(opts, "before", 3000);
        int runs = Math.max(SHOWN + 1, Suite.intOpt(opts, "runs", 200));
        boolean byHand = opts.containsKey("by-hand");
        boolean sameContext = opts.containsKey("same-context");
        boolean apart = opts.containsKey("first-apart");
        int rehearse = Suite.intOpt(opts, "rehearse", 0);
        String rehearseOn = opts.getOrDefault("rehearse-on", "same");
        boolean interleave = sameContext || opts.containsKey("interleave");
        var warmupLog = GridKernels.warmupLog();
        Device device = Suite.devices(opts.get("device")).getFirst();
        var op = new GridOp.Conv3(N);
        float[] input = new float[N * N];
        for (int i = 0; i < input.length; i++) {
            input[i] = (i % N) * 0.5f - i / N;
        }
        float[] expected = new float[N * N];
        op.java(input, expected);
        long[] jsyclRuns = new long[runs];
        long[] handRuns = new long[runs];
        long[] byHandRuns = new long[runs];
        // [path: jsycl, hand-written, jsycl's kernel by hand][0: enqueue, 1: clFinish][run]
        long[][][] calls = new long[3][2][runs];
        long[] hostJava = new long[runs];
        String[] phases = new String[runs];
        float[] jsyclOut = new float[N * N];
        float[] handOut = new float[N * N];
        try (var q = new Queue(device); var in = Buffer.of(input.clone(), op.shape());
             var out = Buffer.ofFloat(op.shape());
             // The rehearsal's other queue and buffers, made only for --rehearse (null resources are skipped).
             var q2 = rehearse > 0 ? new Queue(device) : null;
             var in2 = rehearse > 0 ? Buffer.of(input.clone(), op.shape()) : null;
             var out2 = rehearse > 0 ? Buffer.ofFloat(op.shape()) : null;
             var hand = new Hand(sameContext ? RawCl.borrowing(Suite.match(device), EnqueueProbe.contextImpl(q).cl(),
                     EnqueueProbe.jsyclQueue(q)) : new RawCl(Suite.match(device), false), op, input, apart)) {
            op.submit(q, in, out, null, 0).await();
            GridKernels.awaitWarmup(warmupLog);
            for (int r = 0; r < before; r++) {
                op.submit(q, in, out, null, r).await();
                if (r % 8 == 0 && rehearse > 0) {
                    op.submit(q2, in2, out2, null, r).await(); // the other queue and buffers, used now and then
                }
            }
            SubmitPhases.take();
            var kernelsBefore = Set.copyOf(EnqueueProbe.contextImpl(q).kernels().values());
            ClCommandQueue jsyclQueue = EnqueueProbe.jsyclQueue(q); // read once, not between the timed runs
            KernelHandle jsyclKernel = null;
            // Each path's runs in a row, jsycl's first; or, with --interleave, run by run in turn.
            for (int r = 0; r < runs; r++) {
                Map<String, Long> from = DriverCallTimes.ofThisThread();
                long t0 = System.nanoTime();
                (r == 0 && apart ? apart(() -> newKernel(q, in, out)) : newKernel(q, in, out)).await();
                jsyclRuns[r] = System.nanoTime() - t0;
                record(calls[0], r, from, DriverCallTimes.ofThisThread());
                if (r == 0 && byHand) {
                    jsyclKernel = newHandle(q, kernelsBefore);
                }
                for (int k = 0; r == 0 && k < rehearse; k++) { // untimed: the kernel of the runs before
                    Event e = switch (rehearseOn) {
                        case "same", "no-wait" -> op.submit(q, in, out, null, k);
                        case "buffers" -> op.submit(q, in2, out2, null, k);
                        case "queue" -> op.submit(q2, in, out, null, k);
                        case "apart" -> op.submit(q2, in2, out2, null, k);
                        default -> throw new IllegalArgumentException("--rehearse-on " + rehearseOn);
                    };
                    if (!rehearseOn.equals("no-wait")) {
                        e.await();
                    }
                }
                if (byHand && interleave) {
                    byHandRuns[r] = byHand(jsyclQueue, jsyclKernel, calls[2], r);
                }
                if (interleave) {
                    handRuns[r] = hand.run(calls[1], r);
                }
            }
            for (int r = 0; byHand && !interleave && r < runs; r++) {
                byHandRuns[r] = byHand(jsyclQueue, jsyclKernel, calls[2], r);
            }
            List<SubmitPhases.Sample> samples = new ArrayList<>(SubmitPhases.take());
            if (rehearse > 0 && samples.size() > rehearse) {
                samples.subList(1, 1 + rehearse).clear(); // the rehearsal's submits, after the first run
            }
            for (int r = 0; r < Math.min(runs, samples.size()); r++) {
                hostJava[r] = beforeEnqueue(samples.get(r));
                phases[r] = phases(samples.get(r));
            }
            try (var h = out.hostAccess()) {
                h.copyTo(jsyclOut);
            }
            for (int r = 0; !interleave && r < runs; r++) {
                handRuns[r] = hand.run(calls[1], r);
            }
            hand.output(handOut);
        }
        boolean traced = SubmitPhases.enabled();
        boolean timed = DriverCallTimes.on();
        System.out.printf("## A new kernel's runs, one by one, on %s%n%n", device.name());
        if (rehearse > 0) {
            System.out.printf("Between jsycl's first and second run, %d untimed runs of the kernel of the runs before"
                    + " (on: %s).%n%n", rehearse, rehearseOn);
        }
        System.out.printf("The 3x3 convolution of %d² as a lambda class never submitted before, after the submit-path "
                + "warm-up and %d runs of another; the hand-written kernel built in its first run; %s. Microseconds; "
                + "each path's driver calls as enqueue / clFinish.%n%n", N, before,
                sameContext ? "the hand-written kernel in jsycl's context, on jsycl's queue, the paths taking turns run"
                        + " by run" : interleave ? "the paths taking turns run by run"
                        : "each path's runs in a row, jsycl's first");
        System.out.println("| run | jsycl | jsycl's Java before the enqueue | its phases | jsycl's driver calls "
                + (byHand ? "| jsycl's kernel by hand | its driver calls " : "")
                + "| hand-written | its driver calls | jsycl / hand-written |");
        System.out.println("|---|---|---|---|---|---|---|---|" + (byHand ? "---|---|" : ""));
        for (int r = 0; r < SHOWN; r++) {
            System.out.printf("| %d | %.1f | %s | %s | %s |%s %.1f | %s | %.2f |%n", r + 1, jsyclRuns[r] / 1e3,
                    traced ? String.format("%.1f", hostJava[r] / 1e3) : "-", traced ? phases[r] : "-",
                    driverCalls(timed, calls[0][0][r], calls[0][1][r]),
                    byHand ? String.format(" %.1f | %s |", byHandRuns[r] / 1e3,
                            driverCalls(timed, calls[2][0][r], calls[2][1][r])) : "",
                    handRuns[r] / 1e3, driverCalls(timed, calls[1][0][r], calls[1][1][r]),
                    (double) jsyclRuns[r] / handRuns[r]);
        }
        medianRow(SHOWN, jsyclRuns, hostJava, byHand ? byHandRuns : null, handRuns, calls, traced, timed);
        if (runs - 100 > SHOWN) { // the last 100 runs too, for a kernel that is still settling
            medianRow(runs - 100, jsyclRuns, hostJava, byHand ? byHandRuns : null, handRuns, calls, traced, timed);
        }
        System.out.println();
        boolean same = Arrays.equals(jsyclOut, expected) && Arrays.equals(handOut, expected);
        System.out.println(same ? "Outputs: jsycl's = hand-written = Java, bit for bit."
                : "Outputs DIFFER from Java: jsycl " + Arrays.equals(jsyclOut, expected) + ", hand-written "
                + Arrays.equals(handOut, expected));
        if (!traced) {
            System.out.println("(submit phases not timed: run with -Djsycl.traceSubmits=1)");
        }
        if (!timed) {
            System.out.println("(driver calls not timed: run with -Djsycl.opencl.timeCalls=true)");
        }
        if (!same) {
            System.exit(1);
        }
    }

    /**
     * The hand-written path: its own context and in-order queue, or jsycl's ({@link RawCl#borrowing}); its program
     * built in its first run.
     */
    private static final class Hand implements AutoCloseable {
        private static final long[] GLOBAL = {N, N};
        private static final long[] LOCAL = {32, 8};
        private final RawCl cl;
        private final GridOp op;
        private final Arena arena = Arena.ofConfined();
        private final ClMem in;
        private final ClMem out;
        private ClProgram program;
        private ClKernel kernel;
        /** Whether the first run builds the program on a thread of its own ({@link #apart}). */
        private final boolean apart;

        Hand(RawCl cl, GridOp op, float[] input, boolean apart) {
            this.cl = cl;
            this.apart = apart;
            this.op = op;
            this.in = cl.upload(arena, input);
            this.out = cl.buffer(4L * N * N);
        }

        /** One run (the first builds the program), its driver calls into {@code calls} at {@code r}; its time. */
        long run(long[][] calls, int r) {
            Map<String, Long> from = DriverCallTimes.ofThisThread();
            long t0 = System.nanoTime();
            if (kernel == null) {
                Supplier<ClKernel> build = () -> {
                    program = cl.build(op.source());
                    ClKernel k = ClKernel.create(program, "grid");
                    op.bind(k, in, out, null);
                    return k;
                };
                kernel = apart ? apart(build) : build.get();
            }
            cl.queue.enqueueNDRangeKernelWithoutEvent(kernel, 2, null, GLOBAL, LOCAL, List.of());
            cl.queue.finish();
            long t = System.nanoTime() - t0;
            record(calls, r, from, DriverCallTimes.ofThisThread());
            return t;
        }

        /** The output, read back. */
        void output(float[] into) {
            cl.download(arena, out, into);
        }

        @Override
        public void close() {
            try (cl; arena; var i = in; var o = out; var p = program; var k = kernel) {
                // closed in reverse order: the kernel, its program, the buffers, the staging memory, the context
            }
        }
    }

    /**
     * The 3x3 convolution as {@link GridOp.Conv3#submit} submits it, in a lambda class of its own: a kernel this
     * process has not submitted before its first call.
     */
    private static Event newKernel(Queue q, Buffer.OfFloat in, Buffer.OfFloat out) {
        int n = N;
        float[] w = GridOp.W3;
        float w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3], w4 = w[4], w5 = w[5], w6 = w[6], w7 = w[7], w8 = w[8];
        return q.submit(h -> {
            var src = in.read(h);
            var dst = out.writeNoInit(h);
            h.parallelFor(Range.of(n, n), it -> {
                int i = it.id(0);
                int j = it.id(1);
                if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1) {
                    dst.set(i, j, src.get(i, j));
                } else {
                    dst.set(i, j, w0 * src.get(i - 1, j - 1) + w1 * src.get(i - 1, j) + w2 * src.get(i - 1, j + 1)
                            + w3 * src.get(i, j - 1) + w4 * src.get(i, j) + w5 * src.get(i, j + 1)
                            + w6 * src.get(i + 1, j - 1) + w7 * src.get(i + 1, j) + w8 * src.get(i + 1, j + 1));
                }
            });
        });
    }

    /**
     * {@code work}'s result, computed on a thread of its own while this one spins: the first run's lowering and build
     * then fill another core's caches, not those of the thread that makes the later runs.
     */
    private static <T> T apart(Supplier<T> work) {
        var result = new CompletableFuture<T>();
        Thread.ofPlatform().start(() -> {
            try {
                result.complete(work.get());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        while (!result.isDone()) {
            Thread.onSpinWait();
        }
        return result.join();
    }

    /** The kernel jsycl built for the new kernel: the one of {@code q}'s context not among {@code before}. */
    private static KernelHandle newHandle(Queue q, Set<KernelHandle> before) throws ReflectiveOperationException {
        var made = new ArrayList<>(EnqueueProbe.contextImpl(q).kernels().values());
        made.removeAll(before);
        if (made.size() != 1) {
            throw new IllegalStateException("expected one new kernel in jsycl's context, found " + made.size());
        }
        return made.getFirst();
    }

    /**
     * One launch of jsycl's kernel object by hand on jsycl's OpenCL queue {@code queue}, over jsycl's range and
     * work-group of this launch (2048² in 32x8: its plan's for this range on the GPU), its arguments as jsycl's last
     * submit left them; its driver calls into {@code calls} at {@code r}; its time.
     */
    private static long byHand(ClCommandQueue queue, KernelHandle handle, long[][] calls, int r) {
        try (var lease = handle.acquire()) {
            Map<String, Long> from = DriverCallTimes.ofThisThread();
            long t0 = System.nanoTime();
            queue.enqueueNDRangeKernelWithoutEvent(lease.kernel(), 2, null, Hand.GLOBAL, Hand.LOCAL, List.of());
            queue.finish();
            long t = System.nanoTime() - t0;
            record(calls, r, from, DriverCallTimes.ofThisThread());
            return t;
        }
    }

    /** The row of the median of each column over runs {@code from} (from 0) to the last. */
    private static void medianRow(int from, long[] jsyclRuns, long[] hostJava, long[] byHandRuns, long[] handRuns,
            long[][][] calls, boolean traced, boolean timed) {
        double jsycl = median(jsyclRuns, from);
        double hand = median(handRuns, from);
        System.out.printf("| %d-%d, median | %.1f | %s | - | %s |%s %.1f | %s | %.2f |%n", from + 1, jsyclRuns.length,
                jsycl / 1e3, traced ? String.format("%.1f", median(hostJava, from) / 1e3) : "-",
                driverCalls(timed, median(calls[0][0], from), median(calls[0][1], from)),
                byHandRuns == null ? "" : String.format(" %.1f | %s |", median(byHandRuns, from) / 1e3,
                        driverCalls(timed, median(calls[2][0], from), median(calls[2][1], from))),
                hand / 1e3, driverCalls(timed, median(calls[1][0], from), median(calls[1][1], from)), jsycl / hand);
    }

    /** Run {@code r}'s time in the enqueue and in {@code clFinish}, between two snapshots of the thread's calls. */
    private static void record(long[][] into, int r, Map<String, Long> from, Map<String, Long> to) {
        into[0][r] = to.getOrDefault("clEnqueueNDRangeKernel", 0L) - from.getOrDefault("clEnqueueNDRangeKernel", 0L);
        into[1][r] = to.getOrDefault("clFinish", 0L) - from.getOrDefault("clFinish", 0L);
    }

    /** {@code enqueue / clFinish} in microseconds, or a dash where driver calls are not timed. */
    private static String driverCalls(boolean timed, double enqueue, double finish) {
        return timed ? String.format("%.1f / %.1f", enqueue / 1e3, finish / 1e3) : "-";
    }

    /** A submit's time before the driver's enqueue: its phases up to the mark "enqueue". */
    private static long beforeEnqueue(SubmitPhases.Sample s) {
        long t = 0;
        for (int i = 0; i < s.phases().size() && !s.phases().get(i).equals("enqueue"); i++) {
            t += s.nanos()[i];
        }
        return t;
    }

    /** A submit's phases before the enqueue, those of 0.1 µs or more: {@code command-group 1.2, identify 0.4}. */
    private static String phases(SubmitPhases.Sample s) {
        var b = new StringBuilder();
        for (int i = 0; i < s.phases().size() && !s.phases().get(i).equals("enqueue"); i++) {
            if (s.nanos()[i] >= 100) {
                b.append(b.isEmpty() ? "" : ", ").append(s.phases().get(i))
                        .append(String.format(" %.1f", s.nanos()[i] / 1e3));
            }
        }
        return b.toString();
    }

    /** The median of {@code v} from index {@code from} on. */
    private static double median(long[] v, int from) {
        return Stats.of(Arrays.copyOfRange(v, from, v.length)).median();
    }
}
