package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClObjects;
import java.util.ArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code JSYCL_OUT_OF_ORDER_QUEUES} ({@code -Djsycl.outOfOrderQueues}): a queue made without
 * {@code IN_ORDER} may run on an in-order OpenCL queue (the default on NVIDIA's OpenCL). Its
 * commands must still see exactly what they depend on, and its launches then need no OpenCL
 * event. The dependency, data-movement and USM tests also run whole with the setting off (a
 * second Surefire execution of this module).
 */
class QueueOrderPolicyTest {
    private static final String SETTING = "jsycl.outOfOrderQueues";
    static final int N = 1000;

    static Stream<Device> devices() {
        return TestDevices.openCl().stream();
    }

    @AfterEach
    void restore() {
        System.clearProperty(SETTING);
    }

    private static Event scaleAdd(Queue q, Buffer.OfInt src, Buffer.OfInt dst, int by) {
        return q.submit(h -> {
            var a = src.read(h);
            var b = dst.readWrite(h);
            h.parallelFor(Range.of(N), it -> b.set(it.id(0), b.get(it.id(0)) * 3 + a.get(it.id(0)) + by));
        });
    }

    @ParameterizedTest
    @MethodSource("devices")
    void offRunsADefaultQueueInOrderWithoutEventsAndKeepsItsResults(Device device) {
        System.setProperty(SETTING, "off");
        int[] x = new int[N];
        int[] y = new int[N];
        int[] z = new int[N];
        for (int i = 0; i < N; i++) {
            x[i] = i;
        }
        try (var context = new Context(device); var q = new Queue(context, device);
             var bx = Buffer.of(x); var by = Buffer.of(y); var bz = Buffer.of(z)) {
            scaleAdd(q, bx, by, 1).await(); // uploads, builds
            scaleAdd(q, bx, bz, 0).await(); // z's first upload
            long events = ClObjects.created(ClObjects.Kind.EVENT);
            var launched = new ArrayList<Event>();
            for (int s = 0; s < 50; s++) {
                launched.add(scaleAdd(q, bx, by, s)); // a chain: each reads what the previous wrote
                launched.add(scaleAdd(q, bx, bz, -s)); // independent of the chain above
            }
            assertThat(ClObjects.created(ClObjects.Kind.EVENT)).as("events created by 100 launches").isEqualTo(events);
            launched.getLast().await();
        }
        int[] wantY = new int[N];
        int[] wantZ = new int[N];
        for (int i = 0; i < N; i++) {
            wantY[i] = i + 1;
            wantZ[i] = i;
        }
        for (int s = 0; s < 50; s++) {
            for (int i = 0; i < N; i++) {
                wantY[i] = wantY[i] * 3 + i + s;
                wantZ[i] = wantZ[i] * 3 + i - s;
            }
        }
        assertThat(y).containsExactly(wantY);
        assertThat(z).containsExactly(wantZ);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void onKeepsOutOfOrderQueuesWhereTheDeviceHasThem(Device device) {
        System.setProperty(SETTING, "on");
        int[] x = new int[N];
        int[] y = new int[N];
        for (int i = 0; i < N; i++) {
            x[i] = i;
        }
        try (var context = new Context(device); var q = new Queue(context, device);
             var bx = Buffer.of(x); var by = Buffer.of(y)) {
            scaleAdd(q, bx, by, 1).await();
            long events = ClObjects.created(ClObjects.Kind.EVENT);
            scaleAdd(q, bx, by, 2).await();
            long created = ClObjects.created(ClObjects.Kind.EVENT) - events;
            if (device.supportsOutOfOrderQueues()) {
                assertThat(created).as("an out-of-order queue's launch has its own event").isPositive();
            }
        }
        int[] want = new int[N];
        for (int i = 0; i < N; i++) {
            want[i] = (i + 1) * 3 + i + 2; // from zeros: + x + 1, then * 3 + x + 2
        }
        assertThat(y).containsExactly(want);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aMalformedSettingNamesTheValuesItTakes(Device device) {
        System.setProperty(SETTING, "sometimes");
        try (var context = new Context(device)) {
            assertThatThrownBy(() -> new Queue(context, device))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("JSYCL_OUT_OF_ORDER_QUEUES")
                    .hasMessageContaining("'sometimes'")
                    .hasMessageContaining("auto, on or off");
        }
    }
}
