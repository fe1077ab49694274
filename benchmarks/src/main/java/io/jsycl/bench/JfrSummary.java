package io.jsycl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where one thread's time went, from a JDK Flight Recorder file: the thread's execution samples (running Java code)
 * and native-method samples (in a downcall, such as an OpenCL driver call, or parked), counted per frame, inclusive
 * (the frame anywhere in the stack) and self (the innermost frame), as Markdown. With an anchor, only samples whose
 * stack holds a frame containing it count, and frames outside it are left out: the profile of one method and what it
 * calls.
 *
 * <p>A GPU host has the JDK's recorder but no other profiler, so this is how the host side of a submit is looked at
 * there, e.g. a DistributedQueue step on four GPUs:
 *
 * <pre>
 * java -XX:StartFlightRecording=filename=run.jfr,settings=profile -cp '.gpu/lib/*' io.jsycl.bench.MultiGpuBench \
 *     --only stencil --gpus 4
 * java -cp '.gpu/lib/*' io.jsycl.bench.JfrSummary run.jfr [--thread main] [--anchor DistributedQueue.submit]
 *     [--after SECONDS] [--top 40] [--jit true] [--out summary.md]
 * </pre>
 * With {@code --jit true}, also the JIT history of the hottest frames (their compile levels and deoptimizations; the
 * recording needs {@code +jdk.Compilation#threshold=0ms}).
 * The profile settings sample running Java code every 10 ms and threads in native code every 20 ms; for short runs
 * add {@code jdk.ExecutionSample#period=1ms} to the recording's options.
 */
public final class JfrSummary {
    private JfrSummary() {
    }

    /** Counts of samples per frame, and the samples counted. */
    static final class Profile {
        final Map<String, Integer> inclusive = new HashMap<>();
        final Map<String, Integer> self = new HashMap<>();
        int samples;
        int nativeSamples;

        /**
         * Counts one sample's stack (innermost frame first) where it holds {@code anchor} (null: every sample),
         * from the anchor's frame in.
         */
        void add(List<String> frames, String anchor, boolean inNative) {
            int end = frames.size();
            if (anchor != null) {
                end = -1;
                for (int i = frames.size() - 1; i >= 0; i--) {
                    if (frames.get(i).contains(anchor)) {
                        end = i + 1;
                        break;
                    }
                }
                if (end < 0) {
                    return;
                }
            }
            samples++;
            if (inNative) {
                nativeSamples++;
            }
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < end; i++) {
                if (!hidden(frames.get(i)) && seen.add(frames.get(i))) {
                    inclusive.merge(frames.get(i), 1, Integer::sum);
                }
            }
            if (end > 0) {
                String innermost = frames.getFirst();
                for (int i = 0; i < end; i++) { // past the JVM's own frames of a downcall or a lambda form
                    if (!hidden(frames.get(i))) {
                        innermost = frames.get(i);
                        break;
                    }
                }
                self.merge((inNative ? "(native) " : "") + innermost, 1, Integer::sum);
            }
        }

        String markdown(String title, int top) {
            var out = new StringBuilder("## ").append(title).append("\n\n");
            out.append(String.format(Locale.ROOT, "%d samples, %d of them in native code (downcalls, parking).%n%n",
                    samples, nativeSamples));
            table(out, "inclusive", inclusive, top);
            table(out, "self (innermost frame)", self, top);
            return out.toString();
        }

        private void table(StringBuilder out, String kind, Map<String, Integer> counts, int top) {
            out.append("| ").append(kind).append(" | samples | share |\n|---|---|---|\n");
            counts.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(top)
                    .forEach(e -> out.append(String.format(Locale.ROOT, "| `%s` | %d | %.1f%% |%n", e.getKey(),
                            e.getValue(), 100.0 * e.getValue() / Math.max(1, samples))));
            out.append('\n');
        }
    }

    /** Whether {@code frame} is one of the JVM's generated frames (a downcall stub, a lambda form). */
    static boolean hidden(String frame) {
        return frame.startsWith("0x") || frame.contains("$Holder.") || frame.startsWith("LambdaForm")
                || frame.startsWith("Invokers");
    }

    /** A stack's frames, innermost first, as {@code Class.method} (lines apart would split a method's count). */
    static List<String> frames(RecordedStackTrace stack) {
        var frames = new ArrayList<String>();
        if (stack == null) {
            return frames;
        }
        for (RecordedFrame f : stack.getFrames()) {
            var method = f.getMethod();
            String type = method.getType().getName();
            frames.add(type.substring(type.lastIndexOf('.') + 1) + "." + method.getName());
        }
        return frames;
    }

    /** The samples of thread {@code thread} in {@code recording}. */
    static Profile read(Path recording, String thread, String anchor) throws IOException {
        return read(recording, thread, anchor, 0);
    }

    /**
     * The samples of thread {@code thread} (a name, or a prefix of names followed by {@code *}) in {@code recording}, from {@code afterSeconds} after its first event on
     * (a program's steady state, past its first submits' lowering, building and JIT).
     */
    static Profile read(Path recording, String thread, String anchor, double afterSeconds) throws IOException {
        // Events come in chunks, not in time order: the thread's samples first, then those from the window on.
        var samples = new ArrayList<RecordedEvent>();
        Instant first = null;
        try (var file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                if (first == null || e.getStartTime().isBefore(first)) {
                    first = e.getStartTime();
                }
                String type = e.getEventType().getName();
                if (!type.equals("jdk.ExecutionSample") && !type.equals("jdk.NativeMethodSample")) {
                    continue;
                }
                var sampled = e.getThread("sampledThread");
                if (sampled != null && sampled.getJavaName() != null && (thread.endsWith("*")
                        ? sampled.getJavaName().startsWith(thread.substring(0, thread.length() - 1))
                        : thread.equals(sampled.getJavaName()))) {
                    samples.add(e);
                }
            }
        }
        var profile = new Profile();
        for (RecordedEvent e : samples) {
            if (!e.getStartTime().isBefore(first.plusNanos((long) (afterSeconds * 1e9)))) {
                boolean inNative = !e.getEventType().getName().equals("jdk.ExecutionSample");
                profile.add(frames(e.getStackTrace()), anchor, inNative);
            }
        }
        return profile;
    }

    /** One method's compilations (tiers, in the order they ended; "osr" marks on-stack replacements) and deoptimizations. */
    static final class Jit {
        final List<String> levels = new ArrayList<>();
        final Map<String, Integer> deopts = new HashMap<>();
    }

    /**
     * Every method's JIT history in {@code recording}, by {@code Class.method} as {@link #frames} names them: the
     * {@code jdk.Compilation} events (record with {@code +jdk.Compilation#threshold=0ms}, the profile settings keep
     * only those over 100 ms) and the {@code jdk.Deoptimization} events, with their reasons.
     */
    static Map<String, Jit> readJit(Path recording) throws IOException {
        var jit = new HashMap<String, Jit>();
        try (var file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                String type = e.getEventType().getName();
                if (!type.equals("jdk.Compilation") && !type.equals("jdk.Deoptimization")) {
                    continue;
                }
                jdk.jfr.consumer.RecordedMethod m = e.getValue("method");
                if (m == null) {
                    continue;
                }
                String name = m.getType().getName();
                Jit j = jit.computeIfAbsent(name.substring(name.lastIndexOf('.') + 1) + "." + m.getName(),
                        k -> new Jit());
                if (type.equals("jdk.Compilation")) {
                    if (e.getBoolean("succeded")) { // the JDK's spelling of the field
                        j.levels.add(e.getShort("compileLevel") + (e.getBoolean("isOsr") ? " osr" : ""));
                    }
                } else {
                    j.deopts.merge(e.getString("reason"), 1, Integer::sum);
                }
            }
        }
        return jit;
    }

    /**
     * The JIT history of the profile's hottest frames (inclusive): a hot method left at tier 3 (C1 with full
     * profiling), or deoptimized again and again, runs several times slower than at tier 4 (C2).
     */
    static String jitMarkdown(Profile p, Map<String, Jit> jit, int top) {
        var out = new StringBuilder("## JIT of the hottest frames\n\n| frame | share | compile levels, in order |"
                + " deoptimizations |\n|---|---|---|---|\n");
        p.inclusive.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(top).forEach(e -> {
            Jit j = jit.get(e.getKey());
            out.append(String.format(Locale.ROOT, "| `%s` | %.1f%% | %s | %s |%n", e.getKey(),
                    100.0 * e.getValue() / Math.max(1, p.samples), j == null ? "none recorded" : String.join(", ",
                            j.levels), j == null || j.deopts.isEmpty() ? "" : j.deopts.toString()));
        });
        return out.append('\n').toString();
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: JfrSummary FILE.jfr [--thread main] [--anchor TEXT] "
                    + "[--after SECONDS] [--top 40] [--jit true] [--out FILE.md]");
        }
        Map<String, String> opts = Suite.parse(Arrays.copyOfRange(args, 1, args.length));
        String thread = opts.getOrDefault("thread", "main");
        String anchor = opts.get("anchor");
        double after = Double.parseDouble(opts.getOrDefault("after", "0"));
        Profile p = read(Path.of(args[0]), thread, anchor, after);
        String text = p.markdown("Thread " + thread + (anchor != null ? ", within " + anchor : "") + ": "
                + args[0], Suite.intOpt(opts, "top", 40));
        if (Boolean.parseBoolean(opts.getOrDefault("jit", "false"))) {
            text += jitMarkdown(p, readJit(Path.of(args[0])), Suite.intOpt(opts, "top", 40));
        }
        System.out.print(text);
        if (opts.containsKey("out")) {
            Files.writeString(Path.of(opts.get("out")), text);
        }
    }
}
