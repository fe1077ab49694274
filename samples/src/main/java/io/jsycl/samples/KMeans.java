package io.jsycl.samples;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.Reduction;
import java.util.Arrays;
import java.util.Random;

/**
 * K-means clustering of 2-D points: each iteration is one kernel that finds every point's nearest centre and gathers
 * each cluster's sums of x and y and its count as three reductions in one {@code parallelFor}, each over {@code k}
 * elements reduced on their own ({@code sumX.combine(cluster, x)}: SYCL's span reductions; the counts are ints, exact
 * at any size); the new centres are the means, computed in Java. The
 * same steps in Java give the same centres bit for bit where the sums are exact (integer coordinates, as
 * {@link #main} makes them); otherwise the device adds in another order.
 */
public final class KMeans {
    private KMeans() {
    }

    /**
     * Runs {@code iterations} steps of k-means from {@code centres} (x0, y0, x1, y1 ..., updated in place).
     *
     * @param q the queue
     * @param xs the points' x coordinates
     * @param ys their y coordinates
     * @param centres the starting centres, two floats each; the final ones on return
     * @param iterations how many steps
     */
    public static void cluster(Queue q, float[] xs, float[] ys, float[] centres, int iterations) {
        int n = xs.length;
        int k = centres.length / 2;
        try (var bx = Buffer.of(xs); var by = Buffer.of(ys)) {
            for (int step = 0; step < iterations; step++) {
                float[] sumX = new float[k];
                float[] sumY = new float[k];
                int[] counts = new int[k];
                float[] c = centres.clone();
                try (var sx = Buffer.of(sumX); var sy = Buffer.of(sumY); var cn = Buffer.of(counts)) {
                    q.submit(h -> {
                        var x = bx.read(h);
                        var y = by.read(h);
                        h.parallelFor(Range.of(n), Reduction.sum(sx), Reduction.sum(sy), Reduction.sum(cn),
                                (it, a, b, count) -> {
                                    int i = it.id(0);
                                    int nearest = nearest(c, x.get(i), y.get(i));
                                    a.combine(nearest, x.get(i));
                                    b.combine(nearest, y.get(i));
                                    count.combine(nearest, 1);
                                });
                    });
                }
                update(centres, sumX, sumY, counts);
            }
        }
    }

    /** The same steps in Java. */
    public static void clusterInJava(float[] xs, float[] ys, float[] centres, int iterations) {
        int k = centres.length / 2;
        for (int step = 0; step < iterations; step++) {
            float[] sumX = new float[k];
            float[] sumY = new float[k];
            int[] counts = new int[k];
            for (int i = 0; i < xs.length; i++) {
                int nearest = nearest(centres, xs[i], ys[i]);
                sumX[nearest] += xs[i];
                sumY[nearest] += ys[i];
                counts[nearest]++;
            }
            update(centres, sumX, sumY, counts);
        }
    }

    /**
     * The index of the centre nearest to (x, y), the first of equally near ones; a kernel calls it too.
     *
     * @param centres the centres, x0, y0, x1, y1 ...
     * @param x the point's x
     * @param y the point's y
     * @return the nearest centre's index
     */
    public static int nearest(float[] centres, float x, float y) {
        int best = 0;
        float bestDistance = Float.MAX_VALUE;
        for (int c = 0; c < centres.length / 2; c++) {
            float dx = x - centres[2 * c];
            float dy = y - centres[2 * c + 1];
            float d = dx * dx + dy * dy;
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return best;
    }

    /** Each centre moved to its cluster's mean; a centre without points stays. */
    private static void update(float[] centres, float[] sumX, float[] sumY, int[] counts) {
        for (int c = 0; c < centres.length / 2; c++) {
            if (counts[c] > 0) {
                centres[2 * c] = sumX[c] / counts[c];
                centres[2 * c + 1] = sumY[c] / counts[c];
            }
        }
    }

    /**
     * Clusters 2^16 random integer points around 8 centres on the default device and checks the result against Java
     * (each cluster's sums stay below 2^24, so the floats add exactly in any order).
     *
     * @param args none
     */
    public static void main(String[] args) {
        var r = new Random(1);
        int n = 1 << 16;
        float[] xs = new float[n];
        float[] ys = new float[n];
        for (int i = 0; i < n; i++) {
            int cluster = r.nextInt(8);
            xs[i] = cluster * 50 + r.nextInt(41) - 20;
            ys[i] = (cluster % 3) * 50 + r.nextInt(41) - 20;
        }
        float[] centres = new float[16];
        for (int c = 0; c < 8; c++) {
            centres[2 * c] = xs[c * 1000];
            centres[2 * c + 1] = ys[c * 1000];
        }
        float[] expected = centres.clone();
        try (var q = new Queue()) {
            long t0 = System.nanoTime();
            cluster(q, xs, ys, centres, 10);
            System.out.printf("k-means of %d points on %s: %.1f ms for 10 iterations%n", n, q.device().name(),
                    (System.nanoTime() - t0) / 1e6);
        }
        clusterInJava(xs, ys, expected, 10);
        System.out.println(Arrays.equals(centres, expected) ? "centres match Java" : "MISMATCH with Java");
        System.out.println(Arrays.toString(centres));
    }
}
