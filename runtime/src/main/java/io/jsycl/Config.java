package io.jsycl;

import java.nio.file.Path;
import java.util.Locale;

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

    /** {@code JSYCL_CHECKS} [{@code jsycl.checks}]: {@code 1} runs every kernel in checked mode. */
    static boolean checks() {
        return "1".equals(read("JSYCL_CHECKS", "jsycl.checks"));
    }

    /**
     * {@code JSYCL_PAD_RANGES} [{@code jsycl.padRanges}]: whether kernels on {@code device} get
     * work-groups of a chosen size and a global range rounded up to them ({@code 1} or {@code 0});
     * by default GPUs do.
     */
    static boolean padsRanges(Device device) {
        String forced = read("JSYCL_PAD_RANGES", "jsycl.padRanges");
        return forced != null ? forced.equals("1") : device.type() == DeviceType.GPU;
    }

    static String read(String variable, String property) {
        String value = System.getProperty(property);
        return value != null ? value : System.getenv(variable);
    }
}
