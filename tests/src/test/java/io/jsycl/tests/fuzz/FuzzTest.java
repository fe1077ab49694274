package io.jsycl.tests.fuzz;

import static org.assertj.core.api.Assertions.fail;

import io.jsycl.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Differential fuzzing: random kernels (see {@link FuzzGen}) run on the host device and on every
 * OpenCL device must agree bit for bit. CI runs a fixed seed set; for a long local run use
 * {@code -Djsycl.fuzz.count=N -Djsycl.fuzz.seed=S} (seeds S, S+1, ..., S+N-1). Each finding prints
 * its seed, the Java source and the generated OpenCL C.
 */
class FuzzTest {
    /** The harness points kernel dumps at its temp folder; later tests in this JVM must not inherit that. */
    @AfterAll
    static void stopDumpingKernels() {
        System.clearProperty("jsycl.dumpKernels");
    }
    /** Programs in the CI seed set (each holds {@link FuzzGen#KERNELS} kernel): cold PoCL builds cost about 1.1 s each. */
    static final int CI_COUNT = 70;
    static final long CI_SEED = 20261123L;
    /** Programs compiled per javac run. */
    static final int BATCH = 200;

    @Test
    void hostAndDevicesAgree() throws Exception {
        int count = Integer.getInteger("jsycl.fuzz.count", CI_COUNT);
        long first = Long.getLong("jsycl.fuzz.seed", CI_SEED);
        List<Device> devices = new ArrayList<>();
        for (Device d : Device.all()) {
            if (!d.isHost()) {
                devices.add(d);
            }
        }
        if (devices.isEmpty() && System.getenv("CI") != null) {
            fail("CI is set but no OpenCL device was found");
        }
        var harness = new FuzzHarness();
        List<FuzzHarness.Finding> findings = new ArrayList<>();
        long t0 = System.nanoTime();
        long compileNanos = 0;
        for (int base = 0; base < count; base += BATCH) {
            int n = Math.min(BATCH, count - base);
            long[] seeds = new long[n];
            String[] sources = new String[n];
            for (int i = 0; i < n; i++) {
                seeds[i] = first + base + i;
                sources[i] = FuzzGen.program(FuzzHarness.PKG, FuzzHarness.className(seeds[i]), seeds[i]);
            }
            long c0 = System.nanoTime();
            ClassLoader loader = harness.compile(seeds, sources);
            compileNanos += System.nanoTime() - c0;
            // PoCL builds dominate: check programs on every core at once
            var pool = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()));
            try {
                List<Future<List<FuzzHarness.Finding>>> results = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    long seed = seeds[i];
                    String source = sources[i];
                    results.add(pool.submit(() -> harness.check(loader, seed, source, devices)));
                }
                for (var r : results) {
                    var found = r.get();
                    for (var f : found) {
                        System.out.println(f.report());
                    }
                    findings.addAll(found);
                }
            } finally {
                pool.shutdownNow();
            }
        }
        System.out.printf("fuzz: %d programs (%d kernels) from seed %d on host + %d device(s) in %.1f s (javac %.1f s), %d finding(s)%n",
                count, count * FuzzGen.KERNELS, first, devices.size(), (System.nanoTime() - t0) / 1e9, compileNanos / 1e9,
                findings.size());
        if (!findings.isEmpty()) {
            var sb = new StringBuilder(findings.size() + " fuzz finding(s), seeds:");
            findings.stream().map(f -> " " + f.seed() + " (" + f.device() + ": " + firstLine(f.what()) + ")").distinct()
                    .forEach(sb::append);
            fail(sb.toString());
        }
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
