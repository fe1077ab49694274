package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A kernel's captured values are read once per submit, when it is submitted: choosing the program variant and setting
 * the kernel's arguments use what that read found. On OpenCL devices, where the kernel's own reads are device code
 * (the host device runs the lambda, whose every work-item calls the accessors).
 */
class CapturedValuesTest {
    static final AtomicInteger READS = new AtomicInteger();

    /** A captured record whose accessors count the runtime's reads of its components. */
    record Counted(int value, int[] table) {
        @Override
        public int value() {
            READS.incrementAndGet();
            return value;
        }

        @Override
        public int[] table() {
            READS.incrementAndGet();
            return table;
        }
    }

    static Stream<Device> devices() {
        return TestDevices.openCl().stream();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aCapturedRecordIsReadOncePerSubmit(Device device) {
        int n = 64;
        int[] out = new int[n];
        var counted = new Counted(5, new int[] {10, 20, 30});
        try (var q = new Queue(device); var bo = Buffer.of(out)) {
            for (int submit = 1; submit <= 3; submit++) {
                READS.set(0);
                q.submit(h -> {
                    var o = bo.write(h);
                    h.parallelFor(Range.of(n), it -> o.set(it.id(0),
                            counted.value() + counted.table()[it.id(0) % counted.table().length]));
                });
                assertThat(READS.get()).as("component reads at submit %d: one per component", submit).isEqualTo(2);
            }
        }
        for (int i = 0; i < n; i++) {
            assertThat(out[i]).as("out[%d]", i).isEqualTo(5 + (i % 3 + 1) * 10);
        }
    }
}
