package io.jsycl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JfrSummaryTest {
    private static volatile double sink;

    /** Busy for {@code millis} ms in a method of its own, which the samples must find. */
    private static void spin(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        double x = 1;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x = Math.sqrt(x + i);
            }
        }
        sink = x;
    }

    private static void outside(long millis) {
        spin(millis);
    }

    private static void inside(long millis) {
        spin(millis);
    }

    @Test
    void aThreadsSamplesAreCountedPerMethodAndAnAnchorKeepsOnlyItsOwn(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.jfr");
        String thread = Thread.currentThread().getName();
        try (var recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
            recording.start();
            inside(300);
            outside(300);
            recording.stop();
            recording.dump(file);
        }
        var all = JfrSummary.read(file, thread, null);
        assertThat(all.inclusive.getOrDefault("JfrSummaryTest.spin", 0)).isGreaterThan(all.samples / 2);
        var anchored = JfrSummary.read(file, thread, "JfrSummaryTest.inside");
        assertThat(anchored.samples).isPositive().isLessThan(all.samples);
        assertThat(anchored.inclusive).containsKey("JfrSummaryTest.inside").doesNotContainKey("JfrSummaryTest.outside")
                .doesNotContainKey("JfrSummaryTest.aThreadsSamplesAreCountedPerMethodAndAnAnchorKeepsOnlyItsOwn");
        assertThat(anchored.markdown("t", 5)).contains("| `JfrSummaryTest.spin` |");
        assertThat(JfrSummary.read(file, thread, null, 60).samples).as("none a minute in").isZero();
    }
}
