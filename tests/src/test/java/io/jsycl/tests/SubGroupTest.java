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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleBinaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The sub-group operations of {@code NdItem} on every device against a plain Java model of the documented orders
 * (an xor butterfly over 32 lanes, the missing ones holding the identity; a Hillis–Steele scan; shuffles that read
 * the caller's own value outside the sub-group), bit for bit for every type, floating point included (any NaN
 * counting as one). Work-groups of 100 and 48 end with a partial sub-group; a group of 1 is a sub-group of 1.
 */
class SubGroupTest {
    private static final int GROUPS = 5;
    private static final int ALGORITHMS = 21;
    private static final int FLOAT_ALGORITHMS = 12;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    static Stream<Arguments> devicesAndGroupSizes() {
        return TestDevices.all().flatMap(d -> Stream.of(100, 48, 1).map(size -> Arguments.of(d, size)));
    }

    // The documented orders, on one sub-group's values (an int's, a long's, or a float's or double's bits).

    /** The reduce: an xor butterfly over 32 lanes, lanes past the sub-group's end holding the identity. */
    static long[] butterfly(long[] v, LongBinaryOperator op, long identity) {
        long[] lanes = new long[32];
        Arrays.fill(lanes, identity);
        System.arraycopy(v, 0, lanes, 0, v.length);
        for (int k = 1; k < 32; k <<= 1) {
            long[] next = new long[32];
            for (int lane = 0; lane < 32; lane++) {
                next[lane] = op.applyAsLong(lanes[lane], lanes[lane ^ k]);
            }
            lanes = next;
        }
        return Arrays.copyOf(lanes, v.length);
    }

    /** The inclusive scan: Hillis–Steele, {@code if (lane >= d) v = op(v[lane - d], v)}. */
    static long[] hillisSteele(long[] v, LongBinaryOperator op) {
        for (int d = 1; d < 32; d <<= 1) {
            long[] next = v.clone();
            for (int lane = d; lane < v.length; lane++) {
                next[lane] = op.applyAsLong(v[lane - d], v[lane]);
            }
            v = next;
        }
        return v;
    }

    /** The three algorithms of one op for every work-item: values[i * 3 + a], a = reduce, inclusive, exclusive. */
    static long[] model(long[] in, int groupSize, LongBinaryOperator op, long identity) {
        long[] out = new long[in.length * 3];
        for (int[] sub : subGroups(in.length, groupSize)) {
            int start = sub[0];
            long[] v = Arrays.copyOfRange(in, start, start + sub[1]);
            long[] reduced = butterfly(v, op, identity);
            long[] scanned = hillisSteele(v, op);
            for (int lane = 0; lane < v.length; lane++) {
                int g = start + lane;
                out[g * 3] = reduced[lane];
                out[g * 3 + 1] = scanned[lane];
                out[g * 3 + 2] = lane == 0 ? identity : scanned[lane - 1];
            }
        }
        return out;
    }

    /** Where sub-groups start: every 32 work-items of each work-group. */
    static List<int[]> subGroups(int n, int groupSize) {
        var list = new ArrayList<int[]>();
        for (int group = 0; group < n; group += groupSize) {
            for (int start = group; start < group + groupSize; start += 32) {
                list.add(new int[] {start, Math.min(32, group + groupSize - start)});
            }
        }
        return list;
    }

    private static final LongBinaryOperator[] INT_OPS = {(a, b) -> (int) (a + b), (a, b) -> (int) (a * b), Math::min,
            Math::max, (a, b) -> a & b, (a, b) -> a | b, (a, b) -> a ^ b};
    private static final long[] INT_IDENTITIES = {0, 1, Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0, 0};

