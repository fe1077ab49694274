package io.jsycl.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.codegen.Codegen.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@link Codegen} makes of the project's own templates (tests run in the module's folder). */
class CodegenTest {
    /** The runtime's templates. */
    static final Path RUNTIME = Path.of("../runtime/src/main/templates/io/jsycl");
    /** Kernel-api's templates: the vector records and the accessors' kernel-facing faces. */
    static final Path KERNEL_API = Path.of("../kernel-api/src/main/templates/io/jsycl");
    private static final List<String> FACES = List.of("AtomicAccess.java", "ArrayAccess.java", "GridAccess.java",
            "WideAccess.java");
    private static final List<String> VECTORS = List.of("Float2.java", "Float4.java", "Float8.java", "Int2.java",
            "Int4.java", "Int8.java", "Long2.java", "Long4.java", "Long8.java", "Double2.java", "Double4.java",
            "Double8.java");

    private static Map<String, String> runtime() {
        return new Codegen(List.of(RUNTIME, KERNEL_API)).generate(Target.RUNTIME);
    }

    private static Map<String, String> kernelApi() {
        return new Codegen(List.of(KERNEL_API)).generate(Target.KERNEL_API);
    }

    @Test
    void generatedSourcesSayWhereTheyComeFromAndStayWithinTheLineWidth() {
        for (Map<String, String> files : List.of(runtime(), kernelApi())) {
            files.forEach((name, source) -> {
                assertThat(source).as(name).startsWith("// Generated at build time by io.jsycl.codegen.Codegen from the"
                        + " template ").contains("Do not edit: edit the template.").endsWith("}\n")
                        .doesNotContain("{{", SourceTemplate.BREAK, "\n\n\n", "\n\n    }", " \n");
                assertThat(source.lines()).as(name).allSatisfy(
                        l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(Codegen.WIDTH));
            });
        }
    }

    @Test
    void runtimeSourcesStayWithinSevenHundredLines() {
        assertThat(runtime()).allSatisfy(
                (name, source) -> assertThat(source.lines().count()).as(name).isLessThanOrEqualTo(700));
    }

    @Test
    void everyFamilyHasAClassPerElementTypeAndOnlyBuffersAndAccessorsHaveRecords() {
        Set<String> runtime = runtime().keySet();
        for (String family : new String[] {"Accessor", "LocalAccessor", "HostAccessor", "Buffer", "DeviceArray",
            "HostArray"}) {
            assertThat(runtime).contains(family + ".java");
            for (String type : new String[] {"Float", "Double", "Int", "Long", "Short", "Byte", "Char", "Boolean"}) {
                assertThat(runtime).contains(type + family + ".java");
            }
        }
        assertThat(runtime).contains("RecordAccessor.java", "RecordBuffer.java", "Queue.java", "QueueCopies.java",
                        "QueueBufferCopies.java")
                .doesNotContain("RecordLocalAccessor.java", "RecordHostAccessor.java", "RecordDeviceArray.java",
                        "RecordHostArray.java")
                .containsAll(VECTORS).containsAll(FACES).contains("internal/host/HostGroupFunctions.java")
                .contains("algorithms/Scans.java", "algorithms/ScanKernels.java", "algorithms/WideScanKernels.java",
                        "algorithms/StripedScanKernels.java", "algorithms/Compaction.java",
                        "algorithms/CompactionKernels.java", "algorithms/OnePassCompaction.java",
                        "algorithms/WideCompaction.java", "algorithms/StripedCompaction.java",
                        "algorithms/TiledCompaction.java", "algorithms/Reductions.java",
                        "algorithms/ReductionKernels.java", "algorithms/Transforms.java")
                .hasSize(6 + 6 * 8 + 2 + 1 + 2 + 1 + 13 + VECTORS.size() + FACES.size());
        assertThat(kernelApi().keySet()).containsExactlyInAnyOrderElementsOf(
                Stream.concat(FACES.stream(), VECTORS.stream()).toList());
    }

    @Test
    void vectorsAndAtomicsGoOnlyToTheElementTypesThatHaveThem() {
        Map<String, String> runtime = runtime();
        assertThat(runtime.get("FloatAccessor.java")).contains("public Float8 get8(int i)",
                "public float atomicCompareExchange(int i, float expected, float desired)", "checkWritable();");
        assertThat(runtime.get("DoubleAccessor.java")).contains("public void set2(int i, Double2 v)")
                .doesNotContain("atomic");
        assertThat(runtime.get("ShortAccessor.java")).doesNotContain("get2", "atomic");
        assertThat(runtime.get("IntLocalAccessor.java")).contains("public int atomicMin(int i, int value)")
                .doesNotContain("get4", "checkWritable");
        assertThat(runtime.get("LongDeviceArray.java")).contains("public long atomicAdd(int i, long value)")
                .doesNotContain("get(int i, int j)");
        assertThat(runtime.get("BooleanHostAccessor.java")).contains("mapped.get(JAVA_BYTE, i) != 0", "checkOpen();");
        assertThat(runtime.get("RecordAccessor.java")).contains("public R get(Id id)", "@return the record stored there");
        assertThat(runtime.get("RecordBuffer.java")).contains("public Accessor.OfRecord<R> read(Handler h)")
                .doesNotContain("hostAccess");
    }

