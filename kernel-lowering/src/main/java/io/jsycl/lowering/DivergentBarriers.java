package io.jsycl.lowering;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.Value;

/**
 * Checked mode, nd-range kernels: a barrier (or a work-group or sub-group operation, or a call of a device function
 * that holds one) whether a work-item reaches depends on the work-item's own id is refused when the kernel is lowered,
 * naming the barrier's line and the branch that decides it. Every work-item of a group must reach each barrier; one
 * that a branch on {@code it.localId(0)} skips, or an early {@code return} of work-items past the range's end, makes a
 * GPU hang or compute garbage, and PoCL corrupt memory, without a word.
 *
 * <p>The analysis. Values are followed through the kernel's own body (ASM's data-flow {@link Analyzer}, locals and
 * arithmetic included): a value is varying where it derives from a work-item's id ({@code localId}, {@code globalId}
 * and their linear and sub-group forms); a value a method call returns is varying where an argument is (so an element
 * loaded at a varying index is varying, one at a uniform index is not). A branch is varying where its condition is. A
 * barrier is divergent where it is control dependent on a varying branch: it post-dominates one of the branch's
 * successors but not the branch, so the branch decides whether it runs. Branches that join before the barrier (an
 * {@code if (lid < s)} inside a reduction loop whose trip count is the group's) are fine. What the analysis cannot see
 * (values through a device function's own branches, memory written by other work-items) it lets pass: it refuses only
 * what is divergent for certain, or for a loop whose trip count follows the work-item's id (a grid-stride loop around
 * a barrier), which is divergent unless every work-item happens to loop as often.
 */
final class DivergentBarriers {
    /** The item methods whose value differs between the work-items of a group. */
    private static final Set<String> VARYING = Set.of("localId", "globalId", "localLinearId", "globalLinearId",
            "subGroupLocalId", "id");

    private DivergentBarriers() {
    }

