package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jsycl.Buffer;
import io.jsycl.Builtins;
import io.jsycl.Device;
import io.jsycl.Fence;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.Reduction;
import io.jsycl.SpecConstant;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The kernel language beyond arithmetic, on the host device and PoCL, each compared with Java. */
class KernelLanguageTest {
    static final SpecConstant<Integer> SCALE = SpecConstant.of("SCALE", 3);

    /** A record captured by a kernel: a scalar, an accessor, and a nested record. */
    record Scaled(float factor, io.jsycl.Accessor.OfFloat data, Offset offset) {
    }

    /** Nested inside {@link Scaled}. */
    record Offset(int shift, float add) {
    }

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @ParameterizedTest
    @MethodSource("devices")
    void localMemoryAndBarriersReverseEachWorkGroup(Device device) {
        int n = 512;
        int group = 64;
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = i * 7;
        }
        int[] out = new int[n];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                var tile = LocalAccessor.ofInt(h, group);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(group)), it -> {
                    int l = it.localId(0);
                    tile.set(l, a.get(it.globalId(0)));
                    it.barrier(Fence.LOCAL);
                    o.set(it.globalId(0), tile.get(it.localRange(0) - 1 - l) + it.groupId(0) * 1_000_000);
                });
            });
        }
        for (int i = 0; i < n; i++) {
            int g = i / group;
            int l = i % group;
            assertThat(out[i]).as("out[%d]", i).isEqualTo(in[g * group + group - 1 - l] + g * 1_000_000);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void globalAndLocalAtomicsCountExactly(Device device) {
        int n = 4096;
        int[] counts = new int[4];
        long[] sums = new long[1];
        float[] fsum = new float[1];
        int[] groupCounts = new int[n / 64];
        try (var q = new Queue(device);
             var bc = Buffer.of(counts); var bs = Buffer.of(sums); var bf = Buffer.of(fsum); var bg = Buffer.of(groupCounts)) {
            q.submit(h -> {
                var c = bc.readWrite(h);
                var s = bs.readWrite(h);
                var f = bf.readWrite(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    c.atomicAdd(i % 4, 1);
                    s.atomicAdd(0, (long) i << 20);
                    f.atomicAdd(0, 1.0f);
                });
            });
            q.submit(h -> {
                var g = bg.write(h);
                var local = LocalAccessor.ofInt(h, 1);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(64)), it -> {
                    if (it.localId(0) == 0) {
                        local.set(0, 0);
                    }
                    it.barrier();
                    local.atomicAdd(0, it.localId(0) % 3 == 0 ? 1 : 0);
                    it.barrier();
                    if (it.localId(0) == 0) {
                        g.set(it.groupId(0), local.get(0));
                    }
                });
            });
        }
        assertThat(counts).containsOnly(n / 4);
        long expected = 0;
        for (int i = 0; i < n; i++) {
            expected += (long) i << 20;
        }
        assertThat(sums[0]).isEqualTo(expected);
        assertThat(fsum[0]).isEqualTo((float) n);
        assertThat(groupCounts).containsOnly(22);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void floatAtomicMinAndMaxFollowMathMinAndMax(Device device) {
        float[] f = {0f, 1f, 5f, -0f};
        float[] old = new float[4];
        int[] ints = {7, 7};
        try (var q = new Queue(device); var bf = Buffer.of(f); var bo = Buffer.of(old); var bi = Buffer.of(ints)) {
            q.submit(h -> {
                var a = bf.readWrite(h);
                var o = bo.write(h);
                var n = bi.readWrite(h);
                h.singleTask(() -> {
                    o.set(0, a.atomicMin(0, -0f));
                    o.set(1, a.atomicMax(1, Float.NaN));
                    o.set(2, a.atomicMin(2, 3f));
                    o.set(3, a.atomicMax(3, 0f));
                    n.atomicMin(0, -2);
                    n.atomicMax(1, 9);
                });
            });
        }
        assertThat(Float.floatToRawIntBits(f[0])).as("min(0.0, -0.0)").isEqualTo(Float.floatToRawIntBits(-0f));
        assertThat(f[1]).as("max(1, NaN)").isNaN();
        assertThat(f[2]).isEqualTo(3f);
        assertThat(Float.floatToRawIntBits(f[3])).as("max(-0.0, 0.0)").isEqualTo(Float.floatToRawIntBits(0f));
        assertThat(old).containsExactly(0f, 1f, 5f, -0f);
        assertThat(ints).containsExactly(-2, 9);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void capturedRecordsAndArraysAreFlattened(Device device) {
        int n = 300;
        float[] data = new float[n];
        for (int i = 0; i < n; i++) {
            data[i] = i * 0.25f;
        }
        float[] table = {1.5f, -2f, 0.125f};
        try (var q = new Queue(device); var bd = Buffer.of(data)) {
            q.submit(h -> {
                var scaled = new Scaled(2f, bd.readWrite(h), new Offset(1, 0.5f));
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    float v = scaled.data().get(i) * scaled.factor() + scaled.offset().add();
                    scaled.data().set(i, v + table[(i + scaled.offset().shift()) % table.length]);
                });
            });
        }
        for (int i = 0; i < n; i++) {
            float expected = i * 0.25f * 2f + 0.5f + table[(i + 1) % table.length];
            assertThat(data[i]).as("data[%d]", i).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void reductionsMatchJava(Device device) {
        int n = 10_007;
        var random = new Random(5);
        int[] values = random.ints(n, -1000, 1000).toArray();
        int[] sum = {17};
        int[] min = {Integer.MAX_VALUE};
        int[] max = {Integer.MIN_VALUE};
        int[] or = {0};
        long[] lsum = {0};
        try (var q = new Queue(device);
             var bv = Buffer.of(values); var bs = Buffer.of(sum); var bmin = Buffer.of(min);
             var bmax = Buffer.of(max); var bor = Buffer.of(or); var bl = Buffer.of(lsum)) {
            q.submit(h -> {
                var v = bv.read(h);
                h.parallelFor(Range.of(n), Reduction.sum(bs), (it, s) -> s.combine(v.get(it.id(0))));
            });
            q.submit(h -> {
                var v = bv.read(h);
                h.parallelFor(Range.of(n), Reduction.min(bmin), (it, m) -> m.combine(v.get(it.id(0))));
            });
            q.submit(h -> {
                var v = bv.read(h);
                h.parallelFor(Range.of(n), Reduction.max(bmax), (it, m) -> m.combine(v.get(it.id(0))));
            });
            q.submit(h -> {
                var v = bv.read(h);
                h.parallelFor(Range.of(n), Reduction.of(bor, 0, (a, b) -> a | b),
                        (it, r) -> r.combine(v.get(it.id(0)) & 0xff0));
            });
            q.submit(h -> {
                var v = bv.read(h);
                h.parallelFor(Range.of(n), Reduction.sum(bl), (it, s) -> s.combine((long) v.get(it.id(0)) << 33));
            });
        }
        int expectedSum = 17;
        int expectedMin = Integer.MAX_VALUE;
        int expectedMax = Integer.MIN_VALUE;
        int expectedOr = 0;
        long expectedLong = 0;
        for (int v : values) {
            expectedSum += v;
            expectedMin = Math.min(expectedMin, v);
            expectedMax = Math.max(expectedMax, v);
            expectedOr |= v & 0xff0;
            expectedLong += (long) v << 33;
        }
        assertThat(sum[0]).as("sum, combined with the prior 17").isEqualTo(expectedSum);
        assertThat(min[0]).isEqualTo(expectedMin);
        assertThat(max[0]).isEqualTo(expectedMax);
        assertThat(or[0]).isEqualTo(expectedOr);
        assertThat(lsum[0]).isEqualTo(expectedLong);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void specializationConstantsTakeTheirDefaultOrTheCommandGroupsValue(Device device) {
        int[] withDefault = new int[8];
        int[] withSet = new int[8];
        try (var q = new Queue(device); var bd = Buffer.of(withDefault); var bs = Buffer.of(withSet)) {
            q.submit(h -> {
                var o = bd.write(h);
                h.parallelFor(Range.of(8), it -> o.set(it.id(0), it.id(0) * SCALE.get()));
            });
            q.submit(h -> {
                h.set(SCALE, -7);
                var o = bs.write(h);
                h.parallelFor(Range.of(8), it -> o.set(it.id(0), it.id(0) * SCALE.get()));
            });
        }
        for (int i = 0; i < 8; i++) {
            assertThat(withDefault[i]).isEqualTo(i * 3);
            assertThat(withSet[i]).isEqualTo(i * -7);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void checkedKernelsReportTheFirstBadIndexAndDivisionByZero(Device device) {
        int[] data = new int[16];
        try (var q = new Queue(device)) {
            var buf = Buffer.of(data);
            var e = q.submit(h -> {
                h.checked();
                var o = buf.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0) + 1, 1));
            });
            assertThatThrownBy(e::await).isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("16");
            buf.close(); // the failure was delivered once, by the await above

            int[] divisors = {3, 0, 5};
            int[] out = new int[3];
            var bo = Buffer.of(out);
            var d = q.submit(h -> {
                h.checked();
                var o = bo.write(h);
                h.parallelFor(Range.of(3), it -> o.set(it.id(0), 100 / divisors[it.id(0)]));
            });
            assertThatThrownBy(d::await).isInstanceOf(ArithmeticException.class).hasMessageContaining("by zero");
            bo.close(); // the failure was delivered once, by the await above
        }
    }

    /**
     * A checked kernel's failure names the kernel as Java does (class, lambda, file and line of the bad access) and
     * is delivered once: thrown by the queue's await, not again by the queue's close.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void aCheckedFailureNamesTheJavaKernelAndIsDeliveredOnce(Device device) {
        int[] data = new int[8];
        var q = new Queue(device);
        var buf = Buffer.of(data);
        q.submit(h -> {
            h.checked();
            var o = buf.write(h);
            h.parallelFor(Range.of(8), it -> o.set(it.id(0) * 2, 1));
        });
        var thrown = assertThatThrownBy(q::await).isInstanceOf(IndexOutOfBoundsException.class);
        if (!device.isHost()) { // the host device throws Java's own exception, its stack naming the lambda
            thrown.hasMessageContaining("kernel KernelLanguageTest.lambda$")
                    .hasMessageContaining("(KernelLanguageTest.java:")
                    .hasMessageContaining("index 8 out of bounds for length 8")
                    .message().doesNotContain("io_jsycl");
        }
        q.close();
        buf.close(); // delivered already: the close returns normally
        assertThat(data[0]).isEqualTo(1);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void floatSquareRootThroughMathSqrtIsBitExact(Device device) {
        assumeTrue(device.hasFp64(), "the kernel widens to double as Java does");
        var random = new Random(9);
        int n = 20_000;
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = switch (i % 8) {
                case 0 -> Float.intBitsToFloat(random.nextInt(0x00800000));
                case 1 -> random.nextFloat() * 1e30f;
                case 2 -> Float.intBitsToFloat(random.nextInt());
                default -> random.nextFloat() * 100f;
            };
        }
        x[0] = -0f;
        x[1] = Float.POSITIVE_INFINITY;
        x[2] = Float.NaN;
        x[3] = -1f;
        float[] out = new float[n];
        try (var q = new Queue(device); var bx = Buffer.of(x); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bx.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(n), it -> o.set(it.id(0), (float) Math.sqrt(a.get(it.id(0)))));
            });
        }
        for (int i = 0; i < n; i++) {
            assertThat(Float.floatToIntBits(out[i])).as("sqrt(%s)", x[i])
                    .isEqualTo(Float.floatToIntBits((float) Math.sqrt(x[i])));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void ndRangeNotDivisibleIsRejectedBeforeAnythingRuns(Device device) {
        assertThatThrownBy(() -> NdRange.of(Range.of(100), Range.of(32)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not divisible")
                .hasMessageContaining("100 % 32 = 4");
    }

    @ParameterizedTest
    @MethodSource("devices")
    void builtinsAndMathMatchJavaWithinTheirBounds(Device device) {
        assumeTrue(device.hasFp64(), "device has no fp64");
        int n = 1000;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i - 500) * 0.0173;
        }
        double[] sin = new double[n];
        double[] exp = new double[n];
        int[] exact = new int[n];
        try (var q = new Queue(device); var bx = Buffer.of(x); var bs = Buffer.of(sin); var be = Buffer.of(exp);
             var bi = Buffer.of(exact)) {
            q.submit(h -> {
                var a = bx.read(h);
                var s = bs.write(h);
                var e = be.write(h);
                var o = bi.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    s.set(i, Math.sin(a.get(i)));
                    e.set(i, Math.exp(a.get(i)));
                    o.set(i, Builtins.clamp(i - 300, 0, 400) + Builtins.popcount(i) + Builtins.mulHi(i * 77777, 99991)
                            + Math.floorMod(i - 500, 7) + (int) Math.round(a.get(i) * 3.5) + Integer.bitCount(i));
                });
            });
        }
        for (int i = 0; i < n; i++) {
            assertThat(Math.abs(sin[i] - Math.sin(x[i]))).as("sin ulps at %d", i).isLessThanOrEqualTo(5 * Math.ulp(Math.sin(x[i])));
            assertThat(Math.abs(exp[i] - Math.exp(x[i]))).as("exp ulps at %d", i).isLessThanOrEqualTo(4 * Math.ulp(Math.exp(x[i])));
            int expected = Math.min(Math.max(i - 300, 0), 400) + Integer.bitCount(i)
                    + (int) (((long) (i * 77777) * 99991) >>> 32) + Math.floorMod(i - 500, 7)
                    + (int) Math.round(x[i] * 3.5) + Integer.bitCount(i);
            assertThat(exact[i]).as("exact[%d]", i).isEqualTo(expected);
        }
    }

    static final int BLOCK = 2;

    /** Each work-item computes a 2x2 block of C = A B in private arrays (register blocking), summed in k order. */
    @ParameterizedTest
    @MethodSource("devices")
    void privateArraysHoldARegisterBlockedMatrixProduct(Device device) {
        int n = 24;
        var random = new Random(11);
        float[] a = new float[n * n];
        float[] b = new float[n * n];
        for (int i = 0; i < n * n; i++) {
            a[i] = random.nextFloat() - 0.5f;
            b[i] = random.nextFloat() * 3f;
        }
        float[] c = new float[n * n];
        try (var q = new Queue(device); var ba = Buffer.of(a); var bb = Buffer.of(b); var bc = Buffer.of(c)) {
            q.submit(h -> {
                var x = ba.read(h);
                var y = bb.read(h);
                var z = bc.write(h);
                h.parallelFor(Range.of(n / BLOCK, n / BLOCK), it -> {
                    int row = it.id(0) * BLOCK;
                    int col = it.id(1) * BLOCK;
                    float[] acc = new float[BLOCK * BLOCK];
                    float[] ra = new float[BLOCK];
                    for (int k = 0; k < n; k++) {
                        for (int i = 0; i < BLOCK; i++) {
                            ra[i] = x.get((row + i) * n + k);
                        }
                        for (int i = 0; i < BLOCK; i++) {
                            for (int j = 0; j < BLOCK; j++) {
                                acc[i * BLOCK + j] = Math.fma(ra[i], y.get(k * n + col + j), acc[i * BLOCK + j]);
                            }
                        }
                    }
                    for (int i = 0; i < acc.length; i++) {
                        z.set((row + i / BLOCK) * n + col + i % BLOCK, acc[i]);
                    }
                });
            });
        }
        for (int row = 0; row < n; row++) {
            for (int col = 0; col < n; col++) {
                float sum = 0f;
                for (int k = 0; k < n; k++) {
                    sum = Math.fma(a[row * n + k], b[k * n + col], sum);
                }
                assertThat(Float.floatToIntBits(c[row * n + col])).as("c[%d][%d]", row, col)
                        .isEqualTo(Float.floatToIntBits(sum));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void checkedKernelsReportAnIndexOutsideAPrivateArray(Device device) {
        int[] data = new int[4];
        try (var q = new Queue(device)) {
            var buf = Buffer.of(data);
            var e = q.submit(h -> {
                h.checked();
                var o = buf.write(h);
                h.parallelFor(Range.of(4), it -> {
                    int[] tmp = new int[3];
                    tmp[it.id(0)] = 1;
                    o.set(it.id(0), tmp[0]);
                });
            });
            assertThatThrownBy(e::await).isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("3");
            buf.close(); // the failure was delivered once, by the await above
        }
    }

    /**
     * Subscripts {@code e + c} (c a small constant) are computed signed on devices; inner arithmetic, large
     * constants and captured (non-constant) addends keep wrapping. Each index here wraps on the way and still lands
     * in bounds, so Java accepts it; both lowerings of the subscripts (signed, and wrapping through
     * {@code jsycl.lowering.signedSubscripts=false}) must give Java's result.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void subscriptsThatWrapOnTheWayInBoundsMatchJava(Device device) {
        int n = 300;
        int cols = 7;
        int[] in = new int[n + 2];
        int[] grid = new int[(n + 2) * cols];
        for (int i = 0; i < in.length; i++) {
            in[i] = i * 31 + 5;
        }
        for (int i = 0; i < grid.length; i++) {
            grid[i] = i * 17 - 3;
        }
        int big = Integer.MAX_VALUE;
        int low = Integer.MIN_VALUE;
        int[] expected = new int[n * 6];
        for (String signed : new String[] {"true", "false"}) {
            System.setProperty("jsycl.lowering.signedSubscripts", signed);
            int[] out = new int[n * 6];
            try (var q = new Queue(device); var bi = Buffer.of(in); var bg = Buffer.of(grid, Range.of(n + 2, cols));
                 var bo = Buffer.of(out)) {
                q.submit(h -> {
                    var a = bi.read(h);
                    var g = bg.read(h);
                    var o = bo.write(h);
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        o.set(i * 6, a.get(((i + big) - big) + 1));
                        o.set(i * 6 + 1, a.get(i + 2147483647 + 2147483647 + 3));
                        o.set(i * 6 + 2, a.get((i - 16777215) + 16777215));
                        o.set(i * 6 + 3, a.get((i + low) - low - 1 + 2));
                        o.set(i * 6 + 4, g.get(((i + big) - big) + 2 - 1, (i + low) % cols + cols - 1));
                        o.set(i * 6 + 5, a.get(16777215 + (i - 16777215)) + g.get(i, (i + big + 2) % cols + 6));
                    });
                });
            } finally {
                System.clearProperty("jsycl.lowering.signedSubscripts");
            }
            if (signed.equals("true")) {
                for (int i = 0; i < n; i++) {
                    int j4 = (i + low) % cols + cols - 1;
                    int j5 = (i + big + 2) % cols + 6;
                    expected[i * 6] = in[i + 1];
                    expected[i * 6 + 1] = in[i + 1];
                    expected[i * 6 + 2] = in[i];
                    expected[i * 6 + 3] = in[i + 1];
                    expected[i * 6 + 4] = grid[(i + 1) * cols + j4];
                    expected[i * 6 + 5] = in[i] + grid[i * cols + j5];
                }
            }
            assertThat(out).as("signed subscripts %s", signed).isEqualTo(expected);
        }
    }

    /** Checked kernels keep Java's wrapping in subscripts: the index they report is the one Java rejects. */
    @ParameterizedTest
    @MethodSource("devices")
    void checkedKernelsReportTheWrappedIndexOfASubscriptAtTheIntLimits(Device device) {
        int big = Integer.MAX_VALUE;
        int low = Integer.MIN_VALUE;
        try (var q = new Queue(device)) {
            var bi = Buffer.of(new int[16]);
            var bo = Buffer.of(new int[16]);
            var up = q.submit(h -> {
                h.checked();
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), a.get(big + 1)));
            });
            assertThatThrownBy(up::await).isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("-2147483648 out of bounds for length 16");
            bo.close(); // the failure was delivered once, by the await above
        }
        try (var q = new Queue(device)) {
            var bi = Buffer.of(new int[16]);
            var bo = Buffer.of(new int[16]);
            var down = q.submit(h -> {
                h.checked();
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(Range.of(16), it -> o.set(it.id(0), a.get(low - 2)));
            });
            assertThatThrownBy(down::await).isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("2147483646 out of bounds for length 16");
            bo.close(); // the failure was delivered once, by the await above
        }
    }
}
