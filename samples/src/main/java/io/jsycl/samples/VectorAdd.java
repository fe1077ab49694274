package io.jsycl.samples;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Arrays;
import java.util.Random;

/** Adds two vectors on the default device and checks the result against a plain Java loop. */
public final class VectorAdd {
    private VectorAdd() {
    }

    /** Computes {@code c = a + b}. */
    public static void add(Queue q, float[] a, float[] b, float[] c) {
        int n = c.length;
        try (var bufA = Buffer.of(a);
             var bufB = Buffer.of(b);
             var bufC = Buffer.of(c)) {
            q.submit(h -> {
                var x = bufA.read(h);
                var y = bufB.read(h);
                var z = bufC.writeNoInit(h); // the kernel stores every element: nothing to copy in
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    z.set(i, x.get(i) + y.get(i));
                });
            });
        }
    }

    /** Usage: {@code VectorAdd [n]}. */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 20;
        var random = new Random(42);
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = random.nextFloat();
            b[i] = random.nextFloat();
        }
        float[] c = new float[n];
        try (var q = new Queue()) {
            SampleReport.device(q);
            long t0 = System.nanoTime();
            add(q, a, b, c);
            long first = System.nanoTime() - t0;
            t0 = System.nanoTime();
            add(q, a, b, c);
            long second = System.nanoTime() - t0;
            float[] expected = new float[n];
            for (int i = 0; i < n; i++) {
                expected[i] = a[i] + b[i];
            }
            SampleReport.timings("vector add of " + n + " floats", first, second);
            System.exit(SampleReport.check(Arrays.equals(c, expected), mismatch(c, expected)));
        }
    }

    private static String mismatch(float[] actual, float[] expected) {
        int i = Arrays.mismatch(actual, expected);
        return i < 0 ? "" : "index " + i + ": " + actual[i] + " != " + expected[i];
    }
}
