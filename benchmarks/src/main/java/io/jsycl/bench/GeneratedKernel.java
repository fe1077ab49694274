package io.jsycl.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A kernel source jsycl generated, as {@code JSYCL_DUMP_KERNELS} wrote it, read back so that a probe can build and
 * enqueue it by hand: its {@code __kernel} function's name and its parameters, in argument order.
 */
final class GeneratedKernel {
    private static final Pattern SIGNATURE = Pattern.compile("__kernel void (\\w+)\\((.*?)\\)\\s*\\{", Pattern.DOTALL);

    private GeneratedKernel() {
    }

    /** The source of {@link GridOp} {@code op}'s kernel (its class's simple name, e.g. {@code Conv3}) in {@code dir}. */
    static Optional<String> dumped(Path dir, String op) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            Optional<Path> file = files.filter(p -> p.getFileName().toString().contains("GridOp_" + op + "_"))
                    .findFirst();
            return file.isPresent() ? Optional.of(Files.readString(file.get())) : Optional.empty();
        }
    }

    /** The {@code __kernel} function's name. */
    static String name(String source) {
        return signature(source).group(1);
    }

    /**
     * Each parameter's declaration, in argument order: the offset parameters a program built with
     * {@code JSYCL_ZERO_OFFSETS} does not have left out ({@code JSYCL_OFFSET_PARAM}).
     */
    static List<String> parameters(String source) {
        var out = new ArrayList<String>();
        for (String param : signature(source).group(2).split(",")) {
            String p = param.replaceAll("JSYCL_OFFSET_PARAM\\([^)]*\\)", "").strip();
            if (!p.isEmpty()) {
                out.add(p);
            }
        }
        return out;
    }

    /** A parameter declaration's name: {@code s} of {@code int s}. */
    static String parameterName(String declaration) {
        return declaration.replaceAll(".*[\\s*]", "");
    }

    private static Matcher signature(String source) {
        Matcher m = SIGNATURE.matcher(source);
        if (!m.find()) {
            throw new IllegalStateException("no __kernel in the generated source");
        }
        return m;
    }
}
