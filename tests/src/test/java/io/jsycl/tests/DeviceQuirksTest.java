package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Aspect;
import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
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
}
