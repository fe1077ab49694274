package io.jsycl.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Range;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * RDDs of records through {@link JsyclSpark#mapRecords} in a real Spark job ({@code local[2]}, several partitions),
 * each result compared with the same step in plain Java, bit for bit, and the errors a Spark user meets.
 */
class RecordRddTest {
    record Particle(float x, float y, float vx, float vy, int id) implements java.io.Serializable {
    }

    record Speed(int id, float squared, boolean fast) implements java.io.Serializable {
    }

    record Named(String name, float x) implements java.io.Serializable {
    }

    private static SparkSession spark;
    private static JavaSparkContext context;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("RecordRddTest")
                .config("spark.ui.enabled", "false").getOrCreate();
        context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    private static List<Particle> particles(int n) {
        var r = new Random(7);
        var ps = new ArrayList<Particle>(n);
        for (int i = 0; i < n; i++) {
            ps.add(new Particle(r.nextFloat() * 100f, r.nextFloat() * 100f, r.nextFloat() - 0.5f, r.nextFloat() * 3f, i));
        }
        return ps;
    }

    private static Particle step(Particle p, float dt) {
        return new Particle(p.x() + p.vx() * dt, p.y() + p.vy() * dt, p.vx(), p.vy() - 9.81f * dt, p.id());
    }

    @Test
    void aStepOfEveryParticleMatchesJavaInEveryPartition() {
        List<Particle> ps = particles(10_000);
        float dt = 0.125f;
        JavaRDD<Particle> rdd = context.parallelize(ps, 4);
        JavaRDD<Particle> next = JsyclSpark.mapRecords(rdd, Particle.class, Particle.class, p -> {
            var in = p.input();
            var out = p.output();
            int n = p.size();
            p.queue().submit(h -> {
                var a = in.read(h);
                var b = out.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> {
                    Particle q = a.get(it.id(0));
                    b.set(it.id(0), new Particle(q.x() + q.vx() * dt, q.y() + q.vy() * dt, q.vx(),
                            q.vy() - 9.81f * dt, q.id()));
                });
            });
        });
        assertThat(next.getNumPartitions()).isEqualTo(4);
        assertThat(next.collect()).containsExactlyElementsOf(ps.stream().map(q -> step(q, dt)).toList());
    }

    @Test
    void theOutputIsAnotherRecordTypeAndStartsAtZero() {
        List<Particle> ps = particles(3_000);
        JavaRDD<Speed> speeds = JsyclSpark.mapRecords(context.parallelize(ps, 3), Particle.class, Speed.class, p -> {
            var in = p.input();
            var out = p.output();
            int n = p.size();
            p.queue().submit(h -> {
                var a = in.read(h);
                var b = out.readWrite(h);
                h.parallelFor(Range.of(n), it -> {
                    Particle q = a.get(it.id(0));
                    if (q.id() % 2 == 0) { // odd ids keep the zero record the output starts as
                        float s = q.vx() * q.vx() + q.vy() * q.vy();
                        b.set(it.id(0), new Speed(q.id(), s, s > 4f));
                    }
                });
            });
        });
        List<Speed> expected = ps.stream().map(q -> {
            float s = q.vx() * q.vx() + q.vy() * q.vy();
            return q.id() % 2 == 0 ? new Speed(q.id(), s, s > 4f) : new Speed(0, 0f, false);
        }).toList();
        assertThat(speeds.collect()).containsExactlyElementsOf(expected);
    }

    @Test
    void aNullRecordOrATypeThatIsNoPrimitiveRecordIsAClearError() {
        List<Particle> ps = new ArrayList<>(particles(10));
        ps.set(4, null);
        JavaRDD<Particle> withNull = JsyclSpark.mapRecords(context.parallelize(ps, 1), Particle.class,
                Particle.class, p -> { });
        assertThatThrownBy(withNull::collect).isInstanceOf(SparkException.class)
                .hasStackTraceContaining("record 4 of partition 0 is null");
        assertThatThrownBy(() -> JsyclSpark.mapRecords(context.parallelize(List.of(new Named("a", 1f))),
                Named.class, Particle.class, p -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("component String name");
    }
}
