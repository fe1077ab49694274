package io.jsycl.opencl.generator;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import static io.jsycl.opencl.generator.LibClang.*;

/**
 * Generates the FFM bindings of {@code io.jsycl.opencl.bindings} from the Khronos {@code CL/cl.h}, in jextract's
 * layout: one class per header ({@code cl_h}: layouts, typedefs, functions, integer constants) and one class per
 * struct or union. It reads the header through libclang, called with FFM ({@link LibClang}).
 *
 * <p>Usage: {@code BindingsGenerator <output folder>} where the folder is the package folder of the bindings
 * ({@code opencl/src/main/java/io/jsycl/opencl/bindings}). Output is deterministic: it depends only on the header.
 */
public final class BindingsGenerator {
    static final String PACKAGE = "io.jsycl.opencl.bindings";
    static final String HEADER = "/usr/include/CL/cl.h";
    static final Set<String> HEADER_FILES = Set.of("cl.h", "cl_version.h", "cl_platform.h");
    static final Set<String> EXTRA_TYPEDEFS = Set.of("size_t", "intptr_t");
    static final List<String> CLANG_ARGS = List.of(
            "-x", "c", "-std=gnu11", "-ferror-limit=0",
            "-DCL_TARGET_OPENCL_VERSION=300",
            "-DCL_USE_DEPRECATED_OPENCL_1_0_APIS", "-DCL_USE_DEPRECATED_OPENCL_1_1_APIS",
            "-DCL_USE_DEPRECATED_OPENCL_1_2_APIS", "-DCL_USE_DEPRECATED_OPENCL_2_0_APIS",
            "-DCL_USE_DEPRECATED_OPENCL_2_1_APIS", "-DCL_USE_DEPRECATED_OPENCL_2_2_APIS",
            // keep the vector types of cl_platform.h plain unions
            "-U__SSE__", "-U__SSE2__", "-U__MMX__", "-U__AVX__", "-U__AVX2__");
    private static final Set<String> JAVA_KEYWORDS = Set.of("abstract", "assert", "boolean", "break", "byte", "case",
            "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends", "final",
            "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long",
            "native", "new", "package", "private", "protected", "public", "return", "short", "static", "strictfp",
            "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile",
            "while", "true", "false", "null", "var", "record", "yield");

