package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * What a kernel costs on the pure-Java host device, beside the same arithmetic as a parallel Java loop and on each
 * OpenCL CPU device of the machine: a 1-D {@code Range} kernel, an nd-range kernel without barriers, an nd-range
 * kernel that stages its group's elements in local memory between two barriers (a reversal within each group), one
 * with a work-group reduction (each group's maximum) and one with a sub-group reduction (each sub-group's maximum).
 * Data stays in the buffers between runs; a run is the submit and its wait. Median of {@code --runs} after one
 * warm-up run, milliseconds; every result checked against Java.
 *
 * <pre>HostDeviceBench [--log2 20] [--runs 7]</pre>
 */
public final class HostDeviceBench {
    private HostDeviceBench() {
    }

    public static void main(String[] args) {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        int n = 1 << Suite.intOpt(opts, "log2", 20);
        int runs = Suite.intOpt(opts, "runs", 7);
        int group = 256;
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 0.5f;
        }
        float[] expectMap = new float[n];
        float[] expectReverse = new float[n];
        for (int i = 0; i < n; i++) {
            expectMap[i] = x[i] * 2f + (i % group);
            int base = i / group * group;
            expectReverse[i] = x[base + group - 1 - i % group];
        }
        float[] expectSubMax = new float[n];
        for (int s0 = 0; s0 < n; s0 += 32) {
            float m = Float.NEGATIVE_INFINITY;
            for (int l = 0; l < 32; l++) {
                m = Math.max(m, x[s0 + l]);
            }
            Arrays.fill(expectSubMax, s0, s0 + 32, m);
        }
        float[] expectMax = new float[n];
        for (int g0 = 0; g0 < n; g0 += group) {
            float m = Float.NEGATIVE_INFINITY;
            for (int l = 0; l < group; l++) {
                m = Math.max(m, x[g0 + l]);
            }
            Arrays.fill(expectMax, g0, g0 + group, m);
        }
        System.out.printf("## Kernels on the host device, %d floats, work-groups of %d (%d host cores)%n%n", n, group,
                Runtime.getRuntime().availableProcessors());
        System.out.println("| kernel | device | median ms | x Java loop | check |");
        System.out.println("|---|---|---|---|---|");
        float[] y = new float[n];
        double javaMap = median(runs, () -> IntStream.range(0, n).parallel()
                .forEach(i -> y[i] = x[i] * 2f + (i % group)));
        double javaReverse = median(runs, () -> IntStream.range(0, n).parallel()
                .forEach(i -> y[i] = x[i / group * group + group - 1 - i % group]));
        double javaMax = median(runs, () -> IntStream.range(0, n / group).parallel().forEach(g -> {
            float m = Float.NEGATIVE_INFINITY;
            for (int l = 0; l < group; l++) {
                m = Math.max(m, x[g * group + l]);
            }
            Arrays.fill(y, g * group, g * group + group, m);
        }));
        double javaSubMax = median(runs, () -> IntStream.range(0, n / 32).parallel().forEach(g -> {
            float m = Float.NEGATIVE_INFINITY;
            for (int l = 0; l < 32; l++) {
                m = Math.max(m, x[g * 32 + l]);
            }
            Arrays.fill(y, g * 32, g * 32 + 32, m);
        }));
        System.out.printf("| map | Java parallel stream | %.2f | 1.00 | - |%n", javaMap);
        System.out.printf("| reverse within groups | Java parallel stream | %.2f | 1.00 | - |%n", javaReverse);
        System.out.printf("| maximum of each group | Java parallel stream | %.2f | 1.00 | - |%n", javaMax);
        System.out.printf("| maximum of each sub-group of 32 | Java parallel stream | %.2f | 1.00 | - |%n", javaSubMax);
        List<Device> devices = new ArrayList<>(Device.all().stream()
                .filter(d -> d.isHost() || d.type() == io.jsycl.DeviceType.CPU).toList());
        for (Device device : devices) {
            float[] out = new float[n];
            try (var q = new Queue(device); var in = Buffer.of(x); var o = Buffer.of(out)) {
                Runnable range = () -> q.submit(h -> {
                    var a = in.read(h);
                    var b = o.write(h);
                    h.parallelFor(Range.of(n), it -> b.set(it.id(0), a.get(it.id(0)) * 2f + (it.id(0) % group)));
                }).await();
                Runnable nd = () -> q.submit(h -> {
                    var a = in.read(h);
                    var b = o.write(h);
                    h.parallelFor(NdRange.of(Range.of(n), Range.of(group)),
                            it -> b.set(it.globalId(0), a.get(it.globalId(0)) * 2f + it.localId(0)));
                }).await();
                Runnable reverse = () -> q.submit(h -> {
                    var a = in.read(h);
                    var b = o.write(h);
                    var tile = io.jsycl.LocalAccessor.ofFloat(h, group);
                    h.parallelFor(NdRange.of(Range.of(n), Range.of(group)), it -> {
                        tile.set(it.localId(0), a.get(it.globalId(0)));
                        it.barrier();
                        b.set(it.globalId(0), tile.get(group - 1 - it.localId(0)));
                    });
                }).await();
                Runnable max = () -> q.submit(h -> {
                    var a = in.read(h);
                    var b = o.write(h);
                    h.parallelFor(NdRange.of(Range.of(n), Range.of(group)), it -> {
                        float m = it.reduceOverGroup(a.get(it.globalId(0)), io.jsycl.GroupOp.MAX);
                        b.set(it.globalId(0), m);
                    });
                }).await();
                Runnable subMax = () -> q.submit(h -> {
                    var a = in.read(h);
                    var b = o.write(h);
                    h.parallelFor(NdRange.of(Range.of(n), Range.of(group)), it -> {
                        float m = it.reduceOverSubGroup(a.get(it.globalId(0)), io.jsycl.GroupOp.MAX);
                        b.set(it.globalId(0), m);
                    });
                }).await();
                row("map, Range", device, median(runs, range), javaMap, o, expectMap);
                row("map, nd-range without barriers", device, median(runs, nd), javaMap, o, expectMap);
                row("reverse within groups, nd-range with barriers", device, median(runs, reverse), javaReverse, o,
                        expectReverse);
                row("maximum of each group, reduceOverGroup", device, median(runs, max), javaMax, o, expectMax);
                // Sub-groups are 32 work-items on every device (docs/kernel-language.md).
                row("maximum of each sub-group, reduceOverSubGroup", device, median(runs, subMax), javaSubMax, o,
                        expectSubMax);
            }
        }
    }

    private static void row(String kernel, Device device, double ms, double java, Buffer.OfFloat out,
            float[] expected) {
        float[] got;
        try (var view = out.hostAccess()) {
            got = new float[expected.length];
            for (int i = 0; i < got.length; i++) {
                got[i] = view.get(i);
            }
        }
        System.out.printf("| %s | %s | %.2f | %.2f | %s |%n", kernel, device.name(), ms, ms / java,
                Arrays.equals(got, expected) ? "ok" : "MISMATCH");
    }

    /** The median of {@code runs} runs of {@code op}, after one, in milliseconds. */
    private static double median(int runs, Runnable op) {
        return Stats.wall(1, runs, op).medianMs();
    }
}
