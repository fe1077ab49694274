package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The committed vector records, the runtime's public ones and kernel-lowering's test doubles, are exactly what
 * {@link VectorRecordGenerator} makes from the template and {@link VectorType}'s table.
 */
class VectorRecordGeneratorTest {
    /** The runtime's public records (tests run in the module's folder). */
    static final Path RUNTIME = Path.of("../runtime/src/main/java/io/jsycl");
    /** The test doubles the lowering's own tests compile kernels against. */
    static final Path DOUBLES = Path.of("src/test/java/io/jsycl");
    /** File names a vector record could have: any other element type or width would be a stale or stray one. */
    private static final Pattern VECTOR_NAME = Pattern.compile("(Float|Int|Long|Double|Short|Byte|Char|Boolean)\\d+\\.java");

    @Test
    void committedRuntimeRecordsAreByteIdenticalToGeneratedOnes() throws IOException {
        assertCommitted(RUNTIME);
    }

    @Test
    void committedTestDoublesAreByteIdenticalToGeneratedOnes() throws IOException {
        assertCommitted(DOUBLES);
    }

    @Test
    void everyElementTypeAndWidthHasARecord() {
        assertThat(VectorRecordGenerator.generate().keySet()).containsExactly(
                "Float2.java", "Float4.java", "Float8.java", "Int2.java", "Int4.java", "Int8.java",
                "Long2.java", "Long4.java", "Long8.java", "Double2.java", "Double4.java", "Double8.java");
    }

    @Test
    void generatedSourcesSayNotToEditThemAndStayWithinTheLineWidth() {
        for (Map.Entry<String, String> f : VectorRecordGenerator.generate().entrySet()) {
            assertThat(f.getValue()).as(f.getKey()).contains("Do not edit: run runtime/regenerate-vectors.sh")
                    .doesNotContain("{{", "[[", "%l", "%i", "\u0001");
            assertThat(f.getValue().lines()).as(f.getKey()).allSatisfy(
                    l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(VectorRecordGenerator.WIDTH));
        }
    }

    @Test
    void float4KeepsItsLanesAndOnlyIntegralRecordsHaveBitwiseOperations() {
        Map<String, String> files = VectorRecordGenerator.generate();
        assertThat(files.get("Float4.java")).contains("public record Float4(float x, float y, float z, float w)")
                .doesNotContain(" xor(");
        assertThat(files.get("Int2.java")).contains("public record Int2(int x, int y)", "public Int2 xor(Int2 o)");
        assertThat(files.get("Long8.java")).contains("long s0, long s1", "long s7)", "public Long8 and(Long8 o)");
    }

    @Test
    void wrapBreaksOnlyBetweenLanes() {
        String line = "        return f(" + String.join(", \u0001", java.util.Collections.nCopies(60, "a")) + ");";
        String wrapped = VectorRecordGenerator.wrap(line);
        assertThat(wrapped.lines()).hasSizeGreaterThan(1).allSatisfy(l -> {
            assertThat(l.length()).isLessThanOrEqualTo(VectorRecordGenerator.WIDTH);
            assertThat(l).doesNotEndWith(" ");
        });
        assertThat(wrapped.lines().skip(1)).allSatisfy(l -> assertThat(l).startsWith(" ".repeat(16) + "a"));
    }

    private static void assertCommitted(Path dir) throws IOException {
        Map<String, String> generated = VectorRecordGenerator.generate();
        Set<String> committed;
        try (Stream<Path> s = Files.list(dir)) {
            committed = s.map(p -> p.getFileName().toString()).filter(n -> VECTOR_NAME.matcher(n).matches())
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        assertThat(committed).as("vector records in %s (missing: generated but not committed; extra: committed but not"
                + " generated); run runtime/regenerate-vectors.sh", dir).isEqualTo(new TreeSet<>(generated.keySet()));
        for (Map.Entry<String, String> f : generated.entrySet()) {
            byte[] want = f.getValue().getBytes(StandardCharsets.UTF_8);
            byte[] have = Files.readAllBytes(dir.resolve(f.getKey()));
            if (!Arrays.equals(want, have)) {
                fail(dir.resolve(f.getKey()) + " differs from what VectorRecordGenerator makes of vector-record.template"
                        + " (first difference at byte " + Arrays.mismatch(want, have)
                        + "); run runtime/regenerate-vectors.sh, never edit it by hand");
            }
        }
    }
}
