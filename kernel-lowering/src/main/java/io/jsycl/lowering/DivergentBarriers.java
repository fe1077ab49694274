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
 * loaded at a varying index is varying, one at a uniform index is not), except a work-group broadcast's, reduction's or
 * vote's, which every work-item of the group gets alike. Inside {@code if (it.subGroupsAreWarps())} a sub-group
 * operation needs only its own sub-group, all of its lanes: there it is refused where a branch that differs between
 * the lanes of a sub-group decides it (a value from an id or a shuffle does; a sub-group vote's, reduction's or
 * broadcast's is the same for every lane). A branch is varying where its condition is. A
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
        BitSet laneRegion = new BitSet(n); // the same for branches that differ between the lanes of a sub-group
        while (true) {
            List<List<Integer>> succs = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                succs.add(new ArrayList<>(2));
            }
            var analyzer = new Analyzer<>(new Varying(method, region, laneRegion)) {
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
            BitSet nextLane = new BitSet(n);
            for (int x = 0; x < n; x++) {
                if (frames[x] == null || succs.get(x).size() < 2 || !varyingBranch(insns[x], frames[x], false)) {
                    continue;
                }
                boolean lanes = varyingBranch(insns[x], frames[x], true);
                for (int b : convergentAt) {
                    boolean decides = !pdom[x].get(b) && succs.get(x).stream().anyMatch(t -> pdom[t].get(b));
                    if (!decides) {
                        continue;
                    }
                    if (!(warps.get(b) && subGroupOperation(ctx, insns[b]))) {
                        throw divergent(ctx, cls, insns, b, x);
                    }
                    // Where sub-groups are warps, only the operation's own sub-group must reach it, all of its lanes.
                    if (lanes) {
                        throw divergentInSubGroup(ctx, cls, insns, b, x);
                    }
                }
                // The branch's region: what runs on some of its paths but not on all of them.
                for (int i = 0; i < n; i++) {
                    if (frames[i] != null && !pdom[x].get(i)) {
                        for (int t : succs.get(x)) {
                            if (pdom[t].get(i)) {
                                next.set(i);
                                if (lanes) {
                                    nextLane.set(i);
                                }
                                break;
                            }
                        }
                    }
                }
            }
            next.or(region);
            nextLane.or(laneRegion);
            if (next.equals(region) && nextLane.equals(laneRegion)) {
                return;
            }
            region = next;
            laneRegion = nextLane;
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

    /**
     * Whether {@code insn}, one of the convergent instructions, calls a sub-group operation (a shuffle, a vote, a
     * sub-group reduce or scan): a member declared {@code @Lowered(As.SUB_GROUP)}, whose queries are not convergent.
     */
    private static boolean subGroupOperation(KernelContext ctx, AbstractInsnNode insn) {
        return insn instanceof MethodInsnNode m
                && LoweredApi.role(ctx.loader, m.owner, m.name, m.desc) == LoweredApi.Role.SUB_GROUP;
    }

    private static LoweringException divergentInSubGroup(KernelContext ctx, ClassNode cls, AbstractInsnNode[] insns,
            int op, int branch) {
        return ctx.error(cls, lineOf(insns, op), "a sub-group operation inside if (it.subGroupsAreWarps()) that only"
                + " some lanes of its sub-group reach (the branch at line " + lineOf(insns, branch) + " decides it from"
                + " the lane: subGroupLocalId, localId, globalId, or a value computed from them)",
                "is divergent within its warp: every lane of the sub-group must reach each shuffle and vote, or a GPU"
                + " hangs or computes garbage. Branch on what the whole sub-group shares (its votes, subGroupId,"
                + " groupId, captured values), and let the lanes that have nothing to do pass their identity");
    }

    /**
     * Whether the jump or switch at {@code insn} tests a varying value: one that differs between the work-items of a
     * group, or with {@code lanes}, between the lanes of a sub-group.
     */
    private static boolean varyingBranch(AbstractInsnNode insn, Frame<Taint> f, boolean lanes) {
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
            Taint t = f.getStack(f.getStackSize() - 1 - k);
            if (lanes ? t.lane : t.varying) {
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

    /**
     * A value's size (one or two slots), whether it differs between the work-items of a group, and whether it differs
     * between the lanes of a sub-group ({@code lane}: an id's, a shuffle's; a vote's is the same for every lane, so
     * varying but not {@code lane}).
     */
    private record Taint(int size, boolean varying, boolean lane) implements Value {
        @Override
        public int getSize() {
            return size;
        }
    }

    private static final Taint ONE = new Taint(1, false, false);
    private static final Taint TWO = new Taint(2, false, false);

    private static Taint of(int size, boolean varying, boolean lane) {
        return varying || lane ? new Taint(size, true, lane) : size == 2 ? TWO : ONE;
    }

    /** {@code a}'s flags or {@code b}'s, each set where either sets it, in a value of {@code size} slots. */
    private static Taint of(int size, Taint a, Taint b) {
        return of(size, a.varying || b.varying, a.lane || b.lane);
    }

    /** The sub-group operations whose result is the same for every lane of the sub-group. */
    private static final Set<String> SAME_FOR_THE_SUB_GROUP = Set.of("subGroupBallot", "anyOfSubGroup",
            "allOfSubGroup", "noneOfSubGroup", "reduceOverSubGroup", "subGroupBroadcast");
    /** The work-group operations whose result is the same for every work-item of the group. */
    private static final Set<String> SAME_FOR_THE_GROUP = Set.of("groupBroadcast", "reduceOverGroup", "anyOfGroup",
            "allOfGroup", "noneOfGroup");

    /**
     * Values are varying where they derive from a work-item's id, or are made in {@code region} (instructions a
     * varying branch decides whether to run); see the class comment.
     */
    private static final class Varying extends Interpreter<Taint> {
        private final MethodNode method;
        private final BitSet region;
        private final BitSet laneRegion;

        Varying(MethodNode method, BitSet region, BitSet laneRegion) {
            super(Opcodes.ASM9);
            this.method = method;
            this.region = region;
            this.laneRegion = laneRegion;
        }

        private Taint made(AbstractInsnNode insn, Taint t) {
            if (t == null || region.isEmpty()) {
                return t;
            }
            int i = method.instructions.indexOf(insn);
            boolean varying = t.varying || region.get(i);
            boolean lane = t.lane || laneRegion.get(i);
            return varying == t.varying && lane == t.lane ? t : of(t.size, varying, lane);
        }

        @Override
        public Taint newValue(Type type) {
            if (type == Type.VOID_TYPE) {
                return null;
            }
            return type == null ? ONE : of(type.getSize(), false, false);
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
                        false, false);
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
                     Opcodes.D2L -> of(2, value, value);
                case Opcodes.GETFIELD -> of(Type.getType(((org.objectweb.asm.tree.FieldInsnNode) insn).desc).getSize(),
                        value, value);
                case Opcodes.IFEQ, Opcodes.IFNE, Opcodes.IFLT, Opcodes.IFGE, Opcodes.IFGT, Opcodes.IFLE,
                     Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH, Opcodes.IRETURN, Opcodes.LRETURN, Opcodes.FRETURN,
                     Opcodes.DRETURN, Opcodes.ARETURN, Opcodes.PUTSTATIC, Opcodes.ATHROW, Opcodes.MONITORENTER,
                     Opcodes.MONITOREXIT, Opcodes.IFNULL, Opcodes.IFNONNULL -> null;
                default -> of(1, value, value);
            };
        }

        @Override
        public Taint binaryOperation(AbstractInsnNode insn, Taint a, Taint b) {
            return made(insn, binaryOperation0(insn, a, b));
        }

        private Taint binaryOperation0(AbstractInsnNode insn, Taint a, Taint b) {
            return switch (insn.getOpcode()) {
                case Opcodes.LALOAD, Opcodes.DALOAD, Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB,
                     Opcodes.LMUL, Opcodes.DMUL, Opcodes.LDIV, Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM, Opcodes.LSHL,
                     Opcodes.LSHR, Opcodes.LUSHR, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR -> of(2, a, b);
                case Opcodes.IF_ICMPEQ, Opcodes.IF_ICMPNE, Opcodes.IF_ICMPLT, Opcodes.IF_ICMPGE, Opcodes.IF_ICMPGT,
                     Opcodes.IF_ICMPLE, Opcodes.IF_ACMPEQ, Opcodes.IF_ACMPNE, Opcodes.PUTFIELD -> null;
                default -> of(1, a, b);
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
            boolean sameForTheSubGroup = false;
            boolean sameForTheGroup = false;
            if (insn instanceof MethodInsnNode m) {
                desc = m.desc;
                boolean item = m.owner.equals(LoweredApi.ND_ITEM) || m.owner.equals("io/jsycl/SubGroupItem")
                        || m.owner.equals(LoweredApi.ITEM);
                varying = VARYING.contains(m.name) && item;
                sameForTheSubGroup = SAME_FOR_THE_SUB_GROUP.contains(m.name) && item;
                sameForTheGroup = SAME_FOR_THE_GROUP.contains(m.name) && item;
            } else if (insn instanceof org.objectweb.asm.tree.InvokeDynamicInsnNode d) {
                desc = d.desc;
            } else { // MULTIANEWARRAY
                return ONE;
            }
            boolean lane = varying;
            for (Taint t : values) {
                varying |= t.varying;
                lane |= t.lane;
            }
            Type returned = Type.getReturnType(desc);
            if (returned == Type.VOID_TYPE) {
                return null;
            }
            if (sameForTheGroup) {
                return of(returned.getSize(), false, false);
            }
            return of(returned.getSize(), varying, lane && !sameForTheSubGroup);
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, Taint value, Taint expected) {
        }

        @Override
        public Taint merge(Taint a, Taint b) {
            Taint both = of(a.size, a, b);
            return both.equals(a) ? a : both;
        }
    }
}
