package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Golden files: expected OpenCL C in {@code src/test/resources/golden/NAME.cl}. Run the tests
 * with {@code -Djsycl.golden.update=true} to rewrite them, then review the diff. Every source
 * is also compiled with clang as OpenCL C 1.2 in each of its program variants ({@link #variants}) when a clang is found.
 */
final class Golden {
    private static final Path DIR = Path.of("src/test/resources/golden");

    private Golden() {
    }

    /**
     * The program variants to compile {@code source} as: none, the runtime's usual ones on a GPU (whole buffers of one
     * shape), a padded launch over sub-buffers of one shape with wrapping subscripts, and each of two items, grid
     * stride and four rows per work-item where the source has it: each variant's parameters and code differ
     * ({@code JSYCL_OFFSET_PARAM}, {@code JSYCL_STRIDE_PARAM}, {@code JSYCL_RANGE_PARAM}).
     */
    private static List<List<String>> variants(String source) {
        var variants = new ArrayList<List<String>>();
        variants.add(List.of());
        variants.add(List.of("-DJSYCL_ZERO_OFFSETS", "-DJSYCL_NO_ALIASING", "-DJSYCL_SHARED_STRIDES"));
        variants.add(List.of("-DJSYCL_SHARED_STRIDES", "-DJSYCL_PADDED_RANGE", "-DJSYCL_WRAPPING_SUBSCRIPTS"));
        if (source.contains("#ifdef JSYCL_TWO_ITEMS")) {
            variants.add(List.of("-DJSYCL_ZERO_OFFSETS", "-DJSYCL_TWO_ITEMS", "-DJSYCL_PADDED_RANGE"));
        }
        if (source.contains("#ifdef JSYCL_GRID_STRIDE")) {
            variants.add(List.of("-DJSYCL_ZERO_OFFSETS", "-DJSYCL_GRID_STRIDE"));
        }
        if (source.contains("#ifdef JSYCL_ROWS")) {
            variants.add(List.of("-DJSYCL_ZERO_OFFSETS", "-DJSYCL_SHARED_STRIDES", "-DJSYCL_FOUR_ROWS"));
        }
        return variants;
    }

    static void check(String name, LoweredKernel kernel) {
        // A kernel whose code reads its item's range must get it in every program: one that may be launched without
        // its range arguments (JSYCL_RANGE_PARAM) would read whatever the item's field holds.
        boolean rangeOptional = kernel.args().stream().anyMatch(a -> a.role() == ArgRole.LAUNCH_RANGE
                && a.onlyIn() != 0);
        assertThat(rangeOptional && kernel.source().contains("it->range["))
                .as(name + ": reads its range, which some of its programs do not take").isFalse();
        assertThat(rangeOptional).as(name + ": JSYCL_RANGE_PARAM in the source where the range is optional")
                .isEqualTo(kernel.source().contains("JSYCL_RANGE_PARAM(range0)"));
        Path file = DIR.resolve(name + ".cl");
        try {
            String clang = Lambdas.clang();
            if (clang != null) {
                for (List<String> variant : variants(kernel.source())) {
                    assertThat(Lambdas.clangCheck(clang, kernel.source(), "CL1.2", variant))
                            .as("clang diagnostics for " + name + " " + variant).isEmpty();
                }
            }
            if (Boolean.getBoolean("jsycl.golden.update") || !Files.exists(file)) {
                Files.createDirectories(DIR);
                Files.writeString(file, kernel.source());
                return;
            }
            assertThat(kernel.source()).as("golden " + file + " (rerun with -Djsycl.golden.update=true to rewrite)")
                    .isEqualTo(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
