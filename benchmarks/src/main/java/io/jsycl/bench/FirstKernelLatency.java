package io.jsycl.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * First-kernel latency in fresh JVMs: runs {@link FirstKernel} (and {@link AparapiFirstKernel}) {@code --runs}
 * times per row with the same java binary and class path, the rows taking turns so that a burst of load on the
 * machine spreads over all of them. The first kernel is the time from a created context and queue to its result in
 * a Java array; releasing everything afterwards is its own column (teardown).
 *
 * <p>Two tables ({@code --modes fresh,nocache}):
 * <ul>
 *   <li>{@code fresh} (alias {@code default}): a fresh machine, then the second run, as a user meets them. Cold is
 *       the first run on a fresh machine: jsycl's cache folder empty and the driver's compile caches on but empty
 *       (each cold child gets its own new, empty {@code POCL_CACHE_DIR} and {@code CUDA_CACHE_PATH}). Warm is the
 *       second run: jsycl's cache folder and the driver's cache folders primed by one earlier unmeasured run and
 *       shared by every warm child. This table's "warm / cold" is the first-kernel latency a user sees drop
 *       between the first and the second start of an application.</li>
 *   <li>{@code nocache}: every child with {@code CUDA_CACHE_DISABLE=1} and {@code POCL_KERNEL_CACHE=0} and its own
 *       empty {@code POCL_CACHE_DIR} (PoCL leaves the work-group functions it compiles at the first launch in its
 *       "uncached" folder, under a name a later process loading the same binary finds again), so the driver
 *       compiles every time and only jsycl's own cache makes warm differ from cold.</li>
 * </ul>
 * Rows: cold and warm (jsycl, as above); raw (hand-written OpenCL C built from source through the checked layer,
 * driver caches as cold has them); "raw, driver cache warm" (the shared driver cache folders, primed by one raw run);
 * "raw, JVM warmed" ({@link FirstKernel}'s {@code raw-jvm-warmed}: the same child first runs the whole raw vector add
 * once on another OpenCL device, or on a second context of the same device with a kernel source of another text,
 * then times the raw first kernel exactly as the raw row does; raw minus this row is the JVM's first use of the
 * bindings, this row the driver's first use of the device plus the build. With no other device the warm-up also
 * pays the driver's process-wide first use (on PoCL: loading its compiler), and the table says so); aparapi (the same vector add as an
 * Aparapi 3.0.2 kernel, {@link AparapiFirstKernel}, the device chosen by type) and "aparapi, driver cache warm".
 * Each row also splits the first kernel into the program build (from source, or loading jsycl's cached binary)
 * and the rest.
 *
 * <p>{@code --aot on} adds two rows, "cold, AOT cache" and "warm, AOT cache": the same children started with
 * {@code -XX:AOTCache} (JDK 25, JEPs 483/514/515), a cache made once per table by a cold training run with
 * {@code -XX:AOTCacheOutput}. They show the JVM's share of the first kernel (class loading and linking, method
 * handles, downcall stubs) as a deployment option; the other rows never use it.
 *
 * <pre>FirstKernelLatency [--runs N] [--device gpu|cpu|NAME] [--out FILE] [--modes fresh,nocache] [--aot on]</pre>
 */
public final class FirstKernelLatency {
    private FirstKernelLatency() {
    }

    /** Where a child's caches live: a new empty folder per child, or the table's shared, primed one. */
    private enum Caches { FRESH, SHARED }

    /** One table row: the child's mode, its jsycl and driver cache folders, and whether it uses the AOT cache. */
    private record Row(String label, String child, Caches jsycl, Caches driver, boolean aot) {
    }

    /** One child's report, in ns. */
    private record Result(long setup, long first, long teardown, long build, long jvm, String warmupDevice) {
    }

