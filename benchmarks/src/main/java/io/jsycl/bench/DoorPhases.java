package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.HostArray;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Arrays;

/**
 * Where the time of one operation from Java arrays and back goes, as the README writes it: SAXPY of 2^26 floats,
 * {@code try (var x = Buffer.of(xs); var y = Buffer.of(ys)) { q.submit(...); }}, timed phase by phase on the host
 * clock: making the buffers, the submit (which starts the uploads: the host copies into pinned memory happen on the
 * calling thread), waiting for the kernel, closing {@code y} (its write-back) and closing {@code x}. Prints the
 * median of each phase over the runs, and the whole. Then the same SAXPY through host USM ({@link HostArray}s kept
 * across runs: buffers over them made per run, and explicit copies to and from device arrays), beside the bytes it
 * moves (two arrays up, one down) at the pinned-memory bandwidth, measured in the same run with raw OpenCL.
 *
 * <pre>DoorPhases [--device gpu|cpu|NAME] [--log2 26] [--runs 15]</pre>
 */
public final class DoorPhases {
    private DoorPhases() {
    }

    /** The median, in ms, of {@code runs} timings of {@code timed} after two untimed warm-up runs. */
    private static double medianOfRuns(int runs, Runnable timed) {
        long[] nanos = new long[runs];
        for (int run = -2; run < runs; run++) {
            long t0 = System.nanoTime();
            timed.run();
            if (run >= 0) {
                nanos[run] = System.nanoTime() - t0;
            }
        }
        return median(nanos);
    }

    private static double median(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return s[s.length / 2] / 1e6;
    }

    /** SAXPY over buffers made per run over host arrays kept across runs (filled from the Java arrays once). */
    private static double hostUsmBuffers(Queue q, float[] xs, float[] ys, int runs) {
        int n = xs.length;
        try (var hx = HostArray.ofFloat(q, n); var hy = HostArray.ofFloat(q, n)) {
            hx.copyFrom(xs);
            hy.copyFrom(ys);
            double ms = medianOfRuns(runs, () -> {
                try (var x = Buffer.of(hx); var y = Buffer.of(hy)) {
                    q.submit(h -> {
                        var in = x.read(h);
                        var out = y.readWrite(h);
                        h.parallelFor(Range.of(n), it -> out.set(it.id(0), 2.5f * in.get(it.id(0)) + out.get(it.id(0))));
                    });
                }
            });
            check(hy.toArray(), xs, ys, runs + 2);
            return ms;
        }
    }

    /** SAXPY with explicit copies between host arrays and device arrays, as SYCL's USM programs write it. */
    private static double hostUsmCopies(Queue q, float[] xs, float[] ys, int runs) {
        int n = xs.length;
        try (var hx = HostArray.ofFloat(q, n); var hy = HostArray.ofFloat(q, n);
             var dx = DeviceArray.ofFloat(q, n); var dy = DeviceArray.ofFloat(q, n)) {
            hx.copyFrom(xs);
            hy.copyFrom(ys);
            double ms = medianOfRuns(runs, () -> {
                var in = q.copy(hx, dx);
                var inout = q.copy(hy, dy);
                var k = q.submit(h -> {
                    h.dependsOn(in, inout);
                    h.parallelFor(Range.of(n), it -> dy.set(it.id(0), 2.5f * dx.get(it.id(0)) + dy.get(it.id(0))));
                });
                q.copy(dy, hy, k).await();
            });
            check(hy.toArray(), xs, ys, runs + 2);
            return ms;
        }
    }

    /** y after {@code rounds} SAXPYs from {@code ys}, as Java computes it, against {@code got}. */
    private static void check(float[] got, float[] xs, float[] ys, int rounds) {
        for (int i = 0; i < xs.length; i += 4093) {
            float want = ys[i];
            for (int r = 0; r < rounds; r++) {
                want = 2.5f * xs[i] + want;
            }
            if (Float.floatToRawIntBits(got[i]) != Float.floatToRawIntBits(want)) {
                throw new AssertionError("y[" + i + "] = " + got[i] + ", Java computes " + want);
            }
        }
    }

