package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClObjects;
import java.util.ArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Many threads submitting to one out-of-order queue, on shared and private buffers; native objects all released. */
class StressTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void sixteenThreadsTimesTwoHundredSubmits(Device device) throws Exception {
        int threads = 16;
        int submits = 200;
        int n = 256;
        int[] shared = new int[n];
        for (int i = 0; i < n; i++) {
            shared[i] = i;
        }
        try (var q = new Queue(device);
             var sharedBuf = Buffer.of(shared);
             ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            var results = new ArrayList<Future<long[]>>();
            for (int t = 0; t < threads; t++) {
                int tid = t;
                results.add(pool.submit(() -> {
                    long[ ] mine = new long[n];
                    try (var own = Buffer.of(mine)) {
                        for (int s = 0; s < submits; s++) {
                            int step = s;
                            q.submit(h -> {
                                var src = sharedBuf.read(h);
                                var acc = own.readWrite(h);
                                h.parallelFor(Range.of(n), it -> {
                                    int i = it.id(0);
                                    acc.set(i, acc.get(i) + src.get(i) * tid + step);
                                });
                            });
                        }
                    }
                    return mine;
                }));
            }
            for (int t = 0; t < threads; t++) {
                long[] mine = results.get(t).get();
                long steps = (long) submits * (submits - 1) / 2;
                for (int i = 0; i < n; i++) {
                    assertThat(mine[i]).as("thread %d, element %d", t, i).isEqualTo((long) i * t * submits + steps);
                }
            }
        }
        assertThat(shared[5]).isEqualTo(5);
    }

    @Test
    void tenThousandSubmitsLeaveNoNativeObjectsBehind() throws Exception {
        Device device = TestDevices.firstOpenCl();
        int[] data = new int[64];
        submitIncrements(device, data, 1);
        long mems = ClObjects.live(ClObjects.Kind.MEM);
        long queues = ClObjects.live(ClObjects.Kind.COMMAND_QUEUE);
        long events = ClObjects.live(ClObjects.Kind.EVENT);
        submitIncrements(device, data, 10_000);
        assertThat(data).containsOnly(10_001);
        assertThat(ClObjects.live(ClObjects.Kind.MEM)).isEqualTo(mems);
        assertThat(ClObjects.live(ClObjects.Kind.COMMAND_QUEUE)).isEqualTo(queues);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (ClObjects.live(ClObjects.Kind.EVENT) > events + 50 && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(50);
        }
        assertThat(ClObjects.live(ClObjects.Kind.EVENT)).as("events still held after 10 000 submits")
                .isLessThanOrEqualTo(events + 50);
    }

    private static void submitIncrements(Device device, int[] data, int count) {
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            for (int s = 0; s < count; s++) {
                q.submit(h -> {
                    var a = buf.readWrite(h);
                    h.parallelFor(Range.of(64), it -> a.set(it.id(0), a.get(it.id(0)) + 1));
                });
                if (s % 1000 == 999) {
                    q.await();
                }
            }
        }
    }
}
