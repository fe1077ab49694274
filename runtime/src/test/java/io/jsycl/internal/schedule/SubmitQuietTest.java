package io.jsycl.internal.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The completion thread's wait for a quiet moment between a DistributedQueue's submits, with real threads. */
class SubmitQuietTest {
    /** A thread that calls {@link SubmitQuiet#awaitQuiet} once, counting {@code done} down when it returns. */
    private static Thread waiter(SubmitQuiet quiet, CountDownLatch done) {
        quiet.deferred();
        return Thread.ofPlatform().daemon().start(() -> {
            quiet.awaitQuiet();
            done.countDown();
        });
    }

    @Test
    void itWaitsWhileASubmitIsUnderWayAndGoesOnOnceItHasEnded() throws InterruptedException {
        var quiet = new SubmitQuiet();
        quiet.begin();
        var done = new CountDownLatch(1);
        waiter(quiet, done);
        assertThat(done.await(100, TimeUnit.MILLISECONDS)).as("returned during a submit").isFalse();
        quiet.end();
        assertThat(done.await(10, TimeUnit.SECONDS)).as("returned after the submit").isTrue();
    }

    @Test
    void withNoSubmitItGoesOnAtOnce() throws InterruptedException {
        var quiet = new SubmitQuiet();
        var done = new CountDownLatch(1);
        waiter(quiet, done);
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    }

    /** Submits whose gaps are shorter than {@link SubmitQuiet#QUIET_NANOS} hold it: a clock the test moves. */
    @Test
    void aSubmitThatEndedLessThanTheQuietSpellAgoHoldsIt() throws InterruptedException {
        var now = new AtomicLong(1_000_000);
        var quiet = new SubmitQuiet(now::get);
        quiet.begin();
        quiet.end();
        var done = new CountDownLatch(1);
        waiter(quiet, done);
        now.addAndGet(SubmitQuiet.QUIET_NANOS - 1_000);
        assertThat(done.await(100, TimeUnit.MILLISECONDS)).as("returned within the quiet spell").isFalse();
        quiet.begin(); // the next submit of the burst
        now.addAndGet(SubmitQuiet.QUIET_NANOS * 10);
        assertThat(done.await(100, TimeUnit.MILLISECONDS)).as("returned during the next submit").isFalse();
        quiet.end();
        now.addAndGet(SubmitQuiet.QUIET_NANOS - 1_000);
        assertThat(done.await(100, TimeUnit.MILLISECONDS)).as("returned within the quiet spell").isFalse();
        now.addAndGet(1_000);
        assertThat(done.await(10, TimeUnit.SECONDS)).as("returned after the quiet spell").isTrue();
    }

    @Test
    void aThreadWaitingForTheQueueLetsItGoOnDuringASubmit() throws InterruptedException {
        var quiet = new SubmitQuiet();
        quiet.begin();
        var done = new CountDownLatch(1);
        waiter(quiet, done);
        assertThat(done.await(50, TimeUnit.MILLISECONDS)).isFalse();
        quiet.hurry();
        try {
            assertThat(done.await(10, TimeUnit.SECONDS)).as("returned once hurried").isTrue();
        } finally {
            quiet.calm();
        }
        var later = new CountDownLatch(1);
        waiter(quiet, later);
        assertThat(later.await(100, TimeUnit.MILLISECONDS)).as("calmed: waits for the submit again").isFalse();
        quiet.end();
        assertThat(later.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void tooManyCompletionsBehindGoOnDuringASubmitUntilNoMoreAreBehind() throws InterruptedException {
        var quiet = new SubmitQuiet();
        quiet.begin();
        for (int i = 0; i <= SubmitQuiet.MAX_DEFERRED; i++) {
            quiet.deferred();
        }
        quiet.awaitQuiet(); // more than MAX_DEFERRED behind: at once, during the submit
        var done = new CountDownLatch(1);
        Thread.ofPlatform().daemon().start(() -> { // MAX_DEFERRED behind now: the next waits for the submit
            quiet.awaitQuiet();
            done.countDown();
        });
        assertThat(done.await(100, TimeUnit.MILLISECONDS)).as("returned with MAX_DEFERRED behind").isFalse();
        quiet.end();
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    }

    /** A thread that waits for a completion, in each of the three ways, lets the completion thread go ahead. */
    @Test
    void aWaitForACompletionDuringASubmitLetsItGoOn() throws Exception {
        for (String way : List.of("get", "get with a timeout", "join")) {
            var quiet = new SubmitQuiet();
            quiet.begin(); // a submit under way until the end of the test
            var completion = quiet.completion();
            quiet.deferred();
            Thread.ofPlatform().daemon().start(() -> { // the completion thread
                quiet.awaitQuiet();
                completion.complete(null);
            });
            var waited = CompletableFuture.runAsync(() -> {
                try {
                    switch (way) {
                        case "get" -> completion.get();
                        case "join" -> completion.join();
                        default -> completion.get(1, TimeUnit.HOURS);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            waited.get(10, TimeUnit.SECONDS); // would time out: nothing else ends the submit
            assertThat(completion).as(way).isDone();
            var later = new CountDownLatch(1);
            waiter(quiet, later);
            assertThat(later.await(100, TimeUnit.MILLISECONDS)).as(way + ": calm again after the wait").isFalse();
            quiet.end();
            assertThat(later.await(10, TimeUnit.SECONDS)).isTrue();
        }
    }
}
