package io.jsycl.spark.samples;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.when;

import io.jsycl.Buffer;
import io.jsycl.Range;
import io.jsycl.spark.JsyclSpark;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;

/**
 * k-means over points in a Spark Dataset, the assignment step a jsycl kernel on each executor's device: every point
 * gets the index of its nearest centre (a column computed per partition), then Spark averages each cluster's points
 * into the next centres. At the end the same assignment is computed in plain Spark SQL and the two are compared, row
 * by row.
 *
 * <p>Usage: {@code SparkKMeans [points] [k] [iterations] [master] [jsycl|plain]}; defaults
 * {@code 1000000 8 10 local[*] jsycl}. The same program runs on a cluster with {@code spark-submit} (its master then
 * comes from there: pass {@code -} here). {@code plain} runs the assignment in Spark SQL instead (the baseline: the
 * same job on the executors' CPU cores). Its last line gives the time of the iterations, for the benchmark.
 */
public final class SparkKMeans {
    private SparkKMeans() {
    }

    /**
     * Runs the sample.
     *
     * @param args {@code [points] [k] [iterations] [master] [jsycl|plain]}
     */
    public static void main(String[] args) {
        long n = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000L;
        int k = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        int iterations = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        String master = args.length > 3 ? args[3] : "local[*]";
        boolean plain = args.length > 4 && args[4].equals("plain");
        var builder = SparkSession.builder().appName("jsycl k-means").config("spark.ui.enabled", "false");
        if (!master.equals("-")) {
            builder.master(master);
        }
        SparkSession spark = builder.getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        try {
            run(spark, n, k, iterations, plain);
        } finally {
            spark.stop();
        }
    }

    /**
     * Runs k-means on {@code spark}, prints the centres and checks the final assignment against plain Spark's.
     *
     * @param spark the session
     * @param n how many points
     * @param k how many clusters
     * @param iterations how many rounds of assignment and averaging
     * @param plain whether the assignment runs in Spark SQL rather than as a jsycl kernel (the baseline)
     * @throws IllegalStateException if a point is assigned differently from plain Spark
     */
    public static void run(SparkSession spark, long n, int k, int iterations, boolean plain) {
        // Points around k centres on a circle, with noise: deterministic, from their ids.
        Dataset<Row> points = spark.range(n).select(
                col("id"),
                (functionsCos(col("id"), k).plus(noise(col("id"), 1))).cast(DataTypes.FloatType).as("x"),
                (functionsSin(col("id"), k).plus(noise(col("id"), 2))).cast(DataTypes.FloatType).as("y"))
                .cache();
        float[] cx = new float[k];
        float[] cy = new float[k];
        List<Row> first = points.limit(k).collectAsList();
        for (int c = 0; c < k; c++) {
            cx[c] = first.get(c).getFloat(1);
            cy[c] = first.get(c).getFloat(2);
        }
        long t0 = System.nanoTime();
        Dataset<Row> assigned = null;
        for (int it = 0; it < iterations; it++) {
            assigned = (plain ? points.join(plainAssign(points, cx, cy), "id").withColumnRenamed("plain", "cluster")
                    : assign(points, cx.clone(), cy.clone())).cache();
            List<Row> centres = assigned.groupBy("cluster").agg(avg("x"), avg("y")).collectAsList();
            for (Row r : centres) {
                cx[r.getInt(0)] = (float) r.getDouble(1);
                cy[r.getInt(0)] = (float) r.getDouble(2);
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        // The same assignment in plain Spark SQL, compared row by row.
        long different = assign(points, cx.clone(), cy.clone()).join(plainAssign(points, cx, cy), "id")
                .filter(col("cluster").notEqual(col("plain"))).count();
        System.out.printf("k-means of %d points, k = %d, %d iterations: %.2f s; centres:%n", n, k, iterations, seconds);
        for (int c = 0; c < k; c++) {
            System.out.printf("  %d: (%.4f, %.4f)%n", c, cx[c], cy[c]);
        }
        System.out.println(different == 0 ? "the jsycl assignment equals plain Spark's on every point"
                : "MISMATCH: " + different + " points assigned differently from plain Spark");
        if (different != 0) {
            throw new IllegalStateException(different + " points assigned differently");
        }
        System.out.printf("iterations: %.3f s (%s, %d executors)%n", seconds, plain ? "plain Spark" : "jsycl",
                spark.sparkContext().getExecutorMemoryStatus().size() - 1);
    }

    /** Each point's nearest centre, a jsycl kernel per partition (ties: the lower index). */
    static Dataset<Row> assign(Dataset<Row> points, float[] cx, float[] cy) {
        int k = cx.length;
        return JsyclSpark.withColumn(points, "cluster", DataTypes.IntegerType, p -> {
            Buffer.OfFloat x = p.floats("x");
            Buffer.OfFloat y = p.floats("y");
            Buffer.OfInt cluster = p.outputInts();
            int m = p.size();
            try (var bx = Buffer.of(cx); var by = Buffer.of(cy)) {
                p.queue().submit(h -> {
                    var xs = x.read(h);
                    var ys = y.read(h);
                    var cxs = bx.read(h);
                    var cys = by.read(h);
                    var out = cluster.writeNoInit(h);
                    h.parallelFor(Range.of(m), it -> {
                        int i = it.id(0);
                        int best = 0;
                        float bestD = Float.MAX_VALUE;
                        for (int c = 0; c < k; c++) {
                            float dx = xs.get(i) - cxs.get(c);
                            float dy = ys.get(i) - cys.get(c);
                            float d = dx * dx + dy * dy;
                            if (d < bestD) {
                                bestD = d;
                                best = c;
                            }
                        }
                        out.set(i, best);
                    });
                });
            }
        });
    }

    /** The same assignment in Spark SQL: float distances, the first smallest wins. */
    static Dataset<Row> plainAssign(Dataset<Row> points, float[] cx, float[] cy) {
        Column best = lit(0);
        Column bestD = distance(0, cx, cy);
        for (int c = 1; c < cx.length; c++) {
            Column d = distance(c, cx, cy);
            best = when(d.lt(bestD), lit(c)).otherwise(best);
            bestD = when(d.lt(bestD), d).otherwise(bestD);
        }
        return points.select(col("id"), best.as("plain"));
    }

    private static Column distance(int c, float[] cx, float[] cy) {
        Column dx = col("x").minus(lit(cx[c]));
        Column dy = col("y").minus(lit(cy[c]));
        return dx.multiply(dx).plus(dy.multiply(dy));
    }

    private static Column functionsCos(Column id, int k) {
        return org.apache.spark.sql.functions.cos(id.mod(k).multiply(2 * Math.PI / k)).multiply(10);
    }

    private static Column functionsSin(Column id, int k) {
        return org.apache.spark.sql.functions.sin(id.mod(k).multiply(2 * Math.PI / k)).multiply(10);
    }

    private static Column noise(Column id, int salt) {
        return org.apache.spark.sql.functions.hash(id, lit(salt)).mod(1000).divide(250.0);
    }
}
