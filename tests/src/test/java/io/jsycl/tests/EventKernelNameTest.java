package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** An event names the kernel its command ran by its source, on every device; a copy or fill names none. */
class EventKernelNameTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aKernelsEventNamesItsLambdaAndLineAndACopyNamesNone(Device device) {
        float[] data = new float[256];
        try (var context = new io.jsycl.Context(device);
             var q = new Queue(context, device, QueueProperty.ENABLE_PROFILING);
             var b = Buffer.of(data)) {
            var first = q.submit(h -> {
                var a = b.writeNoInit(h);
                h.parallelFor(Range.of(256), it -> a.set(it.id(0), it.id(0)));
            });
            var second = q.submit(h -> {
                var a = b.readWrite(h);
                h.parallelFor(Range.of(256), it -> a.set(it.id(0), a.get(it.id(0)) * 2f));
            });
            second.await();
            assertThat(first.kernel()).hasValueSatisfying(name -> assertThat(name)
                    .contains("EventKernelNameTest.lambda$").containsPattern("\\(EventKernelNameTest\\.java:\\d+\\)$"));
            assertThat(second.kernel()).isPresent().isNotEqualTo(first.kernel());
            assertThat(second.profile().durationNanos()).isNotNegative();
            try (var array = DeviceArray.ofFloat(q, 256)) {
                var fill = q.fill(array, 1f);
                fill.await();
                assertThat(fill.kernel()).isEmpty();
            }
        }
    }
}
