package io.jsycl.cli;

import io.jsycl.lowering.AccessMode;
import io.jsycl.lowering.Capture;
import io.jsycl.lowering.KernelLowerer;
import io.jsycl.lowering.KernelRequest;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.lowering.LoweringException;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code jsycl kernels}: finds every kernel lambda in classes or jars and lowers it to OpenCL C
 * without running it. The capture shapes that the runtime reads off the live values at submit are
 * rebuilt from the class files ({@link KernelInference}); each accessor is first lowered read-write
 * and then read-only, which is kept when the body never writes through it.
 */
final class KernelsCommand {
    static final String HELP = """
            usage: jsycl kernels [--cp PATH] [--out DIR] [--quiet] CLASS-OR-JAR...
            Finds the kernel lambdas (ItemKernel, NdItemKernel, TaskKernel, ReductionKernel, ReductionKernel2-4)
            in each input and lowers each to OpenCL C without running it. An input is a jar, a folder of class files, a
            .class file, or a class name looked up on --cp and jsycl's own class path.
              --cp PATH   where the inputs' own dependencies are (':'-separated jars and folders)
              --out DIR   write each kernel's source to DIR/KERNEL.cl instead of printing it
              --quiet     print only the summary and the errors
            What the class files do not say is assumed and noted: launch dimensions come from the constant
            indices given to Item.id(d) and the like, accessor dimensions from the indices given to get/set,
            accessors are read-only when the body never writes them, reductions are sums.
            Exit status: 0 every kernel lowered, 1 a kernel failed to lower or an input could not be read,
            2 usage error.""";