    /**
     * Runs every row in fresh JVMs and prints the tables (see the class comment).
     *
     * @param args the options of the class comment
     * @throws Exception if a child JVM fails or the output cannot be written
     */
    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = Suite.parse(args);
        int runs = Suite.intOpt(opts, "runs", 5);
        String device = opts.get("device");
        boolean aot = "on".equals(opts.get("aot"));
        var tables = new ArrayList<String>();
        for (String m : opts.getOrDefault("modes", "fresh,nocache").split(",")) {
            String t = m.equals("default") ? "fresh" : m;
            if (!t.equals("fresh") && !t.equals("nocache")) {
                throw new IllegalArgumentException("--modes takes fresh (or default) and nocache: " + m);
            }
            tables.add(t);
        }
        Path root = Files.createTempDirectory("jsycl-first-kernel");
        var out = new StringBuilder("## First-kernel latency in fresh JVMs (" + runs + " runs each"
                + (device == null ? "" : ", device " + device) + ")\n\n"
                + "Command: `FirstKernelLatency " + String.join(" ", args) + "`\n\n"
                + "Time from a created context+queue to the first small kernel's result (vector add of "
                + FirstKernel.N + " floats) in a Java array, before anything is released; releasing buffers, program, "
                + "queue and context afterwards is the teardown column; JVM start to exit beside it. \"build\" is "
                + "the part of the first kernel spent making the program (cold, raw: from source; warm: from jsycl's "
                + "cached binary), \"rest\" the remainder (jsycl: lowering, buffers, launch, read back; aparapi: "
                + "reading the class, generating OpenCL C, context and queue, buffers, launch, read back; its build is "
                + "clBuildProgram from Aparapi's own profile, and its context+queue column is finding the device: "
                + "loading its JNI library and listing the platforms); medians of each column, so build + rest "
                + "need not add up to the first-kernel median. The rows of a table take turns, one run each. "
                + "Milliseconds.\n\n");
        Stats freshCold = null;
        for (String table : tables) {
            boolean noCache = table.equals("nocache");
            Path warmDir = root.resolve("warm-" + table);
            Path sharedDriver = Files.createDirectories(root.resolve("driver-" + table));
            var rows = new ArrayList<Row>(List.of(
                    new Row("cold", "jsycl", Caches.FRESH, Caches.FRESH, false),
                    new Row("warm", "jsycl", Caches.SHARED, Caches.SHARED, false),
                    new Row("raw", "raw", Caches.FRESH, Caches.FRESH, false)));
            if (!noCache) {
                rows.add(new Row("raw, driver cache warm", "raw", Caches.FRESH, Caches.SHARED, false));
                rows.add(new Row("raw, JVM warmed", "raw-jvm-warmed", Caches.FRESH, Caches.FRESH, false));
            }
            rows.add(new Row("aparapi", "aparapi", Caches.FRESH, Caches.FRESH, false));
            if (!noCache) {
                rows.add(new Row("aparapi, driver cache warm", "aparapi", Caches.FRESH, Caches.SHARED, false));
            }
            if (aot) {
                rows.add(new Row("cold, AOT cache", "jsycl", Caches.FRESH, Caches.FRESH, true));
                rows.add(new Row("warm, AOT cache", "jsycl", Caches.SHARED, Caches.SHARED, true));
            }
            out.append(noCache
                    ? "### Driver compile cache off (`CUDA_CACHE_DISABLE=1 POCL_KERNEL_CACHE=0` in every child JVM)\n\n"
                    : "### A fresh machine, then the second run (driver compile caches on: cold starts them empty, "
                            + "warm finds them primed)\n\n");
            out.append("| mode | first kernel ms median (min–max) | build ms | rest ms | context+queue ms | teardown ms"
                    + " | whole JVM ms |\n|---|---|---|---|---|---|---|\n");
            // Unmeasured: one earlier run primes the second-run caches, for each kind of child that uses them.
            var primed = new ArrayList<String>();
            for (Row r : rows) {
                if (r.driver == Caches.SHARED && !primed.contains(r.child)) {
                    primed.add(r.child);
                    run(r.child, device, warmDir, driverEnv(noCache, sharedDriver, root), null, root);
                }
            }
            Path aotCache = root.resolve("first-kernel-" + table + ".aot");
            if (aot) { // a cold run trains the AOT cache, unmeasured
                run("jsycl", device, Files.createTempDirectory(root, "aot-training-"),
                        driverEnv(noCache, null, root), "-XX:AOTCacheOutput=" + aotCache, root);
            }
            var results = new LinkedHashMap<Row, List<Result>>();
            for (int i = 0; i < runs; i++) {
                for (Row r : rows) {
                    Path jsyclDir = r.jsycl == Caches.SHARED ? warmDir : Files.createTempDirectory(root, "jsycl-");
                    var env = driverEnv(noCache, r.driver == Caches.SHARED ? sharedDriver : null, root);
                    results.computeIfAbsent(r, k -> new ArrayList<>()).add(
                            run(r.child, device, jsyclDir, env, r.aot ? "-XX:AOTCache=" + aotCache : null, root));
                }
            }
            var medians = new LinkedHashMap<String, Stats>();
            for (var e : results.entrySet()) {
                List<Result> rs = e.getValue();
                Stats first = stats(rs, Result::first);
                medians.put(e.getKey().label, first);
                out.append(String.format("| %s | %s | %.1f | %.1f | %.1f | %.1f | %.1f |%n", e.getKey().label,
                        first.ms(), stats(rs, Result::build).medianMs(), stats(rs, x -> x.first - x.build).medianMs(),
                        stats(rs, Result::setup).medianMs(), stats(rs, Result::teardown).medianMs(),
                        stats(rs, Result::jvm).medianMs()));
            }
            Stats cold = medians.get("cold");
            Stats warm = medians.get("warm");
            Stats raw = medians.get("raw");
            out.append(String.format("%nwarm / cold (medians): %.3f; cold / raw: %.3f; warm / raw: %.3f%n",
                    ratio(warm, cold), ratio(cold, raw), ratio(warm, raw)));
            Stats jvmWarmed = medians.get("raw, JVM warmed");
            if (jvmWarmed != null) {
                String where = results.entrySet().stream().filter(e -> e.getKey().label.equals("raw, JVM warmed"))
                        .findFirst().orElseThrow().getValue().getFirst().warmupDevice;
                if (where.startsWith("second context of ")) {
                    out.append(String.format("raw's first kernel: %.1f ms (raw − raw, JVM warmed) is the JVM's first "
                            + "use together with the driver's process-wide first use, since the warm-up could only run "
                            + "on a %s (no other device here; on PoCL that loads its compiler too); %.1f ms "
                            + "(raw, JVM warmed) is what a second context and a new program cost%n",
                            raw.medianMs() - jvmWarmed.medianMs(), where, jvmWarmed.medianMs()));
                } else {
                    out.append(String.format("raw's first kernel: the JVM's first use (raw − raw, JVM warmed, the "
                            + "warm-up on %s) %.1f ms; the driver's first use and the build (raw, JVM warmed) %.1f ms%n",
                            where, raw.medianMs() - jvmWarmed.medianMs(), jvmWarmed.medianMs()));
                }
            }
            Stats aparapi = medians.get("aparapi");
            out.append(String.format("cold / Aparapi: %.3f; warm / Aparapi: %.3f%n", ratio(cold, aparapi),
                    ratio(warm, aparapi)));
            if (aot) {
                out.append(String.format("with the AOT cache: warm / cold (medians): %.3f; warm, AOT cache / cold"
                        + " (medians): %.3f%n", ratio(medians.get("warm, AOT cache"), medians.get("cold, AOT cache")),
                        ratio(medians.get("warm, AOT cache"), cold)));
            }
            if (noCache && freshCold != null) {
                out.append(String.format("cold with driver cache off / cold on a fresh machine (medians): %.3f%n",
                        ratio(cold, freshCold)));
            }
            out.append('\n');
            if (!noCache) {
                freshCold = cold;
            }
        }
        System.out.print(out);
        try (var files = Files.walk(root)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
        if (opts.containsKey("out")) {
            Files.writeString(Path.of(opts.get("out")), out);
        }
    }

