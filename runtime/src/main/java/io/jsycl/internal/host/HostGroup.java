package io.jsycl.internal.host;

import io.jsycl.GroupOp;
import io.jsycl.NdItem;
import io.jsycl.SyclException;
import io.jsycl.internal.memory.LocalAccessorImpl;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Phaser;
import java.util.function.LongBinaryOperator;

/**
 * One work-group on the host device: its local memory, its barrier, and its work-group algorithms. The algorithms
 * combine values in the same order as the device's (the lowering's {@code GroupAlgorithms}: chunks left to right,
 * then across chunks), so a float result is the same on the host device as on every OpenCL device.
 */
public final class HostGroup {
    // A sequential group's work-items run on one thread: a plain map there.
    private final Map<LocalAccessorImpl, Object> locals;
    private final Phaser barrier;
    /** The local ids of the work-items that returned from the kernel, by the barrier phase they returned in. */
    private final Map<Integer, Queue<Integer>> returnedIn;
    private final int size;
    // Scratch of the work-group algorithms, one slot per work-item: an int or long, or a float's or double's bits as
    // a double (a float operation rounds to float); and a scan's results, which work-item 0 writes before the
    // barrier that the others read them after.
    private final long[] scratch;
    private final long[] scanned;
    /** The lowering's GroupAlgorithms.LANES: the chunks a group's values are cut into. */
    private static final int LANES = 32;
    /** The group's sub-groups, which exchange values through this group's barrier. */
    final HostSubGroups subGroups;
    /** A sequential group's last local memory looked up and its array (only its one thread uses them). */
    private LocalAccessorImpl lastLocal;
    private Object lastArray;

    HostGroup(int size) {
        this(size, true);
    }

    private HostGroup(int size, boolean convergent) {
        this.locals = convergent ? new ConcurrentHashMap<>() : new HashMap<>(4);
        this.returnedIn = convergent ? new ConcurrentHashMap<>() : null;
        this.barrier = convergent ? new Phaser(size) : null;
        this.size = size;
        this.scratch = convergent ? new long[size] : null;
        this.scanned = convergent ? new long[size] : null;
        this.subGroups = convergent ? new HostSubGroups(this, size) : null;
    }

    /**
     * A group of a kernel without barriers or group algorithms (the lowering's {@code usesBarrier()} is false), whose
     * work-items run one after another: only its local memory, none of the barrier's and algorithms' state.
     */
    static HostGroup sequential(int size) {
        return new HostGroup(size, false);
    }

    /** The group's array of a command group's local memory: made when a work-item first uses it. */
    public Object localArray(LocalAccessorImpl local) {
        if (barrier != null) {
            return locals.computeIfAbsent(local, LocalAccessorImpl::newArray); // work-items on several threads
        }
        // One thread runs this group's work-items: the last array found answers most accesses without hashing.
        if (local == lastLocal) {
            return lastArray;
        }
        Object array = locals.computeIfAbsent(local, LocalAccessorImpl::newArray);
        lastLocal = local;
        lastArray = array;
        return array;
    }

    void barrier() {
        if (barrier == null) {
            throw new IllegalStateException("a barrier in a kernel whose lowering found none: its work-items run one"
                    + " after another on the host device and cannot meet at it (a jsycl defect; please report it)");
        }
        // A terminated phaser returns at once, also to work-items that arrive after the termination: a reset
        // CyclicBarrier released only those already waiting, and one arriving later waited forever.
        int next = barrier.arriveAndAwaitAdvance();
        if (next < 0) {
            throw new SyclException("another work-item of the group failed before reaching the barrier");
        }
        var returned = returnedIn.get(next - 1);
        if (returned != null) {
            throw returnedBeforeBarrier(returned);
        }
    }

    /**
     * A work-item whose kernel returned: it leaves the group, so that no barrier waits for it; a barrier its group
     * reaches in the same phase then fails ({@link #barrier()}) instead of waiting forever.
     *
     * @param localLinearId the work-item's local linear id, for the message
     */
    void returned(int localLinearId) {
        // The phase cannot advance before this work-item arrives, so it is the phase of the deregistration.
        returnedIn.computeIfAbsent(barrier.getPhase(), p -> new ConcurrentLinkedQueue<>())
                .add(localLinearId);
        barrier.arriveAndDeregister();
    }

