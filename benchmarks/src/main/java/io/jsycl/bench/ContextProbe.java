package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the OpenCL context around a launch sequence costs it: the hand-written per-slice sequence ({@link
 * GridOp.Slices}: 254 launches of a 2-D kernel over 256², one {@code clFinish}) in a context of its own with one
 * queue, in a context of its own beside three more idle queues (one of them profiling, one out of order, as a jsycl
 * program's context holds), on a queue of its own in jsycl's context (the one a {@code new Queue(device)} uses, after
 * the submit-path warm-up and a jsycl sequence) and on jsycl's own OpenCL queue, beside jsycl's own sequence. The variants take turns round by
 * round, each round's first sequence untimed (the one after the GPU switched contexts), so that the host's drift falls
 * on all alike; each prints its median per launch over the rounds' medians, and every round's median. Outputs checked
 * against Java.
 *
 * <pre>java ... ContextProbe [--device gpu] [--rounds 10] [--per 20] [--n 256]</pre>
 */
public final class ContextProbe {
    /** The cube's edge: {@code --n}, 256 by default (32 for PoCL). */
    private static int n = 256;

    private ContextProbe() {
    }

    /** One way of running the hand-written sequence: its context and queue, its buffers and kernel. */
    private static final class Hand implements AutoCloseable {
        final String name;
        private final RawCl cl;
        private final List<ClCommandQueue> idle;
        private final Arena arena = Arena.ofConfined();
        private final GridOp op;
        private final ClMem in;
        private final ClMem out;
        private final ClProgram program;
        private final ClKernel kernel;

        Hand(String name, RawCl cl, List<ClCommandQueue> idle, GridOp op, float[] input) {
            this.name = name;
            this.cl = cl;
            this.idle = idle;
            this.op = op;
            this.in = cl.upload(arena, input);
            this.out = cl.upload(arena, new float[input.length]);
            this.program = cl.build(op.source());
            this.kernel = ClKernel.create(program, "grid");
            op.bind(kernel, in, out, null);
        }

        /** One sequence: each launch's slice argument, its enqueue, then one {@code clFinish}; its nanoseconds. */
        long run() {
            long[] global = {n, n};
            long[] local = {32, 8};
            long t0 = System.nanoTime();
            for (int l = 0; l < op.launches(); l++) {
                op.bindLaunch(kernel, l);
                cl.queue.enqueueNDRangeKernelWithoutEvent(kernel, 2, null, global, local, List.of());
            }
            cl.queue.finish();
            return System.nanoTime() - t0;
        }

        float[] output() {
            float[] o = new float[n * n * n];
            cl.download(arena, out, o);
            return o;
        }

        @Override
        public void close() {
            try (cl; arena; var i = in; var o = out; var p = program; var k = kernel) {
                idle.forEach(ClCommandQueue::close);
            }
        }
    }

    public static void main(String[] args) throws ReflectiveOperationException {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        int rounds = Suite.intOpt(opts, "rounds", 10);
        int per = Suite.intOpt(opts, "per", 20);
        n = Suite.intOpt(opts, "n", 256);
        Device device = Suite.devices(opts.get("device")).getFirst();
        ClDevice clDevice = Suite.match(device);
        var op = new GridOp.Slices(n);
        float[] input = new float[n * n * n];
        for (int i = 0; i < input.length; i++) {
            input[i] = (i % 97) * 0.25f - (i % 13);
        }
        float[] expected = new float[input.length];
        op.java(input, expected);
        var warmup = GridKernels.warmupLog();
        var times = new LinkedHashMap<String, List<Double>>();
        var hands = new ArrayList<Hand>();
        boolean same = true;
        try (var q = new Queue(device); var jin = Buffer.of(input.clone(), op.shape());
             var jout = Buffer.of(new float[input.length], op.shape())) {
            jsyclSequence(op, q, jin, jout).await();
            GridKernels.awaitWarmup(warmup);
            try {
                hands.add(new Hand("hand-written, a context of its own, one queue", new RawCl(clDevice, false),
                        List.of(), op, input));
                var own = new RawCl(clDevice, false);
                hands.add(new Hand("hand-written, a context of its own beside three idle queues (in order, profiling, "
                        + "out of order)", own, List.of(ClCommandQueue.create(own.context, clDevice, false, false),
                        ClCommandQueue.create(own.context, clDevice, false, true),
                        ClCommandQueue.create(own.context, clDevice, true, false)), op, input));
                hands.add(new Hand("hand-written, a queue of its own in jsycl's context", RawCl.inContext(clDevice,
                        EnqueueProbe.contextImpl(q).cl(), false), List.of(), op, input));
                hands.add(new Hand("hand-written, on jsycl's own OpenCL queue", RawCl.borrowing(clDevice,
                        EnqueueProbe.contextImpl(q).cl(), EnqueueProbe.jsyclQueue(q)), List.of(), op, input));
                for (int r = 0; r < rounds; r++) {
                    for (Hand h : hands) {
                        h.run();
                        long[] t = new long[per];
                        for (int i = 0; i < per; i++) {
                            t[i] = h.run();
                        }
                        times.computeIfAbsent(h.name, k -> new ArrayList<>()).add(perLaunch(t, op));
                    }
                    jsyclSequence(op, q, jin, jout).await();
                    long[] t = new long[per];
                    for (int i = 0; i < per; i++) {
                        long t0 = System.nanoTime();
                        jsyclSequence(op, q, jin, jout).await();
                        t[i] = System.nanoTime() - t0;
                    }
                    times.computeIfAbsent("jsycl's sequence (submits and one wait)", k -> new ArrayList<>())
                            .add(perLaunch(t, op));
                }
                for (Hand h : hands) {
                    same &= checked(h.output(), expected, h.name);
                }
                try (var host = jout.hostAccess()) {
                    float[] o = new float[input.length];
                    host.copyTo(o);
                    same &= checked(o, expected, "jsycl");
                }
            } finally {
                hands.forEach(Hand::close);
            }
        }
        System.out.printf("## The per-slice sequence by the context around it, %s%n%n", device.name());
        System.out.printf("%d launches over %d² and one clFinish; %d rounds taking turns, %d sequences a round after an "
                + "untimed one. Microseconds a launch.%n%n", n - 2, n, rounds, per);
        System.out.println("| variant | median of the rounds' medians | each round's median |");
        System.out.println("|---|---|---|");
        for (Map.Entry<String, List<Double>> e : times.entrySet()) {
            double[] v = e.getValue().stream().mapToDouble(Double::doubleValue).toArray();
            double[] sorted = v.clone();
            Arrays.sort(sorted);
            System.out.printf("| %s | %.2f | %s |%n", e.getKey(), sorted[sorted.length / 2],
                    Arrays.toString(Arrays.stream(v).map(x -> Math.round(x * 100) / 100.0).toArray()));
        }
        System.out.println();
        System.out.println(same ? "Outputs: every variant's = Java, bit for bit." : "Outputs DIFFER from Java.");
        if (!same) {
            System.exit(1);
        }
    }

    /** jsycl's per-slice sequence: one submit per slice; the last submit's event. */
    private static Event jsyclSequence(GridOp op, Queue q, Buffer.OfFloat in, Buffer.OfFloat out) {
        Event last = null;
        for (int l = 0; l < op.launches(); l++) {
            last = op.submit(q, in, out, null, l);
        }
        return last;
    }

    /** The median of {@code t} (a sequence's nanoseconds) per launch, in microseconds. */
    private static double perLaunch(long[] t, GridOp op) {
        return Stats.of(t).median() / 1e3 / op.launches();
    }

    /** Whether {@code got} is {@code expected} bit for bit (the first and last slices: zeros on both sides). */
    private static boolean checked(float[] got, float[] expected, String who) {
        for (int i = 0; i < got.length; i++) {
            if (Float.floatToRawIntBits(got[i]) != Float.floatToRawIntBits(expected[i])) {
                System.out.printf("%s: element %d is %s, Java's %s%n", who, i, got[i], expected[i]);
                return false;
            }
        }
        return true;
    }
}
