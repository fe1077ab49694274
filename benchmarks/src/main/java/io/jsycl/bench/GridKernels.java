package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import io.jsycl.internal.platform.SubmitPhases;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * Multi-dimensional {@code Range} kernels beside the same kernels hand-written in OpenCL C with fixed work-groups, on
 * data already on the device: a 3×3 convolution (2048², 8192²), a 5×5 one (2048²), a 5-point Jacobi step (4096²), a
 * 7-point stencil in one 3-D launch (256³), a naive transpose (4096²) and a 3×3×3 box filter of a 256³ cube done as
 * 254 2-D launches, one per interior slice, with one wait at the end ({@link GridOp}). Each jsycl kernel is a plain
 * {@code h.parallelFor(Range.of(...), it -> ...)} over buffers of the data's shape ({@code Buffer.of(array, Range)} in,
 * {@code Buffer.ofFloat(Range)} out) that stay on the device; each hand-written twin does the same arithmetic with 2-D work-groups of 32x8 and 16x16 or 3-D ones of
 * 8x8x4 and 32x4x2 (OpenCL order, dimension 0 the fastest), the global size rounded up and a bounds check in the
 * kernel; the transpose also has a tiled hand-written kernel in local memory as a reference row. One more hand-written
 * row (32x8, or 32x4x2) builds its program in its first run, as jsycl's first submit does: the baseline for the first
 * and second runs.
 *
 * <p>A run is the whole operation and its wait, on the host clock: {@code System.nanoTime()} around the submits and
 * the await of the last event for jsycl, around the enqueues (without events) and {@code clFinish} for the
 * hand-written kernels. The paths of a workload run one after another in one process, each its rounds back to back
 * (taking turns would make the GPU switch between jsycl's and the hand-written kernels' OpenCL contexts before every
 * run, which costs more than these kernels); round 1 is each path's very first execution in
 * the process (for jsycl: the kernel's lowering and build, or its load from jsycl's disk cache, are in it; the
 * runtime itself is warm by then, from a one-item kernel that brings the workload's buffers onto the device before
 * the first round). The table gives the first and second runs, the first five, and the median and minimum of the
 * {@code --runs} rounds after the second; device time is the median of five runs on profiling queues (the sum of
 * the launches' kernel times). After the rounds, one more jsycl run is traced through the scheduler's log
 * ({@code io.jsycl.scheduler} at DEBUG, which {@code JSYCL_TRACE} also prints) for the work-group jsycl chose.
 * Outputs are checked last, bit-exactly, each against plain Java's (so jsycl's against each hand-written one's too).
 * A difference exits 1. The class is one piece over 500 lines: the driver, its two kinds of path and the report
 * read together.
 *
 * <pre>
 * GridKernels [--device gpu|cpu|NAME] [--runs 15] [--turns 1] [--only NAME] [--small] [--order hand-first] [--same-context] [--settle-ms 0 [--settle spin]] [--prepare] [--jvm-log FILE] [--switches] [--out FILE.md]
 * </pre>
 * {@code --small}: 256² and 512² images, 32³ cubes, for PoCL.
 * {@code --turns K}: the rounds after the second in K turns of the paths, each path its share back to back in every
 * turn, so that a drift of the host (the CPU the thread runs on moves the driver's enqueue by up to 1.5x on a virtual
 * machine) falls on all paths alike; a later turn begins with an untimed run. 1 (the default): one turn.
 * {@code --order hand-first}: each workload's hand-written paths before jsycl's.
 * {@code --same-context}: the hand-written kernels built in jsycl's own OpenCL context (the queue's), each path on a
 * queue of its own, so that with {@code --turns} as many as {@code --runs} the paths take turns run by run without the
 * GPU switching contexts (each timed run then follows its path's untimed one, which brings its data back into the
 * GPU's cache): a comparison free of the host's drift.
 * {@code --settle-ms N}: a pause of N ms after each path's first run, with what the JIT compiled meanwhile (a
 * diagnosis of the second run: see docs/performance.md); {@code --settle spin}: the timing thread spins through it
 * instead of sleeping.
 * {@code --prepare}: each jsycl path builds its kernel with {@code Queue.prepare} when it is set up, before the
 * workload's first timed run, as a program that builds its kernels ahead of its timed work does: jsycl's first run
 * is then the first after that build, not the build itself.
 * {@code --jvm-log FILE}: the JVM's unified log, written with {@code -Xlog:...:file=FILE:tn} ({@link JvmLogRuns}),
 * placed around each path's first five runs in the notes: jsycl's methods the JIT began to compile, deoptimizations,
 * safepoints and collections, run by run (with one turn).
 * {@code --switches}: the timing thread's CPU before and after each path's first five runs, and the context switches
 * it made in each (voluntary: it blocked; involuntary: another thread took its CPU), from {@code /proc/thread-self}.
 */
public final class GridKernels {
    /** Profiled runs per path for the device time. */
    private static final int PROFILED_RUNS = 5;

    private GridKernels() {
    }

