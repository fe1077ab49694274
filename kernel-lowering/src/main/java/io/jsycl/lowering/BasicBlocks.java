package io.jsycl.lowering;

import static org.objectweb.asm.Opcodes.ATHROW;
import static org.objectweb.asm.Opcodes.GOTO;
import static org.objectweb.asm.Opcodes.IRETURN;
import static org.objectweb.asm.Opcodes.JSR;
import static org.objectweb.asm.Opcodes.RET;
import static org.objectweb.asm.Opcodes.RETURN;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;

/**
 * A method's control-flow graph: its instructions cut into basic blocks at jumps, switches and
 * exits and at their targets, with successors and predecessors, in reverse postorder from the
 * entry (blocks no path reaches are dropped).
 */
final class BasicBlocks {
    private BasicBlocks() {
    }

    /** The reachable blocks of {@code instructions} in reverse postorder, {@link Block#rpo} set. */
    static List<Block> of(InsnList instructions) {
        AbstractInsnNode[] insns = instructions.toArray();
        boolean[] leader = new boolean[insns.length + 1];
        leader[0] = true;
        for (int i = 0; i < insns.length; i++) {
            AbstractInsnNode n = insns[i];
            if (n instanceof JumpInsnNode j) {
                leader[instructions.indexOf(j.label)] = true;
                leader[i + 1] = true;
            } else if (n instanceof TableSwitchInsnNode t) {
                leader[instructions.indexOf(t.dflt)] = true;
                t.labels.forEach(l -> leader[instructions.indexOf(l)] = true);
                leader[i + 1] = true;
            } else if (n instanceof LookupSwitchInsnNode t) {
                leader[instructions.indexOf(t.dflt)] = true;
                t.labels.forEach(l -> leader[instructions.indexOf(l)] = true);
                leader[i + 1] = true;
            } else if (isExit(n.getOpcode())) {
                leader[i + 1] = true;
            }
        }
        List<Block> all = new ArrayList<>();
        Block[] at = new Block[insns.length];
        for (int i = 0; i < insns.length; ) {
            int j = i + 1;
            while (j < insns.length && !leader[j]) {
                j++;
            }
            Block b = new Block(all.size(), i, j);
            all.add(b);
            for (int k = i; k < j; k++) {
                at[k] = b;
            }
            i = j;
        }
        for (Block b : all) {
            AbstractInsnNode last = lastReal(insns, b);
            int op = last == null ? -1 : last.getOpcode();
            if (last instanceof JumpInsnNode j) {
                b.succs.add(at[instructions.indexOf(j.label)]);
                if (op != GOTO) {
                    b.succs.add(at[b.end]);
                }
            } else if (last instanceof TableSwitchInsnNode t) {
                t.labels.forEach(l -> addSucc(b, at[instructions.indexOf(l)]));
                addSucc(b, at[instructions.indexOf(t.dflt)]);
            } else if (last instanceof LookupSwitchInsnNode t) {
                t.labels.forEach(l -> addSucc(b, at[instructions.indexOf(l)]));
                addSucc(b, at[instructions.indexOf(t.dflt)]);
            } else if (!isExit(op) && b.end < insns.length) {
                b.succs.add(at[b.end]);
            }
        }
        return reversePostorder(all.get(0));
    }

    /** The successor of {@code from} that starts at {@code label}. */
    static Block successorAt(InsnList instructions, Block from, LabelNode label) {
        int i = instructions.indexOf(label);
        for (Block s : from.succs) {
            if (s.start == i) {
                return s;
            }
        }
        throw new IllegalStateException("no successor at " + i);
    }

    private static List<Block> reversePostorder(Block entry) {
        List<Block> post = new ArrayList<>();
        Set<Block> seen = new HashSet<>();
        Deque<Object[]> work = new ArrayDeque<>();
        work.push(new Object[] {entry, 0});
        seen.add(entry);
        while (!work.isEmpty()) {
            Object[] top = work.peek();
            Block b = (Block) top[0];
            int i = (Integer) top[1];
            if (i < b.succs.size()) {
                top[1] = i + 1;
                Block s = b.succs.get(i);
                if (seen.add(s)) {
                    work.push(new Object[] {s, 0});
                }
            } else {
                post.add(work.pop()[0] instanceof Block done ? done : null);
            }
        }
        List<Block> rpo = new ArrayList<>(post.reversed());
        for (int i = 0; i < rpo.size(); i++) {
            rpo.get(i).rpo = i;
        }
        for (Block b : rpo) {
            for (Block s : b.succs) {
                if (!s.preds.contains(b)) {
                    s.preds.add(b);
                }
            }
        }
        return rpo;
    }

    private static void addSucc(Block b, Block s) {
        if (!b.succs.contains(s)) {
            b.succs.add(s);
        }
    }

    private static boolean isExit(int op) {
        return (op >= IRETURN && op <= RETURN) || op == ATHROW || op == GOTO || op == JSR || op == RET;
    }

    private static AbstractInsnNode lastReal(AbstractInsnNode[] insns, Block b) {
        for (int i = b.end - 1; i >= b.start; i--) {
            if (insns[i].getOpcode() >= 0) {
                return insns[i];
            }
        }
        return null;
    }
}
