package io.jsycl.bench;

import java.util.Arrays;

/**
 * One workload on one path at one size, its data already on the device, as {@link Sweep} times it. Implementations
 * keep two queues on one context: a plain one for the per-op loop (what a user's program submits to) and a profiling
 * one for device times, so the per-op time pays for no profiling.
 */
interface SweepOp extends AutoCloseable {
    /** Enqueues one operation on the plain queue without waiting for it. */
    void submit();

    /** Waits for every operation {@link #submit} enqueued. */
    void await();

    /** Runs one operation on the profiling queue, waits for it, and returns its device time (end − start) in ns. */
    long deviceNanos();

    /**
     * Runs one operation from the initial data and compares the output with plain Java.
     *
     * @return "ok ..." (with what was compared), or "MISMATCH: ..." saying where and by how much
     */
    String check();

    @Override
    void close();

    /** Median per-op and kernel times of one {@link SweepOp}, in ns, and the operations a round ({@code reps}). */
    record Timing(double perOpNanos, double kernelNanos, int reps) {
    }

    /** The most operations a round, whatever the minimum round time asks for. */
    int MAX_REPS = 1 << 20;

    /**
     * Times {@code op}. Per op: one warm-up round of {@code reps} back-to-back {@link #submit}s and one
     * {@link #await}, then {@code rounds} rounds of R operations, each round's wall clock divided by R; the median
     * round. R is {@code reps}, or more where the warm-up round says that a round of {@code reps} would take less than
     * {@code minRoundNanos} (at most {@link #MAX_REPS}): a short round is moved by one hiccup of the host. Kernel: 3
     * warm-up runs, then the median device time of {@code kernelRuns} runs, each waited for.
     */
    static Timing measure(SweepOp op, int reps, int rounds, int kernelRuns, long minRoundNanos) {
        long t0 = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            op.submit();
        }
        op.await();
        double warmPerOp = Math.max(1, System.nanoTime() - t0) / (double) reps;
        int r = (int) Math.min(MAX_REPS, Math.max(reps, Math.ceil(minRoundNanos / warmPerOp)));
        double[] perOp = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            long start = System.nanoTime();
            for (int i = 0; i < r; i++) {
                op.submit();
            }
            op.await();
            perOp[round] = (double) (System.nanoTime() - start) / r;
        }
        for (int i = 0; i < 3; i++) {
            op.deviceNanos();
        }
        double[] kernel = new double[kernelRuns];
        for (int i = 0; i < kernelRuns; i++) {
            kernel[i] = op.deviceNanos();
        }
        return new Timing(median(perOp), median(kernel), r);
    }

    /** The median of {@code samples} (the mean of the middle two for an even count). */
    static double median(double[] samples) {
        double[] s = samples.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