    /** One way of running a workload's whole operation, and its times in nanoseconds. */
    abstract static class Way implements AutoCloseable {
        final String name;
        /** How long the JIT's threads compiled (their sum, ms) from this path's second run to its last. */
        long jitMs;
        /** The work-group, OpenCL order ("32x8"), or how it was chosen. */
        String workGroup;
        /** Whether this is a twin of the jsycl kernel (same algorithm), which the ratio column compares against. */
        final boolean twin;
        final long[] host;
        /** Each timed run's start, {@code System.nanoTime()}: where {@code --jvm-log} places the JVM's events. */
        final long[] began;
        final long[] device = new long[PROFILED_RUNS];
        /** {@code --switches}: each of the first runs' CPUs and the thread's context switches in it. */
        final String[] switches = new String[SWITCH_RUNS];
        String check = "ok";

        Way(String name, String workGroup, boolean twin, int rounds) {
            this.name = name;
            this.workGroup = workGroup;
            this.twin = twin;
            this.host = new long[rounds];
            this.began = new long[rounds];
        }

        /** The whole operation, waited for. */
        abstract void run();

        /** The whole operation, waited for, outside the timed runs (a later turn's first run): recorded nowhere. */
        void untimed() {
            run();
        }

        /** The whole operation on a profiling queue: the sum of its kernels' device times. */
        abstract long profiled();

        /** The output, brought to the host. */
        abstract float[] output();

        @Override
        public abstract void close();
    }

    /** The jsycl side: submits on a default queue, the await of the last event. */
    static final class JsyclWay extends Way {
        private final GridOp op;
        private final Queue q;
        private final Queue profiling;
        private final Buffer.OfFloat in;
        private final Buffer.OfFloat out;
        private final Buffer.OfFloat table;

        JsyclWay(String name, GridOp op, Queue q, Queue profiling, Buffer.OfFloat in, int rounds) {
            super(name, "?", false, rounds);
            this.submits = new long[rounds];
            this.op = op;
            this.q = q;
            this.profiling = profiling;
            this.in = in;
            this.out = Buffer.ofFloat(op.shape());
            this.table = op.table() != null ? Buffer.of(op.table()) : null;
            // The buffers onto the device before the first timed run, so that it times the kernel, not the uploads.
            touch(q, in);
            touch(q, out);
            if (table != null) {
                touch(q, table);
            }
            if (PREPARE) {
                for (int l = 0; l < op.launches(); l++) {
                    q.prepare(op.commandGroup(in, out, table, l));
                }
            }
            if (SubmitPhases.enabled()) {
                SubmitPhases.take(); // the touches' phases, not the first run's
            }
        }

        /** Per timed run: from its start to the return of its last submit (the rest is the wait). */
        final long[] submits;
        /**
         * Per timed run, with {@code JSYCL_TRACE_SUBMITS} on: its submits' phases, each phase summed over the run's
         * launches, in microseconds ({@link SubmitPhases}); null entries where tracing is off.
         */
        final List<Map<String, Double>> phases = new ArrayList<>();
        private int round;

        @Override
        void run() {
            long t0 = System.nanoTime();
            Event last = op.submitRun(q, in, out, table);
            if (round < submits.length) {
                submits[round++] = System.nanoTime() - t0;
                phases.add(SubmitPhases.enabled() ? summed(SubmitPhases.take()) : null);
            }
            last.await();
        }

        @Override
        void untimed() {
            op.submitRun(q, in, out, table).await();
            if (SubmitPhases.enabled()) {
                SubmitPhases.take(); // not a timed run's phases
            }
        }

        /** Each phase's time summed over {@code samples}, in microseconds, in the order the submits passed them. */
        private static Map<String, Double> summed(List<SubmitPhases.Sample> samples) {
            var sum = new LinkedHashMap<String, Double>();
            for (var s : samples) {
                for (int i = 0; i < s.phases().size(); i++) {
                    sum.merge(s.phases().get(i), s.nanos()[i] / 1e3, Double::sum);
                }
            }
            return sum;
        }

        /**
         * The phases of the first and second runs and the median of each phase over the runs after them, for the notes;
         * null where tracing is off.
         */
        String phaseNote() {
            if (phases.size() < 3 || phases.get(1) == null) {
                return null;
            }
            var text = new StringBuilder();
            if (phases.get(0) != null) {
                text.append("first run ").append(phaseList(phases.get(0))).append("; ");
            }
            return text.append("second run ").append(phaseList(phases.get(1))).append("; median of the later runs ")
                    .append(phaseList(phaseMedians(phases.subList(2, phases.size()))))
                    .append(" (µs, each phase summed over the run's launches)").toString();
        }

        /** Each phase's median over {@code runs} (a phase a run lacks counts 0 there), in the last run's order. */
        static Map<String, Double> phaseMedians(List<Map<String, Double>> runs) {
            var medians = new LinkedHashMap<String, Double>();
            for (String p : runs.getLast().keySet()) {
                double[] v = runs.stream().mapToDouble(m -> m.getOrDefault(p, 0.0)).sorted().toArray();
                medians.put(p, v[v.length / 2]);
            }
            return medians;
        }

        /** {@code command-group 1.2, identify 0.4, ...}: each phase and its microseconds, in order. */
        static String phaseList(Map<String, Double> phases) {
            var parts = new ArrayList<String>();
            phases.forEach((p, us) -> parts.add(String.format(Locale.ROOT, "%s %.1f", p, us)));
            return String.join(", ", parts);
        }

