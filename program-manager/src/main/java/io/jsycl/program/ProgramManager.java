package io.jsycl.program;

import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClProgram;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Builds each kernel set once per context and device, and keeps the kernels: the entry point
 * of this module. One manager per context (by identity); thread safe. Settings come from the
 * {@code JSYCL_CACHE_*} variables and {@code JSYCL_BUILD_PROGRESS} (docs/caching-and-configuration.md,
 * "Settings"), read when the manager is made.
 */
public final class ProgramManager {
    // Guarded by itself
    private static final Map<ClContext, ProgramManager> MANAGERS = new IdentityHashMap<>();

    private final KernelProgramCache<ClDevice, ClProgram, ClKernel> cache;

    private ProgramManager(ClContext context, CacheConfig config) {
        PersistentCache disk = config.persistent()
                ? PersistentCache.open(config.directory(), config.maxSizeBytes(), config.trace())
                : null;
        this.cache = new KernelProgramCache<>(new OpenClCompiler(context), disk, config.inMemCapacity(),
                config.trace(), BuildProgress.of(config));
    }

    /**
     * The manager of {@code context}, made on first use.
     *
     * @param context the OpenCL context whose programs and kernels the manager caches
     * @return the one manager of {@code context}, until {@link #forget} drops it
     * @throws NullPointerException if {@code context} is null
     */
    public static ProgramManager of(ClContext context) {
        Objects.requireNonNull(context, "context");
        synchronized (MANAGERS) {
            return MANAGERS.computeIfAbsent(context, c -> new ProgramManager(c, CacheConfig.fromEnvironment()));
        }
    }

    /** The manager of {@code context}, made with {@code config} on first use (tests: temp cache folders). */
    static ProgramManager of(ClContext context, CacheConfig config) {
        Objects.requireNonNull(context, "context");
        synchronized (MANAGERS) {
            return MANAGERS.computeIfAbsent(context, c -> new ProgramManager(c, config));
        }
    }

    /**
     * Drops the manager of {@code context} and releases each of its cached kernels and
     * programs exactly once (a kernel leased now is released when its lease closes). Call it
     * before closing the context; harmless if the context has no manager.
     *
     * @param context the context about to be closed
     * @throws NullPointerException if {@code context} is null
     */
    public static void forget(ClContext context) {
        Objects.requireNonNull(context, "context");
        ProgramManager manager;
        synchronized (MANAGERS) {
            manager = MANAGERS.remove(context);
        }
        if (manager != null) {
            manager.clear();
        }
    }

    /**
     * The kernel {@code kernelName} of {@code source}, built for {@code device} on first use
     * (from the on-disk cache when it has the binary).
     *
     * @param device the device to build for; one of the context's devices
     * @param source the kernel set's source, build options and specialization constants
     * @param kernelName the {@code __kernel} function's name
     * @return a handle to lease the kernel from; it survives eviction (the kernel is rebuilt on demand)
     * @throws NullPointerException if an argument is null
     * @throws ProgramBuildException if the source does not build (the message holds the log)
     *                              or has no kernel of that name
     */
    public KernelHandle getOrCreateKernel(ClDevice device, ProgramSource source, String kernelName) {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(kernelName, "kernelName");
        return new KernelHandle(cache.getKernel(device, source, kernelName),
                () -> cache.getKernel(device, source, kernelName));
    }

    /**
     * A stable id (lowercase hex SHA-256) of everything that makes this context's binaries for
     * {@code device} compatible (device name, version and driver, platform name and version,
     * jsycl's version) and of the set of programs now cached in memory for it.
     *
     * @param device a device of the context
     * @return 64 lowercase hex digits; equal ids mean equal blobs
     * @throws NullPointerException if {@code device} is null
     */
    public String cacheBlobId(ClDevice device) {
        Objects.requireNonNull(device, "device");
        return CacheBlob.id(cache.describe(device), cache.programKeys(device));
    }

    /**
     * Every program binary now cached in memory for {@code device}, each with its full key (a versioned format).
     *
     * @param device a device of the context
     * @return a new array, for {@link #seed} in a later run; it holds no program when none is cached
     * @throws NullPointerException if {@code device} is null
     */
    public byte[] cacheBlob(ClDevice device) {
        Objects.requireNonNull(device, "device");
        return CacheBlob.encode(cache.describe(device), cache.binaries(device));
    }

    /**
     * Seeds this manager with the programs of a {@link #cacheBlob cache blob}: a later build of one
     * of them loads its binary instead of compiling. A blob of another device, driver or jsycl
     * version, or a corrupt one, is ignored with a logged warning.
     *
     * @param device the device the blob's programs are for
     * @param blob bytes {@link #cacheBlob} returned, possibly in an earlier run
     * @return the number of programs offered, 0 when the blob was ignored
     * @throws NullPointerException if {@code device} or {@code blob} is null
     */
    public int seed(ClDevice device, byte[] blob) {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(blob, "blob");
        return seed(cache, device, blob);
    }

    static <D> int seed(KernelProgramCache<D, ?, ?> cache, D device, byte[] blob) {
        CacheBlob.Decoded decoded = CacheBlob.decode(blob);
        String expected = CacheBlob.deviceText(cache.describe(device));
        String problem = decoded.problem();
        if (problem == null && !expected.equals(decoded.deviceText())) {
            problem = "it was made for another device, driver or jsycl version (blob: "
                    + decoded.deviceText().replace('\n', ' ').strip() + "; this device: "
                    + expected.replace('\n', ' ').strip() + ")";
        }
        if (problem != null) {
            System.getLogger("io.jsycl.program").log(System.Logger.Level.WARNING, "jsycl cache blob ignored: {0};"
                    + " its programs will be built from source", problem);
            return 0;
        }
        cache.seed(decoded.entries());
        return decoded.entries().size();
    }

    /**
     * Counters since this manager was made.
     *
     * @return a snapshot of the hit, miss, build and eviction counters
     */
    public Stats stats() {
        return cache.stats();
    }

    /**
     * Evicts every cached kernel and program; each is released once its last lease closes. The
     * {@link #stats() counters} are not reset: they count since the manager was made, and
     * {@code evictions} grows by the programs cleared. The on-disk cache is left alone (the
     * {@code jsycl-cache clear} command clears it).
     */
    public void clear() {
        cache.clear();
    }

    /**
     * Cache counters.
     *
     * @param hits       kernel lookups answered by the in-memory cache
     * @param misses     kernel lookups that had to make the kernel
     * @param builds     program builds from source
     * @param diskHits   programs loaded from a binary: the on-disk cache or a cache blob
     * @param evictions  programs evicted (LRU or {@link #clear()})
     * @param buildNanos time spent building programs, from source or binary
     */
    public record Stats(long hits, long misses, long builds, long diskHits, long evictions, long buildNanos) {
    }
}
