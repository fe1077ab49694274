package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Device;
import io.jsycl.DeviceArray;
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
}
