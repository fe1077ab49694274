package io.jsycl.opencl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Waits for an event that has been seen to end make no call into the driver, and keep its outcome; waits are timed per thread. */
class ClEventTest {
    private static final String FILL = """
            __kernel void fill(__global int* out, int value) {
                out[get_global_id(0)] = value;
            }
            """;

    @Test
    void anEventSeenToEndIsNotWaitedForAgain() {
        ClDevice device = TestPlatforms.requireDevice();
        try (var ctx = ClContext.create(List.of(device));
             var queue = ClCommandQueue.create(ctx, device, false, false);
             var program = ClProgram.createWithSource(ctx, FILL)) {
            program.build(List.of(device), null);
            try (var kernel = ClKernel.create(program, "fill");
                 var out = ClMem.createBuffer(ctx, ClMemFlags.READ_WRITE, 16 * 4, MemorySegment.NULL)) {
                kernel.setArg(0, out);
                kernel.setArgInt(1, 5);
                ClEvent launched = queue.enqueueNDRangeKernel(kernel, 1, null, new long[] {16}, null, List.of());
                long waits = ClObjects.calls("clWaitForEvents");
                launched.await();
                assertThat(ClObjects.calls("clWaitForEvents")).isEqualTo(waits + 1);
                launched.await();
                ClEvent.awaitAll(List.of(launched));
                assertThat(launched.executionStatus()).isZero();
                assertThat(ClObjects.calls("clWaitForEvents")).as("the second and third waits").isEqualTo(waits + 1);
                launched.close();
                assertThatThrownBy(launched::await).as("a closed event, ended or not")
                        .isInstanceOf(IllegalStateException.class);
            }
        }
    }

    @Test
    void aFailedEventFailsEveryWait() {
        ClDevice device = TestPlatforms.requireDevice();
        try (var ctx = ClContext.create(List.of(device)); var failed = ClEvent.userEvent(ctx)) {
            failed.setUserEventStatus(-42);
            assertThatThrownBy(failed::await).isInstanceOf(ClException.class);
            long waits = ClObjects.calls("clWaitForEvents");
            assertThatThrownBy(failed::await).isInstanceOf(ClException.class)
                    .hasMessageContaining("terminated abnormally");
            assertThatThrownBy(() -> ClEvent.awaitAll(List.of(failed))).isInstanceOf(ClException.class);
            assertThat(ClObjects.calls("clWaitForEvents")).isEqualTo(waits);
        }
    }

    @Test
    void aThreadsWaitsAreTimedForItAlone() throws Exception {
        ClDevice device = TestPlatforms.requireDevice();
        try (var ctx = ClContext.create(List.of(device)); var gate = ClEvent.userEvent(ctx)) {
            long[] setterWaited = new long[2];
            Thread waiter = Thread.currentThread();
            var setter = new Thread(() -> {
                setterWaited[0] = ClObjects.waitedNanos();
                try {
                    awaitInTheDriversWait(waiter);
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                gate.setUserEventStatus(0);
                setterWaited[1] = ClObjects.waitedNanos();
            });
            long before = ClObjects.waitedNanos();
            long start = System.nanoTime();
            setter.start();
            gate.await();
            long took = System.nanoTime() - start;
            setter.join();
            assertThat(ClObjects.waitedNanos() - before).as("this thread's wait for the gate")
                    .isGreaterThanOrEqualTo(40_000_000L).isLessThanOrEqualTo(took);
            assertThat(setterWaited[1]).as("the thread that waited for nothing").isEqualTo(setterWaited[0]);
        }
    }

    /**
     * Returns once {@code waiter} is inside {@code clWaitForEvents}, or after ten seconds: a gate set 50 ms after its
     * wait began, not after its thread began, holds that wait for 50 ms even where a loaded machine runs the waiter
     * late.
     */
    static void awaitInTheDriversWait(Thread waiter) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() - deadline < 0 && Arrays.stream(waiter.getStackTrace())
                .noneMatch(f -> f.getMethodName().equals("clWaitForEvents") && f.getClassName().endsWith(".cl_h"))) {
            Thread.sleep(1);
        }
    }
}
