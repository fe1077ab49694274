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

    /** Median per-op and kernel times of one {@link SweepOp}, in ns. */
    record Timing(double perOpNanos, double kernelNanos) {
    }

    /**
     * Times {@code op}. Per op: one warm-up round, then {@code rounds} rounds of {@code reps} back-to-back
     * {@link #submit}s and one {@link #await}, each round's wall clock divided by {@code reps}; the median round.
     * Kernel: 3 warm-up runs, then the median device time of {@code kernelRuns} runs, each waited for.
     */
    static Timing measure(SweepOp op, int reps, int rounds, int kernelRuns) {
        double[] perOp = new double[rounds];
        for (int r = -1; r < rounds; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                op.submit();
            }
            op.await();
            long t = System.nanoTime() - t0;
            if (r >= 0) {
                perOp[r] = (double) t / reps;
            }
        }
        for (int i = 0; i < 3; i++) {
            op.deviceNanos();
        }
        double[] kernel = new double[kernelRuns];
        for (int i = 0; i < kernelRuns; i++) {
            kernel[i] = op.deviceNanos();
        }
        return new Timing(median(perOp), median(kernel));
    }

    /** The median of {@code samples} (the mean of the middle two for an even count). */
    static double median(double[] samples) {
        double[] s = samples.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
