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

    static String read(String variable, String property) {
        String value = System.getProperty(property);
        return value != null ? value : System.getenv(variable);
    }
}
