package io.jsycl.tests;

import io.jsycl.Device;
import io.jsycl.Queue;
import java.util.List;
import java.util.function.Consumer;

/**
 * The launch-shape tests' harness ({@link TwoItemsPerWorkItemTest}, {@link GridStrideTest},
 * {@link RowsPerWorkItemTest}, {@link SharedStridesTest}): runs a program on a queue made under the settings it
 * tests, which a queue reads when it is made, and returns the scheduler's trace, whose launch lines say how each
 * kernel was launched.
 */
final class LaunchShapes {
    private LaunchShapes() {
    }

    /**
     * Runs {@code body} on a new queue on {@code device} with the system properties {@code settings} (name, value,
     * name, value, ...; a null value clears one) set while the queue is made and used, and the scheduler's trace
     * captured; restores the properties and returns the trace.
     */
    static List<String> traced(Device device, Consumer<Queue> body, String... settings) {
        if (settings.length % 2 != 0) {
            throw new IllegalArgumentException("settings come in pairs of a property and its value: "
                    + settings.length);
        }
        String[] before = new String[settings.length / 2];
        for (int s = 0; s < before.length; s++) {
            before[s] = set(settings[2 * s], settings[2 * s + 1]);
        }
        try (var capture = new TraceCapture(); var q = new Queue(device)) {
            body.accept(q);
            q.await();
            return capture.messages();
        } finally {
            for (int s = before.length - 1; s >= 0; s--) {
                set(settings[2 * s], before[s]);
            }
        }
    }

    /** The trace's lines about kernel launches ("kernel ... enqueued on ..."), in order. */
    static List<String> launches(List<String> trace) {
        return trace.stream().filter(m -> m.startsWith("kernel ") && m.contains(" enqueued on ")).toList();
    }

    private static String set(String property, String value) {
        return value == null ? System.clearProperty(property) : System.setProperty(property, value);
    }
}
