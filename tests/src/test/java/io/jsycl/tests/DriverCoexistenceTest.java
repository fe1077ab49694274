package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import org.junit.jupiter.api.Test;

/**
 * Loading an OpenCL driver must not change Java in the same process. PoCL installs a process-wide
 * SIGFPE handler that made Java's integer division by zero continue silently (100 / 0 gave 100)
 * until jsycl turned it off before the first OpenCL call.
 */
class DriverCoexistenceTest {
    private static volatile int zero;

    @Test
    void javaDivisionByZeroStillThrowsAfterOpenClStarted() {
        TestDevices.openCl();
        int dividend = 100;
        assertThatThrownBy(() -> assertThat(dividend / zero).isNotNegative())
                .isInstanceOf(ArithmeticException.class).hasMessage("/ by zero");
    }

    @Test
    void hostDeviceKernelsThrowJavasExceptionsWithTheirMessages() {
        TestDevices.openCl();
        int[] divisors = {3, 0, 5};
        int[] out = new int[3];
        try (var q = new Queue(Device.host())) {
            var buf = Buffer.of(out);
            var e = q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(3), it -> o.set(it.id(0), 100 / divisors[it.id(0)]));
            });
            assertThatThrownBy(e::await).isInstanceOf(ArithmeticException.class)
                    .hasMessageContaining("work-item [1, 0, 0]").hasMessageEndingWith(": / by zero");
            buf.close(); // the failure was delivered once, by the await above
        }
    }
}
