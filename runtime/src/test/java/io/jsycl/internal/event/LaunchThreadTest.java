package io.jsycl.internal.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.SyclException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The launch thread's guarantees with launches that record what happens to them instead of calling OpenCL: order,
 * flush from other threads, failure, and the thread's life (started with its queue, parked while idle, ended by the
 * queue's close).
 */
class LaunchThreadTest {
    private final List<LaunchThread> made = new ArrayList<>();

    /** {@code thread}, closed after the test (its queue's close ends it). */
    private LaunchThread closedAfter(LaunchThread thread) {
        made.add(thread);
        return thread;
    }

    @AfterEach
    void closeThreads() {
        made.forEach(LaunchThread::close);
    }

    /** A launch that appends its number to {@code log} when enqueued, optionally slowly or failing. */
    private record Recorded(int id, List<Integer> log, List<Integer> abandoned, long delayNanos, boolean fails)
            implements LaunchThread.Launch {
        @Override
        public void enqueue() {
            if (delayNanos > 0) {
                long until = System.nanoTime() + delayNanos;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
            if (fails) {
                throw new SyclException("launch " + id + " refused");
            }
            log.add(id);
        }

        @Override
        public void abandon() {
            abandoned.add(id);
        }
    }

    @Test
    void launchesAreEnqueuedInSubmissionOrderByTheThreadAndByFlushes() throws Exception {
        var thread = closedAfter(new LaunchThread("test launches"));
        List<Integer> log = Collections.synchronizedList(new ArrayList<>());
        List<Integer> abandoned = Collections.synchronizedList(new ArrayList<>());
        int n = 20_000;
        // A flusher on another thread, as a wait on another queue's event flushes this one. The submits begin once it
        // runs, and it flushes at least once: a loaded machine may start it late, or only after the last submit.
        var stop = new CountDownLatch(1);
        var flushing = new CountDownLatch(1);
        var flusher = Thread.ofPlatform().start(() -> {
            flushing.countDown();
            try {
                do {
                    thread.flush();
                } while (!stop.await(0, TimeUnit.NANOSECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertThat(flushing.await(10, TimeUnit.SECONDS)).as("the flusher started").isTrue();
        for (int i = 0; i < n; i++) {
            thread.submit(new Recorded(i, log, abandoned, i % 97 == 0 ? 20_000 : 0, false));
            if (i % 1000 == 0) {
                thread.flush();
                assertThat(log).hasSizeGreaterThanOrEqualTo(i + 1); // everything submitted so far is enqueued
            }
        }
        stop.countDown();
        flusher.join();
        thread.flush();
        assertThat(thread.hasPending()).isFalse();
        assertThat(log).hasSize(n);
        for (int i = 0; i < n; i++) {
            assertThat(log.get(i)).isEqualTo(i);
        }
        assertThat(abandoned).isEmpty();
        assertThat(thread.failure()).isNull();
    }

    @Test
    void aFailedLaunchIsKeptAndTheLaunchesAfterItAreAbandoned() {
        var thread = closedAfter(new LaunchThread("test launches"));
        List<Integer> log = Collections.synchronizedList(new ArrayList<>());
        List<Integer> abandoned = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 10; i++) {
            thread.submit(new Recorded(i, log, abandoned, 0, i == 4));
        }
        thread.flush();
        assertThat(log).containsExactly(0, 1, 2, 3);
        assertThat(abandoned).containsExactly(5, 6, 7, 8, 9);
        assertThat(thread.failure()).isInstanceOf(SyclException.class).hasMessageContaining("launch 4 refused");
    }

    @Test
    void theThreadParksWhenIdleTakesTheNextLaunchesAndEndsAtItsClose() throws Exception {
        var thread = closedAfter(new LaunchThread("test launches idle"));
        List<Thread> by = Collections.synchronizedList(new ArrayList<>());
        assertThat(launchThreads("test launches idle")).as("started with its queue, before any launch").isEqualTo(1);
        thread.submit(enqueuedBy(by));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (by.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(by).as("the launch thread enqueues without a flush").hasSize(1);
        Thread.sleep(600); // idle, parked
        assertThat(by.getFirst().isAlive()).as("an idle thread stays, parked").isTrue();
        thread.submit(enqueuedBy(by));
        while (by.size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(by).hasSize(2);
        assertThat(by.getLast()).isSameAs(by.getFirst());
        thread.close();
        by.getFirst().join(TimeUnit.SECONDS.toMillis(10));
        assertThat(by.getFirst().isAlive()).as("the close ends it").isFalse();
        assertThat(launchThreads("test launches idle")).isZero();
    }

    @Test
    void launchesLeftAtTheCloseAreEnqueuedBeforeTheThreadEnds() throws Exception {
        var thread = closedAfter(new LaunchThread("test launches closing"));
        List<Integer> log = Collections.synchronizedList(new ArrayList<>());
        List<Integer> abandoned = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 100; i++) {
            thread.submit(new Recorded(i, log, abandoned, 10_000, false));
        }
        thread.close();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (launchThreads("test launches closing") > 0 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(launchThreads("test launches closing")).isZero();
        assertThat(log).hasSize(100);
        assertThat(thread.hasPending()).isFalse();
    }

    @Test
    void aThreadWokenForALaunchAFlushTookStaysForTheNextBurst() throws Exception {
        var thread = closedAfter(new LaunchThread("test launches woken"));
        List<Thread> by = Collections.synchronizedList(new ArrayList<>());
        thread.submit(enqueuedBy(by));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (by.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(by).as("the launch thread enqueues without a flush").hasSize(1);
        Thread worker = by.getFirst();
        assertThat(worker).isNotEqualTo(Thread.currentThread());
        // Parked now (it spins 50 µs first). A submit unparks it, and a flush at once takes the launch before it
        // wakes, as a program's wait right after its last submit does: the thread wakes to an empty FIFO.
        for (int i = 0; i < 20; i++) {
            Thread.sleep(2);
            thread.submit(enqueuedBy(by));
            thread.flush();
        }
        Thread.sleep(20);
        thread.submit(enqueuedBy(by));
        while (by.size() < 22 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(by).hasSize(22);
        assertThat(by.getLast()).as("the next burst's launch goes to the same thread, not a new one").isSameAs(worker);
        assertThat(launchThreads("test launches woken")).isEqualTo(1);
        thread.close();
    }

    /** A launch that records the thread that enqueued it. */
    private static LaunchThread.Launch enqueuedBy(List<Thread> by) {
        return new LaunchThread.Launch() {
            @Override
            public void enqueue() {
                by.add(Thread.currentThread());
            }

            @Override
            public void abandon() {
            }
        };
    }

    @Test
    void onlyASubmitRightAfterThePreviousOneIsABurst() throws Exception {
        var thread = closedAfter(new LaunchThread("test launches burst"));
        assertThat(thread.inBurst(System.nanoTime())).as("the first launch").isFalse();
        long before = System.nanoTime();
        thread.submitReturned();
        assertThat(thread.inBurst(before)).as("a submit begun before the previous one returned").isTrue();
        // The window is a few microseconds: on a loaded machine this thread can be descheduled between the two
        // calls, so a submit begun at once must count as a burst in at least one of many tries.
        boolean burst = false;
        for (int i = 0; i < 1000 && !burst; i++) {
            thread.submitReturned();
            burst = thread.inBurst(System.nanoTime());
        }
        assertThat(burst).as("a submit begun at once after the previous one").isTrue();
        Thread.sleep(1 + LaunchThread.BURST_NANOS / 1_000_000);
        assertThat(thread.inBurst(System.nanoTime())).as("a submit begun after a pause").isFalse();
    }

    @Test
    void aFullFifoEndsTheBurstSoTheSubmitterFlushes() {
        var thread = closedAfter(new LaunchThread("test launches full"));
        List<Integer> log = Collections.synchronizedList(new ArrayList<>());
        List<Integer> abandoned = Collections.synchronizedList(new ArrayList<>());
        var gate = new CountDownLatch(1);
        // The first launch holds the thread until the gate opens, so the FIFO fills behind it.
        thread.submit(new LaunchThread.Launch() {
            @Override
            public void enqueue() {
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                log.add(-1);
            }

            @Override
            public void abandon() {
            }
        });
        int queued = 1;
        while (thread.inBurst(System.nanoTime())) {
            thread.submit(new Recorded(queued++, log, abandoned, 0, false));
            assertThat(queued).as("the burst ends once the FIFO is full").isLessThanOrEqualTo(LaunchThread.MAX_PENDING + 1);
        }
        assertThat(queued).isGreaterThanOrEqualTo(LaunchThread.MAX_PENDING);
        gate.countDown();
        thread.flush();
        assertThat(log).hasSize(queued);
        assertThat(thread.inBurst(System.nanoTime() - 10 * LaunchThread.BURST_NANOS)).isFalse();
    }

    private static long launchThreads(String name) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(name) && t.isAlive())
                .count();
    }
}
