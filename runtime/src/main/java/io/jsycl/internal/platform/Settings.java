package io.jsycl.internal.platform;

import io.jsycl.DeviceType;
import io.jsycl.Range;
import io.jsycl.opencl.DriverQuirk;
import io.jsycl.settings.Setting;
import io.jsycl.settings.SettingSource;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Supplier;

/**
 * The runtime's settings (docs/caching-and-configuration.md): each an environment variable overridden by the system
 * property beside it, parsed by the parser the cache settings share ({@link SettingSource}). Nothing else in the
 * runtime reads the environment or system properties.
 *
 * <p>{@link #current()} builds the record on first use and again only once a system property it read has changed (a
 * JVM's environment never changes): a program that sets nothing parses each setting once, while a property set
 * before a queue is made still holds for that queue, as documented ("read when a queue is made"), and tests and
 * benchmarks that compare values in one process keep working.
 *
 * <p>A malformed value is kept with its error ({@link Parsed}) and thrown where the setting is used, as an
 * {@code IllegalArgumentException} naming it: when a queue is made for the queue's settings, by the padded launches
 * that need {@code JSYCL_LOCAL_SIZE_<D>D}, when a context first uses a buffer for {@code JSYCL_HOST_TRANSFERS}.
 * {@code JSYCL_TRACE}, {@code JSYCL_PROFILE}, {@code JSYCL_TRACE_FIRST_SUBMIT} and {@code JSYCL_TRACE_SUBMITS}, read
 * once per JVM by a class's initialization, are off when malformed.
 *
 * @param device {@code JSYCL_DEVICE}: gpu, cpu, accelerator, host or a device name substring, lower case; null if unset
 * @param dumpKernels {@code JSYCL_DUMP_KERNELS}: the folder receiving every generated source, or null
 * @param hostTransfers {@code JSYCL_HOST_TRANSFERS}: {@code auto}, {@code map} or {@code staging}
 * @param outOfOrderQueues {@code JSYCL_OUT_OF_ORDER_QUEUES}: forced on or off, or null for auto
 * @param localSizes {@code JSYCL_LOCAL_SIZE_1D}, {@code _2D}, {@code _3D}: a padded launch's work-group, OpenCL
 *        dimension 0 first, or null where unset
 * @param trace {@code JSYCL_TRACE}: the scheduler's decisions at INFO
 * @param twoItemsPerWorkItem {@code JSYCL_TWO_ITEMS_PER_WORK_ITEM}: forced on or off, or null for auto
 * @param checks {@code JSYCL_CHECKS}: every kernel checked
 * @param padRanges {@code JSYCL_PAD_RANGES}: forced on or off, or null for the device's default (GPUs pad)
 * @param zeroOffsets {@code JSYCL_LOWERING_ZERO_OFFSETS}: zero-offset programs
 * @param signedSubscripts {@code JSYCL_LOWERING_SIGNED_SUBSCRIPTS}: signed subscripts
 * @param quirks {@code JSYCL_QUIRKS}: each quirk named and whether it is on, in the order given
 * @param stagingPool {@code JSYCL_STAGING_POOL}: copies borrow pinned memory from their context's pool
 * @param stagingPoolMib {@code JSYCL_STAGING_POOL_MIB}: the pinned staging memory a context keeps free, in MiB
 * @param devicePoolPercent {@code JSYCL_DEVICE_POOL_PERCENT}: the device memory a context keeps free for new
 *        buffers, in percent of its smallest device's global memory (0: none)
 * @param copyThreads {@code JSYCL_COPY_THREADS}: threads splitting a large host copy, at least 1
 * @param profile {@code JSYCL_PROFILE}: every queue profiles, a table at exit
 * @param traceFirstSubmit {@code JSYCL_TRACE_FIRST_SUBMIT}: the first submit's phases logged
 * @param traceSubmits {@code JSYCL_TRACE_SUBMITS}: every submit's phases timed, per kernel medians logged at exit
 * @param launchThread {@code JSYCL_LAUNCH_THREAD}: an in-order queue's kernel launches are enqueued on a thread of
 *        their own ({@link io.jsycl.internal.event.LaunchThread}): forced on or off, or null for auto (GPUs, whose drivers' enqueue is costly)
 * @param gridStride {@code JSYCL_GRID_STRIDE}: a loop-free 1-D kernel runs its items a grid apart over one resident
 *        wave of work-groups ({@link io.jsycl.internal.launch.LaunchSettings#gridStride}): forced on or off, or null for auto
 * @param warmup {@code JSYCL_WARMUP}: the submit path is run on a background thread when the process's first queue
 *        on such a device is made, so that the JIT has compiled it before the program's second submit: forced on or
 *        off, or null for auto (GPUs)
 * @param warmupSubmits {@code JSYCL_WARMUP_SUBMITS}: the most submits the warm-up makes
 * @param onePassSort {@code JSYCL_ONE_PASS_SORT}: the parallel sort's passes are one kernel each
 *        ({@code io.jsycl.algorithms.OneSweep}): forced on or off, or null for auto (GPUs)
 * @param stripedTiles {@code JSYCL_STRIPED_TILES}: the one-pass scan and compaction of a buffer give each work-item
 *        every 1024th group of four elements of its tile (each vector load of a sub-group reads 512 consecutive
 *        bytes) rather than consecutive elements: forced on or off, or null for auto (GPUs)
 * @param movesQueue {@code JSYCL_MOVES_QUEUE}: a DistributedQueue's moves of rows between devices run on a second
 *        in-order queue of each device, ordered by events, rather than between the kernels on the device's queue
 *        ({@link io.jsycl.internal.schedule.Distributor}); on where unset
 * @param distributedWarmup {@code JSYCL_DISTRIBUTED_WARMUP}: a DistributedQueue's submit path is run on a background
 *        thread when the process's first one over several devices is made ({@code io.jsycl.DistributedWarmup}); off
 *        where unset
 * @param sharedStrides {@code JSYCL_SHARED_STRIDES}: launches whose accessors have equal memory ranges get the
 *        program that computes their row strides from one parameter ({@code io.jsycl.lowering.ProgramVariant#SHARED_STRIDES}):
 *        forced on or off, or null for auto (GPUs)
 * @param waitWarnMillis {@code JSYCL_WAIT_WARN}: how long a wait for a command lasts before a warning names what it
 *        waits for ({@link io.jsycl.internal.event.WaitWatch}), in milliseconds (the setting is in seconds; 0: never)
 * @param repeatLane {@code JSYCL_REPEAT_LANE}: whether a submit repeating one of its queue's latest launches takes that
 *        launch's kernel, decisions and arguments ({@code io.jsycl.internal.schedule.RepeatLane})
 * @param rowsPerWorkItem {@code JSYCL_ROWS_PER_WORK_ITEM}: how many adjacent rows a work-item of a 2-D or 3-D kernel
 *        runs ({@link io.jsycl.internal.launch.LaunchSettings#rowsPerWorkItem}): 1, 2 or 4 forced, or null for auto
 */
