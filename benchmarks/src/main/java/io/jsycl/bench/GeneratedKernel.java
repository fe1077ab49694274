package io.jsycl.bench;

import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
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
    /** A parameter that a program variant may leave out, after the parameter before it. */
    private static final Pattern VARIANT_PARAM = Pattern.compile("JSYCL_(\\w+)_PARAM\\((\\w+)\\)");

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
     * Each parameter's declaration, in argument order, in the program built with {@code options}: the parameters the
     * variant macros leave out there left out ({@code JSYCL_OFFSET_PARAM} with {@code -DJSYCL_ZERO_OFFSETS},
     * {@code JSYCL_STRIDE_PARAM} with {@code -DJSYCL_SHARED_STRIDES}, {@code JSYCL_RANGE_PARAM} without
     * {@code -DJSYCL_PADDED_RANGE}, {@code -DJSYCL_TWO_ITEMS} or {@code -DJSYCL_GRID_STRIDE}), the others as the
     * {@code int} they declare.
     */
    static List<String> parameters(String source, String options) {
        var out = new ArrayList<String>();
        for (String param : signature(source).group(2).split(",")) {
            Matcher m = VARIANT_PARAM.matcher(param);
            String own = m.replaceAll("").strip();
            if (!own.isEmpty()) {
                out.add(own);
            }
            m.reset();
            while (m.find()) {
                if (present(m.group(1), options)) {
                    out.add("int " + m.group(2));
                }
            }
        }
        return out;
    }

    /**
     * Binds a generated {@link GridOp} kernel's {@code parameters} ({@link #parameters}) on {@code k} as jsycl binds
     * them for a launch over whole buffers of one shape: each pointer to {@code in} (the {@code const} one) or
     * {@code out}, the {@code float}s to {@code floats} in order, every other {@code int} (the extent, ranges and
     * memory ranges) to {@code extent}, except {@code s}, a slice the caller sets per launch.
     *
     * @return the index of parameter {@code s}, or -1 where the kernel has none
     */
    static int bind(ClKernel k, List<String> parameters, ClMem in, ClMem out, float[] floats, int extent) {
        int slice = -1;
        int f = 0;
        for (int i = 0; i < parameters.size(); i++) {
            String p = parameters.get(i);
            if (p.contains("*")) {
                k.setArg(i, p.contains("const") ? in : out);
            } else if (p.startsWith("float")) {
                k.setArgFloat(i, floats[f++]);
            } else if (parameterName(p).equals("s")) {
                slice = i;
            } else {
                k.setArgInt(i, extent);
            }
        }
        return slice;
    }

    /** Whether a parameter of macro {@code JSYCL_<kind>_PARAM} is one of a program built with {@code options}. */
    private static boolean present(String kind, String options) {
        return switch (kind) {
            case "OFFSET" -> !options.contains("-DJSYCL_ZERO_OFFSETS");
            case "STRIDE" -> !options.contains("-DJSYCL_SHARED_STRIDES");
            case "RANGE" -> options.contains("-DJSYCL_PADDED_RANGE") || options.contains("-DJSYCL_TWO_ITEMS")
                    || options.contains("-DJSYCL_GRID_STRIDE");
            default -> throw new IllegalArgumentException("JSYCL_" + kind + "_PARAM");
        };
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
