package io.jsycl.internal.launch;

import io.jsycl.Range;
import io.jsycl.lowering.ArgRole;
import io.jsycl.lowering.KernelArg;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.lowering.ProgramVariant;
import java.lang.reflect.Array;

/**
 * The build options that specialize a generated program for one launch's arguments, so that launches differing
 * in them get (and cache) different programs; the options are part of the program's key like any other. Each is a
 * {@link ProgramVariant}, which names its macro; a specialization is an {@code int} of their
 * {@link ProgramVariant#bit()}s.
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
 * <li>{@code -DJSYCL_NO_ALIASING} where the launch's accessors are over pairwise different memory (different
 * buffers, different device arrays): the program declares their pointers {@code restrict}, except the writable ones
 * of a kernel with barriers, which the lowering never declares so. Two accessors of one buffer (also of two
 * sub-buffers of it) or one device array twice leave it off.</li>
 * <li>{@code -DJSYCL_TWO_ITEMS} where the launch runs two items per work-item (set by the scheduler:
 * {@link LaunchSettings#twoItemsPerWorkItem}).</li>
 * <li>{@code -DJSYCL_GRID_STRIDE} where the launch runs its items a grid apart over fewer work-items (set by the
 * scheduler: {@link LaunchSettings#gridStrideItems}).</li>
 * <li>{@code -DJSYCL_TWO_ROWS} or {@code -DJSYCL_FOUR_ROWS} where a 2-D or 3-D launch runs two or four adjacent rows
 * per work-item (set by the scheduler: {@link LaunchSettings#rowsPerWorkItem}).</li>
 * <li>{@code -DJSYCL_SHARED_STRIDES} where the kernel reads the memory range of two or more accessors in one dimension
 * and the launch's are equal there (buffers of one shape): the program computes their row strides from one
 * parameter, so the compiler shares their elements' address arithmetic. On GPUs unless {@code JSYCL_SHARED_STRIDES}
 * says otherwise ({@link LaunchSettings#sharedStrides}).</li>
 * </ul>
 * These settings are read when a queue is made ({@link io.jsycl.Queue}); a process measuring two variants makes a
 * queue after setting each.
 */
public final class LaunchSpecialization {
    /** The largest extent for which signed subscripts keep Java's results: {@code 2^31 - 2^24}. */
    static final long SIGNED_SUBSCRIPT_MAX_EXTENT = (1L << 31) - (1L << 24);

    private LaunchSpecialization() {
    }

    /** {@link #of} bit: every accessor of the launch has offset 0. */
    public static final int ZERO_OFFSETS = ProgramVariant.ZERO_OFFSETS.bit();
    /** {@link #of} bit: subscripts {@code e + c} must wrap. */
    static final int WRAPPING_SUBSCRIPTS = ProgramVariant.WRAPPING_SUBSCRIPTS.bit();
    /** {@link #of} bit: the accessors are over pairwise different memory. */
    public static final int NO_ALIASING = ProgramVariant.NO_ALIASING.bit();
    /** Bit of a launch that runs two items per work-item. */
    public static final int TWO_ITEMS = ProgramVariant.TWO_ITEMS.bit();
    /** Bit of a launch that runs its items a grid apart over fewer work-items. */
    public static final int GRID_STRIDE = ProgramVariant.GRID_STRIDE.bit();
    /** {@link #of} bit: the accessors' memory ranges the kernel reads are equal per dimension. */
    public static final int SHARED_STRIDES = ProgramVariant.SHARED_STRIDES.bit();
    /** Bit of a launch that runs two adjacent rows per work-item. */
    public static final int TWO_ROWS = ProgramVariant.TWO_ROWS.bit();
    /** Bit of a launch that runs four adjacent rows per work-item. */
    public static final int FOUR_ROWS = ProgramVariant.FOUR_ROWS.bit();
    /** The bits up to {@link #GRID_STRIDE}: the variants before those the build options add by name. */
    private static final int LOW_BITS = ProgramVariant.GRID_STRIDE.ordinal() + 1;
    /**
     * The variants after those the build options add by name, in the order of their compacted bits after
     * {@link #LOW_BITS} (the variants' own order, since a new one goes at the end: the others' options must not move).
     */
    private static final int[] HIGH = {SHARED_STRIDES, TWO_ROWS, FOUR_ROWS};
    /**
     * How many bits a specialization has once compacted ({@link #compact}): the {@link ProgramVariant}s up to
     * {@link ProgramVariant#GRID_STRIDE}, then {@link #HIGH}'s.
     */
    static final int BITS = LOW_BITS + HIGH.length;
    private static final String[] OPTIONS = new String[1 << BITS];

    static {
        for (int compact = 0; compact < OPTIONS.length; compact++) {
            int bits = compact & (1 << LOW_BITS) - 1;
            for (int h = 0; h < HIGH.length; h++) {
                bits |= (compact & 1 << LOW_BITS + h) != 0 ? HIGH[h] : 0;
            }
            OPTIONS[compact] = ProgramVariant.buildOptions(bits);
        }
    }

