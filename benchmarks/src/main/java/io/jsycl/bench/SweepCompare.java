package io.jsycl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The size sweep's speeds against PyTorch, as tables: per workload and size, PyTorch's per-op time divided by each
 * jsycl path's (above 1: jsycl is faster), for one or more passes, each a {@link Sweep} CSV and a
 * {@code gpu/torch_peers.py --sweep} CSV from the same command. Several passes side by side show how far the ratio
 * moves between two measurements of the same thing, which at the sizes where a kernel takes 10 to 40 µs is as large
 * as the gaps being measured. For the sums, the per-op bandwidth as a share of the device copy's in the same file. A
 * sweep run with PyTorch as its peer ({@code Sweep --peer}) holds both sides in one file, timed in turns.
 *
 * <pre>SweepCompare --pass NAME=JSYCL.csv,TORCH.csv|NAME=FILE.csv [--pass NAME=...] [--out FILE.md]</pre>
 */
public final class SweepCompare {
    private static final List<String> JSYCL_PATHS = List.of("jsycl", "jsycl-float4", "jsycl-float8", "jsycl-int4");
    /** From this size up a kernel's time is no longer mostly its launch. */
    private static final int LARGE_LOG2 = 16;

    /** One measurement of both sides: the jsycl sweep's rows and PyTorch's. */
    record Pass(String name, List<SweepRow> jsycl, List<SweepRow> torch) {
    }

    private SweepCompare() {
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        var passes = new ArrayList<Pass>();
        Path out = null;
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            switch (args[i]) {
                case "--pass" -> passes.add(pass(args[i + 1]));
                case "--out" -> out = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unexpected argument: " + args[i]
                        + " (usage: SweepCompare --pass NAME=JSYCL.csv[,TORCH.csv] [--pass ...] [--out FILE.md])");
            }
        }
        if (passes.isEmpty()) {
            throw new IllegalArgumentException("usage: SweepCompare --pass NAME=JSYCL.csv[,TORCH.csv] [--pass ...]");
        }
        String text = tables(passes);
        System.out.print(text);
        if (out != null) {
            Files.writeString(out, text);
        }
    }

    /** {@code NAME=JSYCL.csv,TORCH.csv}, or {@code NAME=FILE.csv} for a sweep that ran PyTorch as its peer. */
    private static Pass pass(String spec) throws IOException {
        int eq = spec.indexOf('=');
        String[] files = spec.substring(eq + 1).split(",");
        if (eq <= 0 || files.length > 2 || files[0].isBlank()) {
            throw new IllegalArgumentException("--pass takes NAME=JSYCL.csv,TORCH.csv or NAME=FILE.csv, got " + spec);
        }
        List<SweepRow> jsycl = SweepPlot.read(Path.of(files[0]));
        return new Pass(spec.substring(0, eq), jsycl, files.length == 2 ? SweepPlot.read(Path.of(files[1])) : jsycl);
    }

    /** The Markdown: per workload, a table of speeds against PyTorch, then for the sums their share of the copy. */
    static String tables(List<Pass> passes) {
        var t = new StringBuilder("# Size sweep against PyTorch\n\n");
        t.append("Speed = PyTorch's per-op time / jsycl's per-op time at the same n (above 1: jsycl is faster); ")
                .append("passes: ").append(String.join(", ", passes.stream().map(Pass::name).toList()))
                .append(". The last two rows are the lowest value of each column, over every size and over n ≥ 2^")
                .append(LARGE_LOG2).append(".\n\n");
        for (String workload : List.of("saxpy", "sum-int", "sum-float")) {
            Map<String, Column> columns = new LinkedHashMap<>();
            for (Pass p : passes) {
                for (String path : JSYCL_PATHS) {
                    if (p.jsycl().stream().anyMatch(r -> r.workload().equals(workload) && r.path().equals(path))) {
                        columns.put(p.name() + " " + path, new Column(p, path, false));
                    }
                }
            }
            if (columns.isEmpty()) {
                continue;
            }
            if (workload.startsWith("sum")) {
                for (Pass p : passes) {
                    if (p.jsycl().stream().anyMatch(r -> r.workload().equals("copy"))) {
                        columns.put(p.name() + " jsycl / copy GB/s", new Column(p, "jsycl", true));
                    }
                }
            }
            table(t, workload, columns, passes);
        }
        return t.toString();
    }

    /** A column: a path of one pass against PyTorch, or against the pass's own copy ({@code ofCopy}). */
    private record Column(Pass pass, String path, boolean ofCopy) {
        Optional<Double> value(String workload, int log2n) {
            Optional<SweepRow> mine = find(pass.jsycl(), workload, path, log2n);
            if (ofCopy) {
                Optional<SweepRow> copy = find(pass.jsycl(), "copy", "opencl", log2n);
                return mine.flatMap(m -> copy.map(c -> m.perOpGbps() / c.perOpGbps()));
            }
            Optional<SweepRow> torch = find(pass.torch(), workload, "torch", log2n);
            return mine.flatMap(m -> torch.map(p -> p.perOpUs() / m.perOpUs()));
        }
    }

    private static void table(StringBuilder t, String workload, Map<String, Column> columns, List<Pass> passes) {
        t.append("## ").append(workload).append("\n\n| n |");
        columns.keySet().forEach(c -> t.append(' ').append(c).append(" |"));
        t.append("\n|---|").append("---|".repeat(columns.size())).append('\n');
        int[] sizes = passes.stream().flatMap(p -> p.jsycl().stream()).filter(r -> r.workload().equals(workload))
                .mapToInt(SweepRow::log2n).distinct().sorted().toArray();
        double[] lowest = new double[columns.size()];
        double[] lowestLarge = new double[columns.size()];
        Arrays.fill(lowest, Double.NaN);
        Arrays.fill(lowestLarge, Double.NaN);
        for (int k : sizes) {
            t.append("| 2^").append(k).append(" |");
            int c = 0;
            for (Column column : columns.values()) {
                Optional<Double> v = column.value(workload, k).filter(Double::isFinite);
                t.append(v.map(x -> String.format(" %.3f |", x)).orElse(" – |"));
                if (v.isPresent()) {
                    lowest[c] = min(lowest[c], v.get());
                    lowestLarge[c] = k >= LARGE_LOG2 ? min(lowestLarge[c], v.get()) : lowestLarge[c];
                }
                c++;
            }
            t.append('\n');
        }
        lowestRow(t, "lowest", lowest);
        lowestRow(t, "lowest, n ≥ 2^" + LARGE_LOG2, lowestLarge);
        t.append('\n');
    }

    private static double min(double sofar, double v) {
        return Double.isNaN(sofar) ? v : Math.min(sofar, v);
    }

    private static void lowestRow(StringBuilder t, String label, double[] values) {
        t.append("| ").append(label).append(" |");
        for (double v : values) {
            t.append(Double.isFinite(v) ? String.format(" **%.3f** |", v) : " – |");
        }
        t.append('\n');
    }

    private static Optional<SweepRow> find(List<SweepRow> rows, String workload, String path, int log2n) {
        return rows.stream().filter(r -> r.workload().equals(workload) && r.path().equals(path) && r.log2n() == log2n
                && !r.failed()).findFirst();
    }
}
