package io.jsycl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GridKernels --jvm-log} places each logged event in the run it fell in or in the gap before it, names jsycl's
 * compilations (not the benchmark's, counted with the others), and shows what the JVM logged otherwise; and the
 * timing thread's state comes from {@code /proc/thread-self} where there is one.
 */
class JvmLogRunsTest {
    @Test
    void eventsLandInTheRunOrTheGapTheyFellIn(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("jvm.log");
        Files.writeString(log, """
                [1000ns][gc] Using G1
                [1500ns][jit,compilation]   101       4       io.jsycl.internal.schedule.QueueScheduler::commit (300 bytes)
                [2500ns][jit,compilation]   102 %     3       io.jsycl.internal.launch.RepeatLane::find @ 12 (80 bytes)
                [2600ns][jit,compilation]   103       3       io.jsycl.bench.GridOp::submitRun (40 bytes)
                [2700ns][jit,compilation]   104       1       java.lang.String::length (11 bytes)
                [3500ns][deoptimization] cid=7 level=4 io.jsycl.Queue.whileOpen(...) trap_bci=15 class_check
                not a decorated line
                """);
        // Runs of 1 µs starting at 1.2, 2.2 and 3.2 µs.
        String text = JvmLogRuns.read(log).runs(1_100, new long[] {1_200, 2_200, 3_200},
                new long[] {1_000, 1_000, 1_000}, 5);
        assertThat(text.lines()).containsExactly(
                "    - run 1, 1.0 µs: before it nothing; in it jsycl compiling QueueScheduler.commit (tier 4)",
                "    - run 2, 1.0 µs: before it nothing; in it jsycl compiling RepeatLane.find (tier 3, a loop);"
                        + " 2 other compilations",
                "    - run 3, 1.0 µs: before it nothing; in it [deoptimization] cid=7 level=4"
                        + " io.jsycl.Queue.whileOpen(...) trap_bci=15 class_check");
    }

    @Test
    void theTimingThreadsStateIsReadWhereLinuxGivesIt() {
        long[] state = GridKernels.threadState();
        if (Files.isReadable(Path.of("/proc/thread-self/status"))) {
            assertThat(state[0]).isBetween(0L, (long) Integer.MAX_VALUE);
            assertThat(state[1]).isGreaterThanOrEqualTo(0);
            assertThat(state[2]).isGreaterThanOrEqualTo(0);
        } else {
            assertThat(state).containsExactly(-1, -1, -1);
        }
    }
}
