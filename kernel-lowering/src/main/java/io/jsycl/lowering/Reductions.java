package io.jsycl.lowering;

import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Reduction kernels (1-D). The runtime launches fewer work-items than the range has items (a few
 * work-groups per compute unit, see the runtime's {@code Reductions.globalSize}); each work-item
 * runs the body for the items {@code id, id + stride, id + 2 stride, ...} with {@code stride} the
 * global size, folding {@code combine(v)} into a private accumulator that starts at the identity.
 * So each work-item streams through many elements with several loads in flight, as a
 * bandwidth-bound reduction must, and only the accumulators are combined: the work-group reduces
 * them in local scratch with barriers (the local size is a power of two), and work-item 0 folds
 * the group's value into the one-element output atomically, with the native atomic for
 * {@code int}/{@code long} sum, min and max, else with a compare-and-swap loop on the bit
 * pattern. A float or double sum is therefore reassociated: it is not bit-exact with a
 * sequential Java loop, and since groups reach the output in any order, two runs may differ in
 * the last bits.
 */
final class Reductions {
    private Reductions() {
    }

    /** Before the body is translated: lowers a custom op as a device function, records helpers. */
    static void prepare(KernelContext ctx, ReducerUse use) {
        ReductionSpec r = use.spec;
        if (r.type() != ScalarType.INT && r.type() != ScalarType.LONG && r.type() != ScalarType.FLOAT
                && r.type() != ScalarType.DOUBLE) {
            throw new IllegalArgumentException("reductions are of int, long, float or double, not " + r.type());
        }
        if (r.type() == ScalarType.DOUBLE) {
            ctx.usesFp64 = true;
        }
        if (r.op() == ReductionOp.CUSTOM) {
            char k = KernelLowerer.kind(r.type());
            String expected = "(" + r.type().descriptor() + r.type().descriptor() + ")" + r.type().descriptor();
            if (!r.opImplDescriptor().equals(expected)) {
                throw new IllegalArgumentException("op descriptor " + r.opImplDescriptor() + " is not " + expected);
            }
            MethodInsnNode m = new MethodInsnNode(Opcodes.INVOKESTATIC, r.opImplClass(), r.opImplMethod(),
                    r.opImplDescriptor());
            Expr call = DeviceFunctions.call(ctx, (construct, advice) -> ctx.error(ctx.classNode(r.opImplClass()), -1,
                    construct + " in the reduction's operation", advice), m,
                    List.of(Expr.value(k, "#0", Expr.PRIMARY), Expr.value(k, "#1", Expr.PRIMARY)));
            use.op = call.text();
        }
        combine(ctx, use, "a", "b"); // records the helpers the combination needs before anything is emitted
    }

    static void beforeEmit(KernelContext ctx, ReductionSpec r) {
        if (r.type() == ScalarType.LONG || r.type() == ScalarType.DOUBLE || r.op() == ReductionOp.CUSTOM) {
            ctx.usesInt64Atomics |= r.type().byteSize() == 8;
        }
        if (r.type() == ScalarType.LONG && (r.op() == ReductionOp.MIN || r.op() == ReductionOp.MAX)) {
            ctx.usesInt64ExtendedAtomics = true;
        }
    }

    /** The C expression {@code op(a, b)}. */
    static String combine(KernelContext ctx, ReducerUse use, String a, String b) {
        ReductionSpec r = use.spec;
        String t = r.type().cName();
        return switch (r.op()) {
            case SUM -> switch (r.type()) {
                case INT -> "(int)((uint)" + a + " + (uint)" + b + ")";
                case LONG -> "(long)((ulong)" + a + " + (ulong)" + b + ")";
                default -> a + " + " + b;
            };
            case MIN, MAX -> switch (r.type()) {
                case INT, LONG -> (r.op() == ReductionOp.MIN ? "min(" : "max(") + a + ", " + b + ")";
                default -> ctx.helper("jsycl_" + (r.op() == ReductionOp.MIN ? "min_" : "max_") + t.charAt(0)) + "(" + a + ", "
                        + b + ")";
            };
            case CUSTOM -> use.op.replace("#0", a).replace("#1", b);
        };
    }

    /**
     * The work-item's items: {@code call} (the body, with {@code it.id} the item) for every item of the range
     * congruent to the work-item's global id modulo the global size, four per trip so that four items' loads can
     * be in flight together. Unsigned 32-bit arithmetic: the range and the global size are each below 2^31, so no
     * sum below overflows.
     */
    static void emitItems(CodeBuilder c, String call) {
        c.line("uint jsycl_stride = (uint)get_global_size(0);");
        c.line("uint jsycl_i = (uint)get_global_id(0);");
        // A DistributedQueue's chunk starts at its global offset and ends at JSYCL_ProgramVariant.CHUNK_END; the range stays the
        // kernel's range (it.range()).
        c.raw("#ifdef " + ProgramVariant.CHUNK_END + "\n");
        c.line("uint jsycl_end = " + ProgramVariant.CHUNK_END + ";");
        c.raw("#else\n");
        c.line("uint jsycl_end = (uint)range0;");
        c.raw("#endif\n");
        c.line("uint jsycl_end4 = (ulong)jsycl_end > 3ul * jsycl_stride ? jsycl_end - 3u * jsycl_stride : 0u;");
        c.open("for (; jsycl_i < jsycl_end4; jsycl_i += 4u * jsycl_stride)");
        for (int k = 0; k < 4; k++) {
            c.line("it.id = (int)(jsycl_i" + (k == 0 ? "" : " + " + k + "u * jsycl_stride") + ");");
            c.line(call);
        }
        c.close();
        c.open("for (; jsycl_i < jsycl_end; jsycl_i += jsycl_stride)");
        c.line("it.id = (int)jsycl_i;");
        c.line(call);
        c.close();
    }

    /** At the kernel's start: each reduction of one value starts its work-item's accumulator at the identity. */
    static void emitAccumulators(CodeBuilder c, List<ReducerUse> reductions) {
        for (ReducerUse r : reductions) {
            if (!r.byIndex) {
                c.line(r.spec.type().cName() + " " + r.acc() + " = " + r.spec.identityLiteral() + ";");
            }
        }
    }

    /**
     * An nd-range kernel's reductions: the work-item's position in its work-group as one number, {@code jsycl_lid},
     * and the group's size, {@code jsycl_lsize}; its groups may have two or three dimensions and any size.
     */
    static void emitGroupPosition(CodeBuilder c) {
        c.line("int jsycl_lid = (int)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1)"
                + " * get_local_id(2)));");
        c.line("int jsycl_lsize = (int)(get_local_size(0) * get_local_size(1) * get_local_size(2));");
    }

    /** The work-item's position in its group and the group's size, as C expressions ({@code nd}: an nd-range's). */
    private static String lid(boolean nd) {
        return nd ? "jsycl_lid" : "(int)get_local_id(0)";
    }

    private static String lsize(boolean nd) {
        return nd ? "jsycl_lsize" : "(int)get_local_size(0)";
    }

    /**
     * Before the items: each reduction over several elements ({@code combine(index, v)}) sets the work-group's copy
     * of its elements to the identity; then one barrier. {@code nd}: an nd-range kernel's ({@link #emitGroupPosition}).
     */
    static void emitSpanStart(CodeBuilder c, List<ReducerUse> reductions, boolean nd) {
        boolean spans = false;
        for (ReducerUse r : reductions) {
            if (r.byIndex) {
                c.open("for (int jsycl_k = " + lid(nd) + "; jsycl_k < " + r.spec.length() + "; jsycl_k += "
                        + lsize(nd) + ")");
                c.line(r.scratch() + "[jsycl_k] = " + r.spec.identityLiteral() + ";");
                c.close();
                spans = true;
            }
        }
        if (spans) {
            c.line("barrier(CLK_LOCAL_MEM_FENCE);");
        }
    }

    /**
     * After the items: the reductions of one value combine the work-items' accumulators in a tree in their local
     * scratch (one tree loop and one barrier a level for all of them), and work-item 0 folds each group's value into
     * its output atomically; the reductions over several elements fold each of the group's elements into its output
     * element, the work-items sharing them out. {@code nd}: an nd-range kernel's, whose groups have any size (the
     * tree then starts at the power of two at or above it); else the runtime's launch of 1-D work-groups of a power of
     * two.
     */
    static void emitCombine(KernelContext ctx, CodeBuilder c, List<ReducerUse> reductions, boolean nd) {
        List<ReducerUse> trees = reductions.stream().filter(r -> !r.byIndex).toList();
        if (trees.isEmpty()) {
            c.line("barrier(CLK_LOCAL_MEM_FENCE);"); // the work-items' combines into the spans are done
        } else {
            if (!nd) {
                // Reductions run over 1-D ranges in 1-D work-groups of at most 256 (the runtime's launch): 32-bit
                // indices, as a hand-written kernel has them (64-bit ones cost two instructions each on a GPU).
                c.line("int jsycl_lid = (int)get_local_id(0);");
            }
            for (ReducerUse r : trees) {
                c.line(r.scratch() + "[jsycl_lid] = " + r.acc() + ";");
            }
            c.line("barrier(CLK_LOCAL_MEM_FENCE);");
            if (nd) {
                c.line("int jsycl_p = 1;");
                c.open("while (jsycl_p < jsycl_lsize)").line("jsycl_p <<= 1;").close();
                c.open("for (int jsycl_s = jsycl_p / 2; jsycl_s > 0; jsycl_s >>= 1)");
                c.open("if (jsycl_lid < jsycl_s && jsycl_lid + jsycl_s < jsycl_lsize)");
            } else {
                c.open("for (int jsycl_s = (int)get_local_size(0) / 2; jsycl_s > 0; jsycl_s >>= 1)");
                c.open("if (jsycl_lid < jsycl_s)");
            }
            for (ReducerUse r : trees) {
                String s = r.scratch();
                c.line(s + "[jsycl_lid] = " + combine(ctx, r, s + "[jsycl_lid]", s + "[jsycl_lid + jsycl_s]") + ";");
            }
            c.close();
            c.line("barrier(CLK_LOCAL_MEM_FENCE);");
            c.close();
            c.open("if (jsycl_lid == 0)");
            boolean blocks = trees.size() > 1; // each fold declares its own jsycl_v
            for (ReducerUse r : trees) {
                if (blocks) {
                    c.line("{").indent(1);
                }
                c.line(r.spec.type().cName() + " jsycl_v = " + r.scratch() + "[0];");
                emitFold(ctx, c, r, r.out());
                if (blocks) {
                    c.close();
                }
            }
            c.close();
        }
        for (ReducerUse r : reductions) {
            if (r.byIndex) {
                c.open("for (int jsycl_k = " + lid(nd) + "; jsycl_k < " + r.spec.length() + "; jsycl_k += " + lsize(nd)
                        + ")");
                c.line(r.spec.type().cName() + " jsycl_v = " + r.scratch() + "[jsycl_k];");
                emitFold(ctx, c, r, "(" + r.out() + " + jsycl_k)");
                c.close();
            }
        }
    }

    /**
     * {@code combine(index, v)} in a reduction over several elements: the work-group's element {@code index} in local
     * memory combined with {@code v} atomically (a native atomic for {@code int}/{@code long} sum, min and max, else a
     * compare-and-swap loop on the bits); an index outside the output changes nothing.
     */
    static String combineAt(KernelContext ctx, ReducerUse use, String index, String value) {
        ReductionSpec r = use.spec;
        String t = r.type().cName();
        boolean integral = r.type() == ScalarType.INT || r.type() == ScalarType.LONG;
        boolean wide = r.type().byteSize() == 8;
        if (wide) {
            ctx.usesInt64Atomics = true;
        }
        StringBuilder b = new StringBuilder("{ int jsycl_si = " + index + "; " + t + " jsycl_sv = " + value + "; ");
        b.append("if ((uint)jsycl_si < " + r.length() + "u) { ");
        if (integral && r.op() != ReductionOp.CUSTOM) {
            if (r.type() == ScalarType.LONG && r.op() != ReductionOp.SUM) {
                ctx.usesInt64ExtendedAtomics = true;
            }
            String fn = (wide ? "atom_" : "atomic_") + switch (r.op()) {
                case SUM -> "add";
                case MIN -> "min";
                default -> "max";
            };
            b.append(fn).append("(&").append(use.span()).append("[jsycl_si], jsycl_sv); } }");
            return b.toString();
        }
        String bits = wide ? "long" : "int";
        String cas = wide ? "atom_cmpxchg" : "atomic_cmpxchg";
        String toT = integral ? "" : "as_" + t;
        String toBits = integral ? "" : "as_" + bits;
        b.append("volatile __local ").append(bits).append("* jsycl_sq = (volatile __local ").append(bits)
                .append("*)&").append(use.span()).append("[jsycl_si]; ").append(bits).append(" jsycl_so = *jsycl_sq; for (;;) { ")
                .append(bits).append(" jsycl_sn = ").append(toBits).append("(")
                .append(combine(ctx, use, toT + "(jsycl_so)", "jsycl_sv")).append("); ").append(bits)
                .append(" jsycl_ss = ").append(cas).append("(jsycl_sq, jsycl_so, jsycl_sn); if (jsycl_ss == jsycl_so)")
                .append(" break; jsycl_so = jsycl_ss; } } }");
        return b.toString();
    }

    /** {@code jsycl_v} folded atomically into the output element {@code target} points to. */
    private static void emitFold(KernelContext ctx, CodeBuilder c, ReducerUse use, String target) {
        ReductionSpec r = use.spec;
        String t = r.type().cName();
        boolean integral = r.type() == ScalarType.INT || r.type() == ScalarType.LONG;
        if (integral && r.op() != ReductionOp.CUSTOM) {
            String fn = (r.type() == ScalarType.INT ? "atomic_" : "atom_") + switch (r.op()) {
                case SUM -> "add";
                case MIN -> "min";
                default -> "max";
            };
            c.line(fn + "(" + target + ", jsycl_v);");
        } else {
            boolean floatSum = r.type() == ScalarType.FLOAT && r.op() == ReductionOp.SUM;
            if (floatSum) {
                // A compare-and-swap loop serializes the groups on the output, one round trip to memory each, which
                // costs more than the whole sum of a large array; NVIDIA's PTX has a float atomic add that does not
                // wait. The runtime defines JSYCL_NVIDIA_PTX for NVIDIA's devices (DriverQuirk.featureBuildOptions).
                c.raw("#ifdef JSYCL_NVIDIA_PTX\n");
                c.line("asm volatile(\"red.global.add.f32 [%0], %1;\" : : \"l\"(" + target
                        + "), \"f\"(jsycl_v) : \"memory\");");
                c.raw("#else\n");
            }
            boolean wide = r.type().byteSize() == 8;
            String bits = wide ? "long" : "int";
            String cas = wide ? "atom_cmpxchg" : "atomic_cmpxchg";
            String toT = integral ? "" : "as_" + t;
            String toBits = integral ? "" : "as_" + bits;
            // A min or max only moves the output one way, so a group whose value would not change what it read
            // would not change what is there now either: it skips the swap, and most groups do.
            boolean monotonic = r.op() == ReductionOp.MIN || r.op() == ReductionOp.MAX;
            c.line("volatile __global " + bits + "* jsycl_q = (volatile __global " + bits + "*)" + target + ";");
            c.line(bits + " jsycl_old = *jsycl_q;");
            c.open("for (;;)");
            c.line(bits + " jsycl_new = " + toBits + "(" + combine(ctx, use, toT + "(jsycl_old)", "jsycl_v") + ");");
            c.line(bits + " jsycl_seen;");
            c.open("if (" + (monotonic ? "jsycl_new == jsycl_old || " : "") + "(jsycl_seen = " + cas
                    + "(jsycl_q, jsycl_old, jsycl_new)) == jsycl_old)");
            c.line("break;");
            c.close();
            c.line("jsycl_old = jsycl_seen;");
            c.close();
            if (floatSum) {
                c.raw("#endif\n");
            }
        }
    }
}
