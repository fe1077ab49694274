package io.jsycl.internal.platform;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * {@code JSYCL_TRACE_SUBMITS=1} [{@code jsycl.traceSubmits}]: times the phases of every kernel submit (the marks
 * {@link FirstSubmitTrace} names: the command group function, the scheduler taking its record, identifying the
 * kernel, launch decisions, the program,
 * the buffers, the arguments, the wait list and work sizes, {@code clSetKernelArg}, the driver's enqueue, the rest), on
 * every thread, and at the JVM's exit prints per kernel the median of each phase over its last {@value #KEPT}
 * submits, in microseconds, on {@code System.err}. For finding where a submit's microseconds
 * go on a given host; a benchmark takes the samples of its own thread as they come ({@link #take()}).
 *
 * <p>Off by default, when each mark is one read of a constant. On, a mark is a clock read and two array stores in a
 * thread-local record.
 */
public final class SubmitPhases {
    static final boolean ENABLED = Settings.current().traceSubmits();
    /** The submits per kernel the exit's report keeps (the latest). */
    static final int KEPT = 4096;
    private static final int MAX_PHASES = 24;
    /** The samples a thread keeps for {@link #take()} between takes, at most. */
    private static final int MAX_TAKEN = 1 << 20;

    /**
     * One submit.
     *
     * @param kernel the kernel, as its source names it
     * @param phases each phase's name, in order
     * @param nanos each phase's time
     */
    public record Sample(String kernel, List<String> phases, long[] nanos) {
        /** The phase's time, 0 where the submit did not pass that mark. */
        public long nanos(String phase) {
            int i = phases.indexOf(phase);
            return i < 0 ? 0 : nanos[i];
        }

        /** The submit's whole time. */
        public long total() {
            return Arrays.stream(nanos).sum();
        }
    }

    private static final class Current {
        final String[] names = new String[MAX_PHASES];
        final long[] nanos = new long[MAX_PHASES];
        final List<Sample> taken = new ArrayList<>();
        int n;
        long last;
        boolean open;
    }

    /** A kernel's latest submits, for the exit's report. */
    private static final class Kept {
        final Sample[] samples = new Sample[KEPT];
        long count;

        synchronized void add(Sample sample) {
            samples[(int) (count++ % KEPT)] = sample;
        }
    }

    private static final ThreadLocal<Current> CURRENT = ThreadLocal.withInitial(Current::new);
    private static final Map<String, Kept> BY_KERNEL = new ConcurrentHashMap<>();
    /**
     * Each kernel's name by the supplier that gives it (a kernel's lowering, one object per kernel): a kernel's name
     * reads its class file for the source line, which at every submit would cost more than the submit itself and
     * evict the caches the next submit's phases run in.
     */
    private static final Map<Supplier<String>, String> NAMES = new ConcurrentHashMap<>();

    static {
        if (ENABLED) {
            Runtime.getRuntime().addShutdownHook(new Thread(SubmitPhases::report, "jsycl-submit-phases"));
        }
    }

    private SubmitPhases() {
    }

    static void start() {
        Current c = CURRENT.get();
        c.n = 0;
        c.open = true;
        c.last = System.nanoTime();
    }

    static void mark(String phase) {
        Current c = CURRENT.get();
        if (!c.open || c.n >= MAX_PHASES) {
            return;
        }
        long now = System.nanoTime();
        c.names[c.n] = phase;
        c.nanos[c.n++] = now - c.last;
        c.last = now;
    }

    static void finish(Supplier<String> kernel) {
        Current c = CURRENT.get();
        if (!c.open) {
            return;
        }
        mark("rest");
        c.open = false;
        String name = NAMES.computeIfAbsent(kernel, Supplier::get);
        var sample = new Sample(name, List.of(Arrays.copyOf(c.names, c.n)), Arrays.copyOf(c.nanos, c.n));
        if (c.taken.size() < MAX_TAKEN) {
            c.taken.add(sample);
        }
        BY_KERNEL.computeIfAbsent(name, k -> new Kept()).add(sample);
    }

    /**
     * The calling thread's submits since its last take, in order, and forgets them; empty where the setting is off.
     *
     * @return the samples
     */
    public static List<Sample> take() {
        if (!ENABLED) {
            return List.of();
        }
        Current c = CURRENT.get();
        var out = List.copyOf(c.taken);
        c.taken.clear();
        return out;
    }

    /** Whether {@code JSYCL_TRACE_SUBMITS} is on in this JVM. */
    public static boolean enabled() {
        return ENABLED;
    }

    private static void report() {
        var lines = new TreeMap<String, String>();
        BY_KERNEL.forEach((kernel, kept) -> {
            synchronized (kept) {
                int n = (int) Math.min(kept.count, KEPT);
                var latest = kept.samples[(int) ((kept.count - 1) % KEPT)];
                var line = new StringBuilder(String.format(Locale.ROOT, "jsycl submit phases of kernel %s, median µs"
                        + " of its last %d submits (of %d):", kernel, n, kept.count));
                // The latest submit's phases: a first submit has more (lowering, building), which the median hides.
                for (String phase : latest.phases()) {
                    long[] v = new long[n];
                    for (int i = 0; i < n; i++) {
                        v[i] = kept.samples[i].nanos(phase);
                    }
                    Arrays.sort(v);
                    line.append(String.format(Locale.ROOT, " %s=%.1f", phase, v[n / 2] / 1e3));
                }
                long[] totals = new long[n];
                for (int i = 0; i < n; i++) {
                    totals[i] = kept.samples[i].total();
                }
                Arrays.sort(totals);
                line.append(String.format(Locale.ROOT, " total=%.1f", totals[n / 2] / 1e3));
                lines.put(kernel, line.toString());
            }
        });
        // System.err, not a logger: the logging system may already be shut down when this hook runs (as for
        // KernelProfile's table).
        lines.values().forEach(System.err::println);
    }
}
