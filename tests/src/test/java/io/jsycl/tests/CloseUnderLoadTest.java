package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import io.jsycl.opencl.ClObjects;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A queue closed by one thread while eight others keep submitting to it: close waits for the work
 * in flight and releases the queue; later submits fail with a clear error; nothing hangs, every
 * result that was submitted is right, and no queue or memory object is left behind.
 */
class CloseUnderLoadTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void closingAQueueWhileThreadsSubmit(Device device) throws Exception {
        closeUnderLoad(() -> new Queue(device));
    }

    /** An in-order queue launches without events: close waits for them through a marker. */
    @ParameterizedTest
    @MethodSource("devices")
    void closingAnInOrderQueueWhileThreadsSubmit(Device device) throws Exception {
        try (var context = new Context(device)) {
            closeUnderLoad(() -> new Queue(context, device, QueueProperty.IN_ORDER));
        }
    }

    private static void closeUnderLoad(Supplier<Queue> queue) throws Exception {
        long queues = ClObjects.live(ClObjects.Kind.COMMAND_QUEUE);
        int threads = 8;
        int n = 512;
        var q = queue.get();
        var started = new CountDownLatch(threads);
        var refused = new AtomicInteger();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            var results = new ArrayList<Future<int[]>>();
            for (int t = 0; t < threads; t++) {
                results.add(pool.submit(() -> {
                    int[] data = new int[n];
                    int done = 0;
                    try (var buf = Buffer.of(data)) {
                        started.countDown();
                        for (int s = 0; s < 10_000; s++) {
                            try {
                                q.submit(h -> {
                                    var a = buf.readWrite(h);
                                    h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) + 1));
                                });
                                done++;
                            } catch (IllegalStateException closed) {
                                assertThat(closed).hasMessageContaining("queue is closed");
                                refused.incrementAndGet();
                                break;
                            }
                        }
                    }
                    for (int v : data) {
                        assertThat(v).as("every submitted increment applied once").isEqualTo(done);
                    }
                    return data;
                }));
            }
            assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(100);
            q.close();
            for (Future<int[]> f : results) {
                f.get(60, TimeUnit.SECONDS);
            }
        }
        assertThat(refused.get()).as("threads that saw the queue closed").isPositive();
        assertThat(ClObjects.live(ClObjects.Kind.COMMAND_QUEUE)).isLessThanOrEqualTo(queues + 1);
    }
}
