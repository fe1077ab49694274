package io.jsycl.bench;

import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceType;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.opencl.ClDevice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A size sweep on one OpenCL device, from launch-bound to bandwidth-bound: for every n = 2^k from {@code --min-log2}
 * to {@code --max-log2}, SAXPY on floats, the sum of ints and the sum of floats, each as a jsycl kernel
 * ({@link SweepJsycl}) and hand-written in OpenCL C ({@link SweepRaw}), and {@code clEnqueueCopyBuffer} of n floats
 * as the hardware reference; with {@code --peer}, PyTorch's ops in a child process ({@link TorchPeer}), path
 * {@code torch}. Data is device-resident: made and uploaded once per size, outside the clock.
 *
 * <pre>
 * Sweep [--device gpu|cpu|NAME] [--min-log2 12] [--max-log2 28] [--out FILE.md] [--csv FILE.csv]
 *       [--only saxpy,sum-int,sum-float,copy] [--rounds 11] [--kernel-runs 21] [--min-reps 100] [--round-log2 24]
 *       [--min-round-ms 5] [--peer "python3 benchmarks/gpu/torch_peers.py --serve"]
 * </pre>
 * Two times per row, every path of a workload and size taking turns round by round ({@link Contender#measure}): per
 * op, the wall clock of R back-to-back submits and one wait, divided by R, median of {@code --rounds} rounds after one
 * warm-up round, with R = max(min-reps, 2^round-log2 / n), or more where the warm-up round says a round would last
 * less than {@code --min-round-ms}; and kernel, the device time of one operation from profiling events (CUDA events on
 * PyTorch's side), median of {@code --kernel-runs}. Every output
 * is checked against plain Java first ({@link SweepData}). Writes a Markdown table ({@code --out}, rewritten after
 * each row) and the same rows as CSV ({@code --csv}, {@link SweepRow}) for {@link SweepPlot}; exits with 1 if a check
 * failed.
 */
public final class Sweep {
    /**
     * At least this many operations a round. With 20, a round at 2^21..2^23 lasted 0.2 to 0.8 ms, and the same kernel
     * landed 10% either side of PyTorch from one command to the next; 100 costs a few seconds over the whole sweep.
     */
    static final int MIN_REPS = 100;
    /**
     * Rounds per row after the warm-up round (odd: the median is one round). Where an op costs a few µs, the host's
     * and the driver's state moves the time of a round by a third from one round to the next (run Q's launch rate:
     * 5.38 to 10.95 µs over 7 rounds of 20,000 launches), so the median needs more rounds than the bandwidth-bound
     * sizes do.
     */
    static final int ROUNDS = 11;
    /**
     * The shortest round, in ms. With 100 operations a round, a round at 2^19..2^21 lasted under 1 ms, and one row of
     * run T (the Float4 SAXPY at 2^19) came out 45% slower than the same kernel beside it in the next pass.
     */
    static final int MIN_ROUND_MS = 5;

    private Sweep() {
    }

    /** What to run and how often. */
    record Settings(int minLog2, int maxLog2, List<String> workloads, int rounds, int kernelRuns, int minReps,
            int roundLog2, int minRoundMs) {

        Settings {
            if (minLog2 < 0 || maxLog2 > 30 || minLog2 > maxLog2) {
                throw new IllegalArgumentException("need 0 <= --min-log2 <= --max-log2 <= 30, got --min-log2 " + minLog2
                        + " and --max-log2 " + maxLog2);
            }
            if (rounds < 1 || kernelRuns < 1 || minReps < 1 || minRoundMs < 0) {
                throw new IllegalArgumentException("--rounds, --kernel-runs and --min-reps must be at least 1 and "
                        + "--min-round-ms at least 0, got " + rounds + ", " + kernelRuns + ", " + minReps + " and "
                        + minRoundMs);
            }
            workloads.forEach(SweepRow::bytesPerElement); // rejects an unknown name
        }

        /** R for size 2^log2n: enough operations that a round takes a few ms even where each is a few µs. */
        int reps(int log2n) {
            return Math.max(minReps, 1 << Math.max(0, roundLog2 - log2n));
        }
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = Suite.parse(args);
        var settings = new Settings(Suite.intOpt(opts, "min-log2", 12), Suite.intOpt(opts, "max-log2", 28),
                opts.containsKey("only") ? List.of(opts.get("only").split(",")) : SweepRow.WORKLOADS,
                Suite.intOpt(opts, "rounds", ROUNDS), Suite.intOpt(opts, "kernel-runs", 21),
                Suite.intOpt(opts, "min-reps", MIN_REPS),
                Suite.intOpt(opts, "round-log2", 24), Suite.intOpt(opts, "min-round-ms", MIN_ROUND_MS));
        Device device = device(opts.get("device"));
        Path md = opts.containsKey("out") ? Path.of(opts.get("out")) : null;
        Path csv = opts.containsKey("csv") ? Path.of(opts.get("csv")) : null;
        TorchPeer peer = TorchPeer.startIfAsked(opts.get("peer"), settings.maxLog2(), "the sweep");
        String header = header(device, args, settings, peer);
        System.out.print(header);
        System.err.println("making the data (2^" + settings.maxLog2() + " elements per array) ...");
        var data = new SweepData(settings.maxLog2());
        var rows = new ArrayList<SweepRow>();
        try (TorchPeer closing = peer) {
            run(device, settings, data, peer, row -> {
                rows.add(row);
                System.err.printf("  %-9s %-12s 2^%-2d R=%-6d per op %10.2f us  kernel %10.2f us  %8.1f GB/s  %s%n",
                        row.workload(), row.path(), row.log2n(), row.reps(), row.perOpUs(), row.kernelUs(),
                        row.perOpGbps(), row.check());
                // After each row the files hold everything so far: a run cut off by a time limit still leaves its
                // rows.
                write(md, csv, header, rows, "(incomplete: the run stopped here)\n");
            });
        }
        String table = table(rows);
        System.out.print(table);
        write(md, csv, header, rows, "");
        boolean failed = rows.stream().anyMatch(SweepRow::failed);
        if (failed) {
            System.err.println("*** SOME CHECKS FAILED: see the check column ***");
        }
        System.exit(failed ? 1 : 0);
    }

    /** The device {@code which} names ("gpu", "cpu" or a name substring); by default a GPU if there is one. */
    static Device device(String which) {
        if (which != null) {
            return Suite.devices(which).getFirst();
        }
        List<Device> all = Suite.devices(null);
        if (all.isEmpty()) {
            throw new IllegalStateException("no OpenCL device: install an OpenCL driver (PoCL for the CPU: "
                    + "pocl-opencl-icd) or name one with --device");
        }
        return all.stream().filter(d -> d.type() == DeviceType.GPU).findFirst().orElse(all.getFirst());
    }

    /**
     * Runs the sweep on {@code device}, handing each row to {@code sink} as it is measured: per size and workload,
     * the jsycl paths, the hand-written kernel (the copy has the OpenCL path only) and, when {@code peer} is not null,
     * PyTorch, all timed in turns ({@link Contender#measure}). The smallest size runs once more first, unrecorded, so
     * that the first rows do not pay for compiling the host code of the submit paths.
     */
    static void run(Device device, Settings s, SweepData data, TorchPeer peer, Consumer<SweepRow> sink) {
        ClDevice cl = Suite.match(device);
        try (var context = new Context(device);
             var plain = new Queue(context, device);
             var profiling = new Queue(context, device, QueueProperty.ENABLE_PROFILING);
             var rawCl = new RawCl(cl);
             var raw = new SweepRaw(rawCl)) {
            var sides = new Sides(device, cl, data, plain, profiling, raw, peer);
            for (String w : s.workloads()) {
                rows(s, w, s.minLog2(), sides, row -> { });
            }
            for (int k = s.minLog2(); k <= s.maxLog2(); k++) {
                for (String w : s.workloads()) {
                    rows(s, w, k, sides, sink);
                }
            }
        }
    }

    /** What the paths of a row need: the device, its queues, the hand-written kernels and the peer (or null). */
    private record Sides(Device device, ClDevice cl, SweepData data, Queue plain, Queue profiling, SweepRaw raw,
            TorchPeer peer) {

        /** The paths of {@code workload} at 2^{@code log2n} elements, in table order, each with how to open it. */
        Map<String, Supplier<Contender>> of(String workload, int log2n) {
            int n = 1 << log2n;
            var paths = new LinkedHashMap<String, Supplier<Contender>>();
            switch (workload) {
                case "copy" -> paths.put("opencl", () -> raw.copy(data, n));
                case "saxpy" -> {
                    paths.put("jsycl", () -> SweepJsycl.saxpy(plain, profiling, data, n, 1));
                    if (n >= 8) { // Float4 and Float8 SAXPY run n / 4 and n / 8 work-items
                        paths.put("jsycl-float4", () -> SweepJsycl.saxpy(plain, profiling, data, n, 4));
                        paths.put("jsycl-float8", () -> SweepJsycl.saxpy(plain, profiling, data, n, 8));
                    }
                    paths.put("hand-written", () -> raw.saxpy(data, n));
                }
                case "sum-int" -> {
                    paths.put("jsycl", () -> SweepJsycl.sumInt(plain, profiling, data, log2n, 1));
                    if (n >= 4) { // the sums over n / 4 items read through get4
                        paths.put("jsycl-int4", () -> SweepJsycl.sumInt(plain, profiling, data, log2n, 4));
                    }
                    paths.put("hand-written", () -> raw.sumInt(data, log2n));
                }
                default -> {
                    paths.put("jsycl", () -> SweepJsycl.sumFloat(plain, profiling, data, log2n, 1));
                    if (n >= 4) {
                        paths.put("jsycl-float4", () -> SweepJsycl.sumFloat(plain, profiling, data, log2n, 4));
                    }
                    paths.put("hand-written", () -> raw.sumFloat(data, log2n));
                }
            }
            if (peer != null) {
                paths.put("torch", () -> peer.open(workload, log2n));
            }
            return paths;
        }

        /** The device a path runs on, by name: PyTorch's CUDA name for {@code torch}, else the OpenCL device's. */
        String deviceName(String path) {
            return path.equals("torch") ? peer.deviceName() : device.name();
        }
    }

    /**
     * One row per path of {@code workload} at 2^{@code log2n} elements: every path opened and checked, then all timed
     * in turns. A path that cannot open, or fails while timed, is a FAILED row; the others go on.
     */
    private static void rows(Settings s, String workload, int log2n, Sides sides, Consumer<SweepRow> sink) {
        int reps = s.reps(log2n);
        int bytes = SweepRow.bytesPerElement(workload);
        long arrayBytes = 4L << log2n;
        var opened = new ArrayList<Opened>();
        var rows = new LinkedHashMap<String, SweepRow>();
        try {
            for (var path : sides.of(workload, log2n).entrySet()) {
                String p = path.getKey();
                String device = sides.deviceName(p);
                rows.put(p, null); // keeps the table order
                if (!p.equals("torch") && arrayBytes > sides.cl().maxMemAllocSize()) {
                    rows.put(p, new SweepRow(device, workload, p, log2n, reps, Double.NaN, Double.NaN, bytes,
                            "skipped: an array of " + arrayBytes + " bytes is over CL_DEVICE_MAX_MEM_ALLOC_SIZE"));
                    continue;
                }
                Contender c = null;
                try {
                    c = path.getValue().get();
                    opened.add(new Opened(p, c, c.check()));
                } catch (RuntimeException e) {
                    e.printStackTrace();
                    if (c != null) {
                        c.close();
                    }
                    rows.put(p, failed(device, workload, p, log2n, reps, bytes, e));
                }
            }
            List<Contender.Outcome> outcomes = Contender.measure(opened.stream().map(Opened::side).toList(), reps,
                    s.rounds(), s.kernelRuns(), s.minRoundMs() * 1_000_000L);
            for (int i = 0; i < opened.size(); i++) {
                String p = opened.get(i).path();
                String device = sides.deviceName(p);
                Contender.Outcome o = outcomes.get(i);
                if (o.failure() != null) {
                    o.failure().printStackTrace();
                    rows.put(p, failed(device, workload, p, log2n, reps, bytes, o.failure()));
                } else {
                    Contender.Timing t = o.timing();
                    rows.put(p, new SweepRow(device, workload, p, log2n, t.reps(), t.perOpNanos() / 1e3,
                            t.kernelNanos() / 1e3, bytes, opened.get(i).check()));
                }
            }
        } finally {
            for (Opened o : opened) {
                try {
                    o.side().close();
                } catch (RuntimeException e) {
                    e.printStackTrace();
                }
            }
        }
        rows.values().forEach(sink);
    }

    /** A path of a row that opened and passed its check: what the check said, kept for the row. */
    private record Opened(String path, Contender side, String check) {
    }

    private static SweepRow failed(String device, String workload, String path, int log2n, int reps, int bytes,
            RuntimeException e) {
        String m = (e.getClass().getSimpleName() + ": " + e.getMessage()).replace('\n', ' ').replace('|', '/');
        return new SweepRow(device, workload, path, log2n, reps, Double.NaN, Double.NaN, bytes,
                "FAILED: " + (m.length() > 160 ? m.substring(0, 160) + "…" : m));
    }

    private static String header(Device device, String[] args, Settings s, TorchPeer peer) {
        return "# jsycl size sweep, " + LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME) + "\n\n"
                + "Command: `Sweep " + String.join(" ", args) + "`  \n"
                + "Device: " + device.name() + " — " + device.platform().name() + ", " + device.type() + ", driver "
                + device.driverVersion() + ", " + device.maxComputeUnits() + " CUs, "
                + (device.globalMemSize() >> 20) + " MiB  \n"
                + "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + ", " + Runtime.getRuntime().availableProcessors() + " host CPUs  \n"
                + "Peer: " + (peer == null ? "none" : peer.version() + " on " + peer.deviceName()
                        + ", in a child process taking turns") + "\n\n"
                + String.format("""
                        Data is device-resident: each size's buffers are made and uploaded once, outside the clock, \
                        and no command of a timed loop moves data between host and device. Per op: wall clock of R \
                        back-to-back submits (a queue without profiling) and one wait, divided by R, median of %d \
                        rounds after one warm-up round; R = max(%d, 2^%d / n), or more where the warm-up round says a \
                        round would last under %d ms (column R); the smallest size runs once unrecorded \
                        before the sweep (warm-up of the host code). Kernel: device time (end − start) of \
                        one operation from profiling events (a second queue on the same context, with profiling), \
                        median of %d after 3 warm-up runs. All paths of one workload and size, PyTorch's too \
                        (path torch, in a child process, when the sweep has a peer), take turns: each round every \
                        path runs one round, the order reversed every other round, and so do the kernel runs. GB/s counts bytes read plus written: SAXPY 12 per \
                        element, sums 4, copy 8. jsycl: `parallelFor(Range.of(n), ...)` for SAXPY, `Reduction.sum(out)` \
                        with `(it, sum) -> sum.combine(x.get(it.id(0)))` for the sums. jsycl-float4: SAXPY over \
                        `Range.of(n / 4)` with `y.set4(i, x.get4(i).mul(a).add(y.get4(i)))` (vload4/vstore4); jsycl-float8 the same \
                        over `Range.of(n / 8)` with `get8`/`set8` (vload8/vstore8); for the sums, jsycl-int4 and \
                        jsycl-float4 are `Reduction.sum(out)` over `Range.of(n / 4)` with \
                        `sum.combine(x.get4(it.id(0)).sum())`. \
                        hand-written: OpenCL C through \
                        the same bindings (`io.jsycl.opencl`): SAXPY one item per element (work-group size left to \
                        the driver), the sums as a grid of at most %d work-groups per compute unit whose items add \
                        elements a grid apart into 4 partial sums, then a tree in local memory and one atomic per \
                        group (for floats PTX's red.global.add.f32 on NVIDIA, as jsycl's reductions, else an atomic_cmpxchg loop), launches asking for no event. opencl: \
                        clEnqueueCopyBuffer of n floats (each event released). Checks, before the timing: SAXPY \
                        bit-exact against Java's `a * x[i] + y[i]` (no fused multiply-add), int sums exact \
                        (wrapping), float sums within a relative %.0e of the exact sum (the device adds in another \
                        order), the copy bit-exact.

                        """, s.rounds(), s.minReps(), s.roundLog2(), s.minRoundMs(), s.kernelRuns(), SweepRaw.GROUPS_PER_UNIT,
                        SweepData.FLOAT_SUM_TOLERANCE);
    }

    private static List<SweepRow> sorted(List<SweepRow> rows) {
        List<String> paths = List.of("jsycl", "jsycl-float4", "jsycl-float8", "jsycl-int4", "hand-written", "opencl",
                "torch");
        return rows.stream().sorted(Comparator.comparingInt((SweepRow r) -> SweepRow.WORKLOADS.indexOf(r.workload()))
                .thenComparingInt(SweepRow::log2n).thenComparingInt(r -> paths.indexOf(r.path()))).toList();
    }

    /** The rows as a Markdown table, then the jsycl / hand-written ratios per size. */
    static String table(List<SweepRow> rows) {
        var t = new StringBuilder();
        t.append("| workload | path | n | R | per op µs | kernel µs | GB/s per op | GB/s kernel | check |\n");
        t.append("|---|---|---|---|---|---|---|---|---|\n");
        for (SweepRow r : sorted(rows)) {
            t.append(String.format("| %s | %s | 2^%d | %d | %.2f | %.2f | %.1f | %.1f | %s |%n", r.workload(), r.path(),
                    r.log2n(), r.reps(), r.perOpUs(), r.kernelUs(), r.perOpGbps(), r.kernelGbps(), r.check()));
        }
        t.append("\njsycl time / hand-written time (below 1: jsycl is faster), per op and kernel:\n\n");
        List<String> ws = SweepRow.WORKLOADS.stream().filter(w -> !w.equals("copy")).toList();
        t.append("| n |");
        ws.forEach(w -> t.append(' ').append(w).append(" per op | ").append(w).append(" kernel |"));
        t.append("\n|---|").append("---|---|".repeat(ws.size())).append('\n');
        int[] sizes = rows.stream().mapToInt(SweepRow::log2n).distinct().sorted().toArray();
        for (int k : sizes) {
            t.append("| 2^").append(k).append(" |");
            for (String w : ws) {
                SweepRow j = find(rows, w, "jsycl", k);
                SweepRow h = find(rows, w, "hand-written", k);
                t.append(ratio(j, h, true)).append(ratio(j, h, false));
            }
            t.append('\n');
        }
        return t.append('\n').toString();
    }

    private static SweepRow find(List<SweepRow> rows, String workload, String path, int log2n) {
        return rows.stream().filter(r -> r.workload().equals(workload) && r.path().equals(path) && r.log2n() == log2n)
                .findFirst().orElse(null);
    }

    private static String ratio(SweepRow a, SweepRow b, boolean perOp) {
        if (a == null || b == null) {
            return " – |";
        }
        double r = perOp ? a.perOpUs() / b.perOpUs() : a.kernelUs() / b.kernelUs();
        return Double.isFinite(r) ? String.format(" %.2f |", r) : " – |";
    }

    private static void write(Path md, Path csv, String header, List<SweepRow> rows, String note) {
        try {
            if (md != null) {
                createParent(md);
                Files.writeString(md, header + table(rows) + note);
            }
            if (csv != null) {
                createParent(csv);
                var lines = new ArrayList<>(List.of(SweepRow.HEADER));
                sorted(rows).forEach(r -> lines.add(r.csv()));
                Files.write(csv, lines);
            }
        } catch (IOException e) {
            System.err.println("cannot write the results: " + e);
        }
    }

    private static void createParent(Path p) throws IOException {
        if (p.toAbsolutePath().getParent() != null) {
            Files.createDirectories(p.toAbsolutePath().getParent());
        }
    }
}
