package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.DeviceArray;
import io.jsycl.Device;
import io.jsycl.DeviceType;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.algorithms.Reductions;
import io.jsycl.opencl.DriverQuirk;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fills past {@link DriverQuirk#FILL_PIECE_BYTES}, which the runtime enqueues in pieces where a driver has
 * {@link DriverQuirk#FILL_IN_PIECES} (NVIDIA's OpenCL never returned from one fill of 2 GiB): a new buffer zeroed
 * before a kernel's first write, and {@code q.fill} of a device array. On GPUs 2 GiB and 64 bytes (past the size
 * that hung), elsewhere 1 GiB and 64 bytes with the quirk turned on, so that CI runs the pieces too.
 */
class LargeFillTest {
    static Stream<Device> devicesWithTheMemory() {
        return TestDevices.openCl().stream().filter(d -> d.globalMemSize() >= 4 * bytes(d));
    }

    private static long bytes(Device d) {
        return d.type() == DeviceType.GPU ? (1L << 31) + 64 : DriverQuirk.FILL_PIECE_BYTES + 64;
    }

    @ParameterizedTest
    @MethodSource("devicesWithTheMemory")
    void aBufferPastAPieceIsZeroedBeforeAKernelWritesPartOfIt(Device device) {
        int n = (int) (bytes(device) / Long.BYTES);
        withFillPieces(() -> {
            try (var q = new Queue(device); var b = Buffer.ofLong(Range.of(n))) {
                q.submit(h -> {
                    var out = b.write(h); // keeps the elements it does not write: zeroed first
                    h.parallelFor(Range.of(1), it -> out.set(n - 1, 42L));
                });
                try (var h = b.hostAccess()) {
                    // The first and last element of each piece of 1 GiB, and the one written.
                    int perPiece = (int) (DriverQuirk.FILL_PIECE_BYTES / Long.BYTES);
                    for (int i : new int[] {0, perPiece - 1, perPiece, n - 2}) {
                        assertThat(h.get(i)).as("element %d of %d on %s", i, n, device.name()).isZero();
                    }
                    assertThat(h.get(n - 1)).isEqualTo(42L);
                }
                assertThat(Reductions.reduce(q, b, n, 0L, Long::sum)).as("sum on %s", device.name()).isEqualTo(42L);
            }
        });
    }

    @ParameterizedTest
    @MethodSource("devicesWithTheMemory")
    void aDeviceArrayPastAPieceIsFilledWhole(Device device) {
        int n = (int) (bytes(device) / Long.BYTES);
        withFillPieces(() -> {
            try (var q = new Queue(device); var a = DeviceArray.ofLong(q, n)) {
                q.fill(a, 3L).await();
                assertThat(Reductions.reduce(q, a, n, 0L, Long::sum)).as("sum on %s", device.name())
                        .isEqualTo(3L * n);
            }
        });
    }

    /** Runs {@code check} with the quirk on for every device (NVIDIA's have it anyway). */
    private static void withFillPieces(Runnable check) {
        String was = System.setProperty("jsycl.quirks", "+" + DriverQuirk.FILL_IN_PIECES.settingName());
        try {
            check.run();
        } finally {
            if (was == null) {
                System.clearProperty("jsycl.quirks");
            } else {
                System.setProperty("jsycl.quirks", was);
            }
        }
    }
}
