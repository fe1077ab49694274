package io.jsycl.lowering;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.RecordComponentNode;

/**
 * A record of primitives as a C struct value: the element type of a buffer of records, and the
 * value of {@code acc.get(i)} or {@code new P(a, b)} in a kernel. The struct has the record's
 * components in declaration order with natural alignment (each field at a multiple of its size,
 * the size a multiple of the largest field), which is how OpenCL C lays out a struct of those
 * types and how the runtime packs records ({@link #offsets(List)}).
 *
 * @param internalName the record class ("pkg/P")
 * @param fields the component types
 * @param names the C field names
 * @param cType the struct's C type name
 */
record RecordType(String internalName, List<ScalarType> fields, List<String> names, String cType) {

    /** The struct for a record, defined (with its constructor function) in {@code ctx} on first use. */
    static RecordType of(KernelContext ctx, String internalName, List<ScalarType> fields) {
        List<String> java = CaptureLayout.javaComponentNames(ctx, internalName);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            String n = java != null && i < java.size() ? java.get(i) : "c" + i;
            String c = LocalNames.cName(n, n);
            names.add(names.contains(c) ? c + "_" + i : c);
        }
        String simple = internalName.substring(internalName.lastIndexOf('/') + 1);
        String cType = "jsycl_elem_" + KernelLowerer.mangle(simple) + "_"
                + String.format(Locale.ROOT, "%08x", (internalName + fields).hashCode());
        RecordType t = new RecordType(internalName, List.copyOf(fields), List.copyOf(names), cType);
        if (fields.contains(ScalarType.DOUBLE)) {
            ctx.usesFp64 = true; // the struct itself needs the type, even if the kernel reads no double field
        }
        if (!ctx.structs.containsKey(cType)) {
            ctx.structs.put(cType, t.define());
        }
        return t;
    }

    /**
     * The record type of class {@code internalName} if it is a record whose components are all
     * primitives, else {@code null}.
     */
    static RecordType ofClass(KernelContext ctx, String internalName) {
        ClassNode cls = ctx.classNode(internalName);
        if (cls == null || !"java/lang/Record".equals(cls.superName) || cls.recordComponents == null) {
            return null;
        }
        List<ScalarType> fields = new ArrayList<>();
        for (RecordComponentNode rc : cls.recordComponents) {
            ScalarType t = ScalarType.ofDescriptor(rc.descriptor);
            if (t == null) {
                return null;
            }
            fields.add(t);
        }
        return of(ctx, internalName, fields);
    }

    /** The JVM descriptor of the canonical constructor. */
    String constructorDescriptor() {
        StringBuilder b = new StringBuilder("(");
        fields.forEach(f -> b.append(f.descriptor()));
        return b.append(")V").toString();
    }

    /** The C function that builds a struct value from its fields. */
    String make() {
        return cType + "_make";
    }

    /**
     * Whether the canonical constructor only assigns its parameters to the fields (no compact
     * constructor body that validates or changes them), so that a struct of the arguments is
     * the record it builds.
     */
    static boolean plainConstructor(KernelContext ctx, RecordType t) {
        ClassNode cls = ctx.classNode(t.internalName());
        if (cls == null) {
            return false;
        }
        for (MethodNode m : cls.methods) {
            if (m.name.equals("<init>") && m.desc.equals(t.constructorDescriptor())) {
                for (AbstractInsnNode n : m.instructions) {
                    int op = n.getOpcode();
                    boolean ok = op < 0 || op == Opcodes.ALOAD || op == Opcodes.ILOAD || op == Opcodes.LLOAD
                            || op == Opcodes.FLOAD || op == Opcodes.DLOAD || op == Opcodes.PUTFIELD || op == Opcodes.RETURN
                            || op == Opcodes.INVOKESPECIAL && ((MethodInsnNode) n).owner.equals("java/lang/Record");
                    if (!ok) {
                        return false;
                    }
                }
                return true;
            }
        }
        return false;
    }

    /** Byte offsets of the fields, then the struct's size, under natural alignment. */
    static long[] offsets(List<ScalarType> fields) {
        long[] out = new long[fields.size() + 1];
        long at = 0;
        long align = 1;
        for (int i = 0; i < fields.size(); i++) {
            int size = fields.get(i).byteSize();
            at = (at + size - 1) / size * size;
            out[i] = at;
            at += size;
            align = Math.max(align, size);
        }
        out[fields.size()] = Math.max(align, (at + align - 1) / align * align);
        return out;
    }

    private String define() {
        long[] offsets = offsets(fields);
        CodeBuilder b = new CodeBuilder();
        b.line("/* record " + internalName.replace('/', '.') + " as a struct: natural alignment, "
                + offsets[fields.size()] + " bytes (the runtime packs records the same way). */");
        b.open("typedef struct");
        for (int i = 0; i < fields.size(); i++) {
            b.line(fields.get(i).cName() + " " + names.get(i) + "; /* offset " + offsets[i] + " */");
        }
        if (fields.isEmpty()) {
            b.line("char none;");
        }
        b.close("} " + cType + ";");
        b.blank();
        List<String> params = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            params.add(fields.get(i).cName() + " " + names.get(i));
        }
        b.open(cType + " " + make() + "(" + (params.isEmpty() ? "void" : String.join(", ", params)) + ")");
        b.line(cType + " r;");
        for (String n : names) {
            b.line("r." + n + " = " + n + ";");
        }
        if (fields.isEmpty()) {
            b.line("r.none = 0;");
        }
        b.line("return r;");
        b.close();
        return b.toString().stripTrailing();
    }
}
