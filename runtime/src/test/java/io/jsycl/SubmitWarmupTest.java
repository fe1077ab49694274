package io.jsycl;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.opencl.ClObjects;
import io.jsycl.opencl.ClObjects.Kind;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The submit-path warm-up on this machine's first OpenCL device: it runs its kernels through the public submit path,
 * one launch a submit, closes its queues and events, stops at its submit count or its time limit, keeps its failures
 * to itself, and starts once per process, only where the settings select the device. The build runs tests with
 * {@code jsycl.warmup=off}, so that no other test meets a warm-up's launches.
 */
class SubmitWarmupTest {
    @AfterEach
    void restore() {
        System.setProperty("jsycl.warmup", "off");
        System.clearProperty("jsycl.outOfOrderQueues");
        System.clearProperty("jsycl.profile");
    }

    /** The device a program's default queue gets (a GPU where there is one, or JSYCL_DEVICE's), if not the host. */
    private static Device openClDevice() {
        Device chosen = Device.select(DeviceSelector.DEFAULT);
        return !chosen.isHost() ? chosen : Device.all().stream().filter(d -> !d.isHost()).findFirst()
                .orElseThrow(() -> new AssertionError("the tests need an OpenCL device (PoCL's CPU device will do)"));
    }

    @Test
    void runsItsSubmitsOneLaunchEachAndClosesWhatItMade() throws InterruptedException {
        Device device = openClDevice();
        SubmitWarmup.run(device, 8, Long.MAX_VALUE); // builds the kernels, so that the counts below are launches only
        long queues = ClObjects.live(Kind.COMMAND_QUEUE);
        long events = ClObjects.live(Kind.EVENT);
        long launches = ClObjects.calls("clEnqueueNDRangeKernel");

        var outcome = SubmitWarmup.run(device, 100, Long.MAX_VALUE);

        assertThat(outcome.failure()).isNull();
        // A turn on buffers made from arrays submits twice, so the last turn may end one past the count.
        assertThat(outcome.submits()).isBetween(100, 101);
        assertThat(outcome.nanos()).isPositive();
        assertThat(ClObjects.calls("clEnqueueNDRangeKernel") - launches).isEqualTo(outcome.submits());
        assertThat(ClObjects.live(Kind.COMMAND_QUEUE)).as("its two queues closed").isEqualTo(queues);
        // An event whose Java object is garbage is released by a cleaner after a collection.
        for (int i = 0; i < 100 && ClObjects.live(Kind.EVENT) > events; i++) {
            System.gc();
            Thread.sleep(50);
        }
        assertThat(ClObjects.live(Kind.EVENT)).as("every event released").isLessThanOrEqualTo(events);
        assertThat(SubmitWarmup.last()).isEqualTo(outcome);
    }

    @Test
    void takesAProgramsFirstsAllThroughItsRun() {
        Device device = openClDevice();
        SubmitWarmup.run(device, 8, Long.MAX_VALUE);
        long launches = ClObjects.calls("clEnqueueNDRangeKernel");

        // Past turn 968 (some turns submit twice): turns 328 and 840 run on threads of their own, 456 and 968 submit
        // kernels of new lambda classes over buffers no kernel has read yet.
        var outcome = SubmitWarmup.run(device, 1100, Long.MAX_VALUE);

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.firsts()).isEqualTo(4);
        assertThat(ClObjects.calls("clEnqueueNDRangeKernel") - launches).isEqualTo(outcome.submits());
    }

    @Test
    void stopsAtItsTimeLimit() {
        Device device = openClDevice();
        // Its kernels built first: a build inside the limit (PoCL 5 on a GPU host busy with other test JVMs took all
        // of 300 ms) would leave no time for a submit.
        SubmitWarmup.run(device, 8, Long.MAX_VALUE);
        long start = System.nanoTime();
        var outcome = SubmitWarmup.run(device, Integer.MAX_VALUE, Duration.ofMillis(300).toNanos());
        long elapsed = System.nanoTime() - start;

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.submits()).isPositive().isLessThan(Integer.MAX_VALUE);
        assertThat(Duration.ofNanos(elapsed)).as("stopped near its limit").isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aFailureEndsItWithoutThrowing() {
        System.setProperty("jsycl.outOfOrderQueues", "sometimes"); // its queues cannot be made

        var outcome = SubmitWarmup.run(openClDevice(), 100, Long.MAX_VALUE);

        assertThat(outcome.submits()).isZero();
        assertThat(outcome.failure()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("JSYCL_OUT_OF_ORDER_QUEUES");
    }

    @Test
    void startsOncePerProcessOnADeviceTheSettingsSelect() throws InterruptedException {
        Device device = openClDevice();
        assertThat(SubmitWarmup.startFor(device)).as("jsycl.warmup=off").isNull();
        assertThat(SubmitWarmup.startFor(Device.host())).as("never on the host device").isNull();
        System.setProperty("jsycl.warmup", "on");
        assertThat(SubmitWarmup.startFor(Device.host())).as("never on the host device").isNull();
        System.setProperty("jsycl.profile", "on");
        assertThat(SubmitWarmup.startFor(device)).as("never in a profiled run").isNull();
        System.clearProperty("jsycl.profile");

        Thread thread = SubmitWarmup.startFor(device);

        assertThat(thread).isNotNull();
        assertThat(thread.isDaemon()).as("never holds the JVM's exit").isTrue();
        assertThat(SubmitWarmup.startFor(device)).as("once per process").isNull();
        try (var queue = new Queue(device)) {
            assertThat(queue.device()).isEqualTo(device);
            assertThat(SubmitWarmup.startFor(device)).as("a queue starts none either").isNull();
        }
        thread.join(Duration.ofMinutes(2));
        assertThat(thread.isAlive()).as("ended within its time limit").isFalse();
        assertThat(SubmitWarmup.last().failure()).isNull();
        assertThat(SubmitWarmup.last().submits()).isPositive();
    }
}
