package io.jsycl.tests.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.samples.SumReduction;
import io.jsycl.tests.TestDevices;
import java.util.ArrayList;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SumReductionTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void sumMinMaxAndOrMatchJava(Device device) {
        int n = 100_003;
        var random = new Random(4);
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = random.nextInt(1 << 16) - (1 << 15);
        }
        var events = new ArrayList<Event>();
        try (var q = new Queue(device)) {
            assertThat(SumReduction.reduce(q, data, events)).isEqualTo(SumReduction.reduceInJava(data));
        }
        assertThat(events).hasSize(4);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void sumWrapsOnOverflowLikeJava(Device device) {
        int[] data = new int[1000];
        java.util.Arrays.fill(data, Integer.MAX_VALUE / 100);
        int expected = 0;
        for (int v : data) {
            expected += v;
        }
        try (var q = new Queue(device)) {
            assertThat(SumReduction.sum(q, data)).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void singleElementAndOddSizes(Device device) {
        try (var q = new Queue(device)) {
            assertThat(SumReduction.reduce(q, new int[] {-7}, new ArrayList<>()))
                    .isEqualTo(new SumReduction.Results(-7, -7, -7, -7));
            int[] odd = new int[257];
            for (int i = 0; i < odd.length; i++) {
                odd[i] = 1 << (i % 31);
            }
            assertThat(SumReduction.reduce(q, odd, new ArrayList<>())).isEqualTo(SumReduction.reduceInJava(odd));
        }
    }
}
