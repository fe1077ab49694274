package io.jsycl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The host device runs the lambda itself, in parallel, with every accessor index checked. */
class HostDeviceTest {
    @Test
    void everyItemRunsExactlyOnceWithItsIndices() {
        int n = 40;
        int m = 30;
        int k = 20;
        var seen = ConcurrentHashMap.<Long>newKeySet();
        int[] out = new int[n * m * k];
        try (var q = new Queue(Device.host()); var buf = Buffer.of(out, Range.of(n, m, k))) {
            q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(n, m, k), it -> {
                    assertThat(seen.add(it.linearId())).isTrue();
                    o.set(it.id(0), it.id(1), it.id(2), (it.id(0) * m + it.id(1)) * k + it.id(2));
                });
            });
        }
        assertThat(seen).hasSize(n * m * k);
        for (int i = 0; i < out.length; i++) {
            assertThat(out[i]).isEqualTo(i);
        }
    }

    @Test
    void outOfRangeIndexFailsTheEventNotTheJvm() {
        int[] data = new int[8];
        try (var q = new Queue(Device.host()); var buf = Buffer.of(data, Range.of(2, 4))) {
            Event e = q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(2, 4), it -> o.set(it.id(0), it.id(1) + 1, 1));
            });
            assertThatThrownBy(e::await).isInstanceOf(IndexOutOfBoundsException.class);
            assertThat(e.status()).isEqualTo(Event.Status.FAILED);
            assertThatThrownBy(q::await).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @Test
    void writingThroughAReadAccessorIsAnError() {
        int[] data = new int[4];
        try (var q = new Queue(Device.host()); var buf = Buffer.of(data)) {
            Event e = q.submit(h -> {
                var o = buf.read(h);
                h.parallelFor(Range.of(4), it -> o.set(it.id(0), 1));
            });
            assertThatThrownBy(e::await).hasMessageContaining("write through a read accessor");
        }
        assertThat(data).containsOnly(0);
    }

    @Test
    void hostAtomicsAreAtomic() {
        int[] counter = new int[1];
        try (var q = new Queue(Device.host()); var buf = Buffer.of(counter)) {
            q.submit(h -> {
                var c = buf.readWrite(h);
                h.parallelFor(Range.of(100_000), it -> c.atomicAdd(0, 1));
            });
        }
        assertThat(counter[0]).isEqualTo(100_000);
    }

    @Test
    void shapeMustMatchTheArray() {
        assertThatThrownBy(() -> Buffer.of(new float[10], Range.of(3, 3)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shape Range[3, 3] holds 9 elements but the array has 10");
    }
}
