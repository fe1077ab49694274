package io.jsycl.lowering;

import static io.jsycl.lowering.ProgramVariant.FAST_MATH;
import static io.jsycl.lowering.ProgramVariant.FOUR_ROWS;
import static io.jsycl.lowering.ProgramVariant.GRID_STRIDE;
import static io.jsycl.lowering.ProgramVariant.PADDED_RANGE;
import static io.jsycl.lowering.ProgramVariant.TWO_ITEMS;
import static io.jsycl.lowering.ProgramVariant.TWO_ROWS;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.tree.ClassNode;

/**
 * Assembles the program source in three parts: the preamble (pragmas, specialization-constant macros, capture
 * structs, the item type, helpers, device functions), the body (the captures struct and the function, "callee",
 * that runs one item) and the entry (the {@code __kernel}, "caller", that rebuilds the captured object from the
 * kernel parameters, runs its items and, for reductions, combines the work-items' values). The variants the runtime
 * may build the program as ({@link ProgramVariant}) are {@code #ifdef}s on their macros; one instance emits one
 * program.
 */
final class KernelSourceEmitter {
    private final KernelContext ctx;
    private final KernelRequest request;
    private final String name;
    private final CaptureLayout layout;
    /** The kernel's reductions, empty for a kernel that is no reduction. */
    private final List<ReducerUse> reductions;
    private final int dims;
    /** The C type of the body's {@code it}: a reduction's work-item runs many items (the one it runs is a field). */
    private final String itemType;
    /** Whether only some programs take the launch range ({@link #rangeOnlyInVariants}): the item's range is not set. */
    private final boolean rangeOptional;
    private final CodeBuilder c = new CodeBuilder();

    private KernelSourceEmitter(KernelContext ctx, KernelRequest request, String name, CaptureLayout layout,
            boolean rangeOptional) {
        this.ctx = ctx;
        this.request = request;
        this.name = name;
        this.layout = layout;
        this.reductions = ctx.reductions;
        this.dims = request.dimensions();
        this.itemType = request.shape() == KernelShape.REDUCTION ? "jsycl_reduction_item" : "jsycl_item_" + dims;
        this.rangeOptional = rangeOptional;
    }

    /**
     * The program's source; {@code rangeOnlyIn} is {@link #rangeOnlyInVariants} as the kernel's arguments have it, so
     * that its parameters and its arguments are one decision.
     */
    static String emit(KernelContext ctx, KernelRequest request, ClassNode cls, String name, List<String> names,
            CaptureLayout layout, Map<String, String> declarations, String body, int rangeOnlyIn) {
        for (ReductionSpec r : request.reductions()) {
            Reductions.beforeEmit(ctx, r);
        }
        var emitter = new KernelSourceEmitter(ctx, request, name, layout, rangeOnlyIn != 0);
        if (rowsPossible(ctx, request)) {
            ctx.helper("JSYCL_ROW_ID"); // JSYCL_ROWS, which the entry's guard and loop use
        }
        if (rangeOnlyIn != 0) {
            ctx.helper("JSYCL_RANGE"); // JSYCL_RANGE_PARAM, in the entry's parameters
        }
        emitter.preamble(cls);
        String call = emitter.body(names, declarations, body);
        emitter.entry(call);
        return emitter.c.toString();
    }

    // ---- Preamble: everything before the kernel's own definitions, each definition guarded.

    /** The header comment, pragmas, specialization-constant defaults, structs, item type, helpers, device functions. */
    private void preamble(ClassNode cls) {
        c.line("/* jsycl kernel " + request.implClass().replace('/', '.') + "." + request.implMethod()
                + (cls.sourceFile == null ? "" : " (" + cls.sourceFile + ")") + ". Generated; do not edit. */");
        pragmas();
        for (SpecConstantUse sc : ctx.specConstants.values()) {
            c.blank().line("/* specialization constant \"" + sc.name() + "\"; the runtime may pass -D" + sc.macro()
                    + "=... */");
            c.line("#ifndef " + sc.macro()).line("#define " + sc.macro() + " " + sc.defaultLiteral()).line("#endif");
        }
        ctx.structs.forEach((n, def) -> guarded(c, n, def));
        itemTypedef();
        for (String h : ctx.helpers) {
            guarded(c, h, Helpers.DEFINITIONS.get(h));
        }
        ctx.deviceFunctions.forEach((n, def) -> guarded(c, n, def.stripTrailing()));
    }