    private BindingsGenerator() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: BindingsGenerator <output folder of package " + PACKAGE + ">");
        }
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        Map<String, String> files = generate();
        try (Stream<Path> old = Files.list(out)) {
            for (Path p : old.filter(p -> p.toString().endsWith(".java")).toList()) {
                if (!files.containsKey(p.getFileName().toString())) {
                    Files.delete(p);
                }
            }
        }
        for (var e : files.entrySet()) {
            Files.writeString(out.resolve(e.getKey()), e.getValue(), StandardCharsets.UTF_8);
        }
    }

    /** File name → contents of every generated file, sorted by name. */
    public static Map<String, String> generate() {
        try (Arena arena = Arena.ofConfined()) {
            return new Run(new LibClang(arena)).generate();
        }
    }

    static List<String> clangArgs() {
        List<String> args = new ArrayList<>(CLANG_ARGS);
        Path resource = resourceIncludeDir();
        if (resource != null) {
            args.add("-isystem");
            args.add(resource.toString());
        }
        return args;
    }

    /** A folder with the compiler's stddef.h: clang's own resource folder, else GCC's. */
    private static Path resourceIncludeDir() {
        List<String> roots = List.of("/usr/lib/llvm-14/lib/clang", "/usr/lib/llvm-15/lib/clang", "/usr/lib/llvm-16/lib/clang",
                "/usr/lib/gcc/x86_64-linux-gnu");
        for (String root : roots) {
            Path r = Path.of(root);
            if (!Files.isDirectory(r)) {
                continue;
            }
            try (Stream<Path> versions = Files.list(r)) {
                for (Path v : versions.sorted().toList()) {
                    if (Files.exists(v.resolve("include/stddef.h"))) {
                        return v.resolve("include");
                    }
                }
            } catch (IOException e) {
                // try the next root
            }
        }
        return null;
    }

    static String javaName(String c) {
        return JAVA_KEYWORDS.contains(c) ? c + "_" : c;
    }

    /** One generation over one libclang session. */
    static final class Run {
        private final LibClang clang;
        private final Map<String, MemorySegment> functions = new LinkedHashMap<>();
        private final Map<String, MemorySegment> records = new LinkedHashMap<>();
        private final Map<String, MemorySegment> typedefs = new LinkedHashMap<>();
        private final Set<String> macros = new LinkedHashSet<>();
        private final Map<String, Long> constants = new LinkedHashMap<>();
        private final Map<String, Boolean> constantIsLong = new LinkedHashMap<>();

        Run(LibClang clang) {
            this.clang = clang;
        }

        Map<String, String> generate() {
            MemorySegment index = clang.createIndex();
            try {
                MemorySegment tu = clang.parse(index, HEADER, clangArgs(), null,
                        TU_DETAILED_PREPROCESSING_RECORD | TU_SKIP_FUNCTION_BODIES, false);
                try {
                    collect(clang.translationUnitCursor(tu));
                    evaluateMacros(index);
                    return emit();
                } finally {
                    clang.disposeTranslationUnit(tu);
                }
            } finally {
                clang.disposeIndex(index);
            }
        }

        private void collect(MemorySegment root) {
            for (MemorySegment c : clang.children(root)) {
                int kind = clang.kind(c);
                String file = clang.fileOf(c);
                String name = clang.spelling(c);
                boolean ours = HEADER_FILES.contains(file);
                switch (kind) {
                    case CURSOR_FUNCTION_DECL -> {
                        if (file.equals("cl.h")) {
                            functions.putIfAbsent(name, c);
                        }
                    }
                    case CURSOR_STRUCT_DECL, CURSOR_UNION_DECL -> {
                        if (file.equals("cl.h") && clang.isDefinition(c) && !clang.isAnonymous(c)) {
                            records.putIfAbsent(name, c);
                        }
                    }
                    case CURSOR_TYPEDEF_DECL -> {
                        if (ours || EXTRA_TYPEDEFS.contains(name)) {
                            typedefs.putIfAbsent(name, c);
                        }
                    }
                    case CURSOR_MACRO_DEFINITION -> {
                        if (ours && !clang.isMacroFunctionLike(c)) {
                            macros.add(name);
                        }
                    }
                    default -> {
                    }
                }
            }
        }

        /** Evaluates each object-like macro as the initializer of an {@code __auto_type} variable. */
        private void evaluateMacros(MemorySegment index) {
            String file = "/jsycl_generator_macros.c";
            StringBuilder src = new StringBuilder("#include <CL/cl.h>\n");
            for (String m : macros) {
                src.append("__auto_type jsycl_macro_").append(m).append(" = ").append(m).append(";\n");
            }
            MemorySegment tu = clang.parse(index, file, clangArgs(), src.toString(), 0, true);
            try {
                for (MemorySegment c : clang.children(clang.translationUnitCursor(tu))) {
                    if (clang.kind(c) != CURSOR_VAR_DECL) {
                        continue;
                    }
                    String name = clang.spelling(c);
                    if (!name.startsWith("jsycl_macro_")) {
                        continue;
                    }
                    int typeKind = clang.typeKind(clang.canonical(clang.type(c)));
                    Boolean isLong = switch (typeKind) {
                        case TYPE_INT, TYPE_UINT, TYPE_SHORT, TYPE_USHORT, TYPE_CHAR_S, TYPE_SCHAR, TYPE_CHAR_U,
                             TYPE_UCHAR, TYPE_ENUM -> false;
                        case TYPE_LONG, TYPE_ULONG, TYPE_LONGLONG, TYPE_ULONGLONG -> true;
                        default -> null;
                    };
                    if (isLong == null) {
                        continue;
                    }
                    Long value = clang.evaluateInteger(c);
                    if (value != null) {
                        String macro = name.substring("jsycl_macro_".length());
                        constants.put(macro, value);
                        constantIsLong.put(macro, isLong);
                    }
                }
            } finally {
                clang.disposeTranslationUnit(tu);
            }
        }

        private Map<String, String> emit() {
            Map<String, String> files = new TreeMap<>();
            files.put("cl_h.java", emitHeaderClass());
            for (var e : records.entrySet()) {
                files.put(e.getKey() + ".java", new RecordEmitter(clang, e.getKey(), e.getValue()).emit());
            }
            for (var e : typedefs.entrySet()) {
                MemorySegment canonical = clang.canonical(clang.typedefUnderlying(e.getValue()));
                if (clang.typeKind(canonical) == TYPE_RECORD) {
                    String recordName = clang.spelling(clang.declaration(canonical));
                    if (records.containsKey(recordName) && !recordName.equals(e.getKey())) {
                        files.put(e.getKey() + ".java", emitTypedefClass(e.getKey(), recordName));
                    }
                }
            }
            return files;
        }

        static String fileHeader(String header) {
            return "// Generated by BindingsGenerator (opencl/src/test/java/io/jsycl/opencl/generator) from " + header
                    + ".\n// Do not edit: run opencl/regenerate-bindings.sh instead.\n\npackage " + PACKAGE + ";\n\n";
        }

        private String emitTypedefClass(String name, String recordName) {
            return fileHeader(HEADER) + "/**\n * {@snippet lang=c :\n * typedef struct " + recordName + " " + name
                    + "\n * }\n */\npublic class " + name + " extends " + recordName + " {\n\n    " + name + "() {\n"
                    + "        // Should not be called directly\n    }\n}\n";
        }

        private String emitHeaderClass() {
            StringBuilder b = new StringBuilder(fileHeader(HEADER + " (with cl_version.h and cl_platform.h)"));
            b.append("""
                    import java.lang.foreign.AddressLayout;
                    import java.lang.foreign.Arena;
                    import java.lang.foreign.FunctionDescriptor;
                    import java.lang.foreign.Linker;
                    import java.lang.foreign.MemoryLayout;
                    import java.lang.foreign.MemorySegment;
                    import java.lang.foreign.SymbolLookup;
                    import java.lang.foreign.ValueLayout;
                    import java.lang.invoke.MethodHandle;
                    import java.lang.invoke.MethodHandles;
                    import java.lang.invoke.MethodType;
                    import java.util.Optional;

                    /**
                     * Bindings to {@code CL/cl.h} (OpenCL 3.0, deprecated 1.x/2.x entry points included): C layouts,
                     * typedef layouts, one downcall per function (looked up lazily in {@code libOpenCL.so.1}, so a
                     * missing symbol fails only when its function is called) and the header's integer constants.
                     */
                    @SuppressWarnings({"unused", "restricted"}) // generated: not every layout is used; bindings are native access by design
                    public final class cl_h {

                        private cl_h() {
                            // static members only
                        }

                        /** The layout of C {@code bool}: one byte. */
                        public static final ValueLayout.OfBoolean C_BOOL = ValueLayout.JAVA_BOOLEAN;
                        /** The layout of C {@code char}, signed or unsigned: one byte. */
                        public static final ValueLayout.OfByte C_CHAR = ValueLayout.JAVA_BYTE;
                        /** The layout of C {@code short}: two bytes. */
                        public static final ValueLayout.OfShort C_SHORT = ValueLayout.JAVA_SHORT;
                        /** The layout of C {@code int} and of enums: four bytes. */
                        public static final ValueLayout.OfInt C_INT = ValueLayout.JAVA_INT;
                        /** The layout of C {@code long long}: eight bytes. */
                        public static final ValueLayout.OfLong C_LONG_LONG = ValueLayout.JAVA_LONG;
                        /** The layout of C {@code float}: four bytes, IEEE 754 binary32. */
                        public static final ValueLayout.OfFloat C_FLOAT = ValueLayout.JAVA_FLOAT;
                        /** The layout of C {@code double}: eight bytes, IEEE 754 binary64. */
                        public static final ValueLayout.OfDouble C_DOUBLE = ValueLayout.JAVA_DOUBLE;
                        /** The layout of a C pointer: an address whose target is unbounded, so reads need no reinterpret. */
                        public static final AddressLayout C_POINTER = ValueLayout.ADDRESS
                                .withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, ValueLayout.JAVA_BYTE));
                        /** The layout of C {@code long} on LP64 Linux: eight bytes. */
                        public static final ValueLayout.OfLong C_LONG = ValueLayout.JAVA_LONG;

                        /** The OpenCL ICD loader, opened on first use; an empty lookup when it is not installed. */
                        private static final class Library {
                            static final SymbolLookup LOOKUP = open();

                            private static SymbolLookup open() {
                                for (String name : new String[] {"libOpenCL.so.1", "libOpenCL.so"}) {
                                    try {
                                        return SymbolLookup.libraryLookup(name, Arena.global());
                                    } catch (IllegalArgumentException notInstalled) {
                                        // try the next name
                                    }
                                }
                                return symbol -> Optional.empty();
                            }
                        }

                        private static final MethodHandle UNRESOLVED;

                        static {
                            try {
                                UNRESOLVED = MethodHandles.lookup().findStatic(cl_h.class, "unresolved",
                                        MethodType.methodType(UnsatisfiedLinkError.class, String.class));
                            } catch (ReflectiveOperationException e) {
                                throw new ExceptionInInitializerError(e);
                            }
                        }

                        private static UnsatisfiedLinkError unresolved(String name) {
                            return new UnsatisfiedLinkError("unresolved OpenCL symbol: " + name
                                    + " (not exported by libOpenCL.so.1, or libOpenCL is not installed)");
                        }

                        /**
                         * The downcall handle of {@code name}; when the symbol is missing, a handle of the same type
                         * that throws {@link UnsatisfiedLinkError} naming the function on every call.
                         */
                        static MethodHandle downcallHandle(String name, FunctionDescriptor desc) {
                            Optional<MemorySegment> address = Library.LOOKUP.find(name);
                            if (address.isPresent()) {
                                // timed per thread with -Djsycl.opencl.timeCalls=true, else the handle itself
                                return io.jsycl.opencl.DriverCallTimes.timed(name,
                                        Linker.nativeLinker().downcallHandle(address.get(), desc));
                            }
                            MethodType type = desc.toMethodType();
                            MethodHandle thrower = MethodHandles.throwException(type.returnType(), UnsatisfiedLinkError.class);
                            thrower = MethodHandles.collectArguments(thrower, 0, UNRESOLVED.bindTo(name));
                            return MethodHandles.dropArguments(thrower, 0, type.parameterList());
                        }

                    """);
            emitTypedefLayouts(b);
            for (var e : functions.entrySet()) {
                emitFunction(b, e.getKey(), e.getValue());
            }
            for (var e : constants.entrySet()) {
                String name = e.getKey();
                long v = e.getValue();
                String shown = constantIsLong.get(name) ? Long.toString(v) : Integer.toString((int) v);
                b.append("    /**\n     * The value of the macro {@code ").append(name).append("}.\n     * {@snippet lang=c :\n     * #define ")
                        .append(name).append(' ').append(shown).append("\n     * }\n     *\n     * @return ").append(shown)
                        .append(constantIsLong.get(name) ? ", as a Java {@code long}" : ", as a Java {@code int}")
                        .append(" (unsigned C values keep their bits)\n     */\n");
                if (constantIsLong.get(name)) {
                    b.append("    public static long ").append(name).append("() {\n        return ").append(v).append("L;\n    }\n\n");
                } else {
                    b.append("    public static int ").append(name).append("() {\n        return ").append((int) v).append(";\n    }\n\n");
                }
            }
            trimTrailingBlankLine(b);
            b.append("}\n");
            return b.toString();
        }

        private void emitTypedefLayouts(StringBuilder b) {
            for (var e : typedefs.entrySet()) {
                MemorySegment underlying = clang.typedefUnderlying(e.getValue());
                CType t = CType.of(clang, clang.canonical(underlying));
                if (t == null || t.layoutClass == null) {
                    continue;
                }
                b.append("    /**\n     * {@snippet lang=c :\n     * typedef ").append(clang.typeSpelling(underlying))
                        .append(' ').append(e.getKey()).append("\n     * }\n     */\n");
                b.append("    public static final ").append(t.layoutClass).append(' ').append(e.getKey()).append(" = ")
                        .append(t.layout).append(";\n\n");
            }
        }

        private void emitFunction(StringBuilder b, String name, MemorySegment cursor) {
            MemorySegment result = clang.resultTypeOfCursor(cursor);
            CType rt = CType.of(clang, clang.canonical(result));
            if (rt == null) {
                throw new IllegalStateException("unsupported return type of " + name + ": " + clang.typeSpelling(result));
            }
            int n = clang.numArguments(cursor);
            List<String> names = new ArrayList<>();
            List<CType> types = new ArrayList<>();
            List<String> cParams = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                MemorySegment arg = clang.argument(cursor, i);
                String pn = clang.spelling(arg);
                if (pn.isEmpty()) {
                    pn = "x" + i;
                }
                MemorySegment at = clang.type(arg);
                int atKind = clang.typeKind(clang.canonical(at));
                CType t = atKind == TYPE_INCOMPLETE_ARRAY || atKind == TYPE_CONSTANT_ARRAY
                        ? new CType("MemorySegment", "cl_h.C_POINTER", "AddressLayout") // parameters decay to pointers
                        : CType.of(clang, clang.canonical(at));
                if (t == null || t.layout == null) {
                    throw new IllegalStateException("unsupported type of parameter " + pn + " of " + name + ": " + clang.typeSpelling(at));
                }
                names.add(javaName(pn));
                types.add(t);
                String spelled = clang.typeSpelling(at);
                cParams.add(spelled.contains("(*)") ? spelled.replaceFirst("\\(\\*\\)", "(*" + pn + ")")
                        : spelled.endsWith("]") ? spelled.replaceFirst(" ?\\[", (spelled.contains("* [") || spelled.contains("*[") ? "" : " ") + pn + "[")
                        : spelled.endsWith("*") ? spelled + pn : spelled + " " + pn);
            }
            String resultSpelling = clang.typeSpelling(result);
            String decl = resultSpelling + (resultSpelling.endsWith("*") ? "" : " ") + name + "(" + String.join(", ", cParams) + ")";

            b.append("    private static final class ").append(name).append(" {\n");
            b.append("        static final FunctionDescriptor DESC = FunctionDescriptor.");
            List<String> layouts = new ArrayList<>();
            if (rt.java.equals("void")) {
                b.append("ofVoid(");
            } else {
                b.append("of(");
                layouts.add(rt.layout);
            }
            for (CType t : types) {
                layouts.add(t.layout);
            }
            if (!layouts.isEmpty()) {
                b.append("\n            ").append(String.join(",\n            ", layouts));
            }
            b.append(");\n\n        static final MethodHandle HANDLE = downcallHandle(\"").append(name).append("\", DESC);\n    }\n\n");

            b.append("    /**\n     * Function descriptor of {@link #").append(name).append("}.\n     *\n     * @return the C signature of {@code ")
                    .append(name).append("} as FFM layouts: the result first (when not {@code void}), then each parameter\n     */\n");
            b.append("    public static FunctionDescriptor ").append(name).append("$descriptor() {\n        return ").append(name)
                    .append(".DESC;\n    }\n\n");
            b.append("    /**\n     * Downcall method handle of {@link #").append(name).append("}.\n     *\n     * @return a handle of type {@code ")
                    .append(name).append("$descriptor().toMethodType()} that calls {@code ").append(name)
                    .append("}; when\n     *         libOpenCL does not export the symbol, every call throws {@link UnsatisfiedLinkError}\n     */\n");
            b.append("    public static MethodHandle ").append(name).append("$handle() {\n        return ").append(name)
                    .append(".HANDLE;\n    }\n\n");
            b.append("    /**\n     * Calls {@code ").append(name).append("} in libOpenCL.\n     * {@snippet lang=c :\n     * ").append(decl)
                    .append("\n     * }\n     *\n");
            for (int i = 0; i < n; i++) {
                b.append("     * @param ").append(names.get(i)).append(' ')
                        .append(parameterDoc(names.get(i), cParams.get(i), types.get(i).java)).append('\n');
            }
            if (!rt.java.equals("void")) {
                b.append("     * @return ").append(resultDoc(resultSpelling, rt.java, names.contains("errcode_ret"))).append('\n');
            }
            b.append("     * @throws UnsatisfiedLinkError when libOpenCL is not installed or does not export {@code ").append(name)
                    .append("}\n     */\n");
            b.append("    public static ").append(rt.java).append(' ').append(name).append('(');
            for (int i = 0; i < n; i++) {
                b.append(i == 0 ? "" : ", ").append(types.get(i).java).append(' ').append(names.get(i));
            }
            b.append(") {\n        var mh$ = ").append(name).append(".HANDLE;\n        try {\n            ");
            if (!rt.java.equals("void")) {
                b.append("return (").append(rt.java).append(") ");
            }
            b.append("mh$.invokeExact(").append(String.join(", ", names)).append(");\n");
            b.append("""
                            } catch (Error | RuntimeException ex$) {
                                throw ex$;
                            } catch (Throwable ex$) {
                                throw new AssertionError("should not reach here", ex$);
                            }
                        }

                    """);
        }
    }

    /**
     * The {@code @param} text of one function parameter: what the OpenCL specification says of the parameters
     * every entry point shares (queries, wait lists, error codes, callbacks), else the C declaration and how Java
     * passes it.
     */
    static String parameterDoc(String javaName, String cDeclaration, String javaType) {
        boolean pointer = javaType.equals("MemorySegment");
        String known = switch (javaName) {
            case "errcode_ret" -> "where the call stores its {@code cl_int} status ({@code CL_SUCCESS} or a negative error"
                    + " code), or {@code MemorySegment.NULL} to ignore it";
            case "param_name" -> "which property to query or set: one of the header's {@code CL_*} constants for this call";
            case "param_value_size" -> "the size in bytes of the memory at {@code param_value}";
            case "param_value" -> pointer ? "the property's value, {@code param_value_size} bytes; for a query"
                    + " {@code MemorySegment.NULL} asks only for its size" : null;
            case "param_value_size_ret" -> "where the call stores the size in bytes of the property's value, or"
                    + " {@code MemorySegment.NULL} to ignore it";
            case "num_events_in_wait_list" -> "the number of events in {@code event_wait_list}, 0 when there are none";
            case "event_wait_list" -> "{@code num_events_in_wait_list} {@code cl_event} handles that must complete before"
                    + " this command starts, or {@code MemorySegment.NULL} when there are none";
            case "event" -> cDeclaration.startsWith("cl_event *") ? "where the call stores a new {@code cl_event} that"
                    + " identifies this command (release it with {@code clReleaseEvent}), or {@code MemorySegment.NULL}" : null;
            case "pfn_notify" -> "the address of a C callback (an FFM upcall stub) the implementation calls, or"
                    + " {@code MemorySegment.NULL} for none";
            case "user_data" -> "an address passed unchanged to {@code pfn_notify}, or {@code MemorySegment.NULL}";
            case "num_entries" -> "the capacity, in elements, of the array the call fills";
            default -> null;
        };
        if (known != null) {
            return known + " ({@code " + cDeclaration + "})";
        }
        return pointer ? "the C argument {@code " + cDeclaration + "}, an address ({@code MemorySegment.NULL} for C's"
                + " {@code NULL})" : "the C argument {@code " + cDeclaration + "}, as a Java {@code " + javaType + "}"
                + " (unsigned C values keep their bits)";
    }

    /** The {@code @return} text of a function whose C result type is {@code cResult}. */
    static String resultDoc(String cResult, String javaType, boolean hasErrcodeRet) {
        if (cResult.equals("cl_int")) {
            return "{@code CL_SUCCESS} (0), or a negative OpenCL error code ({@code io.jsycl.opencl.ClStatus} names them)";
        }
        if (javaType.equals("MemorySegment")) {
            return "the {@code " + cResult + "} the call returns, an address; {@code MemorySegment.NULL} on failure"
                    + (hasErrcodeRet ? ", with the reason in {@code errcode_ret}" : "");
        }
        return "the C result {@code " + cResult + "}, as a Java {@code " + javaType + "}";
    }

    static void trimTrailingBlankLine(StringBuilder b) {
        while (b.length() >= 2 && b.charAt(b.length() - 1) == '\n' && b.charAt(b.length() - 2) == '\n') {
            b.setLength(b.length() - 1);
        }
    }

    /** The Java view of a canonical C type: Java type, layout expression, layout class. */
    record CType(String java, String layout, String layoutClass) {
        static CType of(LibClang clang, MemorySegment canonical) {
            return switch (clang.typeKind(canonical)) {
                case TYPE_VOID -> new CType("void", null, null);
                case TYPE_BOOL -> new CType("boolean", "cl_h.C_BOOL", "ValueLayout.OfBoolean");
                case TYPE_CHAR_S, TYPE_SCHAR, TYPE_CHAR_U, TYPE_UCHAR -> new CType("byte", "cl_h.C_CHAR", "ValueLayout.OfByte");
                case TYPE_SHORT, TYPE_USHORT -> new CType("short", "cl_h.C_SHORT", "ValueLayout.OfShort");
                case TYPE_INT, TYPE_UINT, TYPE_ENUM -> new CType("int", "cl_h.C_INT", "ValueLayout.OfInt");
                case TYPE_LONG, TYPE_ULONG -> new CType("long", "cl_h.C_LONG", "ValueLayout.OfLong");
                case TYPE_LONGLONG, TYPE_ULONGLONG -> new CType("long", "cl_h.C_LONG_LONG", "ValueLayout.OfLong");
                case TYPE_FLOAT -> new CType("float", "cl_h.C_FLOAT", "ValueLayout.OfFloat");
                case TYPE_DOUBLE -> new CType("double", "cl_h.C_DOUBLE", "ValueLayout.OfDouble");
                case TYPE_POINTER -> new CType("MemorySegment", "cl_h.C_POINTER", "AddressLayout");
                default -> null;
            };
        }
    }
}
