package io.jsycl.lowering;

/**
 * One reduction of a {@link KernelShape#REDUCTION} kernel (or of an nd-range reduction kernel) as the lowering uses it: its spec, its position among the
 * kernel's reductions (the lambda's reducer parameters, in order) and what the body does with its reducer. The first
 * reduction's C names are the plain ones ({@code jsycl_acc}, {@code jsycl_out}, {@code jsycl_scratch}), the others'
 * end in their position ({@code jsycl_acc1} ...), so that a kernel of one reduction reads as it always has.
 */
final class ReducerUse {
    final ReductionSpec spec;
    final int index;
    /** For a CUSTOM reduction, the op as a C template over {@code #0} and {@code #1}. */
    String op;
    /** The body combines by index ({@code combine(i, v)}): each output element on its own. */
    boolean byIndex;
    /** The body combines one value ({@code combine(v)}). */
    boolean ofOne;

    ReducerUse(ReductionSpec spec, int index) {
        this.spec = spec;
        this.index = index;
    }

    /** {@code base} for the first reduction, {@code base + index} for the others. */
    String name(String base) {
        return name(base, index);
    }

    /** {@code base} for reduction 0, {@code base + index} for the others: the C names of every reduction's parts. */
    static String name(String base, int index) {
        return index == 0 ? base : base + index;
    }

    /** The work-item's private accumulator of a reduction combined with {@code combine(v)}. */
    String acc() {
        return name("jsycl_acc");
    }

    /** The kernel parameter of the output in global memory. */
    String out() {
        return name("jsycl_out");
    }

    /** The kernel parameter of the local scratch: the work-group's tree, or its copy of every output element. */
    String scratch() {
        return name("jsycl_scratch");
    }

    /** The body's parameter for the work-group's copy of the output elements ({@code combine(i, v)}). */
    String span() {
        return name("jsycl_span");
    }
}
