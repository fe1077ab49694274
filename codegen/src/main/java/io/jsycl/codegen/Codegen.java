package io.jsycl.codegen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Writes the per-element-type sources of package {@code io.jsycl} at build time, the way the JDK's gensrc writes its
 * buffers from {@code X-Buffer.java.template}, into {@code target/generated-sources}: nothing it writes is committed.
 * Every source comes from a template in {@link SourceTemplate}'s notation:
 * <ul>
 *   <li>kernel-api's ({@code kernel-api/src/main/templates/io/jsycl}): the vector records ({@code Float2} ..
 *       {@code Double8}) from {@code X-Vector.java.template}, and the kernel-facing faces of accessors, local accessors
 *       and device arrays ({@code ArrayAccess}, {@code GridAccess}, {@code WideAccess}, each with one nested interface
 *       per element type) from {@code Access.java.template};
 *   <li>the runtime's ({@code runtime/src/main/templates/io/jsycl}): the element methods of {@code Accessor.OfFloat} ..
 *       {@code Accessor.OfRecord}, {@code LocalAccessor.OfX}, {@code HostAccessor.OfX}, {@code Buffer.OfX} and
 *       {@code DeviceArray.OfX} and {@code HostArray.OfX}, one package-private class per family and element type ({@code FloatAccessor},
 *       {@code IntHostAccessor}...) from {@code X-Accessor.java.template} ..; the files that declare those public
 *       nested types and their per-type factories ({@code Accessor.java}...), whose nested types Java can only declare
 *       in the same file; {@code Queue.java}, whose copy and fill overloads are per element type; and the host
 *       device's work-group and sub-group functions per type of value ({@code internal/host/HostGroupFunctions.java}
 *       from {@code HostGroupFunctions.java.template}); the parallel algorithms' per-type overloads
 *       ({@code algorithms/Scans.java} .. from {@code Scans.java.template} ..). The runtime
 *       compiles kernel-api's sources into its own module, so its target writes kernel-api's files too.
 * </ul>
 *
 * <p>Kernel-api and runtime run it from their {@code generate-sources} phase (the source launcher:
 * {@code java Codegen.java TARGET OUT TEMPLATES...}); {@code ./dev.sh regenerate} runs those phases. A file whose text
 * is unchanged is not written again, so an unchanged template recompiles nothing.
 *
 * <p>The element types are {@link Element}'s; which vector records exist and what their lanes are called is also
 * kernel-lowering's {@code VectorType}, and kernel-lowering's {@code VectorTypeTest} checks that the two agree.
 */
public final class Codegen {
    /** The longest line the generated sources have, as in the hand-written ones. */
    static final int WIDTH = 120;

    /** What to generate. */
    enum Target {
        /** Kernel-api's per-type sources: the vector records and the faces of accessors ({@code ArrayAccess}..). */
        KERNEL_API,
        /** The runtime's package {@code io.jsycl}: its own per-type sources and kernel-api's, which it compiles too. */
        RUNTIME
    }

    /**
     * An element type of the per-type classes, in the order the runtime's sources list them.
     *
     * @param type the Java type, e.g. {@code float}
     * @param boxed its box, e.g. {@code Float}
     * @param bytes its size in device memory
     * @param vectors whether it has vector records ({@code Float2} ..) and {@code get2 .. set8}
     * @param atomics whether accessors and device arrays of it have atomics (OpenCL's atomic functions cover these)
     */
    record Element(String type, String boxed, int bytes, boolean vectors, boolean atomics) {
        static final List<Element> ALL = List.of(new Element("float", "Float", 4, true, true),
                new Element("double", "Double", 8, true, false), new Element("int", "Integer", 4, true, true),
                new Element("long", "Long", 8, true, true), new Element("short", "Short", 2, false, false),
                new Element("byte", "Byte", 1, false, false), new Element("char", "Character", 2, false, false),
                new Element("boolean", "Boolean", 1, false, false));

        /** The element types with vector records, in the order the records are listed. */
        static final List<String> VECTOR_ORDER = List.of("float", "int", "long", "double");

        /** The capitalized name, e.g. {@code Float} or {@code Int}: the per-type classes' prefix. */
        String name() {
            return Character.toUpperCase(type.charAt(0)) + type.substring(1);
        }

        static Element of(String type) {
            return ALL.stream().filter(e -> e.type.equals(type)).findFirst().orElseThrow();
        }
    }

