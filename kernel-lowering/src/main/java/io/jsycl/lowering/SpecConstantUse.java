package io.jsycl.lowering;

/**
 * A specialization constant a kernel reads. The source defines {@code macro} to
 * {@code defaultLiteral} unless it is already defined, so a build option
 * {@code -D<macro>=<value>} overrides it.
 *
 * @param name the constant's name ({@code SpecConstant.name()})
 * @param type its type
 * @param defaultLiteral its default value as an OpenCL C literal
 * @param macro the macro the kernel uses ({@code JSYCL_SC_<name>})
 */
public record SpecConstantUse(String name, ScalarType type, String defaultLiteral, String macro) {
}
