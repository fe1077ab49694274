package io.jsycl.lowering;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.RecordComponentNode;

/**
 * How captures travel: one walk over the captures (records recursively, the RFC's special
 * traversal) gives the C struct types, the fields of the captures struct, the {@code __kernel}
 * parameters, the statements that rebuild the captures struct from them, and the
 * {@link KernelArg}s, so names and argument order cannot drift apart.
 *
 * <p>An accessor's range, memory range and offset are parameters only where the kernel reads them
 * ({@link #field}, recorded per accessor struct type and dimension, so that device functions taking an accessor
 * count too): a 1-D accessor that is only indexed passes its pointer and offset, and the offset
 * only in programs built without {@code JSYCL_ZERO_OFFSETS}. Every argument a launch sets costs
 * host time in the driver (docs/performance.md). So the parameters are laid out by
 * {@link #finish}, after the kernel's code is translated. An accessor's memory range in a dimension where an earlier
 * accessor has one too goes through {@code JSYCL_STRIDE}, which takes the earlier one's in programs built with
 * {@code JSYCL_SHARED_STRIDES} (the runtime's variant for launches where they are equal), where it is no parameter.
 */
final class CaptureLayout {
    private static final List<String> ACCESSOR_PARTS = List.of("range", "memRange", "offset");
    private static final List<ArgRole> ACCESSOR_ROLES = List.of(ArgRole.ACCESSOR_RANGE, ArgRole.ACCESSOR_MEM_RANGE,
            ArgRole.ACCESSOR_OFFSET);

    final List<String> fields = new ArrayList<>();
    final List<String> kernelParams = new ArrayList<>();
    final List<String> init = new ArrayList<>();
    final List<KernelArg> args = new ArrayList<>();
    private final KernelContext ctx;
    private final List<Runnable> pending = new ArrayList<>();
    /** By dimension: the memory-range parameter of the first accessor that has one there ({@code JSYCL_STRIDE}). */
    private final String[] firstMemRange = new String[3];

    CaptureLayout(KernelContext ctx) {
        this.ctx = ctx;
    }

    /** Adds top-level capture {@code index}, named {@code name} in C; its parameters come with {@link #finish}. */
    void add(int index, String name, Capture c) {
        fields.add(structName(ctx, c) + " " + name + ";");
        pending.add(() -> leaf(index, List.of(), name, "cap." + name, c));
    }

    /** Lays out the parameters of every capture added, once the kernel's code has recorded what it reads. */
    void finish() {
        pending.forEach(Runnable::run);
        pending.clear();
    }

    /**
     * The C expression of {@code part} ({@code range}, {@code memRange} or {@code offset}) in dimension {@code d} of
     * the accessor {@code acc}, recorded as read by the kernel.
     */
    static String field(KernelContext ctx, AccessorRef acc, String part, int d) {
        ctx.accessorFields.add(structName(ctx, acc.capture()) + "." + part + d);
        return acc.member() + part + "[" + d + "]";
    }

    private void leaf(int index, List<Integer> path, String param, String target, Capture c) {
        switch (c) {
            case Capture.Scalar s -> {
                kernelParams.add(s.type().cName() + " " + param);
                init.add(target + " = " + param + ";");
                args.add(new KernelArg(index, path, ArgRole.VALUE, 0, s.type()));
            }
            case Capture.Accessor a -> accessorLeaf(index, path, param, target, a, pointer(a), a.element(), a.dimensions());
            case Capture.RecordAccessor a -> accessorLeaf(index, path, param, target, a, pointer(ctx, a),
                    ScalarType.BYTE, a.dimensions());
            case Capture.Local l -> {
                kernelParams.add("__local " + l.element().cName() + "* " + param + "_data");
                args.add(new KernelArg(index, path, ArgRole.LOCAL_MEMORY, 0, l.element()));
                init.add(target + ".data = " + param + "_data;");
                for (int d = 0; d < l.dimensions(); d++) {
                    kernelParams.add("int " + param + "_range" + d);
                    init.add(target + ".range[" + d + "] = " + param + "_range" + d + ";");
                    args.add(new KernelArg(index, path, ArgRole.LOCAL_RANGE, d, ScalarType.INT));
                }
            }
            case Capture.Array a -> {
                kernelParams.add("__global const " + a.element().cName() + "* " + param + "_data");
                kernelParams.add("int " + param + "_length");
                init.add(target + ".data = " + param + "_data;");
                init.add(target + ".length = " + param + "_length;");
                args.add(new KernelArg(index, path, ArgRole.ARRAY_DATA, 0, a.element()));
                args.add(new KernelArg(index, path, ArgRole.ARRAY_LENGTH, 0, ScalarType.INT));
            }
            case Capture.Record r -> {
                List<String> names = componentNames(ctx, r);
                for (int i = 0; i < r.components().size(); i++) {
                    List<Integer> sub = new ArrayList<>(path);
                    sub.add(i);
                    leaf(index, sub, param + "__" + names.get(i), target + "." + names.get(i), r.components().get(i));
                }
            }
            case Capture.Function f -> {
                for (int i = 0; i < f.components().size(); i++) {
                    List<Integer> sub = new ArrayList<>(path);
                    sub.add(i);
                    leaf(index, sub, param + "__c" + i, target + ".c" + i, f.components().get(i));
                }
            }
        }
    }