        @Override
        long profiled() {
            var events = new ArrayList<Event>();
            for (int l = 0; l < op.launches(); l++) {
                events.add(op.submit(profiling, in, out, table, l));
            }
            long sum = 0;
            for (Event e : events) {
                sum += e.profile().durationNanos();
            }
            return sum;
        }

        @Override
        float[] output() {
            return Workload.read(out);
        }

        @Override
        public void close() {
            out.close();
            if (table != null) {
                table.close();
            }
        }
    }

    /**
     * A one-item kernel that reads {@code b}: the scheduler brings all of it onto the device. An accessor takes one
     * index per dimension, hence one kernel per rank.
     */
    private static void touch(Queue q, Buffer.OfFloat b) {
        int dims = b.range().dimensions();
        try (var sink = Buffer.ofFloat(Range.of(1))) {
            q.submit(h -> {
                var a = b.read(h);
                var s = sink.writeNoInit(h);
                switch (dims) {
                    case 1 -> h.parallelFor(Range.of(1), it -> s.set(0, a.get(0)));
                    case 2 -> h.parallelFor(Range.of(1), it -> s.set(0, a.get(0, 0)));
                    default -> h.parallelFor(Range.of(1), it -> s.set(0, a.get(0, 0, 0)));
                }
            }).await();
        }
    }

    /** A hand-written kernel: enqueues without events on a plain queue, then {@code clFinish}. */
    static final class RawWay extends Way {
        private final GridOp op;
        private final RawCl cl;
        private final ClCommandQueue plain;
        private final Arena arena;
        private final ClMem in;
        private final ClMem table;
        private final String kernelName;
        /** Whether the program is built in the first run, as jsycl builds its kernel at its first submit. */
        private final boolean buildInFirstRun;
        private ClProgram program;
        private ClKernel kernel;
        private final ClMem out;
        private final long[] global;
        private final long[] local;

        /**
         * Over {@code global} items (OpenCL order) in work-groups of {@code local}, each dimension rounded up to
         * the work-group; its own program, so that its first run is the kernel's first launch.
         */
        RawWay(String name, boolean twin, GridOp op, RawCl cl, ClCommandQueue plain, Arena arena, ClMem in,
                ClMem table, String kernelName, long[] global, long[] local, int rounds) {
            this(name, twin, op, cl, plain, arena, in, table, kernelName, global, local, rounds, false);
        }

        /**
         * As above; {@code buildInFirstRun}: the program is compiled from its source in the first run, a comment
         * making the source new to the driver's own cache of binaries, as jsycl's first submit lowers and builds.
         */
        RawWay(String name, boolean twin, GridOp op, RawCl cl, ClCommandQueue plain, Arena arena, ClMem in,
                ClMem table, String kernelName, long[] global, long[] local, int rounds, boolean buildInFirstRun) {
            super(name, shape(local), twin, rounds);
            this.op = op;
            this.cl = cl;
            this.plain = plain;
            this.arena = arena;
            this.in = in;
            this.table = table;
            this.kernelName = kernelName;
            this.buildInFirstRun = buildInFirstRun;
            this.out = cl.buffer(4 * op.shape().size());
            try (var fill = cl.queue.enqueueFillBuffer(out, arena.allocate(4), 0, 4 * op.shape().size(), List.of())) {
                fill.await(); // zeros where a run does not write (the first and last slices)
            }
            if (!buildInFirstRun) {
                build();
            }
            this.global = new long[global.length];
            for (int d = 0; d < global.length; d++) {
                this.global[d] = (global[d] + local[d] - 1) / local[d] * local[d];
            }
            this.local = local;
        }

        private void build() {
            String source = op.source();
            if (buildInFirstRun) {
                source = "// built at " + System.nanoTime() + "\n" + source;
            }
            program = cl.build(source);
            kernel = ClKernel.create(program, kernelName);
            op.bind(kernel, in, out, table);
        }

        @Override
        void run() {
            if (kernel == null) {
                build();
            }
            for (int l = 0; l < op.launches(); l++) {
                op.bindLaunch(kernel, l);
                plain.enqueueNDRangeKernelWithoutEvent(kernel, global.length, null, global, local, List.of());
            }
            plain.finish();
        }

        @Override
        long profiled() {
            long sum = 0;
            for (int l = 0; l < op.launches(); l++) {
                op.bindLaunch(kernel, l);
                sum += cl.run(kernel, global, local);
            }
            return sum;
        }

        @Override
        float[] output() {
            float[] o = new float[Math.toIntExact(op.shape().size())];
            cl.download(arena, out, o);
            return o;
        }

