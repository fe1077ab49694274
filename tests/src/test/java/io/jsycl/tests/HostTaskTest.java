package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DistributedQueue;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Host tasks run Java code in the command graph: after the kernels whose results they read, before the kernels that
 * read theirs, without the submitting thread waiting; on buffers made from arrays and from shapes; on every device and
 * on in-order queues. Every result is checked against the same steps in plain Java.
 */
class HostTaskTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aHostTaskBetweenTwoKernelsSeesTheFirstsResultAndFeedsTheSecond(Device device) {
        int n = 4096;
        int[] x = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 7 - 1000;
        }
        // Java: y = 3x + 1; total = sum of y; z = y - total / n.
        long total = 0;
        int[] expectedZ = new int[n];
        for (int i = 0; i < n; i++) {
            total += 3 * x[i] + 1;
        }
        for (int i = 0; i < n; i++) {
            expectedZ[i] = 3 * x[i] + 1 - (int) (total / n);
        }
        int[] z = new int[n];
        var released = new java.util.concurrent.CountDownLatch(1);
        boolean[] ranAfterTheSubmitReturned = new boolean[1];
        try (var q = new Queue(device); var bx = Buffer.of(x); var by = Buffer.ofInt(Range.of(n));
             var mean = Buffer.ofInt(Range.of(1)); var bz = Buffer.of(z)) {
            q.submit(h -> {
                var a = bx.read(h);
                var b = by.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> b.set(it.id(0), 3 * a.get(it.id(0)) + 1));
            });
            q.submit(h -> {
                var b = by.read(h); // a buffer made from a shape: its Java array is made for the task
                var m = mean.writeNoInit(h);
                h.hostTask(() -> {
                    long sum = 0;
                    for (int i = 0; i < n; i++) {
                        sum += b.get(i);
                    }
                    m.set(0, (int) (sum / n));
                    try { // the submit returned before the task ran to its end: the submitting thread did not wait
                        ranAfterTheSubmitReturned[0] = released.await(20, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            });
            released.countDown();
            q.submit(h -> {
                var b = by.read(h);
                var m = mean.read(h);
                var c = bz.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> c.set(it.id(0), b.get(it.id(0)) - m.get(0)));
            });
        }
        assertThat(z).containsExactly(expectedZ);
        assertThat(ranAfterTheSubmitReturned[0]).as("the task's submit returned while the task waited").isTrue();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void onAnInOrderQueueTheTaskRunsAfterTheKernelBeforeIt(Device device) {
        int n = 1000;
        int[] data = new int[n];
        int[] seen = new int[1];
        try (var q = new Queue(device, QueueProperty.IN_ORDER); var buf = Buffer.of(data)) {
            q.submit(h -> {
                var b = buf.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> b.set(it.id(0), it.id(0) * 2));
            });
            q.submit(h -> {
                var b = buf.readWrite(h);
                h.hostTask(() -> {
                    seen[0] = b.get(n - 1);
                    b.set(0, -1);
                });
            });
            q.submit(h -> {
                var b = buf.readWrite(h);
                h.parallelFor(Range.of(n), it -> b.set(it.id(0), b.get(it.id(0)) + 1));
            });
            q.await();
        }
        assertThat(seen[0]).isEqualTo(2 * (n - 1));
        assertThat(data[0]).isEqualTo(0); // -1 written by the task, then + 1
        assertThat(data[n - 1]).isEqualTo(2 * (n - 1) + 1);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void whatATaskThrowsIsItsCommandsFailure(Device device) {
        try (var q = new Queue(device); var buf = Buffer.ofInt(Range.of(8))) {
            var e = q.submit(h -> {
                var b = buf.read(h);
                h.hostTask(() -> {
                    throw new IllegalStateException("no file to write: " + b.get(0));
                });
            });
            assertThatThrownBy(e::await).isInstanceOf(IllegalStateException.class)
                    .hasMessage("no file to write: 0");
            // The queue goes on: a later command runs.
            int[] after = new int[1];
            q.submit(h -> h.hostTask(() -> after[0] = 5)).await();
            assertThat(after[0]).isEqualTo(5);
        }
    }

    @Test
    void aDistributedQueueRefusesHostTasks() {
        List<Device> two = List.of(TestDevices.firstOpenCl(), TestDevices.firstOpenCl());
        try (var dq = new DistributedQueue(two)) {
            assertThatThrownBy(() -> dq.submit(h -> h.hostTask(() -> { })))
                    .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("h.hostTask");
        }
    }
}
