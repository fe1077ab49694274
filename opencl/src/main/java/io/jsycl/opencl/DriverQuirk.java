package io.jsycl.opencl;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * Where an OpenCL driver is known not to conform, and the macro that makes jsycl's generated code take a safe form
 * instead (or, for a quirk of how the driver runs launches, what the runtime does instead): the one place that names
 * them. Each quirk is a macro the generated source tests
 * ({@code -DJSYCL_QUIRK_...} in the build options), so a program differs from the conforming one only where the
 * quirk matters, and the program caches key the two apart. The runtime adds the quirks known for a device
 * ({@link #knownFor(ClDevice)}) to its builds and lets {@code JSYCL_QUIRKS} turn one on or off; each quirk has a test
 * that shows the safe form gives Java's result and, on a device known to have the quirk, that the plain form still
 * does not (so a fixed driver is noticed). docs/troubleshooting.md describes each.
 */
public enum DriverQuirk {
    /**
     * {@code convert_int_sat_rtz} and {@code convert_long_sat_rtz} give the type's minimum instead of 0 for NaN
     * (NVIDIA's OpenCL, driver 580 on the H100: {@code (long) Float.NaN}, {@code (long) Double.NaN} and
     * {@code (int) Double.NaN}); the generated float-to-integer casts test for NaN first.
     */
    NAN_TO_INTEGER("nan-to-integer", "JSYCL_QUIRK_NAN_TO_INTEGER"),
    /**
     * PoCL's CPU drivers keep one compiled work-group function per kernel, work-group size and kind of launch (with or
     * without a global offset, among others), but find the one to release after a launch by kernel and work-group
     * size alone: a kernel launched both with and without a global offset can release the other's, and PoCL aborts
     * the process ({@code pocl_release_dlhandle_cache: Assertion `found->ref_count > 0' failed}, PoCL 5.0 on the GPU
     * hosts, in a DistributedQueue's chunks). Launches with a global offset use a program of their own: built with
     * this quirk's macro, which only those launches get ({@link #perLaunch()}) and no source tests, so each of PoCL's
     * functions belongs to one kind of launch.
     */
    OFFSET_LAUNCHES_APART("offset-launches-apart", "JSYCL_QUIRK_OFFSET_LAUNCHES_APART"),
    /**
     * {@code clEnqueueFillBuffer} counts the pattern's repetitions in 32 bits: a fill that reaches {@link #FILL_UNITS}
     * repetitions of its pattern from the buffer's start never returns (the calling thread spins inside the driver) or
     * writes outside the buffer, and the context is lost (NVIDIA's OpenCL, driver 580.159 on the H200: zeroing a
     * buffer of 2 GiB with a one-byte pattern spun for minutes; zeroing the last 64 bytes of a 2 GiB + 64 buffer,
     * at 2^31 one-byte repetitions from the start, killed the context; filling the same 2 GiB + 64 bytes with an
     * 8-byte pattern was right). A fill of typed elements never gets there (an array has fewer than 2^31 elements);
     * the runtime zeroes such a buffer with a 128-byte pattern of zeros and writes a tail shorter than that from the
     * host ({@code io.jsycl.internal.memory.ClQueue#fill}); no build option ({@link #ofBuilds()}).
     */
    FILL_UNITS_32_BIT("fill-units-32-bit", "JSYCL_QUIRK_FILL_UNITS_32_BIT"),
    /**
     * {@code ceil}, {@code floor}, {@code rint}, {@code exp} and {@code expm1} of a value the compiler can prove give
     * garbage for some values: the optimizer folds the inlined built-in to an undefined value, and the store of a NaN
     * argument's result ({@code Math.ceil(Double.NaN + x)}) writes whatever memory held, while {@code rint} of 2^63 (a
     * constant passed to a method of the kernel) makes the kernel write nothing at all (PoCL 3.1 on the development
     * machine, found by the fuzzer, seeds 7701004 and 91000301; PoCL 5.0 on the GPU hosts too; the same built-ins of
     * values read from memory are right). The generated {@code Math} calls read their argument through a volatile local.
     */
    FOLDED_BUILTINS("folded-builtins", "JSYCL_QUIRK_FOLDED_BUILTINS");

    /** Repetitions of a fill's pattern, counted from the buffer's start, that {@link #FILL_UNITS_32_BIT} allows. */
    public static final long FILL_UNITS = 1L << 31;

    private final String settingName;
    private final String macro;

    DriverQuirk(String settingName, String macro) {
        this.settingName = settingName;
        this.macro = macro;
    }

    /**
     * The quirk's name in settings and reports.
     *
     * @return e.g. {@code nan-to-integer}
     */
    public String settingName() {
        return settingName;
    }

    /**
     * The build option that selects the safe form.
     *
     * @return e.g. {@code -DJSYCL_QUIRK_NAN_TO_INTEGER}
     */
    public String buildOption() {
        return "-D" + macro;
    }

    /**
     * Whether the quirk's build option goes only to the launches it concerns (a program of their own), not to every
     * build for the device.
     *
     * @return true for {@link #OFFSET_LAUNCHES_APART}
     */
    public boolean perLaunch() {
        return this == OFFSET_LAUNCHES_APART;
    }

    /**
     * Whether the quirk is worked around in the generated code, by its build option, rather than in what the runtime
     * enqueues.
     *
     * @return false for {@link #FILL_UNITS_32_BIT}
     */
    public boolean ofBuilds() {
        return this != FILL_UNITS_32_BIT;
    }

    /**
     * The quirks known for a device's driver.
     *
     * @param device the device
     * @return the quirks, possibly none
     * @throws ClException when the platform or device vendor cannot be read
     */
    public static Set<DriverQuirk> knownFor(ClDevice device) {
        return knownFor(device.platform().vendor(), device.vendor());
    }

    /**
     * The quirks known for a platform and device vendor.
     *
     * @param platformVendor {@code CL_PLATFORM_VENDOR}
     * @param deviceVendor {@code CL_DEVICE_VENDOR}
     * @return the quirks, possibly none
     */
    public static Set<DriverQuirk> knownFor(String platformVendor, String deviceVendor) {
        var quirks = EnumSet.noneOf(DriverQuirk.class);
        if (isNvidia(platformVendor) || isNvidia(deviceVendor)) {
            quirks.add(NAN_TO_INTEGER);
            quirks.add(FILL_UNITS_32_BIT);
        }
        if (platformVendor.toLowerCase(Locale.ROOT).contains("pocl")) {
            quirks.add(OFFSET_LAUNCHES_APART);
            quirks.add(FOLDED_BUILTINS);
        }
        return quirks;
    }

    /**
     * Build options that tell the generated code what a driver offers beyond OpenCL C, not where it fails to conform:
     * {@code -DJSYCL_NVIDIA_PTX} for NVIDIA's OpenCL, whose compiler takes inline PTX ({@code asm}); a reduction's
     * float sum uses its atomic add ({@code red.global.add.f32}), and the sub-group operations its warp shuffle
     * ({@code shfl.sync.idx.b32}) instead of local memory and barriers.
     *
     * @param platformVendor {@code CL_PLATFORM_VENDOR}
     * @param deviceVendor {@code CL_DEVICE_VENDOR}
     * @return the options, each followed by a space; empty where there are none
     */
    public static String featureBuildOptions(String platformVendor, String deviceVendor) {
        return isNvidia(platformVendor) || isNvidia(deviceVendor) ? "-DJSYCL_NVIDIA_PTX " : "";
    }

    /**
     * The quirk of a name.
     *
     * @param name a {@link #settingName()}
     * @return the quirk, or null where none has that name
     */
    public static DriverQuirk named(String name) {
        for (DriverQuirk q : values()) {
            if (q.settingName.equals(name)) {
                return q;
            }
        }
        return null;
    }

    private static boolean isNvidia(String vendor) {
        return vendor.toUpperCase(Locale.ROOT).contains("NVIDIA");
    }
}