    private void accessorLeaf(int index, List<Integer> path, String param, String target, Capture a, String pointer,
            ScalarType element, int dimensions) {
        // In a kernel with barriers only read-only accessors may be restrict: work-items exchange data through the
        // writable ones, and a compiler may move a restrict pointer's accesses across a barrier (NVIDIA's moved
        // local-memory atomics reached through a restrict pointer, and a work-group histogram lost counts).
        AccessMode mode = a instanceof Capture.Accessor acc ? acc.mode() : ((Capture.RecordAccessor) a).mode();
        String restrict = !ctx.usesBarrier || mode == AccessMode.READ ? ctx.helper("JSYCL_RESTRICT") + " " : "";
        kernelParams.add(pointer + " " + restrict + param + "_data");
        args.add(new KernelArg(index, path, ArgRole.ACCESSOR_DATA, 0, element));
        StringBuilder call = new StringBuilder(structName(ctx, a) + "_init(&" + target + ", " + param + "_data");
        for (int p = 0; p < ACCESSOR_PARTS.size(); p++) {
            String part = ACCESSOR_PARTS.get(p);
            for (int d = 0; d < dimensions; d++) {
                String name = param + "_" + part + d;
                if (!ctx.accessorFields.contains(structName(ctx, a) + "." + part + d)) {
                    call.append(", 0");
                    continue;
                }
                if (part.equals("offset")) {
                    // JSYCL_OFFSET_PARAM: no parameter at all in a program built with JSYCL_ZERO_OFFSETS.
                    kernelParams.add(kernelParams.removeLast() + " " + ctx.helper("JSYCL_OFFSET") + "_PARAM(" + name + ")");
                    call.append(", JSYCL_OFFSET(").append(name).append(')');
                    args.add(new KernelArg(index, path, ArgRole.ACCESSOR_OFFSET, d, ScalarType.INT));
                    continue;
                }
                String shared = part.equals("memRange") ? firstMemRange[d] : null;
                if (shared != null) {
                    // JSYCL_STRIDE_PARAM: no parameter in a program built with JSYCL_SHARED_STRIDES, which reads the
                    // earlier accessor's instead.
                    kernelParams.add(kernelParams.removeLast() + " " + ctx.helper("JSYCL_STRIDE") + "_PARAM(" + name
                            + ")");
                    call.append(", JSYCL_STRIDE(").append(name).append(", ").append(shared).append(')');
                    args.add(new KernelArg(index, path, ArgRole.ACCESSOR_MEM_RANGE, d, ScalarType.INT,
                            ProgramVariant.SHARED_STRIDES.bit(), 0));
                    continue;
                }
                kernelParams.add("int " + name);
                call.append(", ").append(name);
                if (part.equals("memRange")) {
                    firstMemRange[d] = name;
                }
                args.add(new KernelArg(index, path, ACCESSOR_ROLES.get(p), d, ScalarType.INT));
            }
        }
        init.add(call.append(");").toString());
    }

    static String pointer(Capture.Accessor a) {
        return "__global " + (a.mode() == AccessMode.READ ? "const " : "") + a.element().cName() + "*";
    }

    /** The data pointer type of an accessor of records: to the record's struct. */
    static String pointer(KernelContext ctx, Capture.RecordAccessor a) {
        return "__global " + (a.mode() == AccessMode.READ ? "const " : "") + elementType(ctx, a).cType() + "*";
    }

    /** The struct of a record accessor's elements, defined in {@code ctx} on first use. */
    static RecordType elementType(KernelContext ctx, Capture.RecordAccessor a) {
        return RecordType.of(ctx, a.recordInternalName(), a.fields());
    }

    /** The C type of a capture, defining its struct in {@code ctx} on first use. */
    static String structName(KernelContext ctx, Capture c) {
        String name = switch (c) {
            case Capture.Scalar s -> s.type().cName();
            case Capture.Accessor a -> "jsycl_acc_" + switch (a.mode()) {
                case READ -> "r";
                case WRITE -> "w";
                case READ_WRITE -> "rw";
            } + "_" + a.element().cName() + "_" + a.dimensions();
            case Capture.RecordAccessor a -> "jsycl_racc_" + switch (a.mode()) {
                case READ -> "r";
                case WRITE -> "w";
                case READ_WRITE -> "rw";
            } + "_" + elementType(ctx, a).cType().substring("jsycl_elem_".length()) + "_" + a.dimensions();
            case Capture.Local l -> "jsycl_local_" + l.element().cName() + "_" + l.dimensions();
            case Capture.Array a -> "jsycl_array_" + a.element().cName();
            case Capture.Record r -> "jsycl_rec_" + KernelLowerer.mangle(simple(r.internalName())) + "_"
                    + String.format(Locale.ROOT, "%08x", r.toString().hashCode());
            case Capture.Function f -> "jsycl_fn_" + KernelLowerer.mangle(simple(f.implClass()) + "_" + f.implMethod())
                    + "_" + String.format(Locale.ROOT, "%08x", f.toString().hashCode());
        };
        if (!(c instanceof Capture.Scalar) && !ctx.structs.containsKey(name)) {
            String def = define(ctx, c, name);
            ctx.structs.put(name, def);
        }
        return name;
    }

