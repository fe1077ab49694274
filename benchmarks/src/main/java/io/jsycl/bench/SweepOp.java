package io.jsycl.bench;

import java.util.List;

/**
 * A {@link Contender} in this process: one workload on one path at one size, its data already on the device, as
 * {@link Sweep} times it. Implementations keep two queues on one context: a plain one for the per-op loop (what a
 * user's program submits to) and a profiling one for device times, so the per-op time pays for no profiling.
 */
interface SweepOp extends Contender {
    /** Enqueues one operation on the plain queue without waiting for it. */
    void submit();

    /** Waits for every operation {@link #submit} enqueued. */
    void await();

    /** Runs one operation on the profiling queue, waits for it, and returns its device time (end − start) in ns. */
    @Override
    long deviceNanos();

    /** {@code reps} {@link #submit}s back to back, then one {@link #await}. */
    @Override
    default double roundNanos(int reps) {
        long start = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            submit();
        }
        await();
        return (double) (System.nanoTime() - start) / reps;
    }

    /**
     * Times {@code op} alone, as {@link Contender#measure} times sides in turns.
     *
     * @throws RuntimeException what the op threw
     */
    static Timing measure(SweepOp op, int reps, int rounds, int kernelRuns, long minRoundNanos) {
        Outcome o = Contender.measure(List.of(op), reps, rounds, kernelRuns, minRoundNanos).getFirst();
        if (o.failure() != null) {
            throw o.failure();
        }
        return o.timing();
    }
}
