package io.jsycl.lowering;

import java.util.List;
import java.util.Objects;

/**
 * What to lower.
 *
 * @param loader loads the implementation class's bytes ({@code implClass + ".class"})
 * @param implClass internal name of the class holding the lambda's implementation ("pkg/Foo")
 * @param implMethod the implementation method's name (from {@code SerializedLambda})
 * @param implDescriptor the implementation method's descriptor
 * @param shape how the kernel is launched
 * @param dimensions 1..3 for {@code ITEM}/{@code ND_ITEM}/{@code REDUCTION}, 0 for {@code TASK}
 * @param captures one per captured argument, in order; they are the leading parameters of the
 *     implementation method
 * @param checked whether accessor indexes and integer division are checked on the device
 *     (the kernel then takes a {@link ArgRole#CHECK_BUFFER} as its last argument)
 * @param reductions the reductions of a {@code REDUCTION} kernel, one per reducer parameter of its lambda, in order
 *     ({@value #MAX_REDUCTIONS} at most); for an {@code ND_ITEM} kernel those of an {@code NdReductionKernel}, or
 *     none; empty for every other shape
 */
public record KernelRequest(ClassLoader loader, String implClass, String implMethod,
        String implDescriptor, KernelShape shape, int dimensions, List<Capture> captures,
        boolean checked, List<ReductionSpec> reductions) {
    /** The most reductions one kernel computes ({@code ReductionKernel4}). */
    public static final int MAX_REDUCTIONS = 4;

    /**
     * Checks the components and copies {@code captures}.
     *
     * @param loader loads the implementation class and the device functions it calls, not null
     * @param implClass the implementation class's internal name, not null
     * @param implMethod the implementation method's name, not null
     * @param implDescriptor the implementation method's descriptor, not null
     * @param shape how the kernel is launched, not null
     * @param dimensions 0 for {@code TASK}, else 1 to 3
     * @param captures one per captured argument, in order; copied
     * @param checked whether accessor indexes and integer division are checked on the device
     * @param reductions the reductions of a {@code REDUCTION} kernel, in order; empty for every other shape; copied
     * @throws NullPointerException when a required component is null
     * @throws IllegalArgumentException when {@code dimensions} does not fit {@code shape}, or reductions are given for
     *         a shape other than {@code REDUCTION} and {@code ND_ITEM} (or none for {@code REDUCTION}, or more than
     *         {@value #MAX_REDUCTIONS})
     */
    public KernelRequest {
        Objects.requireNonNull(loader, "loader");
        Objects.requireNonNull(implClass, "implClass");
        Objects.requireNonNull(implMethod, "implMethod");
        Objects.requireNonNull(implDescriptor, "implDescriptor");
        Objects.requireNonNull(shape, "shape");
        captures = List.copyOf(captures);
        if (shape == KernelShape.TASK ? dimensions != 0 : dimensions < 1 || dimensions > 3) {
            throw new IllegalArgumentException("dimensions " + dimensions + " invalid for " + shape);
        }
        reductions = List.copyOf(reductions);
        boolean allowed = shape == KernelShape.REDUCTION || shape == KernelShape.ND_ITEM;
        if ((shape == KernelShape.REDUCTION && reductions.isEmpty()) || (!allowed && !reductions.isEmpty())
                || reductions.size() > MAX_REDUCTIONS) {
            throw new IllegalArgumentException("1 to " + MAX_REDUCTIONS + " reductions must be given for REDUCTION"
                    + " kernels, up to " + MAX_REDUCTIONS + " for ND_ITEM ones, none for others: shape " + shape
                    + ", reductions " + reductions);
        }
    }

    /**
     * A request for a kernel of one reduction, or of none.
     *
     * @param loader loads the implementation class and the device functions it calls, not null
     * @param implClass the implementation class's internal name, not null
     * @param implMethod the implementation method's name, not null
     * @param implDescriptor the implementation method's descriptor, not null
     * @param shape how the kernel is launched, not null
     * @param dimensions 0 for {@code TASK}, else 1 to 3
     * @param captures one per captured argument, in order; copied
     * @param checked whether accessor indexes and integer division are checked on the device
     * @param reduction the reduction of a {@code REDUCTION} kernel, null for every other shape
     */
    public KernelRequest(ClassLoader loader, String implClass, String implMethod, String implDescriptor,
            KernelShape shape, int dimensions, List<Capture> captures, boolean checked, ReductionSpec reduction) {
        this(loader, implClass, implMethod, implDescriptor, shape, dimensions, captures, checked,
                reduction == null ? List.of() : List.of(reduction));
    }

    /**
     * The first reduction.
     *
     * @return the first of {@link #reductions()}, or null for a kernel that is no reduction
     */
    public ReductionSpec reduction() {
        return reductions.isEmpty() ? null : reductions.getFirst();
    }

    /**
     * An unchecked request without a reduction.
     *
     * @param loader loads the implementation class and the device functions it calls
     * @param implClass the implementation class's internal name, e.g. {@code "pkg/Main"}
     * @param implMethod the implementation method's name, e.g. {@code "lambda$main$0"}
     * @param implDescriptor the implementation method's descriptor
     * @param shape how the kernel is launched; not {@code REDUCTION}
     * @param dimensions 0 for {@code TASK}, else 1 to 3
     * @param captures one per captured argument, in order
     * @throws IllegalArgumentException when {@code dimensions} does not fit {@code shape}, or {@code shape} is
     *         {@code REDUCTION}
     */
    public KernelRequest(ClassLoader loader, String implClass, String implMethod, String implDescriptor,
            KernelShape shape, int dimensions, List<Capture> captures) {
        this(loader, implClass, implMethod, implDescriptor, shape, dimensions, captures, false, List.of());
    }
}
