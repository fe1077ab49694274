package io.jsycl.bench;

import java.util.Arrays;

/** Median, minimum and maximum of repeated measurements, in nanoseconds. */
record Stats(long median, long min, long max, int count) {

    static Stats of(long[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        long[] s = samples.clone();
        Arrays.sort(s);
        int n = s.length;
        long median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
        return new Stats(median, s[0], s[n - 1], n);
    }

    double medianMs() {
        return median / 1e6;
    }

    /** "1.234 (1.200–1.300)" in milliseconds. */
    String ms() {
        return String.format("%.3f (%.3f–%.3f)", median / 1e6, min / 1e6, max / 1e6);
    }

    /** Times {@code warmup} then {@code repeats} calls of {@code run}, each returning its own duration in ns. */
    static Stats measure(int warmup, int repeats, Timed run) {
        for (int i = 0; i < warmup; i++) {
            run.run();
        }
        long[] samples = new long[repeats];
        for (int i = 0; i < repeats; i++) {
            samples[i] = run.run();
        }
        return of(samples);
    }

    /** Wall-clock time of {@code r} in ns. */
    static Stats wall(int warmup, int repeats, Runnable r) {
        return measure(warmup, repeats, () -> {
            long t0 = System.nanoTime();
            r.run();
            return System.nanoTime() - t0;
        });
    }

    /** One measured run; returns its duration in ns. */
    @FunctionalInterface
    interface Timed {
        long run();
    }
}
