package io.jsycl.internal.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.opencl.ClException;
import org.junit.jupiter.api.Test;

class DevicePoolTest {
    @Test
    void sizesRoundUpToQuarterStepsBetweenPowersOfTwoOfAtLeast4KiB() {
        assertThat(DevicePool.capacityFor(1)).isEqualTo(4 << 10);
        assertThat(DevicePool.capacityFor(4 << 10)).isEqualTo(4 << 10);
        assertThat(DevicePool.capacityFor((4 << 10) + 1)).isEqualTo(5 << 10);
        assertThat(DevicePool.capacityFor(1 << 20)).isEqualTo(1 << 20);
        assertThat(DevicePool.capacityFor((1 << 20) + 1)).isEqualTo((1 << 20) + (1 << 18));
        assertThat(DevicePool.capacityFor(3 << 20)).isEqualTo(3 << 20);
        assertThat(DevicePool.capacityFor((7 << 20) + 1)).isEqualTo(8 << 20);
        long fourGib = 1L << 32;
        assertThat(DevicePool.capacityFor(fourGib + 1)).isEqualTo(fourGib + (fourGib >> 2));
        for (long bytes = 1; bytes < (1L << 34); bytes = bytes * 3 + 7) {
            long c = DevicePool.capacityFor(bytes);
            assertThat(c).as("class of " + bytes).isGreaterThanOrEqualTo(bytes).isLessThanOrEqualTo(Math.max(4096,
                    bytes + bytes / 4 + 1));
        }
    }

    @Test
    void blocksComeBackForTheSameClassAndTheLimitReleasesTheRest() {
        Device device = TestOpenCl.device();
        try (var context = new Context(device)) {
            ContextImpl impl = ApiAccess.get().impl(context);
            DevicePool pool = new DevicePool(impl, 96 << 10);
            DevicePool.Block a = pool.take(60 << 10, false);
            DevicePool.Block b = pool.take(60 << 10, false);
            pool.give(a);
            pool.give(b); // 128 KiB would pass the 96 KiB limit: the block kept longest, a, goes back to the driver
            assertThat(pool.stats()).isEqualTo(new KeptBlocks.Stats(2, 0, 1, 64 << 10, 96 << 10));
            assertThat(pool.take(57 << 10, false)).as("57 KiB: the class of 60 KiB, 64 KiB").isSameAs(b);
            DevicePool.Block other = pool.take(200 << 10, false);
            assertThat(other).isNotSameAs(b);
            pool.give(b);
            pool.give(other); // 200 KiB alone passes the limit: released, b stays
            assertThat(pool.stats().keptBytes()).isEqualTo(64 << 10);
            assertThat(pool.take(60 << 10, false)).isSameAs(b);
            pool.give(b);
            pool.close();
            assertThat(pool.stats().keptBytes()).isZero();
        }
    }

    @Test
    void anAllocationTheDriverRefusesReleasesTheKeptBlocksTriesOnceMoreAndThrowsTheDriversStatus() {
        Device device = TestOpenCl.device();
        try (var context = new Context(device)) {
            ContextImpl impl = ApiAccess.get().impl(context);
            DevicePool pool = new DevicePool(impl, 1L << 30);
            pool.give(pool.take(1 << 20, false));
            assertThat(pool.stats().keptBytes()).isEqualTo(1 << 20);
            long tooLarge = ApiAccess.get().impl(device).cl().maxMemAllocSize() * 4;
            assertThatThrownBy(() -> pool.take(tooLarge, false)).isInstanceOf(ClException.class)
                    .hasMessageContaining("CL_");
            assertThat(pool.stats().keptBytes()).as("the kept memory went back to the driver first").isZero();
            assertThat(pool.stats().releases()).isEqualTo(1);
            // The pool still works.
            pool.give(pool.take(1 << 20, false));
            assertThat(pool.stats().keptBytes()).isEqualTo(1 << 20);
            pool.close();
        }
    }
}