    private static int[] intAlgorithms(Device device, int[] in, int groupSize) {
        int n = in.length;
        int[] out = new int[n * ALGORITHMS];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(groupSize)), it -> {
                    int g = it.globalId(0);
                    int x = a.get(g);
                    int b = g * ALGORITHMS;
                    o.set(b, it.reduceOverSubGroup(x, GroupOp.SUM));
                    o.set(b + 1, it.reduceOverSubGroup(x, GroupOp.PRODUCT));
                    o.set(b + 2, it.reduceOverSubGroup(x, GroupOp.MIN));
                    o.set(b + 3, it.reduceOverSubGroup(x, GroupOp.MAX));
                    o.set(b + 4, it.reduceOverSubGroup(x, GroupOp.AND));
                    o.set(b + 5, it.reduceOverSubGroup(x, GroupOp.OR));
                    o.set(b + 6, it.reduceOverSubGroup(x, GroupOp.XOR));
                    o.set(b + 7, it.inclusiveScanOverSubGroup(x, GroupOp.SUM));
                    o.set(b + 8, it.inclusiveScanOverSubGroup(x, GroupOp.PRODUCT));
                    o.set(b + 9, it.inclusiveScanOverSubGroup(x, GroupOp.MIN));
                    o.set(b + 10, it.inclusiveScanOverSubGroup(x, GroupOp.MAX));
                    o.set(b + 11, it.inclusiveScanOverSubGroup(x, GroupOp.AND));
                    o.set(b + 12, it.inclusiveScanOverSubGroup(x, GroupOp.OR));
                    o.set(b + 13, it.inclusiveScanOverSubGroup(x, GroupOp.XOR));
                    o.set(b + 14, it.exclusiveScanOverSubGroup(x, GroupOp.SUM));
                    o.set(b + 15, it.exclusiveScanOverSubGroup(x, GroupOp.PRODUCT));
                    o.set(b + 16, it.exclusiveScanOverSubGroup(x, GroupOp.MIN));
                    o.set(b + 17, it.exclusiveScanOverSubGroup(x, GroupOp.MAX));
                    o.set(b + 18, it.exclusiveScanOverSubGroup(x, GroupOp.AND));
                    o.set(b + 19, it.exclusiveScanOverSubGroup(x, GroupOp.OR));
                    o.set(b + 20, it.exclusiveScanOverSubGroup(x, GroupOp.XOR));
                });
            });
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("devicesAndGroupSizes")
    void intReduceAndScansOfEveryOperationFollowTheDocumentedOrder(Device device, int groupSize) {
        int n = groupSize * GROUPS;
        var r = new SplittableRandom(groupSize);
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            // Small odd factors keep some products from collapsing to 0; the extremes exercise wrapping.
            in[i] = i % 11 == 0 ? Integer.MIN_VALUE + i : i % 7 == 0 ? r.nextInt() : r.nextInt(-9, 10) | 1;
        }
        int[] out = intAlgorithms(device, in, groupSize);
        long[] wide = Arrays.stream(in).asLongStream().toArray();
        for (int k = 0; k < INT_OPS.length; k++) {
            long[] expected = model(wide, groupSize, INT_OPS[k], INT_IDENTITIES[k]);
            for (int g = 0; g < n; g++) {
                for (int a = 0; a < 3; a++) {
                    assertThat(out[g * ALGORITHMS + a * 7 + k]).as("algorithm %d, op %d, item %d (group of %d)", a, k,
                            g, groupSize).isEqualTo((int) expected[g * 3 + a]);
                }
            }
        }
    }

    private static final LongBinaryOperator[] LONG_OPS = {Long::sum, (a, b) -> a * b, Math::min, Math::max,
            (a, b) -> a & b, (a, b) -> a | b, (a, b) -> a ^ b};
    private static final long[] LONG_IDENTITIES = {0, 1, Long.MAX_VALUE, Long.MIN_VALUE, -1, 0, 0};

    @ParameterizedTest
    @MethodSource("devices")
    void longReduceAndScansOfEveryOperationFollowTheDocumentedOrder(Device device) {
        int groupSize = 100;
        int n = groupSize * GROUPS;
        var r = new SplittableRandom(4);
        long[] in = new long[n];
        for (int i = 0; i < n; i++) {
            in[i] = i % 5 == 0 ? r.nextLong() : r.nextLong(-1000, 1000) | 1;
        }
        long[] out = new long[n * ALGORITHMS];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(groupSize)), it -> {
                    int g = it.globalId(0);
                    long x = a.get(g);
                    int b = g * ALGORITHMS;
                    o.set(b, it.reduceOverSubGroup(x, GroupOp.SUM));
                    o.set(b + 1, it.reduceOverSubGroup(x, GroupOp.PRODUCT));
                    o.set(b + 2, it.reduceOverSubGroup(x, GroupOp.MIN));
                    o.set(b + 3, it.reduceOverSubGroup(x, GroupOp.MAX));
                    o.set(b + 4, it.reduceOverSubGroup(x, GroupOp.AND));
                    o.set(b + 5, it.reduceOverSubGroup(x, GroupOp.OR));
                    o.set(b + 6, it.reduceOverSubGroup(x, GroupOp.XOR));
                    o.set(b + 7, it.inclusiveScanOverSubGroup(x, GroupOp.SUM));
                    o.set(b + 8, it.inclusiveScanOverSubGroup(x, GroupOp.PRODUCT));
                    o.set(b + 9, it.inclusiveScanOverSubGroup(x, GroupOp.MIN));
                    o.set(b + 10, it.inclusiveScanOverSubGroup(x, GroupOp.MAX));
                    o.set(b + 11, it.inclusiveScanOverSubGroup(x, GroupOp.AND));
                    o.set(b + 12, it.inclusiveScanOverSubGroup(x, GroupOp.OR));
                    o.set(b + 13, it.inclusiveScanOverSubGroup(x, GroupOp.XOR));
                    o.set(b + 14, it.exclusiveScanOverSubGroup(x, GroupOp.SUM));
                    o.set(b + 15, it.exclusiveScanOverSubGroup(x, GroupOp.PRODUCT));
                    o.set(b + 16, it.exclusiveScanOverSubGroup(x, GroupOp.MIN));
                    o.set(b + 17, it.exclusiveScanOverSubGroup(x, GroupOp.MAX));
                    o.set(b + 18, it.exclusiveScanOverSubGroup(x, GroupOp.AND));
                    o.set(b + 19, it.exclusiveScanOverSubGroup(x, GroupOp.OR));
                    o.set(b + 20, it.exclusiveScanOverSubGroup(x, GroupOp.XOR));
                });
            });
        }
        for (int k = 0; k < LONG_OPS.length; k++) {
            long[] expected = model(in, groupSize, LONG_OPS[k], LONG_IDENTITIES[k]);
            for (int g = 0; g < n; g++) {
                for (int a = 0; a < 3; a++) {
                    assertThat(out[g * ALGORITHMS + a * 7 + k]).as("algorithm %d, op %d, item %d", a, k, g)
                            .isEqualTo(expected[g * 3 + a]);
                }
            }
        }
    }

    /** Float values over many magnitudes (so the order of a sum shows in its bits), with -0.0, NaN and infinities. */
    private static double[] floatingInputs(int n, long seed) {
        var r = new SplittableRandom(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = (r.nextDouble() - 0.5) * Math.pow(2, r.nextInt(-20, 20));
        }
        v[5] = -0.0; // MIN and MAX tell -0.0 from 0.0
        v[40] = Double.NaN; // NaN wins MIN and MAX in the second sub-group
        v[70] = Double.POSITIVE_INFINITY;
        v[98] = -0.0; // the partial sub-group of the first work-group
        return v;
    }

    /** SUM, PRODUCT, MIN, MAX of the floating-point types, on a float's ({@code wide} false) or double's bits. */
    private static LongBinaryOperator floatingOp(int k, boolean wide) {
        DoubleBinaryOperator f = switch (k) {
            case 0 -> wide ? Double::sum : (a, b) -> (float) a + (float) b;
            case 1 -> wide ? (a, b) -> a * b : (a, b) -> (float) a * (float) b;
            case 2 -> wide ? Math::min : (a, b) -> Math.min((float) a, (float) b);
            default -> wide ? Math::max : (a, b) -> Math.max((float) a, (float) b);
        };
        return wide ? (a, b) -> Double.doubleToRawLongBits(f.applyAsDouble(Double.longBitsToDouble(a),
                Double.longBitsToDouble(b)))
                : (a, b) -> Float.floatToRawIntBits((float) f.applyAsDouble(Float.intBitsToFloat((int) a),
                        Float.intBitsToFloat((int) b)));
    }

    /** Exact identities: -0.0 for SUM, so that a missing lane leaves even a -0.0 sum as it is. */
    private static final double[] FLOATING_IDENTITIES = {-0.0, 1.0, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY};

    /** The exclusive scan's lane 0 gets GroupOp's identity, +0.0 for SUM, as the work-group scans give. */
    private static long[] withScanIdentity(long[] expected, int n, int groupSize, int k, boolean wide) {
        for (int[] sub : subGroups(n, groupSize)) {
            double identity = k == 0 ? 0.0 : FLOATING_IDENTITIES[k];
            expected[sub[0] * 3 + 2] = wide ? Double.doubleToRawLongBits(identity)
                    : Float.floatToRawIntBits((float) identity);
        }
        return expected;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void floatResultsFollowTheDocumentedOrderBitForBit(Device device) {
        int groupSize = 100;
        int n = groupSize * GROUPS;
        double[] values = floatingInputs(n, 5);
        float[] in = new float[n];
        for (int i = 0; i < n; i++) {
            in[i] = (float) values[i];
        }
        float[] out = new float[n * FLOAT_ALGORITHMS];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(groupSize)), it -> {
                    int g = it.globalId(0);
                    float x = a.get(g);
                    int b = g * FLOAT_ALGORITHMS;
                    o.set(b, it.reduceOverSubGroup(x, GroupOp.SUM));
                    o.set(b + 1, it.reduceOverSubGroup(x, GroupOp.PRODUCT));
                    o.set(b + 2, it.reduceOverSubGroup(x, GroupOp.MIN));
                    o.set(b + 3, it.reduceOverSubGroup(x, GroupOp.MAX));
                    o.set(b + 4, it.inclusiveScanOverSubGroup(x, GroupOp.SUM));
                    o.set(b + 5, it.inclusiveScanOverSubGroup(x, GroupOp.PRODUCT));
                    o.set(b + 6, it.inclusiveScanOverSubGroup(x, GroupOp.MIN));
                    o.set(b + 7, it.inclusiveScanOverSubGroup(x, GroupOp.MAX));
                    o.set(b + 8, it.exclusiveScanOverSubGroup(x, GroupOp.SUM));
                    o.set(b + 9, it.exclusiveScanOverSubGroup(x, GroupOp.PRODUCT));
                    o.set(b + 10, it.exclusiveScanOverSubGroup(x, GroupOp.MIN));
                    o.set(b + 11, it.exclusiveScanOverSubGroup(x, GroupOp.MAX));
                });
            });
        }
        long[] bits = new long[n];
        for (int i = 0; i < n; i++) {
            bits[i] = Float.floatToRawIntBits(in[i]);
        }
        for (int k = 0; k < 4; k++) {
            long identity = Float.floatToRawIntBits((float) FLOATING_IDENTITIES[k]);
            long[] expected = withScanIdentity(model(bits, groupSize, floatingOp(k, false), identity), n, groupSize,
                    k, false);
            for (int g = 0; g < n; g++) {
                for (int a = 0; a < 3; a++) {
                    float want = Float.intBitsToFloat((int) expected[g * 3 + a]);
                    float got = out[g * FLOAT_ALGORITHMS + a * 4 + k];
                    assertThat(Float.floatToIntBits(got)).as("algorithm %d, op %d, item %d: %s, expected %s", a, k, g,
                            got, want).isEqualTo(Float.floatToIntBits(want));
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void doubleResultsFollowTheDocumentedOrderBitForBit(Device device) {
        int groupSize = 100;
        int n = groupSize * GROUPS;
        double[] in = floatingInputs(n, 6);
        double[] out = new double[n * FLOAT_ALGORITHMS];
        try (var q = new Queue(device); var bi = Buffer.of(in); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var a = bi.read(h);
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(groupSize)), it -> {
                    int g = it.globalId(0);
                    double x = a.get(g);
                    int b = g * FLOAT_ALGORITHMS;
                    o.set(b, it.reduceOverSubGroup(x, GroupOp.SUM));
                    o.set(b + 1, it.reduceOverSubGroup(x, GroupOp.PRODUCT));
                    o.set(b + 2, it.reduceOverSubGroup(x, GroupOp.MIN));
                    o.set(b + 3, it.reduceOverSubGroup(x, GroupOp.MAX));
                    o.set(b + 4, it.inclusiveScanOverSubGroup(x, GroupOp.SUM));
                    o.set(b + 5, it.inclusiveScanOverSubGroup(x, GroupOp.PRODUCT));
                    o.set(b + 6, it.inclusiveScanOverSubGroup(x, GroupOp.MIN));
                    o.set(b + 7, it.inclusiveScanOverSubGroup(x, GroupOp.MAX));
                    o.set(b + 8, it.exclusiveScanOverSubGroup(x, GroupOp.SUM));
                    o.set(b + 9, it.exclusiveScanOverSubGroup(x, GroupOp.PRODUCT));
                    o.set(b + 10, it.exclusiveScanOverSubGroup(x, GroupOp.MIN));
                    o.set(b + 11, it.exclusiveScanOverSubGroup(x, GroupOp.MAX));
                });
            });
        }
        long[] bits = Arrays.stream(in).mapToLong(Double::doubleToRawLongBits).toArray();
        for (int k = 0; k < 4; k++) {
            long identity = Double.doubleToRawLongBits(FLOATING_IDENTITIES[k]);
            long[] expected = withScanIdentity(model(bits, groupSize, floatingOp(k, true), identity), n, groupSize, k,
                    true);
            for (int g = 0; g < n; g++) {
                for (int a = 0; a < 3; a++) {
                    double want = Double.longBitsToDouble(expected[g * 3 + a]);
                    double got = out[g * FLOAT_ALGORITHMS + a * 4 + k];
                    assertThat(Double.doubleToLongBits(got)).as("algorithm %d, op %d, item %d: %s, expected %s", a, k,
                            g, got, want).isEqualTo(Double.doubleToLongBits(want));
                }
            }
        }
    }

    /** The source lane of each shuffle (0 shuffle, 1 xor, 2 down, 3 up) for a lane, in Java's int arithmetic. */
    private static int source(int kind, int lane) {
        return switch (kind) {
            case 0 -> shuffleArgument(0, lane);
            case 1 -> lane ^ shuffleArgument(1, lane);
            case 2 -> lane + shuffleArgument(2, lane);
            default -> lane - shuffleArgument(3, lane);
        };
    }

    /** The argument each lane passes: masks and offsets in range, past the sub-group, negative, wrapping. */
    private static int shuffleArgument(int kind, int lane) {
        return switch (kind) {
            case 0 -> lane * 7 % 37 - 2; // some below 0, some past 31
            case 1 -> new int[] {1, 16, 5, 31, 32, -1}[lane % 6];
            default -> new int[] {1, 3, 16, 31, 40, -2, Integer.MIN_VALUE}[lane % 7];
        };
    }

    @ParameterizedTest
    @MethodSource("devices")
    void shufflesReadTheirSourceLaneOrTheCallersOwnValueOutsideTheSubGroup(Device device) {
        int groupSize = 100;
        int n = groupSize * GROUPS;
        var r = new SplittableRandom(7);
        int[] ints = r.ints(n).toArray();
        long[] longs = r.longs(n).toArray();
        float[] floats = new float[n];
        double[] doubles = r.doubles(n).toArray();
        for (int i = 0; i < n; i++) {
            floats[i] = Float.intBitsToFloat(r.nextInt(0x7f000000)); // every bit pattern of a finite float
        }
        int kinds = 5;
        int[] outI = new int[n * kinds];
        long[] outL = new long[n * kinds];
        float[] outF = new float[n * kinds];
        double[] outD = new double[n * kinds];
        try (var q = new Queue(device); var bi = Buffer.of(ints); var bl = Buffer.of(longs); var bf = Buffer.of(floats);
                var bd = Buffer.of(doubles); var oi = Buffer.of(outI); var ol = Buffer.of(outL);
                var of = Buffer.of(outF); var od = Buffer.of(outD)) {
            q.submit(h -> {
                var ai = bi.read(h);
                var al = bl.read(h);
                var af = bf.read(h);
                var ad = bd.read(h);
                var wi = oi.write(h);
                var wl = ol.write(h);
                var wf = of.write(h);
                var wd = od.write(h);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(groupSize)), it -> {
                    int g = it.globalId(0);
                    int lane = it.subGroupLocalId();
                    int src = lane * 7 % 37 - 2;
                    int mask = lane % 6 == 0 ? 1 : lane % 6 == 1 ? 16 : lane % 6 == 2 ? 5 : lane % 6 == 3 ? 31
                            : lane % 6 == 4 ? 32 : -1;
                    int[] deltas = {1, 3, 16, 31, 40, -2, Integer.MIN_VALUE};
                    int delta = deltas[lane % 7];
                    int from = it.subGroupSize() - 1 - it.subGroupId() % 3;
                    int b = g * kinds;
                    wi.set(b, it.shuffle(ai.get(g), src));
                    wi.set(b + 1, it.shuffleXor(ai.get(g), mask));
                    wi.set(b + 2, it.shuffleDown(ai.get(g), delta));
                    wi.set(b + 3, it.shuffleUp(ai.get(g), delta));
                    wi.set(b + 4, it.subGroupBroadcast(ai.get(g), from));
                    wl.set(b, it.shuffle(al.get(g), src));
                    wl.set(b + 1, it.shuffleXor(al.get(g), mask));
                    wl.set(b + 2, it.shuffleDown(al.get(g), delta));
                    wl.set(b + 3, it.shuffleUp(al.get(g), delta));
                    wl.set(b + 4, it.subGroupBroadcast(al.get(g), from));
                    wf.set(b, it.shuffle(af.get(g), src));
                    wf.set(b + 1, it.shuffleXor(af.get(g), mask));
                    wf.set(b + 2, it.shuffleDown(af.get(g), delta));
                    wf.set(b + 3, it.shuffleUp(af.get(g), delta));
                    wf.set(b + 4, it.subGroupBroadcast(af.get(g), from));
                    wd.set(b, it.shuffle(ad.get(g), src));
                    wd.set(b + 1, it.shuffleXor(ad.get(g), mask));
                    wd.set(b + 2, it.shuffleDown(ad.get(g), delta));
                    wd.set(b + 3, it.shuffleUp(ad.get(g), delta));
                    wd.set(b + 4, it.subGroupBroadcast(ad.get(g), from));
                });
            });
        }
        for (int[] sub : subGroups(n, groupSize)) {
            int start = sub[0];
            int size = sub[1];
            for (int lane = 0; lane < size; lane++) {
                int g = start + lane;
                for (int kind = 0; kind < kinds; kind++) {
                    int s = kind < 4 ? source(kind, lane) : size - 1 - (start % groupSize / 32) % 3;
                    int from = start + (s >= 0 && s < size ? s : lane);
                    String what = "kind " + kind + ", item " + g + " (lane " + lane + " of " + size + ", source "
                            + s + ")";
                    assertThat(outI[g * kinds + kind]).as("int " + what).isEqualTo(ints[from]);
                    assertThat(outL[g * kinds + kind]).as("long " + what).isEqualTo(longs[from]);
                    assertThat(Float.floatToRawIntBits(outF[g * kinds + kind])).as("float " + what)
                            .isEqualTo(Float.floatToRawIntBits(floats[from]));
                    assertThat(outD[g * kinds + kind]).as("double " + what).isEqualTo(doubles[from]);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void anyAllAndNoneAreTheSubGroupsOwn(Device device) {
        int groupSize = 100;
        int n = groupSize * GROUPS;
        int[] flags = new int[n * 3];
        try (var q = new Queue(device); var bf = Buffer.of(flags)) {
            q.submit(h -> {
                var f = bf.write(h);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(groupSize)), it -> {
                    int g = it.globalId(0);
                    int lane = it.subGroupLocalId();
                    // Sub-group 0 of each group: all hold; 1: none; 2: only lane 5; 3 (partial): only its last lane.
                    boolean p = switch (it.subGroupId()) {
                        case 0 -> true;
                        case 1 -> false;
                        case 2 -> lane == 5;
                        default -> lane == it.subGroupSize() - 1;
                    };
                    f.set(g * 3, it.anyOfSubGroup(p) ? 1 : 0);
                    f.set(g * 3 + 1, it.allOfSubGroup(p) ? 1 : 0);
                    f.set(g * 3 + 2, it.noneOfSubGroup(p) ? 1 : 0);
                });
            });
        }
        for (int g = 0; g < n; g++) {
            int sub = g % groupSize / 32;
            boolean any = sub != 1;
            boolean all = sub == 0;
            assertThat(flags[g * 3]).as("any, item %d", g).isEqualTo(any ? 1 : 0);
            assertThat(flags[g * 3 + 1]).as("all, item %d", g).isEqualTo(all ? 1 : 0);
            assertThat(flags[g * 3 + 2]).as("none, item %d", g).isEqualTo(any ? 0 : 1);
        }
    }

    /**
     * Warp-synchronous code: where sub-groups are warps (NVIDIA), each sub-group searches on its own, with votes in a
     * loop whose trip count differs between sub-groups; elsewhere the kernel's work-group form runs. Both find the
     * same answers, the checked mode lowers it, and the query is true on NVIDIA's OpenCL only.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void aSubGroupLoopsOnItsOwnVotesWhereSubGroupsAreWarps(Device device) {
        int groupSize = 128;
        int n = 4096;
        int[] values = new int[n];
        var r = new SplittableRandom(7);
        for (int i = 0; i < n; i++) {
            values[i] = r.nextInt(1000);
        }
        int subGroups = groupSize / 32;
        int[] out = new int[subGroups * 2 + 1];
        try (var q = new Queue(device); var bv = Buffer.of(values); var bo = Buffer.of(out)) {
            q.submit(h -> {
                h.checked();
                var v = bv.read(h);
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(groupSize), Range.of(groupSize)), it -> {
                    int lid = it.localId(0);
                    int sg = it.subGroupId();
                    if (it.subGroupsAreWarps()) {
                        // The first value above 999 - 10 * sg, 32 at a time: sub-group by sub-group, a different
                        // number of trips.
                        int at = -1;
                        for (int base = 0; at < 0 && base < n; base += 32) {
                            int hits = it.subGroupBallot(v.get(base + it.subGroupLocalId()) > 999 - 10 * sg);
                            at = hits != 0 ? base + Integer.numberOfTrailingZeros(hits) : -1;
                        }
                        o.set(sg * 2, at);
                        o.set(sg * 2 + 1, 1);
                    } else if (lid < subGroups) {
                        int at = -1;
                        for (int i = 0; at < 0 && i < n; i++) {
                            at = v.get(i) > 999 - 10 * lid ? i : -1;
                        }
                        o.set(lid * 2, at);
                        o.set(lid * 2 + 1, 0);
                    }
                    it.barrier();
                    if (lid == 0) {
                        o.set(subGroups * 2, it.subGroupsAreWarps() ? 1 : 0);
                    }
                });
            });
        }
        boolean warps = device.vendor().toUpperCase(java.util.Locale.ROOT).contains("NVIDIA");
        for (int sg = 0; sg < subGroups; sg++) {
            int at = -1;
            for (int i = 0; at < 0 && i < n; i++) {
                at = values[i] > 999 - 10 * sg ? i : -1;
            }
            assertThat(out[sg * 2]).as("sub-group %d's first value above %d", sg, 999 - 10 * sg).isEqualTo(at);
            assertThat(out[sg * 2 + 1]).as("sub-group %d ran the warp form", sg).isEqualTo(warps ? 1 : 0);
        }
        assertThat(out[subGroups * 2]).as("subGroupsAreWarps() on %s", device.name()).isEqualTo(warps ? 1 : 0);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aBallotHasEachLanesVoteAndRanksWorkItemsOfOneKind(Device device) {
        int groupSize = 100; // sub-groups of 32, 32, 32 and 4
        int n = groupSize * GROUPS;
        int[] values = new int[n];
        var r = new SplittableRandom(31);
        for (int i = 0; i < n; i++) {
            values[i] = r.nextInt(6);
        }
        int[] out = new int[n * 2];
        try (var q = new Queue(device); var bv = Buffer.of(values); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var v = bv.read(h);
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(groupSize)), it -> {
                    int g = it.globalId(0);
                    int lane = it.subGroupLocalId();
                    int value = v.get(g);
                    o.set(g * 2, it.subGroupBallot(value % 2 == 1));
                    // The lanes of the sub-group holding this work-item's value, from one vote per bit; its rank
                    // among them is how many come before it.
                    int same = -1;
                    for (int b = 0; b < 3; b++) {
                        int votes = it.subGroupBallot((value >> b & 1) != 0);
                        same &= (value >> b & 1) != 0 ? votes : ~votes;
                    }
                    same &= it.subGroupBallot(true);
                    o.set(g * 2 + 1, Integer.bitCount(same & ((1 << lane) - 1)));
                });
            });
        }
        for (int g = 0; g < n; g++) {
            int sub = g % groupSize / 32;
            int first = g - g % groupSize + sub * 32; // the sub-group's first work-item
            int size = Math.min(32, groupSize - sub * 32);
            int votes = 0;
            int rank = 0;
            for (int l = 0; l < size; l++) {
                votes |= values[first + l] % 2 == 1 ? 1 << l : 0;
                rank += first + l < g && values[first + l] == values[g] ? 1 : 0;
            }
            assertThat(out[g * 2]).as("ballot, item %d", g).isEqualTo(votes);
            assertThat(out[g * 2 + 1]).as("rank among its value's work-items, item %d", g).isEqualTo(rank);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aTwoDimensionalGroupSplitsIntoSubGroupsByLocalLinearId(Device device) {
        int rows = 6;
        int cols = 10; // 60 work-items: sub-groups of 32 and 28
        int values = 8;
        int[] out = new int[rows * cols * 4 * values];
        try (var q = new Queue(device); var bo = Buffer.of(out)) {
            q.submit(h -> {
                var o = bo.write(h);
                h.parallelFor(NdRange.of(Range.of(rows * 2, cols * 2), Range.of(rows, cols)), it -> {
                    int linear = (int) it.localLinearId();
                    int b = (int) it.globalLinearId() * values;
                    o.set(b, it.subGroupLocalId());
                    o.set(b + 1, it.subGroupId());
                    o.set(b + 2, it.subGroupSize());
                    o.set(b + 3, it.subGroupMaxSize());
                    o.set(b + 4, it.subGroupCount());
                    o.set(b + 5, it.inclusiveScanOverSubGroup(linear, GroupOp.SUM));
                    o.set(b + 6, it.reduceOverSubGroup(1, GroupOp.SUM));
                    o.set(b + 7, it.shuffleDown(linear, 1));
                });
            });
        }
        for (int r = 0; r < rows * 2; r++) {
            for (int c = 0; c < cols * 2; c++) {
                int linear = (r % rows) * cols + c % cols;
                int lane = linear % 32;
                int first = linear - lane;
                int size = Math.min(32, rows * cols - first);
                int b = (r * cols * 2 + c) * values;
                int[] expected = {lane, linear / 32, size, 32, 2, (first + linear) * (lane + 1) / 2, size,
                        lane + 1 < size ? linear + 1 : linear};
                assertThat(Arrays.copyOfRange(out, b, b + values)).as("(%d, %d)", r, c).containsExactly(expected);
            }
        }
    }

    @Test
    void aBitwiseOperationOverFloatsIsRejectedWithTheConstructAndTheFix() {
        try (var q = new Queue(Device.host()); var b = Buffer.of(new float[64])) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = b.readWrite(h);
                h.parallelFor(NdRange.of(Range.of(64), Range.of(64)), it -> {
                    o.set(it.globalId(0), it.reduceOverSubGroup(o.get(it.globalId(0)), GroupOp.AND));
                });
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("GroupOp.AND over float values")
                    .hasMessageContaining("SubGroupTest.java")
                    .hasMessageContaining("for int and long");
        }
    }

    @Test
    void theHostDeviceRejectsABroadcastFromALaneOutsideTheSubGroup() {
        try (var q = new Queue(Device.host()); var b = Buffer.of(new int[48])) {
            var e = q.submit(h -> {
                var o = b.write(h);
                h.parallelFor(NdRange.of(Range.of(48), Range.of(48)), it -> {
                    o.set(it.globalId(0), it.subGroupBroadcast(it.globalId(0), 20));
                });
            });
            assertThatThrownBy(e::await).isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining("subGroupBroadcast from lane 20 of a sub-group of 16");
        }
    }
}
