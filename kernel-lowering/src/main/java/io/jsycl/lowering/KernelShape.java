package io.jsycl.lowering;

import java.util.List;

/**
 * How a kernel is launched: over a range ({@code ItemKernel}), an nd-range, once, or over a
 * range with a reduction ({@code ReductionKernel}: {@code (Item, Reducer$OfX)}).
 */
public enum KernelShape {
    /** An {@code ItemKernel} over a range: one work-item per index, no work-groups visible. */
    ITEM("io/jsycl/ItemKernel"),
    /**
     * An {@code NdItemKernel} over an nd-range: work-groups, local ids, barriers and local memory; also an
     * {@code NdReductionKernel}, which combines into a reduction besides.
     */
    ND_ITEM("io/jsycl/NdItemKernel"),
    /** A single work-item run once, with no index ({@code dimensions} is 0). */
    TASK("io/jsycl/TaskKernel"),
    /**
     * A {@code ReductionKernel} over a range that combines a value per work-item into one result; also a
     * {@code ReductionKernel2} to {@code ReductionKernel4}, which combine into two to four.
     */
    REDUCTION("io/jsycl/ReductionKernel");

    /** The interfaces of kernels of two to four reductions, whose shape is {@link #REDUCTION}. */
    private static final List<String> SEVERAL_REDUCTIONS = List.of("io/jsycl/ReductionKernel2",
            "io/jsycl/ReductionKernel3", "io/jsycl/ReductionKernel4");
    /** The interface of a reduction over an nd-range, whose shape is {@link #ND_ITEM} with a reduction. */
    private static final String ND_REDUCTION = "io/jsycl/NdReductionKernel";

    private final String kernelInterface;

    KernelShape(String kernelInterface) {
        this.kernelInterface = kernelInterface;
    }

    /**
     * The functional interface a kernel of this shape implements.
     *
     * @return its internal name, e.g. {@code io/jsycl/ItemKernel}
     */
    public String kernelInterface() {
        return kernelInterface;
    }

    /**
     * The shape of a kernel that implements {@code kernelInterface}.
     *
     * @param kernelInterface an internal name
     * @return the shape, or null if it is not one of jsycl's kernel interfaces
     */
    public static KernelShape ofKernelInterface(String kernelInterface) {
        if (SEVERAL_REDUCTIONS.contains(kernelInterface)) {
            return REDUCTION;
        }
        if (ND_REDUCTION.equals(kernelInterface)) {
            return ND_ITEM;
        }
        for (KernelShape s : values()) {
            if (s.kernelInterface.equals(kernelInterface)) {
                return s;
            }
        }
        return null;
    }
}
