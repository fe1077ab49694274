package io.jsycl.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClPlatform;
import java.lang.System.Logger.Level;
import java.text.MessageFormat;
import java.util.List;
import java.util.ResourceBundle;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BuildProgressTest {
    private static final String DEVICE = "fake-gpu";
    private static final long MS = 1_000_000L;

    /** A logger that keeps every record it takes, formatted, and takes only {@code from} and above. */
    static final class CapturingLogger implements System.Logger {
        final List<String> records = new CopyOnWriteArrayList<>();
        final List<Level> levels = new CopyOnWriteArrayList<>();
        /** Counted down by the first record taken. */
        final CountDownLatch taken = new CountDownLatch(1);
        private final Level from;

        CapturingLogger(Level from) {
            this.from = from;
        }

        @Override
        public String getName() {
            return "io.jsycl.program";
        }

        @Override
        public boolean isLoggable(Level level) {
            return level.getSeverity() >= from.getSeverity();
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
            if (isLoggable(level)) {
                levels.add(level);
                records.add(msg);
                taken.countDown();
            }
        }

        @Override
        public void log(Level level, ResourceBundle bundle, String format, Object... params) {
            if (isLoggable(level)) {
                levels.add(level);
                records.add(MessageFormat.format(format, params));
                taken.countDown();
            }
        }
    }

    private final FakeCompiler compiler = new FakeCompiler();

    private KernelProgramCache<String, FakeCompiler.Program, FakeCompiler.Kernel> cache(CapturingLogger log,
                                                                                       long thresholdNanos,
                                                                                       Level level) {
        return new KernelProgramCache<>(compiler, null, 16, false, new BuildProgress(log, thresholdNanos, level));
    }

    private void buildsTake(long millis) {
        compiler.onSourceBuild = source -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        };
    }

    /**
     * Builds take {@code millis} and, past that, last until {@code log} has taken a record (up to ten seconds): a
     * loaded machine may run the progress check late, after a build of a fixed time has ended. A build that is never
     * reported while it runs ends after the ten seconds, unreported.
     */
    private void buildsTakeUntilReported(long millis, CapturingLogger log) {
        compiler.onSourceBuild = source -> {
            try {
                Thread.sleep(millis);
                log.taken.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        };
    }

    @Test
    void aBuildPastTheThresholdIsReportedWhileRunningAndWhenDone() {
        var log = new CapturingLogger(Level.DEBUG);
        buildsTakeUntilReported(400, log);
        cache(log, 50 * MS, Level.DEBUG).getKernel(DEVICE,
                ProgramSource.of("kernel void add() {} kernel void mul() {} __kernel void sub() {}"), "mul");
        assertThat(log.records).isNotEmpty();
        assertThat(log.records.getFirst()).matches("jsycl: building 3 kernels \\(mul, \\.\\.\\.\\) for fake-gpu:"
                + " \\d+\\.\\d s so far");
        assertThat(log.records.getLast()).matches("jsycl: built 3 kernels \\(mul, \\.\\.\\.\\) for fake-gpu in"
                + " \\d+\\.\\d s");
        // 50 ms, then each time the running time doubles (100, 200 ms...): not one record per check period.
        assertThat(log.records).hasSizeBetween(2, 8);
        assertThat(log.levels).containsOnly(Level.DEBUG);
    }

    @Test
    void aBuildUnderTheThresholdLogsNothing() throws Exception {
        var log = new CapturingLogger(Level.DEBUG);
        buildsTake(10);
        cache(log, 2_000 * MS, Level.DEBUG).getKernel(DEVICE, ProgramSource.of("kernel void add() {}"), "add");
        Thread.sleep(50);
        assertThat(log.records).isEmpty();
    }

    @Test
    void aFailedLongBuildReportsTheFailure() {
        var log = new CapturingLogger(Level.DEBUG);
        buildsTakeUntilReported(200, log);
        var cache = cache(log, 50 * MS, Level.INFO);
        assertThatThrownBy(() -> cache.getKernel(DEVICE, ProgramSource.of("#error\nkernel void add() {}"), "add"))
                .isInstanceOf(ProgramBuildException.class);
        assertThat(log.records.getFirst()).startsWith("jsycl: building kernel add for fake-gpu: ");
        assertThat(log.records.getLast()).startsWith("jsycl: building kernel add for fake-gpu failed after 0.");
        assertThat(log.levels).containsOnly(Level.INFO);
    }

    @Test
    void nothingIsReportedWhenTheLoggerDoesNotTakeTheLevel() {
        var log = new CapturingLogger(Level.INFO); // the default console handler: INFO and above
        buildsTake(200);
        cache(log, 20 * MS, Level.DEBUG).getKernel(DEVICE, ProgramSource.of("kernel void add() {}"), "add");
        assertThat(log.records).isEmpty();
    }

    @Test
    void waitersDoNotReportTheBuildAgain() throws Exception {
        var log = new CapturingLogger(Level.DEBUG);
        buildsTakeUntilReported(300, log);
        var cache = cache(log, 100 * MS, Level.DEBUG);
        var source = ProgramSource.of("kernel void add() {}");
        Thread other = Thread.ofPlatform().start(() -> cache.getKernel(DEVICE, source, "add"));
        cache.getKernel(DEVICE, source, "add");
        other.join();
        assertThat(compiler.sourceBuilds).hasValue(1);
        assertThat(log.records.stream().filter(r -> r.startsWith("jsycl: built"))).hasSize(1);
    }

    /** The real compiler (PoCL in CI): with a threshold of 1 ns a build is reported, named by its device. */
    @Test
    void aRealBuildIsReportedWithItsDevice() {
        ClDevice device = ClPlatform.devicesMatching(System.getenv("JSYCL_DEVICE")).stream().findFirst().orElse(null);
        if (device == null && System.getenv("CI") != null) {
            fail("CI is set but no OpenCL platform with a device was found; install PoCL");
        }
        assumeTrue(device != null, "no OpenCL platform with a device");
        var log = new CapturingLogger(Level.INFO);
        try (ClContext context = ClContext.create(List.of(device))) {
            var cache = new KernelProgramCache<>(new OpenClCompiler(context), null, 4, false,
                    new BuildProgress(log, 1, Level.INFO));
            try {
                cache.getKernel(device, ProgramSource.of("""
                        // %d: a new source, so no driver cache makes the build instant
                        kernel void twice(global int *a) { a[get_global_id(0)] *= 2; }
                        __kernel void inc(global int *a) { a[get_global_id(0)] += 1; }
                        """.formatted(System.nanoTime())), "inc");
            } finally {
                cache.clear();
            }
        }
        assertThat(log.records).isNotEmpty();
        assertThat(log.records.getLast()).startsWith("jsycl: built 2 kernels (inc, ...) for " + device.name() + " in ");
    }
}
