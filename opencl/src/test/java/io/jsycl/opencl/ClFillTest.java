package io.jsycl.opencl;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A fill in pieces ({@link ClCommandQueue#enqueueFillBufferInPieces}, the work-around of
 * {@link DriverQuirk#FILL_IN_PIECES}) covers exactly the bytes one fill would: every piece, the last short one, and
 * nothing before the offset or past the end.
 */
class ClFillTest {
    @Test
    void aFillInPiecesCoversExactlyItsRange() {
        ClDevice device = TestPlatforms.requireDevice();
        int ints = 10_000;
        try (ClContext ctx = ClContext.create(List.of(device));
             ClCommandQueue q = ClCommandQueue.create(ctx, device, false, false);
             ClMem mem = ClMem.createBuffer(ctx, ClMemFlags.READ_WRITE, 4L * ints, MemorySegment.NULL);
             Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(JAVA_INT, ints);
            for (int i = 0; i < ints; i++) {
                host.setAtIndex(JAVA_INT, i, -1);
            }
            q.enqueueWriteBuffer(mem, true, 0, host, 4L * ints, null).close();
            MemorySegment pattern = a.allocate(JAVA_INT);
            pattern.set(JAVA_INT, 0, 7);
            ClEvent user = ClEvent.userEvent(ctx);
            // From int 3, 9,001 ints in pieces of 1,001 bytes rounded down to the pattern's 4: 36 pieces of 250 ints,
            // then one of a single int.
            try (ClEvent fill = q.enqueueFillBufferInPieces(mem, pattern, 12, 4L * 9_001, 1_001, List.of(user))) {
                assertThat(fill.executionStatus()).as("waits for the user event").isPositive();
                user.setUserEventStatus(0);
                fill.await();
            } finally {
                user.close();
            }
            q.enqueueReadBuffer(mem, true, 0, host, 4L * ints, null).close();
            for (int i = 0; i < ints; i++) {
                assertThat(host.getAtIndex(JAVA_INT, i)).as("int %d", i).isEqualTo(i >= 3 && i < 9_004 ? 7 : -1);
            }
            assertThatThrownBy(() -> q.enqueueFillBufferInPieces(mem, pattern, 0, 64, 3, null))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("smaller than its pattern");
        }
    }
}
