package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.internal.event.WaitWatch;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * {@link WaitWatch}: a thread's waits reuse one watch: a wait that lasts is named as the wait it is now, not as an earlier one of the
 * thread; a wait inside a wait is watched on its own and ends with its close; the watch of a thread that has ended is
 * dropped. {@code JSYCL_WAIT_WARN} is 0.2 s here.
 */
@Isolated
class WaitWatchTest {
    private final WaitWarnings capture = new WaitWarnings();
    private final List<String> warnings = capture.messages();

    @BeforeEach
    void warnAfterAFifthOfASecond() {
        capture.start("0.2");
    }

    @AfterEach
    void restore() {
        capture.close();
    }

    @Test
    void aLastingWaitIsNamedAsTheWaitItIsNow() throws Exception {
        for (int i = 0; i < 1000; i++) {
            try (var quick = WaitWatch.start(() -> "a quick wait", "no cause")) {
                assertThat(quick).isNotNull();
            }
        }
        try (var lasting = WaitWatch.start(() -> "the lasting wait", "its cause")) {
            Thread.sleep(700);
        }
        assertThat(warnings).isNotEmpty().allSatisfy(w -> assertThat(w).contains("the lasting wait", "its cause")
                .contains("thread '" + Thread.currentThread().getName() + "'").doesNotContain("quick"));
        warnings.clear();
        try (var quick = WaitWatch.start(() -> "a quick wait", "no cause")) {
            Thread.sleep(50);
        }
        Thread.sleep(450);
        assertThat(warnings).as("an ended wait warns no more, and a short one not at all").isEmpty();
    }

    @Test
    void aWaitInsideAWaitIsWatchedOnItsOwn() throws Exception {
        int before = WaitWatch.registered();
        try (var outer = WaitWatch.start(() -> "the outer wait", "outer")) {
            assertThat(WaitWatch.registered()).isEqualTo(before + 1);
            try (var inner = WaitWatch.start(() -> "the inner wait", "inner")) {
                assertThat(inner).isNotSameAs(outer);
                assertThat(WaitWatch.registered()).isEqualTo(before + 2);
                Thread.sleep(700);
            }
            assertThat(WaitWatch.registered()).isEqualTo(before + 1);
        }
        assertThat(WaitWatch.registered()).isEqualTo(before);
        assertThat(warnings).anySatisfy(w -> assertThat(w).contains("the outer wait"))
                .anySatisfy(w -> assertThat(w).contains("the inner wait"));
    }

    @Test
    void theWatchOfAThreadThatHasEndedIsDropped() throws Exception {
        // The waiter stays alive until its watch has been seen: the watching thread may drop a watch as soon as its
        // thread has ended, so it is looked for while the thread lives.
        var waited = new CountDownLatch(1);
        var release = new CountDownLatch(1);
        Thread waiter = Thread.ofPlatform().start(() -> {
            try (var w = WaitWatch.start(() -> "a wait on another thread", "none")) {
                assertThat(w).isNotNull();
            }
            waited.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertThat(waited.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(WaitWatch.watches(waiter)).as("a living thread's watch is kept").isTrue();
        release.countDown();
        waiter.join();
        // The watching thread looks at the watches when a wait starts and five times a second while one lasts.
        // A loaded machine may delay a look: the test waits up to ten seconds for it, not a fixed time.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        try (var w = WaitWatch.start(() -> "a wait here", "none")) {
            while (WaitWatch.watches(waiter) && System.nanoTime() - deadline < 0) {
                Thread.sleep(50);
            }
        }
        assertThat(WaitWatch.watches(waiter)).as("an ended thread's watch is dropped").isFalse();
        assertThat(WaitWatch.watches(Thread.currentThread())).isTrue();
    }
}
