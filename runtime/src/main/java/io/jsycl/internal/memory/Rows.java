package io.jsycl.internal.memory;

import java.util.ArrayList;
import java.util.List;

/**
 * A set of element ranges of one buffer, {@code [from, to)} in elements, kept sorted and disjoint (touching ranges
 * are merged): the part of a buffer that one copy holds current while a {@link io.jsycl.DistributedQueue} has the
 * buffer spread over its devices ({@link Distribution}). Not thread-safe: its owner's monitor guards it.
 */
final class Rows {
    // from0, to0, from1, to1, ...: sorted, disjoint, not touching.
    private final List<long[]> ranges = new ArrayList<>();

    static Rows of(long from, long to) {
        var r = new Rows();
        r.add(from, to);
        return r;
    }

    boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** True if the set is exactly {@code [0, length)}. */
    boolean isAll(long length) {
        return length == 0 || ranges.size() == 1 && ranges.getFirst()[0] == 0 && ranges.getFirst()[1] == length;
    }

    /** The ranges, in order; each {@code {from, to}}. */
    List<long[]> ranges() {
        return List.copyOf(ranges);
    }

    /** Adds {@code [from, to)}. */
    void add(long from, long to) {
        if (from >= to) {
            return;
        }
        var merged = new ArrayList<long[]>(ranges.size() + 1);
        long f = from;
        long t = to;
        boolean placed = false;
        for (long[] r : ranges) {
            if (r[1] < f) {
                merged.add(r);
            } else if (r[0] > t) {
                if (!placed) {
                    merged.add(new long[] {f, t});
                    placed = true;
                }
                merged.add(r);
            } else {
                f = Math.min(f, r[0]);
                t = Math.max(t, r[1]);
            }
        }
        if (!placed) {
            merged.add(new long[] {f, t});
        }
        ranges.clear();
        ranges.addAll(merged);
    }

    /** Removes {@code [from, to)}. */
    void remove(long from, long to) {
        if (from >= to) {
            return;
        }
        var kept = new ArrayList<long[]>(ranges.size() + 1);
        for (long[] r : ranges) {
            if (r[1] <= from || r[0] >= to) {
                kept.add(r);
                continue;
            }
            if (r[0] < from) {
                kept.add(new long[] {r[0], from});
            }
            if (r[1] > to) {
                kept.add(new long[] {to, r[1]});
            }
        }
        ranges.clear();
        ranges.addAll(kept);
    }

    /** The parts of {@code [from, to)} that this set does not hold. */
    Rows missingFrom(long from, long to) {
        var missing = of(from, to);
        for (long[] r : ranges) {
            missing.remove(r[0], r[1]);
        }
        return missing;
    }

    /** The parts of this set inside {@code [from, to)}. */
    Rows within(long from, long to) {
        var in = new Rows();
        for (long[] r : ranges) {
            in.add(Math.max(r[0], from), Math.min(r[1], to));
        }
        return in;
    }

    @Override
    public String toString() {
        var b = new StringBuilder("[");
        for (long[] r : ranges) {
            b.append(b.length() > 1 ? ", " : "").append(r[0]).append("..").append(r[1]);
        }
        return b.append(')').toString();
    }
}
