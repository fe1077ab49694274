package io.jsycl.cli;

import io.jsycl.samples.SampleProgress;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * {@code jsycl run [--quiet] SAMPLE [ARGS]}: runs {@code io.jsycl.samples.SAMPLE.main} with a
 * {@link ProgressLine} listening to its {@link SampleProgress}; lists the samples without one.
 */
final class RunCommand {
    static final String PACKAGE = "io.jsycl.samples";
    static final String HELP = """
            usage: jsycl run [--quiet] [--profile] [SAMPLE [ARGS...]]
            Runs the sample program io.jsycl.samples.SAMPLE with ARGS on the default device
            (JSYCL_DEVICE=host|cpu|gpu|NAME picks another). Without SAMPLE, lists the samples.
            Samples of many steps (Stencil, NBody) show their progress on standard error: one line
            rewritten in place on a terminal (step k/N, time so far, time left), a plain line at each
            quarter of the steps otherwise.
              --quiet, -q   no progress (the sample's own output is unchanged)
              --profile     at exit, each kernel's launches and device time, the bytes moved, and each
                            context's memory pools (allocations, reuses, what they keep): JSYCL_PROFILE=1
            Exit status: the sample's own (0 when its result matched plain Java, 1 when not), 2 usage error.""";

    private RunCommand() {
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        if (!args.isEmpty() && (args.get(0).equals("--help") || args.get(0).equals("-h"))) {
            out.println(HELP);
            return Main.OK;
        }
        boolean quiet = false;
        while (!args.isEmpty() && List.of("--quiet", "-q", "--profile").contains(args.get(0))) {
            if (args.get(0).equals("--profile")) {
                System.setProperty("jsycl.profile", "1"); // read when the sample first touches the runtime
            } else {
                quiet = true;
            }
            args = args.subList(1, args.size());
        }
        if (!args.isEmpty() && args.get(0).startsWith("-")) {
            err.println("jsycl run: unknown option '" + args.get(0) + "'; see jsycl run --help");
            return Main.USAGE;
        }
        List<String> samples = samples();
        if (args.isEmpty()) {
            out.println("samples (jsycl run NAME [ARGS]):");
            samples.forEach(s -> out.println("  " + s));
            return Main.OK;
        }
        String name = args.get(0);
        if (!samples.contains(name)) {
            err.println("jsycl run: no sample '" + name + "'; one of " + String.join(", ", samples));
            return Main.USAGE;
        }
        Method main = mainOf(PACKAGE + "." + name);
        ProgressLine progress = quiet ? null : ProgressLine.start(err, ProgressLine.stderrIsTerminal());
        SampleProgress.listen(progress);
        try {
            main.invoke(null, (Object) args.subList(1, args.size()).toArray(String[]::new));
            return Main.OK;
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (progress != null) {
                progress.finished(); // ends the line before the error
            }
            err.println("jsycl run: " + name + " failed: " + cause);
            return Main.FAILURE;
        } finally {
            SampleProgress.listen(null);
            if (progress != null) {
                progress.close();
            }
        }
    }

    /** The simple names of the classes in {@code io.jsycl.samples} with a {@code public static void main(String[])}. */
    static List<String> samples() {
        Path location;
        try {
            location = Path.of(io.jsycl.samples.VectorAdd.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        String folder = PACKAGE.replace('.', '/') + "/";
        var names = new TreeSet<String>();
        try {
            if (Files.isDirectory(location)) {
                try (Stream<Path> files = Files.list(location.resolve(folder))) {
                    files.map(f -> f.getFileName().toString()).forEach(names::add);
                }
            } else {
                try (var jar = new JarFile(location.toFile())) {
                    jar.stream().map(e -> e.getName())
                            .filter(n -> n.startsWith(folder) && n.indexOf('/', folder.length()) < 0)
                            .map(n -> n.substring(folder.length())).forEach(names::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the samples in " + location, e);
        }
        var samples = new ArrayList<String>();
        for (String file : names) {
            if (file.endsWith(".class") && !file.contains("$")) {
                String simple = file.substring(0, file.length() - ".class".length());
                if (mainOf(PACKAGE + "." + simple) != null) {
                    samples.add(simple);
                }
            }
        }
        return samples;
    }

    private static Method mainOf(String className) {
        try {
            Method m = Class.forName(className, false, RunCommand.class.getClassLoader())
                    .getMethod("main", String[].class);
            return Modifier.isStatic(m.getModifiers()) ? m : null;
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            return null;
        }
    }
}