    /**
     * The error of a group whose work-items, run phase by phase ({@link HostPhases}), stopped at different barriers
     * ({@code stoppedAt[i]}: the barrier work-item {@code i} stopped at, -1 where it returned).
     */
    static DivergentBarrier divergent(int[] stoppedAt, int size) {
        var returned = new java.util.ArrayList<Integer>();
        var waiting = new java.util.TreeMap<Integer, java.util.List<Integer>>();
        for (int i = 0; i < size; i++) {
            if (stoppedAt[i] < 0) {
                returned.add(i);
            } else {
                waiting.computeIfAbsent(stoppedAt[i], b -> new java.util.ArrayList<>()).add(i);
            }
        }
        if (!returned.isEmpty()) {
            return returnedBeforeBarrier(returned);
        }
        var groupsOfItems = new java.util.ArrayList<String>();
        waiting.forEach((barrier, ids) -> groupsOfItems.add(describe(ids) + " at the kernel's barrier " + barrier));
        return new DivergentBarrier("work-items of one work-group waited at different barriers: "
                + String.join("; ", groupsOfItems) + " (local linear ids, the kernel's barriers counted in the order"
                + " they appear in its code); every work-item of a work-group must reach the same barriers in the same"
                + " order (on a GPU such a kernel hangs or gives wrong results)");
    }

    /** The error of a group where work-items {@code returned} (local ids) while the others waited at a barrier. */
    private static DivergentBarrier returnedBeforeBarrier(Collection<Integer> returned) {
        return new DivergentBarrier("a barrier that not every work-item of its work-group reached: work-item(s) "
                + describe(returned) + " of the group (local linear ids) returned from the kernel while the others"
                + " waited at the barrier; every work-item of a work-group must reach each barrier, for example by"
                + " calling it outside the branch (on a GPU such a kernel hangs or gives wrong results)");
    }

    private static String describe(Collection<Integer> ids) {
        var sorted = ids.stream().sorted().toList();
        return (sorted.size() > 8 ? sorted.subList(0, 8) + " and " + (sorted.size() - 8) + " more" : sorted.toString());
    }

    /** A barrier some work-items of a group reached while others had returned ({@link HostKernelFailure} names it). */
    static final class DivergentBarrier extends SyclException {
        private static final long serialVersionUID = 1L;

        DivergentBarrier(String message) {
            super(message);
        }
    }

    /** Releases the other work-items when one fails, now and at every later barrier, so none waits forever. */
    void abort() {
        barrier.forceTermination();
    }

    /** The kinds of work-group algorithm. */
    enum Algorithm { REDUCE, INCLUSIVE_SCAN, EXCLUSIVE_SCAN }

    /** An {@code int} ({@code wide} false) or {@code long} work-group algorithm; called by every work-item. */
    long integral(Algorithm algorithm, int item, long x, GroupOp op, boolean wide) {
        return combine(algorithm, item, x, integralOp(op, wide), integralIdentity(op, wide));
    }

    /** A {@code float} ({@code wide} false) or {@code double} work-group algorithm; called by every work-item. */
    double floating(Algorithm algorithm, int item, double x, GroupOp op, boolean wide) {
        return Double.longBitsToDouble(combine(algorithm, item, Double.doubleToRawLongBits(x),
                floatingOpOnBits(op, wide), Double.doubleToRawLongBits(floatingIdentity(op))));
    }

    /**
     * The algorithm over the group's values in {@link #scratch}: work-item 0 combines them in the device's order (the
     * lowering's GroupAlgorithms): chunks of {@code c} left to right, then across chunks.
     */
    private long combine(Algorithm algorithm, int item, long x, LongBinaryOperator f, long identity) {
        long[] s = scratch;
        s[item] = x;
        barrier();
        if (item == 0) {
            combineAll(algorithm, s, scanned, size, f);
        }
        barrier();
        long r = result(algorithm, s, scanned, item, identity);
        barrier(); // the next algorithm's stores wait for every work-item's read
        return r;
    }

    /**
     * The group's values {@code s} (one per work-item) combined in the device's order: a reduction into {@code s[0]},
     * a scan into {@code scanned}, each work-item's inclusive result. Also what the host device's phased runs use
     * ({@link HostPhases}), where the group's work-items have left their values and wait for the results.
     */
    static void combineAll(Algorithm algorithm, long[] s, long[] scanned, int size, LongBinaryOperator f) {
        int c = (size + LANES - 1) / LANES;
        for (int start = 0; start < size; start += c) {
            int end = Math.min(size, start + c);
            for (int j = start + 1; j < end; j++) {
                if (algorithm == Algorithm.REDUCE) {
                    s[start] = f.applyAsLong(s[start], s[j]);
                } else {
                    s[j] = f.applyAsLong(s[j - 1], s[j]);
                }
            }
        }
        if (algorithm == Algorithm.REDUCE) {
            for (int start = c; start < size; start += c) {
                s[0] = f.applyAsLong(s[0], s[start]);
            }
        } else {
            for (int start = c; start < size; start += c) {
                int last = Math.min(size, start + c) - 1;
                s[last] = f.applyAsLong(s[start - 1], s[last]);
            }
            for (int j = 0; j < size; j++) {
                int chunk = j / c;
                scanned[j] = chunk == 0 || j == Math.min(size, chunk * c + c) - 1 ? s[j]
                        : f.applyAsLong(s[chunk * c - 1], s[j]);
            }
        }
    }

