package io.jsycl.lowering;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes the runtime's per-element-type classes, the way the JDK writes its buffers from {@code X-Buffer.java.template}:
 * the element methods of {@code Accessor.OfFloat} .. {@code Accessor.OfRecord}, {@code LocalAccessor.OfX},
 * {@code HostAccessor.OfX}, {@code Buffer.OfX} and {@code DeviceArray.OfX}, one package-private class per family and
 * element type ({@code FloatAccessor}, {@code IntHostAccessor}...); the files that declare those public nested types
 * ({@code Accessor.java}...); and kernel-lowering's test doubles of {@code Accessor} and {@code LocalAccessor}. All come
 * from the templates in {@code specializations/} beside this class's resources, in {@link SourceTemplate}'s notation.
 * The element methods are one template, {@code elements.template}, for every family and for the doubles, so the
 * doubles have the methods kernels call on the runtime's types and cannot drift from them;
 * {@link SpecializationGeneratorTest} checks that the committed copies are what this gives.
 *
 * <p>The public nested types ({@code Accessor.OfFloat}) are the types users declare, so a kernel's calls name them as
 * their owner, which is how the lowering recognizes them; each extends its package-private class, which javac makes
 * callable through it and Javadoc documents as its own.
 *
 * <p>Run it with {@code runtime/regenerate-vectors.sh}; arguments are the folders to write into: the runtime's
 * package {@code io.jsycl}, then the test doubles'.
 */
public final class SpecializationGenerator {
    /** Where the templates are, beside this class's resources. */
    static final String FOLDER = "specializations/";

    /** Which folder a generated source belongs in. */
    enum Target {
        /** The runtime's package {@code io.jsycl} ({@code runtime/src/main/java/io/jsycl}). */
        RUNTIME,
        /** Kernel-lowering's test doubles ({@code kernel-lowering/src/test/java/io/jsycl}). */
        DOUBLES
    }

    /** The primitive element types, in the order the runtime's sources list them. */
    private static final List<ScalarType> PRIMITIVES = List.of(ScalarType.FLOAT, ScalarType.DOUBLE, ScalarType.INT,
            ScalarType.LONG, ScalarType.SHORT, ScalarType.BYTE, ScalarType.CHAR, ScalarType.BOOLEAN);

    /** The element types with atomics (OpenCL's atomic functions cover these). */
    private static final Set<ScalarType> ATOMIC = Set.of(ScalarType.FLOAT, ScalarType.INT, ScalarType.LONG);

    private static final Map<Integer, String> COUNTS = Map.of(2, "Two", 4, "Four", 8, "Eight");
    private static final String LINEAR = "the linear index, 0 to {@code size() - 1} (row-major on 2-D and 3-D accessors)";

    private static final Family ACCESSOR = new Family("Accessor", true, true, true, Map.of("array", "data",
            "checked", true, "mapped", false, "multiDim", true, "ids", true, "indexDoc", LINEAR));
    private static final Family LOCAL_ACCESSOR = new Family("LocalAccessor", false, false, true, Map.of("array", "data()",
            "checked", false, "mapped", false, "multiDim", true, "ids", false, "indexDoc", LINEAR));
    private static final Family HOST_ACCESSOR = new Family("HostAccessor", false, false, false, Map.of("array", "data",
            "checked", false, "mapped", true, "multiDim", true, "ids", false, "indexDoc", LINEAR));
    private static final Family BUFFER = new Family("Buffer", true, false, false, Map.of());
    private static final Family DEVICE_ARRAY = new Family("DeviceArray", false, false, true, Map.of("array", "data()",
            "checked", false, "mapped", false, "multiDim", false, "ids", false,
            "indexDoc", "the element's index, 0 to {@code size() - 1}"));

    private static final Map<String, SourceTemplate> TEMPLATES = new ConcurrentHashMap<>();

    private SpecializationGenerator() {
    }

    /**
     * Writes every generated source into its folder.
     *
     * @param args the runtime's folder of package {@code io.jsycl}, then the test doubles' folder
     * @throws IOException if a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: SpecializationGenerator RUNTIME_FOLDER DOUBLES_FOLDER: the folders of"
                    + " package io.jsycl in runtime/src/main/java and kernel-lowering/src/test/java");
        }
        Map<Target, Map<String, String>> files = generate();
        write(Path.of(args[0]), files.get(Target.RUNTIME));
        write(Path.of(args[1]), files.get(Target.DOUBLES));
    }

    private static void write(Path dir, Map<String, String> files) throws IOException {
        Files.createDirectories(dir);
        for (Map.Entry<String, String> f : files.entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
        }
    }

    /** For each target, file name ({@code FloatAccessor.java}) to source. */
    static Map<Target, Map<String, String>> generate() {
        Map<String, String> runtime = new LinkedHashMap<>();
        for (Family f : List.of(ACCESSOR, LOCAL_ACCESSOR, HOST_ACCESSOR, BUFFER, DEVICE_ARRAY)) {
            Map<String, Object> family = family(f, false);
            runtime.put(f.name + ".java", render(f.name + ".java.template", family, null));
            for (Map<String, Object> type : types(f)) {
                runtime.put(type.get("Type") + f.name + ".java", render("X-" + f.name + ".java.template", family, type));
            }
        }
        Map<String, String> doubles = new LinkedHashMap<>();
        for (Family f : List.of(ACCESSOR, LOCAL_ACCESSOR)) {
            doubles.put(f.name + ".java", render(f.name + "-double.java.template", family(f, true), null));
        }
        Map<Target, Map<String, String>> files = new EnumMap<>(Target.class);
        files.put(Target.RUNTIME, runtime);
        files.put(Target.DOUBLES, doubles);
        return files;
    }

