package io.jsycl.lowering;

/**
 * One OpenCL kernel argument, in order.
 *
 * @param captureIndex index into {@link KernelRequest#captures()}, or -1 for {@code LAUNCH_RANGE}
 * @param role what to pass
 * @param dimension for the per-dimension roles, the SYCL dimension (0 = slowest varying), else 0
 * @param type the scalar type for {@code VALUE}, the element type for {@code ACCESSOR_DATA};
 *     range and offset arguments are C {@code int} ({@link ScalarType#INT})
 */
public record KernelArg(int captureIndex, ArgRole role, int dimension, ScalarType type) {
}
