package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Float4;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A record's own methods work on a captured record as on one read from an accessor or built in the kernel: a user
 * record of primitives and a vector record ({@code Float4}), on every device, bit for bit as in Java.
 */
class CapturedRecordMethodsTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    /** A record with methods of its own, one taking another record. */
    record V(float x, float y) {
        float dot(V o) {
            return x * o.x + y * o.y;
        }

        float length2() {
            return x * x + y * y;
        }

        V scaled(float s) {
            return new V(x * s, y * s);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void methodsOfACapturedRecordAndVector(Device device) {
        int n = 64;
        V v = new V(1.5f, -2.25f);
        Float4 f = new Float4(0.5f, 1.25f, -3f, 7f);
        float[] out = new float[n];
        try (var q = new Queue(device); var buf = Buffer.of(out)) {
            q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    V w = new V(i, 1);
                    o.set(i, v.dot(w) + v.length2() + v.scaled(i * 0.5f).x() + f.mul(i).sum() + f.get(i % 4));
                });
            });
        }
        for (int i = 0; i < n; i++) {
            V w = new V(i, 1);
            float expected = v.dot(w) + v.length2() + v.scaled(i * 0.5f).x() + f.mul(i).sum() + f.get(i % 4);
            assertThat(Float.floatToRawIntBits(out[i])).as("item %d on %s", i, device.name())
                    .isEqualTo(Float.floatToRawIntBits(expected));
        }
    }
}
