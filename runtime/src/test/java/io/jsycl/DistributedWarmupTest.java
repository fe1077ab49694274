package io.jsycl;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.opencl.ClObjects;
import io.jsycl.opencl.ClObjects.Kind;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The distributed warm-up over one OpenCL device taken twice (two contexts, as a DistributedQueue over two GPUs has):
 * it runs its steps through the public DistributedQueue, releases what it made, stops at its submit count or its time
 * limit, keeps its failures to itself, and starts once per process, only where {@code JSYCL_DISTRIBUTED_WARMUP} asks
 * and over several devices.
 */
class DistributedWarmupTest {
    @AfterEach
    void restore() {
        System.clearProperty("jsycl.distributedWarmup");
        System.clearProperty("jsycl.warmupSubmits");
        System.clearProperty("jsycl.movesQueue");
        System.clearProperty("jsycl.profile");
    }

    private static List<Device> twoContextsOfOneDevice() {
        Device d = Device.all().stream().filter(x -> !x.isHost()).findFirst()
                .orElseThrow(() -> new AssertionError("the tests need an OpenCL device (PoCL's CPU device will do)"));
        return List.of(d, d);
    }

    @Test
    void runsItsStepsAndReleasesWhatItMade() {
        List<Device> devices = twoContextsOfOneDevice();
        DistributedWarmup.run(devices, 8, Long.MAX_VALUE); // builds its kernels
        long contexts = ClObjects.live(Kind.CONTEXT);
        long queues = ClObjects.live(Kind.COMMAND_QUEUE);
        long mems = ClObjects.live(Kind.MEM);
        long launches = ClObjects.calls("clEnqueueNDRangeKernel");
        long reads = ClObjects.calls("clEnqueueReadBuffer");

        var outcome = DistributedWarmup.run(devices, 3 * DistributedWarmup.BATCH, Long.MAX_VALUE);

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.submits()).isEqualTo(3 * DistributedWarmup.BATCH);
        assertThat(ClObjects.calls("clEnqueueNDRangeKernel") - launches).as("a launch or more on each device a submit")
                .isGreaterThanOrEqualTo(2L * outcome.submits());
        assertThat(ClObjects.calls("clEnqueueReadBuffer") - reads).as("halo rows and replicated reads moved")
                .isPositive();
        assertThat(ClObjects.live(Kind.CONTEXT)).as("its contexts released").isEqualTo(contexts);
        assertThat(ClObjects.live(Kind.COMMAND_QUEUE)).as("its queues released").isEqualTo(queues);
        assertThat(ClObjects.live(Kind.MEM)).as("its buffers released").isLessThanOrEqualTo(mems);
    }

    @Test
    void stopsAtItsTimeLimit() {
        List<Device> devices = twoContextsOfOneDevice();
        DistributedWarmup.run(devices, 8, Long.MAX_VALUE); // its kernels built first, outside the limit
        long start = System.nanoTime();

        var outcome = DistributedWarmup.run(devices, Integer.MAX_VALUE, Duration.ofMillis(300).toNanos());

        assertThat(outcome.failure()).isNull();
        assertThat(outcome.submits()).isPositive().isLessThan(Integer.MAX_VALUE);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("stopped near its limit")
                .isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void aFailureEndsItWithoutThrowing() {
        System.setProperty("jsycl.movesQueue", "sometimes"); // its DistributedQueue cannot be made

        var outcome = DistributedWarmup.run(twoContextsOfOneDevice(), 100, Long.MAX_VALUE);

        assertThat(outcome.submits()).isZero();
        assertThat(outcome.failure()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("JSYCL_MOVES_QUEUE");
    }

    @Test
    void startsOncePerProcessWhereAskedOverSeveralDevices() throws InterruptedException {
        List<Device> devices = twoContextsOfOneDevice();
        assertThat(DistributedWarmup.startFor(devices)).as("off by default").isNull();
        System.setProperty("jsycl.distributedWarmup", "on");
        System.setProperty("jsycl.warmupSubmits", "64");
        assertThat(DistributedWarmup.startFor(devices.subList(0, 1))).as("never over one device").isNull();
        System.setProperty("jsycl.profile", "on");
        assertThat(DistributedWarmup.startFor(devices)).as("never in a profiled run").isNull();
        System.clearProperty("jsycl.profile");

        Thread thread = DistributedWarmup.startFor(devices);

        assertThat(thread).isNotNull();
        assertThat(thread.isDaemon()).as("never holds the JVM's exit").isTrue();
        assertThat(DistributedWarmup.startFor(devices)).as("once per process").isNull();
        thread.join(Duration.ofSeconds(60));
        assertThat(thread.isAlive()).as("ended after its 64 submits").isFalse();
    }
}
