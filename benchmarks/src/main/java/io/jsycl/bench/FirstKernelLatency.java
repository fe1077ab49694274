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
 *   <li>raw: hand-written OpenCL C built from source through the checked layer (no jsycl cache).</li>
 * </ul>
 * Driver-level caches (NVIDIA's compute cache) are left as a user would have them.
 *
 * <pre>FirstKernelLatency [--runs N] [--device gpu|cpu|NAME] [--out FILE]</pre>
 */
public final class FirstKernelLatency {
    private FirstKernelLatency() {
    }

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = Suite.parse(args);
        int runs = Suite.intOpt(opts, "runs", 5);
        String device = opts.get("device");
        Path root = Files.createTempDirectory("jsycl-first-kernel");
        Path warmDir = root.resolve("warm");
        var out = new StringBuilder("## First-kernel latency in fresh JVMs (" + runs + " runs each"
                + (device == null ? "" : ", device " + device) + ")\n\n"
                + "Time from a created context+queue to the first small kernel's result (vector add of "
                + FirstKernel.N + " floats) in a Java array; JVM start to exit beside it.\n\n"
                + "| mode | first kernel ms median (min–max) | context+queue ms | whole JVM ms |\n|---|---|---|---|\n");
        run(List.of("jsycl"), device, warmDir, false); // primes the warm cache, unmeasured
        Stats cold = null;
        Stats warm = null;
        for (String mode : List.of("cold", "warm", "raw")) {
            long[] first = new long[runs];
            long[] setup = new long[runs];
            long[] jvm = new long[runs];
            for (int i = 0; i < runs; i++) {
                Path dir = mode.equals("cold") ? root.resolve("cold-" + i) : warmDir;
                long t0 = System.nanoTime();
                long[] r = run(List.of(mode.equals("raw") ? "raw" : "jsycl"), device, dir, true);
                jvm[i] = System.nanoTime() - t0;
                setup[i] = r[0];
                first[i] = r[1];
            }
            Stats s = Stats.of(first);
            if (mode.equals("cold")) {
                cold = s;
            } else if (mode.equals("warm")) {
                warm = s;
            }
            out.append(String.format("| %s | %s | %.1f | %.1f |%n", mode, s.ms(), Stats.of(setup).medianMs(),
                    Stats.of(jvm).medianMs()));
        }
        out.append(String.format("%nwarm / cold (medians): %.3f%n%n", (double) warm.median() / cold.median()));
        System.out.print(out);
        try (var files = Files.walk(root)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
        if (opts.containsKey("out")) {
            Files.writeString(Path.of(opts.get("out")), out);
        }
    }

    /** Runs FirstKernel in a new JVM; returns {setup_ns, first_kernel_ns}. */
    private static long[] run(List<String> mode, String device, Path cacheDir, boolean parse)
            throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        var cmd = new ArrayList<String>(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-Djsycl.cache.dir=" + cacheDir, "-cp", System.getProperty("java.class.path"),
                FirstKernel.class.getName()));
        cmd.addAll(mode);
        if (device != null) {
            cmd.add(device);
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException("FirstKernel failed (" + String.join(" ", cmd) + "):\n" + output);
        }
        long[] r = new long[2];
        for (String line : output.split("\n")) {
            if (line.startsWith("setup_ns=")) {
                r[0] = Long.parseLong(line.substring(9).trim());
            } else if (line.startsWith("first_kernel_ns=")) {
                r[1] = Long.parseLong(line.substring(16).trim());
            }
        }
        if (parse && r[1] == 0) {
            throw new IllegalStateException("no first_kernel_ns in output of FirstKernel:\n" + output);
        }
        return r;
    }
}
