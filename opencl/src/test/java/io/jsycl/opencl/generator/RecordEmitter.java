package io.jsycl.opencl.generator;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import static io.jsycl.opencl.generator.LibClang.*;

/**
 * Emits one class per C struct or union in jextract's shape: {@code layout()}, per field a layout, an offset, a
 * getter and a setter; members of anonymous structs and unions are flattened into the enclosing class.
 */
final class RecordEmitter {
    private final LibClang clang;
    private final String name;
    private final MemorySegment cursor;
    private final MemorySegment type;

    RecordEmitter(LibClang clang, String name, MemorySegment cursor) {
        this.clang = clang;
        this.name = name;
        this.cursor = cursor;
        this.type = clang.canonical(clang.type(cursor));
    }

    private record Field(String name, MemorySegment type, long offset) {
    }

    String emit() {
        StringBuilder b = new StringBuilder(BindingsGenerator.Run.fileHeader(BindingsGenerator.HEADER));
        b.append("""
                import java.lang.foreign.AddressLayout;
                import java.lang.foreign.Arena;
                import java.lang.foreign.GroupLayout;
                import java.lang.foreign.MemoryLayout;
                import java.lang.foreign.MemorySegment;
                import java.lang.foreign.SegmentAllocator;
                import java.lang.foreign.SequenceLayout;
                import java.lang.foreign.ValueLayout;
                import java.util.function.Consumer;

                """);
        String kindWord = clang.kind(cursor) == CURSOR_UNION_DECL ? "union" : "struct";
        b.append("/**\n * {@snippet lang=c :\n * ").append(kindWord).append(' ').append(name).append(" {\n");
        List<Field> fields = new ArrayList<>();
        flatten(cursor, fields);
        for (Field f : fields) {
            b.append(" *     ").append(clang.typeSpelling(f.type)).append(' ').append(f.name).append(";\n");
        }
        b.append(" * }\n * }\n */\n");
        b.append("@SuppressWarnings({\"unused\", \"restricted\"}) // generated: not every import is used; reinterpret is native access\n");
        b.append("public class ").append(name).append(" {\n\n");
        b.append("    ").append(name).append("() {\n        // Should not be called directly\n    }\n\n");
        b.append("    private static final GroupLayout $LAYOUT = ").append(groupLayout(cursor, 0, "        "))
                .append(".withName(\"").append(name).append("\");\n\n");
        b.append("    /**\n     * The layout of this ").append(kindWord).append(".\n     *\n     * @return the ").append(kindWord)
                .append("'s layout, named {@code ").append(name).append("}, with the C compiler's offsets and padding\n     */\n");
        b.append("    public static final GroupLayout layout() {\n        return $LAYOUT;\n    }\n\n");
        for (Field f : fields) {
            emitField(b, f);
        }
        b.append("""
                    /**
                     * Obtains a slice of {@code array} which selects the array element at {@code index}.
                     *
                     * @param array a segment holding consecutive elements of this layout
                     * @param index the element's index, from 0; the slice must lie inside {@code array}
                     * @return the element's bytes, a slice sharing {@code array}'s memory and scope
                     * @throws IndexOutOfBoundsException when the element starts outside {@code array}
                     */
                    public static MemorySegment asSlice(MemorySegment array, long index) {
                        return array.asSlice(layout().byteSize() * index);
                    }

                    /**
                     * The size (in bytes) of this struct.
                     *
                     * @return {@code layout().byteSize()}, padding included
                     */
                    public static long sizeof() {
                        return layout().byteSize();
                    }

                    /**
                     * Allocate a segment of size {@code layout().byteSize()} using {@code allocator}.
                     *
                     * @param allocator where the memory comes from (an {@code Arena} decides its lifetime)
                     * @return a new segment of one element, aligned to the layout
                     */
                    public static MemorySegment allocate(SegmentAllocator allocator) {
                        return allocator.allocate(layout());
                    }

                    /**
                     * Allocate an array of size {@code elementCount} using {@code allocator}.
                     *
                     * @param elementCount how many elements, at least 0
                     * @param allocator where the memory comes from (an {@code Arena} decides its lifetime)
                     * @return a new segment of {@code elementCount} consecutive elements
                     * @throws IllegalArgumentException when {@code elementCount} is negative or the size overflows
                     */
                    public static MemorySegment allocateArray(long elementCount, SegmentAllocator allocator) {
                        return allocator.allocate(MemoryLayout.sequenceLayout(elementCount, layout()));
                    }

                    /**
                     * Reinterprets {@code addr} using target {@code arena} and {@code cleanup} (if any).
                     *
                     * @param addr the address of one element, typically a pointer returned by native code
                     * @param arena the arena whose scope the returned segment gets
                     * @param cleanup called with the segment when {@code arena} closes, or {@code null} for none
                     * @return a segment of one element at {@code addr}
                     */
                    public static MemorySegment reinterpret(MemorySegment addr, Arena arena, Consumer<MemorySegment> cleanup) {
                        return reinterpret(addr, 1, arena, cleanup);
                    }

                    /**
                     * Reinterprets {@code addr} as an array of {@code elementCount} using {@code arena} and {@code cleanup}.
                     *
                     * @param addr the address of the first element, typically a pointer returned by native code
                     * @param elementCount how many elements the segment covers, at least 0
                     * @param arena the arena whose scope the returned segment gets
                     * @param cleanup called with the segment when {@code arena} closes, or {@code null} for none
                     * @return a segment of {@code elementCount} elements at {@code addr}
                     */
                    public static MemorySegment reinterpret(MemorySegment addr, long elementCount, Arena arena, Consumer<MemorySegment> cleanup) {
                        return addr.reinterpret(layout().byteSize() * elementCount, arena, cleanup);
                    }
                }
                """);
        return b.toString();
    }

