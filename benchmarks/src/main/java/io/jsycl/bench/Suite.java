package io.jsycl.bench;

import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClPlatform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whole-program benchmarks: each workload as a jsycl kernel and as hand-written OpenCL C on every OpenCL device
 * (or the one {@code --device} names), plus plain Java for scale. Prints one Markdown table per device.
 *
 * <pre>
 * Suite [--device gpu|cpu|NAME] [--quick] [--out FILE] [--only NAME] [--skip-java]
 *       [--warmup N] [--repeats N] [--e2e N] [--n N] [--gemm N] [--gemm-big N (0: none)] [--grid N] [--steps N]
 *       [--mandel N] [--iter N] [--bodies N] [--copy-mib N] [--sum-n N] [--hist-n N] [--skip-aparapi]
 * </pre>
 * Under each workload with an Aparapi version, a row "Aparapi: ..." ({@link AparapiRow}) unless {@code --skip-aparapi}.
 */
public final class Suite {
    private Suite() {
    }

    record Row(String workload, String size, String jsycl, String raw, String ratio, String throughput,
            String jsyclE2e, String rawE2e, String java, String check) {
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = parse(args);
        boolean quick = opts.containsKey("quick");
        var config = new Workload.Config(quick,
                intOpt(opts, "warmup", quick ? 1 : 2), intOpt(opts, "repeats", quick ? 5 : 10),
                intOpt(opts, "e2e", quick ? 3 : 5), intOpt(opts, "java-repeats", quick ? 2 : 3));
        List<Workload> workloads = workloads(config, opts);
        String only = opts.get("only");
        if (only != null) {
            workloads.removeIf(w -> !w.name().toLowerCase(Locale.ROOT).contains(only.toLowerCase(Locale.ROOT)));
        }
        var out = new StringBuilder();
        out.append("# jsycl benchmark suite, ").append(LocalDateTime.now().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME))
                .append("\n\n");
        out.append("Command: `Suite ").append(String.join(" ", args)).append("`  \n");
        out.append("JVM: ").append(System.getProperty("java.vm.name")).append(' ')
                .append(System.getProperty("java.runtime.version")).append(", ")
                .append(Runtime.getRuntime().availableProcessors()).append(" host CPUs  \n");
        out.append(String.format("Repeats: %d warm-up + %d timed kernel runs, %d end-to-end runs (after 1 warm-up), "
                + "%d Java runs (after 1 warm-up)%n%n", config.warmup(), config.repeats(), config.e2eRepeats(),
                config.javaRepeats()));
        out.append("""
                Times are milliseconds: median (min–max). Kernel times are device time from profiling events \
                (end − start), one wait per run on both paths. "hand-written" is OpenCL C through the same FFM \
                bindings (`io.jsycl.opencl`), built with the options jsycl uses and contraction off, so outputs \
                compare bit-exactly. End-to-end (e2e) is host wall clock of a whole program: buffers from Java \
                arrays, kernel(s), result back in a Java array, buffers released (program build excluded on both \
                paths: jsycl's is cached after the first run). Throughput is jsycl / hand-written. Java is plain \
                Java on the host CPUs: one thread / parallel stream. Rows "Aparapi: ..." are Aparapi 3.0.2 on the \
                same device: kernel time from Aparapi's profiling (OpenCL events) in the kernel column, end to end \
                (put inputs, execute, get outputs, explicit mode; Aparapi keeps its buffers between runs) in the e2e \
                column, Aparapi / hand-written and jsycl / Aparapi ratios, and "fell back to Java: ..." where \
                Aparapi ran the kernel in a Java thread pool instead of OpenCL. Rows "jsycl, h.fastMath(): ..." \
                run the jsycl kernel built with `h.fastMath()` (`-cl-fast-relaxed-math`: contraction, approximate \
                divide and sqrt, reassociation; looser than Aparapi's build, which allows contraction and \
                OpenCL's default divide and sqrt accuracy), kernel time against the hand-written kernel that keeps \
                Java's rounding, output checked "close" to it as Aparapi's is. The e2e ratio in an Aparapi row is \
                like for like: it compares Aparapi with jsycl keeping its buffers too ("jsycl kept"), not with the \
                jsycl e2e column above it (which allocates, fills and releases its buffers every run): buffers made \
                once; before each run the inputs written through `hostAccess()` (off the clock, as Aparapi's fresh \
                host arrays are); timed: the submit(s) and a host accessor opened on each output, so each run \
                uploads every input and downloads every output once, as Aparapi's put/get do. Its output is checked \
                against the hand-written path's in the check column.

                """);
        System.out.print(out);
        Map<Workload, String> javaTimes = new HashMap<>();
        Path outPath = opts.containsKey("out") ? Path.of(opts.get("out")) : null;
        for (Device device : devices(opts.get("device"))) {
            // After each row, the file holds everything so far: a run cut off by a time limit still leaves its rows.
            java.util.function.Consumer<StringBuilder> partial = t -> {
                if (outPath != null) {
                    try {
                        write(outPath, new StringBuilder(out).append(t).append("(incomplete: the run stopped here)\n"));
                    } catch (IOException e) {
                        System.err.println("cannot write " + outPath + ": " + e);
                    }
                }
            };
            StringBuilder table = table(device, workloads, javaTimes, opts.containsKey("skip-java"),
                    opts.containsKey("skip-aparapi"), partial);
            System.out.print(table);
            out.append(table);
        }
        if (outPath != null) {
            write(outPath, out);
            System.err.println("wrote " + outPath);
        }
        boolean failed = out.indexOf("MISMATCH") >= 0 || out.indexOf("FAILED") >= 0;
        if (failed) {
            System.err.println("*** SOME RESULTS DIFFER OR FAILED: see the check column ***");
        }
        System.exit(failed ? 1 : 0);
    }

    private static void write(Path path, CharSequence text) throws IOException {
        if (path.getParent() != null) {
            Files.createDirectories(path.getParent());
        }
        Files.writeString(path, text);
    }

    static List<Workload> workloads(Workload.Config c, Map<String, String> o) {
        boolean q = c.quick();
        int n = intOpt(o, "n", q ? 1 << 22 : 1 << 26);
        int gemm = intOpt(o, "gemm", q ? 256 : 2048);
        var list = new ArrayList<Workload>();
        list.add(new CopyBandwidth(c, (long) intOpt(o, "copy-mib", q ? 64 : 512) << 20));
        list.add(new Streaming(c, false, n));
        list.add(new Streaming(c, true, n));
        list.add(new Sgemm(c, false, gemm));
        list.add(new Sgemm(c, true, gemm));
        list.add(new SgemmBlocked(c, gemm));
        int gemmBig = intOpt(o, "gemm-big", q ? 0 : 4096);
        if (gemmBig > 0) {
            list.add(new SgemmBlocked(c, gemmBig));
        }
        list.add(new Stencil(c, intOpt(o, "grid", q ? 1024 : 4096), intOpt(o, "steps", q ? 4 : 10)));
        list.add(new Mandelbrot(c, intOpt(o, "mandel", q ? 512 : 2048), intOpt(o, "iter", q ? 256 : 512)));
        list.add(new NBody(c, intOpt(o, "bodies", q ? 2048 : 16384)));
        int sumN = intOpt(o, "sum-n", q ? 1 << 22 : 1 << 27);
        int[] sumData = SumReduce.data(sumN);
        list.add(new SumReduce(c, true, sumN, sumData));
        list.add(new SumReduce(c, false, sumN, sumData));
        int histN = intOpt(o, "hist-n", q ? 1 << 22 : 1 << 26);
        int[] histData = Histogram.data(histN);
        list.add(new Histogram(c, false, histN, histData));
        list.add(new Histogram(c, true, histN, histData));
        return list;
    }

    private static StringBuilder table(Device device, List<Workload> workloads, Map<Workload, String> javaTimes,
            boolean skipJava, boolean skipAparapi, java.util.function.Consumer<StringBuilder> partial) {
        var rows = new ArrayList<Row>();
        ClDevice cl = match(device);
        System.err.println("== " + device.name() + " (" + device.type() + ", " + device.driverVersion() + ")");
        AparapiRow aparapi = skipAparapi ? null : AparapiRow.on(device);
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.ENABLE_PROFILING);
             var raw = new RawCl(cl)) {
            for (Workload w : workloads) {
                System.err.println("  " + w.name() + " " + w.size() + " ...");
                rows.addAll(row(w, q, raw, javaTimes, skipJava, aparapi));
                partial.accept(format(device, rows));
            }
        }
        return format(device, rows);
    }

    private static StringBuilder format(Device device, List<Row> rows) {
        var t = new StringBuilder();
        t.append("## ").append(device.name()).append(" — ").append(device.platform().name()).append(", ")
                .append(device.type()).append(", driver ").append(device.driverVersion()).append(", ")
                .append(device.maxComputeUnits()).append(" CUs\n\n");
        t.append("| workload | size | jsycl kernel ms | hand-written ms | ratio | throughput jsycl / hand-written "
                + "| jsycl e2e ms | raw e2e ms | Java seq / par ms | check |\n");
        t.append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            t.append("| ").append(String.join(" | ", r.workload(), r.size(), r.jsycl(), r.raw(), r.ratio(),
                    r.throughput(), r.jsyclE2e(), r.rawE2e(), r.java(), r.check())).append(" |\n");
        }
        return t.append('\n');
    }

    /** The workload's row, then its Aparapi row where {@code aparapi} is not null and the workload has one. */
    private static List<Row> row(Workload w, Queue q, RawCl raw, Map<Workload, String> javaTimes, boolean skipJava,
            AparapiRow aparapi) {
        var c = w.config;
        String rawMs;
        String rawTp;
        Workload.Result rawResult = null;
        try {
            rawResult = w.raw(raw);
            rawMs = rawResult.kernel().ms();
            rawTp = rate(w, rawResult.kernel());
        } catch (RuntimeException e) {
            rawMs = "FAILED: " + oneLine(e);
            rawTp = "–";
        }
        String jsyclMs;
        String jsyclTp;
        String ratio = "–";
        String check;
        Workload.Result jsyclResult = null;
        if (w.jsyclMissing() != null) {
            jsyclMs = "n/a (" + w.jsyclMissing() + ")";
            jsyclTp = "–";
            check = rawResult == null ? "–" : String.valueOf(w.checkRawOnly(rawResult.output()));
            if (check.equals("null")) {
                check = "–";
            }
        } else {
            try {
                jsyclResult = w.jsycl(q);
                jsyclMs = jsyclResult.kernel().ms();
                jsyclTp = rate(w, jsyclResult.kernel());
            } catch (RuntimeException e) {
                jsyclMs = "FAILED: " + oneLine(e);
                jsyclTp = "–";
                e.printStackTrace();
            }
            if (jsyclResult != null && rawResult != null) {
                ratio = String.format("%.2f×", (double) jsyclResult.kernel().median() / rawResult.kernel().median());
                check = w.compare(jsyclResult.output(), rawResult.output());
                if (check.startsWith("MISMATCH")) {
                    System.err.println("*** " + w.name() + ": jsycl and hand-written results differ: " + check);
                }
            } else {
                check = "–";
            }
        }
        String jsyclE2e = "–";
        String rawE2e = "–";
        if (rawResult != null && w.rawEndToEnd(raw) >= 0) {
            rawE2e = Stats.measure(1, c.e2eRepeats(), () -> w.rawEndToEnd(raw)).ms();
        }
        if (jsyclResult != null && w.jsyclEndToEnd(q) >= 0) {
            jsyclE2e = Stats.measure(1, c.e2eRepeats(), () -> w.jsyclEndToEnd(q)).ms();
        }
        String java = skipJava ? "–" : javaTimes.computeIfAbsent(w, k -> {
            Stats seq = Stats.wall(1, c.javaRepeats(), k::javaSequential);
            Stats par = Stats.wall(1, c.javaRepeats(), k::javaParallel);
            return String.format("%.3f / %.3f", seq.medianMs(), par.medianMs());
        });
        var main = new Row(w.name(), w.size(), jsyclMs, rawMs, ratio, jsyclTp + " / " + rawTp, jsyclE2e, rawE2e, java,
                check);
        Workload.Result jsyclRun = jsyclResult;
        var rows = new ArrayList<Row>(List.of(main));
        if (aparapi != null) {
            rows.addAll(aparapi.rows(w, rawResult, jsyclResult,
                    jsyclRun == null ? () -> null : () -> w.jsyclEndToEndKept(q, true),
                    jsyclRun == null ? () -> null : () -> w.jsyclEndToEndKept(q, false)));
        }
        Row fast = jsyclResult == null || rawResult == null ? null : fastMathRow(w, q, rawResult);
        if (fast != null) {
            rows.add(fast);
        }
        return rows;
    }

    /**
     * The row "jsycl, h.fastMath()" under a workload that has one ({@link Workload#jsyclFastMath}): kernel time and
     * ratio to the hand-written kernel (which keeps Java's rounding), and its output checked "close" to the
     * hand-written one as Aparapi's is. Set beside the Aparapi row it shows how much of a gap to Aparapi is the
     * price of Java's floating-point semantics.
     */
    private static Row fastMathRow(Workload w, Queue q, Workload.Result rawResult) {
        Workload.Result fast;
        try {
            fast = w.jsyclFastMath(q);
        } catch (RuntimeException e) {
            return new Row("jsycl, h.fastMath(): " + w.name(), w.size(), "FAILED: " + oneLine(e), "–", "–", "–", "–",
                    "–", "–", "–");
        }
        if (fast == null) {
            return null;
        }
        String ratio = String.format("%.2f×", (double) fast.kernel().median() / rawResult.kernel().median());
        return new Row("jsycl, h.fastMath(): " + w.name(), w.size(), fast.kernel().ms(), rawResult.kernel().ms(), ratio,
                rate(w, fast.kernel()) + " / –", "–", "–", "–",
                // Not a failure of the run: fast math is allowed to round differently; the row says by how much.
                AparapiRow.check(w, fast.output(), rawResult.output()).replaceFirst("^MISMATCH", "differs (fast math)"));
    }

    private static String rate(Workload w, Stats s) {
        return String.format("%.1f %s", w.work() / s.median(), w.unit());
    }

    private static String oneLine(Throwable e) {
        String m = e.getClass().getSimpleName() + ": " + e.getMessage();
        m = m.replace('\n', ' ').replace('|', '/');
        return m.length() > 160 ? m.substring(0, 160) + "…" : m;
    }

    /** OpenCL devices, or those {@code which} names: "gpu", "cpu", or a substring of the device name. */
    static List<Device> devices(String which) {
        List<Device> all = Device.all().stream().filter(d -> !d.isHost()).toList();
        if (which == null) {
            return all;
        }
        String w = which.toLowerCase(Locale.ROOT);
        if (w.equals("host")) {
            return Device.all().stream().filter(Device::isHost).toList(); // the pure-Java host device
        }
        List<Device> picked = all.stream().filter(d -> switch (w) {
            case "gpu" -> d.type() == io.jsycl.DeviceType.GPU;
            case "cpu" -> d.type() == io.jsycl.DeviceType.CPU;
            default -> d.name().toLowerCase(Locale.ROOT).contains(w);
        }).toList();
        if (picked.isEmpty()) {
            throw new IllegalArgumentException("--device " + which + " matches none of " + all.stream().map(Device::name).toList());
        }
        return picked;
    }

    /**
     * The checked-layer device that is {@code d}: same platform and PCI address where {@code d} has one (two GPUs of
     * one model share a name), else same platform, name and driver.
     */
    static ClDevice match(Device d) {
        String pci = d.pciBusId().orElse(null);
        for (ClPlatform p : ClPlatform.all()) {
            if (!p.name().equals(d.platform().name())) {
                continue;
            }
            for (ClDevice c : p.devices()) {
                boolean same = pci != null ? pci.equals(c.pciBusId())
                        : c.name().equals(d.name()) && c.driverVersion().equals(d.driverVersion());
                if (same) {
                    return c;
                }
            }
        }
        throw new IllegalStateException("no OpenCL device matches " + d.name());
    }

    static Map<String, String> parse(String[] args) {
        var m = new HashMap<String, String>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument: " + a);
            }
            String key = a.substring(2);
            if (key.equals("quick") || key.equals("skip-java") || key.equals("skip-aparapi")
                    || key.equals("small") || key.equals("interleave") || key.equals("by-hand")
                    || key.equals("same-context") || key.equals("first-apart") || key.equals("prepare")
                    || key.equals("switches")) {
                m.put(key, "true");
            } else if (i + 1 < args.length) {
                m.put(key, args[++i]);
            } else {
                throw new IllegalArgumentException(a + " needs a value");
            }
        }
        return m;
    }

    static int intOpt(Map<String, String> o, String key, int def) {
        return o.containsKey(key) ? Integer.parseInt(o.get(key)) : def;
    }

}
