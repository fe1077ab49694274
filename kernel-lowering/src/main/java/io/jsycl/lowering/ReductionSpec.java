package io.jsycl.lowering;

import java.util.Objects;

/**
 * The reduction of a {@link KernelShape#REDUCTION} kernel.
 *
 * @param type the reduced type ({@code INT}, {@code LONG}, {@code FLOAT} or {@code DOUBLE})
 * @param op the operation
 * @param opImplClass for {@code CUSTOM}: the internal name of the class of the op lambda's
 *     implementation method; else {@code null}
 * @param opImplMethod for {@code CUSTOM}: that method's name (static, {@code (TT)T})
 * @param opImplDescriptor for {@code CUSTOM}: its descriptor
 * @param identityLiteral the identity as an OpenCL C literal ({@code "0"}, {@code "INFINITY"}...)
 */
public record ReductionSpec(ScalarType type, ReductionOp op, String opImplClass, String opImplMethod,
        String opImplDescriptor, String identityLiteral) {
    /**
     * Checks the components.
     *
     * @param type the reduced value's type, not null
     * @param op the combining operation, not null
     * @param opImplClass for {@code CUSTOM}: the op's implementation class; else {@code null}
     * @param opImplMethod for {@code CUSTOM}: the op's implementation method; else {@code null}
     * @param opImplDescriptor for {@code CUSTOM}: that method's descriptor; else {@code null}
     * @param identityLiteral the identity as an OpenCL C literal, not null
     * @throws NullPointerException when {@code type}, {@code op} or {@code identityLiteral} is null
     * @throws IllegalArgumentException when a {@code CUSTOM} op lacks its implementation method
     */
    public ReductionSpec {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(identityLiteral, "identityLiteral");
        if (op == ReductionOp.CUSTOM && (opImplClass == null || opImplMethod == null || opImplDescriptor == null)) {
            throw new IllegalArgumentException("a CUSTOM reduction needs opImplClass, opImplMethod and opImplDescriptor");
        }
    }
}
