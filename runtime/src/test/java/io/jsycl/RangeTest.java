package io.jsycl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RangeTest {
    @Test
    void sizeIsTheProductOfExtents() {
        assertThat(Range.of(7).size()).isEqualTo(7);
        assertThat(Range.of(3, 5).size()).isEqualTo(15);
        assertThat(Range.of(65536, 65536, 2).size()).isEqualTo(65536L * 65536 * 2);
        assertThat(Range.of(3, 5).dimensions()).isEqualTo(2);
    }

    @Test
    void negativeExtentIsRejectedWithItsValue() {
        assertThatThrownBy(() -> Range.of(4, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("extent 1 < 0: -1");
    }

    @Test
    void dimensionOutOfRangeNamesIt() {
        assertThatThrownBy(() -> Range.of(4).get(1)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("dimension 1 of a 1-D range");
    }

    @Test
    void equalRangesAreEqual() {
        assertThat(Range.of(2, 3)).isEqualTo(Range.of(2, 3)).hasSameHashCodeAs(Range.of(2, 3));
        assertThat(Range.of(2, 3)).isNotEqualTo(Range.of(3, 2));
        assertThat(Id.of(1, 2, 3).get(2)).isEqualTo(3);
    }

    @Test
    void aRangeWhoseItemCountOverflowsALongIsRejectedWithItsExtents() {
        assertThatThrownBy(() -> Range.of(1 << 30, 1 << 30, 16)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Range 1073741824 x 1073741824 x 16")
                .hasMessageContaining("2^63 - 1");
        assertThatThrownBy(() -> Range.of(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Range.of(Integer.MAX_VALUE, Integer.MAX_VALUE, 2).size()).isEqualTo(2L * Integer.MAX_VALUE * Integer.MAX_VALUE);
    }
}
