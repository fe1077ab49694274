package io.jsycl;

import io.jsycl.lowering.KernelArg;
import io.jsycl.lowering.LoweredKernel;
import java.lang.reflect.Array;

/**
 * The build options that specialize a generated program for one launch's arguments, so that launches differing
 * in them get (and cache) different programs; the options are part of the program's key like any other.
 *
 * <ul>
 * <li>{@code -DJSYCL_ZERO_OFFSETS} where every accessor of the launch has offset 0 (whole buffers, device arrays,
 * sub-buffers at the origin): the program then has no offset arithmetic in its accessor indices. Off with
 * {@code JSYCL_LOWERING_ZERO_OFFSETS=0} [{@code jsycl.lowering.zeroOffsets=false}].</li>
 * <li>{@code -DJSYCL_WRAPPING_SUBSCRIPTS} where a subscript {@code e + c} must wrap as Java does: an extent indexed
 * by the kernel (accessor range, captured array length, local accessor range) is above {@code 2^31 - 2^24}, where
 * the lowering's argument for computing such subscripts signed no longer holds (see docs/kernel-language.md,
 * "Subscripts"), or {@code JSYCL_LOWERING_SIGNED_SUBSCRIPTS=0} [{@code jsycl.lowering.signedSubscripts=false}]
 * asks for it.</li>
 * </ul>
 * Both settings are read when a queue is made ({@link Queue}); a process measuring both variants makes a queue
 * after setting each.
 */
final class LaunchSpecialization {
    /** The largest extent for which signed subscripts keep Java's results: {@code 2^31 - 2^24}. */
    static final long SIGNED_SUBSCRIPT_MAX_EXTENT = (1L << 31) - (1L << 24);

    private LaunchSpecialization() {
    }

    /** {@link #of} bit: every accessor of the launch has offset 0. */
    static final int ZERO_OFFSETS = 1;
    /** {@link #of} bit: subscripts {@code e + c} must wrap. */
    static final int WRAPPING_SUBSCRIPTS = 2;
    private static final String[] OPTIONS = {"", "-DJSYCL_ZERO_OFFSETS ", "-DJSYCL_WRAPPING_SUBSCRIPTS ",
        "-DJSYCL_ZERO_OFFSETS -DJSYCL_WRAPPING_SUBSCRIPTS "};

    /**
     * The specialization of launching {@code lowered} with {@code captured}: {@link #ZERO_OFFSETS} and
     * {@link #WRAPPING_SUBSCRIPTS} bits. {@code zeroOffsetPrograms} and {@code signedSubscripts} are the queue's
     * settings.
     */
    static int of(LoweredKernel lowered, Object[] captured, boolean zeroOffsetPrograms, boolean signedSubscripts) {
        boolean zeroOffsets = zeroOffsetPrograms;
        boolean wrapping = !signedSubscripts;
        boolean hasOffsets = false;
        for (KernelArg arg : lowered.args()) {
            if (arg.captureIndex() < 0) {
                continue;
            }
            Object value = switch (arg.role()) {
                case ACCESSOR_OFFSET, ACCESSOR_RANGE, ARRAY_DATA, LOCAL_RANGE ->
                        RecordPaths.resolve(captured[arg.captureIndex()], arg.path());
                default -> null;
            };
            switch (arg.role()) {
                case ACCESSOR_OFFSET -> {
                    hasOffsets = true;
                    zeroOffsets &= !(value instanceof Accessor<?> a) || a.offset(arg.dimension()) == 0;
                }
                case ACCESSOR_RANGE -> wrapping |= (value instanceof DeviceArray<?> d ? d.size()
                        : ((Accessor<?>) value).range().get(arg.dimension())) > SIGNED_SUBSCRIPT_MAX_EXTENT;
                case ARRAY_DATA -> wrapping |= Array.getLength(value) > SIGNED_SUBSCRIPT_MAX_EXTENT;
                case LOCAL_RANGE -> wrapping |= ((LocalAccessor<?>) value).range().get(arg.dimension())
                        > SIGNED_SUBSCRIPT_MAX_EXTENT;
                default -> {
                }
            }
        }
        return (hasOffsets && zeroOffsets ? ZERO_OFFSETS : 0) | (wrapping ? WRAPPING_SUBSCRIPTS : 0);
    }

    /** The build options of specialization {@code bits}, each followed by a space; "" for none. */
    static String options(int bits) {
        return OPTIONS[bits];
    }
}
