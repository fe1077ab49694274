package io.jsycl.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * First-kernel latency in fresh JVMs: runs {@link FirstKernel} {@code --runs} times per mode with the same java
 * binary and class path.
 * <ul>
 *   <li>cold: jsycl with a fresh, empty {@code jsycl.cache.dir} each run (lower, build from source);</li>
 *   <li>warm: jsycl with one cache folder, primed by an unmeasured run (lower, load the cached binary);</li>
 *   <li>raw: hand-written OpenCL C built from source through the checked layer (no jsycl cache);</li>
 *   <li>aparapi: the same vector add as an Aparapi 3.0.2 kernel ({@link AparapiFirstKernel}), Aparapi choosing the
 *       device by type (GPU for {@code --device gpu}).</li>
 * </ul>
 * Two tables: driver caches as a user would have them (NVIDIA's compute cache on, and warmed by earlier runs of the
 * same kernel), and every child JVM with {@code CUDA_CACHE_DISABLE=1} and {@code POCL_KERNEL_CACHE=0}, so that
 * NVIDIA's driver (or PoCL) compiles every time and "cold" is truly cold (each variable is harmless elsewhere). Each row also splits the first
 * kernel into the program build (from source, or loading jsycl's cached binary) and the rest (jsycl: lowering,
 * buffers, launch, read back).
 *
 * With the driver cache off, each child also gets its own empty {@code POCL_CACHE_DIR}: PoCL leaves the work-group
 * functions it compiles at the first launch in its "uncached" folder, under a name that a later process loading the
 * same binary finds again, so without it a warm run would skip that compile only because an earlier run left files.
 *
 * <p>{@code --aot on} adds two rows, "cold, AOT cache" and "warm, AOT cache": the same children started with
 * {@code -XX:AOTCache} (JDK 25, JEPs 483/514/515), a cache made once by a cold training run with
 * {@code -XX:AOTCacheOutput}. They show the JVM's share of the first kernel (class loading and linking, method
 * handles, downcall stubs) as a deployment option; the default rows never use it.
 *
 * <pre>FirstKernelLatency [--runs N] [--device gpu|cpu|NAME] [--out FILE] [--modes default,nocache] [--aot on]</pre>
 */
