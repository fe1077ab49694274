package io.jsycl;

import io.jsycl.opencl.DriverQuirk;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Reads the runtime's settings: each is an environment variable, overridden by the system
 * property named beside it. The cache settings are read by the program manager.
 */
final class Config {
    private Config() {
    }

    /** {@code JSYCL_DEVICE} [{@code jsycl.device}]: gpu, cpu, host, or a device name substring. */
    static String deviceOverride() {
        String value = read("JSYCL_DEVICE", "jsycl.device");
        return value == null || value.isBlank() ? null : value.trim().toLowerCase(Locale.ROOT);
    }

    /** {@code JSYCL_DUMP_KERNELS} [{@code jsycl.dumpKernels}]: folder receiving every generated source. */
    static Path dumpKernelsDir() {
        String value = read("JSYCL_DUMP_KERNELS", "jsycl.dumpKernels");
        return value == null || value.isBlank() ? null : Path.of(value);
    }

    /**
     * {@code JSYCL_HOST_TRANSFERS} [{@code jsycl.hostTransfers}]: how buffers move data between Java arrays and a
     * context's memory. {@code auto} (the default): by map/unmap of host-accessible device memory where every device
     * of the context has host-unified memory, else through pinned staging memory; {@code map} or {@code staging}
     * force one way (for measurements and tests). Returns true for map.
     */
    static boolean mapsHostTransfers(boolean hostUnified) {
        String value = read("JSYCL_HOST_TRANSFERS", "jsycl.hostTransfers");
        if (value == null || value.isBlank() || value.trim().equalsIgnoreCase("auto")) {
            return hostUnified;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "map" -> true;
            case "staging" -> false;
            default -> throw new IllegalArgumentException("JSYCL_HOST_TRANSFERS (or -Djsycl.hostTransfers) is '" + value
                    + "'; use auto, map or staging");
        };
    }

    /**
     * {@code JSYCL_OUT_OF_ORDER_QUEUES} [{@code jsycl.outOfOrderQueues}]: whether a queue made without
     * {@code QueueProperty.IN_ORDER} runs on an out-of-order OpenCL queue (where the device has them) or on an
     * in-order one. Either way the queue keeps its semantics: commands wait only for what they depend on, and an
     * in-order OpenCL queue simply runs them one after another, which satisfies every dependency. {@code auto} (the
     * default): out of order except on NVIDIA's OpenCL, which runs the kernels of an out-of-order queue one after
     * another anyway (two independent kernels never overlapped, benchmarks/results/h100-d-host.md), while on an
     * in-order queue launches skip their OpenCL event, which adds about a third to NVIDIA's launch (H100, driver 580:
     * 9.1 us with an event, 6.8 us without, h100-e-host.md). {@code on} or {@code off} force one way.
     *
     * @param vendor the device's vendor, as OpenCL reports it
     */
    static boolean outOfOrderQueues(String vendor) {
        Boolean on = autoSwitch("JSYCL_OUT_OF_ORDER_QUEUES", "jsycl.outOfOrderQueues");
        return on != null ? on : !vendor.toUpperCase(Locale.ROOT).contains("NVIDIA");
    }

    /** Work-group extents of padded launches of 1-, 2- and 3-D ranges, OpenCL dimension 0 first. */
    private static final long[][] PADDED_LOCAL = {{256}, {32, 8}, {32, 4, 2}};

    /** The value of {@code JSYCL_LOCAL_SIZE_<D>D} [{@code jsycl.localSize<D>d}], or null. */
    private static String localSizeSetting(int dims) {
        return read("JSYCL_LOCAL_SIZE_" + dims + "D", "jsycl.localSize" + dims + "d");
    }

    /** Whether {@code JSYCL_LOCAL_SIZE_<D>D} is set (see {@link #paddedLocalSize}). */
    static boolean paddedLocalSizeSet(int dims) {
        String value = localSizeSetting(dims);
        return value != null && !value.isBlank();
    }

