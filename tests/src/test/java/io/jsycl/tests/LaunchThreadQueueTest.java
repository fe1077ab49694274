package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * In-order queues whose launches go through the launch thread ({@code JSYCL_LAUNCH_THREAD=on}, the default on GPUs):
 * long chains of dependent launches submitted back to back, host reads in the middle of a chain, another queue
 * consuming the chain's output, and an event's wait, each checked against the same arithmetic in Java.
 */
class LaunchThreadQueueTest {
    private static final String SETTING = "jsycl.launchThread";
    private static final int N = 4096;
    private static String before;

    static Stream<Device> devices() {
        return TestDevices.openCl().stream();
    }

    @BeforeAll
    static void launchThreadOn() {
        before = System.getProperty(SETTING);
        System.setProperty(SETTING, "on"); // read when a queue is made
    }

    @AfterAll
    static void restore() {
        if (before == null) {
            System.clearProperty(SETTING);
        } else {
            System.setProperty(SETTING, before);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aLongChainOfLaunchesRunsInOrderAndHostReadsSeeEachPrefix(Device device) {
        int steps = 3000;
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.IN_ORDER);
             var x = Buffer.of(new int[N])) {
            for (int s = 1; s <= steps; s++) {
                int k = s;
                q.submit(h -> {
                    var acc = x.readWrite(h);
                    h.parallelFor(Range.of(N), it -> {
                        int i = it.id(0);
                        acc.set(i, acc.get(i) * 3 + k + i); // order matters: not commutative across steps
                    });
                });
                if (s == steps / 2 || s == steps) {
                    int[] want = expected(s);
                    try (var host = x.hostAccess()) {
                        for (int i = 0; i < N; i++) {
                            assertThat(host.get(i)).as("element %d after %d launches", i, s).isEqualTo(want[i]);
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void anotherQueueWaitsForTheLaunchesItReadsAndAnEventWaitCoversItsLaunch(Device device) {
        try (var context = new Context(device);
             var producer = new Queue(context, device, QueueProperty.IN_ORDER);
             var consumer = new Queue(context, device, QueueProperty.IN_ORDER);
             var x = Buffer.of(new int[N]);
             var y = Buffer.of(new int[N])) {
            Event last = null;
            for (int s = 1; s <= 200; s++) {
                int k = s;
                last = producer.submit(h -> {
                    var acc = x.readWrite(h);
                    h.parallelFor(Range.of(N), it -> acc.set(it.id(0), acc.get(it.id(0)) * 3 + k));
                });
            }
            consumer.submit(h -> {
                var in = x.read(h);
                var out = y.write(h);
                h.parallelFor(Range.of(N), it -> out.set(it.id(0), in.get(it.id(0)) + 1));
            });
            last.await();
            int[] want = expected(200, false);
            try (var host = y.hostAccess()) {
                for (int i = 0; i < N; i++) {
                    assertThat(host.get(i)).as("element %d", i).isEqualTo(want[i] + 1);
                }
            }
        }
    }

    private static int[] expected(int steps) {
        return expected(steps, true);
    }

    private static int[] expected(int steps, boolean withIndex) {
        int[] v = new int[N];
        for (int s = 1; s <= steps; s++) {
            for (int i = 0; i < N; i++) {
                v[i] = v[i] * 3 + s + (withIndex ? i : 0);
            }
        }
        return v;
    }
}
