package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceType;
import io.jsycl.DistributedQueue;
import io.jsycl.Range;
import io.jsycl.RangeMapper;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One program on 1, 2, ... of the host's GPUs through a {@link DistributedQueue}, the same code at every count:
 * resident SAXPY (rows one-to-one, no data moves between steps), a resident {@code Reduction.sum} of ints (each
 * device sums its rows, the parts combined on the host once they are done), a 2-D five-point stencil with
 * halo rows exchanged between neighbouring devices every step, n-body (every device reads every position each step;
 * the new positions move to every device), and SGEMM (C's and A's rows split, B read whole by every device; one
 * product a run: the plain one-item-per-element kernel, and an nd-range of 16×16 tiles in local memory). Each
 * result is checked bit for bit against the run on one GPU.
 *
 * <p>A run is a batch of steps submitted back to back and one wait; median of {@code --runs} batches, milliseconds
 * per step; speed-up over the same program on one GPU. Before them, untimed, the data's first distribution from the
 * host and {@code --warmup} batches (for the stencil's batches of 100 steps, a fifth as many; for n-body, one): the
 * submit path of a DistributedQueue runs interpreted for
 * its first hundreds of submits, which bounds a short step on several GPUs (a step of resident SAXPY on 4 GPUs is
 * a quarter of a millisecond and four submits).
 *
 * <pre>MultiGpuBench [--gpus 1,2,4] [--runs 5] [--warmup 20] [--type gpu|cpu] [--only saxpy,sum,stencil,nbody,sgemm]
 *     [--saxpy-log2 28] [--sum-steps 10]
 *     [--stencil 16384]
 *     [--bodies 262144,1048576] [--sgemm 16384]</pre>
 * {@code --bodies} takes several sizes: a GPU's share of 262144 bodies on 4 GPUs is 65536 work-items, about 16 warps
 * per multiprocessor of an H100 or H200, too few to hide the latency of its loop, so the speed-up depends on the size.
 */
public final class MultiGpuBench {
    private MultiGpuBench() {
    }

    public static void main(String[] args) {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        int runs = Suite.intOpt(opts, "runs", 5);
        int warmup = Suite.intOpt(opts, "warmup", 20);
        DeviceType type = DeviceType.valueOf(opts.getOrDefault("type", "gpu").toUpperCase(Locale.ROOT));
        List<Device> all = Device.all().stream().filter(d -> d.type() == type && !d.isHost()).toList();
        int[] counts = Arrays.stream(opts.getOrDefault("gpus", "1,2,4").split(",")).mapToInt(Integer::parseInt)
                .filter(c -> c <= all.size()).toArray();
        if (type == DeviceType.GPU && !all.isEmpty()) {
            // jsycl's submit-path warm-up runs on the first queue's GPU for about a second after the queue is made:
            // the first (1-GPU) runs would share the GPU and the cores with it.
            List<String> log = GridKernels.warmupLog();
            try (var q = new io.jsycl.Queue(all.getFirst())) {
                GridKernels.awaitWarmup(log);
            }
        }
        int saxpyLog2 = Suite.intOpt(opts, "saxpy-log2", 28);
        int grid = Suite.intOpt(opts, "stencil", 16384);
        int[] bodies = Arrays.stream(opts.getOrDefault("bodies", "262144").split(",")).mapToInt(Integer::parseInt)
                .toArray();
        int sgemm = Suite.intOpt(opts, "sgemm", 16384);
        System.out.printf("## %d x %s: one DistributedQueue program on 1 to %d of them%n%n", all.size(),
                all.isEmpty() ? "?" : all.getFirst().name(), counts.length == 0 ? 0 : counts[counts.length - 1]);
        System.out.println("| workload | size | devices | ms per step (median) | speed-up over 1 | check |");
        System.out.println("|---|---|---|---|---|---|");
        List<String> only = Arrays.asList(opts.getOrDefault("only", "saxpy,sum,stencil,nbody,sgemm").split(","));
        if (only.contains("saxpy")) {
            saxpy(all, counts, 1 << saxpyLog2, runs, warmup);
        }
        if (only.contains("sum")) {
            sum(all, counts, 1 << saxpyLog2, runs, warmup, Suite.intOpt(opts, "sum-steps", 10));
        }
        if (only.contains("stencil")) {
            // As many warm-up batches as the others (2 000 steps by default): on several GPUs the step is bound by
            // the thread that submits it, whose Java code the JIT is still compiling for its first thousands of
            // steps (the spread line's warm-up curve); a fifth of them timed the steps from the 500th.
            stencil(all, counts, grid, runs, warmup);
        }
        for (int b : only.contains("nbody") ? bodies : new int[0]) {
            nbody(all, counts, b, runs, 1);
        }
        if (sgemm > 0 && only.contains("sgemm")) {
            sgemm(all, counts, sgemm, Math.min(runs, 3));
            sgemmTiled(all, counts, sgemm, Math.min(runs, 3));
        }
    }

    private static void row(String workload, String size, int devices, double ms, double base, String check) {
        System.out.printf("| %s | %s | %d | %.3f | %.2f | %s |%n", workload, size, devices, ms, base / ms, check);
        System.out.flush();
    }

    /** y = a x + y over n floats, 10 steps a batch; rows one-to-one, so nothing moves after the first step. */
    private static void saxpy(List<Device> all, int[] counts, int n, int runs, int warmup) {
        float[] x = Workload.randomFloats(n, 1);
        float[] y0 = Workload.randomFloats(n, 2);
        float a = 0.5f;
        int steps = 10;
        float[] reference = null;
        double base = 0;
        for (int c : counts) {
            float[] y = y0.clone();
            double ms;
            try (var dq = new DistributedQueue(all.subList(0, c)); var bx = Buffer.of(x); var by = Buffer.of(y)) {
                Runnable batch = () -> {
                    for (int s = 0; s < steps; s++) {
                        dq.submit(h -> {
                            var xs = bx.read(h, RangeMapper.oneToOne());
                            var ys = by.readWrite(h, RangeMapper.oneToOne());
                            h.parallelFor(Range.of(n), it -> ys.set(it.id(0), a * xs.get(it.id(0)) + ys.get(it.id(0))));
                        });
                    }
                    dq.await();
                };
                batch.run(); // distributes x and y, builds the kernel
                ms = Stats.wall(warmup, runs, batch).medianMs() / steps;
            }
            if (c == counts[0]) {
                reference = y;
                base = ms;
            }
            row("SAXPY, data resident", "2^" + Integer.numberOfTrailingZeros(n) + " floats", c, ms, base,
                    Arrays.equals(y, reference) ? "ok (= 1 GPU)" : "MISMATCH");
        }
    }

    /** The sum of n ints resident on the devices, {@code steps} a batch: each device sums its rows, the host adds the parts. */
    private static void sum(List<Device> all, int[] counts, int n, int runs, int warmup, int steps) {
        int[] v = new int[n];
        var r = new java.util.SplittableRandom(9);
        for (int i = 0; i < n; i++) {
            v[i] = r.nextInt(-1000, 1000);
        }
        int reference = 0;
        double base = 0;
        for (int c : counts) {
            int[] total = new int[1];
            double ms;
            try (var dq = new DistributedQueue(all.subList(0, c)); var bv = Buffer.of(v);
                 var out = Buffer.of(total)) {
                Runnable batch = () -> {
                    for (int s = 0; s < steps; s++) {
                        dq.submit(h -> {
                            var x = bv.read(h, RangeMapper.oneToOne());
                            h.parallelFor(Range.of(n), io.jsycl.Reduction.sum(out),
                                    (it, acc) -> acc.combine(x.get(it.id(0))));
                        });
                    }
                    dq.await();
                };
                batch.run();
                ms = Stats.wall(warmup, runs, batch).medianMs() / steps;
                if (Boolean.getBoolean("jsycl.bench.countCalls")) {
                    countCalls(c, steps, batch);
                }
            }
            // Every sum of every batch adds into the one output: the same number at every device count.
            if (c == counts[0]) {
                reference = total[0];
                base = ms;
            }
            row("Reduction.sum, data resident", "2^" + Integer.numberOfTrailingZeros(n) + " ints", c, ms, base,
                    total[0] == reference ? "ok (= 1 GPU)" : "MISMATCH");
        }
    }

    /** A 2-D five-point Jacobi step over an n×n grid, 20 steps a batch: each device needs its neighbours' edges. */
    private static void stencil(List<Device> all, int[] counts, int n, int runs, int warmup) {
        float[] init = Workload.randomFloats(n * n, 3);
        int steps = 100;
        Range shape = Range.of(n, n);
        float[] reference = null;
        double base = 0;
        for (int c : counts) {
            float[] p = init.clone();
            float[] q = new float[n * n];
            double ms;
            try (var dq = new DistributedQueue(all.subList(0, c)); var bp = Buffer.of(p, shape);
                 var bq = Buffer.of(q, shape)) {
                Runnable batch = () -> {
                    for (int s = 0; s < steps; s++) {
                        var src = s % 2 == 0 ? bp : bq;
                        var dst = s % 2 == 0 ? bq : bp;
                        dq.submit(h -> {
                            var in = src.read(h, RangeMapper.neighborhood(1));
                            var out = dst.writeNoInit(h, RangeMapper.oneToOne());
                            h.parallelFor(shape, it -> {
                                int i = it.id(0);
                                int j = it.id(1);
                                out.set(i, j, i == 0 || j == 0 || i == n - 1 || j == n - 1 ? in.get(i, j)
                                        : 0.25f * (in.get(i - 1, j) + in.get(i + 1, j) + in.get(i, j - 1)
                                                + in.get(i, j + 1)));
                            });
                        });
                    }
                    dq.await();
                };
                batch.run();
                var host = HostPlacement.Usage.start();
                String curve = warmupCurve(warmup, steps, batch);
                Stats batches = Stats.wall(0, runs, batch);
                ms = batches.medianMs() / steps;
                // The step is host-bound on several GPUs: its spread within the process, what the submitting thread
                // spent of it on a CPU and in the driver, how the warm-up's batches fell (the JIT compiling the
                // submit path), and where it ran say whether a slow process was slow throughout, and why.
                System.err.printf("spread: 2-D stencil on %d: batches %.3f to %.3f ms a step (%d); warm-up %s; %s; %s%n",
                        c, batches.min() / 1e6 / steps, batches.max() / 1e6 / steps, batches.count(), curve,
                        host.end((warmup + runs) * steps), HostPlacement.describe(all.subList(0, c)));
                if (Boolean.getBoolean("jsycl.bench.countCalls")) {
                    countCalls(c, steps, batch);
                }
            }
            if (c == counts[0]) {
                reference = p;
                base = ms;
            }
            row("2-D stencil, halo rows exchanged", n + "²", c, ms, base,
                    Arrays.equals(p, reference) ? "ok (= 1 GPU)" : "MISMATCH");
        }
    }

    /**
     * Runs {@code warmup} batches of {@code steps} steps; returns their times at a few of them, "batch 1 0.512, 2 0.401,
     * 5 0.330, ... ms a step": how fast the step became as the JIT compiled the path that submits it.
     */
    private static String warmupCurve(int warmup, int steps, Runnable batch) {
        var curve = new StringBuilder("batch");
        for (int i = 1; i <= warmup; i++) {
            long t0 = System.nanoTime();
            batch.run();
            long took = System.nanoTime() - t0;
            if (i == 1 || i == warmup || Integer.bitCount(i) == 1 || i % 50 == 0) {
                curve.append(String.format(" %d %.3f,", i, took / 1e6 / steps));
            }
        }
        return warmup == 0 ? "none" : curve.substring(0, curve.length() - 1) + " ms a step";
    }

    /** The OpenCL calls a batch makes, per step and device (the checked layer's counts). */
    private static void countCalls(int devices, int steps, Runnable batch) {
        var names = List.of("clEnqueueNDRangeKernel", "clSetKernelArg", "clEnqueueReadBuffer", "clEnqueueWriteBuffer",
                "clEnqueueMarkerWithWaitList", "clFlush", "clFinish", "clWaitForEvents", "clGetEventInfo",
                "clReleaseEvent");
        long[] before = names.stream().mapToLong(io.jsycl.opencl.ClObjects::calls).toArray();
        batch.run();
        var line = new StringBuilder("calls per step and device on " + devices + ":");
        for (int i = 0; i < names.size(); i++) {
            double per = (io.jsycl.opencl.ClObjects.calls(names.get(i)) - before[i]) / (double) steps / devices;
            line.append(String.format(" %s %.2f", names.get(i), per));
        }
        System.err.println(line);
    }

    /**
     * n-body, one step = accelerations (every body against every body: positions read whole on every device) then a
     * position update one-to-one; 2 steps a batch.
     */
    private static void nbody(List<Device> all, int[] counts, int n, int runs, int warmup) {
        float[] x0 = Workload.randomFloats(n, 4);
        float[] y0 = Workload.randomFloats(n, 5);
        float[] z0 = Workload.randomFloats(n, 6);
        int steps = 2;
        float dt = 1e-4f;
        float eps = 1e-3f;
        List<float[]> reference = null;
        double base = 0;
        for (int c : counts) {
            float[] x = x0.clone();
            float[] y = y0.clone();
            float[] z = z0.clone();
            float[] ax = new float[n];
            float[] ay = new float[n];
            float[] az = new float[n];
            double ms;
            try (var dq = new DistributedQueue(all.subList(0, c)); var bx = Buffer.of(x); var by = Buffer.of(y);
                 var bz = Buffer.of(z); var bax = Buffer.of(ax); var bay = Buffer.of(ay); var baz = Buffer.of(az)) {
                Runnable batch = () -> {
                    for (int s = 0; s < steps; s++) {
                        dq.submit(h -> {
                            var px = bx.read(h, RangeMapper.all());
                            var py = by.read(h, RangeMapper.all());
                            var pz = bz.read(h, RangeMapper.all());
                            var ox = bax.writeNoInit(h, RangeMapper.oneToOne());
                            var oy = bay.writeNoInit(h, RangeMapper.oneToOne());
                            var oz = baz.writeNoInit(h, RangeMapper.oneToOne());
                            h.parallelFor(Range.of(n), it -> {
                                int i = it.id(0);
                                float xi = px.get(i);
                                float yi = py.get(i);
                                float zi = pz.get(i);
                                float fx = 0f;
                                float fy = 0f;
                                float fz = 0f;
                                for (int j = 0; j < n; j++) {
                                    float dx = px.get(j) - xi;
                                    float dy = py.get(j) - yi;
                                    float dz = pz.get(j) - zi;
                                    float r2 = dx * dx + dy * dy + dz * dz + eps;
                                    float inv = 1f / (r2 * (float) Math.sqrt(r2));
                                    fx = fx + dx * inv;
                                    fy = fy + dy * inv;
                                    fz = fz + dz * inv;
                                }
                                ox.set(i, fx);
                                oy.set(i, fy);
                                oz.set(i, fz);
                            });
                        });
                        dq.submit(h -> {
                            var px = bx.readWrite(h, RangeMapper.oneToOne());
                            var py = by.readWrite(h, RangeMapper.oneToOne());
                            var pz = bz.readWrite(h, RangeMapper.oneToOne());
                            var fx = bax.read(h, RangeMapper.oneToOne());
                            var fy = bay.read(h, RangeMapper.oneToOne());
                            var fz = baz.read(h, RangeMapper.oneToOne());
                            h.parallelFor(Range.of(n), it -> {
                                int i = it.id(0);
                                px.set(i, px.get(i) + dt * fx.get(i));
                                py.set(i, py.get(i) + dt * fy.get(i));
                                pz.set(i, pz.get(i) + dt * fz.get(i));
                            });
                        });
                    }
                    dq.await();
                };
                batch.run();
                ms = Stats.wall(warmup, runs, batch).medianMs() / steps;
                if (Boolean.getBoolean("jsycl.bench.countCalls")) {
                    countCalls(c, steps, batch);
                }
            }
            var result = new ArrayList<float[]>(List.of(x, y, z));
            if (c == counts[0]) {
                reference = result;
                base = ms;
            }
            boolean same = true;
            for (int k = 0; k < 3; k++) {
                same &= Arrays.equals(result.get(k), reference.get(k));
            }
            row("n-body (positions replicated every step)", n + " bodies", c, ms, base, same ? "ok (= 1 GPU)"
                    : "MISMATCH");
        }
    }

    /** One matrix product's command group: C = A B, the buffers n×n, A's and C's rows split, B read whole. */
    @FunctionalInterface
    private interface Product {
        io.jsycl.Event submit(DistributedQueue dq, Buffer.OfFloat a, Buffer.OfFloat b, Buffer.OfFloat c);
    }

    /** C = A B for n×n floats, each device its rows of C from its rows of A and all of B: one product a run. */
    private static void products(String name, List<Device> all, int[] counts, int n, int runs, Product product) {
        float[] a = Workload.randomFloats(n * n, 7);
        float[] b = Workload.randomFloats(n * n, 8);
        Range shape = Range.of(n, n);
        float[] reference = null;
        double base = 0;
        for (int c : counts) {
            float[] out = new float[n * n];
            double ms;
            try (var dq = new DistributedQueue(all.subList(0, c)); var ba = Buffer.of(a, shape);
                 var bb = Buffer.of(b, shape); var bc = Buffer.of(out, shape)) {
                Runnable once = () -> {
                    product.submit(dq, ba, bb, bc);
                    dq.await();
                };
                once.run(); // distributes A and B, builds the kernel
                ms = Stats.wall(0, runs, once).medianMs();
            }
            if (c == counts[0]) {
                reference = out;
                base = ms;
            }
            row(name, n + "²", c, ms, base, Arrays.equals(out, reference) ? "ok (= 1 GPU)" : "MISMATCH");
        }
    }

    /** The plain one-item-per-element kernel. */
    private static void sgemm(List<Device> all, int[] counts, int n, int runs) {
        Range shape = Range.of(n, n);
        products("SGEMM, B replicated", all, counts, n, runs, (dq, ba, bb, bc) -> dq.submit(h -> {
            var x = ba.read(h, RangeMapper.oneToOne());
            var y = bb.read(h, RangeMapper.all());
            var z = bc.writeNoInit(h, RangeMapper.oneToOne());
            h.parallelFor(shape, it -> {
                int i = it.id(0);
                int j = it.id(1);
                float acc = 0f;
                for (int k = 0; k < n; k++) {
                    acc = acc + x.get(i, k) * y.get(k, j);
                }
                z.set(i, j, acc);
            });
        }));
    }

    /**
     * An nd-range of 16×16 work-groups that stage tiles of A and B in local memory (the sample MatrixMultiply's
     * kernel): the split falls between whole work-groups.
     */
    private static void sgemmTiled(List<Device> all, int[] counts, int n, int runs) {
        int tile = 16;
        Range shape = Range.of(n, n);
        products("SGEMM, 16x16 tiles in local memory (nd-range), B replicated", all, counts, n, runs,
                (dq, ba, bb, bc) -> dq.submit(h -> {
                    var x = ba.read(h, RangeMapper.oneToOne());
                    var y = bb.read(h, RangeMapper.all());
                    var z = bc.writeNoInit(h, RangeMapper.oneToOne());
                    var tileA = io.jsycl.LocalAccessor.ofFloat(h, Range.of(tile, tile));
                    var tileB = io.jsycl.LocalAccessor.ofFloat(h, Range.of(tile, tile));
                    h.parallelFor(io.jsycl.NdRange.of(shape, Range.of(tile, tile)), it -> {
                        int row = it.globalId(0);
                        int col = it.globalId(1);
                        int lr = it.localId(0);
                        int lc = it.localId(1);
                        float sum = 0f;
                        for (int t = 0; t < n; t += tile) {
                            tileA.set(lr, lc, x.get(row, t + lc));
                            tileB.set(lr, lc, y.get(t + lr, col));
                            it.barrier();
                            for (int k = 0; k < tile; k++) {
                                sum += tileA.get(lr, k) * tileB.get(k, lc);
                            }
                            it.barrier();
                        }
                        z.set(row, col, sum);
                    });
                }));
    }
}
