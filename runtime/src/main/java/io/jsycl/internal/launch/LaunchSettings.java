package io.jsycl.internal.launch;

import io.jsycl.DeviceType;
import io.jsycl.Range;
import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.internal.platform.Settings;
import java.util.function.LongSupplier;


/**
 * How one queue shapes its kernel launches: {@code JSYCL_PAD_RANGES}, {@code JSYCL_CHECKS},
 * {@code JSYCL_LOWERING_ZERO_OFFSETS}, {@code JSYCL_LOWERING_SIGNED_SUBSCRIPTS},
 * {@code JSYCL_TWO_ITEMS_PER_WORK_ITEM}, {@code JSYCL_GRID_STRIDE} and {@code JSYCL_LOCAL_SIZE_<D>D}, read once when the queue is
 * made rather than per submit, and what follows from them and the device. Immutable.
 */
public final class LaunchSettings {
    /** The smallest work-group a small 1-D launch is split into: one warp (NVIDIA) or half a wavefront (AMD). */
    static final long MIN_SPREAD_WORK_GROUP = 32;
    /**
     * Work-groups per compute unit of a grid-stride launch: 4 of 256 items is 1024 work-items, which every NVIDIA
     * GPU since Kepler and every AMD compute unit holds at once, so the launch is one wave; where the data stays in the
     * L2 cache, 4 per unit ran fastest of the grid-stride shapes and beat one item per work-item over several waves
     * (benchmarks/results/h100.md, "Kernel shapes", the v4gs and v4 rows of SAXPY at 2^22).
     */
    static final int GRID_STRIDE_GROUPS_PER_UNIT = 4;
    /**
     * The most memory, in bytes, a launch's accessors may span for {@code JSYCL_GRID_STRIDE=auto} to run it grid-stride:
     * data a launch reads and writes again soon stays in a GPU's L2 cache (50 MB on the H100, 40 on the A100), where
     * one resident wave looping over the items beat four waves of one item each for SAXPY over 32 MiB; over 64 MiB
     * the two were even, and from DRAM the loop was slower (benchmarks/results/h100.md, "Kernel shapes", SAXPY at
     * 2^22 to 2^24). NVIDIA's OpenCL reports no L2 size ({@code CL_DEVICE_GLOBAL_MEM_CACHE_SIZE} is the L1 caches'
     * total there), hence a constant.
     */
    static final long GRID_STRIDE_MAX_BYTES = 48L << 20;
    /**
     * The work-group of a padded 2-D launch of a kernel that reaches an accessor with a stride along the range's last
     * dimension ({@code LoweredKernel.stridedAccess}), OpenCL dimension 0 first: a warp of 16x2 items touches 16 rows
     * two elements each where one of 32x1 touches 32 rows one element each; a naive 4096² transpose ran in 0.16 ms
     * with 16x16 work-groups against 0.31 ms with 32x8 on an H100 (benchmarks/results/h100.md, GridKernels).
     */
    static final long[] STRIDED_LOCAL_2D = {16, 16};

    private final boolean padsRanges;
    private final boolean checksAll;
    private final boolean zeroOffsets;
    private final boolean sharedStrides;
    private final boolean signedSubscripts;
    /** The smallest range of a 1-D kernel that runs two items per work-item ({@code JSYCL_TWO_ITEMS_PER_WORK_ITEM}). */
    private final long twoItemsMinRange;
    /** {@code JSYCL_ROWS_PER_WORK_ITEM} forced (1, 2 or 4), or 0 for auto. */
    private final int rowsForced;
    /**
     * The fewest work-items a launch running several rows per work-item keeps (auto): as many as a 1-D launch of two
     * items per work-item, so that every compute unit still gets 4 work-groups of the largest size; Long.MAX_VALUE off
     * GPUs, where auto runs one row.
     */
    private final long rowsMinWorkItems;
    /** Work-group extents of padded 1-, 2- and 3-D launches (OpenCL dimension 0 first), or null where not padded. */
    private final long[][] paddedLocal;
    /** Why a malformed {@code JSYCL_LOCAL_SIZE_<D>D} was refused, thrown by the launches that need it. */
    private final String[] paddedLocalError;
    /**
     * The fewest work-groups a padded 1-D launch should have: the device's compute units where the work-group size is
     * the default one (0 where {@code JSYCL_LOCAL_SIZE_1D} sets it: then it is used as given).
     */
    private final long spreadOver;
    /** Whether {@code JSYCL_LOCAL_SIZE_2D} is set: then every padded 2-D launch uses it as given. */
    private final boolean localSize2dSet;
    /** Whether {@code JSYCL_GRID_STRIDE} is on ({@code TRUE}), off, or auto (null); off on the host device. */
    private final Boolean gridStride;
    /** The compute units a grid-stride launch spreads over. */
    private final long computeUnits;

