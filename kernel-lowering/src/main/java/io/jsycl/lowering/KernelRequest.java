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
 * @param reduction the reduction, for {@code REDUCTION} kernels; {@code null} otherwise
 */
public record KernelRequest(ClassLoader loader, String implClass, String implMethod,
        String implDescriptor, KernelShape shape, int dimensions, List<Capture> captures,
        boolean checked, ReductionSpec reduction) {

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
        if ((shape == KernelShape.REDUCTION) != (reduction != null)) {
            throw new IllegalArgumentException("reduction must be given exactly for REDUCTION kernels: shape " + shape
                    + ", reduction " + reduction);
        }
    }

    /** An unchecked request without a reduction. */
    public KernelRequest(ClassLoader loader, String implClass, String implMethod, String implDescriptor,
            KernelShape shape, int dimensions, List<Capture> captures) {
        this(loader, implClass, implMethod, implDescriptor, shape, dimensions, captures, false, null);
    }
}
