package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.ArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Many threads asking for one kernel at once build its program once. */
class ConcurrentBuildTest {
    @Test
    void sixteenThreadsSubmittingOneKernelBuildItOnce() throws Exception {
        Device device = TestDevices.firstOpenCl();
        int threads = 16;
        int n = 1024;
        var barrier = new CyclicBarrier(threads);
        try (var context = new Context(device);
             ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            var results = new ArrayList<Future<int[]>>();
            for (int t = 0; t < threads; t++) {
                int seed = t;
                results.add(pool.submit(() -> {
                    int[] data = new int[n];
                    barrier.await();
                    try (var q = new Queue(context, device); var buf = Buffer.of(data)) {
                        q.submit(h -> {
                            var o = buf.write(h);
                            h.parallelFor(Range.of(n), it -> o.set(it.id(0), it.id(0) * seed + 0x5eed));
                        });
                    }
                    return data;
                }));
            }
            for (int t = 0; t < threads; t++) {
                int[] data = results.get(t).get();
                for (int i = 0; i < n; i++) {
                    assertThat(data[i]).isEqualTo(i * t + 0x5eed);
                }
            }
            var stats = context.programManager().stats();
            assertThat(stats.builds() + stats.diskHits()).as("programs built or loaded").isEqualTo(1);
            assertThat(stats.misses()).as("lookups that found nothing").isEqualTo(1);
            assertThat(stats.hits() + stats.misses()).as("lookups past the context's fast path").isBetween(1L, (long) threads);
        }
    }
}