    /**
     * The SAXPY's bytes (two arrays up, one down) moved between pinned memory and the device by raw OpenCL, blocking,
     * one transfer per array: the figure the door is measured against.
     */
    private static double pinnedFigure(Device device, long bytes, int runs) {
        try (var cl = new RawCl(Suite.match(device), false)) {
            var pinnedMem = io.jsycl.opencl.ClMem.createBuffer(cl.context,
                    io.jsycl.opencl.ClMemFlags.READ_WRITE | io.jsycl.opencl.ClMemFlags.ALLOC_HOST_PTR, 2 * bytes,
                    java.lang.foreign.MemorySegment.NULL);
            var pinned = cl.queue.mapBuffer(pinnedMem, io.jsycl.opencl.ClMemFlags.MAP_READ
                    | io.jsycl.opencl.ClMemFlags.MAP_WRITE, 0, 2 * bytes, java.util.List.of());
            try (var x = cl.buffer(bytes); var y = cl.buffer(bytes)) {
                return medianOfRuns(runs, () -> {
                    cl.queue.enqueueWriteBuffer(x, false, 0, pinned, bytes, java.util.List.of()).close();
                    cl.queue.enqueueWriteBuffer(y, false, 0, pinned.asSlice(bytes), bytes, java.util.List.of()).close();
                    cl.queue.enqueueReadBuffer(y, true, 0, pinned.asSlice(bytes), bytes, java.util.List.of()).close();
                });
            } finally {
                try (var unmap = cl.queue.enqueueUnmap(pinnedMem, pinned, java.util.List.of())) {
                    unmap.await();
                }
                pinnedMem.close();
            }
        }
    }

    /**
     * Aparapi's end to end of the same SAXPY, in explicit mode as its users write it for speed: put both arrays,
     * execute, get y; NaN where Aparapi cannot run on the device. Aparapi makes its OpenCL buffers over the Java arrays
     * themselves ({@code CL_MEM_USE_HOST_PTR}, the array's address while the JVM holds it still for the call) and
     * keeps them while the array stays where it was: with the same arrays every run, the driver has their memory
     * registered and moves it by DMA with no copy. With {@code freshY}, y is a new array each run (made off the
     * clock, as the suite's e2e does), so its buffer is made again.
     */
    private static double aparapi(Device device, float[] xs, float[] ys, int runs, boolean freshY) {
        AparapiBaseline a;
        try {
            a = AparapiBaseline.open(device);
        } catch (RuntimeException | LinkageError e) {
            System.err.println("Aparapi cannot run on " + device.name() + ": " + e);
            return Double.NaN;
        }
        int n = xs.length;
        var k = new AparapiKernels.Saxpy();
        k.setExplicit(true);
        k.alpha = 2.5f;
        k.x = xs;
        k.y = ys.clone();
        var range = AparapiPaths.range1(a.device, n);
        long[] nanos = new long[runs];
        for (int run = -2; run < runs; run++) {
            if (freshY) {
                k.y = k.y.clone();
            }
            long t0 = System.nanoTime();
            k.put(k.x).put(k.y);
            a.execute(k, range); // also checks that it ran on the device, not in Java
            k.get(k.y);
            if (run >= 0) {
                nanos[run] = System.nanoTime() - t0;
            }
        }
        check(k.y, xs, ys, runs + 2);
        // What Aparapi itself says its last run did (profiling events by type: W writes, X the kernel, R reads).
        var byType = new java.util.TreeMap<String, double[]>();
        for (var p : k.getProfileInfo()) {
            double[] v = byType.computeIfAbsent(String.valueOf(p.getType()) + " " + p.getLabel(), t -> new double[2]);
            v[0]++;
            v[1] += (p.getEnd() - p.getStart()) / 1e6;
        }
        System.err.println("Aparapi's profile of its last run" + (freshY ? " (a new y each run)" : "") + ": "
                + byType.entrySet().stream().map(e -> String.format("%s x%.0f %.3f ms", e.getKey(), e.getValue()[0],
                        e.getValue()[1])).toList());
        k.dispose();
        return median(nanos);
    }

