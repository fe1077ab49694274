package io.jsycl.tests;

import static io.jsycl.tests.BlockedWork.awaitBlocked;
import static io.jsycl.tests.BlockedWork.increment;
import static io.jsycl.tests.BlockedWork.roundsComplete;
import static io.jsycl.tests.BlockedWork.twiceAndAdd;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import java.util.ArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scheduler's graph lock, which every queue's submit takes, is never held across a blocking wait.
 * One thread blocks in a wait that cannot end until the test closes a host accessor it holds on
 * buffer X: opening another host accessor of X, a submit to OpenCL queue A that uses X, the await of
 * a host-device command group's event or of its queue, a close of X. Meanwhile another thread submits
 * to OpenCL queue B, waits for B and reads B's buffer through a host accessor, three times; that work
 * takes the graph lock at every submit and host access, so it would stall behind a wait that held
 * it. It must complete within a time bound while the first thread is still blocked; then the test
 * closes its accessor and the blocked wait ends. Every result is checked against Java.
 */
class GraphLockTest {
    /** Far more than B's work takes once its kernel is built; work stalled behind the blocked wait never ends. */
    private static final long BOUND_SECONDS = 20;
    private static final int N = 1000;

    /** The wait the first thread blocks in. */
    enum BlockedWait {
        HOST_ACCESS_OPEN, SUBMIT, EVENT_AWAIT, QUEUE_AWAIT, BUFFER_CLOSE
    }

    static Stream<Arguments> cases() {
        var cases = new ArrayList<Arguments>();
        for (Device device : TestDevices.openCl()) {
            for (BlockedWait wait : BlockedWait.values()) {
                cases.add(Arguments.of(device, wait));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("cases")
    void anotherQueuesSubmitsCompleteWhileAThreadIsBlockedInAWait(Device device, BlockedWait wait) throws Exception {
        int[] x = new int[N];
        int[] y = new int[N];
        int[] expectedY = new int[N];
        for (int i = 0; i < N; i++) {
            x[i] = i;
            y[i] = 5 * i;
            expectedY[i] = 5 * i;
        }
        var daemons = Executors.newCachedThreadPool(r -> {
            var t = new Thread(r, "graph-lock-test");
            t.setDaemon(true); // a thread stuck on the lock must not keep the test JVM alive
            return t;
        });
        try (var qa = new Queue(device);
             var qb = new Queue(device);
             var qh = new Queue(Device.host());
             var bx = Buffer.of(x);
             var by = Buffer.of(y)) {
            // Build B's kernel and A's first, so that B's work below takes milliseconds.
            twiceAndAdd(qb, by, expectedY);
            qb.await();
            increment(qa, bx, N);
            qa.await();

            var held = bx.hostAccess();
            Future<?> blocked;
            try {
                for (int i = 0; i < N; i++) {
                    held.set(i, 100 + held.get(i));
                }
                blocked = daemons.submit(() -> {
                    blockIn(wait, qa, qh, bx);
                    return null;
                });
                awaitBlocked(blocked, wait + " did not wait for the open host accessor");
                roundsComplete(daemons, qb, by, expectedY, BOUND_SECONDS,
                        "queue B's submits, waits and host accesses",
                        "while another thread was blocked in " + wait + ": that wait holds a lock B needs");
                assertThat(blocked.isDone()).as(wait + " still waits for the open host accessor").isFalse();
            } finally {
                held.close();
            }
            try {
                blocked.get(BOUND_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                fail(wait + " did not end within " + BOUND_SECONDS + " s of the host accessor's close");
            }
        } finally {
            daemons.shutdownNow();
        }
        // The held accessor added 100, the warm-up and (where the blocked wait was one) the blocked work 1 each.
        int blockedIncrements = wait == BlockedWait.SUBMIT || wait == BlockedWait.EVENT_AWAIT
                || wait == BlockedWait.QUEUE_AWAIT ? 1 : 0;
        for (int i = 0; i < N; i++) {
            assertThat(x[i]).as("x[%d]", i).isEqualTo(i + 1 + 100 + blockedIncrements);
        }
        assertThat(y).isEqualTo(expectedY);
    }

    /** Runs {@code wait} on buffer {@code bx}, which the test holds a host accessor of: it blocks until that closes. */
    private static void blockIn(BlockedWait wait, Queue qa, Queue qh, Buffer.OfInt bx) {
        switch (wait) {
            case HOST_ACCESS_OPEN -> {
                try (var view = bx.hostAccess()) {
                    assertThat(view.get(0)).isEqualTo(1 + 100);
                }
            }
            case SUBMIT -> {
                increment(qa, bx, N); // an OpenCL command cannot wait for host work: the submit waits for it
                qa.await();
            }
            case EVENT_AWAIT -> {
                Event e = increment(qh, bx, N); // a host-device command group waits on its own thread
                e.await();
            }
            case QUEUE_AWAIT -> {
                increment(qh, bx, N);
                qh.await();
            }
            case BUFFER_CLOSE -> bx.close(); // waits for the accessor, then writes back
        }
    }
}
