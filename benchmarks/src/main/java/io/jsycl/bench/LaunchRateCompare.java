package io.jsycl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Several passes of {@link LaunchRate} (each a fresh JVM and, with {@code --peer}, a fresh PyTorch process) read from
 * their CSVs ({@code LaunchRate --csv}) and judged together. The cost of a launch moves from one process to the next
 * by more than the gaps between the paths (run V: raw OpenCL's median 6.18, 8.46 and 7.99 µs in three passes), so
 * one pass is a sample of one process; pooled, every round of every pass counts once.
 *
 * <p>Per path: each pass's median round, the pooled median (min–max) over all rounds; and against PyTorch, the
 * median over all rounds of PyTorch's round divided by the path's round of the same pass and round index (paths take
 * turns within a round, so a pair is measured within a second or so; above 1: the path is faster).
 *
 * <p>A pass is one CSV, or several joined by commas: {@code LaunchRate} without a peer and then
 * {@code torch_peers.py --eager-only --csv} in its own process, the two sides taking turns by process rather than by
 * round; their rounds then pair by index, seconds apart instead of within one.
 *
 * <pre>LaunchRateCompare --csv PASS1.csv[,TORCH1.csv] [--csv PASS2.csv ...] [--out FILE.md]</pre>
 */
public final class LaunchRateCompare {
    /** The CSV columns {@link LaunchRate} writes: the path's name, the round (from 0), µs per launch. */
    static final String HEADER = "path,round,us_per_launch";

    private LaunchRateCompare() {
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        var passes = new ArrayList<Map<String, List<Double>>>();
        Path out = null;
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            switch (args[i]) {
                case "--csv" -> passes.add(pass(args[i + 1]));
                case "--out" -> out = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unexpected argument: " + args[i]
                        + " (usage: LaunchRateCompare --csv PASS1.csv [--csv ...] [--out FILE.md])");
            }
        }
        if (passes.isEmpty()) {
            throw new IllegalArgumentException("usage: LaunchRateCompare --csv PASS1.csv [--csv ...] [--out FILE.md]");
        }
        String text = table(passes);
        System.out.print(text);
        if (out != null) {
            Files.writeString(out, text);
        }
    }

    /** One pass from one CSV, or from several ({@code A.csv,B.csv}: a LaunchRate without a peer, then PyTorch alone). */
    static Map<String, List<Double>> pass(String files) throws IOException {
        var merged = new LinkedHashMap<String, List<Double>>();
        for (String f : files.split(",")) {
            read(Path.of(f)).forEach((path, rounds) -> merged.merge(path, rounds, (a, b) -> {
                var both = new ArrayList<>(a);
                both.addAll(b);
                return both;
            }));
        }
        return merged;
    }

    /** One pass: per path, in file order, its rounds' µs per launch in round order. */
    static Map<String, List<Double>> read(Path csv) throws IOException {
        var rounds = new LinkedHashMap<String, List<Double>>();
        List<String> lines = Files.readAllLines(csv);
        if (lines.isEmpty() || !lines.getFirst().equals(HEADER)) {
            throw new IllegalArgumentException(csv + ": expected the header " + HEADER);
        }
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = SweepRow.split(line);
            if (f.size() != 3) {
                throw new IllegalArgumentException(csv + ": expected " + HEADER + ", got " + line);
            }
            rounds.computeIfAbsent(f.get(0), k -> new ArrayList<>()).add(Double.parseDouble(f.get(2)));
        }
        return rounds;
    }

    /** The Markdown table of {@code passes} (see the class comment). */
    static String table(List<Map<String, List<Double>>> passes) {
        String torch = passes.getFirst().keySet().stream().filter(p -> p.startsWith("PyTorch")).findFirst()
                .orElse(null);
        var t = new StringBuilder("## Launch cost over " + passes.size() + " passes, pooled\n\n");
        t.append("µs per launch. Pooled: every round of every pass. Against PyTorch: PyTorch's round / the path's round ")
                .append("of the same pass and round, median (min–max) over all such pairs; above 1, the path is ")
                .append("faster.\n\n| path | each pass's median | pooled median (min–max) | rounds |")
                .append(torch == null ? "" : " against PyTorch |").append("\n|---|---|---|---|")
                .append(torch == null ? "" : "---|").append('\n');
        for (String path : passes.getFirst().keySet()) {
            var pooled = new ArrayList<Double>();
            var medians = new ArrayList<String>();
            var pairs = new ArrayList<Double>();
            for (Map<String, List<Double>> pass : passes) {
                List<Double> mine = pass.getOrDefault(path, List.of());
                if (mine.isEmpty()) {
                    medians.add("–");
                    continue;
                }
                pooled.addAll(mine);
                medians.add(String.format("%.2f", median(mine)));
                List<Double> theirs = torch == null ? List.of() : pass.getOrDefault(torch, List.of());
                for (int r = 0; r < Math.min(mine.size(), theirs.size()); r++) {
                    pairs.add(theirs.get(r) / mine.get(r));
                }
            }
            t.append("| ").append(path).append(" | ").append(String.join(", ", medians)).append(" | ")
                    .append(spread(pooled, "%.2f")).append(" | ").append(pooled.size()).append(" |");
            if (torch != null) {
                t.append(' ').append(path.equals(torch) ? "–" : spread(pairs, "%.3f")).append(" |");
            }
            t.append('\n');
        }
        return t.append('\n').toString();
    }

    private static String spread(List<Double> values, String format) {
        if (values.isEmpty()) {
            return "–";
        }
        List<Double> s = values.stream().sorted().toList();
        return String.format(format + " (" + format + "–" + format + ")", median(s), s.getFirst(), s.getLast());
    }

    private static double median(List<Double> values) {
        return Contender.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
