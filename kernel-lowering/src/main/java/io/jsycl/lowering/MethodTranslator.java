package io.jsycl.lowering;

import static org.objectweb.asm.Opcodes.MONITORENTER;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Translates one method's bytecode to the statements of a C function body. This is the driver, in the shape of
 * ASM's {@code Analyzer}: it cuts the method into basic blocks ({@link BasicBlocks}), interprets each block once in
 * reverse postorder on a symbolic {@link Frame}, hands the operand stack left at a block's end to its successors
 * through temporaries, and has {@link ControlFlowStructurer} nest the blocks. What each instruction means (the C it
 * produces, what it pushes) is the {@link InstructionInterpreter}'s, with {@link CallInterpreter} for calls and
 * {@link PrivateArrays} for arrays made in the kernel; the C names are {@link LocalNames}'.
 *
 * <p>Expressions are rebuilt from the stack and typed as they are built, so no separate data-flow analysis runs: a
 * local's C variable is named by its slot and by the type of the load or store.
 */
final class MethodTranslator {
    /**
     * A method parameter: a primitive bound to the C variable {@code name}, or a reference bound to {@code ref}.
     *
     * @param slot the parameter's local slot
     * @param type the JVM computational type of a primitive parameter; 0 for a reference
     * @param name the C name
     * @param ref what a reference parameter refers to; null for a primitive
     */
    record Param(int slot, char type, String name, Expr ref) {
        /** A primitive parameter. */
        static Param value(int slot, char type, String name) {
            return new Param(slot, type, name, null);
        }

        /** A reference parameter (an accessor, the item, the reducer, a record value). */
        static Param ref(int slot, String name, Expr ref) {
            return new Param(slot, (char) 0, name, ref);
        }
    }

    final KernelContext ctx;
    final ClassNode cls;
    final MethodNode method;
    final AbstractInsnNode[] insns;
    final LocalNames names;
    final Frame frame;
    private final InstructionInterpreter interpreter;
    /** Whether the method writes memory or calls something that may (so calls to it are effects). */
    private boolean hasEffects;
    private int line = -1;
    /** Checked mode: {@link #leaveByReturn()}, once made. */
    private String leaveByReturn;
    /** Index of the instruction being interpreted. */
    private int at;
    /** The instructions (indexes) that are barriers, group or sub-group operations, or calls of functions with one. */
    private final List<Integer> convergentAt = new ArrayList<>();

    MethodTranslator(KernelContext ctx, ClassNode cls, MethodNode method, List<Param> params) {
        this.ctx = ctx;
        this.cls = cls;
        this.method = method;
        this.insns = method.instructions.toArray();
        this.names = new LocalNames(method);
        this.frame = new Frame(ctx, names);
        for (Param p : params) {
            if (p.ref() != null) {
                frame.refParams.put(p.slot(), p.ref());
            }
            names.parameter(p.slot(), p.ref() != null ? 0 : p.type(), p.name());
        }
        this.interpreter = new InstructionInterpreter(this);
    }

    /** Translates the method and returns its structured body. */
    /** The instructions of the method that every work-item of a group must reach together, once translated. */
    List<Integer> convergentAt() {
        return List.copyOf(convergentAt);
    }

    String translate(int indent) {
        int at = -1;
        for (AbstractInsnNode n : insns) {
            if (n instanceof LineNumberNode l) {
                at = l.line;
            } else if (n.getOpcode() == MONITORENTER) {
                throw ctx.error(cls, at, "'synchronized'", "is not supported in kernels; use atomics or barriers instead");
            }
        }
        if (!method.tryCatchBlocks.isEmpty()) {
            throw ctx.error(cls, firstLine(), "'try/catch'", "is not supported in kernels; check the values beforehand instead");
        }
        List<Block> rpo = BasicBlocks.of(method.instructions);
        for (Block b : rpo) {
            for (Block s : b.succs) {
                ctx.hasLoops |= s.rpo <= b.rpo; // a retreating edge: javac's loops are its only source
            }
            if (b.entryStack == null) {
                b.entryStack = List.of();
            }
            interpret(b);
        }
        ControlFlowStructurer structurer = ctx.checked
                ? new ControlFlowStructurer(rpo, Checks.FAILED, this::leaveByReturn)
                : new ControlFlowStructurer(rpo);
        return structurer.emit(indent);
    }

