package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jsycl.Aspect;
import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One test per driver quirk (docs/troubleshooting.md): the safe form gives Java's result on every OpenCL device, and
 * on a device known to have the quirk the plain form still does not (when a driver fixes it, this test says the quirk
 * can go for that driver).
 */
class DeviceQuirksTest {
    private static final float[] FLOATS = {Float.NaN, -Float.NaN, Float.intBitsToFloat(0x7fc00001), 0.0f, -0.0f,
            Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 3e9f, -3e9f, 1e19f, -1e19f, 2.5f, -2.5f};

    static Stream<Device> openCl() {
        return TestDevices.openCl().stream();
    }

    @AfterEach
    void restore() {
        System.clearProperty("jsycl.quirks");
    }

    /** (int) and (long) of every float, and of the same values as doubles where the device has fp64. */
    private static long[] casts(Device device) {
        int n = FLOATS.length;
        boolean fp64 = device.hasAspect(Aspect.FP64);
        long[] out = new long[4 * n];
        try (var q = new Queue(device); var in = Buffer.of(FLOATS); var o = Buffer.of(out)) {
            q.submit(h -> {
                var x = in.read(h);
                var y = o.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    float f = x.get(i);
                    y.set(i, (int) f);
                    y.set(n + i, (long) f);
                    if (fp64) {
                        double d = f;
                        y.set(2 * n + i, (int) d);
                        y.set(3 * n + i, (long) d);
                    }
                });
            });
        }
        return out;
    }

    private static long[] java(boolean fp64) {
        int n = FLOATS.length;
        long[] out = new long[4 * n];
        for (int i = 0; i < n; i++) {
            float f = FLOATS[i];
            out[i] = (int) f;
            out[n + i] = (long) f;
            if (fp64) {
                double d = f;
                out[2 * n + i] = (int) d;
                out[3 * n + i] = (long) d;
            }
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("openCl")
    void nanToIntegerSafeFormGivesJavasCasts(Device device) {
        System.setProperty("jsycl.quirks", "nan-to-integer");
        assertThat(device.quirks()).contains("nan-to-integer");
        assertThat(casts(device)).isEqualTo(java(device.hasAspect(Aspect.FP64)));
    }

    /** Without the safe form, NaN casts differ from Java exactly on the devices the quirk is known for. */
    @ParameterizedTest
    @MethodSource("openCl")
    void nanToIntegerIsNeededExactlyWhereItIsKnown(Device device) {
        boolean known = device.quirks().contains("nan-to-integer");
        System.setProperty("jsycl.quirks", "-nan-to-integer");
        long[] plain = casts(device);
        long[] java = java(device.hasAspect(Aspect.FP64));
        if (!known) {
            assertThat(plain).as("plain casts on " + device + ", which conforms").isEqualTo(java);
            return;
        }
        int n = FLOATS.length;
        boolean nanWrong = false;
        for (int k = 0; k < 4; k++) {
            nanWrong |= plain[k * n] != java[k * n];
        }
        assertThat(nanWrong).as("a cast of NaN without the quirk's safe form still differs from Java on " + device
                + " (if no longer, the driver conforms: narrow DriverQuirk.NAN_TO_INTEGER)").isTrue();
    }

    /**
     * {@code offset-launches-apart}: on PoCL, a DistributedQueue's chunks past the first (launched at a global offset)
     * come from a program of their own, and the result is Java's. The plain form is not run: on PoCL 5.0 it aborts
     * the JVM (a failed assertion in the driver), which no test can report.
     */
    @ParameterizedTest
    @MethodSource("openCl")
    void offsetLaunchesUseTheirOwnProgramWhereTheDriverNeedsIt(Device device) {
        boolean known = device.quirks().contains("offset-launches-apart");
        assertThat(known).as(device.name()).isEqualTo(device.platform().vendor().toLowerCase(java.util.Locale.ROOT)
                .contains("pocl"));
        int n = 1000;
        int[] data = new int[n];
        List<String> trace;
        try (var capture = new TraceCapture(); var dq = new io.jsycl.DistributedQueue(List.of(device, device));
             var buf = Buffer.of(data)) {
            dq.submit(h -> {
                var a = buf.writeNoInit(h, io.jsycl.RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), it -> a.set(it.id(0), it.id(0) * 7 - 3));
            }).await();
            trace = capture.messages();
        }
        for (int i = 0; i < n; i++) {
            assertThat(data[i]).isEqualTo(i * 7 - 3);
        }
        var chunks = trace.stream().filter(m -> m.contains("a DistributedQueue's chunk")).toList();
        assertThat(chunks).hasSize(2);
        // The two devices submit their chunks at once, each on a thread of its own: in either order.
        String first = chunks.stream().filter(m -> m.contains("rows 0 to 512")).findFirst().orElseThrow();
        String second = chunks.stream().filter(m -> m.contains("rows 512 to 1000")).findFirst().orElseThrow();
        assertThat(first).doesNotContain("program of its own");
        if (known) {
            assertThat(second).contains("program of its own (driver quirk offset-launches-apart)");
        } else {
            assertThat(second).doesNotContain("program of its own");
        }
    }

    /** Inputs of the folded built-ins' kernel: it adds them to a NaN constant, a sum its compiler proves NaN. */
    private static final double[] DOUBLES = {0.0, -1.5, 2.5, 1e300, Double.NEGATIVE_INFINITY, Double.MIN_VALUE};

    /** {@code Math.rint} of {@code v} as a double: called with a constant, the driver's optimizer sees the constant. */
    private static double rintOf(long v) {
        return Math.rint((double) v);
    }

    /**
     * Math.ceil, floor, rint, exp and expm1 of {@code Double.NaN + x} for each input, as doubleToLongBits, then
     * {@code Math.rint} of 2^63 through a method given {@code Long.MAX_VALUE}.
     */
    private static long[] ofFoldedBuiltins(Device device) {
        int n = DOUBLES.length;
        long[] out = new long[5 * n + 1];
        try (var q = new Queue(device); var in = Buffer.of(DOUBLES); var o = Buffer.of(out)) {
            q.submit(h -> {
                var x = in.read(h);
                var y = o.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    double nan = Double.NaN + x.get(i);
                    y.set(i, Double.doubleToLongBits(Math.ceil(nan)));
                    y.set(n + i, Double.doubleToLongBits(Math.floor(nan)));
                    y.set(2 * n + i, Double.doubleToLongBits(Math.rint(nan)));
                    y.set(3 * n + i, Double.doubleToLongBits(Math.exp(nan)));
                    y.set(4 * n + i, Double.doubleToLongBits(Math.expm1(nan)));
                    if (i == 0) {
                        y.set(5 * n, Double.doubleToLongBits(rintOf(Long.MAX_VALUE)));
                    }
                });
            });
        }
        return out;
    }

    private static long[] javaOfFoldedBuiltins() {
        long[] out = new long[5 * DOUBLES.length + 1];
        Arrays.fill(out, Double.doubleToLongBits(Double.NaN)); // each method returns a NaN argument
        out[5 * DOUBLES.length] = Double.doubleToLongBits(rintOf(Long.MAX_VALUE));
        return out;
    }

    @ParameterizedTest
    @MethodSource("openCl")
    void foldedBuiltinsSafeFormGivesJavasResults(Device device) {
        assumeTrue(device.hasAspect(Aspect.FP64), "no fp64 on " + device.name());
        System.setProperty("jsycl.quirks", "folded-builtins");
        assertThat(device.quirks()).contains("folded-builtins");
        assertThat(ofFoldedBuiltins(device)).isEqualTo(javaOfFoldedBuiltins());
    }

    /** Without the safe form, built-ins of proven values differ from Java exactly on the devices it is known for. */
    @ParameterizedTest
    @MethodSource("openCl")
    void foldedBuiltinsIsNeededExactlyWhereItIsKnown(Device device) {
        assumeTrue(device.hasAspect(Aspect.FP64), "no fp64 on " + device.name());
        boolean known = device.quirks().contains("folded-builtins");
        System.setProperty("jsycl.quirks", "-folded-builtins");
        long[] plain = ofFoldedBuiltins(device);
        if (!known) {
            assertThat(plain).as("plain built-ins on " + device + ", which conforms").isEqualTo(javaOfFoldedBuiltins());
            return;
        }
        assertThat(plain).as("the built-ins of proven values without the quirk's safe form still differ from Java on "
                + device + " (if no longer, the driver conforms: narrow DriverQuirk.FOLDED_BUILTINS)")
                .isNotEqualTo(javaOfFoldedBuiltins());
    }
}
