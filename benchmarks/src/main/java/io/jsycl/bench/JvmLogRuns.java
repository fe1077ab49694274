package io.jsycl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the JVM did around a benchmark's first runs, read from its unified log: which of jsycl's methods the JIT began
 * to compile (and at which tier), which compiled methods it dropped, its safepoints and collections, each placed in
 * the run it fell in or in the gap before it. A diagnosis of the runs after a kernel's first: a run slower than its
 * median with a deoptimization, a collection or jsycl's methods compiling in it points at the JVM, one without them
 * at the caches and the driver.
 *
 * <p>The JVM must log with the {@code tn} decorator (the time as {@code System.nanoTime()} gives it), so that the
 * log's times and the runs' compare:
 * <pre>
 * -Xlog:jit+compilation=debug,deoptimization=debug,safepoint=info,gc=info:file=jvm.log:tn,tg
 * </pre>
 */
final class JvmLogRuns {
    /** {@code [123ns][tag,tag] message}. */
    private static final Pattern LINE = Pattern.compile("^\\[(\\d+)ns]\\[([^]]+)]\\s*(.*)$");
    /** A compilation line: id, flags, tier, {@code class::method}. */
    private static final Pattern COMPILED = Pattern.compile("^\\d+\\s+([%sbn!]*)\\s*(\\d)\\s+(\\S+)::(\\S+)");

    /** One logged event: when, its tags, its text. */
    record Entry(long nanos, String tags, String text) {
    }

    private final List<Entry> entries;

    private JvmLogRuns(List<Entry> entries) {
        this.entries = entries;
    }

    /** Reads {@code log}; lines without the {@code tn} decorator are skipped. */
    static JvmLogRuns read(Path log) throws IOException {
        var entries = new ArrayList<Entry>();
        for (String line : Files.readAllLines(log)) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                entries.add(new Entry(Long.parseLong(m.group(1)), m.group(2), m.group(3)));
            }
        }
        return new JvmLogRuns(entries);
    }

    /**
     * One line per run of the first {@code count}: its time and what the JVM logged from the end of the run before
     * (from {@code from} for the first) to its end; {@code began} and {@code took} are the runs' starts
     * ({@code System.nanoTime()}) and durations.
     */
    String runs(long from, long[] began, long[] took, int count) {
        var text = new StringBuilder();
        long gapFrom = from;
        for (int r = 0; r < Math.min(count, began.length) && began[r] != 0; r++) {
            long end = began[r] + took[r];
            text.append(String.format(Locale.ROOT, "    - run %d, %.1f µs: before it %s; in it %s%n", r + 1,
                    took[r] / 1e3, describe(gapFrom, began[r]), describe(began[r], end)));
            gapFrom = end;
        }
        return text.toString();
    }

    /** What was logged in [from, to): jsycl's compilations by tier, others counted, deoptimizations, pauses. */
    private String describe(long from, long to) {
        var jsycl = new ArrayList<String>();
        int others = 0;
        var other = new ArrayList<String>();
        for (Entry e : entries) {
            if (e.nanos() < from || e.nanos() >= to) {
                continue;
            }
            if (e.tags().equals("jit,compilation")) {
                Matcher m = COMPILED.matcher(e.text());
                if (m.find() && m.group(3).startsWith("io.jsycl.") && !m.group(3).startsWith("io.jsycl.bench.")) {
                    String type = m.group(3).substring(m.group(3).lastIndexOf('.') + 1);
                    jsycl.add(type + "." + m.group(4) + " (tier " + m.group(2)
                            + (m.group(1).contains("%") ? ", a loop" : "") + ")");
                } else {
                    others++;
                }
            } else {
                String line = "[" + e.tags() + "] " + e.text().replaceAll("\\s+", " ");
                other.add(line.length() > 160 ? line.substring(0, 160) + "..." : line);
            }
        }
        if (jsycl.isEmpty() && others == 0 && other.isEmpty()) {
            return "nothing";
        }
        var parts = new ArrayList<String>();
        if (!jsycl.isEmpty()) {
            parts.add("jsycl compiling " + String.join(", ", jsycl));
        }
        if (others > 0) {
            parts.add(others + " other compilations");
        }
        parts.addAll(other);
        return String.join("; ", parts);
    }
}
