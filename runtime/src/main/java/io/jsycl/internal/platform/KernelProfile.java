package io.jsycl.internal.platform;

import io.jsycl.opencl.ClEvent;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * {@code JSYCL_PROFILE=1} [{@code jsycl.profile}]: every queue records device timestamps, and at
 * exit the runtime prints a table of each kernel's launches, total and mean device time, and the
 * bytes moved between host and devices, then what layers above added ({@link #section}: each context's memory
 * pools), to standard error. Off by default; when off nothing is
 * recorded. The table goes to {@code System.err} rather than a logger because it is printed from a
 * shutdown hook, when {@code java.util.logging} may already have closed its handlers.
 */
public final class KernelProfile {
    public static final boolean ENABLED = Settings.current().profile();

    private static final Map<String, Entry> KERNELS = new ConcurrentHashMap<>();
    private static final LongAdder BYTES = new LongAdder();
    private static final List<Supplier<String>> SECTIONS = new CopyOnWriteArrayList<>();

    private static final class Entry {
        final LongAdder launches = new LongAdder();
        final LongAdder nanos = new LongAdder();
        /** The kernel as its source names it: {@code VectorAdd.add (VectorAdd.java:42)}. */
        final String source;

        Entry(String source) {
            this.source = source;
        }
    }

    static {
        if (ENABLED) {
            Runtime.getRuntime().addShutdownHook(new Thread(KernelProfile::report, "jsycl-profile"));
        }
    }

    private KernelProfile() {
    }

    /**
     * Records a launch of {@code kernel}; its device time is added when the command completes.
     *
     * @param kernel the generated kernel's name
     * @param source the kernel as its source names it ({@code VectorAdd.lambda$add$0 (VectorAdd.java:42)}), asked for
     *     once per kernel
     * @param event the launch's event, with profiling
     */
    public static void launched(String kernel, Supplier<String> source, ClEvent event) {
        if (!ENABLED) {
            return;
        }
        Entry entry = KERNELS.computeIfAbsent(kernel, k -> new Entry(source.get()));
        entry.launches.increment();
        event.onComplete(() -> entry.nanos.add(Math.max(0, event.profileEnd() - event.profileStart())));
    }

    /** Records {@code bytes} moved between the host and a device. */
    public static void moved(long bytes) {
        if (ENABLED) {
            BYTES.add(bytes);
        }
    }

    /**
     * Adds a section to the report, asked for its text at exit (null or empty: left out); nothing while profiling is
     * off. A layer above this one reports what only it knows this way (a context's memory pools).
     */
    public static void section(Supplier<String> text) {
        if (ENABLED) {
            SECTIONS.add(text);
        }
    }

    /** The table, one line per kernel, most device time first, then the sections. */
    static String table() {
        var b = new StringBuilder("jsycl profile\n");
        b.append(String.format("%-60s %10s %14s %12s  %s%n", "kernel", "launches", "total ms", "mean us",
                "source"));
        KERNELS.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, Entry> e) -> e.getValue().nanos.sum()).reversed())
                .forEach(e -> {
                    long n = e.getValue().launches.sum();
                    long ns = e.getValue().nanos.sum();
                    b.append(String.format("%-60s %10d %14.3f %12.3f  %s%n", e.getKey(), n, ns / 1e6,
                            n == 0 ? 0 : ns / 1e3 / n, e.getValue().source));
                });
        b.append(String.format("bytes moved between host and devices: %d%n", BYTES.sum()));
        for (Supplier<String> s : SECTIONS) {
            String text = s.get();
            if (text != null && !text.isEmpty()) {
                b.append(text).append('\n');
            }
        }
        return b.toString();
    }

    private static void report() {
        System.err.print(table());
    }
}