    /** Named fields of {@code record}, with members of anonymous records flattened, offsets relative to this class. */
    private void flatten(MemorySegment record, List<Field> out) {
        for (MemorySegment c : clang.children(record)) {
            int kind = clang.kind(c);
            if (kind == CURSOR_FIELD_DECL) {
                String fieldName = clang.spelling(c);
                MemorySegment ft = clang.canonical(clang.type(c));
                if (clang.typeKind(ft) == TYPE_RECORD && clang.isAnonymous(clang.declaration(ft))) {
                    continue; // its members are visited through the record declaration
                }
                out.add(new Field(fieldName, clang.type(c), clang.offsetOfBits(type, fieldName) / 8));
            } else if ((kind == CURSOR_STRUCT_DECL || kind == CURSOR_UNION_DECL) && clang.isAnonymous(c)) {
                flatten(c, out);
            }
        }
    }

    /** A struct/union layout expression for {@code record}, whose members start at {@code base} in this class. */
    private String groupLayout(MemorySegment record, long base, String indent) {
        boolean union = clang.kind(record) == CURSOR_UNION_DECL;
        List<String> members = new ArrayList<>();
        long at = 0;
        for (MemorySegment c : clang.children(record)) {
            int kind = clang.kind(c);
            String member;
            long offset;
            long size;
            if (kind == CURSOR_FIELD_DECL) {
                MemorySegment ft = clang.canonical(clang.type(c));
                if (clang.typeKind(ft) == TYPE_RECORD && clang.isAnonymous(clang.declaration(ft))) {
                    continue;
                }
                String fieldName = clang.spelling(c);
                offset = clang.offsetOfBits(type, fieldName) / 8 - base;
                size = clang.sizeOf(ft);
                member = layoutOf(ft) + ".withName(\"" + fieldName + "\")";
            } else if ((kind == CURSOR_STRUCT_DECL || kind == CURSOR_UNION_DECL) && clang.isAnonymous(c)) {
                List<Field> inner = new ArrayList<>();
                flatten(c, inner);
                offset = inner.get(0).offset - base;
                size = clang.sizeOf(clang.type(c));
                member = groupLayout(c, base + offset, indent + "    ");
            } else {
                continue;
            }
            if (!union && offset > at) {
                members.add("MemoryLayout.paddingLayout(" + (offset - at) + ")");
            }
            members.add(member);
            at = union ? Math.max(at, size) : offset + size;
        }
        long total = clang.sizeOf(clang.type(record));
        if (!union && total > at) {
            members.add("MemoryLayout.paddingLayout(" + (total - at) + ")");
        }
        String close = indent.substring(4);
        return "MemoryLayout." + (union ? "unionLayout" : "structLayout") + "(\n" + indent
                + String.join(",\n" + indent, members) + "\n" + close + ")";
    }

    private String layoutOf(MemorySegment canonical) {
        int kind = clang.typeKind(canonical);
        if (kind == TYPE_CONSTANT_ARRAY) {
            return "MemoryLayout.sequenceLayout(" + clang.arraySize(canonical) + ", "
                    + layoutOf(clang.canonical(clang.elementType(canonical))) + ")";
        }
        if (kind == TYPE_RECORD) {
            return clang.spelling(clang.declaration(canonical)) + ".layout()";
        }
        BindingsGenerator.CType t = BindingsGenerator.CType.of(clang, canonical);
        if (t == null || t.layout() == null) {
            throw new IllegalStateException("unsupported field type in " + name + ": " + clang.typeSpelling(canonical));
        }
        return t.layout();
    }

