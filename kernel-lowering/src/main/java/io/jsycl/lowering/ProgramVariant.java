package io.jsycl.lowering;

import java.util.Set;

/**
 * The variants of one generated program: each is a macro the generated source tests and the runtime defines in the
 * build options ({@code -DJSYCL_...}) for the launches that need it, so one lowering serves them all and each variant
 * is built (and cached) as its own program. The one place that names these macros: the lowering emits its
 * {@code #ifdef}s from {@link #macro()} and the runtime composes its options from {@link #buildOption()}.
 *
 * <p>The options are part of a program's cache key, in memory and on disk, so {@link #buildOptions(Set)} writes them
 * in one fixed order, the order of the constants here; a new variant goes at the end, or the options of existing
 * programs (and so their cache entries) change.
 */
public enum ProgramVariant {
    /**
     * Every accessor of the launch has offset 0 (whole buffers, device arrays, sub-buffers at the origin): the
     * kernel takes no offset arguments and its accessor indices have no offset arithmetic.
     */
    ZERO_OFFSETS("JSYCL_ZERO_OFFSETS"),
    /** A subscript {@code e + c} must wrap as Java's does: an extent the kernel indexes is near {@code 2^31}. */
    WRAPPING_SUBSCRIPTS("JSYCL_WRAPPING_SUBSCRIPTS"),
    /** The launch's accessors are over pairwise different memory: their pointers may be {@code restrict}. */
    NO_ALIASING("JSYCL_NO_ALIASING"),
    /** A 1-D launch over half of an even range: each work-item runs two ({@link LoweredKernel#twoItemsPerWorkItem}). */
    TWO_ITEMS("JSYCL_TWO_ITEMS"),
    /** A 1-D launch over fewer work-items than items: each runs items a grid apart ({@link LoweredKernel#gridStride}). */
    GRID_STRIDE("JSYCL_GRID_STRIDE"),
    /** The global range is rounded up to a multiple of the work-group: work-items past the range return at once. */
    PADDED_RANGE("JSYCL_PADDED_RANGE"),
    /** Built with {@code -cl-fast-relaxed-math} ({@code h.fastMath()}): the compiler may contract float operations. */
    FAST_MATH("JSYCL_FAST_MATH"),
    /** Float divide and square root are correctly rounded (the device's or fast math's), so helpers need no fix-up. */
    CR_DIVIDE_SQRT("JSYCL_CR_DIVIDE_SQRT"),
    /**
     * The launch's accessors have equal memory ranges wherever the kernel reads one in the same dimension (buffers of
     * one shape): the kernel computes every such accessor's row stride from the first one's parameter, so that the
     * compiler sees one stride and shares the address arithmetic of their elements (an H200 ran a 3x3 convolution over
     * two 2048² buffers 5% faster so, as fast as a hand-written kernel with one stride; the runtime's default on GPUs
     * only, since PoCL vectorized the same kernel worse).
     */
    SHARED_STRIDES("JSYCL_SHARED_STRIDES"),
    /**
     * A 2-D or 3-D launch over half of the range's rows (its extent in dimension 0, OpenCL's slowest): each work-item
     * runs two adjacent rows' items ({@link LoweredKernel#rowsPerWorkItem}).
     */
    TWO_ROWS("JSYCL_TWO_ROWS"),
    /** As {@link #TWO_ROWS}, over a quarter of the rows: each work-item runs four adjacent rows' items. */
    FOUR_ROWS("JSYCL_FOUR_ROWS");

    /**
     * Not a variant but a valued macro: the end of a reduction's items where a {@code DistributedQueue}'s chunk ends
     * before the range does ({@code -DJSYCL_CHUNK_END=<its last item + 1>}, the chunk launched at a global offset of
     * its first item); a reduction kernel without it runs to the end of its range.
     */
    public static final String CHUNK_END = "JSYCL_CHUNK_END";

    /**
     * Not a variant of the launch's shape but of its place: a {@code DistributedQueue}'s chunk of an nd-range, launched
     * over its rows at a global offset of whole work-groups, whose group ids and group counts are the whole range's.
     */
    public static final String ND_CHUNK = "JSYCL_ND_CHUNK";

    private static final ProgramVariant[] ALL = values();

    private final String macro;
    private final String buildOption;

    ProgramVariant(String macro) {
        this.macro = macro;
        this.buildOption = "-D" + macro;
    }

    /**
     * The macro the generated source tests.
     *
     * @return e.g. {@code JSYCL_GRID_STRIDE}
     */
    public String macro() {
        return macro;
    }

    /**
     * The build option that selects this variant.
     *
     * @return e.g. {@code -DJSYCL_GRID_STRIDE}
     */
    public String buildOption() {
        return buildOption;
    }

    /**
     * This variant's bit in a set written as an {@code int} ({@link #buildOptions(int)}): {@code 1 << ordinal()}.
     *
     * @return the bit
     */
    public int bit() {
        return 1 << ordinal();
    }

    /**
     * The build options of {@code variants}, in the order of the constants, each followed by a space.
     *
     * @param variants the variants to select
     * @return e.g. {@code "-DJSYCL_ZERO_OFFSETS -DJSYCL_NO_ALIASING "}; {@code ""} for none
     */
    public static String buildOptions(Set<ProgramVariant> variants) {
        int bits = 0;
        for (ProgramVariant v : variants) {
            bits |= v.bit();
        }
        return buildOptions(bits);
    }

    /**
     * The build options of the variants whose {@link #bit()}s are set in {@code bits}, in the order of the constants,
     * each followed by a space: the allocation-free form of {@link #buildOptions(Set)} for a launch's hot path.
     *
     * @param bits a union of {@link #bit()}s
     * @return the options; {@code ""} for none
     * @throws IllegalArgumentException if {@code bits} has a bit no variant has
     */
    public static String buildOptions(int bits) {
        if ((bits & -(1 << ALL.length)) != 0) {
            throw new IllegalArgumentException("ProgramVariant.buildOptions: bits " + Integer.toBinaryString(bits)
                    + " name no variant past bit " + (ALL.length - 1) + "; pass a union of ProgramVariant.bit()s");
        }
        var b = new StringBuilder();
        for (ProgramVariant v : ALL) {
            if ((bits & v.bit()) != 0) {
                b.append(v.buildOption).append(' ');
            }
        }
        return b.toString();
    }

    /**
     * The preprocessor test for this variant, for {@code #if} lines.
     *
     * @return e.g. {@code defined(JSYCL_GRID_STRIDE)}
     */
    public String defined() {
        return "defined(" + macro + ")";
    }
}
