package io.jsycl.spark.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Mandelbrot sample small, in {@code local[2]}: with a jsycl kernel per partition, as plain Spark and without
 * Spark, the same iterations (each also checked against Java by the sample itself), and a wrong result is caught.
 */
class SparkMandelbrotTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("SparkMandelbrotTest")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2").getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void jsyclPlainSparkAndAloneComputeTheSameIterations() {
        var region = SparkMandelbrot.Region.of(64, 48, 200); // 3072 pixels: every one is checked
        var jsycl = SparkMandelbrot.run(spark, region, false, 5, 1);
        var plain = SparkMandelbrot.run(spark, region, true, 3, 1);
        var alone = SparkMandelbrot.alone(region, 1);
        for (var r : java.util.List.of(jsycl, plain, alone)) {
            SparkMandelbrot.check(region, r);
        }
        assertThat(jsycl.stride()).isEqualTo(1);
        assertThat(jsycl.sample()).hasSize(region.pixels()).isEqualTo(plain.sample()).isEqualTo(alone.sample());
        assertThat(jsycl.iterations()).isEqualTo(plain.iterations()).isEqualTo(alone.iterations());
        // Both sides of the window: points that escape at once, and points that reach the limit.
        assertThat(jsycl.sample()).contains(200);
        assertThat(java.util.Arrays.stream(jsycl.sample()).min().getAsInt()).isLessThan(20);
    }

    @Test
    void aLargerImageIsSampledByAPrimeStride() {
        var region = SparkMandelbrot.Region.of(256, 256, 50);
        var jsycl = SparkMandelbrot.run(spark, region, false, 4, 2);
        assertThat(jsycl.stride()).isEqualTo(17); // the first prime above 65536 / 4096
        assertThat(jsycl.sample()).hasSize((65536 + 16) / 17);
        assertThat(jsycl.seconds()).hasSize(2);
        SparkMandelbrot.check(region, jsycl);
    }

    @Test
    void aDifferenceFromJavaIsAMismatch() {
        var region = SparkMandelbrot.Region.of(8, 8, 100);
        var alone = SparkMandelbrot.alone(region, 1);
        alone.sample()[10]++;
        assertThatThrownBy(() -> SparkMandelbrot.check(region, alone)).hasMessageContaining("pixel 10 (2, 1)")
                .hasMessageContaining("1 of 64 sampled pixels differ");
    }
}
