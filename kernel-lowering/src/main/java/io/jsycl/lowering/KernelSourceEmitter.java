package io.jsycl.lowering;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.tree.ClassNode;

/**
 * Assembles the program source: pragmas, accessor structs, helpers, device functions, the
 * captures struct, the body ("callee") and the {@code __kernel} ("caller") that rebuilds the
 * captured object from the kernel parameters.
 */
final class KernelSourceEmitter {
    private KernelSourceEmitter() {
    }

    static String emit(KernelContext ctx, KernelRequest request, ClassNode cls, String name, List<String> names,
            Map<String, String> declarations, String body) {
        CodeBuilder c = new CodeBuilder();
        c.line("/* jsycl kernel " + request.implClass().replace('/', '.') + "." + request.implMethod()
                + (cls.sourceFile == null ? "" : " (" + cls.sourceFile + ")") + ". Generated; do not edit. */");
        c.line("#pragma OPENCL FP_CONTRACT OFF");
        if (ctx.usesFp64) {
            c.line("#pragma OPENCL EXTENSION cl_khr_fp64 : enable");
        }
        for (Capture.Accessor a : ctx.accessors) {
            accessorStruct(c, a);
        }
        int dims = request.dimensions();
        if (dims > 0) {
            guarded(c, "jsycl_item_" + dims, "typedef struct {\n    int range[" + dims + "];\n} jsycl_item_" + dims + ";");
        }
        for (String h : ctx.helpers) {
            guarded(c, h, Builtins.HELPERS.get(h));
        }
        ctx.deviceFunctions.forEach((n, def) -> guarded(c, n, def.stripTrailing()));

        c.blank().line("#ifndef " + guard(name)).line("#define " + guard(name));
        c.open("typedef struct");
        List<String> kernelParams = new ArrayList<>();
        List<String> init = new ArrayList<>();
        for (int i = 0; i < request.captures().size(); i++) {
            String n = names.get(i);
            switch (request.captures().get(i)) {
                case Capture.Scalar s -> {
                    c.line(s.type().cName() + " " + n + ";");
                    kernelParams.add(s.type().cName() + " " + n);
                    init.add("cap." + n + " = " + n + ";");
                }
                case Capture.Accessor a -> {
                    String struct = AccessorRef.structName(a);
                    c.line(struct + " " + n + ";");
                    kernelParams.add("__global " + (a.mode() == AccessMode.READ ? "const " : "") + a.element().cName() + "* " + n + "_data");
                    StringBuilder call = new StringBuilder(struct + "_init(&cap." + n + ", " + n + "_data");
                    for (String part : List.of("range", "memRange", "offset")) {
                        for (int d = 0; d < a.dimensions(); d++) {
                            kernelParams.add("int " + n + "_" + part + d);
                            call.append(", ").append(n).append('_').append(part).append(d);
                        }
                    }
                    init.add(call.append(");").toString());
                }
            }
        }
        if (request.captures().isEmpty()) {
            c.line("char none;");
        }
        c.close("} " + name + "_captures;");
        c.blank();
        String itemParam = dims > 0 ? ", const jsycl_item_" + dims + "* restrict it" : "";
        c.open("void " + name + "_body(const " + name + "_captures* restrict cap" + itemParam + ")");
        for (int i = 0; i < request.captures().size(); i++) {
            if (request.captures().get(i) instanceof Capture.Scalar s) {
                String ctype = Expr.cType(KernelLowerer.kind(s.type()));
                c.line(ctype + " " + names.get(i) + " = cap->" + names.get(i) + ";");
            }
        }
        declarations.forEach((n, t) -> c.line(t + " " + n + ";"));
        c.raw(body);
        c.close();
        c.blank();
        for (int d = 0; d < dims; d++) {
            kernelParams.add("int range" + d);
        }
        c.open("__kernel void " + name + "(" + String.join(", ", kernelParams) + ")");
        if (request.shape() == KernelShape.ITEM) {
            List<String> guards = new ArrayList<>();
            for (int d = 0; d < dims; d++) {
                guards.add("get_global_id(" + (dims - 1 - d) + ") >= (size_t)range" + d);
            }
            // The runtime rounds the global size up (and defines JSYCL_PADDED_RANGE) only where a
            // device gains from chosen work-group sizes; elsewhere the guard would only cost
            // (it stops PoCL's work-group vectorizer), so it is compiled out.
            c.raw("#ifdef JSYCL_PADDED_RANGE\n");
            c.open("if (" + String.join(" || ", guards) + ")").line("return;").close();
            c.raw("#endif\n");
        }
        c.line(name + "_captures cap;");
        init.forEach(c::line);
        if (dims > 0) {
            c.line("jsycl_item_" + dims + " it;");
            for (int d = 0; d < dims; d++) {
                c.line("it.range[" + d + "] = range" + d + ";");
            }
        }
        c.line(name + "_body(&cap" + (dims > 0 ? ", &it" : "") + ");");
        c.close();
        c.line("#endif");
        return c.toString();
    }

    private static String guard(String name) {
        return "JSYCL_DEF_" + name;
    }

    private static void guarded(CodeBuilder c, String name, String definition) {
        c.blank().line("#ifndef " + guard(name)).line("#define " + guard(name));
        c.raw(definition).raw("\n");
        c.line("#endif");
    }

    private static void accessorStruct(CodeBuilder c, Capture.Accessor a) {
        String s = AccessorRef.structName(a);
        String ptr = "__global " + (a.mode() == AccessMode.READ ? "const " : "") + a.element().cName() + "*";
        int dims = a.dimensions();
        CodeBuilder b = new CodeBuilder();
        b.open("typedef struct");
        b.line(ptr + " data;");
        b.line("int range[" + dims + "];");
        b.line("int memRange[" + dims + "];");
        b.line("int offset[" + dims + "];");
        b.close("} " + s + ";");
        b.blank();
        StringBuilder params = new StringBuilder(s + "* acc, " + ptr + " data");
        for (String part : List.of("range", "memRange", "offset")) {
            for (int d = 0; d < dims; d++) {
                params.append(", int ").append(part).append(d);
            }
        }
        b.open("void " + s + "_init(" + params + ")");
        b.line("acc->data = data;");
        for (String part : List.of("range", "memRange", "offset")) {
            for (int d = 0; d < dims; d++) {
                b.line("acc->" + part + "[" + d + "] = " + part + d + ";");
            }
        }
        b.close();
        guarded(c, s, b.toString().stripTrailing());
    }
}