    private void emitField(StringBuilder b, Field f) {
        MemorySegment ft = clang.canonical(f.type);
        String n = f.name;
        String jn = BindingsGenerator.javaName(n);
        String cDecl = clang.typeSpelling(f.type) + " " + n;
        int kind = clang.typeKind(ft);
        String layoutExpr = layoutOf(ft);
        String layoutClass;
        String javaType;
        boolean slice = kind == TYPE_CONSTANT_ARRAY || kind == TYPE_RECORD;
        if (kind == TYPE_CONSTANT_ARRAY) {
            layoutClass = "SequenceLayout";
            javaType = "MemorySegment";
        } else if (kind == TYPE_RECORD) {
            layoutClass = "GroupLayout";
            javaType = "MemorySegment";
        } else {
            BindingsGenerator.CType t = BindingsGenerator.CType.of(clang, ft);
            layoutClass = t.layoutClass();
            javaType = t.java();
        }
        String snippet = "    /**\n     * %s {@snippet lang=c :\n     * " + cDecl + "\n     * }\n     *\n%s     */\n";
        String structParam = "     * @param struct a segment holding one {@code " + name + "} (at least {@link #sizeof()} bytes)\n";
        b.append("    private static final ").append(layoutClass).append(' ').append(n).append("$LAYOUT = ")
                .append(layoutExpr).append(".withName(\"").append(n).append("\");\n\n");
        b.append(snippet.formatted("Layout for field:", "     * @return the field's layout, named {@code " + n + "}\n"));
        b.append("    public static final ").append(layoutClass).append(' ').append(n).append("$layout() {\n        return ")
                .append(n).append("$LAYOUT;\n    }\n\n");
        b.append("    private static final long ").append(n).append("$OFFSET = ").append(f.offset).append(";\n\n");
        b.append(snippet.formatted("Offset for field:", "     * @return the field's offset in bytes from the start of the "
                + kindWord() + ", " + f.offset + "\n"));
        b.append("    public static final long ").append(n).append("$offset() {\n        return ").append(n)
                .append("$OFFSET;\n    }\n\n");
        if (slice) {
            b.append(snippet.formatted("Getter for field:", structParam
                    + "     * @return a slice of {@code struct} over the field: writes to it change {@code struct}\n"));
            b.append("    public static MemorySegment ").append(jn).append("(MemorySegment struct) {\n        return struct.asSlice(")
                    .append(n).append("$OFFSET, ").append(n).append("$LAYOUT.byteSize());\n    }\n\n");
            b.append(snippet.formatted("Setter for field:", structParam
                    + "     * @param fieldValue the field's new bytes: its first {@code " + n + "$layout().byteSize()} bytes are copied\n"));
            b.append("    public static void ").append(jn).append("(MemorySegment struct, MemorySegment fieldValue) {\n")
                    .append("        MemorySegment.copy(fieldValue, 0L, struct, ").append(n).append("$OFFSET, ").append(n)
                    .append("$LAYOUT.byteSize());\n    }\n\n");
        } else {
            String valueWord = javaType.equals("MemorySegment") ? "the field's address (a zero-length segment; reinterpret it to read)"
                    : "the field's value, as a Java {@code " + javaType + "} (unsigned C values keep their bits)";
            b.append(snippet.formatted("Getter for field:", structParam + "     * @return " + valueWord + "\n"));
            b.append("    public static ").append(javaType).append(' ').append(jn).append("(MemorySegment struct) {\n        return struct.get(")
                    .append(n).append("$LAYOUT, ").append(n).append("$OFFSET);\n    }\n\n");
            b.append(snippet.formatted("Setter for field:", structParam + "     * @param fieldValue the field's new "
                    + (javaType.equals("MemorySegment") ? "address ({@code MemorySegment.NULL} for C's {@code NULL})" : "value")
                    + "\n"));
            b.append("    public static void ").append(jn).append("(MemorySegment struct, ").append(javaType)
                    .append(" fieldValue) {\n        struct.set(").append(n).append("$LAYOUT, ").append(n)
                    .append("$OFFSET, fieldValue);\n    }\n\n");
        }
    }

    private String kindWord() {
        return clang.kind(cursor) == CURSOR_UNION_DECL ? "union" : "struct";
    }
}