    private static String define(KernelContext ctx, Capture c, String name) {
        CodeBuilder b = new CodeBuilder();
        switch (c) {
            case Capture.Accessor a -> accessorStruct(b, name, pointer(a), a.dimensions());
            case Capture.RecordAccessor a -> accessorStruct(b, name, pointer(ctx, a), a.dimensions());
            case Capture.Local l -> {
                b.line("/* Work-group local memory, row-major. */");
                b.open("typedef struct");
                b.line("__local " + l.element().cName() + "* data;");
                b.line("int range[" + l.dimensions() + "];");
                b.close("} " + name + ";");
            }
            case Capture.Array a -> {
                b.line("/* A captured Java array: read-only. */");
                b.open("typedef struct");
                b.line("__global const " + a.element().cName() + "* data;");
                b.line("int length;");
                b.close("} " + name + ";");
            }
            case Capture.Record r -> {
                List<String> names = componentNames(ctx, r);
                List<String> lines = new ArrayList<>();
                for (int i = 0; i < r.components().size(); i++) {
                    lines.add(structName(ctx, r.components().get(i)) + " " + names.get(i) + ";");
                }
                b.line("/* record " + r.internalName().replace('/', '.') + " */");
                b.open("typedef struct");
                lines.forEach(b::line);
                if (lines.isEmpty()) {
                    b.line("char none;");
                }
                b.close("} " + name + ";");
            }
            case Capture.Function f -> {
                b.line("/* the values " + f.implClass().replace('/', '.') + "." + f.implMethod() + " captured */");
                b.open("typedef struct");
                for (int i = 0; i < f.components().size(); i++) {
                    b.line(structName(ctx, f.components().get(i)) + " c" + i + ";");
                }
                if (f.components().isEmpty()) {
                    b.line("char none;");
                }
                b.close("} " + name + ";");
            }
            case Capture.Scalar s -> throw new IllegalStateException("no struct for " + s);
        }
        return b.toString().stripTrailing();
    }

    private static void accessorStruct(CodeBuilder b, String name, String pointer, int dims) {
        b.open("typedef struct");
        b.line(pointer + " data;");
        b.line("int range[" + dims + "];");
        b.line("int memRange[" + dims + "];");
        b.line("int offset[" + dims + "];");
        b.close("} " + name + ";");
        b.blank();
        StringBuilder params = new StringBuilder(name + "* acc, " + pointer + " data");
        for (String part : ACCESSOR_PARTS) {
            for (int d = 0; d < dims; d++) {
                params.append(", int ").append(part).append(d);
            }
        }
        b.open("void " + name + "_init(" + params + ")");
        b.line("acc->data = data;");
        for (String part : ACCESSOR_PARTS) {
            for (int d = 0; d < dims; d++) {
                b.line("acc->" + part + "[" + d + "] = " + part + d + ";");
            }
        }
        b.close();
    }

    /** The C names of a record's components (from its class file; {@code c0, c1...} without one). */
    static List<String> componentNames(KernelContext ctx, Capture.Record r) {
        List<String> java = javaComponentNames(ctx, r.internalName());
        List<String> out = new ArrayList<>();
        for (int i = 0; i < r.components().size(); i++) {
            String n = java != null && i < java.size() ? java.get(i) : "c" + i;
            String c = LocalNames.cName(n, n);
            out.add(out.contains(c) ? c + "_" + i : c);
        }
        return out;
    }

    /** The record's component names in order, or {@code null} if its class file is not available. */
    static List<String> javaComponentNames(KernelContext ctx, String internalName) {
        ClassNode cls = ctx.classNode(internalName);
        if (cls == null) {
            return null;
        }
        List<String> names = new ArrayList<>();
        if (cls.recordComponents != null) {
            for (RecordComponentNode rc : cls.recordComponents) {
                names.add(rc.name);
            }
            return names;
        }
        for (FieldNode f : cls.fields) {
            if ((f.access & org.objectweb.asm.Opcodes.ACC_STATIC) == 0) {
                names.add(f.name);
            }
        }
        return names;
    }

    private static String simple(String internalName) {
        return internalName.substring(internalName.lastIndexOf('/') + 1);
    }
}