    /**
     * {@code JSYCL_LOCAL_SIZE_<D>D} [{@code jsycl.localSize<D>d}], D = 1, 2, 3: the work-group extents the
     * runtime picks for a {@code Range} kernel on a GPU, OpenCL dimension 0 (the last index, fastest) first:
     * {@code 512}, {@code 64x4}, {@code 32x4x2}. Unset: 256, 32x8, 32x4x2, and a 1-D range too small to give every
     * compute unit one work-group of 256 gets smaller ones ({@link Queue#paddedLocalSize(Range)}); a set size is used
     * as given. Read when a queue that pads ranges is made; a malformed value fails that queue's launches that need it.
     */
    static long[] paddedLocalSize(int dims) {
        String value = localSizeSetting(dims);
        if (value == null || value.isBlank()) {
            return PADDED_LOCAL[dims - 1];
        }
        String[] parts = value.trim().split("x");
        long[] local = new long[dims];
        try {
            if (parts.length != dims) {
                throw new NumberFormatException();
            }
            for (int d = 0; d < dims; d++) {
                local[d] = Long.parseLong(parts[d].trim());
                if (local[d] <= 0) {
                    throw new NumberFormatException();
                }
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("JSYCL_LOCAL_SIZE_" + dims + "D (jsycl.localSize" + dims + "d) = '" + value
                    + "' is not " + dims + " positive extent(s) joined by 'x', such as " + (dims == 1 ? "512" : dims == 2
                    ? "32x8" : "32x4x2") + "; unset it for the default");
        }
        return local;
    }

    /**
     * {@code JSYCL_TRACE} [{@code jsycl.trace}]: {@code 1} logs the scheduler's decisions ({@link SchedulerTrace})
     * and the caches' lookups at INFO.
     */
    static boolean trace() {
        // Read by a static initializer: a malformed value leaves the trace off rather than failing class loading.
        return Boolean.TRUE.equals(parseSwitch(read("JSYCL_TRACE", "jsycl.trace")));
    }

    /**
     * {@code JSYCL_TWO_ITEMS_PER_WORK_ITEM} [{@code jsycl.twoItemsPerWorkItem}]: whether a 1-D kernel over an even
     * range runs two items per work-item, the second half the range after the first
     * ({@code LoweredKernel.twoItemsPerWorkItem}). Each work-item then has two independent sets of loads in flight,
     * which memory-bound kernels on GPUs need to reach the memory's bandwidth (SAXPY on the H100: 0.296 ms with one
     * item per work-item, 0.285 ms with two, benchmarks/results/h100-g-host.md). {@code auto}
     * (the default): on GPUs, for ranges large enough that half as many work-items still fill the device (the queue
     * decides: {@link Queue#twoItemsPerWorkItem}); {@code on}: for every such kernel on every device; {@code off}:
     * never.
     *
     * @return true for on, false for off, null for auto
     */
    static Boolean twoItemsPerWorkItem() {
        return autoSwitch("JSYCL_TWO_ITEMS_PER_WORK_ITEM", "jsycl.twoItemsPerWorkItem");
    }

    /** {@code JSYCL_CHECKS} [{@code jsycl.checks}]: on runs every kernel in checked mode. */
    static boolean checks() {
        return flag("JSYCL_CHECKS", "jsycl.checks", false);
    }

    /**
     * {@code JSYCL_PAD_RANGES} [{@code jsycl.padRanges}]: whether kernels on {@code device} get
     * work-groups of a chosen size and a global range rounded up to them; by default GPUs do.
     */
    static boolean padsRanges(Device device) {
        return flag("JSYCL_PAD_RANGES", "jsycl.padRanges", device.type() == DeviceType.GPU);
    }

    /**
     * A boolean setting, in the words the cache settings take too: {@code 1}, {@code true}, {@code on}, {@code yes}
     * or {@code 0}, {@code false}, {@code off}, {@code no} (either case); {@code fallback} when unset; anything else
     * is an {@code IllegalArgumentException} naming the setting.
     */
    static boolean flag(String variable, String property, boolean fallback) {
        String value = read(variable, property);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        Boolean on = parseSwitch(value);
        if (on == null) {
            throw new IllegalArgumentException(variable + " (or -D" + property + ") is '" + value
                    + "'; use 1, true, on or yes; 0, false, off or no; or unset it for the default (" + fallback + ")");
        }
        return on;
    }

    /**
     * A setting that is {@code auto} unless forced: null when unset, blank or {@code auto}, else {@link #parseSwitch}'s
     * value; anything else is an {@code IllegalArgumentException} naming the setting.
     */
    /**
     * {@code JSYCL_QUIRKS} [{@code jsycl.quirks}]: driver quirks to work around, or not, beyond those jsycl knows for
     * a device's vendor: a comma-separated list of quirk names ({@code nan-to-integer}), each turning the quirk on, or
     * with a leading {@code -} turning it off. Unset: none changed.
     *
     * @return each named quirk and whether it is on, in the order given
     * @throws IllegalArgumentException for a name that is no quirk
     */
    static Map<DriverQuirk, Boolean> quirkOverrides() {
        String value = read("JSYCL_QUIRKS", "jsycl.quirks");
        var out = new LinkedHashMap<DriverQuirk, Boolean>();
        if (value == null || value.isBlank()) {
            return out;
        }
        for (String item : value.split(",")) {
            String name = item.strip().toLowerCase(Locale.ROOT);
            boolean on = !name.startsWith("-");
            DriverQuirk quirk = DriverQuirk.named(on ? name.replaceFirst("^\\+", "") : name.substring(1));
            if (quirk == null) {
                var names = new StringJoiner(", ");
                for (DriverQuirk q : DriverQuirk.values()) {
                    names.add(q.settingName());
                }
                throw new IllegalArgumentException("JSYCL_QUIRKS (or -Djsycl.quirks) names '" + item.strip()
                        + "', which is no quirk; known: " + names + " (prefix - to turn one off)");
            }
            out.put(quirk, on);
        }
        return out;
    }

    private static Boolean autoSwitch(String variable, String property) {
        String value = read(variable, property);
        if (value == null || value.isBlank() || value.trim().equalsIgnoreCase("auto")) {
            return null;
        }
        Boolean on = parseSwitch(value);
        if (on == null) {
            throw new IllegalArgumentException(variable + " (or -D" + property + ") is '" + value
                    + "'; use auto, on or off");
        }
        return on;
    }

    /** {@code value} as a switch ({@code 1/true/on/yes}, {@code 0/false/off/no}, either case), else null. */
    static Boolean parseSwitch(String value) {
        if (value == null) {
            return null;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "1", "true", "on", "yes" -> Boolean.TRUE;
            case "0", "false", "off", "no" -> Boolean.FALSE;
            default -> null;
        };
    }

    static String read(String variable, String property) {
        String value = System.getProperty(property);
        return value != null ? value : System.getenv(variable);
    }
}
