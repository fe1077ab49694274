package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.jsycl.Buffer;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The kernels and the wait of the tests that block one thread in a wait while others go on ({@link BlockingWaitsTest},
 * {@link GraphLockTest}, and the adversarial tests' API misuse across threads): each kernel's effect is easy to apply
 * to an expected array in Java. Public for the adversarial tests' package.
 */
public final class BlockedWork {
    private BlockedWork() {
    }

    /**
     * Submits x = x + 1 over the first {@code n} elements.
     *
     * @param q the queue
     * @param buf the buffer
     * @param n how many elements, from the first
     * @return the kernel's event
     */
    public static Event increment(Queue q, Buffer.OfInt buf, int n) {
        return q.submit(h -> {
            var a = buf.readWrite(h);
            h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) + 1));
        });
    }

    /** Submits y = 2y + i over the first {@code expected.length} elements and applies the same to {@code expected}. */
    static void twiceAndAdd(Queue q, Buffer.OfInt buf, int[] expected) {
        int n = expected.length;
        q.submit(h -> {
            var a = buf.readWrite(h);
            h.parallelFor(Range.of(n), it -> a.set(it.id(0), 2 * a.get(it.id(0)) + it.id(0)));
        });
        for (int i = 0; i < n; i++) {
            expected[i] = 2 * expected[i] + i;
        }
    }

    /**
     * Gives the thread of {@code work} time to reach its wait; fails with {@code otherwise} if it ended instead.
     *
     * @param work what another thread runs, which must be waiting
     * @param otherwise the failure's message if it is not
     * @throws Exception what {@code work} threw, if it ended
     */
    public static void awaitBlocked(Future<?> work, String otherwise) throws Exception {
        Thread.sleep(300);
        if (work.isDone()) {
            work.get();
            fail(otherwise);
        }
    }

    /**
     * On one of {@code threads}: three rounds of {@link #twiceAndAdd} on {@code q}, each waited for and its last element
     * read through a host accessor; fails with "{@code what} did not complete within {@code seconds} s {@code during}"
     * if the rounds take longer.
     */
    static void roundsComplete(ExecutorService threads, Queue q, Buffer.OfInt buf, int[] expected, long seconds,
            String what, String during) throws Exception {
        Future<?> rounds = threads.submit(() -> {
            for (int round = 0; round < 3; round++) {
                twiceAndAdd(q, buf, expected);
                q.await();
                try (var view = buf.hostAccess()) {
                    assertThat(view.get(expected.length - 1)).isEqualTo(expected[expected.length - 1]);
                }
            }
            return null;
        });
        try {
            rounds.get(seconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            fail(what + " did not complete within " + seconds + " s " + during);
        }
    }
}