    private KernelsCommand() {
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        if (Main.wantsHelp(args)) {
            out.println(HELP);
            return Main.OK;
        }
        List<String> inputs = new ArrayList<>();
        List<Path> classPath = new ArrayList<>();
        Path outDir = null;
        boolean quiet = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--cp", "--out" -> {
                    if (i + 1 == args.size()) {
                        err.println("jsycl kernels: " + a + " needs a value; see jsycl kernels --help");
                        return Main.USAGE;
                    }
                    String value = args.get(++i);
                    if (a.equals("--out")) {
                        outDir = Path.of(value);
                    } else {
                        for (String p : value.split(File.pathSeparator)) {
                            if (!p.isEmpty()) {
                                classPath.add(Path.of(p));
                            }
                        }
                    }
                }
                case "--quiet", "-q" -> quiet = true;
                default -> {
                    if (a.startsWith("-")) {
                        err.println("jsycl kernels: unknown option '" + a + "'; see jsycl kernels --help");
                        return Main.USAGE;
                    }
                    inputs.add(a);
                }
            }
        }
        if (inputs.isEmpty()) {
            err.println("jsycl kernels: no class or jar given; see jsycl kernels --help");
            return Main.USAGE;
        }
        for (String input : inputs) {
            Path p = Path.of(input);
            if (Files.exists(p) && !input.endsWith(".class")) {
                classPath.add(p);
            } else if (Files.exists(p)) {
                // A lone class file: its package root is unknown, so only it is read.
                continue;
            }
        }
        try (var loader = new URLClassLoader(urls(classPath), KernelsCommand.class.getClassLoader())) {
            Map<String, byte[]> classes = new LinkedHashMap<>();
            for (String input : inputs) {
                try {
                    classes.putAll(read(input, loader));
                } catch (IOException | RuntimeException e) {
                    err.println("jsycl kernels: cannot read " + input + ": " + e.getMessage());
                    return Main.FAILURE;
                }
            }
            return lowerAll(classes, loader, outDir, quiet, out, err);
        } catch (IOException e) {
            err.println("jsycl kernels: " + e.getMessage());
            return Main.FAILURE;
        }
    }

    private static Map<String, byte[]> read(String input, ClassLoader loader) throws IOException {
        Path p = Path.of(input);
        if (Files.exists(p)) {
            return KernelScanner.classFiles(p);
        }
        String resource = input.replace('.', '/') + ".class";
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no such file, and no class " + input + " on the class path (add it with --cp)");
            }
            var classes = new LinkedHashMap<String, byte[]>();
            classes.put(input.replace('.', '/'), in.readAllBytes());
            return classes;
        }
    }

    private static int lowerAll(Map<String, byte[]> classes, ClassLoader loader, Path outDir, boolean quiet,
            PrintStream out, PrintStream err) throws IOException {
        int lowered = 0;
        int failed = 0;
        int skipped = 0;
        Set<String> seen = new HashSet<>();
        for (byte[] classFile : classes.values()) {
            for (KernelScanner.Site site : KernelScanner.scan(classFile)) {
                if (!seen.add(site.impl().getOwner() + "." + site.impl().getName() + site.impl().getDesc())) {
                    continue;
                }
                KernelInference.Inferred inferred;
                try {
                    inferred = KernelInference.infer(site, loader);
                } catch (KernelInference.CannotInfer e) {
                    err.println("jsycl kernels: skipped " + site.label() + " (" + site.where() + "): " + e.getMessage());
                    skipped++;
                    continue;
                }
                LoweredKernel kernel;
                try {
                    kernel = lowerNarrowest(inferred.request());
                } catch (LoweringException | IllegalArgumentException e) {
                    err.println("jsycl kernels: " + oneLine(e.getMessage()));
                    failed++;
                    continue;
                }
                lowered++;
                String header = "// " + kernel.kernelName() + " (" + site.where() + "): "
                        + KernelScanner.simpleName(site.kernelInterface())
                        + (inferred.request().dimensions() > 0 ? ", " + inferred.request().dimensions() + "-D" : "")
                        + inferred.assumptions().stream().map(s -> "\n// assumed: " + s).reduce("", String::concat);
                if (outDir != null) {
                    Files.createDirectories(outDir);
                    Path file = outDir.resolve(kernel.kernelName() + ".cl");
                    Files.writeString(file, header + "\n" + kernel.source(), StandardCharsets.UTF_8);
                    if (!quiet) {
                        out.println("wrote " + file);
                    }
                } else if (!quiet) {
                    out.println(header);
                    out.println(kernel.source());
                }
            }
        }
        out.printf("%d kernel%s lowered, %d failed, %d skipped%n", lowered, lowered == 1 ? "" : "s", failed, skipped);
        return failed > 0 ? Main.FAILURE : Main.OK;
    }

    /**
     * Lowers with every accessor read-write, then makes each accessor read-only where the kernel
     * still lowers (it never writes through it), as the runtime would for a {@code read} accessor.
     */
    static LoweredKernel lowerNarrowest(KernelRequest request) {
        LoweredKernel kernel = KernelLowerer.lower(request);
        List<Capture> captures = new ArrayList<>(request.captures());
        for (int i = 0; i < captures.size(); i++) {
            if (captures.get(i) instanceof Capture.Accessor a) {
                captures.set(i, new Capture.Accessor(a.element(), a.dimensions(), AccessMode.READ));
                try {
                    kernel = KernelLowerer.lower(with(request, captures));
                } catch (LoweringException e) {
                    captures.set(i, a);
                }
            }
        }
        return kernel;
    }

    private static KernelRequest with(KernelRequest r, List<Capture> captures) {
        return new KernelRequest(r.loader(), r.implClass(), r.implMethod(), r.implDescriptor(), r.shape(),
                r.dimensions(), captures, r.checked(), r.reductions());
    }

    private static URL[] urls(List<Path> paths) {
        var urls = new URL[paths.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = paths.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException(paths.get(i).toString(), e);
            }
        }
        return urls;
    }

    private static String oneLine(String message) {
        return message == null ? "(no message)" : message.replaceAll("\\s*\\R\\s*", " ");
    }
}
