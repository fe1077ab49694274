package io.jsycl.internal.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Range;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostItemTest {
    @Test
    void countingOnGivesTheIdsADivisionOfTheLinearIdGives() {
        for (Range range : List.of(Range.of(7), Range.of(3, 5), Range.of(2, 3, 4), Range.of(1, 1, 6))) {
            var counted = new HostExecutor.HostItem(range);
            var divided = new HostExecutor.HostItem(range);
            counted.moveTo(2); // a chunk that starts inside the range, as the pool's chunks do
            for (long linear = 2; linear < range.size(); linear++) {
                divided.moveTo(linear);
                assertThat(counted.linearId()).isEqualTo(linear);
                assertThat(counted.ids()).as("%s at %d", range, linear).containsExactly(divided.ids());
                counted.next();
            }
        }
    }
}
