package io.jsycl.internal.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import io.jsycl.opencl.DriverQuirk;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ClQueue#fill} where the driver counts a fill's repetitions in 32 bits ({@link DriverQuirk#FILL_UNITS_32_BIT}),
 * with a limit of 64 repetitions standing in for the driver's 2^31 (LargeFillTest runs the real size where a device
 * allocates 2 GiB): a zero fill past it widens its pattern to 128 bytes and writes the tail from the host, covering
 * exactly the bytes asked for; any other pattern past it is refused; below it, or without the quirk, one fill.
 */
class ClQueueFillTest {
    @AfterEach
    void restore() {
        System.clearProperty("jsycl.quirks");
    }

    @Test
    void aZeroFillPastTheDriversCountIsWidenedAndItsTailWritten() {
        System.setProperty("jsycl.quirks", "+" + DriverQuirk.FILL_UNITS_32_BIT.settingName());
        ClDevice device = ApiAccess.get().impl(TestOpenCl.device()).cl();
        int bytes = 1000;
        int filled = 3 * 128 + 37; // past 64 one-byte repetitions: three of 128 bytes, then 37 written
        try (ClContext ctx = ClContext.create(List.of(device));
             ClCommandQueue q = ClCommandQueue.create(ctx, device, false, false);
             ClMem mem = ClMem.createBuffer(ctx, ClMemFlags.READ_WRITE, bytes, MemorySegment.NULL);
             Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(bytes).fill((byte) -1);
            q.enqueueWriteBuffer(mem, true, 0, host, bytes, null).close();
            MemorySegment zero = a.allocate(1);
            await(ClQueue.fill(q, mem, zero, filled, List.of(), 64));
            q.enqueueReadBuffer(mem, true, 0, host, bytes, null).close();
            for (int i = 0; i < bytes; i++) {
                assertThat(host.get(ValueLayout.JAVA_BYTE, i)).as("byte %d", i).isEqualTo(i < filled ? (byte) 0 : -1);
            }
            MemorySegment seven = a.allocate(4).fill((byte) 7);
            assertThatThrownBy(() -> ClQueue.fill(q, mem, seven, 4 * 100, List.of(), 64))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fill-units-32-bit");
            // Below the limit, a pattern other than zeros is one fill.
            await(ClQueue.fill(q, mem, seven, 4 * 10, List.of(), 64));
            q.enqueueReadBuffer(mem, true, 0, host, 40, null).close();
            assertThat(host.asSlice(0, 40).toArray(ValueLayout.JAVA_BYTE)).containsOnly((byte) 7);
            System.setProperty("jsycl.quirks", "-" + DriverQuirk.FILL_UNITS_32_BIT.settingName());
            await(ClQueue.fill(q, mem, seven, 4 * 100, List.of(), 64)); // without the quirk: one fill, any length
            q.enqueueReadBuffer(mem, true, 0, host, 400, null).close();
            assertThat(host.asSlice(0, 400).toArray(ValueLayout.JAVA_BYTE)).containsOnly((byte) 7);
        }
    }

    private static void await(ClEvent e) {
        try (e) {
            e.await();
        }
    }
}