    private static Stats stats(List<Result> rs, java.util.function.ToLongFunction<Result> f) {
        return Stats.of(rs.stream().mapToLong(f).toArray());
    }

    private static double ratio(Stats a, Stats b) {
        return (double) a.median() / b.median();
    }

    /**
     * The driver cache variables of one child: with the caches off, both off and a private PoCL folder (see the
     * class comment); else the caches on, in {@code shared} or, when it is null, in new empty folders.
     */
    private static Map<String, String> driverEnv(boolean noCache, Path shared, Path root) throws IOException {
        if (noCache) {
            return Map.of("CUDA_CACHE_DISABLE", "1", // NVIDIA's compute cache (PTX to SASS and more)
                    "POCL_KERNEL_CACHE", "0", // PoCL's own kernel cache, for the same on PoCL
                    "POCL_CACHE_DIR", Files.createTempDirectory(root, "pocl-").toString());
        }
        Path dir = shared != null ? shared : Files.createTempDirectory(root, "driver-");
        return Map.of("POCL_KERNEL_CACHE", "1", "POCL_CACHE_DIR", Files.createDirectories(dir.resolve("pocl")).toString(),
                "CUDA_CACHE_PATH", Files.createDirectories(dir.resolve("cuda")).toString());
    }

    /** Runs FirstKernel (or AparapiFirstKernel) in a new JVM and returns what it printed. */
    private static Result run(String mode, String device, Path cacheDir, Map<String, String> env, String jvmOption,
            Path root) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        var cmd = new ArrayList<String>(List.of(java, "--enable-native-access=ALL-UNNAMED"));
        if (jvmOption != null) {
            cmd.add(jvmOption);
        }
        cmd.addAll(List.of("-Djsycl.cache.dir=" + cacheDir, "-cp", System.getProperty("java.class.path")));
        if (mode.equals("aparapi")) {
            cmd.add(AparapiFirstKernel.class.getName());
        } else {
            cmd.addAll(List.of(FirstKernel.class.getName(), mode));
        }
        if (device != null) {
            cmd.add(device);
        }
        var pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("CUDA_CACHE_DISABLE");
        pb.environment().putAll(env);
        long t0 = System.nanoTime();
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException("FirstKernel failed (" + String.join(" ", cmd) + "):\n" + output);
        }
        long jvm = System.nanoTime() - t0;
        var values = new LinkedHashMap<String, Long>();
        for (String line : output.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0 && line.substring(0, eq).endsWith("_ns") && !line.contains(" ")) {
                values.put(line.substring(0, eq), Long.parseLong(line.substring(eq + 1).trim()));
            }
        }
        if (!values.containsKey("first_kernel_ns")) {
            throw new IllegalStateException("no first_kernel_ns in the output of " + mode + ":\n" + output);
        }
        return new Result(values.getOrDefault("setup_ns", 0L), values.get("first_kernel_ns"),
                values.getOrDefault("teardown_ns", 0L), values.getOrDefault("build_ns", 0L), jvm,
                output.lines().filter(l -> l.startsWith("warmup_device=")).map(l -> l.substring(14)).findFirst()
                        .orElse(null));
    }
}
