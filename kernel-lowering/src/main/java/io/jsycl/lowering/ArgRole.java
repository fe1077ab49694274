package io.jsycl.lowering;

/** What the runtime passes for one OpenCL kernel argument. */
public enum ArgRole {
    /** A captured scalar's value. */
    VALUE,
    /** An accessor's buffer ({@code cl_mem}). */
    ACCESSOR_DATA,
    /** An accessor's access range in one dimension ({@code int}). */
    ACCESSOR_RANGE,
    /** An accessor's buffer (memory) range in one dimension ({@code int}). */
    ACCESSOR_MEM_RANGE,
    /** An accessor's offset in one dimension ({@code int}). */
    ACCESSOR_OFFSET,
    /** The user's launch range in one dimension ({@code int}); the global size may be larger. */
    LAUNCH_RANGE,
    /**
     * A local accessor's memory: {@code clSetKernelArg(index, bytes, NULL)} with the local
     * accessor's size in bytes (elements of all dimensions × element bytes).
     */
    LOCAL_MEMORY,
    /** A local accessor's range in one dimension ({@code int}). */
    LOCAL_RANGE,
    /** A read-only {@code __global} buffer holding a captured array's elements (the runtime uploads it). */
    ARRAY_DATA,
    /** A captured array's length ({@code int}). */
    ARRAY_LENGTH,
    /**
     * The {@code __global} buffer of a reduction's output; {@link KernelArg#dimension()} is the reduction's position
     * among the kernel's ({@link KernelRequest#reductions()}).
     */
    REDUCTION_OUTPUT,
    /**
     * {@code __local} scratch of a reduction: the runtime passes (the larger of the local size and the output's length
     * × element bytes); {@link KernelArg#dimension()} is the reduction's position among the kernel's.
     */
    REDUCTION_SCRATCH,
    /**
     * {@code __local} scratch of the work-group algorithms ({@code NdItem.reduceOverGroup} and the others): the runtime
     * passes {@code 8 × (n + n / 32 + 1)} bytes for a work-group of {@code n} work-items (a slot per work-item and one
     * unused slot after every 32, which keeps the helpers' reads on different banks). The sub-group operations'
     * emulated shuffles use its first {@code 8 × n} bytes ({@code SubGroupAlgorithms}).
     */
    GROUP_SCRATCH,
    /**
     * Checked mode: a {@code __global int*} of 8 ints, zero-filled by the runtime. After the
     * run, {@code check[0]} is 0 or the kind of the first failure (1 = index out of bounds,
     * 2 = division by zero), {@code check[1]} the Java source line, {@code check[2..4]} the
     * failing work-item's global id (SYCL dimensions 0..2), {@code check[5]} the offending
     * index and {@code check[6]} its bound. Always the last argument.
     */
    CHECK_BUFFER
}
