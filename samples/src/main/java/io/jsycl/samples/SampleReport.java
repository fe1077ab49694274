package io.jsycl.samples;

import io.jsycl.Queue;

/** What every sample prints: the device, the time, and whether the result matched Java. */
final class SampleReport {
    private SampleReport() {
    }

    static void device(Queue q) {
        System.out.printf("device: %s (%s, %s)%n", q.device().name(), q.device().type(), q.device().platform().name());
    }

    /** Prints the first run (lowering, build and transfers included) and, if measured, a second run. */
    static void timings(String what, long firstNanos, long secondNanos) {
        System.out.printf("%s: first run %.2f ms (lowering, build, transfers)%s%n", what, firstNanos / 1e6,
                secondNanos < 0 ? "" : String.format(", second run %.2f ms", secondNanos / 1e6));
    }

    /** Prints the verdict and returns the process's exit status. */
    static int check(boolean matches, String detail) {
        if (matches) {
            System.out.println("result: matches Java");
            return 0;
        }
        System.out.println("result: MISMATCH with Java: " + detail);
        return 1;
    }
}