    public static void main(String[] args) {
        var opts = Suite.parse(args);
        int n = 1 << Suite.intOpt(opts, "log2", 26);
        int runs = Suite.intOpt(opts, "runs", 15);
        Device device = Suite.devices(opts.get("device")).getFirst();
        float[] xs = new float[n];
        float[] ys = new float[n];
        for (int i = 0; i < n; i++) {
            xs[i] = i % 1000 * 0.25f;
        }
        String[] names = {"Buffer.of x2", "submit (uploads)", "kernel wait", "close y (write-back)", "close x", "whole"};
        long[][] nanos = new long[names.length][runs];
        try (var q = new Queue(device)) {
            for (int run = -2; run < runs; run++) {
                long t0 = System.nanoTime();
                var x = Buffer.of(xs);
                var y = Buffer.of(ys);
                long t1 = System.nanoTime();
                var e = q.submit(h -> {
                    var in = x.read(h);
                    var out = y.readWrite(h);
                    h.parallelFor(Range.of(n), it -> out.set(it.id(0), 2.5f * in.get(it.id(0)) + out.get(it.id(0))));
                });
                long t2 = System.nanoTime();
                e.await();
                long t3 = System.nanoTime();
                y.close();
                long t4 = System.nanoTime();
                x.close();
                long t5 = System.nanoTime();
                if (run >= 0) {
                    long[] t = {t0, t1, t2, t3, t4, t5};
                    for (int p = 0; p < 5; p++) {
                        nanos[p][run] = t[p + 1] - t[p];
                    }
                    nanos[5][run] = t5 - t0;
                }
            }
            System.out.println("## " + device.name() + ": SAXPY of 2^" + Integer.numberOfTrailingZeros(n)
                    + " floats from Java arrays and back, " + runs + " runs\n");
            System.out.println("| phase | median ms | min ms |");
            System.out.println("|---|---|---|");
            for (int p = 0; p < names.length; p++) {
                long[] s = nanos[p].clone();
                Arrays.sort(s);
                System.out.printf("| %s | %.3f | %.3f |%n", names[p], s[runs / 2] / 1e6, s[0] / 1e6);
            }
            check(ys, xs, new float[n], runs + 2);
            double idiom = median(nanos[5]);
            double usmBuffers = hostUsmBuffers(q, xs, ys, runs);
            double usmCopies = hostUsmCopies(q, xs, ys, runs);
            double pinned = pinnedFigure(device, 4L * n, runs);
            double aparapi = aparapi(device, xs, ys, runs, false);
            double aparapiFresh = aparapi(device, xs, ys, runs, true);
            System.out.println();
            System.out.println("| the same SAXPY | median ms | x the bytes at pinned bandwidth |");
            System.out.println("|---|---|---|");
            System.out.printf("| README idiom: Buffer.of(float[]) per run (above) | %.3f | %.2f |%n", idiom, idiom / pinned);
            System.out.printf("| host USM: Buffer.of(HostArray) per run | %.3f | %.2f |%n", usmBuffers, usmBuffers / pinned);
            System.out.printf("| host USM: q.copy HostArray -> DeviceArray, kernel, q.copy back | %.3f | %.2f |%n",
                    usmCopies, usmCopies / pinned);
            System.out.printf("| the bytes (two arrays up, one down) at pinned bandwidth, raw OpenCL | %.3f | 1.00 |%n",
                    pinned);
            if (!Double.isNaN(aparapi)) {
                System.out.printf("| Aparapi 3.0.2 end to end: put x and y, execute, get y, the same arrays every run"
                        + " | %.3f | %.2f |%n", aparapi, aparapi / pinned);
                System.out.printf("| Aparapi 3.0.2 end to end, a new y array every run (the suite's e2e) | %.3f | %.2f |%n",
                        aparapiFresh, aparapiFresh / pinned);
            }
            System.out.println(q.context().memoryStats());
        }
    }
}
