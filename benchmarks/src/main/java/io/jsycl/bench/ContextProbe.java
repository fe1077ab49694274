package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.internal.event.LaunchThread;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import io.jsycl.program.KernelHandle;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the OpenCL context around a launch sequence costs it, and what jsycl's way of launching adds: the hand-written
 * per-slice sequence ({@link GridOp.Slices}: 254 launches of a 2-D kernel over 256², one {@code clFinish}) in a
 * context of its own with one queue, in a context of its own beside three more idle queues (one of them profiling,
 * one out of order, as a jsycl program's context holds), on a queue of its own in jsycl's context (the one a
 * {@code new Queue(device)} uses, after the submit-path warm-up and a jsycl sequence) and on jsycl's own OpenCL queue,
 * beside jsycl's own sequence. Then the parts of jsycl's way, one at a time:
 * <ul>
 * <li>the hand-written kernel with 2 and with 6 more {@code int} parameters, unused (jsycl's generated kernel of this
 * sequence has 11 parameters where the hand-written one has 5);</li>
 * <li>with {@code -Djsycl.dumpKernels=DIR}, jsycl's generated source built by hand as jsycl builds it, in a context of
 * its own and on jsycl's queue, and jsycl's own kernel object (its program and arguments as jsycl's submits set
 * them) enqueued by hand on jsycl's queue, the slice argument set at each launch;</li>
 * <li>the hand-written launches handed to jsycl's {@link LaunchThread} as jsycl's submits hand theirs (the thread
 * enqueues them while the submitting thread goes on; the wait's flush enqueues what is left), with nothing between
 * the hand-overs or with a spin of {@code --work-ns} (2000 by default) standing for a submit's Java;</li>
 * <li>the hand-written sequence run by another thread while the main thread waits, and on the main thread while
 * another thread spins.</li>
 * </ul>
 * The variants take turns round by round, each round's first sequence untimed (the one after the GPU switched
 * contexts), so that the host's drift falls on all alike; each prints its median per launch over the rounds' medians,
 * and every round's median. With the dump, also each kernel's time on the device (profiling events), the
 * hand-written one's beside jsycl's. Outputs checked against Java.
 *
 * <pre>java ... [-Djsycl.dumpKernels=DIR] ContextProbe [--device gpu] [--rounds 10] [--per 20] [--n 256]
 *     [--work-ns 2000]</pre>
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
        /** The kernel's slice parameter. */
        private final int slice;

        Hand(String name, RawCl cl, List<ClCommandQueue> idle, GridOp op, float[] input) {
            this(name, cl, idle, op, input, 0);
        }

        /** As above, the kernel with {@code unused} more {@code int} parameters after its own, each set to 0. */
        Hand(String name, RawCl cl, List<ClCommandQueue> idle, GridOp op, float[] input, int unused) {
            this(name, cl, idle, op, input, op.source().replace("int s)", "int s" + unusedParameters(unused) + ")"),
                    null, unused);
        }

        /**
         * The hand-written kernel (with {@code unused} more parameters), or with {@code generated} jsycl's generated
         * source built as jsycl builds it ({@link EnqueueProbe#AS_JSYCL_BUILDS}), its parameters bound as jsycl binds
         * them for this sequence.
         */
        private Hand(String name, RawCl cl, List<ClCommandQueue> idle, GridOp op, float[] input, String source,
                String generated, int unused) {
            this.name = name;
            this.cl = cl;
            this.idle = idle;
            this.op = op;
            this.in = cl.upload(arena, input);
            this.out = cl.upload(arena, new float[input.length]);
            if (generated == null) {
                this.program = cl.build(source);
                this.kernel = ClKernel.create(program, "grid");
                op.bind(kernel, in, out, null);
                for (int i = 0; i < unused; i++) {
                    kernel.setArgInt(5 + i, 0);
                }
                this.slice = 4;
            } else {
                String options = (cl.buildOptions + " " + EnqueueProbe.AS_JSYCL_BUILDS).strip();
                this.program = ClProgram.createWithSource(cl.context, generated);
                program.build(List.of(cl.device), options);
                this.kernel = ClKernel.create(program, GeneratedKernel.name(generated));
                this.slice = GeneratedKernel.bind(kernel, GeneratedKernel.parameters(generated, options), in, out,
                        new float[] {GridOp.Slices.W27}, n); // n: the cube's edge, its ranges and memory ranges
            }
        }

        /** jsycl's generated source {@code generated}, built by hand in {@code cl}'s context. */
        static Hand generated(String name, RawCl cl, GridOp op, float[] input, String generated) {
            return new Hand(name, cl, List.of(), op, input, null, generated, 0);
        }

        /** One sequence: each launch's slice argument, its enqueue, then one {@code clFinish}; its nanoseconds. */
        long run() {
            long[] global = {n, n};
            long[] local = {32, 8};
            long t0 = System.nanoTime();
            for (int l = 0; l < op.launches(); l++) {
                kernel.setArgInt(slice, l + 1);
                cl.queue.enqueueNDRangeKernelWithoutEvent(kernel, 2, null, global, local, List.of());
            }
            cl.queue.finish();
            return System.nanoTime() - t0;
        }

        /**
         * One sequence whose launches (the slice argument and the enqueue) go to {@code thread}, each after a spin of
         * {@code workNanos}, then the flush a jsycl wait makes and one {@code clFinish}; its nanoseconds.
         */
        long runHandedOver(LaunchThread thread, long workNanos) {
            long[] global = {n, n};
            long[] local = {32, 8};
            long t0 = System.nanoTime();
            for (int l = 0; l < op.launches(); l++) {
                int launch = l;
                thread.submit(new LaunchThread.Launch() {
                    @Override
                    public void enqueue() {
                        kernel.setArgInt(slice, launch + 1);
                        cl.queue.enqueueNDRangeKernelWithoutEvent(kernel, 2, null, global, local, List.of());
                    }

                    @Override
                    public void abandon() {
                    }
                });
                spin(workNanos);
            }
            flush(thread);
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

    /** {@code LaunchThread.flush}: what a jsycl wait calls before its driver call. */
    private static final MethodHandle FLUSH;

    static {
        try {
            var flush = LaunchThread.class.getDeclaredMethod("flush");
            flush.setAccessible(true);
            FLUSH = MethodHandles.lookup().unreflect(flush);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@code count} more {@code int} parameters, each after a comma. */
    private static String unusedParameters(int count) {
        var more = new StringBuilder();
        for (int i = 0; i < count; i++) {
            more.append(", int unused").append(i);
        }
        return more.toString();
    }

    /** {@code thread}'s flush, as a jsycl wait makes it. */
    private static void flush(LaunchThread thread) {
        try {
            FLUSH.invokeExact(thread);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Each kernel's time on the device, the hand-written one's in its context and jsycl's kernel object in jsycl's:
     * {@code rounds} sequences each, taking turns, every launch with an event on a profiling queue; prints the median
     * kernel (end minus start) and the median gap from one kernel's end to the next one's start.
     */
    private static String deviceTimes(Hand hand, JsyclKernel jsycl, ClDevice device, ClContext jsyclContext, GridOp op,
            int rounds) {
        long[] global = {n, n};
        long[] local = {32, 8};
        var kernelNanos = new LinkedHashMap<String, List<Long>>();
        var gapNanos = new LinkedHashMap<String, List<Long>>();
        try (var handQueue = ClCommandQueue.create(hand.cl.context, device, false, true);
             var jsyclQueue = ClCommandQueue.create(jsyclContext, device, false, true);
             KernelHandle.Lease lease = jsycl.handle.acquire()) {
            for (int r = 0; r <= rounds; r++) {
                for (String who : List.of("hand-written", "jsycl's kernel object")) {
                    boolean isHand = who.equals("hand-written");
                    ClKernel k = isHand ? hand.kernel : lease.kernel();
                    ClCommandQueue queue = isHand ? handQueue : jsyclQueue;
                    var events = new ArrayList<ClEvent>();
                    for (int l = 0; l < op.launches(); l++) {
                        if (isHand) {
                            op.bindLaunch(k, l);
                        } else {
                            k.setArgInt(jsycl.slice, l + 1);
                        }
                        events.add(queue.enqueueNDRangeKernel(k, 2, null, global, local, List.of()));
                    }
                    queue.finish();
                    long previousEnd = 0;
                    for (var e : events) {
                        try (e) {
                            if (r > 0) { // the first round is untimed
                                kernelNanos.computeIfAbsent(who, x -> new ArrayList<>())
                                        .add(e.profileEnd() - e.profileStart());
                                if (previousEnd != 0) {
                                    gapNanos.computeIfAbsent(who, x -> new ArrayList<>())
                                            .add(e.profileStart() - previousEnd);
                                }
                            }
                            previousEnd = e.profileEnd();
                        }
                    }
                }
            }
        }
        var table = new StringBuilder(String.format("Device times (profiling queues, %d sequences each, every launch "
                + "with an event):%n%n| kernel | median kernel µs | median gap to the next kernel µs |%n"
                + "|---|---|---|%n",
                rounds));
        for (String who : kernelNanos.keySet()) {
            table.append(String.format("| %s | %.2f | %.2f |%n", who, median(kernelNanos.get(who)) / 1e3,
                    median(gapNanos.get(who)) / 1e3));
        }
        return table.toString();
    }

    private static double median(List<Long> values) {
        long[] v = values.stream().mapToLong(Long::longValue).sorted().toArray();
        return v[v.length / 2];
    }

    /** A way of running one sequence: its nanoseconds. */
    private interface Sequence {
        long run() throws Exception;
    }

    /** {@code sequence} once untimed, then {@code per} times: the median per launch, µs. */
    private static double timed(Sequence sequence, int per, GridOp op) throws Exception {
        sequence.run();
        long[] t = new long[per];
        for (int i = 0; i < per; i++) {
            t[i] = sequence.run();
        }
        return perLaunch(t, op);
    }

    /** What {@code timing} returns, measured while another thread spins on the clock. */
    private static double besideSpinner(Callable<Double> timing) throws Exception {
        var stop = new AtomicBoolean();
        Thread spinner = Thread.ofPlatform().daemon().name("probe-spinner").start(() -> {
            while (!stop.get()) {
                spin(1000);
            }
        });
        try {
            return timing.call();
        } finally {
            stop.set(true);
            spinner.join();
        }
    }

    /** Spins for {@code nanos}. */
    private static void spin(long nanos) {
        if (nanos <= 0) {
            return;
        }
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    /**
     * One sequence of jsycl's own kernel object ({@code handle}), enqueued by hand on {@code queue} with jsycl's work
     * sizes, its argument {@code sIndex} (the slice) set at each launch, then one {@code clFinish}; its nanoseconds.
     */
    private static long runJsyclKernel(KernelHandle handle, ClCommandQueue queue, int sIndex, GridOp op) {
        long[] global = {n, n};
        long[] local = {32, 8};
        try (KernelHandle.Lease lease = handle.acquire()) {
            ClKernel k = lease.kernel();
            long t0 = System.nanoTime();
            for (int l = 0; l < op.launches(); l++) {
                k.setArgInt(sIndex, l + 1);
                queue.enqueueNDRangeKernelWithoutEvent(k, 2, null, global, local, List.of());
            }
            queue.finish();
            return System.nanoTime() - t0;
        }
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        int rounds = Suite.intOpt(opts, "rounds", 10);
        int per = Suite.intOpt(opts, "per", 20);
        long workNanos = Suite.intOpt(opts, "work-ns", 2000);
        String dump = System.getProperty("jsycl.dumpKernels");
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
        String deviceTable = "";
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
                Hand handed = new Hand("hand-written, a second context of its own, one queue",
                        new RawCl(clDevice, false), List.of(), op, input);
                hands.add(handed);
                for (int unused : new int[] {2, 6}) {
                    hands.add(new Hand("hand-written, a context of its own, " + unused + " more int arguments (unused)",
                            new RawCl(clDevice, false), List.of(), op, input, unused));
                }
                if (dump != null) {
                    String generated = GeneratedKernel.dumped(Path.of(dump), "Slices").orElseThrow();
                    hands.add(Hand.generated("jsycl's generated source, built by hand in a context of its own",
                            new RawCl(clDevice, false), op, input, generated));
                    hands.add(Hand.generated("jsycl's generated source, built by hand on jsycl's own OpenCL queue",
                            RawCl.borrowing(clDevice, EnqueueProbe.contextImpl(q).cl(), EnqueueProbe.jsyclQueue(q)),
                            op, input, generated));
                }
                var thread = new LaunchThread("probe-launches");
                var other = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon().name("probe-other")
                        .unstarted(r));
                JsyclKernel byHand = dump == null ? null : JsyclKernel.of(q, Path.of(dump));
                for (int r = 0; r < rounds; r++) {
                    for (Hand h : hands) {
                        times.computeIfAbsent(h.name, k -> new ArrayList<>()).add(timed(h::run, per, op));
                    }
                    for (long work : new long[] {0, workNanos}) {
                        times.computeIfAbsent("hand-written, handed to jsycl's launch thread, " + (work == 0
                                ? "back to back" : "a spin of " + work + " ns between"), k -> new ArrayList<>())
                                .add(timed(() -> handed.runHandedOver(thread, work), per, op));
                    }
                    times.computeIfAbsent("hand-written, each sequence on another thread of its own",
                            k -> new ArrayList<>()).add(other.submit(() -> timed(handed::run, per, op)).get());
                    times.computeIfAbsent("hand-written, beside another thread spinning", k -> new ArrayList<>())
                            .add(besideSpinner(() -> timed(handed::run, per, op)));
                    if (byHand != null) {
                        times.computeIfAbsent("jsycl's own kernel object by hand, on jsycl's queue (" + byHand.arguments
                                + " arguments)", k -> new ArrayList<>())
                                .add(timed(() -> runJsyclKernel(byHand.handle, byHand.queue, byHand.slice, op), per,
                                        op));
                    }
                    times.computeIfAbsent("jsycl's sequence (submits and one wait)", k -> new ArrayList<>())
                            .add(timed(() -> {
                                long t0 = System.nanoTime();
                                jsyclSequence(op, q, jin, jout).await();
                                return System.nanoTime() - t0;
                            }, per, op));
                }
                if (byHand != null) {
                    deviceTable = deviceTimes(handed, byHand, clDevice, EnqueueProbe.contextImpl(q).cl(), op, rounds);
                }
                for (Hand h : hands) {
                    same &= checked(h.output(), expected, h.name);
                }
                try (var host = jout.hostAccess()) {
                    float[] o = new float[input.length];
                    host.copyTo(o);
                    same &= checked(o, expected, "jsycl");
                }
                thread.close();
                other.shutdown();
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
        System.out.println(deviceTable);
        System.out.println(same ? "Outputs: every variant's = Java, bit for bit." : "Outputs DIFFER from Java.");
        if (!same) {
            System.exit(1);
        }
    }

    /** jsycl's kernel object of the sequence, its OpenCL queue, its slice argument's index and its argument count. */
    private record JsyclKernel(KernelHandle handle, ClCommandQueue queue, int slice, int arguments) {
        /** Read from {@code q}'s context and the source jsycl dumped into {@code dump}. */
        static JsyclKernel of(Queue q, Path dump) throws IOException, ReflectiveOperationException {
            String source = GeneratedKernel.dumped(dump, "Slices")
                    .orElseThrow(() -> new IllegalStateException("no GridOp_Slices kernel in " + dump));
            // As jsycl builds it on GPUs: whole buffers of one shape (shared strides) over whole work-groups.
            List<String> parameters = GeneratedKernel.parameters(source, EnqueueProbe.AS_JSYCL_BUILDS);
            int slice = -1;
            for (int i = 0; i < parameters.size(); i++) {
                if (GeneratedKernel.parameterName(parameters.get(i)).equals("s")) {
                    slice = i;
                }
            }
            if (slice < 0) {
                throw new IllegalStateException("the generated kernel has no parameter s: " + parameters);
            }
            return new JsyclKernel(EnqueueProbe.jsyclKernel(q, GeneratedKernel.name(source)),
                    EnqueueProbe.jsyclQueue(q), slice, parameters.size());
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
