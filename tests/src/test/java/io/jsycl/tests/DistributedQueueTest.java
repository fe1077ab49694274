package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.DeviceType;
import io.jsycl.DistributedQueue;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.RangeMapper;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A {@link DistributedQueue} against plain Java loops, bit for bit: kernels split among devices, with replicated
 * reads, halos between neighbouring chunks, 2-D ranges, unequal weights, and the buffers used in between by a plain
 * queue and the host. The devices are one OpenCL device taken two and three times, each in a context of its own: the
 * runtime keeps a copy per context and moves rows between them exactly as between two GPUs (the GPU conformance run
 * and {@code DistributedQueueDevicesTest} use distinct devices).
 */
class DistributedQueueTest {
    static Device device() {
        List<Device> devices = TestDevices.openCl();
        Assumptions.assumeFalse(devices.isEmpty(), "no OpenCL device");
        return devices.getFirst();
    }

    static float[] floats(int n, int seed) {
        var r = new Random(seed);
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextFloat() * 10f - 5f;
        }
        return a;
    }

    @Test
    void saxpySplitInTwoAndThreeMatchesJava() {
        Device d = device();
        int n = 10_007;
        float[] x = floats(n, 1);
        float[] y0 = floats(n, 2);
        float a = 1.75f;
        float[] expected = new float[n];
        for (int i = 0; i < n; i++) {
            expected[i] = a * x[i] + y0[i];
        }
        for (List<Device> devices : List.of(List.of(d, d), List.of(d, d, d))) {
            float[] y = y0.clone();
            try (var dq = new DistributedQueue(devices); var bx = Buffer.of(x); var by = Buffer.of(y)) {
                long[] bounds = dq.chunkBounds(n);
                assertThat(bounds[1]).as("a real split").isPositive().isLessThan(n);
                dq.submit(h -> {
                    var xs = bx.read(h, RangeMapper.oneToOne());
                    var ys = by.readWrite(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), it -> ys.set(it.id(0), a * xs.get(it.id(0)) + ys.get(it.id(0))));
                }).await();
            }
            assertThat(y).as("%d devices", devices.size()).containsExactly(expected);
        }
    }

    /**
     * Measured balance, started from shares far from the devices' speeds (1:7 on two equal devices): after the first
     * steps the kernel's split follows the measured device times, the rows move to their new devices, and the result
     * stays Java's bit for bit. Each row's work is a loop long enough for a CPU device's time to follow its rows; on a
     * GPU the chunks are too short to measure, and the split stays.
     */
    @Test
    void measuredBalanceMovesRowsTowardsTheDevicesSpeedAndKeepsJavasResult() {
        Device d = device();
        // Enough rows and work per row that each device's chunk runs for milliseconds on a CPU device, well past
        // MeasuredSplits.MIN_SAMPLE_NANOS even with 32 cores: its time follows its rows there.
        int n = 32768;
        int work = 2000;
        int steps = 8;
        float[] x = floats(n, 11);
        float[] y = floats(n, 12);
        float[] expected = y.clone();
        float[] next = new float[n];
        for (int s = 0; s < steps; s++) {
            for (int i = 0; i < n; i++) {
                float left = x[i == 0 ? 0 : i - 1];
                float v = expected[i];
                for (int j = 0; j < work; j++) {
                    v = v * 0.999f + left * 0.001f;
                }
                next[i] = v;
            }
            System.arraycopy(next, 0, expected, 0, n);
        }
        Class<?>[] kernel = new Class<?>[1];
        long[] first;
        long[] last;
        try (var dq = new DistributedQueue(List.of(d, d), DistributedQueue.Balance.MEASURED, 1, 7);
             var bx = Buffer.of(x); var by = Buffer.of(y)) {
            first = dq.chunkBounds(n);
            for (int s = 0; s < steps; s++) {
                dq.submit(h -> {
                    var xs = bx.read(h, RangeMapper.neighborhood(1));
                    var ys = by.readWrite(h, RangeMapper.oneToOne());
                    io.jsycl.ItemKernel k = it -> {
                        int i = it.id(0);
                        float left = xs.get(i == 0 ? 0 : i - 1);
                        float v = ys.get(i);
                        for (int j = 0; j < work; j++) {
                            v = v * 0.999f + left * 0.001f;
                        }
                        ys.set(i, v);
                    };
                    kernel[0] = k.getClass();
                    h.parallelFor(Range.of(n), k);
                }).await();
            }
            last = dq.chunkBounds(kernel[0], n);
        }
        assertThat(y).containsExactly(expected);
        assertThat(first).containsExactly(0, 4096, 32768);
        if (d.type() == DeviceType.CPU) {
            // A CPU device's chunks run long enough to be measured; both are on the one device, whose speed they
            // share (MeasuredSplits pools them), so the split moves from the weights to equal shares.
            assertThat(last).as("the split once measured").containsExactly(0, 16384, 32768);
        } else {
            // A GPU runs these rows in microseconds, 4096 about as fast as 28672: too short to measure its speed
            // (MeasuredSplits.MIN_SAMPLE_NANOS), so the split must not have moved rows from the first device (with
            // shorter chunks on a 32-core CPU device it once gave it none, and never measured it again).
            assertThat(last[1]).as("the first device's rows (%s)", java.util.Arrays.toString(last))
                    .isGreaterThanOrEqualTo(first[1]);
        }
    }

    /** A 1-D three-point stencil, 25 steps between two buffers: every step reads its neighbours' halo rows. */
    @Test
    void stencilWithHalosMatchesJava() {
        Device d = device();
        int n = 3000;
        int steps = 25;
        float[] init = floats(n, 3);
        float[] p = init.clone();
        float[] q = new float[n];
        for (int s = 0; s < steps; s++) {
            for (int i = 0; i < n; i++) {
                q[i] = i == 0 || i == n - 1 ? p[i] : (p[i - 1] + p[i] + p[i + 1]) / 3f;
            }
            float[] t = p;
            p = q;
            q = t;
        }
        float[] a = init.clone();
        float[] b = new float[n];
        try (var dq = new DistributedQueue(List.of(d, d, d)); var ba = Buffer.of(a); var bb = Buffer.of(b)) {
            for (int s = 0; s < steps; s++) {
                var src = s % 2 == 0 ? ba : bb;
                var dst = s % 2 == 0 ? bb : ba;
                dq.submit(h -> {
                    var in = src.read(h, RangeMapper.neighborhood(1));
                    var out = dst.writeNoInit(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        out.set(i, i == 0 || i == n - 1 ? in.get(i) : (in.get(i - 1) + in.get(i) + in.get(i + 1)) / 3f);
                    });
                });
            }
            dq.await();
        }
        assertThat(steps % 2 == 0 ? a : b).containsExactly(p);
    }

    /**
     * Two submits on two devices: the first spreads {@code a}'s rows over them, the second sums each row with its
     * neighbours into {@code b} (each device needs the other's halo row); returns the trace's messages of the second.
     */
    static List<String> haloStep(Device d, float[] a, float[] b) {
        return haloStep(List.of(d, d), a, b);
    }

    /** {@link #haloStep(Device, float[], float[])} over {@code devices}. */
    static List<String> haloStep(List<Device> devices, float[] a, float[] b) {
        int n = a.length;
        try (var capture = new TraceCapture(); var dq = new DistributedQueue(devices); var ba = Buffer.of(a);
             var bb = Buffer.of(b)) {
            dq.submit(h -> { // a's rows spread over the two devices: the next step needs halos
                var x = ba.readWrite(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), it -> x.set(it.id(0), x.get(it.id(0)) + 0f));
            });
            capture.clear();
            dq.submit(h -> {
                var in = ba.read(h, RangeMapper.neighborhood(1));
                var out = bb.writeNoInit(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    out.set(i, i == 0 || i == n - 1 ? in.get(i) : in.get(i - 1) + in.get(i) + in.get(i + 1));
                });
            }).await();
            return capture.messages();
        }
    }

    /**
     * A chunk that lacks halo rows first runs the rows that read none of them (whole multiples of 256 rows), then,
     * once every device's halo reads are under way, the strip at each end that has a halo (a chunk at an end of the
     * range has one, a chunk between two others two): the same result as Java, and the trace shows the parts, each
     * device's in turn.
     */
    @Test
    void theInteriorRunsBeforeTheHaloArrives() {
        Device d = device();
        float[] init = floats(2100, 9);
        float[] b = new float[init.length];
        assertThat(chunkRows(haloStep(d, init.clone(), b))).containsExactly(
                "rows 0 to 768", "rows 1280 to 2100", // the interiors of [0, 1024) and [1024, 2100)
                "rows 768 to 1024", "rows 1024 to 1280");
        assertThat(b).containsExactly(sumsOfThree(init));

        float[] wide = floats(3000, 10);
        float[] c = new float[wide.length];
        assertThat(chunkRows(haloStep(List.of(d, d, d), wide.clone(), c))).containsExactly(
                "rows 0 to 768", "rows 1280 to 1792", "rows 2304 to 3000", // [0, 1024), [1024, 2048), [2048, 3000)
                "rows 768 to 1024", "rows 1024 to 1280", "rows 1792 to 2048", "rows 2048 to 2304");
        assertThat(c).containsExactly(sumsOfThree(wide));
    }

    /** What {@link #haloStep} computes, in Java. */
    static float[] sumsOfThree(float[] a) {
        int n = a.length;
        float[] s = new float[n];
        for (int i = 0; i < n; i++) {
            s[i] = i == 0 || i == n - 1 ? a[i] : a[i - 1] + a[i] + a[i + 1];
        }
        return s;
    }

    private static List<String> chunkRows(List<String> trace) {
        return trace.stream().filter(m -> m.contains("a DistributedQueue's chunk"))
                .map(m -> m.replaceAll(".*chunk, (rows \\d+ to \\d+).*", "$1")).toList();
    }

    /** A 2-D five-point stencil over 2-D buffers, rows split: halos are whole rows. */
    @Test
    void twoDimensionalStencilMatchesJava() {
        Device d = device();
        int rows = 700;
        int cols = 90;
        float[] init = floats(rows * cols, 4);
        try (var dq = new DistributedQueue(List.of(d, d), 1, 2)) {
            assertThat(Jacobi2d.distributed(dq, init, rows, cols, 6))
                    .containsExactly(Jacobi2d.inJava(init, rows, cols, 6));
        }
    }

    /**
     * Replicated reads ({@code all()}): every item sums over every position, then positions move one-to-one; the
     * next step needs every device's new positions on every device.
     */
    @Test
    void replicatedReadsSeeEveryDevicesWrites() {
        Device d = device();
        int n = 1500;
        int steps = 4;
        float[] pos0 = floats(n, 5);
        float[] pos = pos0.clone();
        float[] force = new float[n];
        for (int s = 0; s < steps; s++) {
            for (int i = 0; i < n; i++) {
                float acc = 0f;
                for (int j = 0; j < n; j++) {
                    float dx = pos[j] - pos[i];
                    acc = acc + dx / (dx * dx + 1f);
                }
                force[i] = acc;
            }
            for (int i = 0; i < n; i++) {
                pos[i] = pos[i] + 0.001f * force[i];
            }
        }
        float[] p = pos0.clone();
        float[] f = new float[n];
        try (var dq = new DistributedQueue(List.of(d, d)); var bp = Buffer.of(p); var bf = Buffer.of(f)) {
            for (int s = 0; s < steps; s++) {
                dq.submit(h -> {
                    var ps = bp.read(h, RangeMapper.all());
                    var fs = bf.writeNoInit(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        float acc = 0f;
                        for (int j = 0; j < n; j++) {
                            float dx = ps.get(j) - ps.get(i);
                            acc = acc + dx / (dx * dx + 1f);
                        }
                        fs.set(i, acc);
                    });
                });
                dq.submit(h -> {
                    var ps = bp.readWrite(h, RangeMapper.oneToOne());
                    var fs = bf.read(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), it -> ps.set(it.id(0), ps.get(it.id(0)) + 0.001f * fs.get(it.id(0))));
                });
            }
        }
        assertThat(p).containsExactly(pos);
        assertThat(f).containsExactly(force);
    }

    /** Between distributed steps, a plain queue's kernel and a host accessor see (and change) the whole buffer. */
    @Test
    void aPlainQueueAndTheHostSeeTheRowsInBetween() {
        Device d = device();
        int n = 2000;
        int[] data = new int[n];
        try (var dq = new DistributedQueue(List.of(d, d)); var q = new Queue(d); var buf = Buffer.of(data)) {
            dq.submit(h -> {
                var a = buf.writeNoInit(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), it -> a.set(it.id(0), it.id(0) * 3));
            });
            q.submit(h -> { // a plain queue: the whole buffer, gathered from both devices
                var a = buf.readWrite(h);
                h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) + 1));
            });
            dq.submit(h -> {
                var a = buf.readWrite(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) * 2));
            });
            try (var host = buf.hostAccess()) { // gathered again
                for (int i = 0; i < n; i++) {
                    assertThat(host.get(i)).as("element %d", i).isEqualTo((i * 3 + 1) * 2);
                    host.set(i, host.get(i) - i);
                }
            }
            dq.submit(h -> {
                var a = buf.readWrite(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) + 5));
            });
        }
        for (int i = 0; i < n; i++) {
            assertThat(data[i]).as("element %d", i).isEqualTo((i * 3 + 1) * 2 - i + 5);
        }
    }

    /** A 1-D buffer holding a 2-D grid, run over a 2-D range: {@code oneToOne().scaled(cols)} maps rows to elements. */
    @Test
    void scaledMappersCoverFlattenedRows() {
        Device d = device();
        int rows = 600;
        int cols = 33;
        float[] in = floats(rows * cols, 6);
        float[] out = new float[rows * cols];
        try (var dq = new DistributedQueue(List.of(d, d)); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            dq.submit(h -> {
                var a = bi.read(h, RangeMapper.oneToOne().scaled(cols));
                var b = bo.writeNoInit(h, RangeMapper.oneToOne().scaled(cols));
                h.parallelFor(Range.of(rows, cols), it -> {
                    int c = it.id(0) * cols + it.id(1);
                    b.set(c, a.get(c) * 2f + it.id(1));
                });
            });
        }
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                int c = i * cols + j;
                assertThat(out[c]).isEqualTo(in[c] * 2f + j);
            }
        }
    }

    /** A reduction of each element of an output on its own runs on one queue: a DistributedQueue says so. */
    @Test
    void aReductionOverSeveralElementsIsRefusedNamingTheQueueToUse() {
        Device d = device();
        int n = 4096;
        int[] v = new int[n];
        int[] bins = new int[8];
        try (var dq = new DistributedQueue(List.of(d, d)); var bv = Buffer.of(v); var out = Buffer.of(bins)) {
            assertThatThrownBy(() -> dq.submit(h -> {
                var x = bv.read(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), io.jsycl.Reduction.sum(out), (it, r) -> r.combine(it.id(0) % 8,
                        x.get(it.id(0))));
            }).await()).isInstanceOf(io.jsycl.SyclException.class).hasMessageContaining("over 8 elements")
                    .hasMessageContaining("submit it to a Queue");
        }
    }

    /**
     * Steps that reduce into the same output one after another without a wait: each step's parts are combined after
     * the previous step's, and a host accessor, the event of the last step and the buffer's close each see every
     * step's. A host accessor of the output open on the submitting thread is refused, not waited for forever.
     */
    @Test
    void reductionStepsIntoOneOutputCombineInOrderWithoutWaits() {
        Device d = device();
        int n = 8_192;
        int steps = 40;
        int[] v = new int[n];
        long perStep = 0;
        for (int i = 0; i < n; i++) {
            v[i] = (i * 31) % 1001 - 500;
            perStep += v[i];
        }
        int[] total = {3};
        try (var dq = new DistributedQueue(List.of(d, d, d)); var bv = Buffer.of(v); var out = Buffer.of(total)) {
            io.jsycl.Event last = null;
            for (int s = 0; s < steps; s++) {
                last = dq.submit(h -> {
                    var x = bv.read(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), io.jsycl.Reduction.sum(out), (it, r) -> r.combine(x.get(it.id(0))));
                });
            }
            last.await();
            assertThat(last.kernel()).hasValueSatisfying(k -> assertThat(k).contains("DistributedQueueTest.java:"));
            try (var host = out.hostAccess()) {
                assertThat(host.get(0)).isEqualTo((int) (3 + steps * perStep));
                assertThatThrownBy(() -> dq.submit(h -> {
                    var x = bv.read(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), io.jsycl.Reduction.sum(out), (it, r) -> r.combine(x.get(it.id(0))));
                })).isInstanceOf(IllegalStateException.class).hasMessageContaining("close the host accessor");
            }
            for (int s = 0; s < steps; s++) {
                dq.submit(h -> {
                    var x = bv.read(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), io.jsycl.Reduction.sum(out), (it, r) -> r.combine(x.get(it.id(0))));
                });
            }
        }
        assertThat(total[0]).isEqualTo((int) (3 + 2 * steps * perStep));
    }

    /**
     * A reduction whose chunk fails (a checked kernel dividing by zero on the second device): the command's event
     * throws the kernel's failure, the output keeps the value it had, and its host accessor, the queue's wait and the
     * buffer's close do not wait for a combine that will not come.
     */
    @Test
    void aFailedReductionLeavesItsOutputAsItWasAndWaitsForNothing() {
        Device d = device();
        int n = 4096;
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = i == n - 7 ? 0 : 1 + i % 5;
        }
        int[] total = {11};
        try (var dq = new DistributedQueue(List.of(d, d)); var bv = Buffer.of(v); var out = Buffer.of(total)) {
            var e = dq.submit(h -> {
                h.checked();
                var x = bv.read(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), io.jsycl.Reduction.sum(out), (it, r) -> r.combine(100 / x.get(it.id(0))));
            });
            assertThatThrownBy(e::await).isInstanceOf(ArithmeticException.class);
            try (var host = out.hostAccess()) {
                assertThat(host.get(0)).isEqualTo(11);
            }
            dq.await(); // the failure was delivered by the event: the queue's wait returns
        }
        assertThat(total[0]).isEqualTo(11);
    }

    /**
     * Reductions combine across devices: each device reduces its rows into a part of its own, and the parts are
     * combined into the output, in device order, with what it held before. Integer sums, a float max and a custom
     * operation give Java's result exactly (each is independent of the order).
     */
    @Test
    void reductionsCombineAcrossDevices() {
        Device d = device();
        int n = 10_007;
        int[] v = new int[n];
        float[] f = floats(n, 11);
        long sum = 5;
        int xor = 0x5a;
        float max = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            v[i] = (i * 7919) % 2001 - 1000;
            sum += v[i];
            xor ^= v[i] * 31;
            max = Math.max(max, f[i]);
        }
        for (List<Device> devices : List.of(List.of(d), List.of(d, d), List.of(d, d, d))) {
            int[] total = {5};
            int[] bits = {0x5a};
            float[] top = {Float.NEGATIVE_INFINITY};
            try (var dq = new DistributedQueue(devices); var bv = Buffer.of(v); var bf = Buffer.of(f);
                 var out = Buffer.of(total); var outBits = Buffer.of(bits); var outTop = Buffer.of(top)) {
                dq.submit(h -> {
                    var x = bv.read(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), io.jsycl.Reduction.sum(out), (it, s) -> s.combine(x.get(it.id(0))));
                });
                dq.submit(h -> {
                    var x = bv.read(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), io.jsycl.Reduction.of(outBits, 0, (a, b) -> a ^ b),
                            (it, s) -> s.combine(x.get(it.id(0)) * 31));
                });
                dq.submit(h -> {
                    var x = bf.read(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), io.jsycl.Reduction.max(outTop), (it, s) -> s.combine(x.get(it.id(0))));
                });
            }
            assertThat(total[0]).as("%d devices", devices.size()).isEqualTo((int) sum);
            assertThat(bits[0]).as("%d devices", devices.size()).isEqualTo(xor);
            assertThat(top[0]).as("%d devices", devices.size()).isEqualTo(max);
        }
    }

    /**
     * More steps of a reduction than a device keeps parts of in flight (1024 read back and not yet combined), in long
     * and double: a submit that would reuse a part's slot waits for its combine, and every step's parts are combined
     * once, in order, with Java's result (the doubles are integers, so their sum is exact in any order).
     */
    @Test
    void reductionPartsBeyondTheDevicesSlotsCombineOnce() {
        Device d = device();
        int n = 512;
        int steps = 1100;
        long[] v = new long[n];
        double[] w = new double[n];
        long perStep = 0;
        for (int i = 0; i < n; i++) {
            v[i] = (i * 7919L) % 2001 - 1000 + (1L << 33);
            w[i] = (i * 13) % 101 - 50;
            perStep += v[i];
        }
        double perStepW = 0;
        for (double x : w) {
            perStepW += x;
        }
        long[] total = {7};
        double[] totalW = {0.5};
        try (var dq = new DistributedQueue(List.of(d, d, d)); var bv = Buffer.of(v); var bw = Buffer.of(w);
             var out = Buffer.of(total); var outW = Buffer.of(totalW)) {
            for (int s = 0; s < steps; s++) {
                dq.submit(h -> {
                    var x = bv.read(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), io.jsycl.Reduction.sum(out), (it, r) -> r.combine(x.get(it.id(0))));
                });
            }
            dq.submit(h -> {
                var x = bw.read(h, RangeMapper.oneToOne());
                h.parallelFor(Range.of(n), io.jsycl.Reduction.sum(outW), (it, r) -> r.combine(x.get(it.id(0))));
            });
        }
        assertThat(total[0]).isEqualTo(7 + steps * perStep);
        assertThat(totalW[0]).isEqualTo(0.5 + perStepW);
    }

    /**
     * The same with launch threads on ({@code JSYCL_LAUNCH_THREAD=on}, the default on GPUs; a DistributedQueue's parts
     * stay on its submitting thread) and batches of submits back to back longer than the completions the completion
     * thread holds back while submits come ({@code SubmitQuiet.MAX_DEFERRED}): every step is combined once, in order,
     * and the output's users between batches see every step before.
     */
    @Test
    void reductionPartsOnTheLaunchThreadsCombineOnceInOrder() {
        String before = System.getProperty("jsycl.launchThread");
        System.setProperty("jsycl.launchThread", "on"); // read when a queue is made
        try {
            Device d = device();
            int n = 4096 + 17;
            int[] v = new int[n];
            long perStep = 0;
            for (int i = 0; i < n; i++) {
                v[i] = (i * 131) % 997 - 498;
                perStep += v[i];
            }
            int[] total = {-5};
            try (var dq = new DistributedQueue(List.of(d, d)); var bv = Buffer.of(v); var out = Buffer.of(total)) {
                for (int batch = 1; batch <= 3; batch++) {
                    for (int s = 0; s < 300; s++) {
                        dq.submit(h -> {
                            var x = bv.read(h, RangeMapper.oneToOne());
                            h.parallelFor(Range.of(n), io.jsycl.Reduction.sum(out),
                                    (it, r) -> r.combine(x.get(it.id(0))));
                        });
                    }
                    try (var host = out.hostAccess()) {
                        assertThat(host.get(0)).isEqualTo((int) (-5 + batch * 300 * perStep));
                    }
                }
            }
            assertThat(total[0]).isEqualTo((int) (-5 + 900 * perStep));
        } finally {
            if (before == null) {
                System.clearProperty("jsycl.launchThread");
            } else {
                System.setProperty("jsycl.launchThread", before);
            }
        }
    }

    /**
     * An nd-range splits between whole work-groups: each group sums its items through local memory and a barrier,
     * and its group id and the number of groups are the whole range's on every device.
     */
    @Test
    void ndRangesSplitBetweenWholeWorkGroups() {
        Device d = device();
        int local = 64;
        int n = 64 * 73;
        int groups = n / local;
        int[] v = new int[n];
        int[] expectedSums = new int[groups];
        for (int i = 0; i < n; i++) {
            v[i] = (i * 37) % 101 - 50;
            expectedSums[i / local] += v[i];
        }
        for (List<Device> devices : List.of(List.of(d, d), List.of(d, d, d))) {
            int[] sums = new int[n]; // a group's sum at its first item
            int[] ids = new int[n];
            try (var dq = new DistributedQueue(devices); var bv = Buffer.of(v); var bs = Buffer.of(sums);
                 var bi = Buffer.of(ids)) {
                dq.submit(h -> {
                    var in = bv.read(h, RangeMapper.oneToOne());
                    var out = bs.write(h, RangeMapper.oneToOne());
                    var id = bi.writeNoInit(h, RangeMapper.oneToOne());
                    var tile = io.jsycl.LocalAccessor.ofInt(h, local);
                    h.parallelFor(NdRange.of(Range.of(n), Range.of(local)), it -> {
                        int l = it.localId(0);
                        tile.set(l, in.get(it.globalId(0)));
                        it.barrier();
                        if (l == 0) {
                            int acc = 0;
                            for (int j = 0; j < local; j++) {
                                acc += tile.get(j);
                            }
                            out.set(it.globalId(0), acc);
                        }
                        id.set(it.globalId(0), it.groupRange(0) * 100_000 + it.groupId(0) * 100 + l);
                    });
                });
            }
            for (int g = 0; g < groups; g++) {
                assertThat(sums[g * local]).as("%d devices, group %d", devices.size(), g).isEqualTo(expectedSums[g]);
            }
            for (int i = 0; i < n; i++) {
                assertThat(ids[i]).as("item %d", i).isEqualTo(groups * 100_000 + (i / local) * 100 + i % local);
            }
        }
    }

    /**
     * A host accessor open on the submitting thread over a buffer the command group maps is refused at once, naming
     * the fix: each device's part is submitted on a thread of its own, which would wait for the accessor's close while
     * this thread waits for it. Then, closed, the same submit runs. Run on a thread of its own with a time limit, so
     * that a hang fails the test instead of the build.
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 60, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void aHostAccessorOpenOnTheSubmittingThreadIsRefusedNotWaitedFor() {
        Device d = device();
        int n = 3000;
        float[] data = floats(n, 11);
        for (List<Device> devices : List.of(List.of(d, d), List.of(d, d, d))) {
            try (var dq = new DistributedQueue(devices); var buf = Buffer.of(data.clone())) {
                try (var host = buf.hostAccess()) {
                    assertThatThrownBy(() -> dq.submit(h -> {
                        var a = buf.readWrite(h, RangeMapper.oneToOne());
                        h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) * 2f));
                    })).isInstanceOf(IllegalStateException.class).hasMessageContaining("dq.submit()")
                            .hasMessageContaining("close the host accessor");
                    assertThat(host.get(7)).isEqualTo(data[7]);
                }
                dq.submit(h -> {
                    var a = buf.readWrite(h, RangeMapper.oneToOne());
                    h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) * 2f));
                }).await();
                try (var host = buf.hostAccess()) {
                    for (int i = 0; i < n; i++) {
                        assertThat(host.get(i)).as("%d devices, element %d", devices.size(), i).isEqualTo(data[i] * 2f);
                    }
                }
            }
        }
    }

    @Test
    void whatItCannotSplitIsRefusedWithTheReason() {
        Device d = device();
        int n = 1000;
        try (var dq = new DistributedQueue(List.of(d, d)); var buf = Buffer.of(new float[n])) {
            assertThatThrownBy(() -> dq.submit(h -> {
                var a = buf.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> a.set(it.id(0), 1f));
            })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("without a range mapper")
                    .hasMessageContaining("RangeMapper.oneToOne()");
            assertThatThrownBy(() -> dq.submit(h -> {
                var a = buf.readWrite(h, RangeMapper.neighborhood(1));
                h.parallelFor(Range.of(n), it -> a.set(it.id(0), 1f));
            })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("disjoint rows");
            assertThatThrownBy(() -> dq.submit(h -> {
                var a = buf.writeNoInit(h, RangeMapper.oneToOne());
                h.singleTask(() -> a.set(0, 1f));
            })).isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("h.singleTask");
        }
        assertThatThrownBy(() -> new DistributedQueue(List.of(d, Device.host())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("host device");
    }
}
