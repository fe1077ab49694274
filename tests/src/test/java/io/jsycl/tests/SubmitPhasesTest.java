package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code JSYCL_TRACE_SUBMITS=1} times every submit's phases: a program takes its own thread's samples, one per submit
 * with the submit path's phases in order, and the JVM's exit logs each kernel's medians.
 */
class SubmitPhasesTest {
    @Test
    void everySubmitIsTimedPhaseByPhaseAndTheExitReportsEachKernel() throws Exception {
        String out = ChildJvm.run(SubmitPhasesMain.class, "pthread", 120, List.of("-Djsycl.traceSubmits=1"));
        assertThat(out).contains("samples 50").contains("positive true").contains("(exit status 0)");
        assertThat(out).containsPattern("phases \\[command-group, record, identify, .*buffers, arguments, .*enqueue, rest\\]");
        assertThat(out).containsPattern("jsycl submit phases of kernel SubmitPhasesMain\\.lambda\\$\\S+ "
                + "\\(SubmitPhasesMain\\.java:\\d+\\), median µs of its last 50 submits \\(of 50\\): command-group=");
    }

    @Test
    void offByDefault() throws Exception {
        String out = ChildJvm.run(SubmitPhasesMain.class, "pthread", 120, List.of());
        assertThat(out).contains("samples 0").doesNotContain("jsycl submit phases");
    }
}
