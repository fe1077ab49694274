package io.jsycl.program;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The kernel and program cache of one context, generic over its {@link ProgramCompiler}.
 *
 * <h2>Design overview</h2>
 * <ul>
 * <li><b>Maps.</b> {@code programs}: (source SHA-256, specialization constants, build options,
 *     device) to a {@link BuildResult} of a {@link CachedProgram}; in access order, for LRU.
 *     {@code kernels}: (program key, kernel name) to a {@code BuildResult} of a
 *     {@link CachedKernel}; the device is part of the program key.</li>
 * <li><b>Guarded by {@link #lock}:</b> both maps and each {@code CachedProgram.kernelNames}.
 *     The lock is held only to find or insert a {@code BuildResult}, to register a kernel
 *     with its program and to pick LRU victims: never during a build, a wait, disk I/O or a
 *     release.</li>
 * <li><b>getOrBuild.</b> The thread that inserts a {@code BuildResult} builds, outside the
 *     lock; every other thread waits on that result's own condition. Builds of different keys
 *     run in parallel. A {@link ProgramBuildException} is stored and rethrown (the same
 *     instance, with the build log) to every waiter; failed programs stay cached so a broken
 *     source is not rebuilt on every call (they count toward the LRU capacity); failed kernel
 *     lookups are removed (their program's stored error answers the next call). Any other
 *     failure of the builder (an unexpected exception, an error, an interrupted build) is
 *     stored as "failed with no error": the builder rethrows it, the entry is removed, and a
 *     waiter retries, becoming the new builder.</li>
 * <li><b>Lock order:</b> {@link #lock}, then a {@code BuildResult}'s lock. Nothing takes
 *     {@link #lock} while holding a result's lock.</li>
 * <li><b>Eviction and release.</b> Past {@code capacity} programs, the least recently used
 *     finished programs leave the map with their kernels. Each cached object is
 *     reference-counted (cache + leases; a kernel holds its program); it is released once,
 *     when the count drops to zero, so an evicted kernel stays valid for a lease in flight.
 *     {@link #clear()} evicts everything the same way.</li>
 * <li><b>Cache blob.</b> A context made from a blob is seeded with its binaries by full key;
 *     a program build first looks there, then on disk, then compiles.</li>
 * <li><b>Progress.</b> A program build that runs long is reported by {@link BuildProgress}
 *     (a shared timer, no thread per build).</li>
 * <li><b>Persistent cache.</b> When present, a program build first looks up a binary on
 *     disk; a binary that does not build falls back to the source. Disk failures are misses
 *     (see {@link PersistentCache}).</li>
 * </ul>
 */
final class KernelProgramCache<D, P, K> {
    private static final Logger LOG = System.getLogger("io.jsycl.program");

    record ProgramKey<D>(String sourceHash, SortedMap<String, String> specConstants, String buildOptions,
                         D device) {
    }

    record KernelKey<D>(ProgramKey<D> program, String kernelName) {
    }

    private final ProgramCompiler<D, P, K> compiler;
    private final PersistentCache disk;
    private final int capacity;
    private final boolean trace;
    private final BuildProgress progress;

    private final ReentrantLock lock = new ReentrantLock();
    // Guarded by lock
    private final LinkedHashMap<ProgramKey<D>, BuildResult<CachedProgram<P>>> programs =
            new LinkedHashMap<>(16, 0.75f, true);
    // Guarded by lock
    private final Map<KernelKey<D>, BuildResult<CachedKernel<P, K>>> kernels = new HashMap<>();

    /** Binaries from a cache blob by full key text; each is used once, then the program is cached. */
    private final Map<String, byte[]> seeds = new java.util.concurrent.ConcurrentHashMap<>();

    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder builds = new LongAdder();
    private final LongAdder diskHits = new LongAdder();
    private final LongAdder evictions = new LongAdder();
    private final LongAdder buildNanos = new LongAdder();

    /**
     * @param disk     the persistent cache, or {@code null} for none
     * @param capacity programs kept before LRU eviction, at least 1
     */
    KernelProgramCache(ProgramCompiler<D, P, K> compiler, PersistentCache disk, int capacity, boolean trace) {
        this(compiler, disk, capacity, trace, BuildProgress.OFF);
    }

    /** As above, reporting program builds that run long through {@code progress}. */
    KernelProgramCache(ProgramCompiler<D, P, K> compiler, PersistentCache disk, int capacity, boolean trace,
                       BuildProgress progress) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity < 1: " + capacity);
        }
        this.compiler = Objects.requireNonNull(compiler, "compiler");
        this.disk = disk;
        this.capacity = capacity;
        this.trace = trace;
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    /**
     * The cached kernel {@code kernelName} of {@code source} on {@code device}, built (once)
     * if needed. The result may be evicted at any time; {@link CachedKernel#borrow()} then
     * returns {@code null} and the caller looks it up again.
     *
     * @throws ProgramBuildException if the source does not build or has no such kernel
     */
    CachedKernel<P, K> getKernel(D device, ProgramSource source, String kernelName) {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(kernelName, "kernelName");
        ProgramKey<D> programKey = new ProgramKey<>(source.sourceHash(), source.specConstants(),
                source.buildOptions(), device);
        KernelKey<D> key = new KernelKey<>(programKey, kernelName);
        CachedKernel<P, K> kernel = getOrBuild(kernels, key, false, programKey,
                () -> buildKernel(programKey, device, source, kernelName));
        if (kernel.program.evicted) {
            // Its program was evicted while the kernel was being made: nobody else will retire it.
            retireOrphan(key, kernel);
        }
        return kernel;
    }

    ProgramManager.Stats stats() {
        return new ProgramManager.Stats(hits.sum(), misses.sum(), builds.sum(), diskHits.sum(), evictions.sum(),
                buildNanos.sum());
    }

    /** Number of programs in the map, finished or not. */
    int programCount() {
        lock.lock();
        try {
            return programs.size();
        } finally {
            lock.unlock();
        }
    }

    /** Evicts every finished program and kernel; each is released when its last lease closes. */
    void clear() {
        List<CachedProgram<P>> victims = new ArrayList<>();
        List<CachedKernel<P, K>> kernelVictims = new ArrayList<>();
        lock.lock();
        try {
            evictWhile(() -> true, victims, kernelVictims);
        } finally {
            lock.unlock();
        }
        retire(victims, kernelVictims);
    }

    private CachedKernel<P, K> buildKernel(ProgramKey<D> programKey, D device, ProgramSource source,
                                           String kernelName) {
        while (true) {
            CachedProgram<P> program = getOrBuild(programs, programKey, true, null, () -> progress.run(
                    () -> BuildProgress.kernels(source.source(), kernelName) + " for "
                            + compiler.describe(device).name(),
                    () -> buildProgram(device, source)));
            if (!program.refs.tryAcquire()) {
                continue; // evicted and released since: build it again
            }
            CachedKernel<P, K> kernel;
            try {
                kernel = new CachedKernel<>(compiler, program, kernelName,
                        compiler.createKernel(program.program, kernelName));
            } catch (ProgramBuildException | Error e) {
                program.refs.release();
                throw e;
            } catch (RuntimeException e) {
                program.refs.release();
                throw new ProgramBuildException("creating kernel '" + kernelName + "' failed (" + e.getMessage()
                        + "); check that the source declares a kernel of that name", "", source.source(),
                        source.effectiveBuildOptions(), compiler.describe(device).name(), e);
            }
            lock.lock();
            try {
                if (!program.evicted) {
                    program.kernelNames.add(kernelName);
                }
            } finally {
                lock.unlock();
            }
            return kernel;
        }
    }

    private CachedProgram<P> buildProgram(D device, ProgramSource source) {
        CachedProgram<P> seeded = buildFromSeed(device, source);
        if (seeded != null) {
            return seeded;
        }
        String options = source.effectiveBuildOptions();
        PersistentCacheKey diskKey = null;
        if (disk != null) {
            diskKey = new PersistentCacheKey(source.source(), source.buildOptions(), source.specConstants(),
                    compiler.describe(device));
            byte[] binary = disk.load(diskKey);
            if (binary != null) {
                long start = System.nanoTime();
                try {
                    P program = compiler.buildFromBinary(device, binary, options);
                    diskHits.increment();
                    return newCachedProgram(program, source);
                } catch (RuntimeException e) {
                    LOG.log(trace ? Level.INFO : Level.DEBUG, "jsycl cache: binary {0} from disk did not build"
                            + " ({1}); building from source", diskKey.fileName(), e.toString());
                    disk.remove(diskKey);
                } finally {
                    buildNanos.add(System.nanoTime() - start);
                }
            }
        }
        long start = System.nanoTime();
        P program;
        try {
            builds.increment();
            program = compiler.buildFromSource(device, source.source(), options);
        } finally {
            buildNanos.add(System.nanoTime() - start);
        }
        if (diskKey != null) {
            try {
                disk.store(diskKey, compiler.binary(program, device));
            } catch (RuntimeException e) {
                LOG.log(trace ? Level.INFO : Level.DEBUG, "jsycl cache: binary of {0} not stored: {1}",
                        diskKey.fileName(), e.toString());
            }
        }
        return newCachedProgram(program, source);
    }

    private CachedProgram<P> newCachedProgram(P program, ProgramSource source) {
        return new CachedProgram<>(program, source, () -> compiler.releaseProgram(program));
    }

    /** The program from a seeded cache blob, or {@code null} when the blob has none (or it does not build). */
    private CachedProgram<P> buildFromSeed(D device, ProgramSource source) {
        if (seeds.isEmpty()) {
            return null;
        }
        PersistentCacheKey key = new PersistentCacheKey(source.source(), source.buildOptions(),
                source.specConstants(), compiler.describe(device));
        String text = key.text();
        byte[] binary = seeds.remove(text);
        if (binary == null) {
            return null;
        }
        long start = System.nanoTime();
        try {
            P program = compiler.buildFromBinary(device, binary, source.effectiveBuildOptions());
            diskHits.increment();
            return newCachedProgram(program, source);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "jsycl cache: a program of the cache blob did not build ({0}); building it"
                    + " from source", e.toString());
            return null;
        } finally {
            buildNanos.add(System.nanoTime() - start);
        }
    }

    /** Every finished program of {@code device} in memory, with its full key text, and its binary. */
    List<CacheBlob.Entry> binaries(D device) {
        List<CachedProgram<P>> found = new ArrayList<>();
        lock.lock();
        try {
            for (var e : programs.entrySet()) {
                CachedProgram<P> p = e.getValue().valueIfDone();
                if (e.getKey().device().equals(device) && p != null && p.refs.tryAcquire()) {
                    found.add(p);
                }
            }
        } finally {
            lock.unlock();
        }
        List<CacheBlob.Entry> result = new ArrayList<>();
        DeviceDescription description = compiler.describe(device);
        try {
            for (CachedProgram<P> p : found) {
                PersistentCacheKey key = new PersistentCacheKey(p.source.source(), p.source.buildOptions(),
                        p.source.specConstants(), description);
                result.add(new CacheBlob.Entry(key.text(), compiler.binary(p.program, device)));
            }
        } finally {
            found.forEach(p -> p.refs.release());
        }
        result.sort(java.util.Comparator.comparing(CacheBlob.Entry::keyText));
        return result;
    }

    /** The full key texts of the finished programs of {@code device} in memory, sorted. */
    List<String> programKeys(D device) {
        List<ProgramSource> sources = new ArrayList<>();
        lock.lock();
        try {
            for (var e : programs.entrySet()) {
                CachedProgram<P> p = e.getValue().valueIfDone();
                if (e.getKey().device().equals(device) && p != null) {
                    sources.add(p.source);
                }
            }
        } finally {
            lock.unlock();
        }
        DeviceDescription description = compiler.describe(device);
        List<String> keys = new ArrayList<>();
        for (ProgramSource s : sources) {
            keys.add(new PersistentCacheKey(s.source(), s.buildOptions(), s.specConstants(), description).text());
        }
        keys.sort(null);
        return keys;
    }

    DeviceDescription describe(D device) {
        return compiler.describe(device);
    }

    /** Offers binaries by full key text: a later build of that key loads the binary instead of compiling. */
    void seed(List<CacheBlob.Entry> entries) {
        for (CacheBlob.Entry e : entries) {
            seeds.put(e.keyText(), e.binary());
        }
    }

    /**
     * Finds the value of {@code key} or builds it. See the design overview.
     *
     * @param keepFailures whether a stored build error stays in the map
     * @param touch        for a kernel lookup, its program's key: the lookup counts as a hit
     *                     or miss and as a use of that program for LRU; {@code null} otherwise
     */
    private <KEY, V> V getOrBuild(Map<KEY, BuildResult<V>> map, KEY key, boolean keepFailures,
                                  ProgramKey<D> touch, Supplier<V> builder) {
        boolean countLookups = touch != null;
        while (true) {
            BuildResult<V> result;
            boolean isBuilder;
            lock.lock();
            try {
                if (touch != null) {
                    programs.get(touch); // a use of the program, for LRU
                }
                result = map.get(key);
                isBuilder = result == null;
                if (isBuilder) {
                    result = new BuildResult<>();
                    map.put(key, result);
                }
            } finally {
                lock.unlock();
            }
            if (countLookups) {
                (isBuilder ? misses : hits).increment();
                if (trace) {
                    traceLookup(key, isBuilder);
                }
            }
            if (!isBuilder) {
                V value = result.await(); // throws a stored error
                if (value != null) {
                    return value;
                }
                countLookups = false; // the retry is the same lookup
                continue; // failed with no stored error: retry, perhaps as the builder
            }
            V value;
            try {
                value = builder.get();
            } catch (ProgramBuildException e) {
                if (!keepFailures) {
                    removeIfSame(map, key, result);
                }
                result.fail(e);
                if (keepFailures) {
                    evictPastCapacity();
                }
                throw e;
            } catch (RuntimeException | Error e) {
                removeIfSame(map, key, result);
                result.fail(null);
                throw e;
            }
            result.complete(value);
            if (keepFailures) {
                evictPastCapacity();
            }
            return value;
        }
    }

    private <KEY, V> void removeIfSame(Map<KEY, BuildResult<V>> map, KEY key, BuildResult<V> result) {
        lock.lock();
        try {
            map.remove(key, result);
        } finally {
            lock.unlock();
        }
    }

    private void evictPastCapacity() {
        List<CachedProgram<P>> victims = new ArrayList<>();
        List<CachedKernel<P, K>> kernelVictims = new ArrayList<>();
        lock.lock();
        try {
            evictWhile(() -> programs.size() > capacity, victims, kernelVictims);
        } finally {
            lock.unlock();
        }
        retire(victims, kernelVictims);
    }

    /** Under {@link #lock}: removes finished programs, least recently used first, while {@code more}. */
    private void evictWhile(java.util.function.BooleanSupplier more, List<CachedProgram<P>> victims,
                            List<CachedKernel<P, K>> kernelVictims) {
        Iterator<Map.Entry<ProgramKey<D>, BuildResult<CachedProgram<P>>>> it = programs.entrySet().iterator();
        while (it.hasNext() && more.getAsBoolean()) {
            Map.Entry<ProgramKey<D>, BuildResult<CachedProgram<P>>> e = it.next();
            BuildResult<CachedProgram<P>> result = e.getValue();
            if (result.state() == BuildResult.State.IN_PROGRESS) {
                continue;
            }
            it.remove();
            evictions.increment();
            CachedProgram<P> program = result.valueIfDone();
            if (program == null) {
                continue; // a stored failure: nothing to release
            }
            program.evicted = true;
            for (String name : program.kernelNames) {
                BuildResult<CachedKernel<P, K>> k = kernels.remove(new KernelKey<>(e.getKey(), name));
                CachedKernel<P, K> kernel = k == null ? null : k.valueIfDone();
                if (kernel != null) {
                    kernelVictims.add(kernel);
                }
                // A kernel still in progress retires itself in getKernel: its program is marked evicted.
            }
            victims.add(program);
        }
    }

    private void retire(List<CachedProgram<P>> victims, List<CachedKernel<P, K>> kernelVictims) {
        for (CachedKernel<P, K> k : kernelVictims) {
            k.refs.retire();
        }
        for (CachedProgram<P> p : victims) {
            p.refs.retire();
        }
    }

    private void retireOrphan(KernelKey<D> key, CachedKernel<P, K> kernel) {
        lock.lock();
        try {
            BuildResult<CachedKernel<P, K>> r = kernels.get(key);
            if (r != null && r.valueIfDone() == kernel) {
                kernels.remove(key);
            }
        } finally {
            lock.unlock();
        }
        kernel.refs.retire();
    }

    private void traceLookup(Object key, boolean miss) {
        if (key instanceof KernelKey<?> k) {
            ProgramKey<?> p = k.program();
            LOG.log(Level.INFO, "jsycl cache: kernel {0} of program {1} (build options ''{2}'', spec constants {3},"
                    + " device {4}): {5}", k.kernelName(), p.sourceHash().substring(0, 16), p.buildOptions(),
                    p.specConstants(), p.device(), miss ? "miss" : "hit in memory");
        }
    }
}
