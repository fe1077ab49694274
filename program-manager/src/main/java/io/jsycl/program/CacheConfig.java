package io.jsycl.program;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * The cache settings: each one an environment variable, overridden by a system property
 * (API.md section 6). Read once per {@link ProgramManager}.
 *
 * @param persistent     whether the on-disk binary cache is used
 * @param directory      the on-disk cache folder
 * @param maxSizeBytes   size limit of the on-disk cache, 0 for none
 * @param inMemCapacity  programs kept per context before LRU eviction
 * @param trace          whether each lookup is logged with its key inputs
 */
record CacheConfig(boolean persistent, Path directory, long maxSizeBytes, int inMemCapacity, boolean trace) {

    static final long DEFAULT_MAX_SIZE = 1L << 30;
    static final int DEFAULT_IN_MEM_CAPACITY = 256;

    CacheConfig {
        Objects.requireNonNull(directory, "directory");
        if (maxSizeBytes < 0) {
            throw new IllegalArgumentException("maxSizeBytes < 0: " + maxSizeBytes);
        }
        if (inMemCapacity < 1) {
            throw new IllegalArgumentException("inMemCapacity < 1: " + inMemCapacity);
        }
    }

    /** The settings of this process: environment, then system properties. */
    static CacheConfig fromEnvironment() {
        return from(System.getenv(), System.getProperties());
    }

    static CacheConfig from(Map<String, String> env, Properties props) {
        boolean persistent = bool(setting(env, props, "JSYCL_CACHE_PERSISTENT", "jsycl.cache.persistent"), true,
                "JSYCL_CACHE_PERSISTENT");
        String dir = setting(env, props, "JSYCL_CACHE_DIR", "jsycl.cache.dir");
        Path directory = dir != null && !dir.isBlank() ? Path.of(dir) : defaultDirectory(env, props);
        long maxSize = number(setting(env, props, "JSYCL_CACHE_MAX_SIZE", "jsycl.cache.maxSize"),
                DEFAULT_MAX_SIZE, "JSYCL_CACHE_MAX_SIZE");
        long capacity = number(setting(env, props, "JSYCL_CACHE_IN_MEM_CAPACITY", "jsycl.cache.inMemCapacity"),
                DEFAULT_IN_MEM_CAPACITY, "JSYCL_CACHE_IN_MEM_CAPACITY");
        if (capacity < 1 || capacity > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("JSYCL_CACHE_IN_MEM_CAPACITY / jsycl.cache.inMemCapacity must be"
                    + " between 1 and " + Integer.MAX_VALUE + ": " + capacity);
        }
        boolean trace = bool(setting(env, props, "JSYCL_CACHE_TRACE", "jsycl.cache.trace"), false,
                "JSYCL_CACHE_TRACE");
        return new CacheConfig(persistent, directory, maxSize, (int) capacity, trace);
    }

    private static Path defaultDirectory(Map<String, String> env, Properties props) {
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "jsycl");
        }
        return Path.of(props.getProperty("user.home", "."), ".cache", "jsycl");
    }

    private static String setting(Map<String, String> env, Properties props, String variable, String property) {
        String value = props.getProperty(property);
        return value != null ? value.strip() : env.get(variable) == null ? null : env.get(variable).strip();
    }

    private static boolean bool(String value, boolean fallback, String name) {
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        return switch (value.toLowerCase(java.util.Locale.ROOT)) {
            case "1", "true", "on", "yes" -> true;
            case "0", "false", "off", "no" -> false;
            default -> throw new IllegalArgumentException(name + " must be 1/0, true/false, on/off or yes/no: '"
                    + value + "'");
        };
    }

    private static long number(String value, long fallback, String name) {
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        try {
            long n = Long.parseLong(value);
            if (n < 0) {
                throw new IllegalArgumentException(name + " must not be negative: " + value);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number of bytes or entries: '"
                    + value + "'", e);
        }
    }
}
