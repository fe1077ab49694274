package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClObjects;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Buffers of 16 MiB or more move in 4 MiB slices: staged uploads copy slices into the staging
 * memory on several threads, each slice written as soon as it is copied, downloads copy each slice
 * out as soon as its read is done, and copies between Java arrays and native memory are split over
 * threads. Sizes are not multiples of a slice, so the last slice is short. Results are compared with
 * Java.
 */
class LargeTransfersTest {
    static Stream<Arguments> devicesAndModes() {
        return TestDevices.openCl().stream().flatMap(d -> Stream.of(Arguments.of(d, "staging"), Arguments.of(d, "map")));
    }

    @AfterEach
    void restore() {
        System.clearProperty("jsycl.hostTransfers");
    }

    @ParameterizedTest
    @MethodSource("devicesAndModes")
    void floatsInAndOutInSlices(Device device, String mode) {
        System.setProperty("jsycl.hostTransfers", mode);
        int n = 10_000_003; // 40 MB: ten 4 MiB slices, the last one short
        float[] x = new float[n];
        float[] y = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i % 10007) * 0.37f - 1000.5f;
            y[i] = i * 1.5f;
        }
        long writes = ClObjects.calls("clEnqueueWriteBuffer");
        long reads = ClObjects.calls("clEnqueueReadBuffer");
        try (var context = new Context(device); var q = new Queue(context, device)) {
            try (var bx = Buffer.of(x); var by = Buffer.of(y)) {
                q.submit(h -> {
                    var a = bx.read(h);
                    var b = by.readWrite(h);
                    h.parallelFor(Range.of(n), it -> b.set(it.id(0), a.get(it.id(0)) * 2.0f + b.get(it.id(0)) / 3.0f));
                });
            }
        }
        if (mode.equals("staging")) {
            assertThat(ClObjects.calls("clEnqueueWriteBuffer") - writes).as("writes of two 40 MB uploads").isEqualTo(20);
            assertThat(ClObjects.calls("clEnqueueReadBuffer") - reads).as("reads of one 40 MB download").isEqualTo(10);
        }
        for (int i = 0; i < n; i++) {
            float want = ((i % 10007) * 0.37f - 1000.5f) * 2.0f + (i * 1.5f) / 3.0f;
            if (Float.floatToRawIntBits(y[i]) != Float.floatToRawIntBits(want)) {
                assertThat(y[i]).as("y[" + i + "]").isEqualTo(want);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devicesAndModes")
    void longsAndIntsKeepEveryBit(Device device, String mode) {
        System.setProperty("jsycl.hostTransfers", mode);
        int n = 3_500_007; // 28 MB of longs in 4 MiB slices, 14 MB of ints (below the slicing threshold: one read)
        long[] a = new long[n];
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (long) i * 0x9E3779B97F4A7C15L;
        }
        try (var context = new Context(device); var q = new Queue(context, device);
             var ba = Buffer.of(a); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var src = ba.readWrite(h);
                var dst = bo.write(h);
                h.parallelFor(Range.of(n), it -> {
                    long v = src.get(it.id(0));
                    src.set(it.id(0), v ^ (v >>> 29));
                    dst.set(it.id(0), (int) (v >>> 32));
                });
            });
        }
        for (int i = 0; i < n; i++) {
            long v = (long) i * 0x9E3779B97F4A7C15L;
            if (a[i] != (v ^ (v >>> 29)) || out[i] != (int) (v >>> 32)) {
                assertThat(a[i]).as("a[" + i + "]").isEqualTo(v ^ (v >>> 29));
                assertThat(out[i]).as("out[" + i + "]").isEqualTo((int) (v >>> 32));
            }
        }
    }

    static Stream<Device> devices() {
        return TestDevices.openCl().stream();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void deviceArrayCopiesFromAndToJavaArraysMoveInSlicesThroughPinnedMemory(Device device) {
        int n = 6_000_001; // 24 MB: six 4 MiB slices, the last one short
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = i * 0x9E3779B9;
        }
        int[] back = new int[n];
        try (var context = new Context(device); var q = new Queue(context, device);
             var dev = io.jsycl.DeviceArray.ofInt(q, n)) {
            long writes = ClObjects.calls("clEnqueueWriteBuffer");
            var in = q.copy(data, dev);
            java.util.Arrays.fill(data, 0, 1000, -1); // the array may be reused once q.copy returns
            var kernel = q.submit(h -> {
                h.dependsOn(in);
                h.parallelFor(Range.of(n), it -> dev.set(it.id(0), dev.get(it.id(0)) ^ it.id(0)));
            });
            q.copy(dev, back, kernel);
            assertThat(ClObjects.calls("clEnqueueWriteBuffer") - writes).as("writes of one 24 MB copy").isEqualTo(6);
            assertThat(context.memoryStats().pinnedAllocations()).as("pinned staging blocks").isGreaterThan(0);
        }
        for (int i = 0; i < n; i++) {
            int want = (i * 0x9E3779B9) ^ i;
            if (back[i] != want) {
                assertThat(back[i]).as("back[" + i + "]").isEqualTo(want);
            }
        }
    }
}
