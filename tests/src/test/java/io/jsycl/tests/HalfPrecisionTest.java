package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Half precision kept in a {@code Buffer.OfShort} and computed in float: {@code Float.float16ToFloat} and
 * {@code Float.floatToFloat16} in kernels give Java's bits on every device (with or without {@code cl_khr_fp16}):
 * every one of the 65536 halves to float, and a million floats spread over every exponent, the halfway cases around
 * each half, the overflow and underflow thresholds and NaNs back to half; then a half-precision axpy. A NaN stays a NaN
 * of its sign; its other bits are not compared: Java's own differ between its interpreter (the bits its source keeps)
 * and the JIT's use of the CPU's conversion instruction.
 */
class HalfPrecisionTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void everyHalfToFloatAsJava(Device device) {
        int n = 1 << 16;
        short[] halves = new short[n];
        for (int i = 0; i < n; i++) {
            halves[i] = (short) i;
        }
        float[] out = new float[n];
        try (var q = new Queue(device); var in = Buffer.of(halves); var o = Buffer.of(out)) {
            q.submit(h -> {
                var x = in.read(h);
                var y = o.write(h);
                h.parallelFor(Range.of(n), it -> y.set(it.id(0), Float.float16ToFloat(x.get(it.id(0)))));
            });
        }
        for (int i = 0; i < n; i++) {
            float expected = Float.float16ToFloat((short) i);
            if (Float.isNaN(expected)) { // Java's own NaN payload bits depend on whether the JIT used the CPU's
                assertThat(Float.isNaN(out[i])).as("half 0x%04x is NaN on %s", i, device.name()).isTrue();
                assertThat(Float.floatToRawIntBits(out[i]) < 0).isEqualTo(i >= 0x8000);
                continue;
            }
            assertThat(Float.floatToRawIntBits(out[i])).as("half 0x%04x on %s", i, device.name())
                    .isEqualTo(Float.floatToRawIntBits(expected));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void floatsToHalfAsJava(Device device) {
        var values = new java.util.ArrayList<Float>();
        for (long bits = 0; bits <= 0xffffffffL; bits += 4099) { // every exponent, both signs
            float f = Float.intBitsToFloat((int) bits);
            values.add(f);
        }
        for (int h = 0; h < 0x7c00; h++) { // each finite half, and the floats halfway to its neighbours
            float v = Float.float16ToFloat((short) h);
            int b = Float.floatToRawIntBits(v);
            values.add(v);
            values.add(Float.intBitsToFloat(b + 1));
            values.add(Float.intBitsToFloat(b - 1));
            float next = Float.float16ToFloat((short) (h + 1));
            float half = (v + next) / 2;
            values.add(half);
            values.add(Math.nextUp(half));
            values.add(Math.nextDown(half));
            values.add(-half);
        }
        for (float f : new float[] {65504f, 65519.99f, 65520f, 65536f, 0x1p-24f, 0x1p-25f, Math.nextUp(0x1p-25f),
            0x1p-14f, Float.MIN_VALUE, Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0f, 0f,
            Float.NaN, Float.intBitsToFloat(0xffc12345)}) {
            values.add(f);
        }
        int n = values.size();
        float[] in = new float[n];
        for (int i = 0; i < n; i++) {
            in[i] = values.get(i);
        }
        short[] out = new short[n];
        try (var q = new Queue(device); var x = Buffer.of(in); var o = Buffer.of(out)) {
            q.submit(h -> {
                var a = x.read(h);
                var y = o.write(h);
                h.parallelFor(Range.of(n), it -> y.set(it.id(0), Float.floatToFloat16(a.get(it.id(0)))));
            });
        }
        for (int i = 0; i < n; i++) {
            if (Float.isNaN(in[i])) { // a half NaN of the same sign (Java's payload bits vary, as above)
                assertThat(out[i] & 0x7c00).as("NaN 0x%08x on %s", Float.floatToRawIntBits(in[i]), device.name())
                        .isEqualTo(0x7c00);
                assertThat(out[i] & 0x3ff).isNotZero();
                assertThat(out[i] < 0).isEqualTo(Float.floatToRawIntBits(in[i]) < 0);
                continue;
            }
            assertThat(out[i]).as("float %s (0x%08x) on %s", in[i], Float.floatToRawIntBits(in[i]), device.name())
                    .isEqualTo(Float.floatToFloat16(in[i]));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void halfPrecisionAxpyComputedInFloat(Device device) {
        int n = 10_000;
        short[] xs = new short[n];
        short[] ys = new short[n];
        for (int i = 0; i < n; i++) {
            xs[i] = Float.floatToFloat16(i * 0.37f - 900f);
            ys[i] = Float.floatToFloat16(i * -0.11f + 3f);
        }
        float a = 1.5f;
        short[] out = ys.clone();
        try (var q = new Queue(device); var bx = Buffer.of(xs); var by = Buffer.of(out)) {
            q.submit(h -> {
                var x = bx.read(h);
                var y = by.readWrite(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    y.set(i, Float.floatToFloat16(a * Float.float16ToFloat(x.get(i)) + Float.float16ToFloat(y.get(i))));
                });
            });
        }
        for (int i = 0; i < n; i++) {
            short expected = Float.floatToFloat16(a * Float.float16ToFloat(xs[i]) + Float.float16ToFloat(ys[i]));
            assertThat(out[i]).as("element %d on %s", i, device.name()).isEqualTo(expected);
        }
    }
}
