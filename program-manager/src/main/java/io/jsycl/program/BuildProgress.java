package io.jsycl.program;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Locale;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Reports program builds that run long. A build still running after the threshold is logged
 * ("jsycl: building 12 kernels (com_acme_Physics__lambda_step_1f2e3d4c_0, ...) for NVIDIA H100:
 * 2.0 s so far"), again each time its running time doubles, and then its end with the total time. A build that
 * ends before the threshold logs nothing.
 *
 * <p><b>Levels.</b> Records go to the {@code System.Logger} {@code io.jsycl.program} at DEBUG
 * ({@code java.util.logging} FINE), which the default console handler (INFO) does not print, so
 * the library stays silent unless asked: with {@code JSYCL_BUILD_PROGRESS} set, or
 * {@code JSYCL_CACHE_TRACE} on, they are logged at INFO. When the logger does not take the level,
 * no check is scheduled at all.
 *
 * <p><b>Threads.</b> No thread per build: the building thread runs the build; one shared daemon
 * thread ({@code jsycl-build-progress}) runs the scheduled checks of every build and ends after
 * 30 s without any (a pending check keeps it; scheduling one starts it again). A check and the
 * build's end are serialized on the build's {@link Tracker}, so no "so far" record follows the end
 * record.
 */
final class BuildProgress {
    /** Reports nothing and schedules nothing. */
    static final BuildProgress OFF = new BuildProgress(System.getLogger("io.jsycl.program"), 0, Level.DEBUG);

    private static final Pattern KERNEL = Pattern.compile("\\b(__)?kernel\\s+void\\b");

    private final Logger log;
    private final long thresholdNanos;
    private final Level level;

    /**
     * @param thresholdNanos how long a build runs before it is reported, 0 for never
     * @param level          the level of every record
     */
    BuildProgress(Logger log, long thresholdNanos, Level level) {
        if (thresholdNanos < 0) {
            throw new IllegalArgumentException("thresholdNanos < 0: " + thresholdNanos);
        }
        this.log = log;
        this.thresholdNanos = thresholdNanos;
        this.level = level;
    }

    /** The reporting that {@code config} asks for, to {@code io.jsycl.program}. */
    static BuildProgress of(CacheConfig config) {
        return new BuildProgress(System.getLogger("io.jsycl.program"), config.buildProgressNanos(),
                config.buildProgressAsked() || config.trace() ? Level.INFO : Level.DEBUG);
    }

    /**
     * Runs {@code build} on this thread, reporting it if it runs past the threshold.
     *
     * @param what names the build for the records ("3 kernels (k1, ...) for DEVICE"); called only
     *             when a record is written
     */
    <T> T run(Supplier<String> what, Supplier<T> build) {
        if (thresholdNanos == 0 || !log.isLoggable(level)) {
            return build.get();
        }
        var tracker = new Tracker(what, System.nanoTime());
        tracker.scheduleIn(thresholdNanos);
        boolean built = false;
        try {
            T result = build.get();
            built = true;
            return result;
        } finally {
            tracker.end(built);
        }
    }

    /** "3 kernels (first, ...)" for an OpenCL C source holding {@code kernelName} and others. */
    static String kernels(String source, String kernelName) {
        long count = Math.max(1, KERNEL.matcher(source).results().count());
        return count == 1 ? "kernel " + kernelName : count + " kernels (" + kernelName + ", ...)";
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    /** One build being watched. */
    private final class Tracker implements Runnable {
        private final Supplier<String> what;
        private final long start;
        // Guarded by this
        private ScheduledFuture<?> next;
        // Guarded by this
        private String name;
        // Guarded by this
        private boolean ended;

        Tracker(Supplier<String> what, long start) {
            this.what = what;
            this.start = start;
        }

        synchronized void scheduleIn(long nanos) {
            next = Checks.EXECUTOR.schedule(this, nanos, TimeUnit.NANOSECONDS);
        }

        @Override
        public synchronized void run() {
            if (ended) {
                return;
            }
            long elapsed = System.nanoTime() - start;
            if (name == null) {
                name = what.get();
            }
            log.log(level, "jsycl: building {0}: {1} so far", name, seconds(elapsed));
            scheduleIn(elapsed); // next report when the running time has doubled
        }

        synchronized void end(boolean built) {
            ended = true;
            next.cancel(false);
            if (name == null) {
                return; // never reported: a short build stays silent
            }
            String time = seconds(System.nanoTime() - start);
            if (built) {
                log.log(level, "jsycl: built {0} in {1}", name, time);
            } else {
                log.log(level, "jsycl: building {0} failed after {1}", name, time);
            }
        }
    }

    /** The one checking thread, made on first use. */
    private static final class Checks {
        static final ScheduledThreadPoolExecutor EXECUTOR = executor();

        private static ScheduledThreadPoolExecutor executor() {
            var executor = new ScheduledThreadPoolExecutor(1,
                    r -> Thread.ofPlatform().daemon().name("jsycl-build-progress").unstarted(r));
            executor.setKeepAliveTime(30, TimeUnit.SECONDS);
            executor.allowCoreThreadTimeOut(true);
            executor.setRemoveOnCancelPolicy(true);
            return executor;
        }
    }
}
