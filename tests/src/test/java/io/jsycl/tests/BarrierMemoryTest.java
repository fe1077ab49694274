package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Work-items of a group exchange data through memory across a barrier: what one writes before the barrier, another
 * reads after it. Each kernel's accessors are over different buffers, the case where a launch would otherwise declare
 * them {@code restrict}, which let NVIDIA's compiler move loads and stores across the barrier.
 */
class BarrierMemoryTest {
    private static final int GROUP = 128;
    private static final int GROUPS = 40;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void globalMemoryWrittenBeforeABarrierIsReadByTheNeighbourAfterIt(Device device) {
        int n = GROUP * GROUPS;
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = i * 7 + 3;
        }
        int[] scratch = new int[n];
        int[] out = new int[n];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bs = Buffer.of(scratch); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var s = bs.readWrite(h);
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(GROUP)), it -> {
                    int g = it.globalId(0);
                    int base = g - it.localId(0);
                    s.set(g, a.get(g) * 3);
                    it.barrier();
                    int neighbour = base + (it.localId(0) + 1) % GROUP;
                    o.set(g, s.get(neighbour) + 1);
                    it.barrier();
                    s.set(neighbour, 0);
                });
            });
        }
        for (int g = 0; g < n; g++) {
            int base = g - g % GROUP;
            int neighbour = base + (g % GROUP + 1) % GROUP;
            assertThat(out[g]).as("out[%d]", g).isEqualTo(in[neighbour] * 3 + 1);
            assertThat(scratch[g]).as("scratch[%d]", g).isZero();
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void localMemoryZeroedBeforeABarrierCountsEveryAtomicAfterIt(Device device) {
        int n = 1000;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = (i * 31) % 64;
        }
        int[] perGroup = new int[GROUPS * 64];
        try (var q = new Queue(device); var bd = Buffer.of(data); var bp = Buffer.of(perGroup)) {
            q.submit(h -> {
                var d = bd.read(h);
                var p = bp.write(h);
                var local = LocalAccessor.ofInt(h, 64);
                h.parallelFor(NdRange.of(Range.of(GROUPS * 64), Range.of(64)), it -> {
                    int lid = it.localId(0);
                    local.set(lid, 0);
                    it.barrier();
                    for (int i = lid; i < n; i += 64) {
                        local.atomicAdd(d.get(i), 1);
                    }
                    it.barrier();
                    p.set(it.globalId(0), local.get(lid));
                });
            });
        }
        int[] expected = new int[64];
        for (int v : data) {
            expected[v]++;
        }
        for (int i = 0; i < perGroup.length; i++) {
            assertThat(perGroup[i]).as("group %d bin %d", i / 64, i % 64).isEqualTo(expected[i % 64]);
        }
    }
}