    private void pragmas() {
        // Java rounds every operation; h.fastMath() builds with FAST_MATH, which lets the compiler contract
        // (NVIDIA's compiler keeps the pragma even under -cl-fast-relaxed-math).
        c.line("#ifndef " + FAST_MATH.macro()).line("#pragma OPENCL FP_CONTRACT OFF").line("#endif");
        if (ctx.usesFp64) {
            c.line("#pragma OPENCL EXTENSION cl_khr_fp64 : enable");
        }
        if (ctx.usesInt64Atomics) {
            c.line("#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable");
        }
        if (ctx.usesInt64ExtendedAtomics) {
            c.line("#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable");
        }
    }

    /**
     * The body's item: the range, and for a 1-D kernel run two or more items per work-item, the second's offset; for
     * a 2-D or 3-D one run several rows per work-item, the row's index among them.
     */
    private void itemTypedef() {
        if (request.shape() == KernelShape.REDUCTION) {
            // A reduction's work-item runs many items (see Reductions.emitItems): the one it runs is a field.
            guarded(c, itemType, "typedef struct {\n    int range[1];\n    int id;\n} " + itemType + ";");
        } else if (dims > 0) {
            String second = "#if " + TWO_ITEMS.defined() + " || " + GRID_STRIDE.defined() + "\n    int second;\n#endif\n";
            String row = "#if " + TWO_ROWS.defined() + " || " + FOUR_ROWS.defined() + "\n    int row;\n#endif\n";
            guarded(c, itemType, "typedef struct {\n    int range[" + dims + "];\n" + (dims == 1 ? second : row) + "} "
                    + itemType + ";");
        }
    }

    // ---- Body: the captures struct and the function ("callee") that runs one item.

    /**
     * The captures struct and the body function; returns the call of the body that {@link #entry} makes per item.
     */
    private String body(List<String> names, Map<String, String> declarations, String body) {
        capturesStruct();
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
        for (ReducerUse r : reductions) {
            if (r.byIndex) {
                bodyParams.add("__local " + r.spec.type().cName() + "* " + r.span());
                bodyArgs.add(r.scratch());
            } else {
                bodyParams.add(r.spec.type().cName() + "* restrict " + r.acc());
                bodyArgs.add("&" + r.acc());
            }
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
        return name + "_body(" + String.join(", ", bodyArgs) + ");";
    }

    /** Opens the guard of the kernel's own definitions ({@link #entry} closes it) with the captures struct. */
    private void capturesStruct() {
        c.blank().line("#ifndef " + guard(name)).line("#define " + guard(name));
        c.open("typedef struct");
        layout.fields.forEach(c::line);
        if (request.captures().isEmpty()) {
            c.line("char none;");
        }
        c.close("} " + name + "_captures;");
        c.blank();
    }

    // ---- Entry: the __kernel ("caller") that rebuilds the captures from its parameters and runs the items.

    /** The {@code __kernel}, which ends the guard {@link #body} opened; {@code call} runs the body for one item. */
    private void entry(String call) {
        c.open("__kernel void " + name + "(" + String.join(", ", kernelParams()) + ")");
        boolean twoItems = twoItemsPossible(ctx, request);
        boolean rows = rowsPossible(ctx, request);
        rangeGuards(twoItems, rows);
        Reductions.emitAccumulators(c, reductions);
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
            if (!rangeOptional) {
                // Else the code never reads the item's range, and the kernel may take none.
                for (int d = 0; d < dims; d++) {
                    c.line("it.range[" + d + "] = range" + d + ";");
                }
            }
        }
        if (request.shape() == KernelShape.REDUCTION) {
            Reductions.emitSpanStart(c, reductions, false);
            Reductions.emitItems(c, call);
            Reductions.emitCombine(ctx, c, reductions, false);
        } else if (twoItems) {
            runVariantItems(call);
        } else if (rows) {
            runRows(call);
        } else if (!reductions.isEmpty()) {
            // An nd-range kernel's reductions: its work-item runs the body once, then the group combines.
            Reductions.emitGroupPosition(c);
            Reductions.emitSpanStart(c, reductions, true);
            c.line(call);
            Reductions.emitCombine(ctx, c, reductions, true);
        } else {
            c.line(call);
        }
        c.close();
        c.line("#endif");
    }

