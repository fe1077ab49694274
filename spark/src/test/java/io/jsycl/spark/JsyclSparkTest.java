package io.jsycl.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.sqrt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Range;
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

/**
 * jsycl kernels inside a real Spark job ({@code local[2]}: two executor threads, several partitions), each result
 * compared with the same job written in plain Spark, and the errors a Spark user meets.
 */
class JsyclSparkTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("JsyclSparkTest")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "3").getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    private static Dataset<Row> points(int n, boolean withNull) {
        var rows = new ArrayList<Row>(n);
        var r = new java.util.Random(42);
        for (int i = 0; i < n; i++) {
            Float x = withNull && i == n / 2 ? null : r.nextFloat() * 200f - 100f;
            rows.add(RowFactory.create(i, x, r.nextFloat() * 200f - 100f));
        }
        StructType schema = new StructType().add("id", DataTypes.IntegerType, false)
                .add("x", DataTypes.FloatType, true).add("y", DataTypes.FloatType, false);
        return spark.createDataFrame(rows, schema).repartition(3);
    }

    /** The kernel of the class comment: each point's distance from the origin. */
    private static Dataset<Row> radius(Dataset<Row> points) {
        return JsyclSpark.withColumn(points, "r", DataTypes.FloatType, p -> {
            Buffer.OfFloat x = p.floats("x");
            Buffer.OfFloat y = p.floats("y");
            Buffer.OfFloat r = p.outputFloats();
            int n = p.size();
            p.queue().submit(h -> {
                var xs = x.read(h);
                var ys = y.read(h);
                var rs = r.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    rs.set(i, (float) Math.sqrt(xs.get(i) * xs.get(i) + ys.get(i) * ys.get(i)));
                });
            });
        });
    }

    @Test
    void aNewColumnComputedByAKernelMatchesPlainSpark() {
        Dataset<Row> points = points(20_000, false);
        List<Row> jsycl = radius(points).collectAsList();
        // The same in plain Spark: float products and sum, sqrt in double, back to float.
        Map<Integer, Float> expected = new HashMap<>();
        for (Row row : points.withColumn("r", sqrt(col("x").multiply(col("x")).plus(col("y").multiply(col("y"))))
                .cast(DataTypes.FloatType)).collectAsList()) {
            expected.put(row.getInt(0), row.getFloat(3));
        }
        assertThat(jsycl).hasSize(20_000);
        for (Row row : jsycl) {
            assertThat(Float.floatToRawIntBits(row.getFloat(3))).as("row %d", row.getInt(0))
                    .isEqualTo(Float.floatToRawIntBits(expected.get(row.getInt(0))));
        }
        assertThat(radius(points).schema().fieldNames()).containsExactly("id", "x", "y", "r");
    }

    @Test
    void aNullInAColumnIsAClearError() {
        assertThatThrownBy(() -> radius(points(1000, true)).collectAsList())
                .hasMessageContaining("column 'x' holds a null").hasMessageContaining("na().drop");
    }

    @Test
    void aColumnOfAnotherTypeIsAClearError() {
        var wrong = JsyclSpark.withColumn(points(100, false), "z", DataTypes.FloatType, p -> p.floats("id"));
        assertThatThrownBy(wrong::collectAsList).hasMessageContaining("column 'id' is int, not float");
        assertThatThrownBy(() -> JsyclSpark.withColumn(points(10, false), "x", DataTypes.FloatType, p -> { }))
                .hasMessageContaining("column 'x' exists already");
        assertThatThrownBy(() -> JsyclSpark.withColumn(points(10, false), "s", DataTypes.StringType, p -> { }))
                .hasMessageContaining("FloatType, DoubleType, IntegerType, LongType");
    }

    /** A kernel that fails on the executor surfaces in the driver with the kernel's source line. */
    @Test
    void aKernelFailureReachesTheDriverWithItsSourceLine() {
        var failing = JsyclSpark.withColumn(points(1000, false), "z", DataTypes.FloatType, p -> {
            Buffer.OfFloat x = p.floats("x");
            Buffer.OfFloat z = p.outputFloats();
            int n = p.size();
            p.queue().submit(h -> {
                h.checked();
                var xs = x.read(h);
                var zs = z.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> zs.set(it.id(0), xs.get(it.id(0) + 1)));
            });
        });
        assertThatThrownBy(failing::collectAsList).hasMessageContaining("JsyclSparkTest.java:");
    }

    @Test
    void gpuAddressesAreIndicesOrPciBusIds() {
        List<Device> devices = List.of(Device.host());
        assertThat(io.jsycl.GpuAddresses.resolve("0", devices)).isEqualTo(Device.host());
        assertThatThrownBy(() -> io.jsycl.GpuAddresses.resolve("1", devices)).hasMessageContaining("names none of this "
                + "host's GPUs").hasMessageContaining("jsycl devices --spark-resources");
        assertThatThrownBy(() -> io.jsycl.GpuAddresses.resolve("0000:1b:00.0", devices))
                .hasMessageContaining("'0000:1b:00.0'");
        String json = io.jsycl.GpuAddresses.discoveryJson();
        assertThat(json).startsWith("{\"name\":\"gpu\",\"addresses\":[").endsWith("]}");
        long gpus = Device.all().stream().filter(d -> d.type() == io.jsycl.DeviceType.GPU).count();
        assertThat(json.chars().filter(c -> c == '"').count()).isEqualTo(6 + 2 * gpus);
    }

    /** The k-means sample: its final assignment equals plain Spark's on every point, or it throws. */
    @Test
    void theKMeansSampleMatchesPlainSpark() {
        io.jsycl.spark.samples.SparkKMeans.run(spark, 20_000, 4, 3, false);
        io.jsycl.spark.samples.SparkKMeans.run(spark, 20_000, 4, 2, true);
    }

    /** Several new columns from one kernel, each checked against Java; asking for "the" output of two is an error. */
    @Test
    void severalNewColumnsComeFromOneKernel() {
        StructType columns = new StructType().add("sum", DataTypes.FloatType, false)
                .add("quadrant", DataTypes.IntegerType, false);
        List<Row> rows = JsyclSpark.withColumns(points(5000, false), columns, p -> {
            Buffer.OfFloat x = p.floats("x");
            Buffer.OfFloat y = p.floats("y");
            Buffer.OfFloat sum = p.outputFloats("sum");
            Buffer.OfInt quadrant = p.outputInts("quadrant");
            int n = p.size();
            p.queue().submit(h -> {
                var xs = x.read(h);
                var ys = y.read(h);
                var s = sum.writeNoInit(h);
                var q = quadrant.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    s.set(i, xs.get(i) + ys.get(i));
                    q.set(i, (xs.get(i) >= 0 ? 0 : 1) + (ys.get(i) >= 0 ? 0 : 2));
                });
            });
        }).collectAsList();
        assertThat(rows).hasSize(5000);
        for (Row r : rows) {
            float x = r.getFloat(1);
            float y = r.getFloat(2);
            assertThat(r.getFloat(3)).isEqualTo(x + y);
            assertThat(r.getInt(4)).isEqualTo((x >= 0 ? 0 : 1) + (y >= 0 ? 0 : 2));
        }
        var ambiguous = JsyclSpark.withColumns(points(100, false), columns, p -> p.outputFloats());
        assertThatThrownBy(ambiguous::collectAsList).hasMessageContaining("there are 2 new columns")
                .hasMessageContaining("outputFloats(\"sum\")");
    }
}
