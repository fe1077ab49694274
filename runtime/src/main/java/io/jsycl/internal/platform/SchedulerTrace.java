package io.jsycl.internal.platform;

import java.lang.System.Logger.Level;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The scheduler's decisions as log records through {@code System.Logger} {@code io.jsycl.scheduler}: for each
 * command group, the events it waits for and why (read-after-write, write-after-read, write-after-write, an
 * earlier command of an in-order queue, {@code dependsOn}), each buffer's data movement (uploaded and how,
 * already current, skipped for write-only access without init ({@code writeNoInit}), brought back to the host),
 * and whether the launch has an OpenCL event of its own.
 *
 * <p>Records are at DEBUG, so {@code java.util.logging}'s default configuration prints nothing; with
 * {@code JSYCL_TRACE=1} [{@code jsycl.trace}], read once, they are at INFO. A record is only formatted when the
 * logger takes its level, so a run without tracing pays one level check per command group.
 */
public final class SchedulerTrace {
    private static final System.Logger LOG = System.getLogger("io.jsycl.scheduler");
    private static final Level LEVEL = Settings.current().trace() ? Level.INFO : Level.DEBUG;

    private SchedulerTrace() {
    }

    /** The threads whose command groups are not traced (the submit-path warm-ups'). */
    private static final Set<Thread> UNTRACED = ConcurrentHashMap.newKeySet();

    /** True if a record would be logged: build the message only then. */
    public static boolean on() {
        return LOG.isLoggable(LEVEL) && !UNTRACED.contains(Thread.currentThread());
    }

    /**
     * Leaves the command groups {@code thread} submits, and the buffers it closes, out of the trace: jsycl's own
     * submit-path warm-ups, whose launches are none of the program's. {@link #tracedAgain} undoes it once the thread
     * has ended.
     */
    public static void untraced(Thread thread) {
        UNTRACED.add(thread);
    }

    /** Forgets {@code thread}, which {@link #untraced} left out of the trace (it has ended). */
    public static void tracedAgain(Thread thread) {
        UNTRACED.remove(thread);
    }

    public static void log(String message) {
        LOG.log(LEVEL, message);
    }
}
