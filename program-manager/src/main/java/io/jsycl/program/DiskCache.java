package io.jsycl.program;

import java.nio.file.Path;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Values by key in a subfolder of the persistent cache folder ({@code JSYCL_CACHE_DIR}), for
 * other layers' caches (the runtime keeps lowered kernels here). The same machinery as the
 * binary cache: owner-only folder checks, one entry per key with the full key stored beside the
 * value and a checksum, atomic writes under a cross-process lock, LRU past the size limit
 * ({@code JSYCL_CACHE_MAX_SIZE}, counted per subfolder). Every fault is a miss or a skipped
 * store, never an exception.
 */
public final class DiskCache {
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");

    private final PersistentCache cache;

    private DiskCache(PersistentCache cache) {
        this.cache = cache;
    }

    /**
     * The cache in subfolder {@code name} of the configured cache folder.
     *
     * @param name the subfolder, 1 to 32 of {@code [a-z0-9-]} starting with a letter or digit (e.g. {@code "lowering"})
     * @return the cache, or {@code null} when {@code JSYCL_CACHE_PERSISTENT=0} or the folder cannot be used
     *     (a warning says why)
     * @throws NullPointerException if {@code name} is null
     * @throws IllegalArgumentException if {@code name} is not 1 to 32 of {@code [a-z0-9-]}
     */
    public static DiskCache open(String name) {
        return open(name, CacheConfig.fromEnvironment());
    }

    static DiskCache open(String name, CacheConfig config) {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("name must be 1 to 32 of [a-z0-9-], starting with a letter or"
                    + " digit: '" + name + "'");
        }
        if (!config.persistent()) {
            return null;
        }
        // The parent is checked first: a subfolder of a folder others can write to is not safe either.
        if (PersistentCache.open(config.directory(), config.maxSizeBytes(), config.trace()) == null) {
            return null;
        }
        PersistentCache cache = PersistentCache.open(config.directory().resolve(name), config.maxSizeBytes(),
                config.trace());
        return cache == null ? null : new DiskCache(cache);
    }

    /**
     * The folder of this cache.
     *
     * @return the subfolder {@link #open} resolved, created owner-only
     */
    public Path directory() {
        return cache.directory();
    }

    /**
     * The value stored under {@code key}, or {@code null} on a miss of any kind (none, unreadable, corrupt).
     *
     * @param key the key, compared in full (its hash names the file; the stored key catches collisions)
     * @return a new array with the value, or null on a miss
     * @throws NullPointerException if {@code key} is null
     */
    public byte[] get(String key) {
        Objects.requireNonNull(key, "key");
        return cache.load(key, () -> summary(key));
    }

    /**
     * Stores {@code value} under {@code key}, replacing any; a failure (full disk, read-only folder) skips it.
     *
     * @param key the key, stored in full beside the value
     * @param value the bytes to store; past the size limit older entries are evicted
     * @throws NullPointerException if {@code key} or {@code value} is null
     */
    public void put(String key, byte[] value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        cache.store(key, value, () -> summary(key));
    }

    private static String summary(String key) {
        return key.length() <= 200 ? key : key.substring(0, 200) + "...";
    }
}
