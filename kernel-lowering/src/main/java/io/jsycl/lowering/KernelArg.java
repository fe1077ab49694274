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
 * @param absentIn the {@link ProgramVariant#bit()}s of the variants whose programs have no such parameter (an
 *     accessor's offset in {@link ProgramVariant#ZERO_OFFSETS}, a memory range another accessor's stands for in
 *     {@link ProgramVariant#SHARED_STRIDES}), else 0
 * @param onlyIn the bits of the variants only whose programs have it (the launch range of a kernel that never reads
 *     it, which only a guard or a loop over the range needs: {@link ProgramVariant#PADDED_RANGE},
 *     {@link ProgramVariant#TWO_ITEMS}, {@link ProgramVariant#GRID_STRIDE}), or 0 for every program
 */
public record KernelArg(int captureIndex, List<Integer> path, ArgRole role, int dimension, ScalarType type,
        int absentIn, int onlyIn) {
    /**
     * Checks the components and copies {@code path}.
     *
     * @param captureIndex index into {@link KernelRequest#captures()}, or -1 for an argument of no capture
     * @param path the record component indices from the capture down to the leaf; copied
     * @param role what to pass, not null
     * @param dimension for the per-dimension roles, the SYCL dimension, else 0
     * @param type the argument's scalar or element type, not null
     * @param absentIn the bits of the variants whose programs lack this parameter, else 0
     * @param onlyIn the bits of the variants only whose programs have it, or 0 for every program
     * @throws NullPointerException when {@code path}, {@code role} or {@code type} is null
     */
    public KernelArg {
        path = List.copyOf(path);
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(type, "type");
    }

    /**
     * An argument in every program variant, but for an accessor's offset, which programs built with
     * {@link ProgramVariant#ZERO_OFFSETS} do not have.
     *
     * @param captureIndex index into {@link KernelRequest#captures()}, or -1 for an argument of no capture
     * @param path the record component indices from the capture down to the leaf; copied
     * @param role what to pass, not null
     * @param dimension for the per-dimension roles, the SYCL dimension, else 0
     * @param type the argument's scalar or element type, not null
     */
    public KernelArg(int captureIndex, List<Integer> path, ArgRole role, int dimension, ScalarType type) {
        this(captureIndex, path, role, dimension, type,
                role == ArgRole.ACCESSOR_OFFSET ? ProgramVariant.ZERO_OFFSETS.bit() : 0, 0);
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

    /**
     * Whether a program built with the variants {@code variants} has this parameter: the runtime sets only those.
     *
     * @param variants a union of {@link ProgramVariant#bit()}s, the program's
     * @return true if the program's kernel takes this argument
     */
    public boolean presentIn(int variants) {
        return (variants & absentIn) == 0 && (onlyIn == 0 || (variants & onlyIn) != 0);
    }
}
