package io.jsycl.internal.memory;

import io.jsycl.Id;
import io.jsycl.Range;
import java.util.Objects;

/**
 * Row-major index arithmetic over a range, every index checked against its extent (the host side
 * of accessors). The range may be a region of a larger memory range (a sub-buffer's view of its
 * parent): indices are relative to the region's origin, and the returned array index is the
 * element's position in the memory range.
 */
public final class Indexer {
    private final int dims;
    private final int r0;
    private final int r1;
    private final int r2;
    private final int o0;
    private final int o1;
    private final int o2;
    private final int m1;
    private final int m2;
    private final int length;
    /** Whether the region is the whole memory range (offset 0, same extents). */
    private final boolean whole;
    private final Range range;
    private final Id origin;

    public Indexer(Range shape) {
        this(shape, null, shape);
    }

    /** Indices over {@code range}, placed at {@code origin} (null: zero) in {@code memRange}. */
    public Indexer(Range range, Id origin, Range memRange) {
        this.range = range;
        this.origin = origin;
        this.dims = range.dimensions();
        this.r0 = range.get(0);
        this.r1 = dims > 1 ? range.get(1) : 1;
        this.r2 = dims > 2 ? range.get(2) : 1;
        this.o0 = origin != null ? origin.get(0) : 0;
        this.o1 = origin != null && dims > 1 ? origin.get(1) : 0;
        this.o2 = origin != null && dims > 2 ? origin.get(2) : 0;
        this.m1 = dims > 1 ? memRange.get(1) : 1;
        this.m2 = dims > 2 ? memRange.get(2) : 1;
        this.length = Math.toIntExact(range.size());
        this.whole = range.equals(memRange) && o0 == 0 && o1 == 0 && o2 == 0;
    }

    public int length() {
        return length;
    }

    /**
     * Where the region's first element is in memory when its elements lie one after another there in row-major
     * order (the whole range, a 1-D region, or whole rows and planes of a larger one), else -1.
     */
    public int contiguousStart() {
        if (length == 0) {
            return -1;
        }
        boolean consecutive = switch (dims) {
            case 1 -> true;
            case 2 -> r1 == m1 || r0 == 1;
            default -> (r2 == m2 && (r1 == m1 || r0 == 1)) || (r0 == 1 && r1 == 1);
        };
        return whole ? 0 : consecutive ? index(0) : -1;
    }

    public Range range() {
        return range;
    }

    /**
     * The element at linear index {@code i} of the region, in row-major order: on a multi-dimensional region the
     * element {@code (i / r1, i % r1)} (2-D) or {@code (i / (r1 * r2), i / r2 % r1, i % r2)} (3-D), as the kernel
     * lowering computes it on devices.
     */
    public int index(int i) {
        if (whole) {
            return Objects.checkIndex(i, length);
        }
        Objects.checkIndex(i, length);
        return switch (dims) {
            case 1 -> i + o0;
            case 2 -> index(i / r1, i % r1);
            default -> index(i / (r1 * r2), i / r2 % r1, i % r2);
        };
    }

    public int index(int i, int j) {
        if (dims != 2) {
            throw new IndexOutOfBoundsException("2 indices on a " + dims + "-D accessor");
        }
        return (Objects.checkIndex(i, r0) + o0) * m1 + Objects.checkIndex(j, r1) + o1;
    }

    public int index(int i, int j, int k) {
        if (dims != 3) {
            throw new IndexOutOfBoundsException("3 indices on a " + dims + "-D accessor");
        }
        return ((Objects.checkIndex(i, r0) + o0) * m1 + Objects.checkIndex(j, r1) + o1) * m2
                + Objects.checkIndex(k, r2) + o2;
    }

    public int index(Id id) {
        return switch (id.dimensions()) {
            case 1 -> index(id.get(0));
            case 2 -> index(id.get(0), id.get(1));
            default -> index(id.get(0), id.get(1), id.get(2));
        };
    }
}
