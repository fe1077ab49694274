package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import io.jsycl.opencl.ClObjects;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** USM-style device memory: explicit copies and fills ordered by events, kernels using it like an accessor. */
class DeviceArrayTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void copyKernelCopyBackOrderedByEvents(Device device) {
        int n = 5000;
        float[] in = new float[n];
        for (int i = 0; i < n; i++) {
            in[i] = i * 0.5f;
        }
        float[] out = new float[n];
        int[] counts = new int[4];
        try (var q = new Queue(device);
             var x = DeviceArray.ofFloat(q, n);
             var y = DeviceArray.ofFloat(q, n);
             var c = DeviceArray.ofInt(q, 4)) {
            var copied = q.copy(in, x);
            var filled = q.fill(y, 1.5f);
            var zeroed = q.fill(c, 0);
            var kernel = q.submit(h -> {
                h.dependsOn(copied, filled, zeroed);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    y.set(i, y.get(i) + x.get(i) * 2f);
                    c.atomicAdd(i % 4, 1);
                });
            });
            q.copy(y, out, kernel).await();
            int[] hostCounts = new int[4];
            q.copy(c, hostCounts, kernel).await();
            counts = hostCounts;
        }
        for (int i = 0; i < n; i++) {
            assertThat(out[i]).isEqualTo(1.5f + i * 0.5f * 2f);
        }
        assertThat(counts).containsOnly(n / 4);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void inOrderQueueOrdersDeviceArrayWorkWithoutEvents(Device device) {
        int n = 1000;
        long[] out = new long[n];
        try (var q = new Queue(new io.jsycl.Context(device), device, QueueProperty.IN_ORDER);
             var a = DeviceArray.ofLong(q, n)) {
            q.fill(a, 7L);
            for (int step = 0; step < 3; step++) {
                q.submit(h -> h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) * 3 + it.id(0))));
            }
            q.copy(a, out);
        }
        for (int i = 0; i < n; i++) {
            assertThat(out[i]).isEqualTo(((7L * 3 + i) * 3 + i) * 3 + i);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void closingFreesTheDeviceMemoryAndCopiesCheckTheirSize(Device device) {
        long mems = ClObjects.live(ClObjects.Kind.MEM);
        try (var q = new Queue(device); var a = DeviceArray.ofInt(q, 8)) {
            assertThatThrownBy(() -> q.copy(new int[9], a)).isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("9 elements");
            assertThat(a.size()).isEqualTo(8);
        }
        assertThat(ClObjects.live(ClObjects.Kind.MEM)).isEqualTo(mems);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void deviceToDeviceCopiesMatchPlainJava(Device device) {
        int n = 4099;
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = i * 31 - 7;
        }
        int[] whole = new int[n];
        int[] part = new int[n];
        byte[] bytesOut = new byte[n];
        try (var q = new Queue(device);
             var a = DeviceArray.ofInt(q, n);
             var b = DeviceArray.ofInt(q, n);
             var c = DeviceArray.ofInt(q, n);
             var x = DeviceArray.ofByte(q, n);
             var y = DeviceArray.ofByte(q, n)) {
            var uploaded = q.copy(in, a);
            var doubled = q.submit(h -> {
                h.dependsOn(uploaded);
                h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) * 2));
            });
            var copied = q.copy(a, b, doubled);
            var zeroed = q.fill(c, -1);
            var moved = q.copy(b, 13, c, 1000, 2001, copied, zeroed);
            var bytesFilled = q.fill(x, (byte) 5);
            var bytesPart = q.copy(x, 0, y, 3, n - 3, bytesFilled);
            q.copy(b, whole, copied).await();
            q.copy(c, part, moved).await();
            q.copy(y, bytesOut, bytesPart).await();
        }
        int[] expectedPart = new int[n];
        java.util.Arrays.fill(expectedPart, -1);
        for (int i = 0; i < 2001; i++) {
            expectedPart[1000 + i] = in[13 + i] * 2;
        }
        for (int i = 0; i < n; i++) {
            assertThat(whole[i]).as("whole copy, element %d", i).isEqualTo(in[i] * 2);
        }
        assertThat(part).isEqualTo(expectedPart);
        for (int i = 3; i < n; i++) {
            assertThat(bytesOut[i]).isEqualTo((byte) 5);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void deviceToDeviceCopyChainIsOrderedByEventsAndByAnInOrderQueue(Device device) {
        int n = 1 << 16;
        float[] out = new float[n];
        float[] inOrderOut = new float[n];
        try (var q = new Queue(device);
             var a = DeviceArray.ofFloat(q, n);
             var b = DeviceArray.ofFloat(q, n)) {
            Event last = q.fill(a, 1f);
            for (int step = 0; step < 4; step++) {
                Event copied = q.copy(a, b, last);
                last = q.submit(h -> {
                    h.dependsOn(copied);
                    h.parallelFor(Range.of(n), it -> a.set(it.id(0), b.get(it.id(0)) * 3f + it.id(0)));
                });
            }
            q.copy(a, out, last).await();
        }
        try (var q = new Queue(new io.jsycl.Context(device), device, QueueProperty.IN_ORDER);
             var a = DeviceArray.ofFloat(q, n);
             var b = DeviceArray.ofFloat(q, n)) {
            q.fill(a, 1f);
            for (int step = 0; step < 4; step++) {
                q.copy(a, b);
                q.submit(h -> h.parallelFor(Range.of(n), it -> a.set(it.id(0), b.get(it.id(0)) * 3f + it.id(0))));
            }
            q.copy(a, inOrderOut);
        }
        for (int i = 0; i < n; i++) {
            float v = 1f;
            for (int step = 0; step < 4; step++) {
                v = v * 3f + i;
            }
            assertThat(out[i]).as("element %d", i).isEqualTo(v);
            assertThat(inOrderOut[i]).as("in-order, element %d", i).isEqualTo(v);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void deviceToDeviceCopiesRejectMismatchedSizesRegionsAndContexts(Device device) {
        try (var q = new Queue(device); var other = new Queue(new io.jsycl.Context(device), device);
             var a = DeviceArray.ofLong(q, 10); var b = DeviceArray.ofLong(q, 12);
             var elsewhere = DeviceArray.ofLong(other, 10)) {
            assertThatThrownBy(() -> q.copy(a, b)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("has 10 elements but destination")
                    .hasMessageContaining("has 12")
                    .hasMessageContaining("q.copy(src, srcOffset, dst, dstOffset, count)");
            assertThatThrownBy(() -> q.copy(a, 5, b, 0, 6)).isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("6 elements from offset 5");
            assertThatThrownBy(() -> q.copy(a, 0, b, -1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> q.copy(a, 0, a, 4, 5)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("overlap");
            assertThatThrownBy(() -> q.copy(a, elsewhere)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("different contexts")
                    .hasMessageContaining("through a host array");
            q.copy(a, 0, a, 5, 5).await();
            q.copy(a, 0, b, 12, 0).await();
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aClosedDeviceArrayInAKernelIsRejectedAtSubmit(Device device) {
        try (var q = new Queue(device)) {
            var x = DeviceArray.ofInt(q, 16);
            q.fill(x, 5).await();
            x.close();
            assertThatThrownBy(() -> q.submit(h -> h.parallelFor(Range.of(16), it -> x.set(it.id(0), it.id(0)))))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(x.toString())
                    .hasMessageContaining("is closed");
            q.await();
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aClosedDeviceArrayInACopyOrFillIsRejected(Device device) {
        int[] host = new int[16];
        try (var q = new Queue(device); var open = DeviceArray.ofInt(q, 16)) {
            var x = DeviceArray.ofInt(q, 16);
            x.close();
            String named = x.toString();
            assertThatThrownBy(() -> q.copy(host, x)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(named).hasMessageContaining("is closed");
            assertThatThrownBy(() -> q.copy(x, host)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(named).hasMessageContaining("is closed");
            assertThatThrownBy(() -> q.fill(x, 1)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(named).hasMessageContaining("is closed");
            assertThatThrownBy(() -> q.copy(open, x)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(named).hasMessageContaining("is closed");
            assertThatThrownBy(() -> q.copy(x, open)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(named).hasMessageContaining("is closed");
            q.await();
        }
    }
}
