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
}
