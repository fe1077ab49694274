package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.algorithms.Reductions;
import io.jsycl.opencl.DriverQuirk;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fills of 2 GiB and more, which NVIDIA's OpenCL counts in 32-bit repetitions of their pattern
 * ({@link DriverQuirk#FILL_UNITS_32_BIT}: one-byte zeroing of a 2 GiB buffer hung, and of the last bytes of a larger
 * one lost the context): a new buffer of 2 GiB and 64 bytes zeroed before a kernel's first write (by the runtime's
 * 128-byte pattern and a tail of 64 bytes written from the host), and {@code q.fill} of a device array of that size,
 * each on every OpenCL device that allocates that much and has twice that memory, with the quirk turned on (NVIDIA's
 * devices have it anyway; a CPU's OpenCL that allocates 2 GiB runs the widened fill too). PoCL on the development
 * machine allocates less, so CI runs {@code ClQueueFillTest}'s smaller stand-in instead.
 */
class LargeFillTest {
    private static final long BYTES = (1L << 31) + 64;

    static Stream<Device> devicesWithTheMemory() {
        return TestDevices.openCl().stream()
                .filter(d -> d.maxMemAllocSize() >= BYTES && d.globalMemSize() >= 2 * BYTES);
    }

    @ParameterizedTest(allowZeroInvocations = true) // a machine without such a device
    @MethodSource("devicesWithTheMemory")
    void aBufferOfTwoGibibytesIsZeroedBeforeAKernelWritesPartOfIt(Device device) {
        int n = (int) (BYTES / Long.BYTES);
        withTheQuirk(() -> {
            try (var q = new Queue(device); var b = Buffer.ofLong(Range.of(n))) {
                q.submit(h -> {
                    var out = b.write(h); // keeps the elements it does not write: zeroed first
                    h.parallelFor(Range.of(1), it -> out.set(n - 1, 42L));
                });
                try (var h = b.hostAccess()) {
                    // The first, those around 2^31 one-byte repetitions and the 128-byte pattern's last whole one, and
                    // the tail's.
                    for (int i : new int[] {0, (1 << 28) - 1, 1 << 28, n - 2}) {
                        assertThat(h.get(i)).as("element %d of %d on %s", i, n, device.name()).isZero();
                    }
                    assertThat(h.get(n - 1)).isEqualTo(42L);
                }
                assertThat(Reductions.reduce(q, b, n, 0L, Long::sum)).as("sum on %s", device.name()).isEqualTo(42L);
            }
        });
    }

    @ParameterizedTest(allowZeroInvocations = true) // a machine without such a device
    @MethodSource("devicesWithTheMemory")
    void aDeviceArrayOfTwoGibibytesIsFilledWhole(Device device) {
        int n = (int) (BYTES / Long.BYTES);
        withTheQuirk(() -> {
            try (var q = new Queue(device); var a = DeviceArray.ofLong(q, n)) {
                q.fill(a, 3L).await();
                assertThat(Reductions.reduce(q, a, n, 0L, Long::sum)).as("sum on %s", device.name())
                        .isEqualTo(3L * n);
            }
        });
    }

    /** Runs {@code check} with the quirk on for every device (NVIDIA's have it anyway). */
    private static void withTheQuirk(Runnable check) {
        AlgorithmsTest.withProperty("jsycl.quirks", "+" + DriverQuirk.FILL_UNITS_32_BIT.settingName(), check);
    }
}
