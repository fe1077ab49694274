package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.HostArray;
import io.jsycl.MemoryStats;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.lang.foreign.ValueLayout;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Host USM ({@link HostArray}, SYCL's {@code malloc_host}): pinned memory Java reads and writes, copied to and from
 * device arrays in one DMA, and the host side of buffers made over it (uploads from it and the write-back into it
 * with no staging copy). Every result is compared with the same arithmetic in Java, bit for bit.
 */
class HostArrayTest {
    static Stream<Device> everyDevice() {
        return TestDevices.all();
    }

    static Stream<Device> openClDevices() {
        return TestDevices.openCl().stream();
    }

    /** Every OpenCL device, with transfers by map/unmap and through staging memory (what GPUs use). */
    static Stream<Arguments> openClDevicesAndModes() {
        return TestDevices.openCl().stream().flatMap(d -> Stream.of(Arguments.of(d, "staging"), Arguments.of(d, "map")));
    }

    @AfterEach
    void restore() {
        System.clearProperty("jsycl.hostTransfers");
    }

    @ParameterizedTest
    @MethodSource("everyDevice")
    void javaReadsAndWritesItByElementInBulkAndAsASegment(Device device) {
        try (var q = new Queue(device); var h = HostArray.ofInt(q, 1000); var b = HostArray.ofBoolean(q, 3)) {
            assertThat(h.size()).isEqualTo(1000);
            assertThat(h.toArray()).as("a new host array").containsOnly(0);
            int[] data = new int[1000];
            for (int i = 0; i < data.length; i++) {
                data[i] = i * 7 - 300;
            }
            h.copyFrom(data);
            assertThat(h.get(999)).isEqualTo(999 * 7 - 300);
            assertThat(h.segment().getAtIndex(ValueLayout.JAVA_INT, 10)).isEqualTo(-230);
            h.set(5, 42);
            h.segment().setAtIndex(ValueLayout.JAVA_INT, 6, 43);
            int[] back = new int[1000];
            h.copyTo(back);
            data[5] = 42;
            data[6] = 43;
            assertThat(back).containsExactly(data);
            b.set(1, true);
            assertThat(b.toArray()).containsExactly(false, true, false);
            assertThatThrownBy(() -> h.get(1000)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> h.copyFrom(new int[1001])).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @ParameterizedTest
    @MethodSource("everyDevice")
    void copiesToAndFromADeviceArrayAroundAKernel(Device device) {
        int n = 100_003;
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 0.37f - 1000.5f;
        }
        try (var q = new Queue(device); var host = HostArray.ofFloat(q, n); var dev = DeviceArray.ofFloat(q, n)) {
            host.copyFrom(x);
            var in = q.copy(host, dev);
            var kernel = q.submit(h -> {
                h.dependsOn(in);
                h.parallelFor(Range.of(n), it -> dev.set(it.id(0), dev.get(it.id(0)) * 3.0f / 7.0f));
            });
            q.copy(dev, host, kernel).await();
            float[] got = host.toArray();
            for (int i = 0; i < n; i++) {
                float want = x[i] * 3.0f / 7.0f;
                if (Float.floatToRawIntBits(got[i]) != Float.floatToRawIntBits(want)) {
                    assertThat(got[i]).as("element " + i).isEqualTo(want);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("openClDevicesAndModes")
    void aBufferOverItUploadsFromItAndWritesBackIntoIt(Device device, String mode) {
        System.setProperty("jsycl.hostTransfers", mode);
        int n = 5_000_011; // 20 MB: large enough for sliced transfers where the buffer's host copy is a Java array
        try (var context = new Context(device); var q = new Queue(context, device);
             var hx = HostArray.ofFloat(q, n); var hy = HostArray.ofFloat(q, n)) {
            float[] x = new float[n];
            float[] y = new float[n];
            for (int i = 0; i < n; i++) {
                x[i] = (i % 10007) * 0.37f - 1000.5f;
                y[i] = i * 1.5f;
            }
            hx.copyFrom(x);
            hy.copyFrom(y);
            for (int round = 0; round < 2; round++) {
                try (var bx = Buffer.of(hx); var by = Buffer.of(hy)) {
                    q.submit(h -> {
                        var a = bx.read(h);
                        var b = by.readWrite(h);
                        h.parallelFor(Range.of(n), it -> b.set(it.id(0), a.get(it.id(0)) * 2.0f + b.get(it.id(0)) / 3.0f));
                    });
                    if (round == 1) {
                        try (var view = by.hostAccess()) { // the host's view is the host array's memory, current
                            assertThat(view.get(n - 1)).isEqualTo(hostSaxpy(x[n - 1], y[n - 1]));
                            view.set(0, -1f);
                        }
                    }
                }
                for (int i = 0; i < n; i++) {
                    y[i] = hostSaxpy(x[i], y[i]);
                }
                if (round == 1) {
                    y[0] = -1f;
                }
                float[] got = hy.toArray();
                for (int i = 0; i < n; i++) {
                    if (Float.floatToRawIntBits(got[i]) != Float.floatToRawIntBits(y[i])) {
                        assertThat(got[i]).as("round " + round + ", y[" + i + "]").isEqualTo(y[i]);
                    }
                }
            }
            float[] xs = hx.toArray();
            for (int i = 0; i < n; i++) {
                if (Float.floatToRawIntBits(xs[i]) != Float.floatToRawIntBits(x[i])) {
                    assertThat(xs[i]).as("the read-only buffer's host array at " + i).isEqualTo(x[i]);
                }
            }
        }
    }

    private static float hostSaxpy(float a, float b) {
        return a * 2.0f + b / 3.0f;
    }

    @ParameterizedTest
    @MethodSource("openClDevices")
    void aHostArrayCannotCloseUnderAnOpenBufferAndIsUnusableOnceClosed(Device device) {
        try (var q = new Queue(device)) {
            var host = HostArray.ofDouble(q, 16);
            var segment = host.segment();
            try (var buffer = Buffer.of(host)) {
                assertThatThrownBy(host::close).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("buffer(s) over it are open").hasMessageContaining("close the buffers first");
                assertThat(buffer.size()).isEqualTo(16);
                assertThatThrownBy(() -> host.buffer(Range.of(3, 5))).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("holds 15 elements but the host array has 16");
            }
            host.close();
            host.close();
            assertThatThrownBy(() -> host.get(0)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> segment.get(ValueLayout.JAVA_DOUBLE, 0)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(host::segment).isInstanceOf(IllegalStateException.class).hasMessageContaining("is closed");
            assertThatThrownBy(() -> Buffer.of(host)).isInstanceOf(IllegalStateException.class);
        }
    }

    @ParameterizedTest
    @MethodSource("openClDevices")
    void closingTheContextFreesItsHostArraysAndLaterUseThrows(Device device) {
        HostArray.OfLong host;
        try (var context = new Context(device)) {
            host = HostArray.ofLong(context, 1 << 16);
            host.set(3, 9L);
        }
        assertThatThrownBy(() -> host.get(3)).isInstanceOf(IllegalStateException.class);
        host.close(); // already freed with its context: nothing left to do
    }

    @ParameterizedTest
    @MethodSource("openClDevices")
    void hostArraysOfSimilarSizesReuseTheContextsPinnedMemory(Device device) {
        try (var context = new Context(device)) {
            HostArray.ofFloat(context, 1 << 20).close();
            MemoryStats first = context.memoryStats();
            for (int i = 0; i < 50; i++) {
                HostArray.ofFloat(context, (1 << 20) - i).close();
            }
            MemoryStats after = context.memoryStats();
            assertThat(after.pinnedAllocations()).as("pinned allocations").isEqualTo(first.pinnedAllocations());
            assertThat(after.pinnedReuses() - first.pinnedReuses()).as("pinned reuses").isEqualTo(50);
        }
    }

    @Test
    void theHostDeviceRefusesABufferOverAHostArrayAndNamesTheWayOut() {
        Device host = Device.host();
        try (var q = new Queue(host); var array = HostArray.ofInt(q, 8); var buffer = Buffer.of(array)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var a = buffer.readWrite(h);
                h.parallelFor(Range.of(8), it -> a.set(it.id(0), 1));
            })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("made over a HostArray")
                    .hasMessageContaining("Buffer.of(hostArray.toArray())");
        }
    }

    @ParameterizedTest
    @MethodSource("openClDevices")
    void aCopyRefusesAHostArrayOfAnotherContext(Device device) {
        try (var context = new Context(device); var q = new Queue(device); var host = HostArray.ofInt(context, 4);
             var dev = DeviceArray.ofInt(q, 4)) {
            assertThatThrownBy(() -> q.copy(host, dev)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("belongs to another context");
        }
    }

    @ParameterizedTest
    @MethodSource("openClDevices")
    void aKernelThatCapturesAHostArrayIsToldToWrapOrCopyIt(Device device) {
        try (var q = new Queue(device); var host = HostArray.ofFloat(q, 8); var out = DeviceArray.ofFloat(q, 8)) {
            assertThatThrownBy(() -> q.submit(h -> h.parallelFor(Range.of(8), it -> out.set(it.id(0), host.get(it.id(0))))))
                    .hasMessageContaining("HostArray").hasMessageContaining("Buffer.of(");
        }
    }

    @ParameterizedTest
    @MethodSource("openClDevices")
    void aTwoDimensionalBufferOverItIndexesRowMajor(Device device) {
        int rows = 37;
        int cols = 53;
        try (var q = new Queue(device); var host = HostArray.ofInt(q, rows * cols)) {
            try (var grid = host.buffer(Range.of(rows, cols))) {
                q.submit(h -> {
                    var g = grid.writeNoInit(h);
                    h.parallelFor(Range.of(rows, cols), it -> g.set(it.id(0), it.id(1), it.id(0) * 1000 + it.id(1)));
                });
            }
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    assertThat(host.get(r * cols + c)).as("(" + r + ", " + c + ")").isEqualTo(r * 1000 + c);
                }
            }
        }
    }
}
