package io.jsycl.tests;

import static io.jsycl.tests.BlockedWork.awaitBlocked;
import static io.jsycl.tests.BlockedWork.increment;
import static io.jsycl.tests.BlockedWork.roundsComplete;
import static io.jsycl.tests.BlockedWork.twiceAndAdd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Waits hold no lock that other work needs. One queue blocked in a wait does not stall another: while a command group
 * on queue A waits for a host accessor that the test holds open (its submitting thread blocked, then waiting for A),
 * queue B's submits, waits and host accessors complete within a time bound. Once the accessor closes, A's command group
 * runs after the host's writes. Both results are checked against Java. Run with B on A's context and on a context of
 * its own. And a buffer's close, waiting for a host accessor, leaves the accessor's close free to end it.
 */
class BlockingWaitsTest {
    /** Far more than B's work takes once its kernel is built; a queue stalled behind A never gets there. */
    private static final long BOUND_SECONDS = 20;
    private static final int N = 1000;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aQueueWaitingForAHostAccessorDoesNotStallAQueueOfTheSameContext(Device device) throws Exception {
        blockedQueueLeavesOtherQueueFree(device, a -> a);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aQueueWaitingForAHostAccessorDoesNotStallAQueueOfAnotherContext(Device device) throws Exception {
        try (var other = new Context(device)) {
            blockedQueueLeavesOtherQueueFree(device, a -> other);
        }
    }

    /** {@code contextOfB}: B's context, given A's. */
    private static void blockedQueueLeavesOtherQueueFree(Device device, Function<Context, Context> contextOfB)
            throws Exception {
        int[] x = new int[N];
        int[] y = new int[N];
        int[] expectedY = new int[N];
        for (int i = 0; i < N; i++) {
            x[i] = i;
            y[i] = 3 * i;
            expectedY[i] = 3 * i;
        }
        try (var contextA = new Context(device);
             var qa = new Queue(contextA, device);
             var qb = new Queue(contextOfB.apply(contextA), device);
             var bx = Buffer.of(x);
             var by = Buffer.of(y);
             ExecutorService threads = Executors.newFixedThreadPool(2)) {
            // Build both kernels in both contexts first, so that B's work below takes milliseconds.
            increment(qa, bx, N);
            twiceAndAdd(qb, by, expectedY);
            qa.await();
            qb.await();

            var held = bx.hostAccess();
            Future<?> blockedOnA;
            try {
                for (int i = 0; i < N; i++) {
                    held.set(i, 100 + held.get(i));
                }
                blockedOnA = threads.submit(() -> {
                    increment(qa, bx, N); // waits for the held accessor
                    qa.await();
                    return null;
                });
                awaitBlocked(blockedOnA, "queue A's command group did not wait for the open host accessor");
                roundsComplete(threads, qb, by, expectedY, BOUND_SECONDS, "queue B's submits and waits",
                        "while a command group of queue A waited for a host accessor");
                assertThat(blockedOnA).as("A's command group waits for the open host accessor").isNotDone();
            } finally {
                held.close();
            }
            blockedOnA.get(BOUND_SECONDS, TimeUnit.SECONDS);
        }
        for (int i = 0; i < N; i++) {
            assertThat(x[i]).as("x[%d]", i).isEqualTo(i + 1 + 100 + 1);
        }
        assertThat(y).isEqualTo(expectedY);
    }

    /**
     * A buffer's close waits for a host accessor that another thread holds, and that thread can still close the
     * accessor: on a buffer without a host array of its own, the accessor works in place in the device copy (or its
     * pinned memory), and its close goes back to the buffer to end that.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void closingABufferWaitsForAHostAccessorAnotherThreadHolds(Device device) throws Exception {
        var daemons = Executors.newCachedThreadPool(r -> {
            var t = new Thread(r, "blocking-waits-test");
            t.setDaemon(true); // a deadlock must not keep the test JVM alive
            return t;
        });
        try (var q = new Queue(device)) {
            var buf = Buffer.ofInt(Range.of(N));
            q.submit(h -> {
                var a = buf.write(h);
                h.parallelFor(Range.of(N), it -> a.set(it.id(0), 7 * it.id(0)));
            });
            q.await();
            var held = buf.hostAccess();
            assertThat(held.get(N - 1)).isEqualTo(7 * (N - 1));
            held.set(N - 1, -1);
            Future<?> closing = daemons.submit(buf::close);
            awaitBlocked(closing, "the buffer's close did not wait for the open host accessor");
            Future<?> release = daemons.submit(held::close);
            try {
                release.get(BOUND_SECONDS, TimeUnit.SECONDS);
                closing.get(BOUND_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                fail("the host accessor's close and the buffer's close did not complete within " + BOUND_SECONDS
                        + " s: the close waits for the accessor while holding what the accessor's close needs");
            }
        } finally {
            daemons.shutdownNow();
        }
    }
}
