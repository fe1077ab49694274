package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.KernelLoweringException;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.SyclException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A barrier that only some work-items of a group reach never hangs: a checked kernel is refused before it runs on
 * every OpenCL device, naming the barrier's line and the branch that decides it; the host device stops it as it runs,
 * naming the work-items that returned instead. Within seconds, with the buffer left as it was.
 */
class DivergentBarrierTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aCheckedKernelWithABarrierOnlySomeWorkItemsReachFailsWithItsLine(Device device) {
        int n = 256;
        int[] data = new int[n];
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            assertThatThrownBy(() -> q.submit(h -> {
                h.checked();
                var b = buf.readWrite(h);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(64)), it -> {
                    b.set(it.globalId(0), it.localId(0));
                    if (it.localId(0) < 32) {
                        it.barrier();
                    }
                });
            }).await()).isInstanceOf(SyclException.class).satisfies(e -> {
                if (device.isHost()) {
                    assertThat(e).hasMessageContaining("a barrier that not every work-item of its work-group reached");
                } else {
                    assertThat(e).isInstanceOf(KernelLoweringException.class)
                            .hasMessageContaining("DivergentBarrierTest.java:39")
                            .hasMessageContaining("the branch at line 38")
                            .hasMessageContaining("is divergent");
                }
            });
        }
        if (!device.isHost()) {
            assertThat(data).containsOnly(0); // refused before it ran
        }
    }
}
