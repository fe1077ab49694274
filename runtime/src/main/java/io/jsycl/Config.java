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

    static String read(String variable, String property) {
        String value = System.getProperty(property);
        return value != null ? value : System.getenv(variable);
    }
}
