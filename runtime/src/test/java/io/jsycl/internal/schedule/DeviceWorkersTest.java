package io.jsycl.internal.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;

/** The per-device threads of a DistributedQueue's submit, with real threads. */
class DeviceWorkersTest {
    /** Every piece waits at one barrier for all the others: the call returns only if they all ran at once. */
    @Test
    void thePiecesRunAtOnceDeviceZeroOnTheCallingThread() {
        try (var workers = new DeviceWorkers("test-at-once", 4)) {
            var barrier = new CyclicBarrier(4);
            var threads = new AtomicReferenceArray<Thread>(4);
            workers.each(k -> true, k -> {
                threads.set(k, Thread.currentThread());
                try {
                    barrier.await(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException("device " + k + " did not meet the others", e);
                }
            });
            assertThat(threads.get(0)).isSameAs(Thread.currentThread());
            var names = new ArrayList<String>();
            for (int k = 1; k < 4; k++) {
                names.add(threads.get(k).getName());
            }
            assertThat(names).containsExactly("test-at-once-1", "test-at-once-2", "test-at-once-3");
        }
    }

    /** Only the devices the predicate accepts run; what the pieces wrote is seen by the caller after the call. */
    @Test
    void onlyTheAcceptedDevicesRunAndTheirWritesAreSeenAfterTheCall() {
        try (var workers = new DeviceWorkers("test-accepted", 5)) {
            int[] wrote = new int[5]; // plain writes: the call's join publishes them
            for (int round = 1; round <= 200; round++) {
                int r = round;
                workers.each(k -> k % 2 == 0, k -> wrote[k] = r * 10 + k);
                assertThat(wrote).containsExactly(r * 10, 0, r * 10 + 2, 0, r * 10 + 4);
            }
        }
    }

    /** A device's pieces run in call order, on one thread while calls come close together. */
    @Test
    void oneDevicesPiecesRunInOrderOnOneThread() {
        try (var workers = new DeviceWorkers("test-order", 2)) {
            var seen = new CopyOnWriteArrayList<Integer>();
            var threads = ConcurrentHashMap.<Thread>newKeySet();
            for (int i = 0; i < 1000; i++) {
                int call = i;
                workers.each(k -> k == 1, k -> {
                    seen.add(call);
                    threads.add(Thread.currentThread());
                });
            }
            assertThat(seen).hasSize(1000).isSorted();
            assertThat(threads).hasSize(1);
        }
    }

    /**
     * Pieces that throw do not stop the others: the call throws the first failure in device order, as it was thrown,
     * once every piece has ended.
     */
    @Test
    void theFirstFailureInDeviceOrderIsThrownOnceEveryPieceHasEnded() {
        try (var workers = new DeviceWorkers("test-failures", 4)) {
            var slowEnded = new AtomicBoolean();
            var two = new IllegalArgumentException("device 2 failed");
            assertThatThrownBy(() -> workers.each(k -> true, k -> {
                switch (k) {
                    case 1 -> {
                        sleep(200);
                        slowEnded.set(true);
                    }
                    case 2 -> throw two;
                    case 3 -> throw new IllegalStateException("device 3 failed");
                    default -> { }
                }
            })).isSameAs(two);
            assertThat(slowEnded).as("the slow piece ended before the throw").isTrue();

            var error = new AssertionError("device 0's error");
            assertThatThrownBy(() -> workers.each(k -> true, k -> {
                if (k == 0) {
                    throw error;
                }
                throw new IllegalStateException("device " + k);
            })).isSameAs(error);

            // the workers still run pieces after their failures
            var ran = new AtomicInteger();
            workers.each(k -> true, k -> ran.incrementAndGet());
            assertThat(ran).hasValue(4);
        }
    }

    /** A checked exception thrown past the compiler by a piece is reported, with the device, not lost. */
    @Test
    void aCheckedExceptionThrownPastTheCompilerIsReportedWithItsDevice() {
        try (var workers = new DeviceWorkers("test-checked", 3)) {
            var io = new java.io.IOException("device 2's read failed");
            assertThatThrownBy(() -> workers.each(k -> true, k -> {
                if (k == 2) {
                    DeviceWorkersTest.<RuntimeException>sneaky(io);
                }
            })).isInstanceOf(IllegalStateException.class).hasMessage("device 2's part failed").hasCause(io);
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> void sneaky(Throwable t) throws E {
        throw (E) t;
    }

    /** A caller interrupted during the join still waits for the pieces, then keeps its interrupt. */
    @Test
    void anInterruptDuringTheJoinWaitsForThePiecesAndIsKept() {
        try (var workers = new DeviceWorkers("test-interrupt", 2)) {
            var ended = new AtomicBoolean();
            Thread caller = Thread.currentThread();
            workers.each(k -> true, k -> {
                if (k == 1) {
                    caller.interrupt();
                    sleep(300);
                    ended.set(true);
                }
            });
            assertThat(ended).isTrue();
            assertThat(Thread.interrupted()).as("the interrupt kept, and cleared here").isTrue();
        }
    }

    /** Close ends the threads at once; no thread of the workers is left running. */
    @Test
    void closeEndsTheThreads() throws InterruptedException {
        var workers = new DeviceWorkers("test-close", 3);
        var threads = new CopyOnWriteArrayList<Thread>();
        workers.each(k -> true, k -> {
            if (k > 0) {
                threads.add(Thread.currentThread());
            }
        });
        assertThat(threads).hasSize(2);
        workers.close();
        for (Thread t : List.copyOf(threads)) {
            t.join(5_000);
            assertThat(t.isAlive()).as(t.getName()).isFalse();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
