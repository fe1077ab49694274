package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.algorithms.Compaction;
import io.jsycl.algorithms.Reductions;
import io.jsycl.algorithms.Scans;
import io.jsycl.algorithms.Sorting;
import io.jsycl.algorithms.Transforms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The parallel algorithms (the parallel algorithms ({@code io.jsycl.algorithms})) on data already on the device, beside the device's own copy of the same
 * bytes (a buffer's {@code copyTo}, the bound a scan or a reduction is measured against) and, where given, PyTorch's
 * equivalents on the same GPU ({@code benchmarks/gpu/torch_algorithms.py} writes them first; {@code --torch FILE}
 * merges its rows): the inclusive scan of ints ({@code torch.cumsum}), the floats above 0.5 compacted in order
 * ({@code torch.masked_select}), the float sum ({@code torch.sum}) and the sorts of int and long keys with their
 * indices ({@code torch.sort}, whose indices are longs); the compaction and the sum also with their result left in a
 * buffer on the device (no wait per call, as {@code torch.sum} leaves its result). Before the first size, every operation runs untimed at that size for {@code --warmup-ms}
 * (3000), so that the JVM has compiled the submit path. Per op: back-to-back runs then one wait, wall clock / runs,
 * median of 5 rounds of at least 20 ms after a warm-up round; the sort's runs each start from the unsorted keys, copied on the device first, whose time is reported
 * beside it and taken off. GB/s counts the bytes an ideal pass moves: 8 per element for the copy and the scan, 4 for
 * the sum, 4 per element read plus 4 per element kept for the compaction (about 6 per element here: half the uniform
 * floats are above 0.5), 16 for a sort pass of int keys and indices, 24 of long keys (one row, not the passes). Every result is
 * checked against Java.
 *
 * <pre>AlgorithmsBench [--device gpu] [--min-log2 20] [--max-log2 26] [--warmup-ms 3000] [--torch FILE.csv]
 *     [--out FILE.md]</pre>
 */
public final class AlgorithmsBench {
    private AlgorithmsBench() {
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        Device device = Sweep.device(opts.get("device"));
        int minLog2 = Suite.intOpt(opts, "min-log2", 20);
        int maxLog2 = Suite.intOpt(opts, "max-log2", 26);
        List<String[]> torch = opts.containsKey("torch") ? readTorch(Path.of(opts.get("torch"))) : List.of();
        var text = new StringBuilder();
        text.append("## Parallel algorithms on ").append(device.name()).append("\n\n`AlgorithmsBench ")
                .append(String.join(" ", args)).append("`: data on the device; per op = back-to-back runs, one wait, ")
                .append("wall clock / runs, median of 5 rounds of at least 20 ms; GB/s of the bytes an ideal pass moves (a compaction: ")
                .append("every element read, the kept ones written); ")
                .append("% of copy = that GB/s over the device copy's at the same size.\n\n")
                .append("| algorithm | n | path | per op µs | GB/s | % of copy | check |\n")
                .append("|---|---|---|---|---|---|---|\n");
        boolean ok = true;
        try (var q = new Queue(device)) {
            warmUp(q, 1 << minLog2, Suite.intOpt(opts, "warmup-ms", 3000));
            for (int log2 = minLog2; log2 <= maxLog2; log2 += 2) {
                int n = 1 << log2;
                int runs = Math.max(3, Math.min(50, (1 << 26) / n));
                var r = new SplittableRandom(log2);
                int[] ints = new int[n];
                float[] floats = new float[n];
                for (int i = 0; i < n; i++) {
                    ints[i] = r.nextInt();
                    floats[i] = r.nextFloat();
                }
                try (var in = Buffer.of(ints); var copy = Buffer.ofInt(io.jsycl.Range.of(n));
                     var scanned = Buffer.ofInt(io.jsycl.Range.of(n)); var fin = Buffer.of(floats);
                     var kept = Buffer.ofFloat(io.jsycl.Range.of(n)); var keys = Buffer.ofInt(io.jsycl.Range.of(n));
                     var index = Buffer.ofInt(io.jsycl.Range.of(n)); var iota = Buffer.ofInt(io.jsycl.Range.of(n))) {
                    Transforms.iota(q, iota, 0);
                    double copyNs = time(q, runs, () -> in.copyTo(q, copy));
                    double copyGbs = 8.0 * n / copyNs;
                    row(text, "device copy (the bound)", log2, "jsycl copyTo", copyNs, copyGbs, copyGbs,
                            check(copy, ints));

                    double scanNs = time(q, runs, () -> Scans.inclusiveScan(q, in, scanned));
                    int[] prefix = ints.clone();
                    Arrays.parallelPrefix(prefix, Integer::sum);
                    String scanCheck = check(scanned, prefix);
                    ok &= scanCheck.equals("ok");
                    row(text, "inclusive scan of ints", log2, "jsycl", scanNs, 8.0 * n / scanNs, copyGbs, scanCheck);

                    int[] count = new int[1];
                    double compactNs = time(q, runs, () -> count[0] = Compaction.copyIf(q, fin, kept, x -> x > 0.5f));
                    float[] expected = new float[n];
                    int c = 0;
                    for (float v : floats) {
                        if (v > 0.5f) {
                            expected[c++] = v;
                        }
                    }
                    String compactCheck = count[0] != c ? "count " + count[0] + " != " + c
                            : check(kept, Arrays.copyOf(expected, c));
                    ok &= compactCheck.equals("ok");
                    row(text, "copyIf of floats > 0.5", log2, "jsycl", compactNs, 4.0 * (n + c) / compactNs, copyGbs,
                            compactCheck);
                    // The same with the count left on the device, as CUB's DeviceSelect::If leaves it.
                    int[] counted = new int[1];
                    double unwaitedNs;
                    try (var keptCount = Buffer.of(counted)) {
                        unwaitedNs = time(q, runs, () -> Compaction.copyIf(q, fin, kept, x -> x > 0.5f, keptCount));
                    }
                    String unwaitedCheck = counted[0] != c ? "count " + counted[0] + " != " + c
                            : check(kept, Arrays.copyOf(expected, c));
                    ok &= unwaitedCheck.equals("ok");
                    row(text, "copyIf of floats > 0.5", log2, "jsycl, count into a buffer (no wait per call)",
                            unwaitedNs, 4.0 * (n + c) / unwaitedNs, copyGbs, unwaitedCheck);

                    float[] sum = new float[1];
                    double sumNs = time(q, runs, () -> sum[0] = Reductions.reduce(q, fin, n, 0f, Float::sum));
                    double javaSum = 0;
                    for (float v : floats) {
                        javaSum += v;
                    }
                    // A float sum in another grouping: within the error of the float additions' count.
                    String sumCheck = Math.abs(sum[0] - javaSum) <= 1e-5 * n ? "ok (float sum, regrouped)"
                            : "sum " + sum[0] + " != " + javaSum;
                    ok &= sumCheck.startsWith("ok");
                    row(text, "sum of floats", log2, "jsycl", sumNs, 4.0 * n / sumNs, copyGbs, sumCheck);
                    // The same into a buffer, without a wait per call: as torch.sum leaves its result on the GPU.
                    float[] buffered = new float[1];
                    double asyncNs;
                    try (var total = Buffer.of(buffered)) {
                        asyncNs = time(q, runs, () -> Reductions.reduce(q, fin, n, 0f, Float::sum, total));
                    }
                    String asyncCheck = Float.floatToRawIntBits(buffered[0]) == Float.floatToRawIntBits(sum[0]) ? "ok"
                            : "sum " + buffered[0] + " != " + sum[0];
                    ok &= asyncCheck.equals("ok");
                    row(text, "sum of floats", log2, "jsycl, into a buffer (no wait per call)", asyncNs,
                            4.0 * n / asyncNs, copyGbs, asyncCheck);

                    double[] sortNs = timeSort(q, runs, () -> {
                        in.copyTo(q, keys);
                        iota.copyTo(q, index);
                    }, () -> Sorting.sortByKey(q, keys, index));
                    int[] sorted = ints.clone();
                    Arrays.parallelSort(sorted);
                    String sortCheck = check(keys, sorted);
                    if (sortCheck.equals("ok")) {
                        sortCheck = checkIndices(Arrays.stream(ints).asLongStream().toArray(),
                                Arrays.stream(sorted).asLongStream().toArray(), index);
                    }
                    ok &= sortCheck.equals("ok");
                    row(text, "sort of int keys with their indices", log2, sortPath(sortNs), sortNs[1],
                            16.0 * n / sortNs[1], copyGbs, sortCheck);

                    long[] longs = new SplittableRandom(log2 + 1000).longs(n).toArray();
                    String longCheck;
                    double[] longNs;
                    try (var longIn = Buffer.of(longs); var longKeys = Buffer.ofLong(io.jsycl.Range.of(n))) {
                        longNs = timeSort(q, runs, () -> {
                            longIn.copyTo(q, longKeys);
                            iota.copyTo(q, index);
                        }, () -> Sorting.sortByKey(q, longKeys, index));
                        long[] sortedLongs = longs.clone();
                        Arrays.parallelSort(sortedLongs);
                        longCheck = check(longKeys, sortedLongs);
                        if (longCheck.equals("ok")) {
                            longCheck = checkIndices(longs, sortedLongs, index);
                        }
                    }
                    ok &= longCheck.equals("ok");
                    row(text, "sort of long keys with their indices", log2, sortPath(longNs), longNs[1],
                            24.0 * n / longNs[1], copyGbs, longCheck);
                    for (String[] t : torch) {
                        if (Integer.parseInt(t[1]) == log2) {
                            double ns = Double.parseDouble(t[3]) * 1e3;
                            double bytes = switch (t[0]) {
                                case "inclusive scan of ints" -> 8.0 * n;
                                case "sort of int keys with their indices" -> 16.0 * n;
                                case "sort of long keys with their indices" -> 24.0 * n;
                                case "copyIf of floats > 0.5" -> 4.0 * (n + c);
                                default -> 4.0 * n;
                            };
                            row(text, t[0], log2, t[2], ns, bytes / ns, copyGbs, t[4]);
                        }
                    }
                }
                System.err.println("2^" + log2 + " done");
            }
        }
        System.out.println(text);
        if (opts.containsKey("out")) {
            Files.writeString(Path.of(opts.get("out")), text);
        }
        System.exit(ok ? 0 : 1);
    }

    /**
     * Runs every timed operation at {@code n} elements, untimed, for about {@code millis} in all, so that the first
     * size's rows time the submit path compiled, as the later sizes' are, and not the JVM's interpreter: at 2^20 an
     * H100 run without it timed 112 µs for a copy that takes 11 µs warm.
     */
    private static void warmUp(Queue q, int n, int millis) {
        float[] floats = new float[n];
        int[] ints = new int[n];
        for (int i = 0; i < n; i++) {
            floats[i] = (i % 1000) / 1000f;
            ints[i] = i * 7919;
        }
        try (var in = Buffer.of(ints); var out = Buffer.ofInt(io.jsycl.Range.of(n)); var fin = Buffer.of(floats);
             var kept = Buffer.ofFloat(io.jsycl.Range.of(n)); var index = Buffer.ofInt(io.jsycl.Range.of(n));
             var total = Buffer.ofFloat(io.jsycl.Range.of(1)); var count = Buffer.ofInt(io.jsycl.Range.of(1));
             var longs = Buffer.of(new SplittableRandom(1).longs(n).toArray())) {
            long end = System.nanoTime() + millis * 1_000_000L;
            while (System.nanoTime() < end) {
                for (int k = 0; k < 20; k++) {
                    in.copyTo(q, out);
                    Scans.inclusiveScan(q, in, out);
                    Compaction.copyIf(q, fin, kept, x -> x > 0.5f);
                    Compaction.copyIf(q, fin, kept, x -> x > 0.5f, count);
                    Reductions.reduce(q, fin, n, 0f, Float::sum);
                    Reductions.reduce(q, fin, n, 0f, Float::sum, total);
                }
                in.copyTo(q, out);
                Transforms.iota(q, index, 0);
                Sorting.sortByKey(q, out, index);
                Sorting.sortByKey(q, longs, index);
                q.await();
            }
        }
    }

    private static void row(StringBuilder text, String algorithm, int log2, String path, double ns, double gbs,
            double copyGbs, String check) {
        text.append(String.format("| %s | 2^%d | %s | %.1f | %.1f | %.0f%% | %s |%n", algorithm, log2, path, ns / 1e3,
                gbs, 100 * gbs / copyGbs, check));
        // Progress on stderr: a size's rows can take minutes on a CPU, and a run cut short by a time limit says where.
        System.err.printf("%.1f s: 2^%d %s, %s%n", (System.nanoTime() - START) / 1e9, log2, algorithm, path);
    }

    private static final long START = System.nanoTime();

    /**
     * A sort's time per op without the restoring of its unsorted input that each run starts with: {restore, sort}, in
     * nanoseconds.
     */
    private static double[] timeSort(Queue q, int runs, Runnable restore, Runnable sort) {
        double restoreNs = time(q, runs, restore);
        double sortNs = time(q, runs, () -> {
            restore.run();
            sort.run();
        }) - restoreNs;
        return new double[] {restoreNs, sortNs};
    }

    /** A sort row's path: jsycl, and the restore {@link #timeSort} took off. */
    private static String sortPath(double[] ns) {
        return "jsycl (restoring the keys took " + String.format("%.1f", ns[0] / 1e3) + " µs, taken off)";
    }

    /**
     * The shortest timed round: rounds of a few runs (three at 2^28) left the GPU's clocks and the JVM's submit path
     * short of their steady state, which a user's loop over an algorithm reaches (copyIf of 2^28 floats on an H200:
     * 758 µs a run in this benchmark's rounds of 3, 653 to 697 µs in rounds of 10 in an experiment on the same kind of
     * host). torch_algorithms.py times PyTorch's side alike.
     */
    private static final double MIN_ROUND_NS = 20e6;
    /** The most runs a round takes, whatever the warm-up round says. */
    private static final int MAX_RUNS = 5000;

    /**
     * Nanoseconds per run: runs back to back and a wait, median of 5 rounds after one untimed round; each round takes
     * {@code runs} runs, or as many more as make it last {@link #MIN_ROUND_NS} at the untimed round's pace.
     */
    private static double time(Queue q, int runs, Runnable op) {
        double[] rounds = new double[5];
        int timedRuns = runs;
        for (int round = -1; round < rounds.length; round++) {
            int count = round < 0 ? runs : timedRuns;
            long t0 = System.nanoTime();
            for (int k = 0; k < count; k++) {
                op.run();
            }
            q.await();
            double perRun = (System.nanoTime() - t0) / (double) count;
            if (round < 0) {
                timedRuns = (int) Math.min(MAX_RUNS, Math.max(runs, Math.ceil(MIN_ROUND_NS / Math.max(perRun, 1))));
            } else {
                rounds[round] = perRun;
            }
        }
        return Contender.median(rounds);
    }

    private static String check(Buffer.OfInt b, int[] expected) {
        try (var h = b.hostAccess()) {
            for (int i = 0; i < expected.length; i++) {
                if (h.get(i) != expected[i]) {
                    return "MISMATCH at " + i;
                }
            }
        }
        return "ok";
    }

    private static String check(Buffer.OfLong b, long[] expected) {
        try (var h = b.hostAccess()) {
            for (int i = 0; i < expected.length; i++) {
                if (h.get(i) != expected[i]) {
                    return "MISMATCH at " + i;
                }
            }
        }
        return "ok";
    }

    private static String check(Buffer.OfFloat b, float[] expected) {
        try (var h = b.hostAccess()) {
            for (int i = 0; i < expected.length; i++) {
                if (Float.floatToRawIntBits(h.get(i)) != Float.floatToRawIntBits(expected[i])) {
                    return "MISMATCH at " + i;
                }
            }
        }
        return "ok";
    }

    /** PyTorch's rows: algorithm, log2, path, per op µs, check (torch_algorithms.py's CSV, header first). */
    private static List<String[]> readTorch(Path csv) throws IOException {
        var rows = new ArrayList<String[]>();
        if (!Files.exists(csv)) {
            return rows;
        }
        for (String line : Files.readAllLines(csv)) {
            String[] f = line.split(",", 5); // the check may hold commas
            if (f.length == 5 && !f[0].equals("algorithm")) {
                rows.add(f);
            }
        }
        return rows;
    }

    /**
     * "ok" if {@code index} holds, for each sorted key, the index of an equal key in {@code keys}, ascending among
     * equal keys (the sort is stable), and is a permutation; else the first element that is not.
     */
    private static String checkIndices(long[] keys, long[] sorted, Buffer.OfInt index) {
        int[] at = new int[keys.length];
        try (var h = index.hostAccess()) {
            for (int i = 0; i < at.length; i++) {
                at[i] = h.get(i);
            }
        }
        var seen = new BitSet(keys.length);
        for (int i = 0; i < at.length; i++) {
            if (at[i] < 0 || at[i] >= keys.length || seen.get(at[i]) || keys[at[i]] != sorted[i]
                    || i > 0 && sorted[i] == sorted[i - 1] && at[i] < at[i - 1]) {
                return "index " + at[i] + " at " + i + " MISMATCH";
            }
            seen.set(at[i]);
        }
        return "ok";
    }
}
