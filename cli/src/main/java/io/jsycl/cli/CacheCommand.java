package io.jsycl.cli;

import io.jsycl.program.CacheTool;
import java.io.PrintStream;
import java.util.List;

/** {@code jsycl cache}: delegates to {@link CacheTool}, the {@code jsycl-cache} command. */
final class CacheCommand {
    private CacheCommand() {
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        return CacheTool.run(args.toArray(String[]::new), out, err);
    }
}
