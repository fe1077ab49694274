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
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * GridKernels' ways give plain Java's output bit for bit, run after run, on the first OpenCL device (PoCL in CI): the
 * jsycl kernels, and the hand-written twins (one of them built in its first run) over a global size rounded up to
 * their work-groups, at edges that are no multiple of any work-group extent (so the twins' bounds checks and the
 * kernels' borders are exercised), and the tiled transpose at an edge of whole tiles. The jsycl kernels also on the host device. No timing is asserted.
 */
class GridKernelsTest {
    static Stream<GridOp> opsAtAwkwardSizes() {
        return Stream.of(new GridOp.Conv3(5), new GridOp.Conv3(37), new GridOp.Conv5(5), new GridOp.Conv5(37),
                new GridOp.Jacobi2(37), new GridOp.Transpose(37), new GridOp.Transpose(64), new GridOp.Jacobi3(5),
                new GridOp.Jacobi3(11), new GridOp.Slices(5), new GridOp.Slices(11));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("opsAtAwkwardSizes")
    void everyWayGivesJavasOutputRunAfterRun(GridOp op) {
        Device device = Sweep.device(null);
        ClDevice clDevice = Suite.match(device);
        float[] input = GridKernels.input(op);
        var ways = new ArrayList<GridKernels.Way>();
        try (var context = new Context(device);
             var q = new Queue(context, device);
             var inOrder = new Queue(context, device, QueueProperty.IN_ORDER);
             var profiling = new Queue(context, device, QueueProperty.ENABLE_PROFILING);
             var cl = new RawCl(clDevice);
             var plain = ClCommandQueue.create(cl.context, clDevice, false, false);
             var arena = Arena.ofShared();
             var jsyclIn = Buffer.of(input, op.shape());
             var rawIn = cl.upload(arena, input);
             var rawTable = op.table() != null ? cl.upload(arena, op.table()) : null) {
            try {
                GridKernels.addWays(ways, op, q, inOrder, profiling, jsyclIn, cl, plain, arena, rawIn, rawTable, 2);
                for (var way : ways) {
                    way.run();
                    way.run();
                    way.profiled();
                }
                GridKernels.check(op, input, ways);
                assertThat(ways).hasSize(op instanceof GridOp.Transpose && op.n % GridOp.Transpose.TILE == 0 ? 6 : 5);
                assertThat(ways).allSatisfy(way -> assertThat(way.check).as(way.name).startsWith("ok"));
            } finally {
                ways.forEach(GridKernels.Way::close);
            }
        }
    }

    @org.junit.jupiter.api.Test
    void turnsCoverEveryRoundOnceTheFirstTurnHoldingTheFirstAndSecondRuns() {
        for (int runs = 1; runs <= 20; runs++) {
            for (int turns = 1; turns <= runs; turns++) {
                int[] bounds = GridKernels.turnBounds(runs, turns);
                assertThat(bounds).hasSize(turns + 1);
                assertThat(bounds[0]).isZero();
                assertThat(bounds[turns]).isEqualTo(runs + 2);
                assertThat(bounds[1]).as("runs %d, turns %d", runs, turns).isGreaterThanOrEqualTo(3);
                for (int t = 0; t < turns; t++) {
                    assertThat(bounds[t + 1]).as("runs %d, turns %d, turn %d", runs, turns, t).isGreaterThan(bounds[t]);
                }
            }
        }
        assertThat(GridKernels.turnBounds(15, 5)).containsExactly(0, 5, 8, 11, 14, 17);
    }

    @org.junit.jupiter.api.Test
    void anUntimedRunRecordsNoRound() {
        GridOp op = new GridOp.Conv3(5);
        try (var q = new Queue(Device.host());
             var in = Buffer.of(GridKernels.input(op), op.shape());
             var way = new GridKernels.JsyclWay("jsycl", op, q, q, in, 2)) {
            way.untimed();
            way.run();
            assertThat(way.submits[0]).isPositive();
            assertThat(way.submits[1]).as("the untimed run's submit was recorded").isZero();
            assertThat(way.phases).hasSize(1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("opsAtAwkwardSizes")
    void jsyclKernelsGiveJavasOutputOnTheHostDevice(GridOp op) {
        float[] input = GridKernels.input(op);
        float[] java = new float[input.length];
        op.java(input, java);
        try (var q = new Queue(Device.host());
             var in = Buffer.of(input, op.shape());
             var way = new GridKernels.JsyclWay("jsycl", op, q, q, in, 1)) {
            way.run();
            assertThat(way.output()).isEqualTo(java);
        }
    }
}
