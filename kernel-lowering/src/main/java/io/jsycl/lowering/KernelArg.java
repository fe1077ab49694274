package io.jsycl.lowering;

import java.util.List;
import java.util.Objects;

/**
 * One OpenCL kernel argument, in order.
 *
 * @param captureIndex index into {@link KernelRequest#captures()}, or -1 for the arguments that
 *     belong to no capture ({@code LAUNCH_RANGE}, {@code REDUCTION_*}, {@code CHECK_BUFFER})
 * @param path for a leaf of a captured record, the record component indices from the capture
 *     down to the leaf (nested records give several); empty otherwise
 * @param role what to pass
 * @param dimension for the per-dimension roles, the SYCL dimension (0 = slowest varying), else 0
 * @param type the scalar type for {@code VALUE}, the element type for {@code ACCESSOR_DATA},
 *     {@code LOCAL_MEMORY}, {@code ARRAY_DATA} and the {@code REDUCTION_*} roles ({@link ScalarType#BYTE}
 *     for the data of a {@link Capture.RecordAccessor}: an array of structs); ranges,
 *     lengths, offsets and the check buffer are C {@code int} ({@link ScalarType#INT})
 */
public record KernelArg(int captureIndex, List<Integer> path, ArgRole role, int dimension, ScalarType type) {
    /**
     * Checks the components and copies {@code path}.
     *
     * @param captureIndex index into {@link KernelRequest#captures()}, or -1 for an argument of no capture
     * @param path the record component indices from the capture down to the leaf; copied
     * @param role what to pass, not null
     * @param dimension for the per-dimension roles, the SYCL dimension, else 0
     * @param type the argument's scalar or element type, not null
     * @throws NullPointerException when {@code path}, {@code role} or {@code type} is null
     */
    public KernelArg {
        path = List.copyOf(path);
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(type, "type");
    }

    /**
     * An argument that is not inside a record ({@code path} empty).
     *
     * @param captureIndex index into {@link KernelRequest#captures()}, or -1 for an argument of no capture
     * @param role what to pass, not null
     * @param dimension for the per-dimension roles, the SYCL dimension (0 = slowest varying), else 0
     * @param type the argument's scalar or element type, not null
     */
    public KernelArg(int captureIndex, ArgRole role, int dimension, ScalarType type) {
        this(captureIndex, List.of(), role, dimension, type);
    }
}
