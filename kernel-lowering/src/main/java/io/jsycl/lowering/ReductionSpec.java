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
 * @param length the output's elements: 1 for one value ({@code combine(v)}); a kernel that calls
 *     {@code combine(index, v)} reduces each of the output's elements on its own (SYCL's span reduction)
 */
public record ReductionSpec(ScalarType type, ReductionOp op, String opImplClass, String opImplMethod,
        String opImplDescriptor, String identityLiteral, int length) {
    /** The most elements a reduction of several elements has: its work-groups combine them in local memory. */
    public static final int MAX_LENGTH = 4096;

    /**
     * A reduction into one value.
     *
     * @param type the reduced value's type, not null
     * @param op the combining operation, not null
     * @param opImplClass for {@code CUSTOM}: the op's implementation class; else {@code null}
     * @param opImplMethod for {@code CUSTOM}: the op's implementation method; else {@code null}
     * @param opImplDescriptor for {@code CUSTOM}: that method's descriptor; else {@code null}
     * @param identityLiteral the identity as an OpenCL C literal, not null
     */
    public ReductionSpec(ScalarType type, ReductionOp op, String opImplClass, String opImplMethod,
            String opImplDescriptor, String identityLiteral) {
        this(type, op, opImplClass, opImplMethod, opImplDescriptor, identityLiteral, 1);
    }

    /**
     * Checks the components.
     *
     * @param type the reduced value's type, not null
     * @param op the combining operation, not null
     * @param opImplClass for {@code CUSTOM}: the op's implementation class; else {@code null}
     * @param opImplMethod for {@code CUSTOM}: the op's implementation method; else {@code null}
     * @param opImplDescriptor for {@code CUSTOM}: that method's descriptor; else {@code null}
     * @param identityLiteral the identity as an OpenCL C literal, not null
     * @param length the output's elements, 1 to {@link #MAX_LENGTH}
     * @throws NullPointerException when {@code type}, {@code op} or {@code identityLiteral} is null
     * @throws IllegalArgumentException when a {@code CUSTOM} op lacks its implementation method, or the length is
     *     outside 1 to {@link #MAX_LENGTH}
     */
    public ReductionSpec {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(identityLiteral, "identityLiteral");
        if (op == ReductionOp.CUSTOM && (opImplClass == null || opImplMethod == null || opImplDescriptor == null)) {
            throw new IllegalArgumentException("a CUSTOM reduction needs opImplClass, opImplMethod and opImplDescriptor");
        }
        if (length < 1 || length > MAX_LENGTH) {
            throw new IllegalArgumentException("a reduction's output has 1 to " + MAX_LENGTH + " elements, not "
                    + length);
        }
    }
}