    /**
     * Throws where one of the instructions {@code convergentAt} (indexes into {@code method}'s instructions: barriers,
     * group and sub-group operations, calls of device functions holding them) is control dependent on a branch whose
     * condition derives from the work-item's id.
     */
    static void check(KernelContext ctx, ClassNode cls, MethodNode method, List<Integer> convergentAt) {
        if (convergentAt.isEmpty()) {
            return;
        }
        AbstractInsnNode[] insns = method.instructions.toArray();
        int n = insns.length;
        // A value computed where a varying branch decides whether it is computed (a local set in one arm of an
        // if on the id, either arm of a ternary) differs between work-items once the arms join: the instructions
        // control dependent on a varying branch make varying values, which may make more branches varying, until
        // nothing changes.
        BitSet region = new BitSet(n);
        while (true) {
            List<List<Integer>> succs = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                succs.add(new ArrayList<>(2));
            }
            var analyzer = new Analyzer<>(new Varying(method, region)) {
                @Override
                protected void newControlFlowEdge(int insn, int successor) {
                    succs.get(insn).add(successor);
                }
            };
            Frame<Taint>[] frames;
            try {
                frames = analyzer.analyze(cls.name, method);
            } catch (AnalyzerException e) {
                return; // the translation reports what it cannot follow
            }
            BitSet[] pdom = postDominators(insns, frames, succs);
            BitSet warps = warpArms(insns, frames, succs, pdom);
            BitSet next = new BitSet(n);
            for (int x = 0; x < n; x++) {
                if (frames[x] == null || succs.get(x).size() < 2 || !varyingBranch(insns[x], frames[x])) {
                    continue;
                }
                for (int b : convergentAt) {
                    if (warps.get(b) && subGroupOperation(insns[b])) {
                        continue; // where sub-groups are warps, only the sub-group must reach it
                    }
                    if (!pdom[x].get(b) && succs.get(x).stream().anyMatch(t -> pdom[t].get(b))) {
                        throw divergent(ctx, cls, insns, b, x);
                    }
                }
                // The branch's region: what runs on some of its paths but not on all of them.
                for (int i = 0; i < n; i++) {
                    if (frames[i] != null && !pdom[x].get(i)) {
                        for (int t : succs.get(x)) {
                            if (pdom[t].get(i)) {
                                next.set(i);
                                break;
                            }
                        }
                    }
                }
            }
            next.or(region);
            if (next.equals(region)) {
                return;
            }
            region = next;
        }
    }

    private static LoweringException divergent(KernelContext ctx, ClassNode cls, AbstractInsnNode[] insns, int barrier,
            int branch) {
        return ctx.error(cls, lineOf(insns, barrier), "a barrier (or work-group or sub-group operation) that only"
                + " some work-items reach (the branch at line " + lineOf(insns, branch) + " decides it from"
                + " it.localId/globalId, directly or through a value computed from it)",
                "is divergent: every work-item of a group must reach each barrier, or a GPU hangs or computes"
                + " garbage. Call the barrier outside the branch (let the work-items that have nothing to do skip the"
                + " work, not the barrier), and give loops around a barrier a trip count the whole group shares (from"
                + " groupId, localRange, captured values)");
    }

    /**
     * The instructions that run only where {@code it.subGroupsAreWarps()} holds: those of the branch taken when the
     * call's value, tested directly by the jump after it, is true, up to where that branch and the other join (the
     * jump's post-dominators), and that no path from the kernel's start reaches but through that branch. A sub-group
     * operation there is a warp's, which its own sub-group alone must reach.
     */
    private static BitSet warpArms(AbstractInsnNode[] insns, Frame<Taint>[] frames, List<List<Integer>> succs,
            BitSet[] pdom) {
        BitSet arms = new BitSet(insns.length);
        for (int c = 0; c < insns.length; c++) {
            if (!(insns[c] instanceof MethodInsnNode m && m.name.equals("subGroupsAreWarps"))) {
                continue;
            }
            int x = c + 1;
            while (x < insns.length && insns[x].getOpcode() < 0) {
                x++; // labels, line numbers, frames
            }
            if (x >= insns.length || frames[x] == null || !(insns[x] instanceof JumpInsnNode j)
                    || (j.getOpcode() != Opcodes.IFEQ && j.getOpcode() != Opcodes.IFNE)) {
                continue;
            }
            int jumpTo = Arrays.asList(insns).indexOf(j.label);
            int fallThrough = x + 1;
            boolean trueJumps = j.getOpcode() == Opcodes.IFNE;
            int whenTrue = trueJumps ? jumpTo : fallThrough;
            BitSet arm = reach(whenTrue, pdom[x], succs, -1, -1);
            arm.andNot(reach(0, new BitSet(), succs, x, whenTrue)); // what another way reaches too
            arms.or(arm);
        }
        return arms;
    }

    /**
     * The instructions reachable from {@code from} without passing any of {@code stops} or taking the edge from
     * {@code edgeFrom} to {@code edgeTo}.
     */
    private static BitSet reach(int from, BitSet stops, List<List<Integer>> succs, int edgeFrom, int edgeTo) {
        BitSet seen = new BitSet(succs.size());
        var todo = new ArrayDeque<Integer>();
        todo.push(from);
        while (!todo.isEmpty()) {
            int i = todo.pop();
            if (i < 0 || i >= succs.size() || stops.get(i) || seen.get(i)) {
                continue;
            }
            seen.set(i);
            for (int t : succs.get(i)) {
                if (i != edgeFrom || t != edgeTo) {
                    todo.push(t);
                }
            }
        }
        return seen;
    }

    /** Whether {@code insn} calls a sub-group operation (a shuffle, a vote, a sub-group reduce or scan). */
    private static boolean subGroupOperation(AbstractInsnNode insn) {
        return insn instanceof MethodInsnNode m && (m.name.startsWith("shuffle") || m.name.endsWith("SubGroup")
                || m.name.equals("subGroupBallot") || m.name.equals("subGroupBroadcast"));
    }

    /** Whether the jump or switch at {@code insn} tests a varying value. */
    private static boolean varyingBranch(AbstractInsnNode insn, Frame<Taint> f) {
        int operands = switch (insn) {
            case JumpInsnNode j -> switch (j.getOpcode()) {
                case Opcodes.GOTO, Opcodes.JSR -> 0;
                case Opcodes.IF_ICMPEQ, Opcodes.IF_ICMPNE, Opcodes.IF_ICMPLT, Opcodes.IF_ICMPGE, Opcodes.IF_ICMPGT,
                     Opcodes.IF_ICMPLE, Opcodes.IF_ACMPEQ, Opcodes.IF_ACMPNE -> 2;
                default -> 1;
            };
            case TableSwitchInsnNode t -> 1;
            case LookupSwitchInsnNode l -> 1;
            default -> 0;
        };
        for (int k = 0; k < operands; k++) {
            if (f.getStack(f.getStackSize() - 1 - k).varying) {
                return true;
            }
        }
        return false;
    }

    /**
     * Each reachable instruction's post-dominators (the instructions every path from it to the method's end passes),
     * by the usual iteration to a fixed point; the method's returns and throws end its paths.
     */
    private static BitSet[] postDominators(AbstractInsnNode[] insns, Frame<Taint>[] frames, List<List<Integer>> succs) {
        int n = insns.length;
        BitSet all = new BitSet(n);
        all.set(0, n);
        BitSet[] pdom = new BitSet[n];
        for (int i = 0; i < n; i++) {
            pdom[i] = new BitSet(n);
            if (frames[i] == null) {
                continue; // unreachable: no paths to follow
            }
            int op = insns[i].getOpcode();
            boolean exit = op >= Opcodes.IRETURN && op <= Opcodes.RETURN || op == Opcodes.ATHROW;
            if (exit || succs.get(i).isEmpty()) {
                pdom[i].set(i);
            } else {
                pdom[i].or(all);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = n - 1; i >= 0; i--) {
                if (frames[i] == null || succs.get(i).isEmpty()) {
                    continue;
                }
                BitSet next = (BitSet) all.clone();
                for (int s : succs.get(i)) {
                    next.and(pdom[s]);
                }
                next.set(i);
                if (!next.equals(pdom[i])) {
                    pdom[i] = next;
                    changed = true;
                }
            }
        }
        return pdom;
    }

    /** The source line of the instruction at {@code index}: the last line number before it, or -1. */
    static int lineOf(AbstractInsnNode[] insns, int index) {
        for (int i = index; i >= 0; i--) {
            if (insns[i] instanceof LineNumberNode l) {
                return l.line;
            }
        }
        return -1;
    }

    /** A value's size (one or two slots) and whether it differs between the work-items of a group. */
    private record Taint(int size, boolean varying) implements Value {
        @Override
        public int getSize() {
            return size;
        }
    }

    private static final Taint ONE = new Taint(1, false);
    private static final Taint TWO = new Taint(2, false);

    private static Taint of(int size, boolean varying) {
        return varying ? new Taint(size, true) : size == 2 ? TWO : ONE;
    }

    /**
     * Values are varying where they derive from a work-item's id, or are made in {@code region} (instructions a
     * varying branch decides whether to run); see the class comment.
     */
    private static final class Varying extends Interpreter<Taint> {
        private final MethodNode method;
        private final BitSet region;

        Varying(MethodNode method, BitSet region) {
            super(Opcodes.ASM9);
            this.method = method;
            this.region = region;
        }

        private boolean inRegion(AbstractInsnNode insn) {
            return !region.isEmpty() && region.get(method.instructions.indexOf(insn));
        }

        private Taint made(AbstractInsnNode insn, Taint t) {
            return t == null || t.varying || !inRegion(insn) ? t : new Taint(t.size, true);
        }

        @Override
        public Taint newValue(Type type) {
            if (type == Type.VOID_TYPE) {
                return null;
            }
            return type == null ? ONE : of(type.getSize(), false);
        }

        @Override
        public Taint newOperation(AbstractInsnNode insn) {
            return made(insn, newOperation0(insn));
        }

        private Taint newOperation0(AbstractInsnNode insn) {
            return switch (insn.getOpcode()) {
                case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1 -> TWO;
                case Opcodes.LDC -> {
                    Object c = ((org.objectweb.asm.tree.LdcInsnNode) insn).cst;
                    yield c instanceof Long || c instanceof Double ? TWO : ONE;
                }
                case Opcodes.GETSTATIC -> of(Type.getType(((org.objectweb.asm.tree.FieldInsnNode) insn).desc).getSize(),
                        false);
                default -> ONE;
            };
        }

        @Override
        public Taint copyOperation(AbstractInsnNode insn, Taint value) {
            return made(insn, copyOperation0(insn, value));
        }

        private Taint copyOperation0(AbstractInsnNode insn, Taint value) {
            return value;
        }

        @Override
        public Taint unaryOperation(AbstractInsnNode insn, Taint value) {
            return made(insn, unaryOperation0(insn, value));
        }

        private Taint unaryOperation0(AbstractInsnNode insn, Taint value) {
            return switch (insn.getOpcode()) {
                case Opcodes.LNEG, Opcodes.DNEG, Opcodes.I2L, Opcodes.I2D, Opcodes.L2D, Opcodes.F2L, Opcodes.F2D,
                     Opcodes.D2L -> of(2, value.varying);
                case Opcodes.GETFIELD -> of(Type.getType(((org.objectweb.asm.tree.FieldInsnNode) insn).desc).getSize(),
                        value.varying);
                case Opcodes.IFEQ, Opcodes.IFNE, Opcodes.IFLT, Opcodes.IFGE, Opcodes.IFGT, Opcodes.IFLE,
                     Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH, Opcodes.IRETURN, Opcodes.LRETURN, Opcodes.FRETURN,
                     Opcodes.DRETURN, Opcodes.ARETURN, Opcodes.PUTSTATIC, Opcodes.ATHROW, Opcodes.MONITORENTER,
                     Opcodes.MONITOREXIT, Opcodes.IFNULL, Opcodes.IFNONNULL -> null;
                default -> of(1, value.varying);
            };
        }

        @Override
        public Taint binaryOperation(AbstractInsnNode insn, Taint a, Taint b) {
            return made(insn, binaryOperation0(insn, a, b));
        }

        private Taint binaryOperation0(AbstractInsnNode insn, Taint a, Taint b) {
            boolean v = a.varying || b.varying;
            return switch (insn.getOpcode()) {
                case Opcodes.LALOAD, Opcodes.DALOAD, Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB,
                     Opcodes.LMUL, Opcodes.DMUL, Opcodes.LDIV, Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM, Opcodes.LSHL,
                     Opcodes.LSHR, Opcodes.LUSHR, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR -> of(2, v);
                case Opcodes.IF_ICMPEQ, Opcodes.IF_ICMPNE, Opcodes.IF_ICMPLT, Opcodes.IF_ICMPGE, Opcodes.IF_ICMPGT,
                     Opcodes.IF_ICMPLE, Opcodes.IF_ACMPEQ, Opcodes.IF_ACMPNE, Opcodes.PUTFIELD -> null;
                default -> of(1, v);
            };
        }

        @Override
        public Taint ternaryOperation(AbstractInsnNode insn, Taint a, Taint b, Taint c) {
            return null; // array stores
        }

        @Override
        public Taint naryOperation(AbstractInsnNode insn, List<? extends Taint> values) {
            return made(insn, naryOperation0(insn, values));
        }

        private Taint naryOperation0(AbstractInsnNode insn, List<? extends Taint> values) {
            String desc;
            boolean varying = false;
            if (insn instanceof MethodInsnNode m) {
                desc = m.desc;
                varying = VARYING.contains(m.name)
                        && (m.owner.equals(LoweredApi.ND_ITEM) || m.owner.equals("io/jsycl/SubGroupItem")
                        || m.owner.equals(LoweredApi.ITEM));
            } else if (insn instanceof org.objectweb.asm.tree.InvokeDynamicInsnNode d) {
                desc = d.desc;
            } else { // MULTIANEWARRAY
                return ONE;
            }
            for (Taint t : values) {
                varying |= t.varying;
            }
            Type returned = Type.getReturnType(desc);
            return returned == Type.VOID_TYPE ? null : of(returned.getSize(), varying);
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, Taint value, Taint expected) {
        }

        @Override
        public Taint merge(Taint a, Taint b) {
            if (a.varying == b.varying || a.varying) {
                return a;
            }
            return b;
        }
    }
}
