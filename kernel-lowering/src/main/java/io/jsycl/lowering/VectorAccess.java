package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.MUL;
import static io.jsycl.lowering.Expr.PRIMARY;
import static io.jsycl.lowering.Expr.UNARY;

import io.jsycl.lowering.Expr.NoValue;
import io.jsycl.lowering.Expr.RecordValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The vector records ({@link VectorType}) in kernels: the wide accessor loads and stores {@code getN(i)} and
 * {@code setN(i, v)}, lowered to {@code vloadN}/{@code vstoreN}, and {@code v.get(lane)}. The records' arithmetic is
 * plain Java and needs nothing here: it is lowered like any record's methods.
 */
final class VectorAccess {
    private VectorAccess() {
    }

    /**
     * The width of an accessor method that loads or stores a vector ({@code get2} .. {@code set8}), or 0 if
     * {@code name} is not one.
     */
    static int width(String name) {
        if (name.length() == 4 && (name.startsWith("get") || name.startsWith("set"))) {
            int w = name.charAt(3) - '0';
            return VectorType.WIDTHS.contains(w) ? w : 0;
        }
        return 0;
    }

    /**
     * {@code getN(i)} and {@code setN(i, v)} on a 1-D accessor: elements {@code N*i .. N*i+N-1} as a vector record
     * struct, through {@code vloadN}/{@code vstoreN} at the first element's address (which needs only an element's
     * alignment, so accessor offsets are fine), or in a program for accessors without offsets through an aligned
     * vector pointer.
     */
    static Expr access(KernelContext ctx, Rejector r, MethodInsnNode m, String name, AccessorRef acc,
            int dims, boolean readOnly, List<Expr> args) {
        int n = width(m.name);
        String pair = "get" + n + " and set" + n;
        VectorType vt = acc.capture() instanceof Capture.Accessor a ? VectorType.of(a.element(), n) : null;
        if (vt == null || dims != 1) {
            throw r.reject("call to " + name + " on " + describe(acc, dims),
                    "is not supported; " + pair + " work on captured 1-D float, int, long and double accessors");
        }
        RecordType record = RecordType.ofClass(ctx, vt.internalName());
        if (record == null) {
            throw r.reject("call to " + name, "needs io.jsycl." + vt.simpleName() + ", whose class file is not available");
        }
        ctx.usesVectorAccess = true;
        // n * i does not overflow for a vector in bounds (n*i + n-1 < 2^31).
        Expr first = Expr.value('I', n + " * " + args.get(0).at(UNARY), MUL);
        String address = acc.member() + "data + " + AccessorCalls.index(ctx, acc, 1, List.of(first));
        String t = record.cType();
        String load = t + "_vload" + n;
        String store = t + "_vstore" + n;
        String e = vt.element().cName();
        List<String> loaded = new ArrayList<>();
        List<String> stored = new ArrayList<>();
        for (int l = 0; l < n; l++) {
            loaded.add("v.s" + l);
            stored.add("v." + record.names().get(l));
        }
        String api = "Accessor.Of" + vt.elementName();
        // vloadN/vstoreN may assume only an element's alignment, and NVIDIA compiles them to N scalar accesses. In a
        // program built for accessors without offsets (JSYCL_ZERO_OFFSETS), p is data + N*i from a buffer's start,
        // which OpenCL aligns to CL_DEVICE_MEM_BASE_ADDR_ALIGN (at least 128 bytes), so a vector access through a
        // vector pointer is aligned: one 16-byte access per 16 bytes on NVIDIA.
        ctx.deviceFunctions.putIfAbsent(load, """
                /* %1$s.get%2$d: %2$d %3$ss in one load (aligned where no accessor has an offset). */
                %4$s %5$s(__global const %3$s* p) {
                #ifdef JSYCL_ZERO_OFFSETS
                    %6$s v = *(__global const %6$s*)p;
                #else
                    %6$s v = vload%2$d(0, p);
                #endif
                    %4$s r = {%7$s};
                    return r;
                }
                /* %1$s.set%2$d: %2$d %3$ss in one store (aligned where no accessor has an offset). */
                void %8$s(__global %3$s* p, %4$s v) {
                #ifdef JSYCL_ZERO_OFFSETS
                    *(__global %6$s*)p = (%6$s)(%9$s);
                #else
                    vstore%2$d((%6$s)(%9$s), 0, p);
                #endif
                }""".formatted(api, n, e, t, load, vt.cVector(), String.join(", ", loaded), store,
                String.join(", ", stored)));
        if (m.name.startsWith("get")) {
            return new RecordValue(record, load + "(" + address + ")", false, false);
        }
        if (readOnly) {
            throw r.reject("call to " + name + " on a read-only accessor",
                    "cannot write; request the accessor with write or read-write access");
        }
        return new NoValue(store + "(" + address + ", " + args.get(1).text() + ")");
    }

    private static String describe(AccessorRef acc, int dims) {
        return switch (acc.capture()) {
            case Capture.Accessor a -> "a " + dims + "-D " + a.element().name().toLowerCase(Locale.ROOT) + " accessor";
            case Capture.Local _ -> "a local accessor";
            default -> "an accessor of records";
        };
    }

    /**
     * {@code v.get(lane)} on a vector record value: the component itself where the lane is a constant, else a helper
     * that picks it and gives 0 for a lane out of range (checked mode reports that case before the call, as Java
     * throws {@code IndexOutOfBoundsException}).
     */
    static Expr lane(KernelContext ctx, Rejector r, VectorType vt, RecordValue vector, Expr lane) {
        RecordType record = vector.type();
        Long constant = Expr.integerConstant(lane);
        if (constant != null) {
            long at = constant;
            if (at < 0 || at >= vt.width()) {
                throw r.reject("call to " + vt.simpleName() + ".get(" + at + ")",
                        "is out of bounds; a " + vt.simpleName() + " has lanes 0 to " + (vt.width() - 1));
            }
            return Expr.value(KernelLowerer.kind(vt.element()), vector.at(PRIMARY) + "." + record.names().get((int) at), PRIMARY);
        }
        String name = record.cType() + "_get";
        StringBuilder cases = new StringBuilder();
        for (int l = 0; l < vt.width(); l++) {
            cases.append("    case ").append(l).append(": return v.").append(record.names().get(l)).append(";\n");
        }
        ctx.deviceFunctions.putIfAbsent(name, """
                /* %1$s.get(lane): 0 for a lane out of range, which Java reports with an exception. */
                %2$s %3$s(%4$s v, int lane) {
                    switch (lane) {
                %5$s    default: return 0;
                    }
                }""".formatted(vt.simpleName(), vt.element().cName(), name, record.cType(), cases));
        return Expr.value(KernelLowerer.kind(vt.element()), name + "(" + vector.text() + ", " + lane.text() + ")", PRIMARY);
    }
}
