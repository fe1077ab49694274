package io.jsycl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClDevice;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ColdSubmit's measurement on the first OpenCL device (PoCL in CI): every path runs its warm and cold runs, each
 * timed, the eviction writes every cache line of its array, and the outputs stay plain Java's. No timing is
 * asserted beyond its being measured.
 */
class ColdSubmitTest {
    @Test
    void everyPathRunsWarmAndColdAndKeepsJavasOutput() {
        Device device = Sweep.device(null);
        ClDevice clDevice = Suite.match(device);
        var op = new GridOp.Conv3(37);
        float[] input = GridKernels.input(op);
        var ways = new ArrayList<GridKernels.Way>();
        int runs = 3;
        try (var context = new Context(device);
             var q = new Queue(context, device);
             var inOrder = new Queue(context, device, QueueProperty.IN_ORDER);
             var profiling = new Queue(context, device, QueueProperty.ENABLE_PROFILING);
             var cl = new RawCl(clDevice);
             var plain = ClCommandQueue.create(cl.context, clDevice, false, false);
             var arena = Arena.ofShared();
             var jsyclIn = Buffer.of(input, op.shape());
             var rawIn = cl.upload(arena, input)) {
            try {
                ways.add(new GridKernels.JsyclWay("jsycl", op, q, profiling, jsyclIn, 2 * runs));
                ways.add(new GridKernels.RawWay("hand-written 32x8", true, op, cl, plain, arena, rawIn, null, "grid",
                        op.extent(), new long[] {32, 8}, 2 * runs));
                long[] junk = new long[1 << 14];
                ColdSubmit.Timings t = ColdSubmit.measure(ways, runs, junk);
                for (long[][] kind : List.of(t.warm(), t.cold())) {
                    assertThat(kind).hasDimensions(2, runs);
                    for (long[] path : kind) {
                        assertThat(java.util.Arrays.stream(path).min().orElseThrow()).isPositive();
                    }
                }
                // Every line written once per cold run, with the run's index: line values 0 + 1 + 2 per path.
                assertThat(junk[0]).isEqualTo(2L * (0 + 1 + 2));
                assertThat(junk[8]).isEqualTo(junk[0]);
                assertThat(junk[1]).isZero();
                GridKernels.check(op, input, ways);
                assertThat(ways).allSatisfy(way -> assertThat(way.check).as(way.name).startsWith("ok"));
            } finally {
                ways.forEach(GridKernels.Way::close);
            }
        }
        assertThat(ColdSubmit.quartiles(new long[] {4000, 1000, 3000, 2000})).containsExactly(2.0, 3.0, 4.0);
    }
}