    private List<String> kernelParams() {
        List<String> kernelParams = new ArrayList<>(layout.kernelParams);
        for (int d = 0; d < dims; d++) {
            if (rangeOptional) {
                // JSYCL_RANGE_PARAM: a parameter only where a guard or a loop over the range needs it.
                kernelParams.add(kernelParams.removeLast() + " JSYCL_RANGE_PARAM(range" + d + ")");
            } else {
                kernelParams.add("int range" + d);
            }
        }
        for (ReducerUse r : reductions) {
            kernelParams.add("__global " + r.spec.type().cName() + "* " + r.out());
            kernelParams.add("__local " + r.spec.type().cName() + "* " + r.scratch());
        }
        if (ctx.usesGroupScratch) {
            kernelParams.add("__local long* " + GroupAlgorithms.SCRATCH);
        }
        if (ctx.checked) {
            kernelParams.add("__global int* jsycl_check");
        }
        return kernelParams;
    }

    /**
     * The early returns of work-items past the range, in a padded launch; {@code twoItems}: also for TWO_ITEMS,
     * {@code rows}: also for TWO_ROWS and FOUR_ROWS.
     */
    private void rangeGuards(boolean twoItems, boolean rows) {
        if (rows) {
            // Rows: the runtime launches range0 / JSYCL_ROWS work-items along dimension 0 (range0 a multiple).
            c.raw("#ifdef JSYCL_ROWS\n");
            paddedGuard(c, outsideRange("(range0 / JSYCL_ROWS)"));
            c.raw("#else\n");
        }
        if (twoItems) {
            // TWO_ITEMS: the runtime launches half of an even range; the body runs for the work-item's id and
            // for the id half the range further on. No condition between the two: the second item's loads may be
            // issued before the first item's stores.
            c.raw("#ifdef " + TWO_ITEMS.macro() + "\n");
            c.line("int jsycl_half = range0 >> 1;");
            paddedGuard(c, "(uint)get_global_id(0) >= (uint)jsycl_half");
            c.raw("#else\n");
        }
        if (request.shape() == KernelShape.ITEM) {
            // The runtime rounds the global size up (and builds with PADDED_RANGE) only where a
            // device gains from chosen work-group sizes; elsewhere the guard would only cost
            // (it stops PoCL's work-group vectorizer), so it is compiled out.
            paddedGuard(c, outsideRange("range0"));
        }
        if (twoItems || rows) {
            c.raw("#endif\n");
        }
    }

    /** Whether a work-item's global id is past the range, whose extent in dimension 0 is {@code extent0}. */
    private String outsideRange(String extent0) {
        List<String> guards = new ArrayList<>();
        for (int d = 0; d < dims; d++) {
            // 32-bit: ranges are ints, and a GPU does 64-bit integer compares in two instructions.
            guards.add("(uint)get_global_id(" + (dims - 1 - d) + ") >= (uint)" + (d == 0 ? extent0 : "range" + d));
        }
        return String.join(" || ", guards);
    }

