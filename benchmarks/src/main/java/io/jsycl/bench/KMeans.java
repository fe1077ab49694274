package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * K-means over points held as records, as a new user writes it: {@code Buffer.of(points)} of a {@code record Point(int
 * x, int y)}, and per iteration one kernel that gives each point its nearest centroid and adds its coordinates to that
 * cluster's sums with atomics, then the new centroids from the sums on the host. Coordinates are integers and the
 * sums {@code long}s, so the atomics' order cannot change them: the result is Java's bit for bit. Java runs the same
 * steps with a parallel stream, each thread summing into its own arrays, merged after.
 */
final class KMeans implements FirstPrograms.Program<KMeans.Result> {
    /** A point; its coordinates are below 2^20, so squared distances and sums fit a {@code long}. */
    record Point(int x, int y) {
    }

    /** The final centroids and each point's cluster. */
    record Result(int[] cx, int[] cy, int[] labels) {
    }

    static final int K = 16;
    static final int ITERATIONS = 10;

    private final Point[] points;

    KMeans(Point[] points) {
        this.points = points;
    }

    /** {@code n} points around {@link #K} centres, the same on every run. */
    static Point[] points(int n) {
        var r = new Random(42);
        int[][] centres = new int[K][2];
        for (int[] c : centres) {
            c[0] = 100_000 + r.nextInt(800_000);
            c[1] = 100_000 + r.nextInt(800_000);
        }
        var p = new Point[n];
        for (int i = 0; i < n; i++) {
            int[] c = centres[i % K];
            p[i] = new Point(c[0] + (int) (r.nextGaussian() * 40_000), c[1] + (int) (r.nextGaussian() * 40_000));
        }
        return p;
    }

    @Override
    public String name() {
        return "k-means of points as records, " + K + " clusters, " + ITERATIONS + " iterations";
    }

    @Override
    public String size() {
        int log = Integer.numberOfTrailingZeros(points.length);
        return (points.length == 1 << log ? "2^" + log : String.valueOf(points.length)) + " points";
    }

    @Override
    public Result jsycl(Queue q) {
        int n = points.length;
        int[] cx = new int[K];
        int[] cy = new int[K];
        seed(cx, cy);
        int[] labels = new int[n];
        long[] sx = new long[K];
        long[] sy = new long[K];
        int[] count = new int[K];
        try (var pts = Buffer.of(points); var lab = Buffer.of(labels)) {
            for (int iteration = 0; iteration < ITERATIONS; iteration++) {
                Arrays.fill(sx, 0);
                Arrays.fill(sy, 0);
                Arrays.fill(count, 0);
                try (var bcx = Buffer.of(cx); var bcy = Buffer.of(cy); var bsx = Buffer.of(sx);
                     var bsy = Buffer.of(sy); var bcount = Buffer.of(count)) {
                    q.submit(h -> {
                        var p = pts.read(h);
                        var centreX = bcx.read(h);
                        var centreY = bcy.read(h);
                        var label = lab.writeNoInit(h);
                        var sumX = bsx.readWrite(h);
                        var sumY = bsy.readWrite(h);
                        var members = bcount.readWrite(h);
                        h.parallelFor(Range.of(n), it -> {
                            int i = it.id(0);
                            Point pt = p.get(i);
                            int best = 0;
                            long bestDistance = Long.MAX_VALUE;
                            for (int c = 0; c < K; c++) {
                                long dx = pt.x() - centreX.get(c);
                                long dy = pt.y() - centreY.get(c);
                                long d = dx * dx + dy * dy;
                                if (d < bestDistance) {
                                    bestDistance = d;
                                    best = c;
                                }
                            }
                            label.set(i, best);
                            sumX.atomicAdd(best, (long) pt.x());
                            sumY.atomicAdd(best, (long) pt.y());
                            members.atomicAdd(best, 1);
                        });
                    });
                } // the sums back in sx, sy and count
                update(cx, cy, sx, sy, count);
            }
        } // the labels back in labels
        return new Result(cx, cy, labels);
    }

    @Override
    public Result java() {
        int n = points.length;
        int[] cx = new int[K];
        int[] cy = new int[K];
        seed(cx, cy);
        int[] labels = new int[n];
        for (int iteration = 0; iteration < ITERATIONS; iteration++) {
            int[] fx = cx.clone();
            int[] fy = cy.clone();
            // Each thread sums into its own arrays, merged after: [sx..., sy..., count...].
            long[] sums = IntStream.range(0, n).parallel().collect(() -> new long[3 * K], (acc, i) -> {
                Point pt = points[i];
                int best = nearest(pt, fx, fy);
                labels[i] = best;
                acc[best] += pt.x();
                acc[K + best] += pt.y();
                acc[2 * K + best]++;
            }, (a, b) -> {
                for (int j = 0; j < a.length; j++) {
                    a[j] += b[j];
                }
            });
            long[] sx = Arrays.copyOfRange(sums, 0, K);
            long[] sy = Arrays.copyOfRange(sums, K, 2 * K);
            int[] count = new int[K];
            for (int c = 0; c < K; c++) {
                count[c] = (int) sums[2 * K + c];
            }
            update(cx, cy, sx, sy, count);
        }
        return new Result(cx, cy, labels);
    }

    @Override
    public String baselineDifference(Result java) {
        // The same steps one point after another on one thread.
        int n = points.length;
        int[] cx = new int[K];
        int[] cy = new int[K];
        seed(cx, cy);
        int[] labels = new int[n];
        for (int iteration = 0; iteration < ITERATIONS; iteration++) {
            long[] sx = new long[K];
            long[] sy = new long[K];
            int[] count = new int[K];
            for (int i = 0; i < n; i++) {
                int best = nearest(points[i], cx, cy);
                labels[i] = best;
                sx[best] += points[i].x();
                sy[best] += points[i].y();
                count[best]++;
            }
            update(cx, cy, sx, sy, count);
        }
        return difference(java, new Result(cx, cy, labels));
    }

    @Override
    public String difference(Result a, Result b) {
        if (!Arrays.equals(a.cx(), b.cx()) || !Arrays.equals(a.cy(), b.cy())) {
            return "centroids differ: " + Arrays.toString(a.cx()) + " vs " + Arrays.toString(b.cx());
        }
        int i = Arrays.mismatch(a.labels(), b.labels());
        return i < 0 ? null : "label of point " + i + ": " + a.labels()[i] + " vs " + b.labels()[i];
    }

    /** The first {@link #K} points' coordinates as the first centroids. */
    private void seed(int[] cx, int[] cy) {
        for (int c = 0; c < K; c++) {
            cx[c] = points[c].x();
            cy[c] = points[c].y();
        }
    }

    private static int nearest(Point pt, int[] cx, int[] cy) {
        int best = 0;
        long bestDistance = Long.MAX_VALUE;
        for (int c = 0; c < K; c++) {
            long dx = pt.x() - cx[c];
            long dy = pt.y() - cy[c];
            long d = dx * dx + dy * dy;
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return best;
    }

    /** Each cluster's new centroid, its members' mean rounded down; an empty cluster keeps its centroid. */
    private static void update(int[] cx, int[] cy, long[] sx, long[] sy, int[] count) {
        for (int c = 0; c < K; c++) {
            if (count[c] > 0) {
                cx[c] = (int) Math.floorDiv(sx[c], count[c]);
                cy[c] = (int) Math.floorDiv(sy[c], count[c]);
            }
        }
    }
}
