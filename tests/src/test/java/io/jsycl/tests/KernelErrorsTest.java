package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.KernelLoweringException;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Unsupported kernel code fails at submit, on every device, with kernel, file:line and construct named. */
class KernelErrorsTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void allocationInAKernelIsRejectedWithItsLine(Device device) {
        float[] data = new float[16];
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> {
                    float[] tmp = new float[it.id(0) + 1];
                    o.set(it.id(0), tmp.length);
                });
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("KernelErrorsTest.java:")
                    .hasMessageContaining("new float[")
                    .hasMessageContaining("lambda$");
        }
        assertThat(data).containsOnly(0f);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void stringsInAKernelAreRejected(Device device) {
        int[] data = new int[16];
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), String.valueOf(it.id(0)).length()));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("KernelErrorsTest.java:")
                    .hasMessageContaining("String");
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void capturingAnObjectIsRejected(Device device) {
        int[] data = new int[16];
        StringBuilder notAllowed = new StringBuilder("x");
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), notAllowed.length()));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("kernel KernelErrorsTest.lambda$")
                    .hasMessageContaining("(KernelErrorsTest.java:")
                    .hasMessageContaining("captured value 1 is a java.lang.StringBuilder")
                    .satisfies(e -> {
                        var k = (KernelLoweringException) e;
                        assertThat(k.sourceFile()).isEqualTo("KernelErrorsTest.java");
                        assertThat(k.line()).isPositive();
                    });
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void comparingBoxedValuesWithEqualsEqualsIsRejected(Device device) {
        int[] data = new int[16];
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> {
                    Integer a = it.id(0);
                    Integer b = 3;
                    o.set(it.id(0), a == b ? 1 : 0);
                });
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("KernelErrorsTest.java:")
                    .hasMessageContaining("comparison of references");
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void throwingInAKernelIsRejected(Device device) {
        int[] data = new int[16];
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> {
                    if (it.id(0) > 100) {
                        throw new IllegalStateException("never");
                    }
                    o.set(it.id(0), 1);
                });
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("KernelErrorsTest.java:");
        }
    }
}