    /** The settings of a queue on {@code device}, from {@code settings}, which have been read already. */
    public LaunchSettings(Settings settings, DeviceImpl device) {
        this.padsRanges = settings.padsRanges(device);
        this.checksAll = settings.checks().get();
        this.zeroOffsets = settings.zeroOffsets().get();
        this.sharedStrides = settings.sharedStrides(device);
        this.signedSubscripts = settings.signedSubscripts().get();
        // auto, for two items and for rows alike: on GPUs, where the launch still gives every compute unit 4
        // work-groups of the largest size.
        long fullDevice = device.type() == DeviceType.GPU
                ? 4L * device.maxComputeUnits() * device.maxWorkGroupSize() : Long.MAX_VALUE;
        Boolean twoItems = device.isHost() ? Boolean.FALSE : settings.twoItemsPerWorkItem().get();
        this.twoItemsMinRange = twoItems != null ? (twoItems ? 0 : Long.MAX_VALUE)
                : fullDevice == Long.MAX_VALUE ? Long.MAX_VALUE : 2 * fullDevice;
        Integer rows = device.isHost() ? Integer.valueOf(1) : settings.rowsPerWorkItem().get();
        this.rowsForced = rows == null ? 0 : rows;
        this.rowsMinWorkItems = fullDevice;
        this.paddedLocal = new long[3][];
        this.paddedLocalError = new String[3];
        if (padsRanges) {
            for (int dims = 1; dims <= 3; dims++) {
                try {
                    paddedLocal[dims - 1] = settings.paddedLocalSize(dims);
                } catch (IllegalArgumentException e) {
                    // Reported by the launches that use it, as before the setting was read per queue.
                    paddedLocalError[dims - 1] = e.getMessage();
                }
            }
        }
        this.spreadOver = padsRanges && !settings.paddedLocalSizeSet(1) ? device.maxComputeUnits() : 0;
        this.localSize2dSet = settings.paddedLocalSizeSet(2);
        Boolean stride = settings.gridStride().get();
        this.gridStride = device.isHost() || !padsRanges ? Boolean.FALSE
                : stride != null ? stride : device.type() == DeviceType.GPU ? null : Boolean.FALSE;
        this.computeUnits = device.maxComputeUnits();
    }

    /**
     * The work-items of a grid-stride launch ({@code JSYCL_GRID_STRIDE}) of a 1-D kernel that can run one
     * ({@code LoweredKernel.gridStride}) over {@code range} items whose accessors span {@code bytes} of memory (asked
     * for only where {@code auto} decides on a range of two waves or more: it walks the launch's arguments), or 0
     * where the launch runs one item per work-item (or two). {@code on}: wherever the range has more items than
     * {@value #GRID_STRIDE_GROUPS_PER_UNIT} padded work-groups per compute unit; {@code auto} (GPUs): where it has at
     * least twice as many and {@code bytes} is at most {@value #GRID_STRIDE_MAX_BYTES}; off on devices that do not
     * pad ranges.
     */
    public long gridStrideItems(long range, LongSupplier bytes) {
        if (Boolean.FALSE.equals(gridStride)) {
            return 0;
        }
        long[] local = paddedLocalSize(1);
        long wave = GRID_STRIDE_GROUPS_PER_UNIT * computeUnits * local[0];
        boolean worth = gridStride != null ? range > wave
                : range >= 2 * wave && bytes.getAsLong() <= GRID_STRIDE_MAX_BYTES;
        return worth ? wave : 0;
    }

    /** True if kernels get work-groups of a chosen size and a padded global range ({@code JSYCL_PAD_RANGES}). */
    public boolean padsRanges() {
        return padsRanges;
    }

    /**
     * The work-group extents of a padded {@code Range} launch of {@code dims} dimensions, OpenCL dimension 0 first
     * ({@code JSYCL_LOCAL_SIZE_<D>D}); do not modify the array.
     *
     * @throws IllegalArgumentException if the setting is malformed
     */
    long[] paddedLocalSize(int dims) {
        String error = paddedLocalError[dims - 1];
        if (error != null) {
            throw new IllegalArgumentException(error);
        }
        return paddedLocal[dims - 1];
    }

