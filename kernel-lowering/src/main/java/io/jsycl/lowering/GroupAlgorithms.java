package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.PRIMARY;
import static io.jsycl.lowering.Expr.UNARY;

import java.util.List;
import java.util.Locale;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Work-group algorithms of an nd-range kernel ({@code NdItem.reduceOverGroup}, {@code inclusiveScanOverGroup},
 * {@code exclusiveScanOverGroup}, {@code groupBroadcast}, {@code anyOfGroup}, {@code allOfGroup},
 * {@code noneOfGroup}), lowered to helpers that exchange the work-items' values through local memory the runtime
 * passes ({@link ArgRole#GROUP_SCRATCH}: 8 bytes per work-item). OpenCL 1.2 has no such built-ins, and OpenCL 3.0
 * makes them optional (NVIDIA lacks them), so every device gets the same helpers; the combining order is fixed, the
 * same on every device and on the host device ({@code io.jsycl.internal.host.HostGroup} follows the same trees), so even a
 * float sum over a group is the same on all of them.
 *
 * <p>Every helper starts with a barrier, so that a second call does not overwrite the scratch while a work-item
 * still reads the first call's result, and every work-item of the group must reach the call, as with
 * {@code barrier()}.
 *
 * <p>Each work-item stores its value at its local linear id; the {@code n} values are cut into chunks of
 * {@code c = ceil(n / 32)} consecutive values, at most 32 chunks, and {@link #LANES} work-items ("lanes") each
 * combine one chunk in order; then work-item 0 combines the chunks' results in order. No barrier sits in a loop: a
 * fixed four barriers per call (PoCL compiles a barrier in a loop slowly, and a group of any size, power of two or
 * not, takes the same path).
 *
 * <ul>
 *   <li>reduce: lane {@code l} folds its chunk left to right into the chunk's first slot; work-item 0 folds those
 *       slots left to right; everyone reads the result.
 *   <li>inclusive scan: lane {@code l} scans its chunk in place; work-item 0 carries the prefix through the chunks'
 *       last slots ({@code s[last_l] = op(s[last_(l-1)], s[last_l])}); then the value at {@code j} is
 *       {@code op(s[last of the previous chunk], s[j])}, or {@code s[j]} in chunk 0 and at a chunk's last slot. The
 *       exclusive scan is the inclusive one at {@code j - 1}, the identity at 0.
 * </ul>
 */
final class GroupAlgorithms {
    private GroupAlgorithms() {
    }

    /** The most chunks a group's values are cut into: the work-items that combine chunks at once. */
    static final int LANES = 32;

    /** The scratch parameter's name in the kernel and its body. */
    static final String SCRATCH = "jsycl_group_scratch";

    static Expr call(KernelContext ctx, Rejector r, MethodInsnNode m, List<Expr> args) {
        if (ctx.shape != KernelShape.ND_ITEM) {
            throw r.reject("NdItem." + m.name + " outside an nd-range kernel", "is not supported");
        }
        ctx.usesGroupScratch = true;
        ctx.convergent();
        return switch (m.name) {
            case "anyOfGroup", "allOfGroup", "noneOfGroup" -> {
                String fn = helper(ctx, "reduce", m.name.equals("allOfGroup") ? "AND" : "OR", 'I');
                String call = fn + "(" + args.get(0).at(Expr.EQ + 1) + " != 0 ? 1 : 0, " + SCRATCH + ")";
                yield Expr.effect('I', m.name.equals("noneOfGroup") ? "(" + call + " ^ 1)" : call, PRIMARY);
            }
            case "groupBroadcast" -> {
                char k = kindOf(m.desc);
                String t = Expr.cType(k);
                String name = "jsycl_group_broadcast_" + t;
                ctx.deviceFunctions.putIfAbsent(name, """
                        /* NdItem.groupBroadcast: the value of the work-item whose local linear id is from. */
                        %1$s %2$s(%1$s x, int from, __local long* scratch) {
                            __local %1$s* s = (__local %1$s*)scratch;
                            barrier(CLK_LOCAL_MEM_FENCE);
                            if (%3$s == from) {
                                s[0] = x;
                            }
                            barrier(CLK_LOCAL_MEM_FENCE);
                            return s[0];
                        }""".formatted(t, name, LOCAL_LINEAR_ID));
                yield Expr.effect(k, name + "(" + args.get(0).text() + ", " + args.get(1).text() + ", " + SCRATCH + ")",
                        PRIMARY);
            }
            default -> {
                char k = kindOf(m.desc);
                String opName = opName(r, m, args.get(1), k);
                String kind = switch (m.name) {
                    case "reduceOverGroup" -> "reduce";
                    case "inclusiveScanOverGroup" -> "inclusive";
                    default -> "exclusive";
                };
                String fn = helper(ctx, kind, opName, k);
                yield Expr.effect(k, fn + "(" + args.get(0).text() + ", " + SCRATCH + ")", PRIMARY);
            }
        };
    }

    /**
     * The name of the {@code GroupOp} constant {@code op} of a call over values of kind {@code k}; rejects an
     * operation that is not a constant written in the call, and a bitwise one over floating point.
     */
    static String opName(Rejector r, MethodInsnNode m, Expr op, char k) {
        if (!(op instanceof Expr.GroupOpConstant constant)) {
            throw r.reject("NdItem." + m.name + " with an operation that is not a GroupOp constant",
                    "is not supported; pass GroupOp.SUM, GroupOp.MIN, ... directly");
        }
        String name = constant.name();
        if ((k == 'F' || k == 'D') && (name.equals("AND") || name.equals("OR") || name.equals("XOR"))) {
            throw r.reject("GroupOp." + name + " over " + Expr.cType(k) + " values",
                    "is not defined; bitwise operations are for int and long");
        }
        return name;
    }

    /** SYCL's local linear id (dimension 0 slowest) is OpenCL's with dimension 0 fastest. */
    static final String LOCAL_LINEAR_ID = "(int)((get_local_id(2) * get_local_size(1) + get_local_id(1))"
            + " * get_local_size(0) + get_local_id(0))";

    static final String GROUP_SIZE = "(int)(get_local_size(0) * get_local_size(1) * get_local_size(2))";

    static char kindOf(String desc) {
        return switch (desc.charAt(1)) {
            case 'J' -> 'J';
            case 'F' -> 'F';
            case 'D' -> 'D';
            default -> 'I';
        };
    }

    /**
     * The scratch slot of value {@code j}: one unused slot after every 32, so that the 32 lanes, which read values
     * {@code c} apart, read 32 different banks of local memory (without it, a chunk length of 8 puts four lanes on
     * each bank they use). The runtime passes {@code 8 * (n + n / 32 + 1)} bytes ({@link ArgRole#GROUP_SCRATCH}).
     */
    private static final String PAD = "/* A group algorithm's scratch slot of value j (see GroupAlgorithms). */\n"
            + "#define JSYCL_PAD(j) ((j) + ((j) >> 5))";

    /** Records the helper for {@code kind} ("reduce", "inclusive", "exclusive") of {@code op} over {@code k}. */
    private static String helper(KernelContext ctx, String kind, String op, char k) {
        String t = Expr.cType(k);
        String name = "jsycl_group_" + kind + "_" + op.toLowerCase(Locale.ROOT) + "_" + t;
        if (ctx.deviceFunctions.containsKey(name)) {
            return name;
        }
        ctx.deviceFunctions.putIfAbsent("JSYCL_PAD", PAD);
        if (k == 'D') {
            ctx.usesFp64 = true;
        }
        String combined = combine(ctx, op, k, "a", "b");
        String body = switch (kind) {
            case "reduce" -> """
                    if (i < lanes) {
                        int end = min(n, i * c + c);
                        %1$s a = s[JSYCL_PAD(i * c)];
                        for (int j = i * c + 1; j < end; j++) {
                            %1$s b = s[JSYCL_PAD(j)];
                            a = %2$s;
                        }
                        s[JSYCL_PAD(i * c)] = a;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                    if (i == 0) {
                        %1$s a = s[0];
                        for (int l = 1; l < lanes; l++) {
                            %1$s b = s[JSYCL_PAD(l * c)];
                            a = %2$s;
                        }
                        s[0] = a;
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                    return s[0];""".formatted(t, combined);
            default -> """
                    if (i < lanes) {
                        int end = min(n, i * c + c);
                        %1$s a = s[JSYCL_PAD(i * c)];
                        for (int j = i * c + 1; j < end; j++) {
                            %1$s b = s[JSYCL_PAD(j)];
                            a = %2$s;
                            s[JSYCL_PAD(j)] = a;
                        }
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                    if (i == 0) {
                        %1$s a = s[JSYCL_PAD(c - 1)];
                        for (int l = 1; l < lanes; l++) {
                            int last = min(n, l * c + c) - 1;
                            %1$s b = s[JSYCL_PAD(last)];
                            a = %2$s;
                            s[JSYCL_PAD(last)] = a;
                        }
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                    %3$s""".formatted(t, combined, kind.equals("inclusive") ? "return jsycl_group_scanned_" + t + "(s, i, c, n);"
                    : "return i == 0 ? " + identity(op, k) + " : " + "jsycl_group_scanned_" + t + "(s, i - 1, c, n);");
        };
        if (!kind.equals("reduce")) {
            // The inclusive prefix at j once the chunks are scanned and their ends carry the prefix through them.
            String scanned = "jsycl_group_scanned_" + t;
            ctx.deviceFunctions.putIfAbsent(scanned + "_" + op, """
                    /* Inclusive prefix at j of a chunked group scan with GroupOp.%4$s (see GroupAlgorithms). */
                    %1$s %2$s_%4$s(__local %1$s* s, int j, int c, int n) {
                        int chunk = j / c;
                        if (chunk == 0 || j == min(n, chunk * c + c) - 1) {
                            return s[JSYCL_PAD(j)];
                        }
                        %1$s a = s[JSYCL_PAD(chunk * c - 1)];
                        %1$s b = s[JSYCL_PAD(j)];
                        return %3$s;
                    }""".formatted(t, scanned, combined, op));
            body = body.replace(scanned + "(", scanned + "_" + op + "(");
        }
        ctx.deviceFunctions.put(name, """
                /* NdItem.%s with GroupOp.%s over %s (see GroupAlgorithms for the order of combining). */
                %s %s(%s x, __local long* scratch) {
                    __local %s* s = (__local %s*)scratch;
                    int n = %s;
                    int i = %s;
                    int c = (n + %d) / %d;
                    int lanes = (n + c - 1) / c;
                    barrier(CLK_LOCAL_MEM_FENCE);
                    s[JSYCL_PAD(i)] = x;
                    barrier(CLK_LOCAL_MEM_FENCE);
                %s
                }""".formatted(switch (kind) {
                    case "reduce" -> "reduceOverGroup";
                    case "inclusive" -> "inclusiveScanOverGroup";
                    default -> "exclusiveScanOverGroup";
                }, op, t, t, name, t, t, t, GROUP_SIZE, LOCAL_LINEAR_ID, LANES - 1, LANES,
                body.indent(4).stripTrailing()));
        return name;
    }

    /** The C expression {@code op(a, b)} with Java's semantics. */
    static String combine(KernelContext ctx, String op, char k, String a, String b) {
        boolean fp = k == 'F' || k == 'D';
        String u = k == 'J' ? "ulong" : "uint";
        String t = Expr.cType(k);
        return switch (op) {
            case "SUM" -> fp ? a + " + " + b : "(" + t + ")((" + u + ")" + a + " + (" + u + ")" + b + ")";
            case "PRODUCT" -> fp ? a + " * " + b : "(" + t + ")((" + u + ")" + a + " * (" + u + ")" + b + ")";
            case "MIN", "MAX" -> fp ? ctx.helper("jsycl_" + op.toLowerCase(Locale.ROOT) + "_" + t.charAt(0))
                    + "(" + a + ", " + b + ")" : op.toLowerCase(Locale.ROOT) + "(" + a + ", " + b + ")";
            case "AND" -> a + " & " + b;
            case "OR" -> a + " | " + b;
            case "XOR" -> a + " ^ " + b;
            default -> throw new IllegalArgumentException("GroupOp." + op);
        };
    }

    /** The identity of {@code op} over {@code k}, as a C literal: the exclusive scan's first value. */
    static String identity(String op, char k) {
        return switch (op) {
            case "SUM", "OR", "XOR" -> switch (k) {
                case 'J' -> "0L";
                case 'F' -> "0.0f";
                case 'D' -> "0.0";
                default -> "0";
            };
            case "PRODUCT" -> switch (k) {
                case 'J' -> "1L";
                case 'F' -> "1.0f";
                case 'D' -> "1.0";
                default -> "1";
            };
            case "AND" -> k == 'J' ? "-1L" : "-1";
            case "MIN" -> switch (k) {
                case 'J' -> "LONG_MAX";
                case 'F' -> "INFINITY";
                case 'D' -> "(double)INFINITY";
                default -> "INT_MAX";
            };
            case "MAX" -> switch (k) {
                case 'J' -> "LONG_MIN";
                case 'F' -> "-INFINITY";
                case 'D' -> "-(double)INFINITY";
                default -> "INT_MIN";
            };
            default -> throw new IllegalArgumentException("GroupOp." + op);
        };
    }
}
