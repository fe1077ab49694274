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
    LAUNCH_RANGE
}
