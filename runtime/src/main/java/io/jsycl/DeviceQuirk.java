package io.jsycl;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * Where an OpenCL driver is known not to conform, and the safe form jsycl takes instead: the one place that
 * decides it, per device. Each quirk is a macro the generated source tests ({@code -DJSYCL_QUIRK_...} in the build
 * options), so a program differs from the conforming one only where the quirk matters, and the program caches key
 * the two apart. {@link Device#quirks()} names a device's quirks; {@code JSYCL_QUIRKS} turns one on or off
 * ({@link Config#quirkOverrides}). Each quirk has a test that shows the safe form gives Java's result and, on a
 * device with the quirk, that the plain form still does not (so a fixed driver is noticed).
 */
enum DeviceQuirk {
    /**
     * {@code convert_int_sat_rtz} and {@code convert_long_sat_rtz} give the type's minimum instead of 0 for NaN
     * (NVIDIA's OpenCL: {@code (long) Float.NaN}, {@code (long) Double.NaN} and {@code (int) Double.NaN}); the
     * generated float-to-integer casts test for NaN first.
     */
    NAN_TO_INTEGER("nan-to-integer", "JSYCL_QUIRK_NAN_TO_INTEGER");

    private final String settingName;
    private final String macro;

    DeviceQuirk(String settingName, String macro) {
        this.settingName = settingName;
        this.macro = macro;
    }

    /** The name {@code JSYCL_QUIRKS} and {@link Device#quirks()} use, e.g. {@code nan-to-integer}. */
    String settingName() {
        return settingName;
    }

    /** The build option that selects the safe form. */
    String buildOption() {
        return "-D" + macro;
    }

    /** Whether a device of this platform vendor and device vendor is known to have the quirk. */
    boolean knownFor(String platformVendor, String deviceVendor) {
        return switch (this) {
            case NAN_TO_INTEGER -> isNvidia(platformVendor) || isNvidia(deviceVendor);
        };
    }

    private static boolean isNvidia(String vendor) {
        return vendor.toUpperCase(Locale.ROOT).contains("NVIDIA");
    }

    /**
     * The quirks of a device: those known for its vendors, then {@code JSYCL_QUIRKS}' additions and removals.
     *
     * @param platformVendor the platform's vendor ({@code CL_PLATFORM_VENDOR})
     * @param deviceVendor the device's vendor ({@code CL_DEVICE_VENDOR})
     */
    static Set<DeviceQuirk> of(String platformVendor, String deviceVendor) {
        var quirks = EnumSet.noneOf(DeviceQuirk.class);
        for (DeviceQuirk q : values()) {
            if (q.knownFor(platformVendor, deviceVendor)) {
                quirks.add(q);
            }
        }
        for (var e : Config.quirkOverrides().entrySet()) {
            if (e.getValue()) {
                quirks.add(e.getKey());
            } else {
                quirks.remove(e.getKey());
            }
        }
        return quirks;
    }

    /** The quirk of a {@code JSYCL_QUIRKS} name, or null. */
    static DeviceQuirk named(String name) {
        for (DeviceQuirk q : values()) {
            if (q.settingName.equals(name)) {
                return q;
            }
        }
        return null;
    }
}