    /**
     * The specialization of launching {@code lowered} with {@code captured}: {@link #ZERO_OFFSETS},
     * {@link #WRAPPING_SUBSCRIPTS}, {@link #NO_ALIASING} and {@link #SHARED_STRIDES} bits. {@code zeroOffsetPrograms},
     * {@code signedSubscripts} and {@code sharedStridePrograms} are the queue's settings.
     */
    public static int of(LoweredKernel lowered, BoundCapture[] captured, boolean zeroOffsetPrograms,
            boolean signedSubscripts, boolean sharedStridePrograms) {
        boolean zeroOffsets = zeroOffsetPrograms;
        boolean wrapping = !signedSubscripts;
        boolean hasOffsets = false;
        boolean distinct = true;
        // The memory of the accessor arguments seen so far (buffer storage or device array memory), to compare.
        Object[] memories = null;
        int accessors = 0;
        // By dimension: the first memory range the kernel reads there, and how many it reads.
        int[] memRange = new int[3];
        int[] memRanges = new int[3];
        boolean sharedStrides = sharedStridePrograms;
        for (KernelArg arg : lowered.args()) {
            if (arg.captureIndex() < 0) {
                continue;
            }
            BoundCapture value = BoundCapture.resolve(captured[arg.captureIndex()], arg.path());
            switch (arg.role()) {
                case ACCESSOR_DATA -> {
                    Object memory = value instanceof BoundCapture.DeviceArray a ? a.array().mem()
                            : ((BoundCapture.Accessor) value).storage();
                    if (memories == null) {
                        memories = new Object[lowered.args().size()];
                    }
                    for (int i = 0; i < accessors; i++) {
                        distinct &= memories[i] != memory;
                    }
                    memories[accessors++] = memory;
                    // Every accessor's extents, whether or not the kernel reads its range (the lowering passes
                    // ranges only to kernels that read them).
                    wrapping |= value instanceof BoundCapture.DeviceArray a
                            ? a.array().length() > SIGNED_SUBSCRIPT_MAX_EXTENT
                            : extentAbove(((BoundCapture.Accessor) value).range(), SIGNED_SUBSCRIPT_MAX_EXTENT);
                }
                case ACCESSOR_MEM_RANGE -> {
                    int d = arg.dimension();
                    int extent = KernelArguments.memRange(value, d);
                    // Non-short-circuit: no branch that the submit-path warm-up's kernels (buffers of one shape)
                    // never take, which the JIT would compile as a trap at a program's first launch over two shapes.
                    sharedStrides &= memRanges[d] == 0 | memRange[d] == extent;
                    memRange[d] = extent;
                    memRanges[d]++;
                }
                case ACCESSOR_OFFSET -> {
                    hasOffsets = true;
                    zeroOffsets &= !(value instanceof BoundCapture.Accessor a) || a.offset()[arg.dimension()] == 0;
                }
                case ARRAY_DATA -> wrapping |= Array.getLength(((BoundCapture.Value) value).value())
                        > SIGNED_SUBSCRIPT_MAX_EXTENT;
                case LOCAL_RANGE -> wrapping |= ((BoundCapture.Local) value).range().get(arg.dimension())
                        > SIGNED_SUBSCRIPT_MAX_EXTENT;
                default -> {
                }
            }
        }
        // Only where the lowering shares a stride (JSYCL_STRIDE): a kernel reading one accessor's gets no variant.
        sharedStrides &= memRanges[0] > 1 | memRanges[1] > 1 | memRanges[2] > 1;
        return (hasOffsets && zeroOffsets ? ZERO_OFFSETS : 0) | (wrapping ? WRAPPING_SUBSCRIPTS : 0)
                | (distinct ? NO_ALIASING : 0) | (sharedStrides ? SHARED_STRIDES : 0);
    }

    /**
     * {@link #GRID_STRIDE}'s measure of a launch: the bytes of memory its accessors span (an accessor its range, a
     * device array all of it), each accessor counted once per time it is captured.
     */
    public static long accessorBytes(LoweredKernel lowered, BoundCapture[] captured) {
        long bytes = 0;
        for (KernelArg arg : lowered.args()) {
            if (arg.captureIndex() >= 0 && arg.role() == ArgRole.ACCESSOR_DATA) {
                BoundCapture value = BoundCapture.resolve(captured[arg.captureIndex()], arg.path());
                bytes += value instanceof BoundCapture.DeviceArray a ? a.array().bytes()
                        : ((BoundCapture.Accessor) value).range().size()
                                * ((BoundCapture.Accessor) value).storage().codec.byteSize();
            }
        }
        return bytes;
    }

    private static boolean extentAbove(Range r, long max) {
        for (int d = 0; d < r.dimensions(); d++) {
            if (r.get(d) > max) {
                return true;
            }
        }
        return false;
    }

    /** The build options of specialization {@code bits}, each followed by a space; "" for none. */
    static String options(int bits) {
        return OPTIONS[compact(bits)];
    }

    /** Specialization {@code bits} as an index below {@code 1 << BITS}: {@link #HIGH}'s bits after the low ones. */
    static int compact(int bits) {
        int compact = bits & (1 << LOW_BITS) - 1;
        for (int h = 0; h < HIGH.length; h++) {
            compact |= (bits & HIGH[h]) != 0 ? 1 << LOW_BITS + h : 0;
        }
        return compact;
    }
}
