package io.jsycl;

import java.util.Objects;

/** A global range divided into work-groups of a local range: the index space of nd-range kernels. */
public final class NdRange {
    private final Range global;
    private final Range local;

    private NdRange(Range global, Range local) {
        this.global = global;
        this.local = local;
    }

    /**
     * The global range split into work-groups of {@code local}.
     *
     * @param global the global range, 1 to 3 dimensions
     * @param local the work-group size, as many dimensions as {@code global}; each extent divides the global one
     * @return the nd-range
     * @throws IllegalArgumentException if the dimensions differ, a local extent is not positive, or
     *     a global extent is not a multiple of the local one
     */
    public static NdRange of(Range global, Range local) {
        Objects.requireNonNull(global, "global");
        Objects.requireNonNull(local, "local");
        if (global.dimensions() != local.dimensions()) {
            throw new IllegalArgumentException("global range " + global + " and local range " + local
                    + " differ in dimensions");
        }
        for (int d = 0; d < global.dimensions(); d++) {
            if (local.get(d) <= 0) {
                throw new IllegalArgumentException("local range " + local + " must be positive in dimension " + d);
            }
            if (global.get(d) % local.get(d) != 0) {
                throw new IllegalArgumentException("global range " + global + " is not divisible by local range "
                        + local + " in dimension " + d + " (" + global.get(d) + " % " + local.get(d) + " = "
                        + global.get(d) % local.get(d) + "); round the global range up and guard the extra items");
            }
        }
        return new NdRange(global, local);
    }

    /**
     * The global range.
     *
     * @return the global range
     */
    public Range global() {
        return global;
    }

    /**
     * The work-group size.
     *
     * @return the work-group size
     */
    public Range local() {
        return local;
    }

    /**
     * 1, 2 or 3.
     *
     * @return the number of dimensions of both ranges
     */
    public int dimensions() {
        return global.dimensions();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NdRange r && global.equals(r.global) && local.equals(r.local);
    }

    @Override
    public int hashCode() {
        return global.hashCode() * 31 + local.hashCode();
    }

    @Override
    public String toString() {
        return "NdRange[global=" + global + ", local=" + local + "]";
    }
}
