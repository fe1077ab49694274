package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.internal.platform.SubmitPhases;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClMem;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a run costs when the CPU's caches are cold, path by path: the 3x3 convolution of {@code GridKernels} (jsycl on
 * a default and an in-order queue, the hand-written twin of 32x8), each run timed once right after another run of
 * its path (warm) and once right after the timing thread has written {@code --evict-mib} of memory (cold: the caches
 * and the TLBs hold that array, not the path's code and data), the two kinds taking turns. The difference is what a
 * path pays to bring itself back, the quantity a kernel's second run pays after its first (docs/performance.md, "The
 * second run after a prepare"), measured here without a first launch or a build, on any device. With
 * {@code -Djsycl.traceSubmits=1} jsycl's default path is also split phase by phase, warm and cold. A shorter submit
 * path should show here as a smaller cold cost. Outputs are checked bit for bit against plain Java
 * ({@code GridKernels.check}); a difference exits 1.
 *
 * <pre>
 * ColdSubmit [--device gpu|cpu|NAME] [--n 2048] [--runs 200] [--evict-mib 64] [--out FILE.md]
 * </pre>
 */
public final class ColdSubmit {
    private ColdSubmit() {
    }

    /** Writes a cache line's worth of {@code junk} at a time, every line once; returns a value the JIT must keep. */
    static long evict(long[] junk, long salt) {
        long sum = 0;
        for (int i = 0; i < junk.length; i += 8) { // 8 longs: one 64-byte line
            junk[i] += salt;
            sum += junk[i];
        }
        return sum;
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = Suite.parse(args);
        int n = Suite.intOpt(opts, "n", 2048);
        int runs = Suite.intOpt(opts, "runs", 200);
        int evictMib = Suite.intOpt(opts, "evict-mib", 64);
        Device device = Suite.devices(opts.get("device")).getFirst();
        ClDevice clDevice = Suite.match(device);
        var op = new GridOp.Conv3(n);
        float[] input = GridKernels.input(op);
        long[] junk = new long[evictMib * (1 << 20) / Long.BYTES];
        long keep = 0;
        List<String> warmup = GridKernels.warmupLog();
        var ways = new ArrayList<GridKernels.Way>();
        var text = new StringBuilder();
        try (var q = new Queue(device); var inOrder = new Queue(q.context(), device, QueueProperty.IN_ORDER);
             var profiling = new Queue(q.context(), device, QueueProperty.ENABLE_PROFILING);
             var cl = new RawCl(clDevice); var plain = ClCommandQueue.create(cl.context, clDevice, false, false);
             var arena = Arena.ofShared(); var jsyclIn = Buffer.of(input, op.shape())) {
            GridKernels.awaitWarmup(warmup);
            ClMem rawIn = cl.upload(arena, input);
            ClMem rawTable = op.table() != null ? cl.upload(arena, op.table()) : null;
            try {
                int rounds = 2 * runs;
                ways.add(new GridKernels.JsyclWay("jsycl", op, q, profiling, jsyclIn, rounds));
                ways.add(new GridKernels.JsyclWay("jsycl, in-order queue", op, inOrder, profiling, jsyclIn, rounds));
                ways.add(new GridKernels.RawWay("hand-written 32x8", true, op, cl, plain, arena, rawIn, rawTable,
                        "grid", op.extent(), new long[] {32, 8}, rounds));
                Timings t = measure(ways, runs, junk);
                long[][] warm = t.warm();
                long[][] cold = t.cold();
                keep = t.checksum();
                var warmPhases = new ArrayList<Map<String, Double>>();
                var coldPhases = new ArrayList<Map<String, Double>>();
                if (SubmitPhases.enabled()) {
                    List<Map<String, Double>> phases = ((GridKernels.JsyclWay) ways.getFirst()).phases;
                    for (int i = 0; i + 1 < phases.size(); i += 2) {
                        warmPhases.add(phases.get(i));
                        coldPhases.add(phases.get(i + 1));
                    }
                }
                text.append(String.format(Locale.ROOT, """
                        ## %s (%s, %s): a run with the CPU's caches warm and cold

                        Command: `ColdSubmit %s`; the 3x3 convolution of %d², data on the device; each path's runs \
                        taking turns between one right after another run of its path (warm) and one right after the \
                        timing thread wrote %d MiB (cold); %d of each; host clock, microseconds, medians (lower \
                        quartile, upper quartile).

                        | path | warm µs | cold µs | cold - warm µs |
                        |---|---|---|---|
                        """, device.name(), device.type(), device.driverVersion(), String.join(" ", args), n,
                        evictMib, runs));
                for (int w = 0; w < ways.size(); w++) {
                    double[] wq = quartiles(warm[w]);
                    double[] cq = quartiles(cold[w]);
                    text.append(String.format(Locale.ROOT, "| %s | %.1f (%.1f, %.1f) | %.1f (%.1f, %.1f) | %.1f |%n",
                            ways.get(w).name, wq[1], wq[0], wq[2], cq[1], cq[0], cq[2], cq[1] - wq[1]));
                }
                if (!warmPhases.isEmpty()) {
                    text.append("\njsycl's default path phase by phase (medians, µs): warm ")
                            .append(GridKernels.JsyclWay.phaseList(GridKernels.JsyclWay.phaseMedians(warmPhases)))
                            .append("; cold ")
                            .append(GridKernels.JsyclWay.phaseList(GridKernels.JsyclWay.phaseMedians(coldPhases)))
                            .append('\n');
                }
                GridKernels.check(op, input, ways);
                for (GridKernels.Way way : ways) {
                    if (way.check.startsWith("MISMATCH")) {
                        text.append("\n").append(way.name).append(": ").append(way.check).append('\n');
                    }
                }
            } finally {
                ways.forEach(GridKernels.Way::close);
                rawIn.close();
                if (rawTable != null) {
                    rawTable.close();
                }
            }
        }
        text.append(String.format(Locale.ROOT, "%n(eviction checksum %d)%n", keep));
        System.out.print(text);
        if (opts.containsKey("out")) {
            Files.writeString(Path.of(opts.get("out")), text);
        }
        if (text.toString().contains("MISMATCH")) {
            System.exit(1);
        }
    }

    /** Each path's warm and cold runs, nanoseconds, {@code [path][run]}; the eviction's checksum. */
    record Timings(long[][] warm, long[][] cold, long checksum) {
    }

    /**
     * Runs each of {@code ways} 50 times untimed (its kernel built and launched, its path compiled), then {@code runs}
     * times warm (right after an untimed run) and cold (right after writing {@code junk}), taking turns; {@code run()}
     * keeps a jsycl path's submit phases, one entry a call, warm and cold in turn.
     */
    static Timings measure(List<GridKernels.Way> ways, int runs, long[] junk) {
        var warm = new long[ways.size()][runs];
        var cold = new long[ways.size()][runs];
        long keep = 0;
        for (int w = 0; w < ways.size(); w++) {
            GridKernels.Way way = ways.get(w);
            for (int i = 0; i < 50; i++) {
                way.untimed();
            }
            for (int r = 0; r < runs; r++) {
                way.untimed();
                long t0 = System.nanoTime();
                way.run();
                warm[w][r] = System.nanoTime() - t0;
                keep += evict(junk, r);
                t0 = System.nanoTime();
                way.run();
                cold[w][r] = System.nanoTime() - t0;
            }
        }
        return new Timings(warm, cold, keep);
    }

    /** Lower quartile, median, upper quartile of {@code nanos}, in microseconds. */
    static double[] quartiles(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return new double[] {s[s.length / 4] / 1e3, s[s.length / 2] / 1e3, s[s.length * 3 / 4] / 1e3};
    }
}
