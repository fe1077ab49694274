package io.jsycl.tests.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The watchdog itself: its stack dump names a thread stuck in a wait, and a test within its limit passes through. */
class WatchdogTest {

    @Test
    void stackDumpShowsAThreadBlockedInAWait() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        Thread stuck = Thread.ofPlatform().daemon().name("stuck-on-latch").start(() -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            while (stuck.getState() != Thread.State.WAITING) {
                Thread.sleep(5);
            }
            assertThat(Watchdog.allStacks()).contains("\"stuck-on-latch\" WAITING").contains("CountDownLatch.await");
        } finally {
            never.countDown();
        }
    }

    @Test
    @Watchdog.Limit(seconds = 5)
    void aTestWithinItsLimitRunsOnTheWatchdogThread() {
        assertThat(Thread.currentThread().getName()).startsWith("watchdog-test");
    }
}
