package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files: expected OpenCL C in {@code src/test/resources/golden/NAME.cl}. Run the tests
 * with {@code -Djsycl.golden.update=true} to rewrite them, then review the diff. Every source
 * is also compiled with clang as OpenCL C 1.2 when a clang is found.
 */
final class Golden {
    private static final Path DIR = Path.of("src/test/resources/golden");

    private Golden() {
    }

    static void check(String name, LoweredKernel kernel) {
        Path file = DIR.resolve(name + ".cl");
        try {
            String clang = Lambdas.clang();
            if (clang != null) {
                assertThat(Lambdas.clangCheck(clang, kernel.source())).as("clang diagnostics for " + name).isEmpty();
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
