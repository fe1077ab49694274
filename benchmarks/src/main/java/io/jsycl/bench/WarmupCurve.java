package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How one operation's time falls over the first runs of a fresh JVM: a 2-D kernel over 2048² floats (out = 2 * in),
 * each run its submit and its wait, jsycl beside the same kernel hand-written and enqueued through the raw bindings
 * ({@code clEnqueueNDRangeKernel} without an event, {@code clFinish}, 32x8 work-groups). The host-clock time of
 * chosen runs (1, 2, 3, 5, 10 ... up to {@code --runs}) shows how long the Java code of each path runs in the
 * interpreter and the JIT's first tiers before it reaches its steady time. Run it in a JVM of its own: the curve is
 * the JVM's first. {@code -Xint} shows the interpreted time throughout; lower {@code -XX:Tier3InvocationThreshold}
 * and {@code -XX:Tier4InvocationThreshold} show how the curve follows the JIT's thresholds.
 *
 * <pre>WarmupCurve [--device gpu|cpu|NAME] [--runs 4000] [--n 2048]</pre>
 */
public final class WarmupCurve {
    private static final String SOURCE = """
            __kernel void twice(__global const float* in, __global float* out, int n) {
                int j = get_global_id(0);
                int i = get_global_id(1);
                if (i < n && j < n) {
                    out[i * n + j] = in[i * n + j] * 2.0f;
                }
            }
            """;

    private WarmupCurve() {
    }

    public static void main(String[] args) {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        int runs = Suite.intOpt(opts, "runs", 4000);
        int n = Suite.intOpt(opts, "n", 2048);
        Device device = Suite.devices(opts.get("device")).getFirst();
        List<Integer> marks = new ArrayList<>();
        for (int r : new int[] {1, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 4000, 8000, 16000}) {
            if (r <= runs) {
                marks.add(r);
            }
        }
        List<String> warmup = GridKernels.warmupLog();
        long[] jsycl = new long[marks.size()];
        long[] raw = new long[marks.size()];
        try (var q = new Queue(device); var in = Buffer.ofFloat(Range.of(n, n)); var out = Buffer.ofFloat(Range.of(n, n))) {
            int m = 0;
            for (int r = 1; r <= runs; r++) {
                long t0 = System.nanoTime();
                Event e = q.submit(h -> {
                    var a = in.read(h);
                    var b = out.writeNoInit(h);
                    h.parallelFor(Range.of(n, n), it -> b.set(it.id(0), it.id(1), a.get(it.id(0), it.id(1)) * 2.0f));
                });
                e.await();
                long t = System.nanoTime() - t0;
                if (m < marks.size() && r == marks.get(m)) {
                    jsycl[m++] = t;
                }
            }
        }
        try (var cl = new RawCl(Suite.match(device), false); ClMem in = cl.buffer(4L * n * n);
             ClMem out = cl.buffer(4L * n * n); ClProgram p = cl.build(SOURCE); ClKernel k = ClKernel.create(p, "twice")) {
            k.setArg(0, in);
            k.setArg(1, out);
            k.setArgInt(2, n);
            long[] global = {(n + 31) / 32 * 32L, (n + 7) / 8 * 8L};
            long[] local = {32, 8};
            int m = 0;
            for (int r = 1; r <= runs; r++) {
                long t0 = System.nanoTime();
                cl.queue.enqueueNDRangeKernelWithoutEvent(k, 2, null, global, local, null);
                cl.queue.finish();
                long t = System.nanoTime() - t0;
                if (m < marks.size() && r == marks.get(m)) {
                    raw[m++] = t;
                }
            }
        }
        System.out.printf("## %s: one 2-D kernel over %d² floats and its wait, by run of a fresh JVM (%s; the"
                + " submit-path warm-up %s)%n%n", device.name(), n, String.join(" ", java.lang.management.ManagementFactory
                        .getRuntimeMXBean().getInputArguments().stream().filter(a -> a.startsWith("-X")).toList()),
                GridKernels.warmupNote());
        System.out.println("| run | jsycl µs | hand-written µs | jsycl / hand-written |");
        System.out.println("|---|---|---|---|");
        for (int i = 0; i < marks.size(); i++) {
            System.out.printf("| %d | %.1f | %.1f | %.2f |%n", marks.get(i), jsycl[i] / 1e3, raw[i] / 1e3,
                    (double) jsycl[i] / raw[i]);
        }
        System.out.printf("%njsycl's submit-path warm-up: %s%n", warmup.isEmpty() ? "none logged by the end"
                : String.join("; ", warmup));
    }
}
