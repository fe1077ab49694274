package io.jsycl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressLineTest {
    private static final long S = 1_000_000_000L;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final AtomicLong now = new AtomicLong();
    /** Steps up to this one count as done. */
    private final AtomicInteger deviceDone = new AtomicInteger();

    private ProgressLine progress(boolean terminal) {
        return new ProgressLine(err, terminal, now::get, null);
    }

    private void submit(ProgressLine p, String task, int total) {
        for (int step = 1; step <= total; step++) {
            int k = step;
            p.step(task, k, total, () -> deviceDone.get() >= k);
        }
    }

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void lineShowsStepPercentTimeAndTimeLeft() {
        assertThat(ProgressLine.line("heat diffusion", 120, 500, 1_200_000_000L, 3_800_000_000L))
                .isEqualTo("heat diffusion: step 120/500 (24%), 1.2 s, about 3.8 s left");
        assertThat(ProgressLine.line("n-body", 0, 20, 300_000_000L, -1)).isEqualTo("n-body: step 0/20 (0%), 0.3 s");
        assertThat(ProgressLine.line("n-body", 20, 20, 2 * S, 0)).isEqualTo("n-body: step 20/20 (100%), 2.0 s");
    }

    @Test
    void onATerminalOneLineIsRewrittenInPlaceAndEndedWhenTheSampleFinishes() {
        var p = progress(true);
        submit(p, "stencil", 10);
        now.set(S);                    // the first step took a second: lowering and building
        deviceDone.set(1);
        p.tick();
        now.set(2 * S);
        deviceDone.set(3);             // then half a second a step
        p.tick();
        now.set(5 * S);
        deviceDone.set(10);
        p.finished();
        assertThat(printed()).isEqualTo(
                "\rstencil: step 1/10 (10%), 1.0 s"
                + "\rstencil: step 3/10 (30%), 2.0 s, about 3.5 s left"
                + "\rstencil: step 10/10 (100%), 5.0 s" + " ".repeat(16) + System.lineSeparator());
    }

    @Test
    void stepsDoneOutOfOrderCountOnlyUpToTheFirstNotDone() {
        var p = progress(true);
        p.step("t", 1, 3, () -> false);
        p.step("t", 2, 3, () -> true);
        p.tick();
        assertThat(printed()).isEqualTo("\rt: step 0/3 (0%), 0.0 s");
    }

    @Test
    void elsewhereAPlainLineIsPrintedAtEachQuarterOnly() {
        var p = progress(false);
        submit(p, "n-body", 8);
        for (int done = 0; done <= 8; done++) {
            now.set(done * S);
            deviceDone.set(done);
            p.tick();
            p.tick();
        }
        p.finished();
        assertThat(printed().lines()).containsExactly(
                "n-body: step 2/8 (25%), 2.0 s, about 6.0 s left",
                "n-body: step 4/8 (50%), 4.0 s, about 4.0 s left",
                "n-body: step 6/8 (75%), 6.0 s, about 2.0 s left",
                "n-body: step 8/8 (100%), 8.0 s");
        assertThat(printed()).doesNotContain("\r");
    }

    @Test
    void aNewTaskEndsTheLineOfTheLastOneAndAnUnchangedLineIsNotRedrawn() {
        var p = progress(true);
        submit(p, "first", 1);
        deviceDone.set(1);
        p.tick();
        deviceDone.set(0);
        submit(p, "second", 2);
        p.tick();
        p.close();
        assertThat(printed()).isEqualTo("\rfirst: step 1/1 (100%), 0.0 s" + System.lineSeparator()
                + "\rsecond: step 0/2 (0%), 0.0 s" + System.lineSeparator());
    }

    @Test
    void nothingIsPrintedWithoutSteps() {
        var p = progress(true);
        p.tick();
        p.close();
        assertThat(printed()).isEmpty();
    }
}
