package io.jsycl.samples;

import io.jsycl.Event;
import io.jsycl.Queue;
import java.util.List;

/**
 * What every sample prints: the device, the time, and whether the result matched Java. The
 * timings and the verdict first end the {@link SampleProgress} of the steps before them.
 */
final class SampleReport {
    private SampleReport() {
    }

    static void device(Queue q) {
        System.out.printf("device: %s (%s, %s)%n", q.device().name(), q.device().type(), q.device().platform().name());
    }

    /** Prints the first run (lowering, build and transfers included) and, if measured, a second run. */
    static void timings(String what, long firstNanos, long secondNanos) {
        SampleProgress.finished();
        System.out.printf("%s: first run %.2f ms (lowering, build, transfers)%s%n", what, firstNanos / 1e6,
                secondNanos < 0 ? "" : String.format(", second run %.2f ms", secondNanos / 1e6));
    }

    /**
     * Prints the device time of {@code kernels} (the sum of their {@link Event#profile()} durations,
     * from a queue made with {@code QueueProperty.ENABLE_PROFILING}) and the wall time of the whole
     * call. The host device has no device timestamps: {@code profile()} throws there, and only the
     * wall time is printed.
     */
    static void kernelTime(String what, List<Event> kernels, long wallNanos) {
        SampleProgress.finished();
        long device = 0;
        try {
            for (Event e : kernels) {
                device += e.profile().durationNanos();
            }
        } catch (IllegalStateException noTimestamps) {
            System.out.printf("%s: %.2f ms wall (lowering, build, transfers included; no device timestamps: %s)%n",
                    what, wallNanos / 1e6, noTimestamps.getMessage());
            return;
        }
        System.out.printf("%s: kernel time %.3f ms (%d kernel%s), %.2f ms wall (lowering, build, transfers included)%n",
                what, device / 1e6, kernels.size(), kernels.size() == 1 ? "" : "s", wallNanos / 1e6);
    }

    /** Prints where an image was written. */
    static void image(String path, int width, int height) {
        System.out.printf("image: %s (%d x %d)%n", path, width, height);
    }

    /** Prints the verdict and returns the process's exit status. */
    static int check(boolean matches, String detail) {
        SampleProgress.finished();
        if (matches) {
            System.out.println("result: matches Java");
            return 0;
        }
        System.out.println("result: MISMATCH with Java: " + detail);
        return 1;
    }

    /** The first differing index of two float arrays, bit for bit, or "" if they are equal. */
    static String mismatch(float[] actual, float[] expected) {
        for (int i = 0; i < actual.length; i++) {
            if (Float.floatToRawIntBits(actual[i]) != Float.floatToRawIntBits(expected[i])) {
                return "index " + i + ": " + actual[i] + " != " + expected[i];
            }
        }
        return "";
    }

    /** The first differing index of two int arrays, or "" if they are equal. */
    static String mismatch(int[] actual, int[] expected) {
        int i = java.util.Arrays.mismatch(actual, expected);
        return i < 0 ? "" : "index " + i + ": " + actual[i] + " != " + expected[i];
    }
}