        @Override
        public void close() {
            if (kernel != null) {
                kernel.close();
                program.close();
            }
            out.close();
        }
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = Suite.parse(args);
        int runs = Suite.intOpt(opts, "runs", 15);
        if (runs < 1) {
            throw new IllegalArgumentException("--runs must be at least 1: " + runs);
        }
        int turns = Suite.intOpt(opts, "turns", 1);
        if (turns < 1 || turns > runs) {
            throw new IllegalArgumentException("--turns must be 1 to --runs (" + runs + "): " + turns);
        }
        boolean small = opts.containsKey("small");
        boolean handFirst = "hand-first".equals(opts.get("order"));
        boolean sameContext = opts.containsKey("same-context");
        SETTLE_MS = Suite.intOpt(opts, "settle-ms", 0);
        SETTLE_SPIN = "spin".equals(opts.get("settle"));
        PREPARE = opts.containsKey("prepare");
        SWITCHES = opts.containsKey("switches");
        String only = opts.getOrDefault("only", "").toLowerCase(Locale.ROOT);
        Device device = Suite.devices(opts.get("device")).getFirst();
        List<GridOp> ops = new ArrayList<>(small
                ? List.of(new GridOp.Conv3(256), new GridOp.Conv3(512), new GridOp.Conv5(256), new GridOp.Jacobi2(256),
                        new GridOp.Jacobi3(32), new GridOp.Transpose(256), new GridOp.Slices(32))
                : List.of(new GridOp.Conv3(2048), new GridOp.Conv3(8192), new GridOp.Conv5(2048),
                        new GridOp.Jacobi2(4096), new GridOp.Jacobi3(256), new GridOp.Transpose(4096),
                        new GridOp.Slices(256)));
        ops.removeIf(op -> !op.name().contains(only));
        if (ops.isEmpty()) {
            throw new IllegalArgumentException("--only " + only + " matches none of conv3x3, conv5x5, stencil2d, "
                    + "stencil3d, transpose, slices");
        }
        List<String> warmup = warmupLog();
        ClDevice clDevice = Suite.match(device);
        var text = new StringBuilder();
        text.append("## ").append(device.name()).append(" (").append(device.type()).append(", ")
                .append(device.driverVersion()).append("): multi-dimensional kernels, jsycl beside hand-written\n\n");
        text.append(String.format(Locale.ROOT, """
                Command: `GridKernels %s`; %s %s; the submit-path warm-up %s, the runs timed once it ended. Data on the device; a run is the whole operation (one launch, or \
                the slices' launches) and its wait, host clock, milliseconds. %s; "first" is each path's very first run in the process: %s; a hand-written kernel's, what the driver does at a kernel's first \
                launch. "runs 1–5" are the first five; median and min over the %d rounds after the second. Device: median of %d profiled runs, the sum of the \
                launches' kernel times. Work-groups in OpenCL order (dimension 0, the fastest index, first); \
                jsycl's as the scheduler's trace reports it ("driver's": jsycl leaves it to the driver on this \
                device). Ratio: median / the median of the best hand-written twin (same algorithm, fixed \
                work-group). Check: outputs bit-exact against each hand-written twin and plain Java.

                """, String.join(" ", args), System.getProperty("java.vm.name"),
                System.getProperty("java.runtime.version"), warmupNote(), (sameContext
                        ? "The hand-written kernels are built in jsycl's own OpenCL context, each path on a queue of"
                        + " its own. " : "") + (turns == 1
                        ? "The paths of a workload run one after another, each its rounds back to back (jsycl and the"
                        + " hand-written kernels are in two OpenCL contexts, which the GPU would otherwise switch"
                        + " between before every run)"
                        : "The paths of a workload take " + turns + " turns, each path its share of the rounds back to"
                        + " back in every turn (the first turn holds the first and second runs; a later turn begins"
                        + " with an untimed run, " + (sameContext ? "which brings the path's data back into the GPU's"
                        + " cache" : "the first after the GPU switched contexts") + "), so that a drift of the"
                        + " host falls on every path alike"), PREPARE
                        ? "jsycl's kernel was built before it, when the path was set up (Queue.prepare, --prepare)"
                        : "jsycl's includes lowering and building its kernel, or loading it from jsycl's disk cache"
                        + cacheNote() + ", except at a workload's second size, whose kernel is the first size's",
                runs, PROFILED_RUNS));
        text.append("| workload | size | path | work-group | first ms | second ms | runs 1–5 ms | median ms | min ms "
                + "| device ms | median / best hand-written | check |\n");
        text.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        var notes = new StringBuilder();
        var jvmLogRuns = new ArrayList<PathRuns>();
        boolean failed = false;
        // The device's default context, as a program's new Queue(device) has: the one the submit-path warm-up uses.
        try (var q = new Queue(device);
             var inOrder = new Queue(q.context(), device, QueueProperty.IN_ORDER);
             var profiling = new Queue(q.context(), device, QueueProperty.ENABLE_PROFILING);
             var cl = sameContext ? RawCl.inContext(clDevice, jsyclContext(q), true) : new RawCl(clDevice);
             var plain = ClCommandQueue.create(cl.context, clDevice, false, false)) {
            awaitWarmup(warmup);
            var timed = new ArrayList<Timed>();
            try {
                for (GridOp op : ops) {
                    System.err.println(op.name() + " " + op.size() + " ...");
                    timed.add(time(op, q, inOrder, profiling, cl, plain, runs, turns, handFirst));
                }
                for (Timed t : timed) {
                    jvmLogRuns.addAll(PathRuns.of(t));
                    for (Way w : t.ways()) {
                        if (SWITCHES) {
                            SWITCH_NOTES.append("- ").append(t.op().name()).append(' ').append(t.op().size())
                                    .append(", ").append(w.name).append(": ")
                                    .append(String.join("; ", Arrays.asList(w.switches))).append('\n');
                        }
                    }
                    String rows = finish(t, notes);
                    failed |= rows.contains("MISMATCH");
                    System.out.print(rows);
                    text.append(rows);
                }
            } finally {
                timed.forEach(Timed::close);
            }
        }
        text.append("\njsycl's launches, from the scheduler's trace:\n\n").append(notes);
        if (SETTLE_MS > 0) {
            text.append("\nThe pause after each path's first run (--settle-ms):\n\n").append(SETTLE_NOTES);
        }
        if (SWITCHES) {
            text.append("\nThe timing thread in each path's first ").append(SWITCH_RUNS)
                    .append(" runs (--switches): its CPU before and after, the context switches it made in the run")
                    .append(" (voluntary, involuntary):\n\n").append(SWITCH_NOTES);
        }
        if (opts.containsKey("jvm-log")) {
            text.append("\nWhat the JVM logged around each path's first five runs (--jvm-log):\n\n")
                    .append(jvmLogNote(JvmLogRuns.read(Path.of(opts.get("jvm-log"))), jvmLogRuns));
        }
        text.append("\njsycl's submit-path warm-up: ").append(warmup.isEmpty() ? "none logged" : String.join("; ", warmup))
                .append('\n');
        System.out.print("\n" + text.substring(text.indexOf("\njsycl's launches")));
        if (opts.containsKey("out")) {
            Path out = Path.of(opts.get("out"));
            if (out.getParent() != null) {
                Files.createDirectories(out.getParent());
            }
            Files.writeString(out, text);
        }
        if (failed) {
            System.err.println("GridKernels: CHECK FAILED: see the check column");
            System.exit(1);
        }
    }

