package io.jsycl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The turn-taking of {@link Contender#measure}, with sides that record what they were asked to do. */
class ContenderTest {
    /** A side that logs its rounds and kernel runs, and can fail at its {@code failAt}-th call. */
    private static final class Logged implements Contender {
        final String name;
        final List<String> log;
        final int failAt;
        int calls;

        Logged(String name, List<String> log, int failAt) {
            this.name = name;
            this.log = log;
            this.failAt = failAt;
        }

        @Override
        public String check() {
            return "ok";
        }

        @Override
        public double roundNanos(int reps) {
            step("round " + reps);
            return 1000.0 * (name.charAt(0) - 'a' + 1);
        }

        @Override
        public long deviceNanos() {
            step("kernel");
            return 100L * (name.charAt(0) - 'a' + 1);
        }

        private void step(String what) {
            if (++calls == failAt) {
                throw new IllegalStateException(name + " broke");
            }
            log.add(name + " " + what);
        }

        @Override
        public void close() {
        }
    }

    @Test
    void sidesTakeTurnsRoundByRoundInAlternatingOrder() {
        var log = new ArrayList<String>();
        var sides = List.of(new Logged("a", log, 0), new Logged("b", log, 0), new Logged("c", log, 0));
        List<Contender.Outcome> out = Contender.measure(sides, 4, 3, 2, 0);

        assertThat(log).containsExactly(
                "a round 4", "b round 4", "c round 4", // warm-up rounds, which pick R
                "a round 4", "b round 4", "c round 4",
                "c round 4", "b round 4", "a round 4",
                "a round 4", "b round 4", "c round 4",
                "a kernel", "a kernel", "a kernel", "b kernel", "b kernel", "b kernel", "c kernel", "c kernel",
                "c kernel", // 3 warm-up runs each
                "a kernel", "b kernel", "c kernel",
                "c kernel", "b kernel", "a kernel");
        assertThat(out).extracting(Contender.Outcome::timing).containsExactly(
                new Contender.Timing(1000, 100, 4), new Contender.Timing(2000, 200, 4),
                new Contender.Timing(3000, 300, 4));
    }

    @Test
    void aSideThatFailsDropsOutAndTheOthersFinish() {
        var log = new ArrayList<String>();
        // b's third call is its second timed round.
        var sides = List.of(new Logged("a", log, 0), new Logged("b", log, 3));
        List<Contender.Outcome> out = Contender.measure(sides, 2, 3, 1, 0);

        assertThat(out.get(0).failure()).isNull();
        assertThat(out.get(0).timing()).isEqualTo(new Contender.Timing(1000, 100, 2));
        assertThat(out.get(1).timing()).isNull();
        assertThat(out.get(1).failure()).hasMessage("b broke");
        assertThat(log.stream().filter(s -> s.startsWith("b"))).hasSize(2);
        assertThat(log.stream().filter(s -> s.startsWith("a"))).hasSize(1 + 3 + 3 + 1);
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(Contender.median(new double[] {5, 1, 3})).isEqualTo(3);
        assertThat(Contender.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    }
}
