package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Id;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One semantics for a write accessor on every device (SYCL 2020 without {@code no_init}): elements the kernel does
 * not store keep the contents they had, wherever those were current (the host array, the device's copy, another
 * device's copy). A write with {@code writeNoInit} stores what the kernel stores.
 */
class WriteAccessTest {
    private static final int N = 1000;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    private static float[] iota() {
        float[] data = new float[N];
        for (int i = 0; i < N; i++) {
            data[i] = i + 0.5f;
        }
        return data;
    }

    /** Stores -i at the even elements only, through a write accessor. */
    private static void writeEvens(Queue q, Buffer.OfFloat buf) {
        q.submit(h -> {
            var o = buf.write(h);
            h.parallelFor(Range.of(N), it -> {
                int i = it.id(0);
                if (i % 2 == 0) {
                    o.set(i, -i);
                }
            });
        });
    }

    /** Multiplies every element by {@code factor}, through a read-write accessor. */
    private static void scale(Queue q, Buffer.OfFloat buf, float factor) {
        q.submit(h -> {
            var a = buf.readWrite(h);
            h.parallelFor(Range.of(N), it -> a.set(it.id(0), a.get(it.id(0)) * factor));
        });
    }

    private static void assertEvensWrittenOddsKept(float[] data, float factor) {
        for (int i = 0; i < N; i++) {
            float expected = i % 2 == 0 ? -i : (i + 0.5f) * factor;
            assertThat(data[i]).as("element %d", i).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aWriteAccessorKeepsTheHostArraysValuesWhereTheKernelStoresNothing(Device device) {
        float[] data = iota();
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            writeEvens(q, buf);
        }
        assertEvensWrittenOddsKept(data, 1);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aWriteAccessorKeepsTheDeviceCopysValuesWhereTheKernelStoresNothing(Device device) {
        float[] data = iota();
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            scale(q, buf, 2);
            try (var host = buf.hostAccess()) { // the host's write makes the host copy the only current one
                host.set(1, (1 + 0.5f) * 2);
            }
            writeEvens(q, buf);
        }
        assertEvensWrittenOddsKept(data, 2);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aWriteAccessorOnAnotherDeviceKeepsTheValuesThisDeviceWrote(Device device) {
        float[] data = iota();
        for (Device other : TestDevices.all().toList()) {
            data = iota();
            try (var q = new Queue(device); var q2 = new Queue(other); var buf = Buffer.of(data)) {
                scale(q, buf, 3);
                writeEvens(q2, buf);
            }
            assertEvensWrittenOddsKept(data, 3);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aWriteAccessorOfASubBufferKeepsTheRestOfTheRegion(Device device) {
        float[] data = iota();
        try (var q = new Queue(device); var buf = Buffer.of(data); var sub = buf.subBuffer(Id.of(100), Range.of(200))) {
            q.submit(h -> {
                var o = sub.write(h);
                h.parallelFor(Range.of(200), it -> {
                    if (it.id(0) < 10) {
                        o.set(it.id(0), -1f);
                    }
                });
            });
        }
        for (int i = 0; i < N; i++) {
            assertThat(data[i]).as("element %d", i).isEqualTo(i >= 100 && i < 110 ? -1f : i + 0.5f);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aWriteWithoutInitStoresWhatTheKernelStores(Device device) {
        float[] data = iota();
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            q.submit(h -> {
                var o = buf.writeNoInit(h);
                h.parallelFor(Range.of(N), it -> o.set(it.id(0), 2f * it.id(0)));
            });
        }
        for (int i = 0; i < N; i++) {
            assertThat(data[i]).isEqualTo(2f * i);
        }
    }
}
