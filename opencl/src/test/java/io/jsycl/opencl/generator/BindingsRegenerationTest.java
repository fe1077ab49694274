package io.jsycl.opencl.generator;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** The committed bindings are exactly what the generator produces from the installed header. */
class BindingsRegenerationTest {
    static final Path COMMITTED = Path.of("src/main/java/io/jsycl/opencl/bindings");

    @Test
    void committedBindingsAreByteIdenticalToGeneratedOnes(@TempDir Path out) throws IOException {
        if (!Files.exists(Path.of(BindingsGenerator.HEADER)) || !libclangLoads()) {
            if (System.getenv("CI") != null) {
                fail("CI is set but " + BindingsGenerator.HEADER + " or libclang is missing: install opencl-headers and libclang1-14");
            }
            Assumptions.abort("OpenCL headers or libclang not installed");
        }
        BindingsGenerator.main(new String[] {out.toString()});

        Set<String> generated = names(out);
        Set<String> committed = names(COMMITTED);
        assertThat(committed).as("files in %s (missing: generated but not committed; extra: committed but not generated)"
                + "; run opencl/regenerate-bindings.sh", COMMITTED).isEqualTo(generated);
        for (String name : generated) {
            byte[] want = Files.readAllBytes(out.resolve(name));
            byte[] have = Files.readAllBytes(COMMITTED.resolve(name));
            if (!Arrays.equals(want, have)) {
                fail(COMMITTED.resolve(name) + " differs from the generator's output (first difference at byte "
                        + Arrays.mismatch(want, have) + "); run opencl/regenerate-bindings.sh, never edit it by hand");
            }
        }
    }

    @Test
    void generationIsDeterministic() {
        Assumptions.assumeTrue(Files.exists(Path.of(BindingsGenerator.HEADER)) && libclangLoads());
        assertThat(BindingsGenerator.generate()).isEqualTo(BindingsGenerator.generate());
    }

    private static boolean libclangLoads() {
        try {
            return LibClang.available();
        } catch (LinkageError e) {
            return false;
        }
    }

    private static Set<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".java"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