    /** Work-item {@code item}'s result of {@link #combineAll}. */
    static long result(Algorithm algorithm, long[] s, long[] scanned, int item, long identity) {
        return switch (algorithm) {
            case REDUCE -> s[0];
            case INCLUSIVE_SCAN -> scanned[item];
            case EXCLUSIVE_SCAN -> item == 0 ? identity : scanned[item - 1];
        };
    }

    /** {@code NdItem.groupBroadcast}: the value ({@code long}, or a floating-point value's bits) of item {@code from}. */
    long broadcast(int item, long x, int from) {
        if (from < 0 || from >= size) {
            throw new IndexOutOfBoundsException("groupBroadcast from work-item " + from + " of a work-group of " + size);
        }
        if (item == from) {
            scratch[0] = x;
        }
        barrier();
        long r = scratch[0];
        barrier();
        return r;
    }

    static LongBinaryOperator integralOp(GroupOp op, boolean wide) {
        return switch (op) {
            case SUM -> wide ? Long::sum : (a, b) -> (int) (a + b);
            case PRODUCT -> wide ? (a, b) -> a * b : (a, b) -> (int) (a * b);
            case MIN -> Math::min;
            case MAX -> Math::max;
            case AND -> (a, b) -> a & b;
            case OR -> (a, b) -> a | b;
            case XOR -> (a, b) -> a ^ b;
        };
    }

    /**
     * {@code op} on floating values carried as the bits of doubles, as the group and sub-group algorithms and the phases
     * carry them (a float is exact in a double), computed in float where not {@code wide}: one algorithm over
     * {@code long}s for every kind of value. One lambda per operation and width, not a double operator wrapped in a
     * bits one: the algorithms call it per element through a call site every kernel's operation passes.
     */
    static LongBinaryOperator floatingOpOnBits(GroupOp op, boolean wide) {
        return switch (op) {
            case SUM -> wide ? (a, b) -> bits(d(a) + d(b)) : (a, b) -> bits(f(a) + f(b));
            case PRODUCT -> wide ? (a, b) -> bits(d(a) * d(b)) : (a, b) -> bits(f(a) * f(b));
            case MIN -> wide ? (a, b) -> bits(Math.min(d(a), d(b))) : (a, b) -> bits(Math.min(f(a), f(b)));
            case MAX -> wide ? (a, b) -> bits(Math.max(d(a), d(b))) : (a, b) -> bits(Math.max(f(a), f(b)));
            case AND, OR, XOR -> throw new IllegalArgumentException("GroupOp." + op
                    + " is for int and long values, not floating point");
        };
    }

    private static double d(long bits) {
        return Double.longBitsToDouble(bits);
    }

    /** The float a value's double bits hold. */
    private static float f(long bits) {
        return (float) Double.longBitsToDouble(bits);
    }

    /** A float result as the double bits the algorithms carry. */
    private static long bits(float v) {
        return Double.doubleToRawLongBits(v);
    }

    private static long bits(double v) {
        return Double.doubleToRawLongBits(v);
    }

    static long integralIdentity(GroupOp op, boolean wide) {
        return switch (op) {
            case SUM, OR, XOR -> 0;
            case PRODUCT -> 1;
            case AND -> -1;
            case MIN -> wide ? Long.MAX_VALUE : Integer.MAX_VALUE;
            case MAX -> wide ? Long.MIN_VALUE : Integer.MIN_VALUE;
        };
    }

    static double floatingIdentity(GroupOp op) {
        return switch (op) {
            case SUM -> 0.0;
            case PRODUCT -> 1.0;
            case MIN -> Double.POSITIVE_INFINITY;
            case MAX -> Double.NEGATIVE_INFINITY;
            case AND, OR, XOR -> throw new IllegalArgumentException("GroupOp." + op
                    + " is for int and long values, not floating point");
        };
    }
}
