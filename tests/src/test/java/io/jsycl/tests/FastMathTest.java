package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code h.fastMath()} trades Java's rounding for speed (contraction, approximate divide and sqrt):
 * results stay within the relaxed accuracy OpenCL allows, and the same kernel without it stays
 * bit-exact to Java in the same program.
 */
class FastMathTest {
    static final int N = 4096;

    static Stream<Device> devices() {
        return TestDevices.openCl().stream();
    }

    private static void run(Queue q, Buffer.OfFloat a, Buffer.OfFloat b, Buffer.OfFloat out, boolean fast) {
        q.submit(h -> {
            if (fast) {
                h.fastMath();
            }
            var x = a.read(h);
            var y = b.read(h);
            var o = out.write(h);
            h.parallelFor(Range.of(N), it -> {
                int i = it.id(0);
                float d2 = x.get(i) * x.get(i) + y.get(i) * y.get(i) + 0.01f;
                float inv = 1.0f / (float) Math.sqrt(d2);
                o.set(i, x.get(i) * y.get(i) + inv * inv * inv);
            });
        }).await();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void fastMathStaysCloseAndTheDefaultStaysExact(Device device) {
        float[] a = new float[N];
        float[] b = new float[N];
        float[] want = new float[N];
        for (int i = 0; i < N; i++) {
            a[i] = (i % 97) * 0.173f - 8.1f;
            b[i] = (i % 89) * 0.291f - 12.7f;
            float d2 = a[i] * a[i] + b[i] * b[i] + 0.01f;
            float inv = 1.0f / (float) Math.sqrt(d2);
            want[i] = a[i] * b[i] + inv * inv * inv;
        }
        float[] fast = new float[N];
        float[] exact = new float[N];
        try (var context = new Context(device); var q = new Queue(context, device);
             var ba = Buffer.of(a); var bb = Buffer.of(b); var bf = Buffer.of(fast); var be = Buffer.of(exact)) {
            run(q, ba, bb, bf, true);
            run(q, ba, bb, be, false);
        }
        assertThat(exact).containsExactly(want);
        for (int i = 0; i < N; i++) {
            float scale = Math.abs(a[i] * b[i]) + Math.abs(want[i] - a[i] * b[i]) + 1e-30f;
            assertThat(fast[i]).as("fast[" + i + "]").isCloseTo(want[i], within(scale * 1e-5f));
        }
    }
}