public record Settings(String device, Parsed<Path> dumpKernels, Parsed<String> hostTransfers,
        Parsed<Boolean> outOfOrderQueues, List<Parsed<long[]>> localSizes, boolean trace,
        Parsed<Boolean> twoItemsPerWorkItem, Parsed<Boolean> checks, Parsed<Boolean> padRanges,
        Parsed<Boolean> zeroOffsets, Parsed<Boolean> signedSubscripts, Parsed<Map<DriverQuirk, Boolean>> quirks,
        Parsed<Boolean> stagingPool, Parsed<Long> stagingPoolMib, Parsed<Integer> devicePoolPercent,
        Parsed<Integer> copyThreads, boolean profile, boolean traceFirstSubmit, boolean traceSubmits,
        Parsed<Boolean> launchThread, Parsed<Boolean> gridStride, Parsed<Boolean> warmup,
        Parsed<Integer> warmupSubmits, Parsed<Boolean> onePassSort, Parsed<Boolean> stripedTiles,
        Parsed<Boolean> movesQueue, Parsed<Boolean> distributedWarmup, Parsed<Boolean> sharedStrides,
        Parsed<Long> waitWarnMillis, Parsed<Boolean> repeatLane, Parsed<Integer> rowsPerWorkItem) {

    static final Setting DEVICE = new Setting("JSYCL_DEVICE", "jsycl.device");
    static final Setting DUMP_KERNELS = new Setting("JSYCL_DUMP_KERNELS", "jsycl.dumpKernels");
    static final Setting HOST_TRANSFERS = new Setting("JSYCL_HOST_TRANSFERS", "jsycl.hostTransfers");
    static final Setting OUT_OF_ORDER_QUEUES = new Setting("JSYCL_OUT_OF_ORDER_QUEUES", "jsycl.outOfOrderQueues");
    static final Setting TWO_ITEMS_PER_WORK_ITEM = new Setting("JSYCL_TWO_ITEMS_PER_WORK_ITEM",
            "jsycl.twoItemsPerWorkItem");
    static final Setting CHECKS = new Setting("JSYCL_CHECKS", "jsycl.checks");
    static final Setting PAD_RANGES = new Setting("JSYCL_PAD_RANGES", "jsycl.padRanges");
    static final Setting ZERO_OFFSETS = new Setting("JSYCL_LOWERING_ZERO_OFFSETS", "jsycl.lowering.zeroOffsets");
    static final Setting SIGNED_SUBSCRIPTS = new Setting("JSYCL_LOWERING_SIGNED_SUBSCRIPTS",
            "jsycl.lowering.signedSubscripts");
    static final Setting QUIRKS = new Setting("JSYCL_QUIRKS", "jsycl.quirks");
    static final Setting STAGING_POOL = new Setting("JSYCL_STAGING_POOL", "jsycl.stagingPool");
    static final Setting STAGING_POOL_MIB = new Setting("JSYCL_STAGING_POOL_MIB", "jsycl.stagingPoolMib");
    static final Setting DEVICE_POOL_PERCENT = new Setting("JSYCL_DEVICE_POOL_PERCENT", "jsycl.devicePoolPercent");
    static final Setting COPY_THREADS = new Setting("JSYCL_COPY_THREADS", "jsycl.copyThreads");
    static final Setting PROFILE = new Setting("JSYCL_PROFILE", "jsycl.profile");
    static final Setting TRACE_FIRST_SUBMIT = new Setting("JSYCL_TRACE_FIRST_SUBMIT", "jsycl.traceFirstSubmit");
    static final Setting TRACE_SUBMITS = new Setting("JSYCL_TRACE_SUBMITS", "jsycl.traceSubmits");
    static final Setting LAUNCH_THREAD = new Setting("JSYCL_LAUNCH_THREAD", "jsycl.launchThread");
    static final Setting GRID_STRIDE = new Setting("JSYCL_GRID_STRIDE", "jsycl.gridStride");
    static final Setting WARMUP = new Setting("JSYCL_WARMUP", "jsycl.warmup");
    static final Setting WARMUP_SUBMITS = new Setting("JSYCL_WARMUP_SUBMITS", "jsycl.warmupSubmits");
    static final Setting ONE_PASS_SORT = new Setting("JSYCL_ONE_PASS_SORT", "jsycl.onePassSort");
    static final Setting STRIPED_TILES = new Setting("JSYCL_STRIPED_TILES", "jsycl.stripedTiles");
    static final Setting MOVES_QUEUE = new Setting("JSYCL_MOVES_QUEUE", "jsycl.movesQueue");
    static final Setting DISTRIBUTED_WARMUP = new Setting("JSYCL_DISTRIBUTED_WARMUP", "jsycl.distributedWarmup");
    static final Setting SHARED_STRIDES = new Setting("JSYCL_SHARED_STRIDES", "jsycl.sharedStrides");
    static final Setting WAIT_WARN = new Setting("JSYCL_WAIT_WARN", "jsycl.waitWarn");
    static final Setting REPEAT_LANE = new Setting("JSYCL_REPEAT_LANE", "jsycl.repeatLane");
    static final Setting ROWS_PER_WORK_ITEM = new Setting("JSYCL_ROWS_PER_WORK_ITEM", "jsycl.rowsPerWorkItem");

    /** Work-group extents of padded launches of 1-, 2- and 3-D ranges where unset, OpenCL dimension 0 first. */
    private static final long[][] PADDED_LOCAL = {{256}, {32, 8}, {32, 4, 2}};

    /** The settings now, and the source they were read from. */
    private record Snapshot(Settings settings, SettingSource source) {
    }

    private static volatile Snapshot current;

    /**
     * A setting's value, or why the value given could not be parsed.
     *
     * @param value the value, when {@code error} is null
     * @param error the message of the {@code IllegalArgumentException} a use throws, or null
     */
    public record Parsed<T>(T value, String error) {
        /** The value; throws the setting's error where it was malformed. */
        public T get() {
            if (error != null) {
                throw new IllegalArgumentException(error);
            }
            return value;
        }

        static <T> Parsed<T> of(Supplier<T> parse) {
            try {
                return new Parsed<>(parse.get(), null);
            } catch (IllegalArgumentException e) {
                return new Parsed<>(null, e.getMessage());
            }
        }
    }

    /**
     * The settings of this process now: built on first use, and again once a system property they were read from
     * has changed. Thread safe: a record is immutable; two threads may both build one after a change, with equal
     * results.
     */
    public static Settings current() {
        Snapshot s = current;
        if (s == null || !s.source().isCurrent()) {
            var source = SettingSource.system();
            s = new Snapshot(from(source), source);
            current = s;
        }
        return s.settings();
    }

    /** The settings {@code source} gives; never throws (see {@link Parsed}). */
    static Settings from(SettingSource source) {
        String device = source.value(DEVICE);
        var localSizes = List.of(localSize(source, 1), localSize(source, 2), localSize(source, 3));
        return new Settings(device == null || device.isEmpty() ? null : device.toLowerCase(Locale.ROOT),
                Parsed.of(() -> source.path(DUMP_KERNELS)),
                Parsed.of(() -> source.choice(HOST_TRANSFERS, "auto", "auto", "map", "staging")),
                Parsed.of(() -> source.autoSwitch(OUT_OF_ORDER_QUEUES)),
                localSizes,
                source.flagOrOff(Setting.TRACE),
                Parsed.of(() -> source.autoSwitch(TWO_ITEMS_PER_WORK_ITEM)),
                Parsed.of(() -> source.flag(CHECKS, false)),
                Parsed.of(() -> {
                    String value = source.value(PAD_RANGES);
                    return value == null || value.isEmpty() ? null : source.flag(PAD_RANGES, false);
                }),
                Parsed.of(() -> source.flag(ZERO_OFFSETS, true)),
                Parsed.of(() -> source.flag(SIGNED_SUBSCRIPTS, true)),
                Parsed.of(() -> quirks(source)),
                Parsed.of(() -> source.flag(STAGING_POOL, true)),
                Parsed.of(() -> source.wholeNumber(STAGING_POOL_MIB, 1024, 0, 1L << 30, "MiB")),
                Parsed.of(() -> (int) source.wholeNumber(DEVICE_POOL_PERCENT, 25, 0, 100, "percent")),
                Parsed.of(() -> (int) source.wholeNumber(COPY_THREADS,
                        Math.min(8, Runtime.getRuntime().availableProcessors()), 1, Integer.MAX_VALUE, "threads")),
                source.flagOrOff(PROFILE),
                source.flagOrOff(TRACE_FIRST_SUBMIT),
                source.flagOrOff(TRACE_SUBMITS),
                Parsed.of(() -> source.autoSwitch(LAUNCH_THREAD)),
                Parsed.of(() -> source.autoSwitch(GRID_STRIDE)),
                Parsed.of(() -> source.autoSwitch(WARMUP)),
                Parsed.of(() -> (int) source.wholeNumber(WARMUP_SUBMITS, 20_000, 1, 10_000_000, "submits")),
                Parsed.of(() -> source.autoSwitch(ONE_PASS_SORT)),
                Parsed.of(() -> source.autoSwitch(STRIPED_TILES)),
                Parsed.of(() -> source.flag(MOVES_QUEUE, true)),
                Parsed.of(() -> source.flag(DISTRIBUTED_WARMUP, false)),
                Parsed.of(() -> source.autoSwitch(SHARED_STRIDES)),
                Parsed.of(() -> waitWarnMillis(source.value(WAIT_WARN))),
                Parsed.of(() -> source.flag(REPEAT_LANE, true)),
                Parsed.of(() -> {
                    String rows = source.choice(ROWS_PER_WORK_ITEM, "auto", "auto", "1", "2", "4");
                    return rows.equals("auto") ? null : Integer.valueOf(rows);
                }));
    }

    /** {@code JSYCL_WAIT_WARN} in seconds (a decimal number, 0 for never; 10 where unset), in milliseconds. */
    private static long waitWarnMillis(String value) {
        if (value == null || value.isBlank()) {
            return 10_000;
        }
        try {
            double seconds = Double.parseDouble(value.strip());
            if (seconds >= 0 && seconds <= 1e6) {
                return Math.round(seconds * 1000);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("JSYCL_WAIT_WARN (jsycl.waitWarn) must be a number of seconds from 0 (never)"
                + " to 1000000, not '" + value + "'");
    }

    /**
     * {@code JSYCL_HOST_TRANSFERS}: whether buffers move data by map/unmap of host-accessible device memory
     * ({@code map}) rather than through pinned staging memory ({@code staging}) in a context whose devices all have
     * host-unified memory ({@code hostUnified}) or not; {@code auto}: map exactly where {@code hostUnified}.
     */
    public boolean mapsHostTransfers(boolean hostUnified) {
        return switch (hostTransfers.get()) {
            case "map" -> true;
            case "staging" -> false;
            default -> hostUnified;
        };
    }

    /**
     * {@code JSYCL_OUT_OF_ORDER_QUEUES}: whether a queue made without {@code QueueProperty.IN_ORDER} runs on an
     * out-of-order OpenCL queue (where the device has them) or on an in-order one. Either way the queue keeps its
     * semantics: commands wait only for what they depend on, and an in-order OpenCL queue simply runs them one after
     * another, which satisfies every dependency. {@code auto} (the default): out of order except on NVIDIA's OpenCL,
     * which runs the kernels of an out-of-order queue one after another anyway (two independent kernels were never
     * seen to overlap), while on an in-order queue launches skip their OpenCL event, a large part of NVIDIA's launch
     * cost (docs/performance.md). {@code on} or {@code off} force one way.
     *
     * @param vendor the device's vendor, as OpenCL reports it
     */
    public boolean outOfOrderQueues(String vendor) {
        Boolean on = outOfOrderQueues.get();
        return on != null ? on : !vendor.toUpperCase(Locale.ROOT).contains("NVIDIA");
    }

    /**
     * {@code JSYCL_PAD_RANGES}: whether kernels on {@code device} get work-groups of a chosen size and a global range
     * rounded up to them; by default GPUs do.
     */
    public boolean padsRanges(DeviceImpl device) {
        return forcedOrOnGpus(padRanges, device.type());
    }

    /**
     * {@code JSYCL_LAUNCH_THREAD}: whether an in-order queue on {@code device} enqueues its launches on a
     * {@link io.jsycl.internal.event.LaunchThread}; by default GPUs do, whose drivers' enqueue is costly.
     */
    public boolean usesLaunchThread(DeviceImpl device) {
        return forcedOrOnGpus(launchThread, device.type());
    }

    /**
     * {@code JSYCL_WARMUP}: whether the process's first queue on {@code device} starts the submit-path warm-up
     * ({@code io.jsycl.SubmitWarmup}) on a device of {@code type}; by default on GPUs, where a launch takes microseconds
     * and the interpreted submit path hundreds, and not on CPU devices, whose cores the warm-up would take from the
     * program's kernels.
     */
    public boolean warmsUp(DeviceType type) {
        return forcedOrOnGpus(warmup, type);
    }

    /** An on/off/auto switch: as forced, or on for GPUs where it is auto (null). */
    /**
     * {@code JSYCL_SHARED_STRIDES}: whether launches on {@code device} whose accessors have equal memory ranges get the
     * program with one row stride; by default GPUs do. On an H200 a 3x3 convolution ran 5% faster so; PoCL's compiler
     * vectorized the same kernel worse (1.7x slower on PoCL 3.1), so CPUs keep a stride per accessor.
     */
    public boolean sharedStrides(DeviceImpl device) {
        return forcedOrOnGpus(sharedStrides, device.type());
    }

    private static boolean forcedOrOnGpus(Parsed<Boolean> setting, DeviceType type) {
        Boolean on = setting.get();
        return on != null ? on : type == DeviceType.GPU;
    }

    /** Whether {@code JSYCL_LOCAL_SIZE_<D>D} is set (see {@link #paddedLocalSize}); a malformed value counts. */
    public boolean paddedLocalSizeSet(int dims) {
        Parsed<long[]> size = localSizes.get(dims - 1);
        return size.error() != null || size.value() != null;
    }

    /**
     * {@code JSYCL_LOCAL_SIZE_<D>D} [{@code jsycl.localSize<D>d}], D = 1, 2, 3: the work-group extents the runtime
     * picks for a {@code Range} kernel on a GPU, OpenCL dimension 0 (the last index, fastest) first: {@code 512},
     * {@code 64x4}, {@code 32x4x2}. Unset: 256, 32x8, 32x4x2, and a 1-D range too small to give every compute unit one
     * work-group of 256 gets smaller ones ({@link io.jsycl.Queue#paddedLocalSize(Range)}); a set size is used as given. Read
     * when a queue that pads ranges is made; a malformed value fails that queue's launches that need it. Do not
     * modify the array.
     *
     * @throws IllegalArgumentException if the setting is malformed
     */
    public long[] paddedLocalSize(int dims) {
        long[] set = localSizes.get(dims - 1).get();
        return set != null ? set : PADDED_LOCAL[dims - 1];
    }

    private static Parsed<long[]> localSize(SettingSource source, int dims) {
        var setting = new Setting("JSYCL_LOCAL_SIZE_" + dims + "D", "jsycl.localSize" + dims + "d");
        return Parsed.of(() -> {
            String value = source.value(setting);
            if (value == null || value.isEmpty()) {
                return null;
            }
            String[] parts = value.split("x");
            long[] local = new long[dims];
            try {
                if (parts.length != dims) {
                    throw new NumberFormatException();
                }
                for (int d = 0; d < dims; d++) {
                    local[d] = Long.parseLong(parts[d].strip());
                    if (local[d] <= 0) {
                        throw new NumberFormatException();
                    }
                }
            } catch (NumberFormatException e) {
                throw SettingSource.malformed(setting, value, dims + " positive extent(s) joined by 'x', such as "
                        + (dims == 1 ? "512" : dims == 2 ? "32x8" : "32x4x2") + "; or unset it for the default");
            }
            return local;
        });
    }

    /**
     * {@code JSYCL_QUIRKS}: driver quirks to work around, or not, beyond those jsycl knows for a device's vendor: a
     * comma-separated list of quirk names ({@code nan-to-integer}), each turning the quirk on, or with a leading
     * {@code -} turning it off.
     */
    private static Map<DriverQuirk, Boolean> quirks(SettingSource source) {
        var out = new LinkedHashMap<DriverQuirk, Boolean>();
        for (String item : source.list(QUIRKS)) {
            String name = item.toLowerCase(Locale.ROOT);
            boolean on = !name.startsWith("-");
            DriverQuirk quirk = DriverQuirk.named(on ? name.replaceFirst("^\\+", "") : name.substring(1));
            if (quirk == null) {
                var names = new StringJoiner(", ");
                for (DriverQuirk q : DriverQuirk.values()) {
                    names.add(q.settingName());
                }
                throw new IllegalArgumentException(QUIRKS + " names '" + item + "', which is no quirk; known: "
                        + names + " (prefix - to turn one off)");
            }
            out.put(quirk, on);
        }
        return Collections.unmodifiableMap(out);
    }
}
