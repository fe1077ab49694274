package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import io.jsycl.program.KernelHandle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why the driver's {@code clEnqueueNDRangeKernel} of a jsycl launch can cost more than a hand-written launch of the
 * same work: the 3x3 convolution of 2048² ({@link GridOp.Conv3}) enqueued by hand through the bindings (no event, then
 * {@code clFinish}), in variants that each change one thing towards what jsycl's launch has: jsycl's generated kernel
 * (its source as {@code JSYCL_DUMP_KERNELS} wrote it in this process, built with jsycl's options), the hand-written
 * kernel with four more {@code int} parameters, the hand-written kernel in a context holding many more buffers,
 * jsycl's generated kernel built in jsycl's own context and enqueued on a queue of its own there or on the very OpenCL
 * queue jsycl's submits use, jsycl's own kernel object as its submits left it (its arguments on jsycl's buffers) enqueued
 * by hand on that queue (all read by reflection: this probe only), and jsycl's own path (submit and wait). Every variant runs in rounds, interleaved, so that a drift of the
 * host hits all alike; each prints the median enqueue and run over its rounds.
 *
 * <pre>java -Djsycl.dumpKernels=DIR ... EnqueueProbe [--device gpu] [--runs 2000] [--rounds 5]</pre>
 */
public final class EnqueueProbe {
    private static final int N = 2048;
    /** The variant options jsycl builds this launch with (a 2048² range is whole work-groups: no padded-range guard). */
    static final String AS_JSYCL_BUILDS = "-DJSYCL_ZERO_OFFSETS -DJSYCL_NO_ALIASING -DJSYCL_SHARED_STRIDES";

    private EnqueueProbe() {
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        String dump = System.getProperty("jsycl.dumpKernels");
        if (dump == null) {
            System.err.println("run with -Djsycl.dumpKernels=DIR: the probe builds jsycl's generated kernel by hand");
            System.exit(2);
        }
        var opts = Suite.parse(args);
        int runs = Suite.intOpt(opts, "runs", 2000);
        int rounds = Suite.intOpt(opts, "rounds", 5);
        Device device = Suite.devices(opts.get("device")).getFirst();
        GridOp op = new GridOp.Conv3(N);
        var results = new LinkedHashMap<String, List<double[]>>();
        try (var q = new Queue(device); var in = Buffer.ofFloat(op.shape()); var out = Buffer.ofFloat(op.shape());
             var table = Buffer.of(new float[1])) {
            GridKernels.awaitWarmup(GridKernels.warmupLog());
            op.submit(q, in, out, table, 0).await();
            String source = GeneratedKernel.dumped(Path.of(dump), "Conv3")
                    .orElseThrow(() -> new IllegalStateException("no GridOp_Conv3 kernel in " + dump));
            String options = opts.getOrDefault("options", AS_JSYCL_BUILDS);
            var clDevice = Suite.match(device);
            try (var cl = new RawCl(clDevice); var plain = ClCommandQueue.create(cl.context, clDevice, false, false);
                 ClMem cin = cl.buffer(4L * N * N); ClMem cout = cl.buffer(4L * N * N);
                 ClProgram hand = cl.build(op.source()); ClKernel kh = ClKernel.create(hand, "grid");
                 ClProgram wider = cl.build(widened(op.source())); ClKernel kw = ClKernel.create(wider, "grid");
                 ClProgram generated = ClProgram.createWithSource(cl.context, source)) {
                generated.build(List.of(clDevice), (cl.buildOptions + " " + options).strip());
                String name = GeneratedKernel.name(source);
                io.jsycl.opencl.ClContext jctx = contextImpl(q).cl();
                ClCommandQueue jqueue = jsyclQueue(q);
                try (ClKernel kj = ClKernel.create(generated, name);
                     var own = ClCommandQueue.create(jctx, clDevice, false, false);
                     ClMem jin = ClMem.createBuffer(jctx, io.jsycl.opencl.ClMemFlags.READ_WRITE, 4L * N * N,
                             java.lang.foreign.MemorySegment.NULL);
                     ClMem jout = ClMem.createBuffer(jctx, io.jsycl.opencl.ClMemFlags.READ_WRITE, 4L * N * N,
                             java.lang.foreign.MemorySegment.NULL);
                     ClProgram inJsycl = ClProgram.createWithSource(jctx, source)) {
                    inJsycl.build(List.of(clDevice), (cl.buildOptions + " " + options).strip());
                    ClKernel kc = ClKernel.create(inJsycl, name);
                    bindGenerated(kc, source, options, jin, jout);
                    for (ClMem m : List.of(jin, jout)) { // allocated on the device before the timed launches
                        own.enqueueFillBuffer(m, java.lang.foreign.Arena.global().allocate(4), 0, 4L * N * N,
                                List.of()).close();
                    }
                    own.finish();
                    op.bind(kh, cin, cout, null);
                    op.bind(kw, cin, cout, null);
                    for (int d = 0; d < 4; d++) {
                        kw.setArgInt(12 + d, d);
                    }
                    bindGenerated(kj, source, options, cin, cout);
                    deviceTimes(cl, clDevice, op, source, cin, cout, opts.get("ptx"));
                    var extra = new ArrayList<ClMem>();
                    try {
                        for (int r = 0; r < rounds; r++) {
                            results.computeIfAbsent("hand-written (12 arguments)", k -> new ArrayList<>())
                                    .add(timed(plain, kh, runs));
                            results.computeIfAbsent("jsycl's generated kernel by hand (" + name + ")",
                                    k -> new ArrayList<>()).add(timed(plain, kj, runs));
                            results.computeIfAbsent("hand-written with 4 more int arguments", k -> new ArrayList<>())
                                    .add(timed(plain, kw, runs));
                            results.computeIfAbsent("jsycl submit and wait", k -> new ArrayList<>())
                                    .add(jsycl(op, q, in, out, table, runs));
                            results.computeIfAbsent("generated kernel by hand in jsycl's context, a queue of its own",
                                    k -> new ArrayList<>()).add(timed(own, kc, runs));
                            results.computeIfAbsent("generated kernel by hand in jsycl's context, on jsycl's queue",
                                    k -> new ArrayList<>()).add(timed(jqueue, kc, runs));
                            try (KernelHandle.Lease lease = jsyclKernel(q, name).acquire()) {
                                results.computeIfAbsent("jsycl's own kernel object and buffers by hand, on jsycl's"
                                        + " queue", k -> new ArrayList<>()).add(timed(jqueue, lease.kernel(), runs));
                            }
                        }
                        for (int b = 0; b < 256; b++) {
                            extra.add(cl.buffer(1 << 20));
                        }
                        for (ClMem m : extra) { // touched once, so that the driver has them allocated on the device
                            plain.enqueueWriteBuffer(m, false, 0, java.lang.foreign.Arena.global().allocate(4), 4,
                                    List.of()).close();
                        }
                        plain.finish();
                        for (int r = 0; r < rounds; r++) {
                            results.computeIfAbsent("hand-written, 256 more buffers in its context",
                                    k -> new ArrayList<>()).add(timed(plain, kh, runs));
                        }
                    } finally {
                        extra.forEach(ClMem::close);
                        kc.close();
                    }
                }
            }
        }
        System.out.printf("## The driver's enqueue of one 3x3 convolution of %d², %s, %d runs x %d rounds%n%n", N,
                device.name(), runs, rounds);
        System.out.println("| variant | enqueue µs (median of rounds' medians) | run µs | rounds' run medians |");
        System.out.println("|---|---|---|---|");
        for (Map.Entry<String, List<double[]>> e : results.entrySet()) {
            double[] enq = e.getValue().stream().mapToDouble(v -> v[0]).sorted().toArray();
            double[] run = e.getValue().stream().mapToDouble(v -> v[1]).toArray();
            double[] sorted = run.clone();
            Arrays.sort(sorted);
            System.out.printf("| %s | %.2f | %.2f | %s |%n", e.getKey(), enq[enq.length / 2], sorted[sorted.length / 2],
                    Arrays.toString(Arrays.stream(run).map(v -> Math.round(v * 10) / 10.0).toArray()));
        }
    }

    /**
     * Each variant's device time (profiling events) on {@code cl}'s profiling queue, the variants interleaved in ten
     * rounds of 50 launches so that the GPU's drift hits all alike: the hand-written kernel as it is, with
     * {@code restrict} and with jsycl's range guard; jsycl's generated kernel as jsycl builds it, without the shared
     * row strides (by option, and with them written into the source instead), without {@code restrict}, and with the
     * padded-range guard (as jsycl writes it, and signed in one test). Where
     * {@code ptxDir} is set, each program's binary (PTX on NVIDIA) is written there.
     */
    private static void deviceTimes(RawCl cl, io.jsycl.opencl.ClDevice clDevice, GridOp op, String source, ClMem in,
            ClMem out, String ptxDir) throws IOException {
        String hand = op.source();
        String restricted = hand.replace("__global const float* in, __global float* out",
                "__global const float* restrict in, __global float* restrict out");
        String handGuard = hand.replace("if (i >= n || j >= n) return;",
                "if ((uint)i >= (uint)n) return; if ((uint)j >= (uint)n) return;");
        String guard = source.replace("(uint)get_global_id(1) >= (uint)range0 || (uint)get_global_id(0) >= (uint)range1",
                "(int)get_global_id(1) >= range0 || (int)get_global_id(0) >= range1");
        Matcher w = Pattern.compile("jsycl_acc_w_float_2_init\\(&cap\\.(\\w+),").matcher(source);
        Matcher r = Pattern.compile("jsycl_acc_r_float_2_init\\(&cap\\.(\\w+),").matcher(source);
        String oneStride = w.find() && r.find() ? source.replace("cap->" + w.group(1) + ".memRange[1]",
                "cap->" + r.group(1) + ".memRange[1]") : source;
        String all = AS_JSYCL_BUILDS;
        String before = all.replace(" -DJSYCL_SHARED_STRIDES", "");
        var variants = new LinkedHashMap<String, String[]>();
        variants.put("hand-written", new String[] {hand, null});
        variants.put("hand-written, restrict", new String[] {restricted, null});
        variants.put("hand-written, jsycl's guard", new String[] {handGuard, null});
        variants.put("generated, as jsycl builds it", new String[] {source, all});
        variants.put("generated, without JSYCL_SHARED_STRIDES (before ca58367)", new String[] {source, before});
        variants.put("generated, one row stride written into the source, without JSYCL_SHARED_STRIDES",
                new String[] {oneStride, before});
        variants.put("generated, without JSYCL_NO_ALIASING", new String[] {source, all.replace("-DJSYCL_NO_ALIASING ", "")});
        variants.put("generated, with JSYCL_PADDED_RANGE (a ragged range's guard)",
                new String[] {source, all + " -DJSYCL_PADDED_RANGE"});
        variants.put("generated, with JSYCL_PADDED_RANGE, its guard signed in one test",
                new String[] {guard, all + " -DJSYCL_PADDED_RANGE"});
        var programs = new ArrayList<ClProgram>();
        var kernels = new ArrayList<ClKernel>();
        try {
            for (var v : variants.entrySet()) {
                String src = v.getValue()[0];
                boolean generated = v.getValue()[1] != null;
                String options = generated ? (cl.buildOptions + " " + v.getValue()[1]).strip() : cl.buildOptions;
                ClProgram p = ClProgram.createWithSource(cl.context, generated ? src : RawCl.PRELUDE + src);
                programs.add(p);
                p.build(List.of(clDevice), options);
                ClKernel k = ClKernel.create(p, generated ? GeneratedKernel.name(src) : "grid");
                kernels.add(k);
                if (generated) {
                    bindGenerated(k, src, options, in, out);
                } else {
                    op.bind(k, in, out, null);
                }
                if (ptxDir != null) {
                    Files.write(Path.of(ptxDir, v.getKey().replaceAll("[^a-zA-Z]+", "-") + ".ptx"), p.binary(clDevice));
                }
            }
            long[][] ns = new long[kernels.size()][500];
            for (int round = 0; round < 10; round++) {
                for (int k = 0; k < kernels.size(); k++) {
                    for (int i = 0; i < 60; i++) {
                        long t = cl.run(kernels.get(k), new long[] {N, N}, new long[] {32, 8});
                        if (i >= 10) {
                            ns[k][round * 50 + i - 10] = t;
                        }
                    }
                }
            }
            System.out.println("| kernel | device µs (median of 500, interleaved) |");
            System.out.println("|---|---|");
            int k = 0;
            for (var v : variants.keySet()) {
                long[] sorted = ns[k++].clone();
                Arrays.sort(sorted);
                System.out.printf("| %s | %.2f |%n", v, sorted[250] / 1e3);
            }
            System.out.println();
        } finally {
            kernels.forEach(ClKernel::close);
            programs.forEach(ClProgram::close);
        }
    }

    /** Median enqueue and run (enqueue and finish) over the second half of {@code runs}, in µs. */
    private static double[] timed(ClCommandQueue q, ClKernel k, int runs) {
        long[][] times = enqueueThenFinish(q, k, runs);
        return new double[] {medianOfHalf(times[0]), medianOfHalf(times[1])};
    }

    /**
     * {@code runs} launches of {@code k} over {@code N²} in work-groups of 32x8, each enqueued without an event and
     * waited for with {@code clFinish}: per run, the enqueue's nanoseconds and the whole run's ({@code {enqueue, run}}).
     */
    static long[][] enqueueThenFinish(ClCommandQueue q, ClKernel k, int runs) {
        long[] global = {N, N};
        long[] local = {32, 8};
        long[] enqueue = new long[runs];
        long[] all = new long[runs];
        for (int r = 0; r < runs; r++) {
            long t0 = System.nanoTime();
            q.enqueueNDRangeKernelWithoutEvent(k, 2, null, global, local, List.of());
            long t1 = System.nanoTime();
            q.finish();
            enqueue[r] = t1 - t0;
            all[r] = System.nanoTime() - t0;
        }
        return new long[][] {enqueue, all};
    }

    /** jsycl's submit and wait; the enqueue column is jsycl's whole submit. */
    private static double[] jsycl(GridOp op, Queue q, Buffer.OfFloat in, Buffer.OfFloat out, Buffer.OfFloat table,
            int runs) {
        long[] submit = new long[runs];
        long[] all = new long[runs];
        for (int r = 0; r < runs; r++) {
            long t0 = System.nanoTime();
            Event e = op.submit(q, in, out, table, 0);
            long t1 = System.nanoTime();
            e.await();
            submit[r] = t1 - t0;
            all[r] = System.nanoTime() - t0;
        }
        List<io.jsycl.internal.platform.SubmitPhases.Sample> samples = io.jsycl.internal.platform.SubmitPhases.take();
        if (!samples.isEmpty()) {
            var tail = samples.subList(samples.size() / 2, samples.size());
            var text = new ArrayList<String>();
            for (String p : tail.getLast().phases()) {
                long[] v = tail.stream().mapToLong(t -> t.nanos(p)).sorted().toArray();
                text.add(String.format("%s %.2f", p, v[v.length / 2] / 1e3));
            }
            System.out.println("jsycl's submit phases: " + String.join(", ", text));
        }
        return new double[] {medianOfHalf(submit), medianOfHalf(all)};
    }

    /** jsycl's context of {@code q} (internal: read by reflection, for this probe only). */
    static io.jsycl.internal.memory.ContextImpl contextImpl(Queue q) throws ReflectiveOperationException {
        var impl = io.jsycl.Context.class.getDeclaredField("impl");
        impl.setAccessible(true);
        return (io.jsycl.internal.memory.ContextImpl) impl.get(q.context());
    }

    /**
     * The kernel object jsycl built for {@code q}'s context under OpenCL name {@code name}, its arguments as jsycl's
     * last submit of it set them (jsycl's buffers, its values).
     */
    static KernelHandle jsyclKernel(Queue q, String name) throws ReflectiveOperationException {
        return contextImpl(q).kernels().values().stream().filter(h -> h.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("jsycl built no kernel " + name));
    }

    /** The OpenCL queue {@code q}'s submits enqueue on (internal: read by reflection, for this probe only). */
    static ClCommandQueue jsyclQueue(Queue q) throws ReflectiveOperationException {
        var scheduler = Queue.class.getDeclaredField("scheduler");
        scheduler.setAccessible(true);
        Object s = scheduler.get(q);
        var cl = s.getClass().getDeclaredField("cl");
        cl.setAccessible(true);
        return (ClCommandQueue) cl.get(s);
    }

    private static double medianOfHalf(long[] v) {
        long[] tail = Arrays.copyOfRange(v, v.length / 2, v.length);
        Arrays.sort(tail);
        return tail[tail.length / 2] / 1e3;
    }

    /** The hand-written source with four more {@code int} parameters, unused. */
    private static String widened(String source) {
        return source.replace("float w8)", "float w8, int d0, int d1, int d2, int d3)");
    }

    /**
     * Binds the generated kernel's parameters as jsycl does for the convolution without offsets: its int captures
     * and ranges are {@code N}, the accessors' data the input (the const pointer) and the output, the floats
     * the weights in order.
     */
    private static void bindGenerated(ClKernel k, String source, String options, ClMem in, ClMem out) {
        GeneratedKernel.bind(k, GeneratedKernel.parameters(source, options), in, out, GridOp.W3, N);
    }
}
