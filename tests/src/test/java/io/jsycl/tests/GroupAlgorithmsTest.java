package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.GroupOp;
import io.jsycl.KernelLoweringException;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.Range;
import org.assertj.core.data.Offset;
import java.util.SplittableRandom;
import java.util.function.LongBinaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The work-group algorithms of {@code NdItem} on every device: integer results against a plain Java loop over each
 * group, bit for bit; floating-point results bit for bit (any NaN counting as one) against the host device (the same
 * combining order everywhere) and, for sums, within rounding of an exact sum.
 */
class GroupAlgorithmsTest {
    /** Not a power of two: the reduction tree's odd ends and the scan's last step are exercised. */
    private static final int GROUP = 96;
    private static final int GROUPS = 12;
    private static final int N = GROUP * GROUPS;
    private static final int ALGORITHMS = 21;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    private static int[] ints(long seed) {
        var r = new SplittableRandom(seed);
        int[] v = new int[N];
        for (int i = 0; i < N; i++) {
            v[i] = i % 17 == 0 ? Integer.MIN_VALUE + i : i % 13 == 0 ? Integer.MAX_VALUE - i : r.nextInt();
        }
        return v;
    }

    /** Reduce, inclusive scan and exclusive scan of every GroupOp, in that order, 21 values per work-item. */
    private static int[] intAlgorithms(Device device, int[] in) {
        int[] out = new int[N * ALGORITHMS];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(N), Range.of(GROUP)), it -> {
                    int g = it.globalId(0);
                    int x = a.get(g);
                    int b = g * ALGORITHMS;
                    o.set(b, it.reduceOverGroup(x, GroupOp.SUM));
                    o.set(b + 1, it.reduceOverGroup(x, GroupOp.PRODUCT));
                    o.set(b + 2, it.reduceOverGroup(x, GroupOp.MIN));
                    o.set(b + 3, it.reduceOverGroup(x, GroupOp.MAX));
                    o.set(b + 4, it.reduceOverGroup(x, GroupOp.AND));
                    o.set(b + 5, it.reduceOverGroup(x, GroupOp.OR));
                    o.set(b + 6, it.reduceOverGroup(x, GroupOp.XOR));
                    o.set(b + 7, it.inclusiveScanOverGroup(x, GroupOp.SUM));
                    o.set(b + 8, it.inclusiveScanOverGroup(x, GroupOp.PRODUCT));
                    o.set(b + 9, it.inclusiveScanOverGroup(x, GroupOp.MIN));
                    o.set(b + 10, it.inclusiveScanOverGroup(x, GroupOp.MAX));
                    o.set(b + 11, it.inclusiveScanOverGroup(x, GroupOp.AND));
                    o.set(b + 12, it.inclusiveScanOverGroup(x, GroupOp.OR));
                    o.set(b + 13, it.inclusiveScanOverGroup(x, GroupOp.XOR));
                    o.set(b + 14, it.exclusiveScanOverGroup(x, GroupOp.SUM));
                    o.set(b + 15, it.exclusiveScanOverGroup(x, GroupOp.PRODUCT));
                    o.set(b + 16, it.exclusiveScanOverGroup(x, GroupOp.MIN));
                    o.set(b + 17, it.exclusiveScanOverGroup(x, GroupOp.MAX));
                    o.set(b + 18, it.exclusiveScanOverGroup(x, GroupOp.AND));
                    o.set(b + 19, it.exclusiveScanOverGroup(x, GroupOp.OR));
                    o.set(b + 20, it.exclusiveScanOverGroup(x, GroupOp.XOR));
                });
            });
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void intReduceAndScansOfEveryOperationMatchAJavaLoop(Device device) {
        int[] in = ints(1);
        int[] out = intAlgorithms(device, in);
        LongBinaryOperator[] ops = {(a, b) -> a + b, (a, b) -> a * b, Math::min, Math::max, (a, b) -> a & b,
                (a, b) -> a | b, (a, b) -> a ^ b};
        int[] identities = {0, 1, Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0, 0};
        for (int group = 0; group < GROUPS; group++) {
            for (int k = 0; k < ops.length; k++) {
                int total = identities[k];
                for (int l = 0; l < GROUP; l++) {
                    total = (int) ops[k].applyAsLong(total, in[group * GROUP + l]);
                }
                int prefix = identities[k];
                for (int l = 0; l < GROUP; l++) {
                    int g = group * GROUP + l;
                    int exclusive = prefix;
                    prefix = (int) ops[k].applyAsLong(prefix, in[g]);
                    assertThat(out[g * ALGORITHMS + k]).as("reduce op %d, item %d", k, g).isEqualTo(total);
                    assertThat(out[g * ALGORITHMS + 7 + k]).as("inclusive scan op %d, item %d", k, g).isEqualTo(prefix);
                    assertThat(out[g * ALGORITHMS + 14 + k]).as("exclusive scan op %d, item %d", k, g)
                            .isEqualTo(exclusive);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void longScansAndBroadcastAndPredicatesMatchAJavaLoop(Device device) {
        long[] in = new long[N];
        var r = new SplittableRandom(2);
        for (int i = 0; i < N; i++) {
            in[i] = r.nextLong();
        }
        long[] out = new long[N * 4];
        int[] flags = new int[N * 3];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out); var bf = Buffer.of(flags)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                var f = bf.write(h);
                h.parallelFor(NdRange.of(Range.of(N), Range.of(GROUP)), it -> {
                    int g = it.globalId(0);
                    long x = a.get(g);
                    o.set(g * 4, it.reduceOverGroup(x, GroupOp.SUM));
                    o.set(g * 4 + 1, it.inclusiveScanOverGroup(x, GroupOp.MAX));
                    o.set(g * 4 + 2, it.exclusiveScanOverGroup(x, GroupOp.XOR));
                    o.set(g * 4 + 3, it.groupBroadcast(x, it.groupId(0) % GROUP));
                    int lid = it.localId(0);
                    // Group 0: every item's predicate holds; group 1: none; others: only the group id-th item's.
                    boolean p = it.groupId(0) == 0 || it.groupId(0) != 1 && lid == it.groupId(0);
                    f.set(g * 3, it.anyOfGroup(p) ? 1 : 0);
                    f.set(g * 3 + 1, it.allOfGroup(p) ? 1 : 0);
                    f.set(g * 3 + 2, it.noneOfGroup(p) ? 1 : 0);
                });
            });
        }
        for (int group = 0; group < GROUPS; group++) {
            long sum = 0;
            for (int l = 0; l < GROUP; l++) {
                sum += in[group * GROUP + l];
            }
            long max = Long.MIN_VALUE;
            long xor = 0;
            for (int l = 0; l < GROUP; l++) {
                int g = group * GROUP + l;
                max = Math.max(max, in[g]);
                assertThat(out[g * 4]).as("sum, item %d", g).isEqualTo(sum);
                assertThat(out[g * 4 + 1]).as("inclusive max, item %d", g).isEqualTo(max);
                assertThat(out[g * 4 + 2]).as("exclusive xor, item %d", g).isEqualTo(xor);
                assertThat(out[g * 4 + 3]).as("broadcast, item %d", g).isEqualTo(in[group * GROUP + group % GROUP]);
                xor ^= in[g];
                boolean any = group != 1;
                boolean all = group == 0;
                assertThat(flags[g * 3]).as("any, item %d", g).isEqualTo(any ? 1 : 0);
                assertThat(flags[g * 3 + 1]).as("all, item %d", g).isEqualTo(all ? 1 : 0);
                assertThat(flags[g * 3 + 2]).as("none, item %d", g).isEqualTo(any ? 0 : 1);
            }
        }
    }

    private static float[] floats() {
        var r = new SplittableRandom(3);
        float[] v = new float[N];
        for (int i = 0; i < N; i++) {
            v[i] = (float) ((r.nextDouble() - 0.5) * Math.pow(2, r.nextInt(-20, 20)));
        }
        v[5] = -0.0f; // MIN and MAX tell -0.0 from 0.0
        v[GROUP + 7] = Float.NaN; // NaN wins MIN and MAX in group 1
        return v;
    }

    private static float[] floatAlgorithms(Device device, float[] in) {
        float[] out = new float[N * 6];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(N), Range.of(GROUP)), it -> {
                    int g = it.globalId(0);
                    float x = a.get(g);
                    o.set(g * 6, it.reduceOverGroup(x, GroupOp.SUM));
                    o.set(g * 6 + 1, it.reduceOverGroup(x, GroupOp.MIN));
                    o.set(g * 6 + 2, it.reduceOverGroup(x, GroupOp.MAX));
                    o.set(g * 6 + 3, it.inclusiveScanOverGroup(x, GroupOp.SUM));
                    o.set(g * 6 + 4, it.exclusiveScanOverGroup(x, GroupOp.PRODUCT));
                    o.set(g * 6 + 5, it.groupBroadcast(x, 3));
                });
            });
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void floatResultsAreTheHostDevicesBitForBitAndSumsAreSums(Device device) {
        float[] in = floats();
        float[] out = floatAlgorithms(device, in);
        float[] host = floatAlgorithms(Device.host(), in);
        for (int i = 0; i < out.length; i++) {
            assertThat(Float.floatToIntBits(out[i])).as("value %d (item %d, algorithm %d): %s vs host %s", i, i / 6,
                    i % 6, out[i], host[i]).isEqualTo(Float.floatToIntBits(host[i]));
        }
        for (int group = 0; group < GROUPS; group++) {
            double exact = 0;
            float min = Float.POSITIVE_INFINITY;
            float max = Float.NEGATIVE_INFINITY;
            double magnitude = 0;
            for (int l = 0; l < GROUP; l++) {
                float x = in[group * GROUP + l];
                exact += x;
                magnitude += Math.abs(x);
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
            int first = group * GROUP * 6;
            assertThat(Float.floatToIntBits(host[first + 1])).as("min, group %d", group)
                    .isEqualTo(Float.floatToIntBits(min));
            assertThat(Float.floatToIntBits(host[first + 2])).as("max, group %d", group)
                    .isEqualTo(Float.floatToIntBits(max));
            if (!Double.isNaN(exact)) {
                // A float sum of 96 terms in any order: within 96 roundings of the sum of magnitudes.
                assertThat((double) host[first]).as("sum, group %d", group)
                        .isCloseTo(exact, Offset.offset(GROUP * magnitude * 0x1p-24));
            }
            assertThat(host[first + 5]).isEqualTo(in[group * GROUP + 3]);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aTwoDimensionalGroupScansInLocalLinearIdOrder(Device device) {
        int rows = 8;
        int cols = 12;
        int[] out = new int[rows * cols * 4];
        try (var q = new Queue(device); var bo = Buffer.of(out, Range.of(rows * 2, cols * 2))) {
            q.submit(h -> {
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(rows * 2, cols * 2), Range.of(rows, cols)), it -> {
                    int linear = (int) it.localLinearId();
                    int scan = it.inclusiveScanOverGroup(linear, GroupOp.SUM);
                    int last = it.groupBroadcast(linear, rows * cols - 1);
                    o.set(it.globalId(0), it.globalId(1), scan * 1000 + last);
                });
            });
        }
        for (int r = 0; r < rows * 2; r++) {
            for (int c = 0; c < cols * 2; c++) {
                int linear = (r % rows) * cols + c % cols;
                assertThat(out[r * cols * 2 + c]).as("(%d, %d)", r, c)
                        .isEqualTo(linear * (linear + 1) / 2 * 1000 + rows * cols - 1);
            }
        }
    }

    @Test
    void aBitwiseOperationOverFloatsIsRejectedWithTheConstructAndTheFix() {
        try (var q = new Queue(Device.host()); var b = Buffer.of(new float[64])) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = b.readWrite(h);
                h.parallelFor(NdRange.of(Range.of(64), Range.of(64)), it -> {
                    o.set(it.globalId(0), it.reduceOverGroup(o.get(it.globalId(0)), GroupOp.XOR));
                });
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("GroupOp.XOR over float values")
                    .hasMessageContaining("GroupAlgorithmsTest.java")
                    .hasMessageContaining("for int and long");
        }
    }
}
