package io.jsycl.internal.platform;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code JSYCL_TRACE_FIRST_SUBMIT=1} [{@code jsycl.traceFirstSubmit}]: times the phases of the
 * first kernel submit in this JVM (the one that pays for loading classes, opening caches and
 * linking OpenCL calls) and logs them as one line through {@code System.Logger}
 * {@code io.jsycl} at INFO when that submit returns:
 * {@code jsycl first submit (ms): identify=0.8 lowering-key=1.2 ... total=41.0}.
 *
 * <p>Marks come from the thread that made the first submit, in order; each names the phase that
 * just ended. They also feed {@link SubmitPhases} ({@code JSYCL_TRACE_SUBMITS}), which times every submit. Off by default, when a mark is one read of a constant. Not thread safe beyond that:
 * marks from other threads are ignored, and only the first submit is timed.
 */
public final class FirstSubmitTrace {
    static final boolean ENABLED = Settings.current().traceFirstSubmit();

    // Written by the first submitting thread only (owner); read by it at finish.
    private static volatile Thread owner;
    private static boolean finished;
    private static long last;
    private static final List<String> PHASES = new ArrayList<>();
    private static final List<Long> NANOS = new ArrayList<>();
    private static long start;

    private FirstSubmitTrace() {
    }

    /** The first submit begins (later calls, and calls after it ended, do nothing). */
    public static void start() {
        if (SubmitPhases.ENABLED) {
            SubmitPhases.start();
        }
        if (!ENABLED) {
            return;
        }
        synchronized (FirstSubmitTrace.class) {
            if (owner != null) {
                return;
            }
            owner = Thread.currentThread();
            start = System.nanoTime();
            last = start;
        }
    }

    /** The phase {@code name} of the first submit just ended. */
    public static void mark(String name) {
        if (SubmitPhases.ENABLED) {
            SubmitPhases.mark(name);
        }
        if (!ENABLED || owner != Thread.currentThread() || finished) {
            return;
        }
        long now = System.nanoTime();
        PHASES.add(name);
        NANOS.add(now - last);
        last = System.nanoTime(); // the mark's own cost is left out of the next phase
    }

    /** The submit of {@code kernel} (named only where asked) returns: the first one logs its phases. */
    public static void finish(java.util.function.Supplier<String> kernel) {
        if (SubmitPhases.ENABLED) {
            SubmitPhases.finish(kernel);
        }
        if (!ENABLED || owner != Thread.currentThread() || finished) {
            return;
        }
        PHASES.add("rest");
        NANOS.add(System.nanoTime() - last);
        finished = true;
        var line = new StringBuilder("jsycl first submit (ms):");
        long total = 0;
        for (int i = 0; i < PHASES.size(); i++) {
            line.append(' ').append(PHASES.get(i)).append('=').append(ms(NANOS.get(i)));
            total += NANOS.get(i);
        }
        line.append(" total=").append(ms(total));
        System.getLogger("io.jsycl").log(System.Logger.Level.INFO, line.toString());
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1e6);
    }
}
