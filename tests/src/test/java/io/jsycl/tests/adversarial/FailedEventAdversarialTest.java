package io.jsycl.tests.adversarial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.tests.TestDevices;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A failed command stays failed, as a {@link java.util.concurrent.Future} does, on every device: every
 * {@code event.await()} throws (the first the failure itself, each later one a fresh exception of the same class and
 * message, made where it is thrown, with the first as its cause), and {@code status()} says FAILED before and after.
 * The queue-wide {@code q.await()} reports each failure once (SYCL's {@code wait_and_throw}).
 */
@Watchdog.Limit(seconds = 60)
class FailedEventAdversarialTest {
    private static final int N = 16;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    /** A checked kernel that stores one past the end: fails on every device. */
    private static Event outOfBounds(Queue q, Buffer.OfInt buf) {
        return q.submit(h -> {
            h.checked();
            var o = buf.write(h);
            h.parallelFor(Range.of(N), it -> o.set(it.id(0) + 1, 1));
        });
    }

    /** The status once the command has ended, polled without waiting on the event. */
    private static Event.Status finalStatus(Event e) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        Event.Status s = e.status();
        while ((s == Event.Status.SUBMITTED || s == Event.Status.RUNNING) && System.nanoTime() < deadline) {
            Thread.sleep(5);
            s = e.status();
        }
        return s;
    }

    private static boolean calledFrom(Throwable t, String method) {
        return Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getMethodName().contains(method));
    }

    @ParameterizedTest
    @MethodSource("devices")
    void everyAwaitOfAFailedEventThrowsAndItsStatusStaysFailed(Device device) throws Exception {
        try (var q = new Queue(device)) {
            var buf = Buffer.of(new int[N]);
            Event e = outOfBounds(q, buf);
            assertThat(finalStatus(e)).as("status before any wait").isEqualTo(Event.Status.FAILED);
            Throwable first = catchThrowable(e::await);
            assertThat(first).isInstanceOf(IndexOutOfBoundsException.class);
            for (int i = 0; i < 3; i++) {
                Throwable again = catchThrowable(e::await);
                assertThat(again).as("await number %d", i + 2).isInstanceOf(IndexOutOfBoundsException.class)
                        .hasMessage(first.getMessage()).isNotSameAs(first).hasCause(first);
                assertThat(calledFrom(again, "everyAwaitOfAFailedEventThrows"))
                        .as("the stack of a later throw shows its caller").isTrue();
                assertThat(e.status()).as("status after a wait").isEqualTo(Event.Status.FAILED);
            }
            var elsewhere = Executors.newSingleThreadExecutor();
            try {
                Throwable onAnotherThread = elsewhere.submit(() -> catchThrowable(e::await)).get(30, TimeUnit.SECONDS);
                assertThat(onAnotherThread).isInstanceOf(IndexOutOfBoundsException.class)
                        .hasMessage(first.getMessage());
            } finally {
                elsewhere.shutdownNow();
            }
            q.await(); // delivered already, by the event's first await
            buf.close();
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void theQueuesAwaitReportsAFailureOnceWhileTheEventKeepsIt(Device device) throws Exception {
        try (var q = new Queue(device)) {
            var buf = Buffer.of(new int[N]);
            Event e = outOfBounds(q, buf);
            assertThat(catchThrowable(q::await)).isInstanceOf(IndexOutOfBoundsException.class);
            q.await(); // reported once
            buf.close(); // and not again by the close of the buffer it wrote
            assertThat(catchThrowable(e::await)).as("the event itself stays failed")
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThat(e.status()).isEqualTo(Event.Status.FAILED);
        }
    }
}