    /**
     * The items of a 2-D or 3-D kernel that can run several rows per work-item: JSYCL_ROWS adjacent ones along
     * dimension 0 in a program built with TWO_ROWS or FOUR_ROWS (a loop of constant count, which the compiler
     * unrolls: the rows' loads then issue together), one otherwise.
     */
    private void runRows(String call) {
        c.raw("#ifdef JSYCL_ROWS\n");
        c.open("for (int jsycl_row = 0; jsycl_row < JSYCL_ROWS; jsycl_row++)");
        c.line("it.row = jsycl_row;");
        c.line(call);
        c.close();
        c.raw("#else\n");
        c.line(call);
        c.raw("#endif\n");
    }

    /** The items of a kernel that can run two per work-item: GRID_STRIDE where possible, TWO_ITEMS, or one. */
    private void runVariantItems(String call) {
        if (gridStridePossible(ctx, request)) {
            // GRID_STRIDE: the runtime launches fewer work-items than the range has items, at most as many
            // as the device holds at once; each runs the items a grid apart from its global id. Unsigned: the
            // last id tried may pass 2^31 - 1.
            c.raw("#ifdef " + GRID_STRIDE.macro() + "\n");
            c.line("uint jsycl_id = (uint)get_global_id(0);");
            c.line("uint jsycl_grid = (uint)get_global_size(0);");
            c.open("for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid)");
            c.line("it.second = (int)jsycl_s;");
            c.line(call);
            c.close();
            c.raw("#elif " + TWO_ITEMS.defined() + "\n");
        } else {
            c.raw("#ifdef " + TWO_ITEMS.macro() + "\n");
        }
        c.line("it.second = 0;");
        c.line(call);
        c.line("it.second = jsycl_half;");
        c.line(call);
        c.raw("#else\n");
        c.line(call);
        c.raw("#endif\n");
    }

    /** Returns from the kernel where {@code outside} holds, in a program built with {@code PADDED_RANGE}. */
    private static void paddedGuard(CodeBuilder c, String outside) {
        c.raw("#ifdef " + PADDED_RANGE.macro() + "\n");
        c.open("if (" + outside + ")").line("return;").close();
        c.raw("#endif\n");
    }

    /**
     * The variants only whose programs take the launch range as arguments ({@link KernelArg#onlyIn}), or 0 where every
     * program does. A kernel over a range whose code never reads the item's range needs it only for the guard of a
     * padded launch and the loops of two items per work-item or a grid stride: its other programs take no such
     * argument, as every argument a launch sets costs the driver's enqueue time (docs/performance.md). Not for
     * reductions, checked kernels, or a kernel without captures (the range would be its first parameter, which
     * {@code JSYCL_RANGE_PARAM} cannot follow). Called once the kernel's code is translated.
     */
    static int rangeOnlyInVariants(KernelContext ctx, KernelRequest request, CaptureLayout layout) {
        boolean optional = request.shape() == KernelShape.ITEM && request.reductions().isEmpty() && !ctx.checked
                && !ctx.readsItemRange && !layout.kernelParams.isEmpty();
        return optional ? PADDED_RANGE.bit() | TWO_ITEMS.bit() | GRID_STRIDE.bit() : 0;
    }

    /** {@link LoweredKernel#twoItemsPerWorkItem}; the runtime decides per launch whether to use it. */
    private static boolean twoItemsPossible(KernelContext ctx, KernelRequest request) {
        return LoweredKernel.twoItemsPerWorkItem(request.shape(), request.dimensions(), !request.reductions().isEmpty(),
                ctx.checked);
    }

    /** {@link LoweredKernel#rowsPerWorkItem}; the runtime decides per launch whether to use it, and how many. */
    private static boolean rowsPossible(KernelContext ctx, KernelRequest request) {
        return LoweredKernel.rowsPerWorkItem(request.shape(), request.dimensions(), !request.reductions().isEmpty(),
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