    /** The widths of the vector records. */
    static final List<Integer> WIDTHS = List.of(2, 4, 8);

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
    private static final Family HOST_ARRAY = new Family("HostArray", false, false, false, Map.of());
    /** Not a family of classes: only its file, whose copy and fill overloads are one per primitive type. */
    private static final Family QUEUE = new Family("Queue", false, false, false, Map.of());

    private final List<Path> templateFolders;
    private final Map<String, SourceTemplate> templates = new HashMap<>();

    /**
     * A generator reading templates from folders.
     *
     * @param templateFolders where templates are looked up by name, first folder first
     */
    Codegen(List<Path> templateFolders) {
        this.templateFolders = List.copyOf(templateFolders);
    }

    /**
     * Writes one target's sources.
     *
     * @param args the target ({@code kernel_api} or {@code runtime}), the folder of the sources' root (a package's files
     *     go into its sub-folder), then the folders of the templates, first folder first
     * @throws IOException if a template cannot be read or a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: Codegen kernel_api|runtime OUT_FOLDER TEMPLATE_FOLDER...: e.g. Codegen"
                    + " kernel_api kernel-api/target/generated-sources/jsycl kernel-api/src/main/templates/io/jsycl");
        }
        Target target = Target.valueOf(args[0].toUpperCase(Locale.ROOT));
        List<Path> folders = Stream.of(args).skip(2).map(Path::of).toList();
        write(Path.of(args[1]).resolve("io/jsycl"), new Codegen(folders).generate(target));
    }

    /**
     * Writes {@code files} (named by their path under {@code dir}) into {@code dir}, leaving a file whose text is
     * unchanged as it is (so the compiler sees nothing new), and removes the {@code .java} files of the folders it
     * writes that are no longer generated: those folders are the generator's alone.
     */
    static void write(Path dir, Map<String, String> files) throws IOException {
        Set<Path> folders = new HashSet<>();
        for (String name : files.keySet()) {
            folders.add(dir.resolve(name).getParent());
        }
        folders.add(dir);
        for (Path folder : folders) {
            Files.createDirectories(folder);
            try (Stream<Path> s = Files.list(folder)) {
                for (Path p : s.toList()) {
                    if (p.toString().endsWith(".java") && !files.containsKey(dir.relativize(p).toString())) {
                        Files.delete(p);
                    }
                }
            }
        }
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path file = dir.resolve(f.getKey());
            byte[] text = f.getValue().getBytes(StandardCharsets.UTF_8);
            if (!Files.exists(file) || !java.util.Arrays.equals(Files.readAllBytes(file), text)) {
                Files.write(file, text);
            }
        }
    }

    /**
     * The sources of a target.
     *
     * @param target what to generate
     * @return file name ({@code FloatAccessor.java}) to source
     */
    Map<String, String> generate(Target target) {
        Map<String, String> files = new LinkedHashMap<>();
        if (target == Target.RUNTIME) {
            for (Family f : List.of(ACCESSOR, LOCAL_ACCESSOR, HOST_ACCESSOR, BUFFER, DEVICE_ARRAY, HOST_ARRAY)) {
                Map<String, Object> family = family(f);
                files.put(f.name + ".java", render(f.name + ".java.template", family, null));
                for (Map<String, Object> type : types(f)) {
                    files.put(type.get("Type") + f.name + ".java", render("X-" + f.name + ".java.template", family, type));
                }
            }
            files.put("Queue.java", render("Queue.java.template", family(QUEUE), null));
            files.put("QueueCopies.java", render("QueueCopies.java.template", family(QUEUE), null));
            files.put("QueueBufferCopies.java", render("QueueBufferCopies.java.template", family(QUEUE), null));
            files.put("internal/host/HostGroupFunctions.java", render("HostGroupFunctions.java.template",
                    Map.of("types", groupFunctionTypes()), null));
            for (String algorithms : List.of("Scans", "ScanKernels", "WideScanKernels", "StripedScanKernels",
                    "Compaction", "CompactionKernels", "OnePassCompaction", "WideCompaction", "StripedCompaction",
                    "TiledCompaction", "Reductions", "ReductionKernels", "Transforms")) {
                // The one-pass kernels (compactionKernel.template, scanKernel.template) for any face, or for
                // accessors' wide one (vector loads and stores).
                // The compactions' look-back (lookBack.template) adds counts: an int context for it.
                boolean wide = algorithms.startsWith("Wide");
                files.put("algorithms/" + algorithms + ".java", render(algorithms + ".java.template",
                        Map.of("numerics", algorithmTypes(), "wide", wide, "face", wide ? "WideAccess" : "ArrayAccess",
                                "counts", List.of(Map.of("type", "int"))),
                        null));
            }
        }
        for (Face face : Face.values()) {
            files.put(face.className() + ".java", render("Access.java.template", face.names(), null));
        }
        for (String type : Element.VECTOR_ORDER) {
            for (Map<String, Object> v : vectors(Element.of(type))) {
                files.put(v.get("Vector") + ".java", render("X-Vector.java.template", Map.of(), v));
            }
        }
        return files;
    }

    /**
     * The element types of the parallel algorithms' per-type overloads ({@code Scans.java.template} ..): the type,
     * its capitalized name, its zero literal, the name of the lambda that adds two of it, and whether its values fit
     * the 32 bits of a one-pass kernel's published word ({@code io.jsycl.algorithms.Tiles}).
     */
    private static List<Map<String, Object>> algorithmTypes() {
        return List.of(
                Map.of("type", "int", "Type", "Int", "zero", "0", "SUM", "INT_SUM", "onePass", true),
                Map.of("type", "long", "Type", "Long", "zero", "0L", "SUM", "LONG_SUM", "onePass", false),
                Map.of("type", "float", "Type", "Float", "zero", "0f", "SUM", "FLOAT_SUM", "onePass", true),
                Map.of("type", "double", "Type", "Double", "zero", "0d", "SUM", "DOUBLE_SUM", "onePass", false));
    }

    /**
     * The types of value of the work-group and sub-group functions, as {@code HostGroupFunctions.java.template} names
     * them: the algorithm of HostGroup that computes in the type ({@code integral} in a long, {@code floating} in a
     * double) and whether the type is the wide one, the cast back, and the value as bits for the exchanges and back.
     */
    private static List<Map<String, Object>> groupFunctionTypes() {
        return List.of(
                Map.of("type", "int", "algorithm", "integral", "wide", "false", "cast", "(int) ", "bits", "x",
                        "open", "(int) ", "close", ""),
                Map.of("type", "long", "algorithm", "integral", "wide", "true", "cast", "", "bits", "x", "open", "",
                        "close", ""),
                Map.of("type", "float", "algorithm", "floating", "wide", "false", "cast", "(float) ",
                        "bits", "Float.floatToRawIntBits(x)", "open", "Float.intBitsToFloat((int) ", "close", ")"),
                Map.of("type", "double", "algorithm", "floating", "wide", "true", "cast", "",
                        "bits", "Double.doubleToRawLongBits(x)", "open", "Double.longBitsToDouble(", "close", ")"));
    }

    /**
     * The kernel-facing faces of accessors, local accessors and device arrays, each a class of nested interfaces
     * (one per element type) from {@code Access.java.template}; each level extends the one before.
     */
    enum Face {
        /** The atomics of {@code int}, {@code long} and {@code float}, which {@link #ARRAY} extends. */
        ATOMIC,
        /** 1-D {@code get} and {@code set}, {@code size()}, and the atomics: what device arrays are. */
        ARRAY,
        /** Adds 2-D and 3-D {@code get} and {@code set}: what local accessors are. */
        GRID,
        /** Adds {@code getN} and {@code setN}: what accessors are. */
        WIDE;

        String className() {
            return name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT) + "Access";
        }

        /** The names {@code Access.java.template} uses: the class, which level it is, its element types. */
        Map<String, Object> names() {
            Family f = new Family(className(), this != WIDE && this != ATOMIC, this == WIDE,
                    this == ARRAY || this == ATOMIC, Map.of());
            List<Map<String, Object>> types = types(f);
            if (this == WIDE) {
                types = types.stream().filter(t -> !((List<?>) t.get("vectors")).isEmpty()).toList();
            }
            if (this == ATOMIC) {
                types = types.stream().filter(t -> (Boolean) t.get("atomics")).toList();
            }
            return Map.of("Family", className(), "atomic", this == ATOMIC, "array", this == ARRAY, "grid", this == GRID,
                    "wide", this == WIDE, "types", types);
        }
    }

    /**
     * The names a family's templates use besides the element type's: its element methods' variant, the element
     * types ({@code types}, with records where the family has them, and {@code primitives}), and {@code double}.
     */
    private static Map<String, Object> family(Family f) {
        Map<String, Object> m = new HashMap<>(f.methods);
        List<Map<String, Object>> types = types(f);
        m.put("types", types);
        m.put("primitives", types.stream().filter(t -> !(Boolean) t.get("record")).toList());
        return m;
    }

    /** The family's element types, each as the names its templates use. */
    private static List<Map<String, Object>> types(Family f) {
        List<Element> all = new ArrayList<>(Element.ALL);
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
    private static Map<String, Object> type(Family f, Element t, boolean last) {
        boolean record = t == null;
        Map<String, Object> m = new HashMap<>();
        m.put("type", record ? "R" : t.type);
        m.put("Type", record ? "Record" : t.name());
        m.put("Boxed", record ? "R" : t.boxed);
        String kind = record ? "" : t.type.toUpperCase(Locale.ROOT);
        m.put("KIND", kind);
        m.put("LAYOUT", record ? "" : kind.equals("BOOLEAN") ? "JAVA_BYTE" : "JAVA_" + kind);
        m.put("record", record);
        m.put("bool", !record && t.type.equals("boolean"));
        m.put("generic", record ? "<R extends Record>" : "");
        m.put("args", record ? "<R>" : "");
        m.put("element", record ? "record" : "element");
        m.put("valueDoc", record ? "the record stored there" : "the element's value");
        m.put("atomics", f.atomics && !record && t.atomics);
        m.put("vectors", f.vectors && !record ? vectors(t) : List.of());
        m.put("last", last);
        // The kernel-facing interface (Face) the family's type implements; Accessor's has the wide loads where it can.
        m.put("face", switch (f.name) {
            case "Accessor" -> ((List<?>) m.get("vectors")).isEmpty() ? "GridAccess" : "WideAccess";
            case "LocalAccessor" -> "GridAccess";
            default -> "ArrayAccess";
        });
        return m;
    }

    /**
     * The vector records of an element type, each as the names {@code get2 .. set8} and {@code X-Vector.java.template}
     * use. Lanes are named as OpenCL names the components of its vectors: {@code x, y}; {@code x, y, z, w};
     * {@code s0 .. s7}.
     */
    private static List<Map<String, Object>> vectors(Element t) {
        if (!t.vectors) {
            return List.of();
        }
        List<Map<String, Object>> vectors = new ArrayList<>();
        for (int n : WIDTHS) {
            List<String> names = switch (n) {
                case 2 -> List.of("x", "y");
                case 4 -> List.of("x", "y", "z", "w");
                default -> Stream.iterate(0, i -> i + 1).limit(n).map(i -> "s" + i).toList();
            };
            List<Map<String, Object>> lanes = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                lanes.add(Map.of("lane", names.get(i), "i", i, "offset", i == 0 ? "" : " + " + i, "last", i == n - 1));
            }
            Map<String, Object> v = new HashMap<>();
            v.put("n", n);
            v.put("Vector", t.name() + n);
            v.put("Count", COUNTS.get(n));
            v.put("count", COUNTS.get(n).toLowerCase(Locale.ROOT));
            v.put("lastLane", n - 1);
            v.put("last", n == WIDTHS.getLast());
            v.put("bytes", n * t.bytes);
            v.put("lane0", names.getFirst());
            v.put("lanes", lanes);
            v.put("type", t.type);
            v.put("Type", t.name());
            v.put("cvec", t.type + n);
            boolean integral = t.type.equals("int") || t.type.equals("long");
            v.put("integral", integral);
            v.put("floating", !integral);
            vectors.add(Map.copyOf(v));
        }
        return vectors;
    }

    private String render(String template, Map<String, Object> family, Map<String, Object> type) {
        Deque<Map<String, ?>> contexts = new ArrayDeque<>();
        contexts.push(Map.of("template", template));
        contexts.push(family);
        if (type != null) {
            contexts.push(type);
        }
        String text = template(template).render(contexts, partial -> template(partial + ".template"));
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            out.append(SourceTemplate.wrap(line, WIDTH)).append('\n');
        }
        // split keeps the text after the last newline as a last (empty) line: drop the newline added after it.
        return out.substring(0, out.length() - 1);
    }

    private SourceTemplate template(String name) {
        SourceTemplate t = templates.get(name);
        if (t == null) {
            Path file = templateFolders.stream().map(d -> d.resolve(name)).filter(Files::isRegularFile).findFirst()
                    .orElseThrow(() -> new IllegalStateException("template " + name + " is in none of "
                            + templateFolders + ": add it there, or pass its folder to Codegen"));
            try {
                t = SourceTemplate.parse(name, Files.readString(file, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException("reading template " + file, e);
            }
            templates.put(name, t);
        }
        return t;
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
