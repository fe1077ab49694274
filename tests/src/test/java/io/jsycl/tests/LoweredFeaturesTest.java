package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jsycl.Aspect;
import io.jsycl.Buffer;
import io.jsycl.Builtins;
import io.jsycl.Device;
import io.jsycl.Fence;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.Reduction;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What kernel-lowering's FeaturesTest lowers, run on every device and compared with Java: every atomic operation of
 * int, long and float on global and local memory, records nesting records, accessors and arrays, captured objects
 * passed to device functions, reductions whose work-items stride over many items, a checked custom reduction,
 * {@code Builtins} and Math additions over the int limits, and private arrays of every element type.
 */
class LoweredFeaturesTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    // ---------------------------------------------------------------- atomics

    /**
     * Each work-item applies every int atomic once to global memory and once to its group's local memory, which
     * starts at values that every work-item's operand moves (a minimum of {@code 1 << 30}, a maximum of
     * {@code -(1 << 30)}).
     */
    @ParameterizedTest
    @MethodSource("devices")
    void intAtomicsOnGlobalAndLocalMemoryAreExact(Device device) {
        int n = 512;
        int wg = 128;
        int[] g = {0, Integer.MAX_VALUE, Integer.MIN_VALUE, 0, 0};
        int[] perGroup = new int[n / wg * 5];
        try (var q = new Queue(device); var bg = Buffer.of(g); var bp = Buffer.of(perGroup)) {
            q.submit(h -> {
                var global = bg.readWrite(h);
                var res = bp.write(h);
                var l = LocalAccessor.ofInt(h, 5);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(wg)), it -> {
                    int i = it.globalId(0);
                    int lid = it.localId(0);
                    if (lid < 5) {
                        l.set(lid, lid == 1 ? 1 << 30 : lid == 2 ? -(1 << 30) : 0);
                    }
                    it.barrier(Fence.LOCAL);
                    global.atomicAdd(0, 1);
                    global.atomicMin(1, i);
                    global.atomicMax(2, i);
                    global.atomicExchange(3, 7);
                    global.atomicCompareExchange(4, 0, i + 1);
                    l.atomicAdd(0, 2);
                    l.atomicMin(1, i);
                    l.atomicMax(2, i);
                    l.atomicExchange(3, 9);
                    l.atomicCompareExchange(4, 0, 5);
                    it.barrier(Fence.LOCAL);
                    if (lid == 0) {
                        for (int j = 0; j < 5; j++) {
                            res.set(it.groupId(0) * 5 + j, l.get(j));
                        }
                    }
                });
            });
        }
        assertThat(Arrays.copyOf(g, 4)).containsExactly(n, 0, n - 1, 7);
        assertThat(g[4]).as("the one compare-exchange that found 0 stored its work-item's id + 1").isBetween(1, n);
        for (int grp = 0; grp < n / wg; grp++) {
            assertThat(Arrays.copyOfRange(perGroup, grp * 5, grp * 5 + 5)).as("group %d's local memory", grp)
                    .containsExactly(2 * wg, grp * wg, grp * wg + wg - 1, 9, 5);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void longAtomicsOnGlobalAndLocalMemoryAreExact(Device device) {
        assumeTrue(device.hasAspect(Aspect.ATOMIC64), "no 64-bit atomics on " + device);
        int n = 256;
        int wg = 64;
        long[] g = {0, Long.MAX_VALUE, Long.MIN_VALUE, 0, 0};
        long[] perGroup = new long[n / wg * 2];
        try (var q = new Queue(device); var bg = Buffer.of(g); var bp = Buffer.of(perGroup)) {
            q.submit(h -> {
                var global = bg.readWrite(h);
                var res = bp.write(h);
                var l = LocalAccessor.ofLong(h, 2);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(wg)), it -> {
                    int i = it.globalId(0);
                    if (it.localId(0) == 0) {
                        l.set(0, 0L);
                        l.set(1, Long.MAX_VALUE);
                    }
                    it.barrier(Fence.LOCAL);
                    long big = (long) i << 33; // past 32 bits: a 32-bit atomic would lose it
                    global.atomicAdd(0, big);
                    global.atomicMin(1, big);
                    global.atomicMax(2, big);
                    global.atomicExchange(3, 5L << 40);
                    global.atomicCompareExchange(4, 0L, big + 1);
                    l.atomicAdd(0, 1L << 32);
                    l.atomicMin(1, big);
                    it.barrier(Fence.LOCAL);
                    if (it.localId(0) == 0) {
                        res.set(it.groupId(0) * 2, l.get(0));
                        res.set(it.groupId(0) * 2 + 1, l.get(1));
                    }
                });
            });
        }
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += (long) i << 33;
        }
        assertThat(Arrays.copyOf(g, 4)).containsExactly(sum, 0L, (long) (n - 1) << 33, 5L << 40);
        assertThat(g[4]).as("the one compare-exchange that found 0 stored (i << 33) + 1")
                .isBetween(1L, ((long) (n - 1) << 33) + 1).matches(v -> (v & ((1L << 33) - 1)) == 1, "(i << 33) + 1");
        for (int grp = 0; grp < n / wg; grp++) {
            assertThat(perGroup[grp * 2]).as("group %d's sum", grp).isEqualTo((long) wg << 32);
            assertThat(perGroup[grp * 2 + 1]).as("group %d's minimum", grp).isEqualTo((long) (grp * wg) << 33);
        }
    }

    /**
     * Float atomics keep Java's semantics: sums of 0.5 and 0.25 (exact in any order), Math.min and Math.max (0.0 above
     * -0.0), and a compare-exchange that compares bits, so 0.0 does not match -0.0 nor -0.0 match 0.0.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void floatAtomicsFollowJavaAndCompareExchangeComparesBits(Device device) {
        int n = 256;
        int wg = 64;
        float[] g = {0f, 1e9f, -1e9f, 0f, 0f, -0f};
        float[] perGroup = new float[n / wg * 3];
        try (var q = new Queue(device); var bg = Buffer.of(g); var bp = Buffer.of(perGroup)) {
            q.submit(h -> {
                var global = bg.readWrite(h);
                var res = bp.write(h);
                var l = LocalAccessor.ofFloat(h, 3);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(wg)), it -> {
                    int i = it.globalId(0);
                    if (it.localId(0) == 0) {
                        l.set(0, 0f);
                        l.set(1, Float.POSITIVE_INFINITY);
                        l.set(2, -0f);
                    }
                    it.barrier(Fence.LOCAL);
                    global.atomicAdd(0, 0.5f);
                    global.atomicMin(1, i - 100.25f);
                    global.atomicMax(2, i * 2f);
                    global.atomicExchange(3, 1.5f);
                    global.atomicCompareExchange(4, -0f, 2f);
                    global.atomicCompareExchange(5, 0f, 2f);
                    l.atomicAdd(0, 0.25f);
                    l.atomicMin(1, i * 1f);
                    l.atomicMax(2, 0f);
                    it.barrier(Fence.LOCAL);
                    if (it.localId(0) == 0) {
                        for (int j = 0; j < 3; j++) {
                            res.set(it.groupId(0) * 3 + j, l.get(j));
                        }
                    }
                });
            });
        }
        assertThat(Arrays.copyOf(g, 4)).containsExactly(n * 0.5f, -100.25f, (n - 1) * 2f, 1.5f);
        assertThat(Float.floatToRawIntBits(g[4])).as("0.0 is not replaced: it is not -0.0").isZero();
        assertThat(Float.floatToRawIntBits(g[5])).as("-0.0 is not replaced: it is not 0.0")
                .isEqualTo(Float.floatToRawIntBits(-0f));
        for (int grp = 0; grp < n / wg; grp++) {
            assertThat(perGroup[grp * 3]).as("group %d's sum", grp).isEqualTo(wg * 0.25f);
            assertThat(perGroup[grp * 3 + 1]).as("group %d's minimum", grp).isEqualTo(grp * wg * 1f);
            assertThat(Float.floatToRawIntBits(perGroup[grp * 3 + 2])).as("Math.max(-0f, 0f) is 0f").isZero();
        }
    }

    // ---------------------------------------------------------------- records, arrays and device functions

    record Scale(float factor, int shift) {
    }

    /** A record of a record, an accessor and an array. */
    record Job(Scale scale, io.jsycl.Accessor.OfFloat out, int[] table) {
    }

    @ParameterizedTest
    @MethodSource("devices")
    void nestedRecordsWithAccessorsAndArraysMatchJava(Device device) {
        int n = 100;
        float[] out = new float[n];
        float[] weights = {0.5f, 1.5f, -2f};
        int[] table = {1, 2, 3, 4, 5};
        try (var q = new Queue(device); var bo = Buffer.of(out)) {
            q.submit(h -> {
                Job job = new Job(new Scale(3f, 2), bo.write(h), table);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    float w = weights[i % weights.length];
                    int t = job.table()[i % job.table().length];
                    job.out().set(i, w * job.scale().factor() + (t << job.scale().shift()));
                });
            });
        }
        for (int i = 0; i < n; i++) {
            float expected = weights[i % weights.length] * 3f + (table[i % table.length] << 2);
            assertThat(Float.floatToIntBits(out[i])).as("out[%d]", i).isEqualTo(Float.floatToIntBits(expected));
        }
    }

    static float weighted(Job job, float[] w, int i) {
        return w[i % w.length] * job.scale().factor();
    }

    static void fill(LocalAccessor.OfFloat l, int i, float v) {
        l.set(i, v);
    }

    /** A record holding an accessor, a captured array and a local accessor, each an argument of a device function. */
    @ParameterizedTest
    @MethodSource("devices")
    void recordsArraysAndLocalAccessorsPassToDeviceFunctions(Device device) {
        int n = 64;
        int wg = 16;
        float[] out = new float[n];
        float[] w = {1f, 2f, 3f};
        try (var q = new Queue(device); var bo = Buffer.of(out)) {
            q.submit(h -> {
                Job job = new Job(new Scale(2f, 0), bo.write(h), new int[] {1});
                var l = LocalAccessor.ofFloat(h, wg);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(wg)), it -> {
                    int i = it.globalId(0);
                    fill(l, it.localId(0), weighted(job, w, i));
                    it.barrier();
                    job.out().set(i, l.get(0));
                });
            });
        }
        for (int i = 0; i < n; i++) {
            assertThat(out[i]).as("out[%d]: its group's first work-item's value", i).isEqualTo(w[(i / wg * wg) % 3] * 2f);
        }
    }

    // ---------------------------------------------------------------- reductions

    private static int[] reductionData(int n) {
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = (i * 2654435761L % 1000003 > 500000 ? 1 : -1) * (int) (i * 2654435761L % 1000003);
        }
        return in;
    }

    /**
     * An unchecked reduction launches at most 16 groups of at most 256 work-items per compute unit (the runtime's
     * Reductions), and each work-item runs the items its id reaches in strides of the launch: four per trip, then the
     * rest. Nine launches' worth and a ragged part make every work-item take two trips of four and a rest of one or
     * two items.
     */
    private static int stridingItems(Device device) {
        return 9 * Math.max(1, device.maxComputeUnits()) * 16 * 256 + 1001;
    }

    /**
     * Sum, min and max of ints, a custom operation (xor: an item run twice or never changes the result), the max of
     * floats and a sum of longs past 32 bits, each combined with the output's prior value.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void reductionsWhoseWorkItemsStrideOverManyItemsAreExact(Device device) {
        int n = stridingItems(device);
        int[] values = reductionData(n);
        float[] floats = new float[n];
        for (int i = 0; i < n; i++) {
            floats[i] = (i * 37 % 1001) - 500.5f;
        }
        int[] sum = {5};
        int[] min = {0};
        int[] max = {Integer.MIN_VALUE};
        int[] xor = {0x5a5a};
        float[] fmax = {Float.NEGATIVE_INFINITY};
        long[] lsum = {1};
        try (var q = new Queue(device); var bv = Buffer.of(values); var bf = Buffer.of(floats); var bs = Buffer.of(sum);
             var bmin = Buffer.of(min); var bmax = Buffer.of(max); var bx = Buffer.of(xor); var bfm = Buffer.of(fmax);
             var bl = Buffer.of(lsum)) {
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
                h.parallelFor(Range.of(n), Reduction.of(bx, 0, (a, b) -> a ^ b), (it, r) -> r.combine(v.get(it.id(0))));
            });
            q.submit(h -> {
                var f = bf.read(h);
                h.parallelFor(Range.of(n), Reduction.max(bfm), (it, m) -> m.combine(f.get(it.id(0))));
            });
            q.submit(h -> {
                var v = bv.read(h);
                h.parallelFor(Range.of(n), Reduction.sum(bl), (it, s) -> s.combine((long) v.get(it.id(0)) << 20));
            });
        }
        int expectedSum = 5;
        int expectedMin = 0;
        int expectedMax = Integer.MIN_VALUE;
        int expectedXor = 0x5a5a;
        float expectedFmax = Float.NEGATIVE_INFINITY;
        long expectedLong = 1;
        for (int i = 0; i < n; i++) {
            expectedSum += values[i];
            expectedMin = Math.min(expectedMin, values[i]);
            expectedMax = Math.max(expectedMax, values[i]);
            expectedXor ^= values[i];
            expectedFmax = Math.max(expectedFmax, floats[i]);
            expectedLong += (long) values[i] << 20;
        }
        assertThat(sum[0]).as("int sum over %d items", n).isEqualTo(expectedSum);
        assertThat(min[0]).as("int min").isEqualTo(expectedMin);
        assertThat(max[0]).as("int max").isEqualTo(expectedMax);
        assertThat(xor[0]).as("custom xor").isEqualTo(expectedXor);
        assertThat(Float.floatToIntBits(fmax[0])).as("float max").isEqualTo(Float.floatToIntBits(expectedFmax));
        assertThat(lsum[0]).as("long sum").isEqualTo(expectedLong);
    }

    /**
     * A checked reduction runs one work-item per item, and its custom operation, a device function, is called with the
     * failure flag in the body and where the kernel combines the work-items' values.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void aCheckedCustomReductionIsExact(Device device) {
        int n = 300;
        int[] in = new int[n];
        int expected = 0;
        for (int i = 0; i < n; i++) {
            in[i] = 1 << (i % 29);
            expected |= in[i];
        }
        int[] out = {0};
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                h.checked();
                var v = bi.read(h);
                h.parallelFor(Range.of(n), Reduction.of(bo, 0, (a, b) -> a | b), (it, r) -> r.combine(v.get(it.id(0))));
            });
        }
        assertThat(out[0]).isEqualTo(expected);
    }

    // ---------------------------------------------------------------- built-ins

    @ParameterizedTest
    @MethodSource("devices")
    void builtinsAndMathAdditionsOverTheIntLimitsMatchJava(Device device) {
        int[] values = {0, 1, -1, 7, -7, 100, Integer.MIN_VALUE, Integer.MAX_VALUE, 12345, -98765};
        int n = values.length;
        int[] ints = values.clone();
        float[] floats = new float[n];
        try (var q = new Queue(device); var bi = Buffer.of(ints); var bf = Buffer.of(floats)) {
            q.submit(h -> {
                var xs = bi.readWrite(h);
                var fs = bf.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    int x = xs.get(i);
                    xs.set(i, Builtins.clamp(x, -5, 5) + Builtins.popcount(x) * 100 + Builtins.clz(x) * 10000
                            + Math.floorMod(x, 7) * 1000000 + Integer.highestOneBit(x) + Math.floorDiv(x, -3));
                    fs.set(i, Math.signum((float) x) + (float) Long.reverse(x));
                });
            });
        }
        for (int i = 0; i < n; i++) {
            int x = values[i];
            assertThat(ints[i]).as("ints of %d", x).isEqualTo(Builtins.clamp(x, -5, 5) + Builtins.popcount(x) * 100
                    + Builtins.clz(x) * 10000 + Math.floorMod(x, 7) * 1000000 + Integer.highestOneBit(x)
                    + Math.floorDiv(x, -3));
            assertThat(Float.floatToIntBits(floats[i])).as("floats of %d", x)
                    .isEqualTo(Float.floatToIntBits(Math.signum((float) x) + (float) Long.reverse(x)));
        }
    }

    // ---------------------------------------------------------------- private arrays

    static final int WINDOW = 8;

    /** A device function with private arrays of the small element types; Java's own result is its call here. */
    static int mixBytes(int seed) {
        byte[] b = new byte[4];
        for (int k = 0; k < b.length; k++) {
            b[k] = (byte) (seed >> (8 * k));
        }
        short[] s = new short[2];
        s[0] = (short) (b[0] * b[1] * 301);
        s[1] = (short) (b[2] - b[3]);
        char[] c = new char[1];
        c[0] = (char) (seed * 31);
        boolean[] z = new boolean[2];
        z[1] = seed % 3 == 0;
        return s[0] + s[1] + c[0] + (z[1] ? 1 : 0) + (z[0] ? 100 : 0);
    }

    /**
     * Private arrays of constant length of every element type: a window sorted in place, a long array summed into one
     * element, a fresh array read as zeros, and the small types in a device function.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void privateArraysOfEveryElementTypeWorkLikeJavaArrays(Device device) {
        int n = 200;
        float[] in = new float[n];
        for (int i = 0; i < n; i++) {
            in[i] = (i * 37 % 101) * 0.25f - 7f;
        }
        float[] out = new float[n];
        int[] mixed = new int[n];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out); var bm = Buffer.of(mixed)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                var m = bm.write(h);
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    float[] window = new float[WINDOW];
                    for (int k = 0; k < window.length; k++) {
                        window[k] = a.get((i + k) % a.size());
                    }
                    for (int j = 1; j < WINDOW; j++) {
                        float v = window[j];
                        int b = j - 1;
                        while (b >= 0 && window[b] > v) {
                            window[b + 1] = window[b];
                            b--;
                        }
                        window[b + 1] = v;
                    }
                    long[] acc = new long[2];
                    acc[i % 2] += (long) i << 33;
                    int[] fresh = new int[3];
                    o.set(i, window[3] * 2f + window[WINDOW - 1] + (acc[0] >> 33) + fresh[i % 3]);
                    m.set(i, mixBytes(i * -1640531535));
                });
            });
        }
        for (int i = 0; i < n; i++) {
            float[] window = new float[WINDOW];
            for (int k = 0; k < WINDOW; k++) {
                window[k] = in[(i + k) % n];
            }
            Arrays.sort(window); // no NaN nor -0.0 among the inputs: the insertion sort's order
            long acc0 = i % 2 == 0 ? (long) i << 33 : 0;
            int fresh = 0; // an element of the kernel's new int[3]
            float expected = window[3] * 2f + window[WINDOW - 1] + (acc0 >> 33) + fresh;
            assertThat(Float.floatToIntBits(out[i])).as("out[%d]", i).isEqualTo(Float.floatToIntBits(expected));
            assertThat(mixed[i]).as("mixed[%d]", i).isEqualTo(mixBytes(i * -1640531535));
        }
    }
}
