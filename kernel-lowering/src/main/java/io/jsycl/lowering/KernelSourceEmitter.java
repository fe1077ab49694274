package io.jsycl.lowering;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.tree.ClassNode;

/**
 * Assembles the program source: pragmas, specialization-constant macros, capture structs,
 * helpers, device functions, the captures struct, the body ("callee") and the {@code __kernel}
 * ("caller") that rebuilds the captured object from the kernel parameters (and, for
 * reductions, combines the work-items' values).
 */
final class KernelSourceEmitter {
    private KernelSourceEmitter() {
    }

    static String emit(KernelContext ctx, KernelRequest request, ClassNode cls, String name, List<String> names,
            CaptureLayout layout, Map<String, String> declarations, String body) {
        ReductionSpec reduction = request.reduction();
        if (reduction != null) {
            Reductions.beforeEmit(ctx, reduction);
        }
        CodeBuilder c = new CodeBuilder();
        c.line("/* jsycl kernel " + request.implClass().replace('/', '.') + "." + request.implMethod()
                + (cls.sourceFile == null ? "" : " (" + cls.sourceFile + ")") + ". Generated; do not edit. */");
        // Java rounds every operation; h.fastMath() builds with -DJSYCL_FAST_MATH, which lets the compiler contract
        // (NVIDIA's compiler keeps the pragma even under -cl-fast-relaxed-math).
        c.line("#ifndef JSYCL_FAST_MATH").line("#pragma OPENCL FP_CONTRACT OFF").line("#endif");
        if (ctx.usesFp64) {
            c.line("#pragma OPENCL EXTENSION cl_khr_fp64 : enable");
        }
        if (ctx.usesInt64Atomics) {
            c.line("#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable");
        }
        if (ctx.usesInt64ExtendedAtomics) {
            c.line("#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable");
        }
        for (SpecConstantUse sc : ctx.specConstants.values()) {
            c.blank().line("/* specialization constant \"" + sc.name() + "\"; the runtime may pass -D" + sc.macro() + "=... */");
            c.line("#ifndef " + sc.macro()).line("#define " + sc.macro() + " " + sc.defaultLiteral()).line("#endif");
        }
        ctx.structs.forEach((n, def) -> guarded(c, n, def));
        int dims = request.dimensions();
        String itemType = reduction != null ? "jsycl_reduction_item" : "jsycl_item_" + dims;
        if (reduction != null) {
            // A reduction's work-item runs many items (see Reductions.emitItems): the one it runs is a field.
            guarded(c, itemType, "typedef struct {\n    int range[1];\n    int id;\n} " + itemType + ";");
        } else if (dims > 0) {
            guarded(c, "jsycl_item_" + dims, "typedef struct {\n    int range[" + dims + "];\n"
                    + (dims == 1 ? "#if defined(JSYCL_TWO_ITEMS) || defined(JSYCL_GRID_STRIDE)\n    int second;\n#endif\n"
                    : "") + "} jsycl_item_" + dims + ";");
        }
        for (String h : ctx.helpers) {
            guarded(c, h, Helpers.DEFINITIONS.get(h));
        }
        ctx.deviceFunctions.forEach((n, def) -> guarded(c, n, def.stripTrailing()));

        c.blank().line("#ifndef " + guard(name)).line("#define " + guard(name));
        c.open("typedef struct");
        layout.fields.forEach(c::line);
        if (request.captures().isEmpty()) {
            c.line("char none;");
        }
        c.close("} " + name + "_captures;");
        c.blank();
        List<String> bodyParams = new ArrayList<>();
        List<String> bodyArgs = new ArrayList<>();
        // Not restrict: NVIDIA's compiler then treats the local and global memory reached through the captured
        // accessors' pointers as memory no other work-item changes, and moves their loads and stores across
        // barriers (a work-group histogram lost counts). The body is inlined into the kernel, so restrict would
        // buy nothing on the private struct itself.
        bodyParams.add("const " + name + "_captures* cap");
        bodyArgs.add("&cap");
        if (dims > 0) {
            bodyParams.add("const " + itemType + "* it");
            bodyArgs.add("&it");
        }
        if (reduction != null) {
            bodyParams.add(reduction.type().cName() + "* restrict jsycl_acc");
            bodyArgs.add("&jsycl_acc");
        }
        if (ctx.usesGroupScratch) {
            bodyParams.add("__local long* " + GroupAlgorithms.SCRATCH);
            bodyArgs.add(GroupAlgorithms.SCRATCH);
        }
        if (ctx.checked) {
            bodyParams.add(Checks.PARAMS);
            bodyArgs.add(Checks.ARGS);
        }
        c.open("void " + name + "_body(" + String.join(", ", bodyParams) + ")");
        for (int i = 0; i < request.captures().size(); i++) {
            if (request.captures().get(i) instanceof Capture.Scalar s) {
                String ctype = Expr.cType(KernelLowerer.kind(s.type()));
                c.line(ctype + " " + names.get(i) + " = cap->" + names.get(i) + ";");
            }
        }
        declarations.forEach((n, t) -> c.line(LocalNames.declaration(n, t, ctx.checked)));
        if (ctx.checked) {
            c.line(Checks.START);
        }
        c.raw(body);
        c.close();
        c.blank();
        List<String> kernelParams = new ArrayList<>(layout.kernelParams);
        for (int d = 0; d < dims; d++) {
            kernelParams.add("int range" + d);
        }
        if (reduction != null) {
            kernelParams.add("__global " + reduction.type().cName() + "* jsycl_out");
            kernelParams.add("__local " + reduction.type().cName() + "* jsycl_scratch");
        }
        if (ctx.usesGroupScratch) {
            kernelParams.add("__local long* " + GroupAlgorithms.SCRATCH);
        }
        if (ctx.checked) {
            kernelParams.add("__global int* jsycl_check");
        }
        c.open("__kernel void " + name + "(" + String.join(", ", kernelParams) + ")");
        List<String> guards = new ArrayList<>();
        for (int d = 0; d < dims; d++) {
            // 32-bit: ranges are ints, and a GPU does 64-bit integer compares in two instructions.
            guards.add("(uint)get_global_id(" + (dims - 1 - d) + ") >= (uint)range" + d);
        }
        boolean twoItems = twoItemsPossible(ctx, request);
        boolean gridStride = gridStridePossible(ctx, request);
        if (twoItems) {
            // JSYCL_TWO_ITEMS: the runtime launches half of an even range; the body runs for the work-item's id and
            // for the id half the range further on. No condition between the two: the second item's loads may be
            // issued before the first item's stores.
            c.raw("#ifdef JSYCL_TWO_ITEMS\n");
            c.line("int jsycl_half = range0 >> 1;");
            paddedGuard(c, "(uint)get_global_id(0) >= (uint)jsycl_half");
            c.raw("#else\n");
        }
        if (request.shape() == KernelShape.ITEM) {
            // The runtime rounds the global size up (and defines JSYCL_PADDED_RANGE) only where a
            // device gains from chosen work-group sizes; elsewhere the guard would only cost
            // (it stops PoCL's work-group vectorizer), so it is compiled out.
            paddedGuard(c, String.join(" || ", guards));
        }
        if (twoItems) {
            c.raw("#endif\n");
        }
        if (reduction != null) {
            c.line(reduction.type().cName() + " jsycl_acc = " + reduction.identityLiteral() + ";");
        }
        c.line(name + "_captures cap;");
        layout.init.forEach(c::line);
        if (ctx.checked) {
            // The body clears it as each item starts; a custom reduction's operation takes it too, where the kernel
            // combines the items' values (a work-item may have run no item).
            c.line("int jsycl_item_failed = 0;");
            c.line("__private int* jsycl_failed = &jsycl_item_failed;");
        }
        if (dims > 0) {
            c.line(itemType + " it;");
            for (int d = 0; d < dims; d++) {
                c.line("it.range[" + d + "] = range" + d + ";");
            }
        }
        String call = name + "_body(" + String.join(", ", bodyArgs) + ");";
        if (reduction != null) {
            Reductions.emitItems(c, call);
            Reductions.emitCombine(ctx, c, reduction);
        } else if (twoItems) {
            if (gridStride) {
                // JSYCL_GRID_STRIDE: the runtime launches fewer work-items than the range has items, at most as many
                // as the device holds at once; each runs the items a grid apart from its global id. Unsigned: the
                // last id tried may pass 2^31 - 1.
                c.raw("#ifdef JSYCL_GRID_STRIDE\n");
                c.line("uint jsycl_id = (uint)get_global_id(0);");
                c.line("uint jsycl_grid = (uint)get_global_size(0);");
                c.open("for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid)");
                c.line("it.second = (int)jsycl_s;");
                c.line(call);
                c.close();
                c.raw("#elif defined(JSYCL_TWO_ITEMS)\n");
            } else {
                c.raw("#ifdef JSYCL_TWO_ITEMS\n");
            }
            c.line("it.second = 0;");
            c.line(call);
            c.line("it.second = jsycl_half;");
            c.line(call);
            c.raw("#else\n");
            c.line(call);
            c.raw("#endif\n");
        } else {
            c.line(call);
        }
        c.close();
        c.line("#endif");
        return c.toString();
    }

    /** Returns from the kernel where {@code outside} holds, in a program built with {@code JSYCL_PADDED_RANGE}. */
    private static void paddedGuard(CodeBuilder c, String outside) {
        c.raw("#ifdef JSYCL_PADDED_RANGE\n");
        c.open("if (" + outside + ")").line("return;").close();
        c.raw("#endif\n");
    }

    /** {@link LoweredKernel#twoItemsPerWorkItem}; the runtime decides per launch whether to use it. */
    private static boolean twoItemsPossible(KernelContext ctx, KernelRequest request) {
        return LoweredKernel.twoItemsPerWorkItem(request.shape(), request.dimensions(), request.reduction() != null,
                ctx.checked);
    }

    /** {@link LoweredKernel#gridStride}: a kernel that can run two items per work-item and has no loop. */
    static boolean gridStridePossible(KernelContext ctx, KernelRequest request) {
        return twoItemsPossible(ctx, request) && !ctx.hasLoops;
    }

    private static String guard(String name) {
        return "JSYCL_DEF_" + name;
    }

    private static void guarded(CodeBuilder c, String name, String definition) {
        c.blank().line("#ifndef " + guard(name)).line("#define " + guard(name));
        c.raw(definition).raw("\n");
        c.line("#endif");
    }
}
