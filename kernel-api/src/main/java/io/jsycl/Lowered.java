package io.jsycl;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a member a kernel may use, and says what it becomes on an OpenCL device. A member without it is host code
 * only: a kernel that calls it is rejected when it is lowered, with the call's line and the reason.
 *
 * <p>The lowering reads these annotations from the class files of {@code io.jsycl} (as it reads the kernel's own
 * bytecode): this is the one place that says which members of the API a kernel may call. A call names the class of
 * its receiver ({@code Accessor.OfFloat.get}); the member it resolves to may be declared on a supertype, such as
 * {@link GridAccess.OfFloat}, and it is the annotation there that counts.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.FIELD, ElementType.CONSTRUCTOR})
public @interface Lowered {
    /**
     * What the member becomes on a device.
     *
     * @return the member's role
     */
    As value();

    /**
     * For {@link As#BUILT_IN}: the OpenCL C built-in function of the same meaning, e.g. {@code native_exp}.
     *
     * @return the C function's name; empty for other roles
     */
    String c() default "";

    /** What a member becomes on a device: the lowering has one way of lowering each. */
    enum As {
        /** An id, range or count of {@code Item} or {@code NdItem}: an OpenCL work-item function. */
        ITEM_QUERY,
        /** {@code NdItem.barrier}: an OpenCL {@code barrier}. */
        BARRIER,
        /** A work-group algorithm of {@code NdItem}: a helper exchanging values through local memory. */
        GROUP_ALGORITHM,
        /** A sub-group query or operation: a helper built on one shuffle primitive. */
        SUB_GROUP,
        /** {@code size()}, {@code get} or {@code set} of an accessor, local accessor or device array. */
        ACCESS,
        /** {@code getN}/{@code setN} of an accessor: a vector load or store of a vector record. */
        WIDE_ACCESS,
        /** An atomic of an accessor, local accessor or device array, or {@code Atomics.fence}. */
        ATOMIC,
        /** A {@code MemoryOrder} constant: an atomic's order, chosen when the kernel is lowered. */
        MEMORY_ORDER,
        /** A {@code MemoryScope} constant: an atomic's scope, chosen when the kernel is lowered. */
        MEMORY_SCOPE,
        /** {@code Reducer.combine}: folds a value into the work-item's accumulator. */
        REDUCER,
        /** A method of {@code Builtins}: the OpenCL C built-in {@link #c()}. */
        BUILT_IN,
        /** {@code Fence.LOCAL} or {@code Fence.GLOBAL}: a barrier's memory flags. */
        FENCE,
        /** A {@code GroupOp} constant: the operation of an algorithm, chosen when the kernel is lowered. */
        GROUP_OP,
        /** {@code SpecConstant.get()}: the constant's macro. */
        SPEC_CONSTANT,
        /** {@code get(lane)} of a vector record: a struct field, or a helper for a lane known only at run time. */
        VECTOR_LANE,
        /**
         * A vector record's constructor, lane or other method: lowered as any record of primitives (a struct value, a
         * struct field, a device function from the method's bytecode).
         */
        VECTOR_RECORD
    }
}
