package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Arrays;

/**
 * Where the time of one operation from Java arrays and back goes, as the README writes it: SAXPY of 2^26 floats,
 * {@code try (var x = Buffer.of(xs); var y = Buffer.of(ys)) { q.submit(...); }}, timed phase by phase on the host
 * clock: making the buffers, the submit (which starts the uploads: the host copies into pinned memory happen on the
 * calling thread), waiting for the kernel, closing {@code y} (its write-back) and closing {@code x}. Prints the
 * median of each phase over the runs, and the whole.
 *
 * <pre>DoorPhases [--device gpu|cpu|NAME] [--log2 26] [--runs 15]</pre>
 */
public final class DoorPhases {
    private DoorPhases() {
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
            System.out.println(q.context().memoryStats());
        }
    }
}
