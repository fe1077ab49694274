package io.jsycl.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelProgramCacheTest {
    private static final String DEVICE = "fake-gpu";
    private static final ProgramSource SOURCE = ProgramSource.of("kernel void add() {} kernel void mul() {}");

    private final FakeCompiler compiler = new FakeCompiler();
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void noDoubleRelease() {
        pool.shutdownNow();
        assertThat(compiler.doubleReleases).isEmpty();
    }

    private KernelProgramCache<String, FakeCompiler.Program, FakeCompiler.Kernel> cache(int capacity) {
        return new KernelProgramCache<>(compiler, null, capacity, false);
    }

    private static ProgramSource source(int i) {
        return ProgramSource.of("kernel void add() { /* " + i + " */ }");
    }

    private <T> List<T> runConcurrently(int threads, Callable<T> task) throws Exception {
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Future<T>> futures = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            futures.add(pool.submit(() -> {
                start.await();
                return task.call();
            }));
        }
        List<T> results = new ArrayList<>();
        for (Future<T> f : futures) {
            results.add(f.get(30, TimeUnit.SECONDS));
        }
        return results;
    }

    @Test
    void sameKeyFrom32ThreadsBuildsOnce() throws Exception {
        var cache = cache(256);
        compiler.onSourceBuild = s -> sleep(100);
        var kernels = runConcurrently(32, () -> cache.getKernel(DEVICE, SOURCE, "add"));
        assertThat(compiler.sourceBuilds).hasValue(1);
        assertThat(kernels).allSatisfy(k -> assertThat(k).isSameAs(kernels.get(0)));
        assertThat(cache.stats().builds()).isEqualTo(1);
        assertThat(cache.stats().misses()).isEqualTo(1);
        assertThat(cache.stats().hits()).isEqualTo(31);
    }

    @Test
    void twoKeysBuildInParallel() throws Exception {
        var cache = cache(256);
        CountDownLatch bothBuilding = new CountDownLatch(2);
        compiler.onSourceBuild = s -> {
            bothBuilding.countDown();
            try {
                if (!bothBuilding.await(10, TimeUnit.SECONDS)) {
                    throw new AssertionError("the other build never started: builds are serialized");
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        };
        Future<?> a = pool.submit(() -> cache.getKernel(DEVICE, source(1), "add"));
        Future<?> b = pool.submit(() -> cache.getKernel(DEVICE, source(2), "add"));
        a.get(20, TimeUnit.SECONDS);
        b.get(20, TimeUnit.SECONDS);
        assertThat(compiler.sourceBuilds).hasValue(2);
    }

    @Test
    void buildErrorIsSeenByEveryWaiterWithTheLog() throws Exception {
        var cache = cache(256);
        ProgramSource broken = ProgramSource.of("kernel void add() { #error }", "-cl-fast-relaxed-math");
        compiler.onSourceBuild = s -> sleep(200);
        var errors = runConcurrently(8, () -> {
            try {
                cache.getKernel(DEVICE, broken, "add");
                return null;
            } catch (ProgramBuildException e) {
                return e;
            }
        });
        assertThat(errors).allSatisfy(e -> {
            assertThat(e).isNotNull();
            assertThat(e.buildLog()).contains("error: #error in source");
            assertThat(e).hasMessageContaining("fake-gpu").hasMessageContaining("-cl-fast-relaxed-math")
                    .hasMessageContaining("error: #error in source");
        });
        assertThat(compiler.sourceBuilds).hasValue(1);
        // The stored error answers later lookups too, without a rebuild.
        assertThatThrownBy(() -> cache.getKernel(DEVICE, broken, "add")).isInstanceOf(ProgramBuildException.class);
        assertThat(compiler.sourceBuilds).hasValue(1);
    }

    @Test
    void spuriousFailureIsRetriedByAWaiter() throws Exception {
        var cache = cache(256);
        AtomicBoolean first = new AtomicBoolean(true);
        CountDownLatch release = new CountDownLatch(1);
        compiler.onSourceBuild = s -> {
            if (first.getAndSet(false)) {
                await(release);
                throw new IllegalStateException("driver hiccup");
            }
        };
        Future<Object> builder = pool.submit(() -> cache.getKernel(DEVICE, SOURCE, "add"));
        while (compiler.sourceBuilds.get() == 0) {
            Thread.onSpinWait();
        }
        List<Future<Object>> waiters = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            waiters.add(pool.submit(() -> cache.getKernel(DEVICE, SOURCE, "add")));
        }
        // Each waiter counts its lookup as a hit once it has found the build under way, then waits for it.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (cache.stats().hits() < 4 && System.nanoTime() - deadline < 0) {
            sleep(1);
        }
        assertThat(cache.stats().hits()).as("waiters on the first build").isEqualTo(4);
        release.countDown();
        assertThatThrownBy(() -> builder.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(IllegalStateException.class);
        Object kernel = waiters.get(0).get(10, TimeUnit.SECONDS);
        for (Future<Object> w : waiters) {
            assertThat(w.get(10, TimeUnit.SECONDS)).isNotNull().isSameAs(kernel);
        }
        assertThat(compiler.sourceBuilds).hasValue(2);
    }

    @Test
    void leastRecentlyUsedProgramIsEvictedPastCapacity() {
        var cache = cache(2);
        var a = cache.getKernel(DEVICE, source(1), "add");
        var b = cache.getKernel(DEVICE, source(2), "add");
        cache.getKernel(DEVICE, source(1), "add"); // a is now more recent than b
        cache.getKernel(DEVICE, source(3), "add");
        assertThat(cache.programCount()).isEqualTo(2);
        assertThat(cache.stats().evictions()).isEqualTo(1);
        assertThat(compiler.releasedPrograms).containsExactly(b.program.program.id());
        assertThat(a.program.refs.isReleased()).isFalse();
        cache.getKernel(DEVICE, source(2), "add");
        assertThat(compiler.sourceBuilds).hasValue(4);
    }

    @Test
    void evictedKernelIsReleasedOnlyAfterItsLease() {
        var cache = cache(1);
        var a = cache.getKernel(DEVICE, source(1), "add");
        FakeCompiler.Kernel leased = a.borrow();
        cache.getKernel(DEVICE, source(2), "add"); // evicts a
        assertThat(cache.stats().evictions()).isEqualTo(1);
        assertThat(compiler.releasedKernels).doesNotContain(leased.id());
        assertThat(compiler.releasedPrograms).doesNotContain(leased.program().id());
        a.giveBack(leased);
        assertThat(compiler.releasedKernels).contains(leased.id());
        assertThat(compiler.releasedPrograms).contains(leased.program().id());
        assertThat(a.borrow()).isNull(); // released: callers look it up again
    }

    @Test
    void concurrentLeasesGetDistinctKernelObjectsAndThePoolIsReused() {
        var cache = cache(4);
        var k = cache.getKernel(DEVICE, SOURCE, "add");
        FakeCompiler.Kernel one = k.borrow();
        FakeCompiler.Kernel two = k.borrow();
        assertThat(one).isNotSameAs(two);
        k.giveBack(one);
        k.giveBack(two);
        FakeCompiler.Kernel three = k.borrow();
        assertThat(three).isIn(one, two);
        k.giveBack(three);
        assertThat(k.poolSize()).isEqualTo(2);
    }

    @Test
    void clearReleasesEveryKernelAndProgramOnce() {
        var cache = cache(8);
        var add = cache.getKernel(DEVICE, SOURCE, "add");
        var mul = cache.getKernel(DEVICE, SOURCE, "mul");
        var other = cache.getKernel(DEVICE, source(7), "add");
        assertThat(compiler.sourceBuilds).hasValue(2); // add and mul share one program
        cache.clear();
        cache.clear();
        assertThat(add.refs.isReleased()).isTrue();
        assertThat(mul.refs.isReleased()).isTrue();
        assertThat(other.refs.isReleased()).isTrue();
        assertThat(compiler.releasedPrograms).hasSize(2);
        assertThat(compiler.releasedKernels).hasSize(3);
    }

    @Test
    void optionsSpecConstantsAndDeviceEachMakeAnotherProgram() {
        var cache = cache(16);
        TreeMap<String, String> n4 = new TreeMap<>();
        n4.put("N", "4");
        cache.getKernel(DEVICE, SOURCE, "add");
        cache.getKernel(DEVICE, ProgramSource.of(SOURCE.source(), "-cl-mad-enable"), "add");
        cache.getKernel(DEVICE, new ProgramSource(SOURCE.source(), "", n4), "add");
        cache.getKernel("other-device", SOURCE, "add");
        cache.getKernel(DEVICE, new ProgramSource(SOURCE.source(), "", new TreeMap<>()), "add");
        assertThat(compiler.sourceBuilds).hasValue(4);
    }

    @Test
    void missingKernelIsABuildErrorAndTheProgramStaysCached() {
        var cache = cache(16);
        assertThatThrownBy(() -> cache.getKernel(DEVICE, SOURCE, "nosuch"))
                .isInstanceOf(ProgramBuildException.class).hasMessageContaining("nosuch");
        cache.getKernel(DEVICE, SOURCE, "add");
        assertThat(compiler.sourceBuilds).hasValue(1);
    }

    @Test
    void secondCacheOnTheSameFolderLoadsTheBinaryFromDisk(@TempDir Path dir) {
        var first = new KernelProgramCache<>(compiler, PersistentCache.open(dir, 0, true), 16, true);
        first.getKernel(DEVICE, SOURCE, "add");
        assertThat(first.stats().builds()).isEqualTo(1);

        var second = new KernelProgramCache<>(compiler, PersistentCache.open(dir, 0, true), 16, true);
        var kernel = second.getKernel(DEVICE, SOURCE, "add");
        assertThat(second.stats().diskHits()).isEqualTo(1);
        assertThat(second.stats().builds()).isZero();
        assertThat(kernel.program.program.fromBinary()).isTrue();
        assertThat(compiler.sourceBuilds).hasValue(1);
    }

    @Test
    void binaryThatDoesNotBuildFallsBackToSource(@TempDir Path dir) {
        new KernelProgramCache<>(compiler, PersistentCache.open(dir, 0, false), 16, false)
                .getKernel(DEVICE, SOURCE, "add");
        compiler.binariesFail = true;
        var second = new KernelProgramCache<>(compiler, PersistentCache.open(dir, 0, false), 16, false);
        var kernel = second.getKernel(DEVICE, SOURCE, "add");
        assertThat(kernel.program.program.fromBinary()).isFalse();
        assertThat(second.stats().diskHits()).isZero();
        assertThat(second.stats().builds()).isEqualTo(1);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new AssertionError("latch timed out");
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
