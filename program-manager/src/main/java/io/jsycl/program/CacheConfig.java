package io.jsycl.program;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * The program manager's settings: each one an environment variable, overridden by a system
 * property (API.md section 6). Read once per {@link ProgramManager}.
 *
 * @param persistent          whether the on-disk binary cache is used
 * @param directory           the on-disk cache folder
 * @param maxSizeBytes        size limit of the on-disk cache, 0 for none
 * @param inMemCapacity       programs kept per context before LRU eviction
 * @param trace               whether each lookup is logged with its key inputs
 * @param buildProgressNanos  how long a program build runs before it is reported ({@link BuildProgress}),
 *                            0 for never
 * @param buildProgressAsked  whether {@code JSYCL_BUILD_PROGRESS} was set: reports are then logged at
 *                            INFO, as under {@code trace}, instead of DEBUG
 */
record CacheConfig(boolean persistent, Path directory, long maxSizeBytes, int inMemCapacity, boolean trace,
                   long buildProgressNanos, boolean buildProgressAsked) {

    static final long DEFAULT_MAX_SIZE = 1L << 30;
    static final int DEFAULT_IN_MEM_CAPACITY = 256;
    static final long DEFAULT_BUILD_PROGRESS_NANOS = 2_000_000_000L;

    CacheConfig {
        Objects.requireNonNull(directory, "directory");
        if (maxSizeBytes < 0) {
            throw new IllegalArgumentException("maxSizeBytes < 0: " + maxSizeBytes);
        }
        if (inMemCapacity < 1) {
            throw new IllegalArgumentException("inMemCapacity < 1: " + inMemCapacity);
        }
        if (buildProgressNanos < 0) {
            throw new IllegalArgumentException("buildProgressNanos < 0: " + buildProgressNanos);
        }
    }

    /** Settings with the default build progress reporting (after 2 s, at DEBUG unless {@code trace}). */
    CacheConfig(boolean persistent, Path directory, long maxSizeBytes, int inMemCapacity, boolean trace) {
        this(persistent, directory, maxSizeBytes, inMemCapacity, trace, DEFAULT_BUILD_PROGRESS_NANOS, false);
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
        // JSYCL_TRACE (the runtime's trace of scheduler decisions) includes the cache's.
        boolean trace = bool(setting(env, props, "JSYCL_CACHE_TRACE", "jsycl.cache.trace"), false,
                "JSYCL_CACHE_TRACE") || bool(setting(env, props, "JSYCL_TRACE", "jsycl.trace"), false, "JSYCL_TRACE");
        String progress = setting(env, props, "JSYCL_BUILD_PROGRESS", "jsycl.buildProgress");
        boolean progressAsked = progress != null && !progress.isEmpty();
        long progressNanos = progressAsked ? seconds(progress, "JSYCL_BUILD_PROGRESS") : DEFAULT_BUILD_PROGRESS_NANOS;
        return new CacheConfig(persistent, directory, maxSize, (int) capacity, trace, progressNanos, progressAsked);
    }

    /** Seconds (a decimal number) as nanoseconds; {@code off} is 0. */
    private static long seconds(String value, String name) {
        if (value.equalsIgnoreCase("off")) {
            return 0;
        }
        try {
            double s = Double.parseDouble(value);
            if (s >= 0 && s <= 1e9) {
                return Math.round(s * 1e9);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + " must be a number of seconds (2, 0.5) or off (0 is off too): '"
                + value + "'");
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