    /**
     * Checked mode: the statement by which a failing work-item leaves a loop that only a return ends, with a result
     * that means nothing (the launch fails anyway): zero, or a zeroed record.
     */
    private String leaveByReturn() {
        if (leaveByReturn == null) {
            Type ret = Type.getReturnType(method.desc);
            leaveByReturn = switch (ret.getSort()) {
                case Type.VOID -> "return;";
                // A temporary: checked mode declares every local zeroed (Checks).
                case Type.OBJECT -> "return " + names.temporary(RecordType.ofClass(ctx, ret.getInternalName()).cType()) + ";";
                default -> "return 0;";
            };
        }
        return leaveByReturn;
    }

    /** The locals and temporaries to declare at the top of the function: name to C type. */
    Map<String, String> declarations() {
        return names.declarations();
    }

    /** Whether the method writes memory or calls something that may (so calls to it are effects). */
    boolean hasEffects() {
        return hasEffects;
    }

    /** Records that the method has an effect of its own. */
    void hasEffect() {
        hasEffects = true;
    }

    /** The source line of the instruction being interpreted, or -1. */
    int line() {
        return line;
    }

    /** The index of the instruction being interpreted. */
    int at() {
        return at;
    }

    /** Rejects a construct at the current line. */
    LoweringException reject(String construct, String advice) {
        return ctx.error(cls, line, construct, advice);
    }

    private int firstLine() {
        for (AbstractInsnNode n : insns) {
            if (n instanceof LineNumberNode l) {
                return l.line;
            }
        }
        return -1;
    }

    private void interpret(Block b) {
        frame.enter(b);
        int convergentBefore = ctx.convergentOps;
        for (int i = b.start; i < b.end; i++) {
            AbstractInsnNode n = insns[i];
            if (n instanceof LineNumberNode l) {
                line = l.line;
                continue;
            }
            if (n.getOpcode() < 0) {
                continue;
            }
            at = i;
            int convergentOps = ctx.convergentOps;
            if (!frame.shuffle(n.getOpcode())) {
                interpreter.execute(b, n);
            }
            if (ctx.convergentOps != convergentOps) {
                convergentAt.add(i);
            }
        }
        b.convergent = ctx.convergentOps != convergentBefore;
        boolean passes = switch (b.kind) {
            case IF, SWITCH -> true;
            case GOTO -> b.succs.size() == 1;
            case RETURN -> false;
        };
        if (passes) {
            passStack(b);
        }
    }

    /** Hands the operand stack to the successors through their entry temporaries. */
    private void passStack(Block b) {
        List<Expr> stack = frame.stack();
        if (stack.isEmpty()) {
            for (Block s : b.succs) {
                if (s.entryStack == null) {
                    s.entryStack = List.of();
                }
            }
            return;
        }
        for (Block s : b.succs) {
            if (s.entryStack == null && s.preds.size() == 1) {
                s.entryStack = List.copyOf(stack);
                continue;
            }
            if (s.entryStack == null) {
                List<Expr> entry = new ArrayList<>();
                for (Expr e : stack) {
                    if (isBound(e)) {
                        entry.add(e);
                    } else {
                        Expr v = Frame.value(e);
                        entry.add(Frame.stableLike(v, frame.temporary(v)));
                    }
                }
                s.entryStack = entry;
            }
            for (int i = 0; i < stack.size(); i++) {
                Expr target = s.entryStack.get(i);
                Expr value = Frame.value(stack.get(i));
                if (isBound(target)) {
                    // Identity, not equality: a captured object read twice is two references (AccessorRef).
                    if (Expr.accessorOf(value) != Expr.accessorOf(target) || value.getClass() != target.getClass()
                            || !value.text().equals(target.text())) {
                        throw ctx.error(cls, line, "choosing an accessor with a condition",
                                "is not supported; branch around the accesses instead");
                    }
                } else if (!target.text().equals(value.text())) {
                    b.stmts.add(target.text() + " = " + value.text() + ";");
                }
            }
        }
    }

    /** References and records under construction: bound statically, never held in temporaries. */
    private static boolean isBound(Expr e) {
        return e instanceof Expr.Ref || e instanceof Expr.NewRecord;
    }
}
