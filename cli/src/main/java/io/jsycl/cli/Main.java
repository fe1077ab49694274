package io.jsycl.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code jsycl} command: one entry point, one subcommand per task.
 *
 * <pre>
 * jsycl devices                      platforms and devices with their key limits
 * jsycl kernels [--cp PATH] [--out DIR] CLASS-OR-JAR...   lower every kernel lambda found, without running it
 * jsycl run [--quiet] [SAMPLE [ARGS...]]   run io.jsycl.samples.SAMPLE, with a progress line for samples of
 *                                    many steps (lists the samples without one)
 * jsycl cache [--dir DIR] stats|list|verify|clear         the on-disk cache (CacheTool)
 * </pre>
 *
 * Exit status: {@value #OK} done, {@value #FAILURE} a failure found (lowering errors, bad cache
 * entries, no device), {@value #USAGE} usage error. Errors are one line on standard error, prefixed
 * with the command's name.
 */
public final class Main {
    /** Exit status: done. */
    public static final int OK = 0;
    /** Exit status: something was found wrong (lowering errors, bad cache entries). */
    public static final int FAILURE = 1;
    /** Exit status: the command line was wrong. */
    public static final int USAGE = 2;

    static final String HELP = """
            usage: jsycl COMMAND [ARGS...]
              devices     list OpenCL platforms and devices with their key limits (host device last)
              kernels     find the kernel lambdas in classes or a jar and print (or save) their OpenCL C
              run         run a sample program: jsycl run VectorAdd [ARGS]; jsycl run lists them; samples of
                          many steps show their progress on standard error (--quiet: none)
              cache       inspect or clear the on-disk cache: stats, list, verify, clear
            jsycl COMMAND --help describes each command.
            Exit status: 0 ok, 1 failure found (lowering errors, bad cache entries), 2 usage error.""";

    private Main() {
    }

    /**
     * Runs the command line and exits with its status.
     *
     * @param args the command ({@code devices}, {@code kernels}, {@code run}, {@code cache}) and its options, as the
     *        usage text lists
     */
    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        System.out.flush();
        System.exit(status);
    }

    /**
     * Runs the command line, writing to {@code out} and {@code err}.
     *
     * @param args the command and its options, as for {@link #main}
     * @param out where the command's results go
     * @param err where usage and error messages go
     * @return the exit status: {@link #OK}, {@link #FAILURE} or {@link #USAGE}
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.println("jsycl: no command; one of devices, kernels, run, cache (see jsycl --help)");
            return USAGE;
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        return switch (args[0]) {
            case "--help", "-h", "help" -> {
                out.println(HELP);
                yield OK;
            }
            case "devices" -> DevicesCommand.run(rest, out, err);
            case "kernels" -> KernelsCommand.run(rest, out, err);
            case "run" -> RunCommand.run(rest, out, err);
            case "cache" -> CacheCommand.run(rest, out, err);
            default -> {
                err.println("jsycl: unknown command '" + args[0] + "'; one of devices, kernels, run, cache"
                        + " (see jsycl --help)");
                yield USAGE;
            }
        };
    }

    /** True when {@code args} asks for help. */
    static boolean wantsHelp(List<String> args) {
        return args.contains("--help") || args.contains("-h");
    }
}