public final class FirstKernelLatency {
    private FirstKernelLatency() {
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = Suite.parse(args);
        int runs = Suite.intOpt(opts, "runs", 5);
        String device = opts.get("device");
        List<String> driverModes = List.of(opts.getOrDefault("modes", "default,nocache").split(","));
        boolean aot = "on".equals(opts.get("aot"));
        Path root = Files.createTempDirectory("jsycl-first-kernel");
        var out = new StringBuilder("## First-kernel latency in fresh JVMs (" + runs + " runs each"
                + (device == null ? "" : ", device " + device) + ")\n\n"
                + "Command: `FirstKernelLatency " + String.join(" ", args) + "`\n\n"
                + "Time from a created context+queue to the first small kernel's result (vector add of "
                + FirstKernel.N + " floats) in a Java array; JVM start to exit beside it. \"build\" is the part of the "
                + "first kernel spent making the program (cold, raw: from source; warm: from jsycl's cached binary), "
                + "\"rest\" the remainder (jsycl: lowering, buffers, launch, read back; aparapi: reading the class, "
                + "generating OpenCL C, context and queue, buffers, launch, read back; its build is clBuildProgram "
                + "from Aparapi's own profile, and its context+queue column is finding the device: loading its JNI library and "
                + "listing the platforms); medians of each column, so build + rest "
                + "need not add up to the first-kernel median. Milliseconds.\n\n");
        Stats defaultCold = null;
        for (String driverMode : driverModes) {
            boolean noCache = driverMode.equals("nocache");
            Path warmDir = root.resolve("warm-" + driverMode);
            out.append(noCache
                    ? "### Driver compile cache off (`CUDA_CACHE_DISABLE=1 POCL_KERNEL_CACHE=0` in every child JVM)\n\n"
                    : "### Default (driver caches as a user has them)\n\n");
            out.append("| mode | first kernel ms median (min–max) | build ms | rest ms | context+queue ms | whole JVM ms |\n"
                    + "|---|---|---|---|---|---|\n");
            run("jsycl", device, warmDir, noCache, false, null, root); // primes the warm cache, unmeasured
            Path aotCache = null;
            if (aot) {
                aotCache = root.resolve("first-kernel-" + driverMode + ".aot");
                run("jsycl", device, root.resolve("aot-training-" + driverMode), noCache, false,
                        "-XX:AOTCacheOutput=" + aotCache, root); // a cold run trains the AOT cache, unmeasured
            }
            Stats cold = null;
            Stats warm = null;
            Stats raw = null;
            Stats coldAot = null;
            Stats warmAot = null;
            Stats aparapi = null;
            List<String> modes = aot
                    ? List.of("cold", "warm", "raw", "aparapi", "cold, AOT cache", "warm, AOT cache")
                    : List.of("cold", "warm", "raw", "aparapi");
            for (String mode : modes) {
                boolean withAot = mode.endsWith("AOT cache");
                long[] first = new long[runs];
                long[] setup = new long[runs];
                long[] build = new long[runs];
                long[] rest = new long[runs];
                long[] jvm = new long[runs];
                for (int i = 0; i < runs; i++) {
                    Path dir = mode.startsWith("cold")
                            ? root.resolve(mode.replaceAll("\\W+", "-") + "-" + driverMode + "-" + i) : warmDir;
                    long t0 = System.nanoTime();
                    String child = mode.equals("raw") || mode.equals("aparapi") ? mode : "jsycl";
                    long[] r = run(child, device, dir, noCache, true, withAot ? "-XX:AOTCache=" + aotCache : null, root);
                    jvm[i] = System.nanoTime() - t0;
                    setup[i] = r[0];
                    first[i] = r[1];
                    build[i] = r[2];
                    rest[i] = r[1] - r[2];
                }
                Stats s = Stats.of(first);
                switch (mode) {
                    case "cold" -> cold = s;
                    case "warm" -> warm = s;
                    case "raw" -> raw = s;
                    case "aparapi" -> aparapi = s;
                    case "cold, AOT cache" -> coldAot = s;
                    default -> warmAot = s;
                }
                out.append(String.format("| %s | %s | %.1f | %.1f | %.1f | %.1f |%n", mode, s.ms(),
                        Stats.of(build).medianMs(), Stats.of(rest).medianMs(), Stats.of(setup).medianMs(),
                        Stats.of(jvm).medianMs()));
            }
            out.append(String.format("%nwarm / cold (medians): %.3f; cold / raw: %.3f; warm / raw: %.3f%n",
                    (double) warm.median() / cold.median(), (double) cold.median() / raw.median(),
                    (double) warm.median() / raw.median()));
            out.append(String.format("cold / Aparapi: %.3f; warm / Aparapi: %.3f%n",
                    (double) cold.median() / aparapi.median(), (double) warm.median() / aparapi.median()));
            if (aot) {
                out.append(String.format("with the AOT cache: warm / cold (medians): %.3f; warm, AOT cache / cold"
                        + " (medians): %.3f%n", (double) warmAot.median() / coldAot.median(),
                        (double) warmAot.median() / cold.median()));
            }
            if (noCache && defaultCold != null) {
                out.append(String.format("cold with driver cache off / cold by default (medians): %.3f%n",
                        (double) cold.median() / defaultCold.median()));
            }
            out.append('\n');
            if (!noCache) {
                defaultCold = cold;
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

    /** Runs FirstKernel in a new JVM; returns {setup_ns, first_kernel_ns, build_ns}. */
    private static long[] run(String mode, String device, Path cacheDir, boolean noDriverCache, boolean parse,
            String jvmOption, Path root) throws IOException, InterruptedException {
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
        if (noDriverCache) {
            pb.environment().put("CUDA_CACHE_DISABLE", "1"); // NVIDIA's compute cache (PTX to SASS and more)
            pb.environment().put("POCL_KERNEL_CACHE", "0"); // PoCL's own kernel cache, for the same on PoCL
            // PoCL's leftover work-group functions: see the class comment.
            pb.environment().put("POCL_CACHE_DIR", Files.createTempDirectory(root, "pocl-").toString());
        }
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException("FirstKernel failed (" + String.join(" ", cmd) + "):\n" + output);
        }
        long[] r = new long[3];
        for (String line : output.split("\n")) {
            if (line.startsWith("setup_ns=")) {
                r[0] = Long.parseLong(line.substring(9).trim());
            } else if (line.startsWith("first_kernel_ns=")) {
                r[1] = Long.parseLong(line.substring(16).trim());
            } else if (line.startsWith("build_ns=")) {
                r[2] = Long.parseLong(line.substring(9).trim());
            }
        }
        if (parse && r[1] == 0) {
            throw new IllegalStateException("no first_kernel_ns in output of FirstKernel:\n" + output);
        }
        return r;
    }
}
