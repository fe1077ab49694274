package io.jsycl.internal.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.HostArray;
import io.jsycl.opencl.ClException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class StagingPoolTest {
    @Test
    void blocksArePowersOfTwoOfAtLeast64KiBSoSimilarSizesShareThem() {
        assertThat(StagingPool.capacityFor(0)).isEqualTo(64 << 10);
        assertThat(StagingPool.capacityFor(1)).isEqualTo(64 << 10);
        assertThat(StagingPool.capacityFor(64 << 10)).isEqualTo(64 << 10);
        assertThat(StagingPool.capacityFor((64 << 10) + 1)).isEqualTo(128 << 10);
        assertThat(StagingPool.capacityFor(1 << 20)).isEqualTo(1 << 20);
        assertThat(StagingPool.capacityFor((1 << 20) - 4)).isEqualTo(1 << 20);
        assertThat(StagingPool.capacityFor((1L << 32) + 1)).isEqualTo(1L << 33);
    }

    @Test
    void pinnedMemoryTheDriverRefusesReleasesTheKeptBlocksTriesOnceMoreAndThrowsTheDriversStatus() {
        Device device = TestOpenCl.device();
        try (var context = new Context(device)) {
            ContextImpl impl = ApiAccess.get().impl(context);
            StagingPool pool = impl.stagingPool();
            pool.give(pool.take(1 << 20));
            assertThat(pool.stats().keptBytes()).isEqualTo(1 << 20);
            long tooLarge = ApiAccess.get().impl(device).cl().maxMemAllocSize() * 4;
            assertThatThrownBy(() -> pool.take(tooLarge)).isInstanceOf(ClException.class).hasMessageContaining("CL_");
            assertThat(pool.stats().keptBytes()).as("the kept pinned memory went back to the driver first").isZero();
            assertThat(pool.stats().releases()).isEqualTo(1);
            pool.give(pool.take(1 << 20)); // the pool still works
            assertThat(pool.stats().keptBytes()).isEqualTo(1 << 20);
        }
    }

    @Test
    void aContextsCloseWaitsForABlockStillLentAndFreesItThroughItsOpenTransferQueue() throws Exception {
        // A transfer hands its block back on a copy thread after it completes, possibly after its buffer's close has
        // returned; a context closed at once released its transfer queue first, and freeing the late block through it
        // crashed the JVM inside the driver (clWaitForEvents on the unmap's event).
        Device device = TestOpenCl.device();
        var context = new Context(device);
        StagingPool pool = ApiAccess.get().impl(context).stagingPool();
        StagingPool.Block block = pool.take(1 << 20);
        var closing = CompletableFuture.runAsync(context::close);
        Thread.sleep(300);
        assertThat(closing).as("the close waits for the lent block").isNotDone();
        assertThat(pool.lent()).isEqualTo(1);
        pool.give(block); // as the copy thread does
        closing.get(10, TimeUnit.SECONDS);
        assertThat(pool.lent()).isZero();
        assertThat(pool.stats().releases()).as("freed once, by the close").isEqualTo(1);
        assertThat(pool.stats().keptBytes()).isZero();
    }

    @Test
    void aHostArrayTheDriverCannotPinFailsWithTheDriversStatusAndTheContextGoesOn() {
        Device device = TestOpenCl.device();
        long maxAlloc = ApiAccess.get().impl(device).cl().maxMemAllocSize();
        Assumptions.assumeTrue(maxAlloc < 8L * (Integer.MAX_VALUE - 8), "the device could pin 16 GiB at once");
        try (var context = new Context(device)) {
            assertThatThrownBy(() -> HostArray.ofDouble(context, Integer.MAX_VALUE - 8)).isInstanceOf(ClException.class)
                    .hasMessageContaining("CL_");
            try (var small = HostArray.ofDouble(context, 1000)) {
                small.set(999, 1.5);
                assertThat(small.get(999)).isEqualTo(1.5);
            }
        }
    }
}
