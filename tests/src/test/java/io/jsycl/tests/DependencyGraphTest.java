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
 * Each hazard kind with a slow first command and a fast second one on an out-of-order queue: if
 * the scheduler missed the edge, the fast command would overtake the slow one and the result
 * would differ. Each runs many times.
 */
class DependencyGraphTest {
    private static final int N = 4096;
    private static final int SPIN = 4000;
    private static final int ROUNDS = 15;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void readAfterWriteSeesTheSlowWritersValues(Device device) {
        for (int round = 0; round < ROUNDS; round++) {
            int[] data = new int[N];
            int[] out = new int[N];
            int salt = round;
            try (var q = new Queue(device); var buf = Buffer.of(data); var res = Buffer.of(out)) {
                q.submit(h -> {
                    var w = buf.write(h);
                    h.parallelFor(Range.of(N), it -> {
                        int x = it.id(0);
                        for (int s = 0; s < SPIN; s++) {
                            x = x * 1103515245 + 12345;
                        }
                        w.set(it.id(0), (x & 0xffff) + salt);
                    });
                });
                q.submit(h -> {
                    var r = buf.read(h);
                    var o = res.write(h);
                    h.parallelFor(Range.of(N), it -> o.set(it.id(0), r.get(it.id(0)) + 1));
                });
            }
            for (int i = 0; i < N; i += 97) {
                assertThat(out[i]).as("round %d, out[%d]", round, i).isEqualTo(slow(i, SPIN) + salt + 1);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void writeAfterReadDoesNotOvertakeTheSlowReader(Device device) {
        for (int round = 0; round < ROUNDS; round++) {
            int[] data = new int[N];
            for (int i = 0; i < N; i++) {
                data[i] = i;
            }
            int[] out = new int[N];
            try (var q = new Queue(device); var buf = Buffer.of(data); var res = Buffer.of(out)) {
                q.submit(h -> {
                    var r = buf.read(h);
                    var o = res.write(h);
                    h.parallelFor(Range.of(N), it -> {
                        int x = it.id(0);
                        for (int s = 0; s < SPIN; s++) {
                            x = x * 1103515245 + 12345;
                        }
                        o.set(it.id(0), r.get(it.id(0)) + (x == 42 ? 1 : 0) * 0);
                    });
                });
                q.submit(h -> {
                    var w = buf.write(h);
                    h.parallelFor(Range.of(N), it -> w.set(it.id(0), -1));
                });
            }
            for (int i = 0; i < N; i++) {
                assertThat(out[i]).as("round %d, out[%d]", round, i).isEqualTo(i);
                assertThat(data[i]).isEqualTo(-1);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void writeAfterWriteKeepsTheLaterValue(Device device) {
        for (int round = 0; round < ROUNDS; round++) {
            int[] data = new int[N];
            try (var q = new Queue(device); var buf = Buffer.of(data)) {
                q.submit(h -> {
                    var w = buf.write(h);
                    h.parallelFor(Range.of(N), it -> {
                        int x = it.id(0);
                        for (int s = 0; s < SPIN; s++) {
                            x = x * 1103515245 + 12345;
                        }
                        w.set(it.id(0), x | 1);
                    });
                });
                q.submit(h -> {
                    var w = buf.write(h);
                    h.parallelFor(Range.of(N), it -> w.set(it.id(0), 2));
                });
            }
            assertThat(data).containsOnly(2);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void hostAccessorSeesKernelResultsAndKernelsSeeHostWrites(Device device) {
        int[] data = new int[N];
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            q.submit(h -> {
                var w = buf.write(h);
                h.parallelFor(Range.of(N), it -> w.set(it.id(0), it.id(0) * 3));
            });
            try (var host = buf.hostAccess()) {
                for (int i = 0; i < N; i++) {
                    assertThat(host.get(i)).isEqualTo(i * 3);
                    host.set(i, host.get(i) + 1);
                }
            }
            q.submit(h -> {
                var rw = buf.readWrite(h);
                h.parallelFor(Range.of(N), it -> rw.set(it.id(0), rw.get(it.id(0)) * 2));
            });
        }
        for (int i = 0; i < N; i++) {
            assertThat(data[i]).isEqualTo((i * 3 + 1) * 2);
        }
    }

    /** A deterministic busy loop, the same on the host and the device. */
    static int slow(int seed, int steps) {
        int x = seed;
        for (int s = 0; s < steps; s++) {
            x = x * 1103515245 + 12345;
        }
        return x & 0xffff;
    }
}
