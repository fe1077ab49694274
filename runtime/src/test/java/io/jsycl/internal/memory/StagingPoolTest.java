package io.jsycl.internal.memory;

import static org.assertj.core.api.Assertions.assertThat;

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
}
