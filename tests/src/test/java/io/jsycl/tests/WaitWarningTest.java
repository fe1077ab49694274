package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A wait that lasts says what it waits for ({@code JSYCL_WAIT_WARN}, here 0.2 s): a submit's wait for a host
 * accessor another thread holds open names the buffer and that thread; a wait for a long kernel names the kernel and
 * its source line, on every device. Quick waits say nothing, and with the setting at 0 no wait does.
 */
class WaitWarningTest {
    private final WaitWarnings capture = new WaitWarnings();
    private final List<String> warnings = capture.messages();

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @BeforeEach
    void watchWaitsAfterAFifthOfASecond() {
        capture.start("0.2");
    }

    @AfterEach
    void restore() {
        capture.close();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aWaitForAHostAccessorHeldByAnotherThreadNamesTheBufferAndTheThread(Device device) throws Exception {
        int n = 256;
        int[] data = new int[n];
        try (var q = new Queue(device); var buf = Buffer.of(data);
             ExecutorService holder = Executors.newSingleThreadExecutor(r -> new Thread(r, "accessor-holder"))) {
            var opened = new java.util.concurrent.CountDownLatch(1);
            var release = new java.util.concurrent.CountDownLatch(1);
            Future<?> held = holder.submit(() -> {
                try (var h = buf.hostAccess()) {
                    h.set(0, 41);
                    opened.countDown();
                    release.await();
                }
                return null;
            });
            assertThat(opened.await(20, TimeUnit.SECONDS)).isTrue();
            ExecutorService submitter = Executors.newSingleThreadExecutor(r -> new Thread(r, "waiting-submitter"));
            Future<?> waiting = submitter.submit(() -> q.submit(h -> {
                var b = buf.readWrite(h);
                h.parallelFor(Range.of(n), it -> b.set(it.id(0), b.get(it.id(0)) + 1));
            }).await());
            // Both warnings before the release: the submitting thread's wait, and the wait for the host accessor (on
            // that thread where the submit waits for it, on the host device's command thread where the kernel's run
            // does, which may warn a moment after the submitter: releasing at the first warning lost the second).
            Predicate<String> submitterWarning = w -> w.startsWith(
                    "thread 'waiting-submitter' has waited");
            Predicate<String> accessorWarning = w -> w.contains("for the host accessor of buffer")
                    && w.contains("int[256]") && w.contains("that thread 'accessor-holder' holds open");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!(warnings.stream().anyMatch(submitterWarning) && warnings.stream().anyMatch(accessorWarning))
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            release.countDown();
            held.get(20, TimeUnit.SECONDS);
            waiting.get(60, TimeUnit.SECONDS);
            submitter.shutdown();
            assertThat(warnings).as("warnings of io.jsycl.wait").anyMatch(submitterWarning).anyMatch(accessorWarning);
        }
        assertThat(data[0]).isEqualTo(42); // the kernel ran after the host's write
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aWaitForALongKernelNamesTheKernelAndItsLine(Device device) throws Exception {
        float[] out = new float[1];
        long start = System.nanoTime();
        try (var q = new Queue(device); var buf = Buffer.of(out)) {
            longKernel(q, buf, device).await();
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        System.out.println(device + ": the long kernel's submit and wait took " + millis + " ms");
        if (millis < 500) {
            return; // a device far faster than expected: nothing lasted long enough to warn about
        }
        assertThat(warnings).as("warnings after a wait of %d ms", millis).isNotEmpty();
        assertThat(warnings.getFirst()).contains("has waited").contains("WaitWarningTest.java:")
                .contains("or it never ends");
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aQueuesWaitForALongKernelOnAnInOrderQueueSaysSo(Device device) {
        float[] out = new float[1];
        long start = System.nanoTime();
        // An in-order queue launches kernels without OpenCL events; its wait is one for all of them.
        try (var q = new Queue(device, io.jsycl.QueueProperty.IN_ORDER); var buf = Buffer.of(out)) {
            longKernel(q, buf, device);
            q.await();
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        if (millis < 500) {
            return; // a device far faster than expected: nothing lasted long enough to warn about
        }
        assertThat(warnings).as("warnings after a wait of %d ms", millis).isNotEmpty()
                .allMatch(w -> w.contains("or it never ends"))
                .anyMatch(w -> w.contains("WaitWarningTest.java:") || w.contains("the kernels launched on Queue["));
    }

    /** One work-item in a long dependent loop: a second or more on any device, one launch. */
    private static io.jsycl.Event longKernel(Queue q, Buffer.OfFloat buf, Device device) {
        int rounds = device.isHost() ? 300_000_000 : 600_000_000;
        return q.submit(h -> {
            var o = buf.write(h);
            h.singleTask(() -> {
                float v = 1f;
                for (int i = 0; i < rounds; i++) {
                    v = v * 0.999999f + 1e-7f;
                }
                o.set(0, v);
            });
        });
    }

    @Test
    void quickWaitsSayNothing() {
        var device = TestDevices.firstOpenCl();
        try (var q = new Queue(device); var buf = Buffer.of(new int[64])) {
            for (int r = 0; r < 20; r++) {
                q.submit(h -> {
                    var b = buf.readWrite(h);
                    h.parallelFor(Range.of(64), it -> b.set(it.id(0), b.get(it.id(0)) + 1));
                }).await();
            }
        }
        assertThat(warnings).isEmpty();
    }
}
