package io.jsycl.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Range;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jsycl kernels in a multi-process Spark ({@code local-cluster[2,1,1024]}: a master, a worker and two executor JVMs),
 * each executor with its own jsycl context: the result against a plain Java loop, and an executor killed in the
 * middle of a task, which Spark retries on the other one, with the same result.
 */
class JsyclSparkClusterTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local-cluster[2,1,1024]").appName("JsyclSparkClusterTest")
                .config("spark.ui.enabled", "false")
                .config("spark.executorEnv.SPARK_SCALA_VERSION", "2.13")
                .config("spark.executorEnv.SPARK_SQL_TESTING", "1")
                .config("spark.executor.extraClassPath", System.getProperty("java.class.path"))
                .config("spark.executor.extraJavaOptions", "--enable-native-access=ALL-UNNAMED -Djsycl.warmup=off")
                .config("spark.plugins", JsyclPlugin.class.getName())
                .config("spark.task.maxFailures", "4")
                .getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    private static Dataset<Row> values(int n) {
        var rows = new ArrayList<Row>(n);
        for (int i = 0; i < n; i++) {
            rows.add(RowFactory.create(i, (long) i * 2654435761L % 1_000_003L));
        }
        StructType schema = new StructType().add("id", DataTypes.IntegerType, false)
                .add("v", DataTypes.LongType, false);
        return spark.createDataFrame(rows, schema).repartition(4);
    }

    /** v * 3 + id, on the executor's device; with {@code killMarker}, the first task to run exits its executor. */
    private static Dataset<Row> compute(Dataset<Row> in, String killMarker) {
        return JsyclSpark.withColumn(in, "w", DataTypes.LongType, p -> {
            if (killMarker != null) {
                try {
                    Files.createFile(Path.of(killMarker)); // only the first task gets it: the others find it there
                    Runtime.getRuntime().halt(3); // the executor dies in the middle of the task
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    // a later attempt, or another task: compute
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            Buffer.OfLong v = p.longs("v");
            Buffer.OfInt id = p.ints("id");
            Buffer.OfLong w = p.outputLongs();
            int n = p.size();
            p.queue().submit(h -> {
                var vs = v.read(h);
                var ids = id.read(h);
                var ws = w.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> ws.set(it.id(0), vs.get(it.id(0)) * 3 + ids.get(it.id(0))));
            });
        });
    }

    private static void assertComputed(List<Row> rows, int n) {
        assertThat(rows).hasSize(n);
        Map<Integer, Long> byId = new HashMap<>();
        for (Row r : rows) {
            byId.put(r.getInt(0), r.getLong(2));
        }
        for (int i = 0; i < n; i++) {
            long v = (long) i * 2654435761L % 1_000_003L;
            assertThat(byId.get(i)).as("row %d", i).isEqualTo(v * 3 + i);
        }
    }

    @Test
    void twoExecutorJvmsComputeTheColumn() {
        assertComputed(compute(values(50_000), null).collectAsList(), 50_000);
    }

    @Test
    void aKilledExecutorsTaskIsRetriedWithTheSameResult(@TempDir Path dir) {
        String marker = dir.resolve("killed").toString();
        assertComputed(compute(values(20_000), marker).collectAsList(), 20_000);
        assertThat(Path.of(marker)).as("an executor was killed").exists();
    }

    /** A record of the RDD test below: serializable, as an RDD's elements that move between JVMs are. */
    record Pair(long id, double value) implements java.io.Serializable {
    }

    @Test
    void twoExecutorJvmsMapAnRddOfRecords() {
        var pairs = new ArrayList<Pair>();
        for (int i = 0; i < 30_000; i++) {
            pairs.add(new Pair(i, i * 0.5));
        }
        var context = org.apache.spark.api.java.JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<Pair> out = JsyclSpark.mapRecords(context.parallelize(pairs, 6), Pair.class, Pair.class, p -> {
            var in = p.input();
            var result = p.output();
            int n = p.size();
            p.queue().submit(h -> {
                var a = in.read(h);
                var b = result.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> {
                    Pair q = a.get(it.id(0));
                    b.set(it.id(0), new Pair(q.id() * 3, q.value() * q.value() + 1.0));
                });
            });
        }).collect();
        assertThat(out).containsExactlyElementsOf(pairs.stream()
                .map(q -> new Pair(q.id() * 3, q.value() * q.value() + 1.0)).toList());
    }
}