    /**
     * The names a family's templates use besides the element type's: its element methods' variant, the element
     * types ({@code types}, with records where the family has them, and {@code primitives}), and {@code double}.
     */
    private static Map<String, Object> family(Family f, boolean testDouble) {
        Map<String, Object> m = new HashMap<>(f.methods);
        if (testDouble) {
            // The doubles check nothing and have no Id; their atomics are plain reads and writes.
            m.put("checked", false);
            m.put("ids", false);
        }
        List<Map<String, Object>> types = types(f);
        m.put("double", testDouble);
        m.put("types", types);
        m.put("primitives", types.stream().filter(t -> !(Boolean) t.get("record")).toList());
        return m;
    }

    /** The family's element types, each as the names its templates use. */
    private static List<Map<String, Object>> types(Family f) {
        List<ScalarType> all = new ArrayList<>(PRIMITIVES);
        if (f.records) {
            all.add(null);
        }
        List<Map<String, Object>> types = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            types.add(type(f, all.get(i), i == all.size() - 1));
        }
        return types;
    }

    /**
     * The names for one element type ({@code null}: records) in a family's templates: {@code type Type Boxed} are
     * {@code float Float Float} ({@code R Record R} for records), {@code KIND} its {@code ElementKind}, {@code LAYOUT}
     * its {@code ValueLayout} in memory, {@code generic args} the type parameter a record class declares and passes.
     */
    private static Map<String, Object> type(Family f, ScalarType t, boolean last) {
        boolean record = t == null;
        String type = record ? "R" : t.name().toLowerCase(Locale.ROOT);
        String name = record ? "Record" : Character.toUpperCase(type.charAt(0)) + type.substring(1);
        Map<String, Object> m = new HashMap<>();
        m.put("type", type);
        m.put("Type", name);
        m.put("Boxed", switch (type) {
            case "R" -> "R";
            case "int" -> "Integer";
            case "char" -> "Character";
            default -> name;
        });
        m.put("KIND", record ? "" : t.name());
        m.put("LAYOUT", record ? "" : t == ScalarType.BOOLEAN ? "JAVA_BYTE" : "JAVA_" + t.name());
        m.put("record", record);
        m.put("bool", t == ScalarType.BOOLEAN);
        m.put("generic", record ? "<R extends Record>" : "");
        m.put("args", record ? "<R>" : "");
        m.put("element", record ? "record" : "element");
        m.put("valueDoc", record ? "the record stored there" : "the element's value");
        m.put("atomics", f.atomics && !record && ATOMIC.contains(t));
        m.put("vectors", f.vectors && !record ? vectors(t) : List.of());
        m.put("last", last);
        return m;
    }

    /** The vector records of an element type ({@link VectorType}), each as the names {@code get2 .. set8} use. */
    private static List<Map<String, Object>> vectors(ScalarType t) {
        List<Map<String, Object>> vectors = new ArrayList<>();
        for (int n : VectorType.WIDTHS) {
            VectorType v = VectorType.of(t, n);
            if (v == null) {
                continue;
            }
            List<Map<String, Object>> lanes = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                lanes.add(Map.of("lane", v.lanes().get(i), "offset", i == 0 ? "" : " + " + i, "last", i == n - 1));
            }
            vectors.add(Map.of("n", n, "Vector", v.simpleName(), "Count", COUNTS.get(n),
                    "count", COUNTS.get(n).toLowerCase(Locale.ROOT), "lastLane", n - 1, "bytes", n * t.byteSize(),
                    "lane0", v.lanes().getFirst(), "lanes", lanes));
        }
        return vectors;
    }

    private static String render(String template, Map<String, Object> family, Map<String, Object> type) {
        Deque<Map<String, ?>> contexts = new ArrayDeque<>();
        contexts.push(Map.of("template", template));
        contexts.push(family);
        if (type != null) {
            contexts.push(type);
        }
        String text = template(template).render(contexts, partial -> template(partial + ".template"));
        StringBuilder out = new StringBuilder();
        boolean testDouble = (Boolean) family.get("double");
        boolean inDoc = false;
        for (String line : text.split("\n", -1)) {
            // The doubles document their classes only: their methods are stand-ins for the runtime's.
            if (testDouble && (inDoc || line.startsWith("        /**"))) {
                inDoc = !line.endsWith("*/");
                continue;
            }
            out.append(VectorRecordGenerator.wrap(line)).append('\n');
        }
        // split keeps the text after the last newline as a last (empty) line: drop the newline added after it.
        return out.substring(0, out.length() - 1);
    }

    private static SourceTemplate template(String name) {
        return TEMPLATES.computeIfAbsent(name, n -> {
            try (InputStream in = SpecializationGenerator.class.getResourceAsStream(FOLDER + n)) {
                if (in == null) {
                    throw new IllegalStateException(FOLDER + n + " is not on the class path beside "
                            + SpecializationGenerator.class);
                }
                return SourceTemplate.parse(n, new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * A family of per-type classes.
     *
     * @param name the public class that declares the nested types, e.g. {@code Accessor}
     * @param records whether it has a type for records ({@code OfRecord})
     * @param vectors whether its types of int, long, float and double have {@code get2 .. set8}
     * @param atomics whether its types of int, long and float have atomics
     * @param methods the variant of the element methods (elements.template's names) it has
     */
    private record Family(String name, boolean records, boolean vectors, boolean atomics, Map<String, Object> methods) {
    }
}
