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
 * @param dimensions 1..3 for {@code ITEM}/{@code ND_ITEM}, 0 for {@code TASK}
 * @param captures one per captured argument, in order; they are the leading parameters of the
 *     implementation method
 */
public record KernelRequest(ClassLoader loader, String implClass, String implMethod,
        String implDescriptor, KernelShape shape, int dimensions, List<Capture> captures) {

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
    }
}
