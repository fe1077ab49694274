package io.jsycl.internal.host;

import io.jsycl.GroupOp;
import io.jsycl.NdItem;
import java.util.function.LongBinaryOperator;

/**
 * The sub-group operations of one work-group on the host device, in the order the device's take (the lowering's
 * {@code SubGroupAlgorithms}), so that a float result is the same bit for bit as on every OpenCL device. Every
 * work-item stores its value and its source lane; then the first lane of each sub-group runs the device's shuffle
 * steps for all the sub-group's lanes, and each work-item reads its own result.
 *
 * <p>Two barriers a call suffice: a work-item stores the next call's value only after the second barrier, when
 * the first lanes have read this call's, and a first lane writes the next call's results only after the next
 * call's first barrier, when every work-item has read this call's.
 */
final class HostSubGroups {
    /** Work-items in a sub-group, on every device. */
    static final int SIZE = 32;

    private final HostGroup group;
    private final int size;
    // Guarded by the group's barrier: written by each work-item before it, read by the first lanes after it.
    private final long[] values;
    private final int[] sources;
    // Guarded by the group's barrier: written by the first lanes before the second, read by each work-item after it.
    private final long[] results;

    HostSubGroups(HostGroup group, int size) {
        this.group = group;
        this.size = size;
        this.values = new long[size];
        this.sources = new int[size];
        this.results = new long[size];
    }

    /** The size of the sub-group of work-item {@code item}: 32, or less for a group's last, partial one. */
    int sizeOf(int item) {
        return Math.min(SIZE, size - (item & -SIZE));
    }

    /** The kinds of sub-group algorithm. */
    enum Algorithm { REDUCE, INCLUSIVE_SCAN, EXCLUSIVE_SCAN }

    /** An {@code int} ({@code wide} false) or {@code long} sub-group algorithm; called by every work-item. */
    long integral(Algorithm algorithm, int item, long x, GroupOp op, boolean wide) {
        return combine(algorithm, item, x, HostGroup.integralOp(op, wide), HostGroup.integralIdentity(op, wide));
    }

    /** A {@code float} ({@code wide} false) or {@code double} sub-group algorithm; called by every work-item. */
    double floating(Algorithm algorithm, int item, double x, GroupOp op, boolean wide) {
        return Double.longBitsToDouble(combine(algorithm, item, Double.doubleToRawLongBits(x),
                HostGroup.floatingOpOnBits(op, wide), Double.doubleToRawLongBits(HostGroup.floatingIdentity(op))));
    }

    /**
     * The shuffles: the value (an {@code int} or {@code long}, or a floating-point value's bits) of lane {@code src}
     * of the caller's sub-group, or the caller's own where {@code src} is outside it.
     */
    long select(int item, long x, int src) {
        values[item] = x;
        sources[item] = src;
        group.barrier();
        if ((item & (SIZE - 1)) == 0) {
            int n = sizeOf(item);
            for (int lane = 0; lane < n; lane++) {
                int s = sources[item + lane];
                results[item + lane] = values[item + (s >= 0 && s < n ? s : lane)];
            }
        }
        group.barrier();
        return results[item];
    }

    /** {@code NdItem.subGroupBroadcast}: a shuffle whose lane must be in the sub-group. */
    long broadcast(int item, long x, int lane) {
        if (lane < 0 || lane >= sizeOf(item)) {
            throw new IndexOutOfBoundsException("subGroupBroadcast from lane " + lane + " of a sub-group of "
                    + sizeOf(item));
        }
        return select(item, x, lane);
    }

    private long combine(Algorithm algorithm, int item, long x, LongBinaryOperator f, long identity) {
        values[item] = x;
        group.barrier();
        if ((item & (SIZE - 1)) == 0) {
            int n = sizeOf(item);
            long[] v = new long[n];
            System.arraycopy(values, item, v, 0, n);
            System.arraycopy(lanes(algorithm, v, f, identity), 0, results, item, n);
        }
        group.barrier();
        return results[item];
    }

    /**
     * Each lane's result of {@code algorithm} over one sub-group's values {@code v} (lane order), as the device's
     * steps give it; also what a barrier kernel run in phases ({@link HostPhases}) takes. Overwrites {@code v}: the
     * steps alternate between it and one more array.
     */
    static long[] lanes(Algorithm algorithm, long[] v, LongBinaryOperator f, long identity) {
        long[] r = algorithm == Algorithm.REDUCE ? butterfly(v, f) : hillisSteele(v, f);
        if (algorithm != Algorithm.EXCLUSIVE_SCAN) {
            return r;
        }
        long[] shifted = new long[r.length];
        for (int lane = 0; lane < r.length; lane++) {
            shifted[lane] = lane == 0 ? identity : r[lane - 1];
        }
        return shifted;
    }

    /**
     * The xor butterfly, lane by lane as the device runs it: {@code v = op(v, v[lane ^ k])}; past a partial
     * sub-group's end, the first lane of that block of {@code k} (which holds what {@code lane ^ k} would), or
     * nothing where the whole block is missing.
     */
    private static long[] butterfly(long[] v, LongBinaryOperator f) {
        int n = v.length;
        long[] next = new long[n]; // each step reads one array and writes the other
        for (int k = 1; k < SIZE; k <<= 1) {
            for (int lane = 0; lane < n; lane++) {
                int s = lane ^ k;
                s = s < n ? s : s & ~(k - 1);
                next[lane] = s < n ? f.applyAsLong(v[lane], v[s]) : v[lane];
            }
            long[] read = v;
            v = next;
            next = read;
        }
        return v;
    }

    /** The Hillis–Steele inclusive scan: {@code if (lane >= d) v = op(v[lane - d], v)}. */
    private static long[] hillisSteele(long[] v, LongBinaryOperator f) {
        int n = v.length;
        long[] next = new long[n]; // each step reads one array and writes the other
        for (int d = 1; d < SIZE; d <<= 1) {
            System.arraycopy(v, 0, next, 0, Math.min(d, n)); // the lanes below d keep their value
            for (int lane = d; lane < n; lane++) {
                next[lane] = f.applyAsLong(v[lane - d], v[lane]);
            }
            long[] read = v;
            v = next;
            next = read;
        }
        return v;
    }
}
