package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Minimal reproducers of what the differential fuzzer ({@code io.jsycl.tests.fuzz.FuzzTest}) found. */
class FuzzRegressionTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    static int twice(int x) {
        return x * 2 + 1;
    }

    /**
     * Fuzzer seed 3 (and 13, 20): a device function call inside an Integer/Long bit-operation template
     * ({@code Integer.bitCount(f(x))}) made the lowering take the device function's mangled name, which
     * contains "jsycl_" in any package named io.jsycl..., for a built-in helper, and emit "null" as its
     * definition: the OpenCL build failed with "unknown type name 'null'". Fixed in Builtins.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void deviceFunctionInsideBitOperation(Device device) {
        int[] in = {0, 1, -1, 12345, Integer.MIN_VALUE};
        int[] out = new int[in.length];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(in.length), it -> {
                    int i = it.id(0);
                    o.set(i, Integer.bitCount(twice(a.get(i))) + Long.numberOfTrailingZeros(twice(a.get(i)) * 8L));
                });
            });
        }
        for (int i = 0; i < in.length; i++) {
            assertThat(out[i]).as("out[%d]", i).isEqualTo(Integer.bitCount(twice(in[i])) + Long.numberOfTrailingZeros(twice(in[i]) * 8L));
        }
    }

    /**
     * Fuzzer seeds 15 and 101: {@code Math.abs(Integer.MIN_VALUE)} and {@code Math.abs(Long.MIN_VALUE)}
     * are MIN_VALUE in Java; the lowering emitted OpenCL's {@code (int)abs(x)}, which PoCL compiles to
     * llvm.abs with INT_MIN poison, so {@code (Math.abs(MIN) | 3) & 7} gave 7 instead of 3. Fixed in
     * Builtins with the jsycl_abs_i/jsycl_abs_l helpers.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void absOfMinValueWrapsLikeJava(Device device) {
        int[] in = {Integer.MIN_VALUE, -1, 0, 5, Integer.MAX_VALUE};
        long[] out = new long[in.length * 3];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(in.length), it -> {
                    int i = it.id(0);
                    int x = a.get(i);
                    long y = x == Integer.MIN_VALUE ? Long.MIN_VALUE : x;
                    o.set(3 * i, (Math.abs(Integer.MIN_VALUE) | x & 3) & 7);
                    o.set(3 * i + 1, (Math.abs(x) | 3) & 7 | (Math.abs(x) < 0 ? 16 : 0));
                    o.set(3 * i + 2, (Math.abs(y) | 3L) & 7L | (Math.abs(y) < 0 ? 16 : 0));
                });
            });
        }
        for (int i = 0; i < in.length; i++) {
            int x = in[i];
            long y = x == Integer.MIN_VALUE ? Long.MIN_VALUE : x;
            assertThat(out[3 * i]).as("abs(MIN_VALUE) | %d", x & 3).isEqualTo((Math.abs(Integer.MIN_VALUE) | x & 3) & 7);
            assertThat(out[3 * i + 1]).as("abs(%d)", x).isEqualTo((Math.abs(x) | 3) & 7 | (Math.abs(x) < 0 ? 16 : 0));
            assertThat(out[3 * i + 2]).as("abs(%dL)", y).isEqualTo((Math.abs(y) | 3L) & 7L | (Math.abs(y) < 0 ? 16 : 0));
        }
    }

    /**
     * Fuzzer seed 214: {@code Math.round} of a NaN that the OpenCL compiler can constant-fold
     * ({@code float z = 0f; Math.round(z / z)} inside a loop) gave -1 on PoCL instead of 0; the
     * jsycl_round_f/jsycl_round_d helpers relied on convert_*_sat_rtz mapping NaN to 0. Fixed with an
     * explicit isnan test in both helpers.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void roundOfFoldableNaNIsZero(Device device) {
        int n = 4;
        long[] out = new long[n * 2];
        try (var q = new Queue(device); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var o = bo.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    float z = 0f;
                    double zd = 0.0;
                    int r = 5;
                    long s = 5;
                    for (int k = 0; k <= i; k++) {
                        r |= Math.round(z / z);
                        s |= Math.round(zd / zd);
                    }
                    o.set(2 * i, r);
                    o.set(2 * i + 1, s);
                });
            });
        }
        assertThat(out).containsOnly(5L);
    }

    /**
     * Fuzzer seed 20261765 (PoCL): {@code (float) Math.floor(Float.NaN)} is NaN, but PoCL's optimizer folds its
     * library's {@code floor} of a constant NaN to garbage (0.0f here; a kernel of several such calls trapped and
     * took the JVM down). The lowering now computes Math calls and conversions of constants itself, with Java.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void mathOfConstantNaNIsComputedByJava(Device device) {
        double[] in = {Double.NaN, 1.0 + 0x1p-24, Double.POSITIVE_INFINITY, -0.0, -2.5};
        long[] out = new long[in.length * 6];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(in.length), it -> {
                    int i = it.id(0);
                    o.set(6 * i, Float.floatToIntBits((float) Math.floor(Float.NaN)));
                    o.set(6 * i + 1, Double.doubleToLongBits(Math.ceil(Double.NaN)) ^ Double.doubleToLongBits(Math.rint(Double.NaN)));
                    o.set(6 * i + 2, Double.doubleToLongBits(Math.sin(Double.NaN) + Math.exp(Double.POSITIVE_INFINITY)));
                    o.set(6 * i + 3, Double.doubleToLongBits(Math.fma(Double.NaN, 1.0, 2.0)) ^ Double.doubleToLongBits(Math.pow(Double.NaN, 0.0)));
                    o.set(6 * i + 4, (int) Math.floor(Double.NaN) + (long) Math.ceil(Double.POSITIVE_INFINITY));
                    o.set(6 * i + 5, Double.doubleToLongBits(Math.floor(a.get(i))) ^ Float.floatToIntBits((float) a.get(i)));
                });
            });
        }
        for (int i = 0; i < in.length; i++) {
            assertThat(out[6 * i]).as("(float) Math.floor(Float.NaN)").isEqualTo(Float.floatToIntBits((float) Math.floor(Float.NaN)));
            assertThat(out[6 * i + 1]).isEqualTo(Double.doubleToLongBits(Math.ceil(Double.NaN)) ^ Double.doubleToLongBits(Math.rint(Double.NaN)));
            assertThat(out[6 * i + 2]).isEqualTo(Double.doubleToLongBits(Math.sin(Double.NaN) + Math.exp(Double.POSITIVE_INFINITY)));
            assertThat(out[6 * i + 3]).isEqualTo(Double.doubleToLongBits(Math.fma(Double.NaN, 1.0, 2.0)) ^ Double.doubleToLongBits(Math.pow(Double.NaN, 0.0)));
            assertThat(out[6 * i + 4]).isEqualTo((int) Math.floor(Double.NaN) + (long) Math.ceil(Double.POSITIVE_INFINITY));
            assertThat(out[6 * i + 5]).as("floor(%s)", in[i]).isEqualTo(Double.doubleToLongBits(Math.floor(in[i])) ^ Float.floatToIntBits((float) in[i]));
        }
    }

    /**
     * Fuzzer seed 20261216 (NVIDIA): {@code Math.floorMod(Math.abs(x), 3)} for {@code x = Integer.MIN_VALUE} is 1
     * in Java ({@code abs(MIN_VALUE)} is MIN_VALUE); NVIDIA's compiler took the result of the abs helper's
     * {@code x < 0 ? -x : x} as never negative and computed the remainder unsigned: 2. The helper now tests for
     * MIN_VALUE on its own.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void floorModOfAbsOfMinValueIsSigned(Device device) {
        int[] in = {Integer.MIN_VALUE, -7, 7, Integer.MIN_VALUE + 1, 0};
        long[] out = new long[in.length * 3];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(in.length), it -> {
                    int i = it.id(0);
                    int x = a.get(i);
                    o.set(3 * i, Math.floorMod(Math.abs(x), 3));
                    o.set(3 * i + 1, Math.floorMod(Math.abs(Math.abs(x)), (x & 6) | 5));
                    o.set(3 * i + 2, Math.floorMod(Math.abs((long) x << 32), 3L) + Math.abs(x) % 7);
                });
            });
        }
        for (int i = 0; i < in.length; i++) {
            int x = in[i];
            assertThat(out[3 * i]).as("floorMod(abs(%d), 3)", x).isEqualTo(Math.floorMod(Math.abs(x), 3));
            assertThat(out[3 * i + 1]).isEqualTo(Math.floorMod(Math.abs(Math.abs(x)), (x & 6) | 5));
            assertThat(out[3 * i + 2]).isEqualTo(Math.floorMod(Math.abs((long) x << 32), 3L) + Math.abs(x) % 7);
        }
    }
}
