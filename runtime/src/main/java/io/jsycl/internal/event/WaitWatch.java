package io.jsycl.internal.event;

import io.jsycl.internal.platform.Settings;
import java.lang.System.Logger.Level;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Names a wait that lasts: once a thread has waited {@code JSYCL_WAIT_WARN} seconds (10 by default) for a command,
 * a warning through {@code System.Logger} {@code io.jsycl.wait} says which thread waits, for what (the kernel and its
 * source line, the host accessor and the thread that holds it open), for how long, and what usually causes it; again
 * each time the wait has doubled. A wait that never ends (a kernel in an endless loop or at a barrier that some
 * work-items never reach on a GPU, a host accessor another thread never closes) then says so instead of hanging in
 * silence.
 *
 * <p>Design. A wait registers a {@code WaitWatch} before it blocks and closes it after, a map put and remove. One
 * daemon thread, {@code jsycl-wait-watch}, started by the first registration, looks at the registered waits five times
 * a second while there are any (reading the setting then, not in the waits), and parks while there are none. The
 * description is computed only for a warning.
 *
 * <p>Thread safety: the registry is a concurrent set; a watch's fields are final except {@code nextWarnNanos}, which
 * only the watching thread touches.
 */
public final class WaitWatch implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("io.jsycl.wait");
    private static final Set<WaitWatch> WAITING = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static volatile Thread watcher;
    /** Set by the watching thread before it parks for want of waits; a registration then unparks it. */
    private static volatile boolean idle;
    /** How often the watching thread looks at the registered waits. */
    private static final long LOOK_NANOS = 200_000_000L;

    /** What keeps a kernel's wait from ending, and how to find out, for a warning. */
    public static final String KERNEL_CAUSE = "it has not completed: it may wait for other work (an earlier command, or"
            + " a host accessor still open: see other threads' warnings), or it never ends (an endless loop, a barrier"
            + " some work-items of a group never reach, a spin on memory another work-item writes), which keeps its"
            + " device busy and cannot be stopped from Java; run it with JSYCL_CHECKS=1 or on the host device"
            + " (JSYCL_DEVICE=host) to find where";
    /** What keeps a wait for a host task from ending, for a warning. */
    public static final String HOST_TASK_CAUSE = "a host task is Java code: it has not returned, or waits for the"
            + " commands before it";
    /** What keeps a wait for a host accessor from ending, for a warning. */
    public static final String HOST_ACCESS_CAUSE = "a host accessor holds its buffer until it is closed: close it"
            + " (try-with-resources), on the thread that opened it";

    private final Thread thread;
    private final long startNanos;
    private final Supplier<String> what;
    private final String cause;
    // Only the watching thread reads and writes it after construction.
    // 0 until the first warning: the first is due JSYCL_WAIT_WARN after the start, as the watching thread reads it.
    private long nextWarnNanos;

    private WaitWatch(Supplier<String> what, String cause) {
        this.thread = Thread.currentThread();
        this.startNanos = System.nanoTime();
        this.what = what;
        this.cause = cause;
    }

    /**
     * Registers the calling thread's wait for {@code what}; close the result once the wait ends.
     *
     * @param what the awaited thing as a warning names it, computed only for a warning
     * @param cause what usually keeps such a wait from ending, and what to do, for the warning
     * @return the registration
     */
    public static WaitWatch start(Supplier<String> what, String cause) {
        var watch = new WaitWatch(what, cause);
        WAITING.add(watch);
        Thread w = watcher;
        if (w == null) {
            startWatcher();
        } else if (idle) { // only then: an unpark is a system call, and most waits end in microseconds
            LockSupport.unpark(w);
        }
        return watch;
    }

    @Override
    public void close() {
        WAITING.remove(this);
    }

    private static void startWatcher() {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread t = Thread.ofPlatform().daemon().name("jsycl-wait-watch").unstarted(WaitWatch::watch);
        watcher = t;
        t.start();
    }

    private static void watch() {
        while (true) {
            idle = true; // before looking at the registry: a registration after the look sees it and unparks
            if (WAITING.isEmpty()) {
                LockSupport.park(WaitWatch.class);
                continue;
            }
            idle = false;
            LockSupport.parkNanos(WaitWatch.class, LOOK_NANOS);
            // The setting is read here, once a look, not by the waits: they register and go on.
            long warnNanos = warnMillis() * 1_000_000L;
            if (warnNanos <= 0) {
                continue; // JSYCL_WAIT_WARN=0: no warnings
            }
            long now = System.nanoTime();
            for (WaitWatch w : WAITING) {
                long due = w.nextWarnNanos != 0 ? w.nextWarnNanos : w.startNanos + warnNanos;
                if (now - due >= 0) {
                    w.warn(now);
                }
            }
        }
    }

    private static long warnMillis() {
        try {
            return Settings.current().waitWarnMillis().get();
        } catch (IllegalArgumentException e) {
            return 10_000; // a malformed setting is reported where settings are read, not at every look
        }
    }

    private void warn(long now) {
        long waited = now - startNanos;
        String description;
        try {
            description = what.get();
        } catch (RuntimeException e) {
            description = "a command (its description failed: " + e + ")";
        }
        String message = String.format(Locale.ROOT, "thread '%s' has waited %.1f s for %s; %s", thread.getName(),
                waited / 1e9, description, cause);
        LOG.log(Level.WARNING, message);
        nextWarnNanos = startNanos + 2 * waited; // again once the wait has doubled
    }

    /** The waits registered now, for tests. */
    static int registered() {
        return WAITING.size();
    }
}
