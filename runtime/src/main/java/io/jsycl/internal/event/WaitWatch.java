package io.jsycl.internal.event;

import io.jsycl.internal.platform.Settings;
import java.lang.System.Logger.Level;
import java.lang.invoke.VarHandle;
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
 * <p>Design. Every wait of a program that submits a kernel and waits for it goes through here, so a wait's
 * registration is a few field writes: each thread has one watch, registered once and reused by its waits (a wait
 * inside another, rare, registers a watch of its own and removes it after). A watch's {@code epoch} is odd while its
 * thread waits. One daemon thread, {@code jsycl-wait-watch}, started by the first registration, looks at the watches
 * five times a second while a thread waits (reading the setting then, not in the waits), drops the watches of threads
 * that have ended, and parks while no thread waits. The description is computed only for a warning.
 *
 * <p>Thread safety: the registry is a concurrent set. A watch's wait ({@code what}, {@code cause},
 * {@code startNanos}) is written by its thread before the odd {@code epoch} that publishes it; the watching thread
 * reads the epoch, then the wait, then the epoch again, and warns only where both reads agree.
 * {@code warnedEpoch} and {@code nextWarnNanos} are the watching thread's alone.
 */
public final class WaitWatch implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("io.jsycl.wait");
    private static final Set<WaitWatch> WATCHES = ConcurrentHashMap.newKeySet();
    /** Each thread's reused watch, registered at its first wait. */
    private static final ThreadLocal<WaitWatch> OWN = ThreadLocal.withInitial(() -> {
        var w = new WaitWatch(true);
        WATCHES.add(w);
        return w;
    });
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
    /** Whether this is its thread's reused watch (else a nested wait's, removed at its close). */
    private final boolean reused;
    private Supplier<String> what;
    private String cause;
    private long startNanos;
    /** Odd while the thread waits; each wait's start and end add one. */
    private volatile long epoch;
    // The watching thread's: the wait (by epoch) it last warned of, and when it warns of it again.
    private long warnedEpoch = -1;
    private long nextWarnNanos;

    private WaitWatch(boolean reused) {
        this.thread = Thread.currentThread();
        this.reused = reused;
    }

    /**
     * Registers the calling thread's wait for {@code what}; close the result once the wait ends.
     *
     * @param what the awaited thing as a warning names it, computed only for a warning
     * @param cause what usually keeps such a wait from ending, and what to do, for the warning
     * @return the registration
     */
    public static WaitWatch start(Supplier<String> what, String cause) {
        WaitWatch watch = OWN.get();
        if ((watch.epoch & 1) != 0) { // a wait inside a wait of this thread
            watch = new WaitWatch(false);
            WATCHES.add(watch);
        }
        watch.what = what;
        watch.cause = cause;
        watch.startNanos = System.nanoTime();
        watch.epoch++; // odd: published
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
        what = null;
        epoch++; // even: no wait
        if (!reused) {
            WATCHES.remove(this);
        }
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
            idle = true; // before looking at the watches: a wait that starts after the look sees it and unparks
            if (!anyWaiting()) {
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
            for (WaitWatch w : WATCHES) {
                w.look(now, warnNanos);
            }
        }
    }

    /** Whether a thread waits; drops the watches of threads that have ended. */
    private static boolean anyWaiting() {
        boolean any = false;
        for (WaitWatch w : WATCHES) {
            if ((w.epoch & 1) != 0) {
                any = true;
            } else if (!w.thread.isAlive()) {
                WATCHES.remove(w);
            }
        }
        return any;
    }

    /** On the watching thread: warns of this watch's wait if it is due, {@code warnNanos} being the setting. */
    private void look(long now, long warnNanos) {
        long e = epoch;
        if ((e & 1) == 0) {
            return;
        }
        Supplier<String> described = what;
        String why = cause;
        long start = startNanos;
        VarHandle.loadLoadFence(); // the wait's fields are read before the epoch is read again
        if (epoch != e || described == null) {
            return; // the wait ended (or another began) while it was read: the next look sees it
        }
        long due = warnedEpoch == e ? nextWarnNanos : start + warnNanos;
        if (now - due >= 0) {
            warn(now, start, described, why);
            warnedEpoch = e;
        }
    }

    private static long warnMillis() {
        try {
            return Settings.current().waitWarnMillis().get();
        } catch (IllegalArgumentException e) {
            return 10_000; // a malformed setting is reported where settings are read, not at every look
        }
    }

    private void warn(long now, long start, Supplier<String> described, String why) {
        long waited = now - start;
        String description;
        try {
            description = described.get();
        } catch (RuntimeException e) {
            description = "a command (its description failed: " + e + ")";
        }
        String message = String.format(Locale.ROOT, "thread '%s' has waited %.1f s for %s; %s", thread.getName(),
                waited / 1e9, description, why);
        LOG.log(Level.WARNING, message);
        nextWarnNanos = start + 2 * waited; // again once the wait has doubled
    }

    /** Whether {@code thread} has a watch registered, for tests. */
    public static boolean watches(Thread thread) {
        return WATCHES.stream().anyMatch(w -> w.thread == thread);
    }

    /** The waits under way now, for tests. */
    public static int registered() {
        return (int) WATCHES.stream().filter(w -> (w.epoch & 1) != 0).count();
    }
}
