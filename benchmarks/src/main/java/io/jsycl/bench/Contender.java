package io.jsycl.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One side of a timed comparison: a workload on one path at one size, its data already on the device, that
 * {@link #measure} times in turns with the other sides. A side runs in this process ({@link SweepOp}) or in another
 * ({@link TorchPeer}'s ops, PyTorch in a child process): what is timed is the same either way, a round of
 * back-to-back operations and one wait, and the device time of one operation.
 */
interface Contender extends AutoCloseable {
    /** The most operations a round, whatever the minimum round time asks for. */
    int MAX_REPS = 1 << 20;

    /**
     * Runs one operation from the initial data and compares the output with a reference (plain Java, or float64 on
     * PyTorch's side).
     *
     * @return "ok ..." (with what was compared), or "MISMATCH: ..." saying where and by how much
     */
    String check();

    /** Runs {@code reps} operations back to back, then waits for them; returns the wall clock per operation in ns. */
    double roundNanos(int reps);

    /** Runs one operation alone, waits for it, and returns its device time in ns. */
    long deviceNanos();

    @Override
    void close();

    /** Median per-op and kernel times of one side, in ns, and the operations a round ({@code reps}). */
    record Timing(double perOpNanos, double kernelNanos, int reps) {
    }

    /** A side's timing, or why it has none: a side that fails drops out and the others go on. */
    record Outcome(Timing timing, RuntimeException failure) {
    }

    /**
     * Times {@code sides} in turns. Per op: each side's warm-up round of {@code reps} operations, which also picks its
     * R: {@code reps}, or more where the warm-up says a round of {@code reps} would take less than
     * {@code minRoundNanos} (at most {@link #MAX_REPS}), since a short round is moved by one hiccup of the host. Then
     * {@code rounds} rounds in which every side runs one round of its R operations, the order reversed every other
     * round so that no side always follows the same one; each side's median round. Kernel: 3 warm-up runs each, then
     * {@code kernelRuns} turns of one run each, the median per side.
     *
     * <p>Taking turns is what makes the sides comparable where an operation costs a few µs: there the GPU's own state
     * (its clocks, above all) moves the time of the same kernel by up to 2.5x for longer than a row lasts, so sides
     * timed one after the other can each land in a different state. Timed in turns, every side sees the same spells.
     */
    static List<Outcome> measure(List<? extends Contender> sides, int reps, int rounds, int kernelRuns,
            long minRoundNanos) {
        int count = sides.size();
        var failures = new RuntimeException[count];
        var roundReps = new int[count];
        var perOp = new double[count][rounds];
        var kernel = new double[count][kernelRuns];
        for (int s = 0; s < count; s++) {
            Contender side = sides.get(s);
            int i = s;
            attempt(failures, i, () -> {
                double warm = Math.max(1, side.roundNanos(reps));
                roundReps[i] = (int) Math.min(MAX_REPS, Math.max(reps, Math.ceil(minRoundNanos / warm)));
            });
        }
        for (int round = 0; round < rounds; round++) {
            for (int turn = 0; turn < count; turn++) {
                int s = inTurn(round, turn, count);
                int r = round;
                attempt(failures, s, () -> perOp[s][r] = sides.get(s).roundNanos(roundReps[s]));
            }
        }
        for (int s = 0; s < count; s++) {
            Contender side = sides.get(s);
            attempt(failures, s, () -> {
                for (int i = 0; i < 3; i++) {
                    side.deviceNanos();
                }
            });
        }
        for (int run = 0; run < kernelRuns; run++) {
            for (int turn = 0; turn < count; turn++) {
                int s = inTurn(run, turn, count);
                int r = run;
                attempt(failures, s, () -> kernel[s][r] = sides.get(s).deviceNanos());
            }
        }
        var outcomes = new ArrayList<Outcome>(count);
        for (int s = 0; s < count; s++) {
            outcomes.add(failures[s] != null ? new Outcome(null, failures[s])
                    : new Outcome(new Timing(median(perOp[s]), median(kernel[s]), roundReps[s]), null));
        }
        return outcomes;
    }

    /**
     * Which of {@code count} sides takes turn {@code turn} of round {@code round}: in order in even rounds, in reverse
     * in odd ones, so that no side always follows the same one.
     */
    static int inTurn(int round, int turn, int count) {
        return round % 2 == 0 ? turn : count - 1 - turn;
    }

    /** Runs {@code step} for side {@code s} unless it failed before; a failure is kept and the side drops out. */
    private static void attempt(RuntimeException[] failures, int s, Runnable step) {
        if (failures[s] != null) {
            return;
        }
        try {
            step.run();
        } catch (RuntimeException e) {
            failures[s] = e;
        }
    }

    /** The median of {@code samples} (the mean of the middle two for an even count). */
    static double median(double[] samples) {
        double[] s = samples.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
