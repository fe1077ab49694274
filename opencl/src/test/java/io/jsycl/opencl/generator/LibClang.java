package io.jsycl.opencl.generator;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Hand-written FFM downcalls to the few libclang entry points that {@link BindingsGenerator} needs.
 * CXString, CXCursor, CXType and CXSourceLocation are small structs passed by value; their layouts
 * are declared here. Every struct value returned lives in the {@link Arena} given to the constructor.
 */
final class LibClang {
    static final StructLayout CX_STRING = MemoryLayout.structLayout(
            ADDRESS.withName("data"), JAVA_INT.withName("private_flags"), MemoryLayout.paddingLayout(4));
    static final StructLayout CX_CURSOR = MemoryLayout.structLayout(
            JAVA_INT.withName("kind"), JAVA_INT.withName("xdata"), MemoryLayout.sequenceLayout(3, ADDRESS).withName("data"));
    static final StructLayout CX_TYPE = MemoryLayout.structLayout(
            JAVA_INT.withName("kind"), MemoryLayout.paddingLayout(4), MemoryLayout.sequenceLayout(2, ADDRESS).withName("data"));
    static final StructLayout CX_SOURCE_LOCATION = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(2, ADDRESS).withName("ptr_data"), JAVA_INT.withName("int_data"), MemoryLayout.paddingLayout(4));
    static final StructLayout CX_UNSAVED_FILE = MemoryLayout.structLayout(
            ADDRESS.withName("Filename"), ADDRESS.withName("Contents"), JAVA_LONG.withName("Length"));
    static final AddressLayout C_STRING = ADDRESS.withTargetLayout(MemoryLayout.sequenceLayout(Long.MAX_VALUE, java.lang.foreign.ValueLayout.JAVA_BYTE));

    // Cursor kinds (Index.h).
    static final int CURSOR_STRUCT_DECL = 2, CURSOR_UNION_DECL = 3, CURSOR_FIELD_DECL = 6,
            CURSOR_FUNCTION_DECL = 8, CURSOR_TYPEDEF_DECL = 20, CURSOR_MACRO_DEFINITION = 501, CURSOR_VAR_DECL = 9;
    // Type kinds (Index.h).
    static final int TYPE_VOID = 2, TYPE_BOOL = 3, TYPE_CHAR_U = 4, TYPE_UCHAR = 5, TYPE_USHORT = 8, TYPE_UINT = 9,
            TYPE_ULONG = 10, TYPE_ULONGLONG = 11, TYPE_CHAR_S = 13, TYPE_SCHAR = 14, TYPE_SHORT = 16, TYPE_INT = 17,
            TYPE_LONG = 18, TYPE_LONGLONG = 19, TYPE_FLOAT = 21, TYPE_DOUBLE = 22, TYPE_POINTER = 101,
            TYPE_RECORD = 105, TYPE_ENUM = 106, TYPE_FUNCTION_PROTO = 111, TYPE_CONSTANT_ARRAY = 112, TYPE_INCOMPLETE_ARRAY = 114,
            TYPE_ELABORATED = 119;
    static final int EVAL_INT = 1;
    static final int TU_DETAILED_PREPROCESSING_RECORD = 0x01, TU_SKIP_FUNCTION_BODIES = 0x40;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LOOKUP = open();

    private static SymbolLookup open() {
        disableCrashRecovery();
        for (String name : List.of("libclang-14.so.1", "/usr/lib/x86_64-linux-gnu/libclang-14.so.1", "libclang.so.1", "libclang.so")) {
            try {
                return SymbolLookup.libraryLookup(name, Arena.global());
            } catch (IllegalArgumentException notThere) {
                // try the next name
            }
        }
        throw new UnsatisfiedLinkError("libclang not found (tried libclang-14.so.1, libclang.so.1, libclang.so); install libclang1-14");
    }

    /**
     * libclang's crash recovery installs signal handlers that take over the JVM's own (the JVM uses SIGSEGV for
     * null checks and safepoints); jextract turns it off the same way, through the environment.
     */
    private static void disableCrashRecovery() {
        try {
            MethodHandle setenv = LINKER.downcallHandle(LINKER.defaultLookup().find("setenv").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
            try (Arena a = Arena.ofConfined()) {
                int unused = (int) setenv.invokeExact(a.allocateFrom("LIBCLANG_DISABLE_CRASH_RECOVERY"), a.allocateFrom("1"), 1);
            }
        } catch (Throwable t) {
            throw new IllegalStateException("setenv failed", t);
        }
    }

    /** Whether libclang can be loaded on this machine. */
    static boolean available() {
        try {
            return LOOKUP != null;
        } catch (LinkageError e) {
            return false;
        }
    }

    private static MethodHandle h(String name, FunctionDescriptor d) {
        return LINKER.downcallHandle(LOOKUP.find(name).orElseThrow(() -> new UnsatisfiedLinkError(name)), d);
    }

    private static final MethodHandle CREATE_INDEX = h("clang_createIndex", FunctionDescriptor.of(ADDRESS, JAVA_INT, JAVA_INT));
    private static final MethodHandle DISPOSE_INDEX = h("clang_disposeIndex", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle PARSE_TU = h("clang_parseTranslationUnit", FunctionDescriptor.of(ADDRESS,
            ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    private static final MethodHandle DISPOSE_TU = h("clang_disposeTranslationUnit", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle NUM_DIAGNOSTICS = h("clang_getNumDiagnostics", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle GET_DIAGNOSTIC = h("clang_getDiagnostic", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle DIAGNOSTIC_SEVERITY = h("clang_getDiagnosticSeverity", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle FORMAT_DIAGNOSTIC = h("clang_formatDiagnostic", FunctionDescriptor.of(CX_STRING, ADDRESS, JAVA_INT));
    private static final MethodHandle DISPOSE_DIAGNOSTIC = h("clang_disposeDiagnostic", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle TU_CURSOR = h("clang_getTranslationUnitCursor", FunctionDescriptor.of(CX_CURSOR, ADDRESS));
    private static final MethodHandle VISIT_CHILDREN = h("clang_visitChildren", FunctionDescriptor.of(JAVA_INT, CX_CURSOR, ADDRESS, ADDRESS));
    private static final MethodHandle CURSOR_KIND = h("clang_getCursorKind", FunctionDescriptor.of(JAVA_INT, CX_CURSOR));
    private static final MethodHandle CURSOR_SPELLING = h("clang_getCursorSpelling", FunctionDescriptor.of(CX_STRING, CX_CURSOR));
    private static final MethodHandle CURSOR_TYPE = h("clang_getCursorType", FunctionDescriptor.of(CX_TYPE, CX_CURSOR));
    private static final MethodHandle CURSOR_RESULT_TYPE = h("clang_getCursorResultType", FunctionDescriptor.of(CX_TYPE, CX_CURSOR));
    private static final MethodHandle CURSOR_NUM_ARGS = h("clang_Cursor_getNumArguments", FunctionDescriptor.of(JAVA_INT, CX_CURSOR));
    private static final MethodHandle CURSOR_ARG = h("clang_Cursor_getArgument", FunctionDescriptor.of(CX_CURSOR, CX_CURSOR, JAVA_INT));
    private static final MethodHandle CURSOR_LOCATION = h("clang_getCursorLocation", FunctionDescriptor.of(CX_SOURCE_LOCATION, CX_CURSOR));
    private static final MethodHandle FILE_LOCATION = h("clang_getFileLocation", FunctionDescriptor.ofVoid(CX_SOURCE_LOCATION, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle FILE_NAME = h("clang_getFileName", FunctionDescriptor.of(CX_STRING, ADDRESS));
    private static final MethodHandle IS_DEFINITION = h("clang_isCursorDefinition", FunctionDescriptor.of(JAVA_INT, CX_CURSOR));
    private static final MethodHandle IS_ANONYMOUS = h("clang_Cursor_isAnonymous", FunctionDescriptor.of(JAVA_INT, CX_CURSOR));
    private static final MethodHandle IS_MACRO_FUNCTION_LIKE = h("clang_Cursor_isMacroFunctionLike", FunctionDescriptor.of(JAVA_INT, CX_CURSOR));
    private static final MethodHandle FIELD_OFFSET = h("clang_Cursor_getOffsetOfField", FunctionDescriptor.of(JAVA_LONG, CX_CURSOR));
    private static final MethodHandle TYPEDEF_UNDERLYING = h("clang_getTypedefDeclUnderlyingType", FunctionDescriptor.of(CX_TYPE, CX_CURSOR));
    private static final MethodHandle TYPE_SPELLING = h("clang_getTypeSpelling", FunctionDescriptor.of(CX_STRING, CX_TYPE));
    private static final MethodHandle CANONICAL_TYPE = h("clang_getCanonicalType", FunctionDescriptor.of(CX_TYPE, CX_TYPE));
    private static final MethodHandle RESULT_TYPE = h("clang_getResultType", FunctionDescriptor.of(CX_TYPE, CX_TYPE));
    private static final MethodHandle NUM_ARG_TYPES = h("clang_getNumArgTypes", FunctionDescriptor.of(JAVA_INT, CX_TYPE));
    private static final MethodHandle ARG_TYPE = h("clang_getArgType", FunctionDescriptor.of(CX_TYPE, CX_TYPE, JAVA_INT));
    private static final MethodHandle POINTEE_TYPE = h("clang_getPointeeType", FunctionDescriptor.of(CX_TYPE, CX_TYPE));
    private static final MethodHandle ELEMENT_TYPE = h("clang_getArrayElementType", FunctionDescriptor.of(CX_TYPE, CX_TYPE));
    private static final MethodHandle ARRAY_SIZE = h("clang_getArraySize", FunctionDescriptor.of(JAVA_LONG, CX_TYPE));
    private static final MethodHandle OFFSET_OF = h("clang_Type_getOffsetOf", FunctionDescriptor.of(JAVA_LONG, CX_TYPE, ADDRESS));
    private static final MethodHandle SIZE_OF = h("clang_Type_getSizeOf", FunctionDescriptor.of(JAVA_LONG, CX_TYPE));
    private static final MethodHandle TYPE_DECLARATION = h("clang_getTypeDeclaration", FunctionDescriptor.of(CX_CURSOR, CX_TYPE));
    private static final MethodHandle EVALUATE = h("clang_Cursor_Evaluate", FunctionDescriptor.of(ADDRESS, CX_CURSOR));
    private static final MethodHandle EVAL_KIND = h("clang_EvalResult_getKind", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVAL_IS_UNSIGNED = h("clang_EvalResult_isUnsignedInt", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVAL_AS_UNSIGNED = h("clang_EvalResult_getAsUnsigned", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    private static final MethodHandle EVAL_AS_LONG_LONG = h("clang_EvalResult_getAsLongLong", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    private static final MethodHandle EVAL_DISPOSE = h("clang_EvalResult_dispose", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle GET_CSTRING = h("clang_getCString", FunctionDescriptor.of(C_STRING, CX_STRING));
    private static final MethodHandle DISPOSE_STRING = h("clang_disposeString", FunctionDescriptor.ofVoid(CX_STRING));

    /** Visitor called by {@link #visitChildren}; returns a CXChildVisitResult (0 break, 1 continue, 2 recurse). */
    @FunctionalInterface
    interface Visitor {
        int visit(MemorySegment cursor, MemorySegment parent);
    }

    private static final MethodHandle VISITOR_TARGET;

    static {
        try {
            VISITOR_TARGET = MethodHandles.lookup().findStatic(LibClang.class, "dispatch",
                    MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class, MemorySegment.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final ThreadLocal<List<Visitor>> VISITORS = ThreadLocal.withInitial(ArrayList::new);

    @SuppressWarnings("unused") // called through the upcall stub
    private static int dispatch(MemorySegment cursor, MemorySegment parent, MemorySegment clientData) {
        List<Visitor> stack = VISITORS.get();
        try {
            return stack.get(stack.size() - 1).visit(cursor, parent);
        } catch (RuntimeException e) {
            failure.set(e);
            return 0;
        }
    }

    private static final ThreadLocal<RuntimeException> failure = new ThreadLocal<>();

    private final Arena arena;
    private final MemorySegment stub;

    LibClang(Arena arena) {
        this.arena = arena;
        this.stub = LINKER.upcallStub(VISITOR_TARGET,
                FunctionDescriptor.of(JAVA_INT, CX_CURSOR, CX_CURSOR, ADDRESS), arena);
    }

    /** Visits the children of {@code cursor}; the cursors given to the visitor are copied into this arena. */
    void visitChildren(MemorySegment cursor, Visitor visitor) {
        List<Visitor> stack = VISITORS.get();
        stack.add((c, p) -> visitor.visit(copy(c), copy(p)));
        try {
            int unused = (int) VISIT_CHILDREN.invokeExact(cursor, stub, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            stack.remove(stack.size() - 1);
        }
        RuntimeException e = failure.get();
        if (e != null) {
            failure.remove();
            throw e;
        }
    }

    /** All direct children of {@code cursor}, in source order. */
    List<MemorySegment> children(MemorySegment cursor) {
        List<MemorySegment> out = new ArrayList<>();
        visitChildren(cursor, (c, p) -> {
            out.add(c);
            return 1;
        });
        return out;
    }

    private MemorySegment copy(MemorySegment s) {
        return arena.allocate(s.byteSize(), 8).copyFrom(s);
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    MemorySegment createIndex() {
        try {
            return (MemorySegment) CREATE_INDEX.invokeExact(0, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void disposeIndex(MemorySegment index) {
        try {
            DISPOSE_INDEX.invokeExact(index);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Parses {@code file} with {@code args}; {@code unsavedContents}, when not null, replaces the file's contents.
     * Fails with every error diagnostic when the parse has errors and {@code allowErrors} is false.
     */
    MemorySegment parse(MemorySegment index, String file, List<String> args, String unsavedContents, int options, boolean allowErrors) {
        MemorySegment argv = arena.allocate(ADDRESS, args.size());
        for (int i = 0; i < args.size(); i++) {
            argv.setAtIndex(ADDRESS, i, arena.allocateFrom(args.get(i)));
        }
        MemorySegment unsaved = MemorySegment.NULL;
        int numUnsaved = 0;
        if (unsavedContents != null) {
            unsaved = arena.allocate(CX_UNSAVED_FILE);
            MemorySegment contents = arena.allocateFrom(unsavedContents);
            unsaved.set(ADDRESS, 0, arena.allocateFrom(file));
            unsaved.set(ADDRESS, 8, contents);
            unsaved.set(JAVA_LONG, 16, contents.byteSize() - 1);
            numUnsaved = 1;
        }
        MemorySegment tu;
        try {
            tu = (MemorySegment) PARSE_TU.invokeExact(index, arena.allocateFrom(file), argv, args.size(), unsaved, numUnsaved, options);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (tu.equals(MemorySegment.NULL)) {
            throw new IllegalStateException("clang_parseTranslationUnit failed for " + file + " " + args);
        }
        if (!allowErrors) {
            List<String> errors = errors(tu);
            if (!errors.isEmpty()) {
                throw new IllegalStateException("errors parsing " + file + ":\n" + String.join("\n", errors));
            }
        }
        return tu;
    }

    List<String> errors(MemorySegment tu) {
        List<String> out = new ArrayList<>();
        try {
            int n = (int) NUM_DIAGNOSTICS.invokeExact(tu);
            for (int i = 0; i < n; i++) {
                MemorySegment d = (MemorySegment) GET_DIAGNOSTIC.invokeExact(tu, i);
                int severity = (int) DIAGNOSTIC_SEVERITY.invokeExact(d);
                if (severity >= 3) {
                    out.add(string((MemorySegment) FORMAT_DIAGNOSTIC.invokeExact(alloc(), d, 0)));
                }
                DISPOSE_DIAGNOSTIC.invokeExact(d);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
        return out;
    }

    void disposeTranslationUnit(MemorySegment tu) {
        try {
            DISPOSE_TU.invokeExact(tu);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private java.lang.foreign.SegmentAllocator alloc() {
        return arena;
    }

    MemorySegment translationUnitCursor(MemorySegment tu) {
        try {
            return (MemorySegment) TU_CURSOR.invokeExact(alloc(), tu);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Converts a CXString to Java and disposes it. */
    String string(MemorySegment cxString) {
        try {
            MemorySegment p = (MemorySegment) GET_CSTRING.invokeExact(cxString);
            String s = p.equals(MemorySegment.NULL) ? "" : p.getString(0);
            DISPOSE_STRING.invokeExact(cxString);
            return s;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    int kind(MemorySegment cursor) {
        return cursor.get(JAVA_INT, 0);
    }

    int typeKind(MemorySegment type) {
        return type.get(JAVA_INT, 0);
    }

    String spelling(MemorySegment cursor) {
        try {
            return string((MemorySegment) CURSOR_SPELLING.invokeExact(alloc(), cursor));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    MemorySegment type(MemorySegment cursor) {
        return cursorToType(CURSOR_TYPE, cursor);
    }

    MemorySegment resultTypeOfCursor(MemorySegment cursor) {
        return cursorToType(CURSOR_RESULT_TYPE, cursor);
    }

    MemorySegment typedefUnderlying(MemorySegment cursor) {
        return cursorToType(TYPEDEF_UNDERLYING, cursor);
    }

    private MemorySegment cursorToType(MethodHandle h, MemorySegment cursor) {
        try {
            return (MemorySegment) h.invokeExact(alloc(), cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private MemorySegment typeToType(MethodHandle h, MemorySegment type) {
        try {
            return (MemorySegment) h.invokeExact(alloc(), type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    int numArguments(MemorySegment cursor) {
        return intOf(CURSOR_NUM_ARGS, cursor);
    }

    MemorySegment argument(MemorySegment cursor, int i) {
        try {
            return (MemorySegment) CURSOR_ARG.invokeExact(alloc(), cursor, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    boolean isDefinition(MemorySegment cursor) {
        return intOf(IS_DEFINITION, cursor) != 0;
    }

    boolean isAnonymous(MemorySegment cursor) {
        return intOf(IS_ANONYMOUS, cursor) != 0;
    }

    boolean isMacroFunctionLike(MemorySegment cursor) {
        return intOf(IS_MACRO_FUNCTION_LIKE, cursor) != 0;
    }

    private static int intOf(MethodHandle h, MemorySegment cursor) {
        try {
            return (int) h.invokeExact(cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Field offset in bits. */
    long fieldOffsetBits(MemorySegment cursor) {
        try {
            return (long) FIELD_OFFSET.invokeExact(cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The file name (base name only, so output does not depend on install paths) of the cursor's location, or "". */
    String fileOf(MemorySegment cursor) {
        try (Arena local = Arena.ofConfined()) {
            MemorySegment loc = (MemorySegment) CURSOR_LOCATION.invokeExact((java.lang.foreign.SegmentAllocator) local, cursor);
            MemorySegment file = local.allocate(ADDRESS);
            FILE_LOCATION.invokeExact(loc, file, MemorySegment.NULL, MemorySegment.NULL, MemorySegment.NULL);
            MemorySegment f = file.get(ADDRESS, 0);
            if (f.equals(MemorySegment.NULL)) {
                return "";
            }
            String name = string((MemorySegment) FILE_NAME.invokeExact(alloc(), f));
            int slash = name.lastIndexOf('/');
            return slash < 0 ? name : name.substring(slash + 1);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    String typeSpelling(MemorySegment type) {
        try {
            return string((MemorySegment) TYPE_SPELLING.invokeExact(alloc(), type));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    MemorySegment canonical(MemorySegment type) {
        return typeToType(CANONICAL_TYPE, type);
    }

    MemorySegment resultType(MemorySegment type) {
        return typeToType(RESULT_TYPE, type);
    }

    MemorySegment pointee(MemorySegment type) {
        return typeToType(POINTEE_TYPE, type);
    }

    MemorySegment elementType(MemorySegment type) {
        return typeToType(ELEMENT_TYPE, type);
    }

    int numArgTypes(MemorySegment type) {
        try {
            return (int) NUM_ARG_TYPES.invokeExact(type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    MemorySegment argType(MemorySegment type, int i) {
        try {
            return (MemorySegment) ARG_TYPE.invokeExact(alloc(), type, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    long arraySize(MemorySegment type) {
        return longOf(ARRAY_SIZE, type);
    }

    long sizeOf(MemorySegment type) {
        return longOf(SIZE_OF, type);
    }

    private static long longOf(MethodHandle h, MemorySegment type) {
        try {
            return (long) h.invokeExact(type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Offset in bits of field {@code name} in record {@code type}, looking into anonymous members. */
    long offsetOfBits(MemorySegment type, String name) {
        try (Arena local = Arena.ofConfined()) {
            return (long) OFFSET_OF.invokeExact(type, local.allocateFrom(name));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    MemorySegment declaration(MemorySegment type) {
        try {
            return (MemorySegment) TYPE_DECLARATION.invokeExact(alloc(), type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Evaluates an integer-valued declaration; returns null when it is not an integer constant. */
    Long evaluateInteger(MemorySegment cursor) {
        try {
            MemorySegment r = (MemorySegment) EVALUATE.invokeExact(cursor);
            if (r.equals(MemorySegment.NULL)) {
                return null;
            }
            try {
                if ((int) EVAL_KIND.invokeExact(r) != EVAL_INT) {
                    return null;
                }
                return ((int) EVAL_IS_UNSIGNED.invokeExact(r)) != 0
                        ? (long) EVAL_AS_UNSIGNED.invokeExact(r)
                        : (long) EVAL_AS_LONG_LONG.invokeExact(r);
            } finally {
                EVAL_DISPOSE.invokeExact(r);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
