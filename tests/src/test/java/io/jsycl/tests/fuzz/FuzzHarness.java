package io.jsycl.tests.fuzz;

import io.jsycl.Device;
import io.jsycl.Queue;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;

/**
 * Compiles generated programs with javac, runs each on the host device (the reference) and on
 * OpenCL devices, and compares the outputs bit for bit (any NaN equals any NaN).
 */
final class FuzzHarness {
    static final String PKG = "io.jsycl.fuzzgen";

    /** The generated class name for a seed. */
    static String className(long seed) {
        return "P" + Long.toHexString(seed).toUpperCase();
    }

    /** A failure: what happened, and everything needed to reproduce it. */
    record Finding(long seed, String device, String what, String source, String openCl) {
        String report() {
            return "=== fuzz finding, seed " + seed + " (0x" + Long.toHexString(seed) + ") on " + device + ": " + what
                    + "\n--- reproduce: -Djsycl.fuzz.seed=" + seed + " -Djsycl.fuzz.count=1\n--- Java source:\n" + source
                    + "\n--- OpenCL C:\n" + openCl + "\n";
        }
    }

    private final Path dir;
    private final Path dumpDir;

    FuzzHarness() {
        try {
            dir = Files.createTempDirectory("jsycl-fuzz");
            dumpDir = dir.resolve("kernels");
            Files.createDirectories(dumpDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.setProperty("jsycl.dumpKernels", dumpDir.toString());
    }

    /** Compiles every program of the seeds in one javac run and returns a loader for them. */
    ClassLoader compile(long[] seeds, String[] sources) throws IOException {
        Path src = dir.resolve("src");
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes);
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < seeds.length; i++) {
            Path f = src.resolve(PKG.replace('.', '/')).resolve(className(seeds[i]) + ".java");
            Files.createDirectories(f.getParent());
            Files.writeString(f, sources[i]);
            files.add(f);
        }
        var javac = ToolProvider.getSystemJavaCompiler();
        var diagnostics = new DiagnosticCollector<JavaFileObject>();
        try (var fm = javac.getStandardFileManager(diagnostics, null, null)) {
            var units = fm.getJavaFileObjectsFromPaths(files);
            var errors = new StringWriter();
            boolean ok = javac.getTask(errors, fm, diagnostics,
                    List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path"), "-g", "-proc:none",
                            "-nowarn", "-Xlint:none"),
                    null, units).call();
            if (!ok) {
                var sb = new StringBuilder("generated programs do not compile (generator bug):\n").append(errors);
                diagnostics.getDiagnostics().stream().limit(20).forEach(d -> sb.append(d).append('\n'));
                throw new IllegalStateException(sb.toString());
            }
        }
        return new URLClassLoader(new URL[] {classes.toUri().toURL()}, FuzzHarness.class.getClassLoader());
    }

    /**
     * Line-based reduction of a failing program: repeatedly drops single statements or whole
     * brace blocks while the program still compiles and still fails the same way on the device.
     */
    String reduce(long seed, String source, List<Device> devices) throws Exception {
        String kind = failureKind(seed, source, devices);
        if (kind == null) {
            return source;
        }
        List<String> lines = new ArrayList<>(source.lines().toList());
        boolean progress = true;
        while (progress) {
            progress = false;
            for (int i = lines.size() - 1; i >= 0; i--) {
                String t = lines.get(i).strip();
                if (t.startsWith("package") || t.startsWith("import") || t.startsWith("public") || t.startsWith("try")
                        || t.startsWith("var ") || t.startsWith("q.submit") || t.startsWith("h.parallelFor")
                        || t.startsWith("return") || t.contains(".set(") || t.matches("w\\d+\\+\\+;") || t.startsWith("static") || t.equals("}") || t.equals("});")) {
                    continue;
                }
                int end = i;
                if (t.endsWith("{")) {
                    int depth = 0;
                    for (end = i; end < lines.size(); end++) {
                        String u = lines.get(end);
                        depth += u.chars().filter(c -> c == '{').count() - u.chars().filter(c -> c == '}').count();
                        if (depth <= 0 && end > i) {
                            break;
                        }
                    }
                    if (end >= lines.size()) {
                        continue;
                    }
                }
                List<String> candidate = new ArrayList<>(lines.subList(0, i));
                candidate.addAll(lines.subList(end + 1, lines.size()));
                String text = String.join("\n", candidate) + "\n";
                if (kind.equals(failureKind(seed, text, devices))) {
                    lines = candidate;
                    progress = true;
                    i = Math.min(i, lines.size());
                }
            }
        }
        return String.join("\n", lines) + "\n";
    }

    private int reduceRound;

    /** "mismatch", "device failed" and the like, or null when the program passes or does not compile. */
    private String failureKind(long seed, String source, List<Device> devices) {
        try {
            Path sub = dir.resolve("reduce" + reduceRound++);
            var h = new FuzzHarness(sub);
            ClassLoader loader = h.compileQuietly(seed, source);
            if (loader == null) {
                return null;
            }
            var found = h.check(loader, seed, source, devices);
            return found.isEmpty() ? null : found.getFirst().what().replaceAll(":.*", "").replaceAll("(?s)\\n.*", "");
        } catch (Exception e) {
            return null;
        }
    }

    private FuzzHarness(Path dir) throws IOException {
        this.dir = dir;
        this.dumpDir = dumpDirOf();
        Files.createDirectories(dir);
    }

    private Path dumpDirOf() {
        return Path.of(System.getProperty("jsycl.dumpKernels"));
    }

    private ClassLoader compileQuietly(long seed, String source) {
        try {
            return compile(new long[] {seed}, new String[] {source});
        } catch (IllegalStateException | IOException e) {
            return null;
        }
    }

    /** Runs one compiled program on the host device and on each device; findings, empty if all agree. */
    List<Finding> check(ClassLoader loader, long seed, String source, List<Device> devices) throws Exception {
        Class<?> c = Class.forName(PKG + "." + className(seed), true, loader);
        Method run = Arrays.stream(c.getMethods()).filter(m -> m.getName().equals("run")).findFirst().orElseThrow();
        Inputs in = Inputs.of(seed);
        Outputs ref;
        try {
            ref = runOn(run, Device.host(), in);
        } catch (Throwable t) {
            return List.of(new Finding(seed, "host", "host device failed: " + stack(t), source, openCl(seed)));
        }
        List<Finding> findings = new ArrayList<>();
        for (Device d : devices) {
            try {
                Outputs o = runOn(run, d, in);
                String diff = ref.diff(o);
                if (diff != null) {
                    findings.add(new Finding(seed, d.name(), "mismatch: " + diff, source, openCl(seed)));
                }
            } catch (Throwable t) {
                findings.add(new Finding(seed, d.name(), "device failed: " + stack(t), source, openCl(seed)));
            }
        }
        return findings;
    }

    private static String stack(Throwable t) {
        if (t instanceof InvocationTargetException ite && ite.getCause() != null) {
            t = ite.getCause();
        }
        var sw = new StringWriter();
        t.printStackTrace(new java.io.PrintWriter(sw));
        String s = sw.toString();
        return s.length() > 6000 ? s.substring(0, 6000) + "..." : s;
    }

    private String openCl(long seed) {
        String name = className(seed);
        try (Stream<Path> files = Files.list(dumpDir)) {
            var sb = new StringBuilder();
            for (Path p : files.filter(p -> p.getFileName().toString().contains(name)).sorted().toList()) {
                sb.append("// ").append(p.getFileName()).append('\n').append(Files.readString(p)).append('\n');
            }
            return sb.isEmpty() ? "(none dumped; kernels named after " + name + ")" : sb.toString();
        } catch (IOException e) {
            return "(cannot read " + dumpDir + ": " + e + ")";
        }
    }

    private static Outputs runOn(Method run, Device d, Inputs in) throws Exception {
        var o = new Outputs();
        try (var q = new Queue(d)) {
            run.invoke(null, q, in.i.clone(), in.l.clone(), in.f.clone(), in.d.clone(), o.m, o.i, o.l, o.f, o.d);
            q.await();
        }
        return o;
    }

    /** Inputs: random values salted with edge cases. */
    record Inputs(int[] i, long[] l, float[] f, double[] d) {
        static Inputs of(long seed) {
            var r = new SplittableRandom(seed ^ 0x5DEECE66DL);
            int n = FuzzGen.N * FuzzGen.IN;
            int[] ii = new int[n];
            long[] ll = new long[n];
            float[] ff = new float[n];
            double[] dd = new double[n];
            int[] iEdge = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 31, 32, 33, -32, 64, 255, 65535, 65536, -128};
            long[] lEdge = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 63, 64, -64, 0xFFFFFFFFL, 0x80000000L, Integer.MIN_VALUE};
            float[] fEdge = {0f, -0f, 1f, -1f, 0.5f, 1.5f, 2.5f, -2.5f, Float.NaN, Float.intBitsToFloat(0xffc00000),
                    Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE,
                    Float.MIN_NORMAL, 1e-40f, 2.14748365E9f, -2.1474839E9f, 9.223372E18f, 8388607.5f, 0.49999997f};
            double[] dEdge = {0d, -0d, 1d, -1d, 0.5, 1.5, 2.5, -2.5, Double.NaN, Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL,
                    1e-310, 2147483648.0, -2147483649.0, 9.223372036854775807E18, 4503599627370495.5, 0.49999999999999994,
                    3.4028235677973366E38, 1.401298464324817E-45, 0.1};
            for (int k = 0; k < n; k++) {
                ii[k] = switch (r.nextInt(4)) {
                    case 0 -> iEdge[r.nextInt(iEdge.length)];
                    case 1 -> r.nextInt(-20, 21);
                    default -> r.nextInt();
                };
                ll[k] = switch (r.nextInt(4)) {
                    case 0 -> lEdge[r.nextInt(lEdge.length)];
                    case 1 -> r.nextLong(-20, 21);
                    default -> r.nextLong();
                };
                ff[k] = switch (r.nextInt(4)) {
                    case 0 -> fEdge[r.nextInt(fEdge.length)];
                    case 1 -> (float) r.nextInt(-20, 21) / 4;
                    case 2 -> Float.intBitsToFloat(r.nextInt());
                    default -> (float) r.nextDouble(-1e4, 1e4);
                };
                dd[k] = switch (r.nextInt(4)) {
                    case 0 -> dEdge[r.nextInt(dEdge.length)];
                    case 1 -> (double) r.nextInt(-20, 21) / 4;
                    case 2 -> Double.longBitsToDouble(r.nextLong());
                    default -> r.nextDouble(-1e6, 1e6);
                };
            }
            return new Inputs(ii, ll, ff, dd);
        }
    }

    /** Output buffers of one run. */
    static final class Outputs {
        final int size = FuzzGen.N * FuzzGen.KERNELS;
        final long[] m = new long[size];
        final int[] i = new int[size];
        final long[] l = new long[size];
        final float[] f = new float[size];
        final double[] d = new double[size];

        /** The first difference from another run, or null. */
        String diff(Outputs o) {
            for (int k = 0; k < size; k++) {
                String where = "kernel " + k / FuzzGen.N + " work-item " + k % FuzzGen.N + ": ";
                if (m[k] != o.m[k]) {
                    return where + "mix host 0x" + Long.toHexString(m[k]) + " device 0x" + Long.toHexString(o.m[k]);
                }
                if (i[k] != o.i[k]) {
                    return where + "int host " + i[k] + " device " + o.i[k];
                }
                if (l[k] != o.l[k]) {
                    return where + "long host " + l[k] + " device " + o.l[k];
                }
                if (Float.floatToIntBits(f[k]) != Float.floatToIntBits(o.f[k])) {
                    return where + "float host " + f[k] + " (0x" + Integer.toHexString(Float.floatToRawIntBits(f[k])) + ") device "
                            + o.f[k] + " (0x" + Integer.toHexString(Float.floatToRawIntBits(o.f[k])) + ")";
                }
                if (Double.doubleToLongBits(d[k]) != Double.doubleToLongBits(o.d[k])) {
                    return where + "double host " + d[k] + " (0x" + Long.toHexString(Double.doubleToRawLongBits(d[k]))
                            + ") device " + o.d[k] + " (0x" + Long.toHexString(Double.doubleToRawLongBits(o.d[k])) + ")";
                }
            }
            return null;
        }
    }
}
