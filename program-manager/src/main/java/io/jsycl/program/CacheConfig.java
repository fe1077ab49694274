package io.jsycl.program;

import io.jsycl.settings.Setting;
import io.jsycl.settings.SettingSource;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * The program manager's settings: each one an environment variable, overridden by a system
 * property (docs/caching-and-configuration.md, "Settings"), parsed by the parser the runtime's settings
 * share ({@link SettingSource}). Read once per {@link ProgramManager}.
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

    static final Setting PERSISTENT = new Setting("JSYCL_CACHE_PERSISTENT", "jsycl.cache.persistent");
    static final Setting DIR = new Setting("JSYCL_CACHE_DIR", "jsycl.cache.dir");
    static final Setting MAX_SIZE = new Setting("JSYCL_CACHE_MAX_SIZE", "jsycl.cache.maxSize");
    static final Setting IN_MEM_CAPACITY = new Setting("JSYCL_CACHE_IN_MEM_CAPACITY", "jsycl.cache.inMemCapacity");
    static final Setting CACHE_TRACE = new Setting("JSYCL_CACHE_TRACE", "jsycl.cache.trace");
    static final Setting BUILD_PROGRESS = new Setting("JSYCL_BUILD_PROGRESS", "jsycl.buildProgress");

    /** The settings of this process: environment, then system properties, as they are now. */
    static CacheConfig fromEnvironment() {
        return from(SettingSource.system());
    }

    static CacheConfig from(Map<String, String> env, Properties props) {
        return from(SettingSource.of(env, props));
    }

    /** The settings {@code source} gives; a malformed one is an {@code IllegalArgumentException} naming it. */
    static CacheConfig from(SettingSource source) {
        boolean persistent = source.flag(PERSISTENT, true);
        Path dir = source.path(DIR);
        Path directory = dir != null ? dir : defaultDirectory(source);
        long maxSize = source.wholeNumber(MAX_SIZE, DEFAULT_MAX_SIZE, 0, Long.MAX_VALUE, "bytes (0 for no limit)");
        long capacity = source.wholeNumber(IN_MEM_CAPACITY, DEFAULT_IN_MEM_CAPACITY, 1, Integer.MAX_VALUE, "programs");
        // JSYCL_TRACE (the runtime's trace of scheduler decisions) includes the cache's; malformed, it is off.
        boolean trace = source.flag(CACHE_TRACE, false) || source.flagOrOff(Setting.TRACE);
        String progress = source.value(BUILD_PROGRESS);
        boolean progressAsked = progress != null && !progress.isEmpty();
        long progressNanos = source.seconds(BUILD_PROGRESS, DEFAULT_BUILD_PROGRESS_NANOS);
        return new CacheConfig(persistent, directory, maxSize, (int) capacity, trace, progressNanos, progressAsked);
    }

    /** {@code $XDG_CACHE_HOME/jsycl} where that is an absolute path, else {@code ~/.cache/jsycl}. */
    private static Path defaultDirectory(SettingSource source) {
        String xdg = source.variable("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isEmpty() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "jsycl");
        }
        String home = source.property("user.home");
        return Path.of(home != null ? home : ".", ".cache", "jsycl");
    }
}
