package io.jsycl.samples;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Arrays;
import java.util.Random;

/** {@code y = alpha * x + y} on the default device, checked against a plain Java loop. */
public final class Saxpy {
    private Saxpy() {
    }

    /** Computes {@code y = alpha * x + y} in place. */
    public static void saxpy(Queue q, float alpha, float[] x, float[] y) {
        int n = y.length;
        try (var bufX = Buffer.of(x);
             var bufY = Buffer.of(y)) {
            q.submit(h -> {
                var xs = bufX.read(h);
                var ys = bufY.readWrite(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    ys.set(i, alpha * xs.get(i) + ys.get(i));
                });
            });
        }
    }

    /** Usage: {@code Saxpy [n]}. */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 20;
        float alpha = 2.5f;
        var random = new Random(7);
        float[] x = new float[n];
        float[] y = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextFloat();
            y[i] = random.nextFloat();
        }
        float[] expected = new float[n];
        for (int i = 0; i < n; i++) {
            expected[i] = alpha * x[i] + y[i];
        }
        try (var q = new Queue()) {
            SampleReport.device(q);
            long t0 = System.nanoTime();
            saxpy(q, alpha, x, y);
            long elapsed = System.nanoTime() - t0;
            SampleReport.timings("saxpy of " + n + " floats", elapsed, -1);
            System.exit(SampleReport.check(Arrays.equals(y, expected), "y differs from alpha * x + y computed in Java"));
        }
    }
}