    /**
     * The work-group extents of a padded launch over {@code range}, OpenCL dimension 0 first: the configured ones
     * ({@link #paddedLocalSize(int)}), each at most the range's extent. A 1-D range too small to give every compute
     * unit a work-group of the default size, but large enough to give each {@value #MIN_SPREAD_WORK_GROUP} items,
     * gets smaller work-groups (halved, down to {@value #MIN_SPREAD_WORK_GROUP} items) until each gets one: 16,384
     * items make 64 work-groups of 256, which leave half of an H100's 132 compute units idle, and 256 work-groups of
     * 64, which use them all. A range of 256 stays one work-group: more, smaller work-groups made a tiny launch
     * slower (docs/performance.md).
     *
     * @throws IllegalArgumentException if the setting is malformed
     */
    public long[] paddedLocalSize(Range range) {
        return paddedLocalSize(range, false);
    }

    /**
     * The work-group extents of a padded launch over {@code range} of a kernel that reaches an accessor with a stride
     * along the range's last dimension ({@code strided}) or not: as {@link #paddedLocalSize(Range)}, except that a
     * strided 2-D kernel gets {@link #STRIDED_LOCAL_2D} where {@code JSYCL_LOCAL_SIZE_2D} is unset.
     *
     * @throws IllegalArgumentException if the setting is malformed
     */
    public long[] paddedLocalSize(Range range, boolean strided) {
        int dims = range.dimensions();
        long[] chosen = strided && dims == 2 && !localSize2dSet ? STRIDED_LOCAL_2D : paddedLocalSize(dims);
        long[] local = chosen.clone();
        // Only ranges that give every compute unit at least a warp: a tiny launch costs least as one work-group.
        if (dims == 1 && range.get(0) >= spreadOver * MIN_SPREAD_WORK_GROUP) {
            long extent = range.get(0);
            while (local[0] > MIN_SPREAD_WORK_GROUP && (extent + local[0] - 1) / local[0] < spreadOver) {
                local[0] = Math.max(MIN_SPREAD_WORK_GROUP, local[0] / 2);
            }
        }
        for (int cl = 0; cl < dims; cl++) {
            local[cl] = Math.min(local[cl], Math.max(1, range.get(dims - 1 - cl)));
        }
        return local;
    }

    /** False where {@code JSYCL_LOWERING_ZERO_OFFSETS=0} asks for no zero-offset programs. */
    public boolean zeroOffsetPrograms() {
        return zeroOffsets;
    }

    /**
     * Whether a 1-D kernel over {@code range} items, one that can ({@code LoweredKernel.twoItemsPerWorkItem}), runs
     * two items per work-item on this queue ({@code JSYCL_TWO_ITEMS_PER_WORK_ITEM}).
     */
    public boolean twoItemsPerWorkItem(long range) {
        return range >= twoItemsMinRange;
    }

    /**
     * How many adjacent rows (items along dimension 0) each work-item of a 2-D or 3-D kernel over {@code range}, one
     * that can ({@code LoweredKernel.rowsPerWorkItem}), runs on this queue ({@code JSYCL_ROWS_PER_WORK_ITEM}): 4 where
     * the range's rows are a multiple of 4, else 2 where they are even, else 1; and under auto (GPUs only) only as
     * many as leave the launch {@link #rowsMinWorkItems} work-items. Forced 4 on rows that are even but no multiple
     * of 4 runs 2; forced 2 on a multiple of 4 runs 2.
     */
    public int rowsPerWorkItem(Range range) {
        return rowsPerWorkItem(rowsForced, rowsMinWorkItems, range);
    }

    /**
     * {@link #rowsPerWorkItem(Range)} under {@code forced} rows (1, 2 or 4; 0 for auto) where auto keeps at least
     * {@code minWorkItems} work-items ({@code Long.MAX_VALUE}: never more than one row).
     */
    static int rowsPerWorkItem(int forced, long minWorkItems, Range range) {
        if (forced == 1 || range.dimensions() < 2) {
            return 1;
        }
        int rows = range.get(0);
        long items = range.size();
        if (forced != 2 && rows % 4 == 0 && (forced != 0 || items / 4 >= minWorkItems)) {
            return 4;
        }
        if (rows % 2 == 0 && (forced != 0 || items / 2 >= minWorkItems)) {
            return 2;
        }
        return 1;
    }

    /** Whether launches with equal memory ranges get the one-stride program ({@code JSYCL_SHARED_STRIDES}). */
    public boolean sharedStrides() {
        return sharedStrides;
    }

    /** False where {@code JSYCL_LOWERING_SIGNED_SUBSCRIPTS=0} asks for wrapping subscripts in every program. */
    public boolean signedSubscripts() {
        return signedSubscripts;
    }

    /** True if every kernel runs checked ({@code JSYCL_CHECKS=1}). */
    public boolean checksAll() {
        return checksAll;
    }
}
