package io.jsycl.tests.adversarial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.tests.TestDevices;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Small misuses of the API on one thread, on every device: each ends in a clear exception before anything runs,
 * never in a device's own failure, a silent wrong answer or a hang.
 */
@Watchdog.Limit(seconds = 60)
class ApiMisuseSmallTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aWorkGroupLargerThanTheDeviceAllowsIsRejectedBeforeLaunch(Device device) {
        int local = 65536; // past every device's limit, and the host device's old Phaser failure
        int[] out = new int[local];
        try (var q = new Queue(device); var buf = Buffer.of(out)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(NdRange.of(Range.of(local), Range.of(local)), it -> o.set(it.globalId(0), 1));
            })).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("local range Range[65536] is a work-group of 65536 work-items")
                    .hasMessageContaining("at most " + device.maxWorkGroupSize())
                    .hasMessageContaining(device.name());
        }
        assertThat(out).containsOnly(0);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aWorkGroupOfTheDevicesStatedMaximumRunsWithABarrier(Device device) {
        int local = (int) Math.min(device.maxWorkGroupSize(), 4096);
        int[] out = new int[local * 2];
        try (var q = new Queue(device); var buf = Buffer.of(out)) {
            q.submit(h -> {
                var o = buf.readWrite(h);
                h.parallelFor(NdRange.of(Range.of(local * 2), Range.of(local)), it -> {
                    o.set(it.globalId(0), it.localId(0) + 1);
                    it.barrier();
                    int mirror = it.groupId(0) * it.localRange(0) + it.localRange(0) - 1 - it.localId(0);
                    int seen = o.get(mirror);
                    it.barrier();
                    o.set(it.globalId(0), seen);
                });
            });
        }
        for (int i = 0; i < out.length; i++) {
            assertThat(out[i]).as("out[%d]", i).isEqualTo(local - i % local);
        }
    }
}