    @Test
    void queueHasACopyToEachSideAndAFillPerPrimitiveType() {
        String queue = runtime().get("QueueCopies.java");
        for (String[] t : new String[][] {{"float", "Float"}, {"double", "Double"}, {"int", "Int"}, {"long", "Long"},
                {"short", "Short"}, {"byte", "Byte"}, {"char", "Char"}, {"boolean", "Boolean"}}) {
            assertThat(queue).contains(
                    "public Event copy(" + t[0] + "[] src, DeviceArray.Of" + t[1] + " dst, Event... dependsOn) {",
                    "public Event copy(DeviceArray.Of" + t[1] + " src, " + t[0] + "[] dst, Event... dependsOn) {",
                    "public Event fill(DeviceArray.Of" + t[1] + " dst, " + t[0] + " value, Event... dependsOn) {");
        }
        assertThat(queue.split("public Event copy\\(", -1)).hasSize(1 + 2 * 8);
    }

    @Test
    void eachAccessorIsTheFaceOfItsElementTypeAndEachFaceLevelExtendsTheOneBefore() {
        Map<String, String> runtime = runtime();
        assertThat(runtime.get("Accessor.java")).contains("extends FloatAccessor\n            implements WideAccess.OfFloat {",
                "extends ShortAccessor\n            implements GridAccess.OfShort {",
                "extends RecordAccessor<R>\n            implements GridAccess.OfRecord<R> {");
        assertThat(runtime.get("LocalAccessor.java")).contains("extends IntLocalAccessor implements GridAccess.OfInt {");
        assertThat(runtime.get("DeviceArray.java")).contains("extends LongDeviceArray implements ArrayAccess.OfLong {");
        Map<String, String> api = kernelApi();
        assertThat(api.get("AtomicAccess.java")).contains("@Lowered(As.ATOMIC)\n        float atomicAdd(int i, float value);",
                "float atomicAdd(int i, float value, MemoryOrder order, MemoryScope scope);")
                .doesNotContain("OfRecord", "OfDouble", "get(int i)");
        assertThat(api.get("ArrayAccess.java")).contains("public interface OfRecord<R extends Record> {",
                "public interface OfInt extends AtomicAccess.OfInt {", "public interface OfDouble {")
                .doesNotContain("atomicAdd", "get(int i, int j)");
        assertThat(api.get("GridAccess.java")).contains("public interface OfChar extends ArrayAccess.OfChar {",
                "public interface OfRecord<R extends Record> extends ArrayAccess.OfRecord<R> {",
                "@Lowered(As.ACCESS)\n        void set(int i, int j, int k, double value);");
        assertThat(api.get("WideAccess.java")).contains("public interface OfDouble extends GridAccess.OfDouble {",
                "@Lowered(As.WIDE_ACCESS)\n        Double8 get8(int i);").doesNotContain("OfShort", "OfRecord");
        assertThat(api.get("Int4.java")).isEqualTo(runtime.get("Int4.java"));
    }

    @Test
    void float4KeepsItsLanesAndOnlyIntegralRecordsHaveBitwiseOperations() {
        Map<String, String> files = runtime();
        assertThat(files.get("Float4.java")).contains("public record Float4(@Lowered(As.VECTOR_RECORD) float x,")
                .doesNotContain(" xor(");
        assertThat(files.get("Int2.java")).contains(
                "public record Int2(@Lowered(As.VECTOR_RECORD) int x, @Lowered(As.VECTOR_RECORD) int y)",
                "public Int2 xor(Int2 o)");
        assertThat(files.get("Long8.java")).contains("long s0, @Lowered(As.VECTOR_RECORD) long s1", "long s7)", "public Long8 and(Long8 o)",
                "case 7 -> s7;", "@param s7 lane 7, element {@code 8 * i + 7}");
    }

    @Test
    void writeLeavesUnchangedFilesAsTheyAreAndRemovesOnesNoLongerGenerated(@TempDir Path dir) throws IOException {
        Path same = dir.resolve("Same.java");
        Files.writeString(same, "class Same {}\n");
        FileTime before = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(same, before);
        Files.writeString(dir.resolve("Stale.java"), "class Stale {}\n");

        Codegen.write(dir, Map.of("Same.java", "class Same {}\n", "New.java", "class New {}\n"));

        assertThat(Files.getLastModifiedTime(same)).isEqualTo(before);
        assertThat(dir.resolve("New.java")).hasContent("class New {}");
        assertThat(dir.resolve("Stale.java")).doesNotExist();
    }

    @Test
    void aTemplateInNoFolderIsAnErrorNamingTheFolders(@TempDir Path empty) {
        assertThatThrownBy(() -> new Codegen(List.of(empty)).generate(Target.RUNTIME))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("template Accessor.java.template is in none of [" + empty + "]");
    }

    @Test
    void theAlgorithmsHaveAnOverloadPerNumericType() {
        Map<String, String> runtime = runtime();
        assertThat(runtime.get("algorithms/Scans.java")).contains(
                "public static Event inclusiveScan(Queue q, Buffer.OfInt in, Buffer.OfInt out)",
                "public static Event exclusiveScan(Queue q, Buffer.OfDouble in, Buffer.OfDouble out, double identity,",
                "public static final int TILE = Tiles.TILE;")
                .doesNotContain("Buffer.OfShort");
        assertThat(runtime.get("algorithms/Compaction.java")).contains(
                "public static int copyIf(Queue q, Buffer.OfLong in, Buffer.OfLong out, Functions.LongPredicate keep)");
        assertThat(runtime.get("algorithms/Reductions.java")).contains("public static float reduce(Queue q,",
                "public static int minElement(Queue q, Buffer.OfFloat in)");
    }
}