    /**
     * Keeps what jsycl's submit-path warm-up logs (at {@code DEBUG}: when its kernels were ready, how many submits it
     * made in how long), for the report; call before the first queue is made.
     */
    static List<String> warmupLog() {
        var records = new java.util.concurrent.CopyOnWriteArrayList<String>();
        var log = java.util.logging.Logger.getLogger("io.jsycl.warmup");
        log.setLevel(java.util.logging.Level.FINE);
        log.addHandler(new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                if (r.getMessage() != null) {
                    records.add(r.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        return records;
    }

    /**
     * Waits (up to 10 s) for the end of jsycl's submit-path warm-up, which the first queue started: its kernels run on
     * the GPU in jsycl's context for up to 3 s, and while they do, every run of the first workload, the hand-written
     * kernels' in their context too, pays a switch between the two contexts (run 97dd151 on the H200: the first
     * workload's jsycl and 32x8 rows at 0.23 and 0.29 ms, its 16x16 row, run after the warm-up, at 0.03 ms).
     */
    static void awaitWarmup(List<String> log) {
        long end = System.nanoTime() + 10_000_000_000L;
        while (log.stream().noneMatch(m -> m.contains(" submits in ")) && System.nanoTime() < end) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** The submit-path warm-up's setting, for the header. */
    static String warmupNote() {
        String set = System.getProperty("jsycl.warmup", System.getenv("JSYCL_WARMUP"));
        return set == null || set.isBlank() ? "as by default (on for GPUs)" : "set to " + set.strip() + " (JSYCL_WARMUP)";
    }

    /** Where jsycl's disk cache is, where it was set, for the header. */
    private static String cacheNote() {
        String dir = System.getProperty("jsycl.cache.dir", System.getenv("JSYCL_CACHE_DIR"));
        return dir != null ? " (here " + dir + ")" : "";
    }

    /**
     * One workload made ready and timed: its input, its ways (jsycl's first) and what they read. {@link #finish} traces,
     * profiles and checks it, after every workload's timed runs: the scheduler's trace and the profiling queue take
     * branches of the submit path a program's plain submits do not, and the JIT's compiled code for it, dropped at the
     * first of them, would time every later workload's submits in the interpreter.
     */
    private record Timed(GridOp op, float[] input, List<Way> ways, Arena arena, Buffer.OfFloat jsyclIn, ClMem rawIn,
            ClMem rawTable, long setUp) implements AutoCloseable {
        /** Closes what was made; also a workload whose making failed part way (the parts not made are null). */
        @Override
        public void close() {
            ways.forEach(Way::close);
            if (jsyclIn != null) {
                jsyclIn.close();
            }
            if (rawTable != null) {
                rawTable.close();
            }
            if (rawIn != null) {
                rawIn.close();
            }
            arena.close();
        }
    }

    /** Makes {@code op}'s ways and times them, each its rounds back to back. */
    /** jsycl's OpenCL context of {@code q}, for {@code --same-context} (internal: read by reflection). */
    private static ClContext jsyclContext(Queue q) {
        try {
            return EnqueueProbe.contextImpl(q).cl();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read jsycl's OpenCL context", e);
        }
    }

    private static Timed time(GridOp op, Queue q, Queue inOrder, Queue profiling, RawCl cl, ClCommandQueue plain,
            int runs, int turns, boolean handFirst) {
        int rounds = 2 + runs;
        long setUp = System.nanoTime();
        float[] input = input(op);
        var ways = new ArrayList<Way>();
        var arena = Arena.ofShared();
        Buffer.OfFloat jsyclIn = null;
        ClMem rawIn = null;
        ClMem rawTable = null;
        try {
            jsyclIn = Buffer.of(input, op.shape());
            rawIn = cl.upload(arena, input);
            rawTable = op.table() != null ? cl.upload(arena, op.table()) : null;
            addWays(ways, op, q, inOrder, profiling, jsyclIn, cl, plain, arena, rawIn, rawTable, rounds);
            // Each way's rounds back to back, one way after another: jsycl and the hand-written kernels run in two
            // OpenCL contexts, and taking turns made the GPU switch contexts before every run, which cost the run
            // after the switch about 0.2 ms on the H100 (a multiple of these kernels' own time). --order hand-first:
            // the hand-written ways first.
            List<Way> order = new ArrayList<>(ways);
            if (handFirst) {
                Collections.rotate(order, -2);
            }
            var jit = java.lang.management.ManagementFactory.getCompilationMXBean();
            // --turns: the rounds after the second split into turns, every path taking its share in each turn, so
            // that a drift of the host (which CPU the thread runs on moves the driver's enqueue by up to 1.5x on a
            // virtual machine: docs/performance.md) falls on all paths alike. The first turn holds the first and
            // second runs; each later turn begins with an untimed run, the one after the GPU switched contexts.
            int[] bounds = turnBounds(runs, turns);
            for (int turn = 0; turn < turns; turn++) {
                int from = bounds[turn];
                int to = bounds[turn + 1];
                for (Way w : order) {
                    if (turn > 0) {
                        w.untimed();
                    }
                    long jitFrom = jit.getTotalCompilationTime();
                    for (int r = from; r < to; r++) {
                        if (r == 1) {
                            jitFrom = jit.getTotalCompilationTime(); // from the second run on
                        }
                        long[] state = SWITCHES && r < SWITCH_RUNS ? threadState() : null;
                        long t0 = System.nanoTime();
                        w.run();
                        w.host[r] = System.nanoTime() - t0;
                        w.began[r] = t0;
                        if (state != null) {
                            w.switches[r] = switchNote(state, threadState());
                        }
                        if (r == 0 && SETTLE_MS > 0) {
                            settle(op, w);
                        }
                    }
                    w.jitMs += jit.getTotalCompilationTime() - jitFrom;
                }
            }
            return new Timed(op, input, ways, arena, jsyclIn, rawIn, rawTable, setUp);
        } catch (RuntimeException | Error e) {
            new Timed(op, input, ways, arena, jsyclIn, rawIn, rawTable, setUp).close();
            throw e;
        }
    }

    /**
     * Where each of {@code turns} turns of {@code runs} timed rounds begins (the first and second runs, round indices 0
     * and 1, in the first turn), and the end: {@code turns + 1} ascending indices from 0 to {@code runs + 2}, every turn
     * at least one round where {@code turns <= runs}.
     */
    static int[] turnBounds(int runs, int turns) {
        int[] bounds = new int[turns + 1];
        for (int turn = 1; turn <= turns; turn++) {
            bounds[turn] = 2 + runs * turn / turns;
        }
        return bounds;
    }

    /** A path's timed runs, for {@code --jvm-log}: from when its events count (the end of the path before it). */
    private record PathRuns(String label, long from, long[] began, long[] took) {
        static List<PathRuns> of(Timed t) {
            var runs = new ArrayList<PathRuns>();
            long from = t.setUp();
            for (Way w : t.ways()) {
                runs.add(new PathRuns(t.op().name() + " " + t.op().size() + ", " + w.name, from, w.began.clone(),
                        w.host.clone()));
                int last = w.host.length - 1;
                from = w.began[last] + w.host[last];
            }
            return runs;
        }
    }

    /** Each path's first five runs, with what the JVM logged before and in each. */
    private static String jvmLogNote(JvmLogRuns log, List<PathRuns> paths) {
        var text = new StringBuilder();
        for (PathRuns p : paths) {
            text.append("- ").append(p.label()).append('\n').append(log.runs(p.from(), p.began(), p.took(), 5));
        }
        return text.toString();
    }

    /** {@code --switches}: the timing thread's CPU and context switches around each path's first runs. */
    private static boolean SWITCHES;
    /** How many of each path's first runs {@code --switches} follows. */
    private static final int SWITCH_RUNS = 5;
    private static final StringBuilder SWITCH_NOTES = new StringBuilder();

    /**
     * The calling thread's CPU and its voluntary and involuntary context switches so far, from
     * {@code /proc/thread-self}; -1s where that cannot be read (not Linux).
     */
    static long[] threadState() {
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long cpu = Long.parseLong(f[36]); // field 39, counting from the state (field 3)
            long voluntary = -1;
            long involuntary = -1;
            for (String line : Files.readAllLines(Path.of("/proc/thread-self/status"))) {
                if (line.startsWith("voluntary_ctxt_switches:")) {
                    voluntary = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                    involuntary = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
            return new long[] {cpu, voluntary, involuntary};
        } catch (IOException | RuntimeException e) {
            return new long[] {-1, -1, -1};
        }
    }

    private static String switchNote(long[] before, long[] after) {
        return String.format(Locale.ROOT, "CPU %d→%d, %d, %d", before[0], after[0], after[1] - before[1],
                after[2] - before[2]);
    }

    /** {@code --prepare}: each jsycl path builds its kernel ahead of its first run ({@code Queue.prepare}). */
    private static boolean PREPARE;
    /** {@code --settle-ms}: the pause after each path's first run; 0 for none. */
    private static int SETTLE_MS;
    /** {@code --settle spin}: the pause spins on the timing thread instead of sleeping. */
    private static boolean SETTLE_SPIN;
    /** What the JIT compiled during each pause, for the notes. */
    private static final StringBuilder SETTLE_NOTES = new StringBuilder();

    /**
     * Sleeps {@code --settle-ms} after a path's first run and notes how long the JIT's threads compiled meanwhile: if
     * the second run then runs at the median, what slowed it was work the first run left running (compilations of the
     * code it ran for the first time), not the state of the caches it left, which a pause does not restore.
     */
    private static void settle(GridOp op, Way w) {
        var jit = java.lang.management.ManagementFactory.getCompilationMXBean();
        long before = jit.getTotalCompilationTime();
        if (SETTLE_SPIN) {
            long end = System.nanoTime() + SETTLE_MS * 1_000_000L;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        } else {
            try {
                Thread.sleep(SETTLE_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        SETTLE_NOTES.append(String.format(Locale.ROOT, "- %s %s, %s: the JIT compiled for %d ms (its threads' sum)"
                + " in the %d ms after the first run (%s)%n", op.name(), op.size(), w.name,
                jit.getTotalCompilationTime() - before, SETTLE_MS, SETTLE_SPIN ? "spinning" : "sleeping"));
    }

    /** A timed workload's rows: traced, profiled and checked. */
    private static String finish(Timed t, StringBuilder notes) {
        GridOp op = t.op();
        List<Way> ways = t.ways();
        var jsycl = (JsyclWay) ways.getFirst();
        String trace = trace(jsycl);
        jsycl.workGroup = workGroup(trace);
        ways.get(1).workGroup = jsycl.workGroup; // the same kernel and range: the same choice
        notes.append("- ").append(op.name()).append(' ').append(op.size()).append(": ")
                .append(trace != null ? "`" + trace + "`" : "no launch record").append('\n');
        for (Way w : ways.subList(0, 2)) {
            long[] submits = ((JsyclWay) w).submits;
            notes.append(String.format(Locale.ROOT, "  - %s: the submits took %.1f µs of the run's %.1f µs "
                    + "(medians after the second run; the first run's %.1f of %.1f, the second's %.1f of %.1f); the JIT"
                    + " compiled for %d ms during its runs after the first%n",
                    w.name, Stats.of(Arrays.copyOfRange(submits, 2, submits.length)).medianMs() * 1e3,
                    median(Arrays.copyOfRange(w.host, 2, w.host.length)) * 1e3, submits[0] / 1e3, w.host[0] / 1e3,
                    submits[1] / 1e3, w.host[1] / 1e3, w.jitMs));
            String phases = ((JsyclWay) w).phaseNote();
            if (phases != null) {
                notes.append("    - submit phases: ").append(phases).append('\n');
            }
        }
        for (Way w : ways) {
            for (int i = -1; i < PROFILED_RUNS; i++) {
                long d = w.profiled();
                if (i >= 0) {
                    w.device[i] = d;
                }
            }
        }
        check(op, t.input(), ways);
        return rows(op, ways);
    }

    /**
     * Adds {@code op}'s ways to {@code ways}, jsycl's first, each ready to run (so that the caller closes those made
     * where a later one fails): jsycl reading {@code jsyclIn}, the hand-written twins (and the tiled transpose, where
     * the edge is a whole number of tiles) reading {@code rawIn}.
     */
    static void addWays(List<Way> ways, GridOp op, Queue q, Queue inOrder, Queue profiling, Buffer.OfFloat jsyclIn, RawCl cl,
            ClCommandQueue plain, Arena arena, ClMem rawIn, ClMem rawTable, int rounds) {
        ways.add(new JsyclWay("jsycl", op, q, profiling, jsyclIn, rounds));
        ways.add(new JsyclWay("jsycl, in-order queue", op, inOrder, profiling, jsyclIn, rounds));
        long[] extent = op.extent();
        List<long[]> groups = extent.length == 2
                ? List.of(new long[] {32, 8}, new long[] {16, 16})
                : List.of(new long[] {8, 8, 4}, new long[] {32, 4, 2});
        for (long[] local : groups) {
            ways.add(new RawWay("hand-written " + shape(local), true, op, cl, plain, arena, rawIn, rawTable, "grid",
                    extent, local, rounds));
        }
        // The coalescing shape again, its program built in its first run as jsycl's is: the baseline for the first
        // and second runs (a build evicts the caches the next runs' host code and the driver's enqueue run in).
        long[] built = groups.getLast()[0] == 32 ? groups.getLast() : groups.getFirst();
        ways.add(new RawWay("hand-written " + shape(built) + ", built in its first run", false, op, cl, plain, arena,
                rawIn, rawTable, "grid", extent, built, rounds, true));
        if (op instanceof GridOp.Transpose && op.n % GridOp.Transpose.TILE == 0) {
            int rowsPerItem = GridOp.Transpose.TILE / GridOp.Transpose.TILE_ROWS;
            ways.add(new RawWay("hand-written tiled, local memory (reference)", false, op, cl, plain, arena, rawIn,
                    rawTable, "tiled", new long[] {op.n, op.n / rowsPerItem},
                    new long[] {GridOp.Transpose.TILE, GridOp.Transpose.TILE_ROWS}, rounds));
        }
    }

    /** The input: a smooth ramp plus noise in [0, 1), the same on every run. */
    static float[] input(GridOp op) {
        float[] in = new float[Math.toIntExact(op.shape().size())];
        int n = op.n;
        IntStream.range(0, in.length / n).parallel().forEach(row -> {
            for (int x = 0; x < n; x++) {
                int i = row * n + x;
                in[i] = (float) (row % n + x) / (2 * n) + FirstPrograms.noise(i, 7);
            }
        });
        return in;
    }

    /**
     * Each way's output against Java's, bit for bit (so jsycl's against each hand-written one's too: equal bits are
     * equal); a difference is "MISMATCH: " and the first differing element.
     */
    static void check(GridOp op, float[] input, List<Way> ways) {
        float[] java = new float[input.length];
        op.java(input, java);
        for (Way w : ways) {
            String d = difference(w.output(), java);
            if (d != null) {
                w.check = "MISMATCH: " + d;
                System.err.println("*** " + op.name() + " " + op.size() + ", " + w.name + ": " + d);
            }
        }
        Way jsycl = ways.getFirst();
        if (ways.stream().allMatch(w -> w.check.equals("ok"))) {
            jsycl.check = "ok (= Java = hand-written)";
        } else if (jsycl.check.equals("ok")) {
            jsycl.check = "= Java; a hand-written output differs";
        }
    }

    private static String difference(float[] got, float[] want) {
        int first = -1;
        int count = 0;
        for (int i = 0; i < got.length; i++) {
            if (Float.floatToRawIntBits(got[i]) != Float.floatToRawIntBits(want[i])) {
                first = first < 0 ? i : first;
                count++;
            }
        }
        return count == 0 ? null : String.format(Locale.ROOT, "%d elements differ from Java's, the first at %d: %s, Java "
                + "has %s", count, first, got[first], want[first]);
    }

    private static String rows(GridOp op, List<Way> ways) {
        double best = ways.stream().filter(w -> w.twin)
                .mapToDouble(w -> median(Arrays.copyOfRange(w.host, 2, w.host.length))).min().orElse(Double.NaN);
        var rows = new StringBuilder();
        for (Way w : ways) {
            long[] timed = Arrays.copyOfRange(w.host, 2, w.host.length);
            double median = median(timed);
            var firstFive = new StringBuilder();
            for (int r = 0; r < Math.min(5, w.host.length); r++) {
                firstFive.append(r > 0 ? ", " : "").append(String.format(Locale.ROOT, "%.2f", w.host[r] / 1e6));
            }
            rows.append(String.format(Locale.ROOT,
                    "| %s | %s | %s | %s | %.3f | %.3f | %s | %.3f | %.3f | %.3f | %.2f | %s |%n", op.name(), op.size(),
                    w.name, w.workGroup, w.host[0] / 1e6, w.host[1] / 1e6, firstFive, median,
                    Arrays.stream(timed).min().orElse(0) / 1e6, median(w.device), median / best,
                    w.check.replace('|', '/')));
        }
        return rows.toString();
    }

    /** The median of {@code nanos}, in milliseconds. */
    private static double median(long[] nanos) {
        return Stats.of(nanos).medianMs();
    }

    /** {@code {32, 8}} as "32x8". */
    private static String shape(long[] local) {
        return String.join("x", Arrays.stream(local).mapToObj(Long::toString).toList());
    }

    private static final Pattern WORK_GROUPS = Pattern.compile("work-groups of ([0-9x]+)");

    /** The work-group in a launch record (which gives it SYCL order), in OpenCL order; "driver's" where it has none. */
    private static String workGroup(String trace) {
        Matcher m = trace == null ? null : WORK_GROUPS.matcher(trace);
        if (m == null || !m.find()) {
            return trace == null ? "?" : "driver's";
        }
        List<String> sycl = Arrays.asList(m.group(1).split("x"));
        return String.join("x", sycl.reversed());
    }

    /**
     * One more jsycl run with the scheduler's log taken at DEBUG: its first launch record ("kernel ... enqueued on
     * ..."), or null. The launch thread may log a launch just after it completes, hence the short wait.
     */
    private static String trace(JsyclWay jsycl) {
        var log = java.util.logging.Logger.getLogger("io.jsycl.scheduler");
        java.util.logging.Level level = log.getLevel();
        boolean parents = log.getUseParentHandlers();
        var records = new java.util.concurrent.CopyOnWriteArrayList<String>();
        var handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                // The benchmark's own launches, not those of jsycl's submit-path warm-up.
                if (r.getMessage() != null && r.getMessage().contains(" enqueued on ")
                        && r.getMessage().contains("kernel io_jsycl_bench_")) {
                    records.add(r.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        handler.setLevel(java.util.logging.Level.ALL);
        log.setLevel(java.util.logging.Level.FINE);
        log.setUseParentHandlers(false);
        log.addHandler(handler);
        try {
            jsycl.run();
            for (int i = 0; i < 100 && records.isEmpty(); i++) {
                Thread.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            log.removeHandler(handler);
            log.setLevel(level);
            log.setUseParentHandlers(parents);
        }
        return records.isEmpty() ? null : records.getFirst().replace('|', '/');
    }
}
