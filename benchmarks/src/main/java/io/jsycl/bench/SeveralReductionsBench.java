package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.Reduction;
import io.jsycl.opencl.ClCommandQueue;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The sum, minimum and maximum of {@code 2^log2} ints on the device, three ways in one process: jsycl's three
 * reductions in one {@code parallelFor} (one read of the data), jsycl's one {@code parallelFor} per reduction (three
 * reads), and the same one pass hand-written in OpenCL C (each work-item folding a grid-stride run of elements into
 * three accumulators, a tree in local memory, three atomics per group), beside jsycl's sum alone. A run is the
 * submits and the wait, host clock; each way's runs back to back after a warm-up, median and min. The outputs keep
 * combining (SYCL 2020), so after the same number of runs every way holds that many sums (wrapping) and the same
 * extremes, compared exactly with Java.
 *
 * <pre>java ... SeveralReductionsBench [--device gpu] [--log2 26] [--runs 30] [--out several-reductions.md]</pre>
 */
public final class SeveralReductionsBench {
    private static final String SOURCE = """
            __kernel void sum_min_max(__global const int* x, int n, __global int* out) {
                __local int ls[256];
                __local int lmin[256];
                __local int lmax[256];
                uint s = 0;
                int mn = INT_MAX;
                int mx = INT_MIN;
                for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
                    int v = x[i];
                    s += (uint)v;
                    mn = min(mn, v);
                    mx = max(mx, v);
                }
                int l = get_local_id(0);
                ls[l] = (int)s;
                lmin[l] = mn;
                lmax[l] = mx;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (int k = 128; k > 0; k >>= 1) {
                    if (l < k) {
                        ls[l] = (int)((uint)ls[l] + (uint)ls[l + k]);
                        lmin[l] = min(lmin[l], lmin[l + k]);
                        lmax[l] = max(lmax[l], lmax[l + k]);
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (l == 0) {
                    atomic_add(out, ls[0]);
                    atomic_min(out + 1, lmin[0]);
                    atomic_max(out + 2, lmax[0]);
                }
            }
            """;

    private SeveralReductionsBench() {
    }

