package io.jsycl.tests.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * The watchdog itself: a hanging test fails within its limit with the stuck thread's stack, its stack dump names a
 * thread stuck in a wait, and a test within its limit passes through.
 */
class WatchdogTest {
    private static volatile boolean launchedHere;

    /** A test that never ends; runs only when {@link #aHangingTestFailsWithinItsLimitAndNamesWhereItHung} starts it. */
    static class HangingFixture {
        @Test
        @Watchdog.Limit(seconds = 1)
        void waitsForever() throws InterruptedException {
            Assumptions.assumeTrue(launchedHere, "started only by WatchdogTest");
            new CountDownLatch(1).await();
        }
    }

    @Test
    @Watchdog.Limit(seconds = 30)
    void aHangingTestFailsWithinItsLimitAndNamesWhereItHung() {
        launchedHere = true;
        var summary = new SummaryGeneratingListener();
        long start = System.nanoTime();
        try {
            LauncherFactory.create().execute(
                    LauncherDiscoveryRequestBuilder.request().selectors(selectClass(HangingFixture.class)).build(),
                    summary);
        } finally {
            launchedHere = false;
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(summary.getSummary().getTestsFailedCount()).isEqualTo(1);
        Throwable failure = summary.getSummary().getFailures().getFirst().getException();
        assertThat(failure).isInstanceOf(AssertionError.class)
                .hasMessageContaining("waitsForever hung: still running after 1 s")
                .hasMessageContaining("CountDownLatch.await");
        assertThat(millis).isLessThan(10_000);
    }

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
