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

    /** A kernel's own record type, for the array-of-records capture below. */
    record Point(float x, float y) {
    }

    @ParameterizedTest
    @MethodSource("devices")
    void capturingAnArrayOfRecordsNamesTheVariableAndTheBuffer(Device device) {
        float[] out = new float[1];
        Point[] points = {new Point(1, 2)};
        try (var q = new Queue(device); var buf = Buffer.of(out)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(1), it -> o.set(0, points[0].x()));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("(KernelErrorsTest.java:")
                    .hasMessageContaining("captured variable 'points' is a KernelErrorsTest.Point[]")
                    .hasMessageContaining("Buffer.of(points)");
        }
        assertThat(out).containsExactly(0f);
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
                    .hasMessageContaining("captured variable 'notAllowed' is a java.lang.StringBuilder")
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

    @ParameterizedTest
    @MethodSource("devices")
    void capturingABoxedIntegerNamesTheKernelTheTypeAndTheFix(Device device) {
        int[] data = new int[16];
        Integer boxed = 7;
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), boxed));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("kernel KernelErrorsTest.lambda$")
                    .hasMessageContaining("(KernelErrorsTest.java:")
                    .hasMessageContaining("java.lang.Integer")
                    .hasMessageContaining("capture an int: int n = boxed;")
                    .satisfies(e -> assertThat(((KernelLoweringException) e).line()).isPositive());
        }
        assertThat(data).containsOnly(0);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void capturingOtherBoxedValuesNamesThePrimitiveToCapture(Device device) {
        float[] data = new float[16];
        Long boxedLong = 3L;
        Float boxedFloat = 2f;
        Double boxedDouble = 1.0;
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), boxedLong));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("(KernelErrorsTest.java:")
                    .hasMessageContaining("java.lang.Long")
                    .hasMessageContaining("capture a long: long n = boxedLong;");
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), boxedFloat));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("java.lang.Float")
                    .hasMessageContaining("capture a float: float n = boxedFloat;");
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), (float) (double) boxedDouble));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("java.lang.Double")
                    .hasMessageContaining("capture a double: double n = boxedDouble;");
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void capturingAStringAnObjectOrAListIsRejectedWithTheKernelAndType(Device device) {
        int[] data = new int[16];
        String text = "abc";
        Object object = new Object();
        java.util.List<Integer> list = java.util.List.of(1, 2);
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), text.length()));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("(KernelErrorsTest.java:")
                    .hasMessageContaining("java.lang.String");
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), object.hashCode()));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("(KernelErrorsTest.java:")
                    .hasMessageContaining("java.lang.Object");
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), list.size()));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("(KernelErrorsTest.java:")
                    .hasMessageContaining("java.util.List")
                    .hasMessageContaining("pass arrays through a Buffer");
        }
        assertThat(data).containsOnly(0);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void capturingAnArrayOfArraysOrOfBoxesIsRejectedWithTheFix(Device device) {
        int[] data = new int[16];
        int[][] nested = {{1}, {2}};
        Integer[] boxes = {1, 2};
        Object array = new int[] {1, 2};
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), nested[1][0]));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("(KernelErrorsTest.java:")
                    .hasMessageContaining("int[][]")
                    .hasMessageContaining("pass arrays through a Buffer");
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), boxes[1]));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("(KernelErrorsTest.java:")
                    .hasMessageContaining("java.lang.Integer[]")
                    .hasMessageContaining("pass arrays through a Buffer");
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), array.hashCode()));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("(KernelErrorsTest.java:")
                    .hasMessageContaining("java.lang.Object");
        }
        assertThat(data).containsOnly(0);
    }
}
