package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import io.jsycl.opencl.DriverCallTimes;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Where the per-slice sequence's time goes on each of its threads ({@link GridOp.Slices}, 254 launches of a 2-D kernel
 * over 256², one wait): the sequence's wall time; the submitting thread's CPU time a submit and its time in OpenCL
 * calls (with {@code -Djsycl.opencl.timeCalls=true}); the queue's launch thread's CPU time a launch and what it runs
 * when sampled (its stack read every 200 µs by a sampling thread: the innermost jsycl or OpenCL method, and the frame
 * above the driver call); and the same sequence enqueued by hand: on the main thread, on a thread of its own, beside a
 * busy main thread, in jsycl's own context, and (with {@code -Djsycl.dumpKernels=DIR}) jsycl's generated kernel.
 *
 * <pre>java [-Djsycl.opencl.timeCalls=true] [-Djsycl.dumpKernels=DIR] ... LaunchThreadProbe [--device gpu] [--runs 300]</pre>
 */
public final class LaunchThreadProbe {
    private LaunchThreadProbe() {
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        int runs = Suite.intOpt(opts, "runs", 300);
        Device device = Suite.devices(opts.get("device")).getFirst();
        GridOp op = new GridOp.Slices(256);
        int launches = op.launches();
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        System.out.printf("## The per-slice sequence's threads on %s, %d sequences of %d launches%n%n", device.name(),
                runs, launches);
        io.jsycl.Context jsyclContext;
        try (var q = new Queue(device); var in = Buffer.ofFloat(op.shape()); var out = Buffer.ofFloat(op.shape());
             var table = Buffer.of(new float[1])) {
            jsyclContext = q.context();
            GridKernels.awaitWarmup(GridKernels.warmupLog());
            for (int r = 0; r < runs; r++) {
                op.submitRun(q, in, out, table).await();
            }
            Thread launcher = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("jsycl launches")).findFirst().orElse(null);
            var samples = new HashMap<String, Integer>();
            var driverCalls = new HashMap<String, Integer>();
            var sampling = new AtomicBoolean(true);
            Thread submitting = Thread.currentThread();
            Thread sampler = launcher == null ? null : Thread.ofPlatform().daemon().start(() -> {
                while (sampling.get()) {
                    samples.merge(where(launcher.getStackTrace()), 1, Integer::sum);
                    String call = driverCall(submitting.getStackTrace());
                    if (call != null) {
                        driverCalls.merge(call, 1, Integer::sum);
                    }
                    long until = System.nanoTime() + 200_000;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                }
            });
            long launcherCpu0 = launcher == null ? 0 : threads.getThreadCpuTime(launcher.threadId());
            long cpu0 = threads.getCurrentThreadCpuTime();
            Map<String, Long> calls0 = DriverCallTimes.ofThisThread();
            long[] wall = new long[runs];
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                op.submitRun(q, in, out, table).await();
                wall[r] = System.nanoTime() - t0;
            }
            long cpu = threads.getCurrentThreadCpuTime() - cpu0;
            long launcherCpu = launcher == null ? 0 : threads.getThreadCpuTime(launcher.threadId()) - launcherCpu0;
            Map<String, Long> calls = DriverCallTimes.ofThisThread();
            sampling.set(false);
            if (sampler != null) {
                sampler.join();
            }
            long n = (long) runs * launches;
            Arrays.sort(wall);
            System.out.printf("jsycl: sequence median %.1f µs (%.2f µs a launch); submitting thread CPU %.2f µs a"
                    + " submit; launch thread %s CPU %.2f µs a launch%n", wall[runs / 2] / 1e3,
                    wall[runs / 2] / 1e3 / launches, cpu / 1e3 / n, launcher == null ? "(none)" : launcher.getName(),
                    launcherCpu / 1e3 / n);
            if (!calls.isEmpty()) {
                var text = new StringBuilder();
                calls.forEach((f, ns) -> {
                    long d = ns - calls0.getOrDefault(f, 0L);
                    if (d > 0) {
                        text.append(String.format(" %s %.2f", f, d / 1e3 / n));
                    }
                });
                System.out.println("jsycl: submitting thread in OpenCL calls, µs a submit:" + text);
            }
            int total = samples.values().stream().mapToInt(Integer::intValue).sum();
            System.out.println("jsycl: the launch thread's samples (" + total + "):");
            samples.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(14)
                    .forEach(e -> System.out.printf("  %5.1f%% %s%n", 100.0 * e.getValue() / total, e.getKey()));
            System.out.println("jsycl: the submitting thread's samples in an OpenCL call (of " + total + "):");
            driverCalls.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(6)
                    .forEach(e -> System.out.printf("  %5.1f%% %s%n", 100.0 * e.getValue() / total, e.getKey()));
        }
        handWritten(device, op, runs, threads);
        inJsyclsContext(device, jsyclContext, op, runs, threads);
    }

    /**
     * The hand-written loop on the main thread in jsycl's own context (the one its queue used, with the warm-up's
     * programs, kernels and buffers), and, where {@code -Djsycl.dumpKernels} names a folder, jsycl's generated kernel
     * of the sequence (as the lowering wrote it there) enqueued by hand, in a context of its own and in jsycl's.
     */
    private static void inJsyclsContext(Device device, io.jsycl.Context context, GridOp op, int runs,
            ThreadMXBean threads) throws Exception {
        var access = io.jsycl.internal.memory.ApiAccess.get();
        io.jsycl.opencl.ClContext jsycl = access.impl(context).cl();
        io.jsycl.opencl.ClDevice clDevice = access.impl(device).cl();
        String dump = System.getProperty("jsycl.dumpKernels");
        String generated = dump == null ? null
                : GeneratedKernel.dumped(java.nio.file.Path.of(dump), "Slices").orElse(null);
        long bytes = 4L * 256 * 256 * 256;
        try (var raw = new RawCl(clDevice)) {
            for (int round = 0; round < 2; round++) {
                for (var ctx : List.of(raw.context, jsycl)) {
                    String where = ctx == jsycl ? "jsycl's context" : "a context of its own";
                    for (boolean gen : generated == null ? new boolean[] {false} : new boolean[] {false, true}) {
                        try (var plain = ClCommandQueue.create(ctx, clDevice, false, false);
                             ClMem in = io.jsycl.opencl.ClMem.createBuffer(ctx, io.jsycl.opencl.ClMemFlags.READ_WRITE,
                                     bytes, java.lang.foreign.MemorySegment.NULL);
                             ClMem out = io.jsycl.opencl.ClMem.createBuffer(ctx, io.jsycl.opencl.ClMemFlags.READ_WRITE,
                                     bytes, java.lang.foreign.MemorySegment.NULL);
                             ClProgram program = ClProgram.createWithSource(ctx, gen ? generated
                                     : RawCl.PRELUDE + op.source())) {
                            String options = gen ? raw.buildOptions + " " + EnqueueProbe.AS_JSYCL_BUILDS
                                    : raw.buildOptions;
                            program.build(List.of(clDevice), options);
                            String name = gen ? GeneratedKernel.name(generated) : "grid";
                            try (ClKernel k = ClKernel.create(program, name)) {
                                int slice = gen ? bindGenerated(k, generated, options, in, out) : 4;
                                if (!gen) {
                                    op.bind(k, in, out, null);
                                }
                                long[] r = loop(plain, k, op, runs, threads, slice);
                                System.out.printf("%s kernel by hand in %s, main thread: sequence median %.1f µs (%.2f"
                                        + " µs a launch); its thread CPU %.2f µs a launch%n", gen ? "jsycl's generated"
                                        : "hand-written", where, r[0] / 1e3, r[0] / 1e3 / op.launches(), r[1] / 1e3);
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * Binds the generated slices kernel's parameters by name: pointers to the input (const) or output, {@code w} the
     * weight, every other int 256 (the extent, ranges and memory ranges); returns the index of {@code s}, the slice.
     */
    private static int bindGenerated(ClKernel k, String source, String options, ClMem in, ClMem out) {
        List<String> parameters = GeneratedKernel.parameters(source, options);
        int slice = GeneratedKernel.bind(k, parameters, in, out, new float[] {GridOp.Slices.W27}, 256);
        if (slice < 0) {
            throw new IllegalStateException("no parameter s in " + parameters);
        }
        return slice;
    }

    /** Where the submitting thread is in an OpenCL call: the call and the jsycl methods that led to it; else null. */
    private static String driverCall(StackTraceElement[] stack) {
        if (stack.length == 0 || !stack[0].getClassName().endsWith("cl_h")) {
            return null;
        }
        var b = new StringBuilder(stack[0].getMethodName());
        int shown = 0;
        for (int i = 1; i < stack.length && shown < 9; i++) {
            String c = stack[i].getClassName();
            if (c.startsWith("io.jsycl") && !c.contains("$$Lambda")) {
                b.append(" < ").append(c.replaceAll(".*\\.", "")).append('.').append(stack[i].getMethodName());
                shown++;
            }
        }
        return b.toString();
    }

    /** The innermost frame of jsycl's or the bindings' code, and the one above it. */
    private static String where(StackTraceElement[] stack) {
        if (stack.length == 0) {
            return "(no stack)";
        }
        for (int i = 0; i < stack.length; i++) {
            String c = stack[i].getClassName();
            if (c.startsWith("io.jsycl")) {
                String inner = i > 0 ? stack[i - 1].getClassName().replaceAll(".*\\.", "") + "." + stack[i - 1]
                        .getMethodName() + " < " : "";
                String outer = i + 1 < stack.length ? " < " + stack[i + 1].getClassName().replaceAll(".*\\.", "")
                        + "." + stack[i + 1].getMethodName() : "";
                return inner + c.replaceAll(".*\\.", "") + "." + stack[i].getMethodName() + outer;
            }
        }
        return stack[0].getClassName() + "." + stack[0].getMethodName();
    }

    /**
     * The sequence enqueued by hand, on three threads in turn: the main thread, a thread of its own while the main
     * thread waits, and a thread of its own while the main thread keeps a core busy with Java work (allocating, as a
     * submitting thread does): whether the driver's enqueue costs more off the thread that made the context, or beside
     * a busy thread.
     */
    private static void handWritten(Device device, GridOp op, int runs, ThreadMXBean threads) throws Exception {
        var clDevice = Suite.match(device);
        long bytes = 4L * 256 * 256 * 256;
        try (var cl = new RawCl(clDevice); var plain = ClCommandQueue.create(cl.context, clDevice, false, false);
             ClMem in = cl.buffer(bytes); ClMem out = cl.buffer(bytes);
             ClProgram program = cl.build(op.source()); ClKernel k = ClKernel.create(program, "grid")) {
            op.bind(k, in, out, null);
            try (ClKernel k2 = ClKernel.create(program, "grid")) {
                op.bind(k2, in, out, null);
                for (int round = 0; round < 2; round++) {
                    long[] one = loop(plain, new ClKernel[] {k}, op, runs, threads, 4);
                    long[] two = loop(plain, new ClKernel[] {k, k2}, op, runs, threads, 4);
                    System.out.printf("hand-written 32x8 on the main thread, one kernel object: %.2f µs a launch;"
                            + " two kernel objects of the program taking turns: %.2f µs a launch%n",
                            one[0] / 1e3 / op.launches(), two[0] / 1e3 / op.launches());
                }
            }
            for (int round = 0; round < 2; round++) {
                for (String where : List.of("main thread", "a thread of its own", "a thread of its own, main busy")) {
                    long[] result = new long[2];
                    Runnable loop = () -> {
                        long[] r = loop(plain, k, op, runs, threads, 4);
                        result[0] = r[0];
                        result[1] = r[1];
                    };
                    if (where.equals("main thread")) {
                        loop.run();
                    } else {
                        Thread t = Thread.ofPlatform().start(loop);
                        long sink = 0;
                        while (t.isAlive()) {
                            if (where.endsWith("busy")) {
                                sink += new long[64].length + String.valueOf(sink).length();
                            } else {
                                t.join();
                            }
                        }
                        t.join();
                        if (sink == 42) {
                            System.out.print("");
                        }
                    }
                    System.out.printf("hand-written 32x8 on %s: sequence median %.1f µs (%.2f µs a launch); its"
                            + " thread CPU %.2f µs a launch (the finish included)%n", where, result[0] / 1e3,
                            result[0] / 1e3 / op.launches(), result[1] / 1e3);
                }
            }
        }
    }

    /** {@code runs} sequences after as many unmeasured: the median sequence and the thread's CPU a launch, in ns. */
    static long[] loop(ClCommandQueue plain, ClKernel k, GridOp op, int runs, ThreadMXBean threads,
            int slice) {
        return loop(plain, new ClKernel[] {k}, op, runs, threads, slice);
    }

    /** As above, the launches taking the kernel objects {@code ks} in turn (each with the same arguments). */
    private static long[] loop(ClCommandQueue plain, ClKernel[] ks, GridOp op, int runs, ThreadMXBean threads,
            int slice) {
        long[] global = {256, 256};
        long[] local = {32, 8};
        long[] wall = new long[runs];
        long cpu0 = 0;
        for (int r = -runs; r < runs; r++) {
            if (r == 0) {
                cpu0 = threads.getCurrentThreadCpuTime();
            }
            long t0 = System.nanoTime();
            for (int l = 0; l < op.launches(); l++) {
                ClKernel k = ks[l % ks.length];
                k.setArgInt(slice, l + 1);
                plain.enqueueNDRangeKernelWithoutEvent(k, 2, null, global, local, List.of());
            }
            plain.finish();
            if (r >= 0) {
                wall[r] = System.nanoTime() - t0;
            }
        }
        long cpu = threads.getCurrentThreadCpuTime() - cpu0;
        Arrays.sort(wall);
        return new long[] {wall[runs / 2], cpu / ((long) runs * op.launches())};
    }
}
