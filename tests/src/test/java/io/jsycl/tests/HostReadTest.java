package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.algorithms.Reductions;
import io.jsycl.internal.platform.Settings;
import io.jsycl.opencl.ClObjects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code buffer.hostRead()}, the read-only host accessor: it reads what the kernels wrote, refuses writes, leaves the
 * device's copy current (the next kernel uploads nothing, where a read-write host accessor's close makes the next
 * kernel upload the host's contents), and holds back only the commands that write the buffer.
 */
@Isolated
class HostReadTest {
    static java.util.stream.Stream<Device> devices() {
        return TestDevices.all();
    }

    private static void fill(Queue q, Buffer.OfInt b, int add) {
        int n = b.size();
        q.submit(h -> {
            var o = b.readWrite(h);
            h.parallelFor(Range.of(n), it -> o.set(it.id(0), o.get(it.id(0)) + it.id(0) + add));
        });
    }

    @ParameterizedTest
    @MethodSource("devices")
    void readsWhatTheKernelsWroteAndRefusesWrites(Device device) {
        int n = 1000;
        try (var q = new Queue(device); var b = Buffer.ofInt(Range.of(n))) {
            fill(q, b, 7);
            try (var r = b.hostRead()) {
                assertThat(r.isReadOnly()).isTrue();
                for (int i = 0; i < n; i++) {
                    assertThat(r.get(i)).isEqualTo(i + 7);
                }
                int[] all = new int[n];
                r.copyTo(all);
                assertThat(all[n - 1]).isEqualTo(n - 1 + 7);
                assertThatThrownBy(() -> r.set(0, 1)).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("only reads (buffer.hostRead())").hasMessageContaining("hostAccess()");
                assertThatThrownBy(() -> r.copyFrom(new int[n])).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("only reads");
            }
            // The refused writes changed nothing, and the next kernel starts from what the device holds.
            fill(q, b, 0);
            try (var a = b.hostAccess()) {
                assertThat(a.isReadOnly()).isFalse();
                for (int i = 0; i < n; i++) {
                    assertThat(a.get(i)).isEqualTo(2 * i + 7);
                }
            }
        }
    }

    /**
     * On a device whose copies move through pinned memory (a discrete GPU), a read-write host accessor leaves the
     * host's copy the only current one, and the next kernel uploads it; a read-only one leaves the device's copy
     * current, and the next kernel uploads nothing. Where the host maps the device's copy itself (CPU devices,
     * PoCL, unless JSYCL_HOST_TRANSFERS=staging), neither uploads.
     */
    @Test
    void aReadOnlyAccessorLeavesTheDeviceCopyCurrent() {
        for (Device device : TestDevices.openCl()) {
            TestDevices.withoutWarmup(device);
            // Whether this run's buffers move data by mapping (JSYCL_HOST_TRANSFERS=staging makes a CPU device move
            // it through pinned memory as a discrete GPU does: CI runs this class that way too).
            boolean mapped = Settings.current().mapsHostTransfers(device.hostUnifiedMemory());
            int n = 1 << 16;
            try (var q = new Queue(device); var b = Buffer.ofInt(Range.of(n))) {
                fill(q, b, 1);
                for (boolean readOnly : new boolean[] {false, true}) {
                    try (var a = readOnly ? b.hostRead() : b.hostAccess()) {
                        assertThat(a.get(5)).isGreaterThan(0);
                    }
                    long uploads = ClObjects.calls("clEnqueueWriteBuffer");
                    fill(q, b, 1);
                    q.await();
                    assertThat(ClObjects.calls("clEnqueueWriteBuffer") - uploads)
                            .as("%s: uploads after a %s host accessor", device.name(),
                                    readOnly ? "read-only" : "read-write")
                            .isEqualTo(readOnly || mapped ? 0 : 1);
                }
                try (var a = b.hostRead()) {
                    assertThat(a.get(5)).isEqualTo(3 * (5 + 1));
                }
            }
        }
    }

    /**
     * While a read-only host accessor is open on one thread, a kernel submitted on another thread that only reads
     * the buffer runs; one that writes it waits for the accessor's close (its submit, or its execution).
     */
    @ParameterizedTest
    @MethodSource("devices")
    void onlyWritersWaitForAnOpenReadOnlyAccessor(Device device) throws Exception {
        int n = 256;
        try (var q = new Queue(device); var b = Buffer.ofInt(Range.of(n)); var copy = Buffer.ofInt(Range.of(n))) {
            fill(q, b, 3);
            q.await();
            CompletableFuture<Event> writer;
            try (var r = b.hostRead()) {
                Event reader = CompletableFuture.supplyAsync(() -> q.submit(h -> {
                    var in = b.read(h);
                    var out = copy.writeNoInit(h);
                    h.parallelFor(Range.of(n), it -> out.set(it.id(0), in.get(it.id(0))));
                })).get(30, TimeUnit.SECONDS);
                reader.await(); // returns: a reader does not wait for the read-only accessor
                writer = CompletableFuture.supplyAsync(() -> q.submit(h -> {
                    var o = b.writeNoInit(h);
                    h.parallelFor(Range.of(n), it -> o.set(it.id(0), -1));
                }));
                Thread.sleep(200);
                boolean ran = writer.isDone() && writer.get().status() == Event.Status.COMPLETE;
                assertThat(ran).as("a writer waits for the open read-only accessor").isFalse();
                assertThat(r.get(10)).isEqualTo(13);
            }
            writer.get(30, TimeUnit.SECONDS).await();
            try (var c = copy.hostRead(); var r = b.hostRead()) {
                assertThat(c.get(10)).isEqualTo(13);
                assertThat(r.get(10)).isEqualTo(-1);
            }
        }
    }

    /** A value-returning reduction reads its result through a read-only accessor: calls in a row stay right. */
    @ParameterizedTest
    @MethodSource("devices")
    void reductionsInARowReturnTheirOwnResults(Device device) {
        int n = 5000;
        float[] data = new float[n];
        for (int i = 0; i < n; i++) {
            data[i] = i % 7;
        }
        try (var q = new Queue(device); var in = Buffer.of(data)) {
            float expected = 0;
            for (int i = 0; i < n; i++) {
                expected += data[i]; // small integers: exact in any order
            }
            for (int call = 0; call < 4; call++) {
                float scale = call + 1;
                float got = Reductions.transformReduce(q, in, n, 0f, Float::sum, x -> x * scale);
                assertThat(got).isEqualTo(expected * scale);
            }
        }
    }
}
