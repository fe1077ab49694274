package io.jsycl.internal.launch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReductionsTest {
    @Test
    void aCheckedReductionOverNearlyTwoToThe31ItemsGetsAGlobalSizeAnIntHolds() {
        // One work-item per item would be 2^31 work-items, which wrapped to a negative extent; the kernel strides over
        // whatever the global size leaves, so the launch stops at the largest whole number of groups an int holds.
        var range = Reductions.globalSize(null, Integer.MAX_VALUE, 256, true);
        assertThat(range.get(0)).isPositive().isEqualTo(Integer.MAX_VALUE / 256 * 256);
        assertThat(Reductions.globalSize(null, 1000, 256, true).get(0)).isEqualTo(1024);
    }
}