    /** One way: its name, its runs' times, and its three results after them. */
    private record Way(String name, long[] nanos, int[] results) {
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = Suite.parse(args);
        int log2 = Suite.intOpt(opts, "log2", 26);
        int runs = Suite.intOpt(opts, "runs", 30);
        int warmup = 5;
        int n = 1 << log2;
        Device device = Suite.devices(opts.get("device")).getFirst();
        var r = new SplittableRandom(42);
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = r.nextInt();
        }
        int sum = 0;
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int v : data) {
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        int total = warmup + runs;
        int[] expected = {sum * total, min, max};
        var ways = new ArrayList<Way>();
        try (var q = new Queue(device); var in = Buffer.of(data)) {
            q.submit(h -> {
                var a = in.read(h);
                h.parallelFor(Range.of(1), it -> a.get(0)); // the data onto the device before any timed run
            }).await();
            ways.add(jsycl("jsycl, three reductions in one parallelFor", q, in, n, total, warmup, Pass.ONE));
            ways.add(jsycl("jsycl, one parallelFor per reduction", q, in, n, total, warmup, Pass.THREE));
            ways.add(jsycl("jsycl, the sum alone", q, in, n, total, warmup, Pass.SUM));
        }
        ways.add(handWritten(Suite.match(device), data, device.maxComputeUnits(), total, warmup));
        var text = new StringBuilder();
        text.append(String.format("## %s: sum, minimum and maximum of 2^%d ints%n%n", device.name(), log2));
        text.append(String.format("Command: `SeveralReductionsBench %s`; a run is the submits and their wait (host clock),"
                + " %d runs after %d of warm-up; GB/s = the input's %d MiB / the run's median.%n%n",
                String.join(" ", args), runs, warmup, (4L * n) >> 20));
        text.append("| reductions | size | way | median ms | min ms | GB/s | check |\n|---|---|---|---|---|---|---|\n");
        boolean failed = false;
        for (Way w : ways) {
            Stats s = Stats.of(w.nanos());
            boolean sumOnly = w.results()[1] == 0 && w.results()[2] == 0 && w.name().contains("alone");
            boolean ok = sumOnly ? w.results()[0] == expected[0] : Arrays.equals(w.results(), expected);
            failed |= !ok;
            text.append(String.format("| %s | 2^%d | %s | %.3f | %.3f | %.0f | %s |%n", sumOnly ? "sum" : "sum, min, max",
                    log2, w.name(), s.medianMs(), s.min() / 1e6, 4.0 * n / (s.medianMs() * 1e6), ok ? "ok (= Java)"
                    : "MISMATCH " + Arrays.toString(w.results()) + " != " + Arrays.toString(expected)));
        }
        System.out.print(text);
        if (opts.containsKey("out")) {
            Files.writeString(Path.of(opts.get("out")), text);
        }
        if (failed) {
            System.exit(1);
        }
    }

    /** How jsycl's way reduces: three reductions in one parallelFor, three parallelFors, or the sum alone. */
    private enum Pass { ONE, THREE, SUM }

    private static Way jsycl(String name, Queue q, Buffer.OfInt in, int n, int total, int warmup, Pass pass) {
        int[] s = {0};
        int[] mn = {Integer.MAX_VALUE};
        int[] mx = {Integer.MIN_VALUE};
        long[] nanos = new long[total - warmup];
        try (var bs = Buffer.of(s); var bmn = Buffer.of(mn); var bmx = Buffer.of(mx)) {
            for (int run = 0; run < total; run++) {
                long t0 = System.nanoTime();
                if (pass == Pass.ONE) {
                    q.submit(h -> {
                        var a = in.read(h);
                        h.parallelFor(Range.of(n), Reduction.sum(bs), Reduction.min(bmn), Reduction.max(bmx),
                                (it, rs, rmin, rmax) -> {
                                    int v = a.get(it.id(0));
                                    rs.combine(v);
                                    rmin.combine(v);
                                    rmax.combine(v);
                                });
                    }).await();
                } else {
                    Event last = q.submit(h -> {
                        var a = in.read(h);
                        h.parallelFor(Range.of(n), Reduction.sum(bs), (it, rs) -> rs.combine(a.get(it.id(0))));
                    });
                    if (pass == Pass.THREE) {
                        q.submit(h -> {
                            var a = in.read(h);
                            h.parallelFor(Range.of(n), Reduction.min(bmn), (it, rm) -> rm.combine(a.get(it.id(0))));
                        });
                        last = q.submit(h -> {
                            var a = in.read(h);
                            h.parallelFor(Range.of(n), Reduction.max(bmx), (it, rm) -> rm.combine(a.get(it.id(0))));
                        });
                    }
                    last.await();
                }
                if (run >= warmup) {
                    nanos[run - warmup] = System.nanoTime() - t0;
                }
            }
        }
        // The sum alone leaves the extremes' outputs as they were: reported as 0, which the check knows.
        return new Way(name, nanos, pass == Pass.SUM ? new int[] {s[0], 0, 0} : new int[] {s[0], mn[0], mx[0]});
    }

    private static Way handWritten(ClDevice device, int[] data, int computeUnits, int total, int warmup) {
        long[] nanos = new long[total - warmup];
        int[] results = {0, Integer.MAX_VALUE, Integer.MIN_VALUE};
        try (var cl = new RawCl(device, false); var arena = Arena.ofConfined()) {
            ClMem x = cl.upload(arena, data);
            ClMem out = cl.upload(arena, results);
            ClProgram program = cl.build(SOURCE);
            ClKernel k = ClKernel.create(program, "sum_min_max");
            try {
                k.setArg(0, x);
                k.setArgInt(1, data.length);
                k.setArg(2, out);
                // As many work-groups as jsycl's reductions launch: 16 of 256 per compute unit.
                long[] global = {Math.min((long) computeUnits * 16 * 256, (data.length + 255L) / 256 * 256)};
                long[] local = {256};
                ClCommandQueue queue = cl.queue;
                for (int run = 0; run < total; run++) {
                    long t0 = System.nanoTime();
                    queue.enqueueNDRangeKernelWithoutEvent(k, 1, null, global, local, List.of());
                    queue.finish();
                    if (run >= warmup) {
                        nanos[run - warmup] = System.nanoTime() - t0;
                    }
                }
                cl.download(arena, out, results);
            } finally {
                k.close();
                program.close();
                out.close();
                x.close();
            }
        }
        return new Way("hand-written OpenCL C, one pass", nanos, results);
    }
}
