package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Id;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClObjects;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code q.copy(buffer, array)} of a buffer a kernel left current on the queue's device: read on the queue right after
 * the kernel, not through a host accessor. The buffer's own host array stays as it was until the buffer's close (the
 * sign that the read came from the device copy); results are checked against Java loops on every device.
 */
class BufferToArrayCopyTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void eachReadFollowsTheKernelBeforeIt(Device device) {
        int[] count = new int[1];
        int[] seen = new int[1];
        try (var q = new Queue(device); var b = Buffer.of(count)) {
            for (int round = 1; round <= 300; round++) {
                increment(q, b);
                q.copy(b, seen);
                assertThat(seen[0]).as("round %d on %s", round, device.name()).isEqualTo(round);
            }
            if (!device.isHost()) {
                assertThat(count[0]).as("the buffer's host array, before its close").isZero();
            }
        }
        assertThat(count[0]).as("written back at the close").isEqualTo(300);
    }

    /** Adds one to the buffer's only element, in a kernel on {@code q}. */
    private static void increment(Queue q, Buffer.OfInt b) {
        q.submit(h -> {
            var c = b.readWrite(h);
            h.singleTask(() -> c.set(0, c.get(0) + 1));
        });
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aCopyWaitsForItsReadNotForTheWholeQueue(Device device) {
        // The read's own event is what the copy waits for: a clFinish of the queue after it would also wait for what
        // other threads enqueue there meanwhile, and costs a driver call a copy.
        assumeFalse(device.isHost(), "the host device has no OpenCL queue");
        int rounds = 200;
        int[] seen = new int[1];
        try (var q = new Queue(device); var b = Buffer.of(new int[1])) {
            increment(q, b);
            q.copy(b, seen); // builds the kernel, uploads the buffer
            long finishes = ClObjects.calls("clFinish");
            for (int round = 2; round <= rounds + 1; round++) {
                increment(q, b);
                q.copy(b, seen);
                assertThat(seen[0]).isEqualTo(round);
            }
            assertThat(ClObjects.calls("clFinish") - finishes).as("clFinish calls in %d copies on %s",
                    rounds, device.name()).isZero();
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void everyElementTypeComesBackAsTheKernelWroteIt(Device device) {
        int n = 1000;
        long[] longs = new long[n];
        float[] floats = new float[n];
        double[] doubles = new double[n];
        short[] shorts = new short[n];
        byte[] bytes = new byte[n];
        char[] chars = new char[n];
        boolean[] flags = new boolean[n];
        try (var q = new Queue(device); var bl = Buffer.ofLong(Range.of(n)); var bf = Buffer.ofFloat(Range.of(n));
             var bd = Buffer.ofDouble(Range.of(n)); var bs = Buffer.ofShort(Range.of(n));
             var bb = Buffer.ofByte(Range.of(n)); var bc = Buffer.ofChar(Range.of(n));
             var bz = Buffer.ofBoolean(Range.of(n))) {
            q.submit(h -> {
                var l = bl.write(h);
                var f = bf.write(h);
                var d = bd.write(h);
                var s = bs.write(h);
                var y = bb.write(h);
                var c = bc.write(h);
                var z = bz.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    l.set(i, (long) i * 0x1_0000_0001L - 5);
                    f.set(i, i / 7f);
                    d.set(i, Math.sqrt(i));
                    s.set(i, (short) (i * 97));
                    y.set(i, (byte) (i * 31));
                    c.set(i, (char) (i * 131));
                    z.set(i, i % 3 == 0);
                });
            });
            q.copy(bl, longs);
            q.copy(bf, floats);
            q.copy(bd, doubles);
            q.copy(bs, shorts);
            q.copy(bb, bytes);
            q.copy(bc, chars);
            q.copy(bz, flags);
        }
        for (int i = 0; i < n; i++) {
            assertThat(longs[i]).as("long %d", i).isEqualTo((long) i * 0x1_0000_0001L - 5);
            assertThat(floats[i]).as("float %d", i).isEqualTo(i / 7f);
            assertThat(doubles[i]).as("double %d", i).isEqualTo(Math.sqrt(i));
            assertThat(shorts[i]).as("short %d", i).isEqualTo((short) (i * 97));
            assertThat(bytes[i]).as("byte %d", i).isEqualTo((byte) (i * 31));
            assertThat(chars[i]).as("char %d", i).isEqualTo((char) (i * 131));
            assertThat(flags[i]).as("boolean %d", i).isEqualTo(i % 3 == 0);
        }
    }

    /** A writer on another queue of the context orders the read, and the read orders a later writer. */
    @ParameterizedTest
    @MethodSource("devices")
    void readsOrderWithWritersOnOtherQueues(Device device) {
        int n = 1 << 20;
        int[] seen = new int[n];
        try (var context = new Context(device); var writer = new Queue(context, device);
             var reader = new Queue(context, device); var b = Buffer.ofInt(Range.of(n))) {
            for (int round = 0; round < 5; round++) {
                int r = round;
                writer.submit(h -> {
                    var x = b.write(h);
                    h.parallelFor(Range.of(n), it -> x.set(it.id(0), mixed(it.id(0)) ^ r));
                });
                reader.copy(b, seen);
                for (int i = 0; i < n; i += 997) {
                    assertThat(seen[i]).as("element %d, round %d", i, round).isEqualTo(mixed(i) ^ r);
                }
            }
        }
    }

    /** A copy out of a buffer whose host accessor the thread holds would wait for its close forever: refused. */
    @ParameterizedTest
    @MethodSource("devices")
    void aCopyUnderTheThreadsOwnHostAccessorIsRefused(Device device) {
        int n = 256;
        int[] into = new int[n];
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            try (var q = new Queue(device); var b = Buffer.ofInt(Range.of(n))) {
                q.submit(h -> {
                    var x = b.write(h);
                    h.parallelFor(Range.of(n), it -> x.set(it.id(0), it.id(0)));
                });
                try (var held = b.hostAccess()) {
                    held.set(0, 7);
                    assertThatThrownBy(() -> q.copy(b, into)).isInstanceOf(IllegalStateException.class)
                            .hasMessageContaining("host accessor").hasMessageContaining("on this thread");
                }
                q.copy(b, into);
            }
        });
        assertThat(into[0]).isEqualTo(7);
        assertThat(into[n - 1]).isEqualTo(n - 1);
    }

    /**
     * 64 steps of a linear congruential generator from {@code i}: a kernel long enough that a read not ordered after
     * it would see the values before it.
     */
    static int mixed(int i) {
        int v = i;
        for (int k = 0; k < 64; k++) {
            v = v * 1_664_525 + 1_013_904_223;
        }
        return v;
    }

    /** Where the fast read does not apply (a sub-buffer, a longer array, host-current contents): the same results. */
    @ParameterizedTest
    @MethodSource("devices")
    void otherCopiesReadThroughAHostAccessor(Device device) {
        int n = 64;
        int[] data = new int[n];
        int[] longer = new int[n + 5];
        int[] region = new int[8];
        int[] untouched = new int[n];
        try (var q = new Queue(device); var b = Buffer.of(data); var fresh = Buffer.of(new int[] {1, 2, 3})) {
            q.submit(h -> {
                var x = b.write(h);
                h.parallelFor(Range.of(n), it -> x.set(it.id(0), 3 * it.id(0) + 1));
            });
            q.copy(b, longer);
            try (var sub = b.subBuffer(Id.of(10), Range.of(8))) {
                q.copy(sub, region);
            }
            q.copy(b, untouched);
            int[] three = new int[3];
            q.copy(fresh, three);
            assertThat(three).containsExactly(1, 2, 3);
        }
        for (int i = 0; i < n; i++) {
            assertThat(longer[i]).isEqualTo(3 * i + 1);
            assertThat(untouched[i]).isEqualTo(3 * i + 1);
        }
        assertThat(longer).endsWith(0, 0, 0, 0, 0);
        for (int i = 0; i < 8; i++) {
            assertThat(region[i]).isEqualTo(3 * (10 + i) + 1);
        }
    }
}
