package io.jsycl.lowering;

import static org.objectweb.asm.Opcodes.DUP;
import static org.objectweb.asm.Opcodes.DUP2;
import static org.objectweb.asm.Opcodes.DUP2_X1;
import static org.objectweb.asm.Opcodes.DUP2_X2;
import static org.objectweb.asm.Opcodes.DUP_X1;
import static org.objectweb.asm.Opcodes.DUP_X2;
import static org.objectweb.asm.Opcodes.NOP;
import static org.objectweb.asm.Opcodes.POP;
import static org.objectweb.asm.Opcodes.POP2;
import static org.objectweb.asm.Opcodes.SWAP;

import io.jsycl.lowering.Expr.DoubleValue;
import io.jsycl.lowering.Expr.LongValue;
import io.jsycl.lowering.Expr.PendingCompare;
import io.jsycl.lowering.Expr.RecordValue;
import io.jsycl.lowering.Expr.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.tree.LocalVariableNode;

/**
 * The state of one method's translation: the symbolic operand stack of the block being interpreted, the statements
 * it emits, and what the method's reference locals are bound to.
 *
 * <p>The operand stack holds expressions, not yet C variables: a value is written to a temporary only where it must
 * be, which is before a statement that might change what it reads ({@link #statement}), where it is duplicated
 * ({@link #stableTop}), or where it leaves its block on the stack. Reference locals hold no C variable at all: a
 * local bound to an accessor, the item, a record variable or a private array names it statically, for the whole
 * method, so those bindings outlive the block.
 */
final class Frame {
    private final KernelContext ctx;
    private final LocalNames names;
    private final List<Expr> stack = new ArrayList<>();
    private Block current;

    /** Reference parameters, by slot. */
    final Map<Integer, Expr> refParams = new HashMap<>();
    /** Locals bound to a reference ({@link Expr.Ref}), by slot. */
    final Map<Integer, Expr> refLocals = new HashMap<>();
    /** Locals holding a boxed primitive, by slot: the box's JVM computational type. */
    final Map<Integer, Character> boxedLocals = new HashMap<>();
    /** Locals holding records of primitives: slot to the struct variable. */
    final Map<Integer, Expr> recordLocals = new HashMap<>();
    /** Locals holding private arrays: slot to the local variable entry (null when unknown) of its binding. */
    final Map<Integer, LocalVariableNode> privateArrayScopes = new HashMap<>();

    Frame(KernelContext ctx, LocalNames names) {
        this.ctx = ctx;
        this.names = names;
    }

    /** Starts interpreting {@code b}: the operand stack is its entry stack. */
    void enter(Block b) {
        current = b;
        stack.clear();
        stack.addAll(b.entryStack);
    }

    /** The operand stack, bottom first. */
    List<Expr> stack() {
        return stack;
    }

    void push(Expr e) {
        if (e instanceof DoubleValue) {
            ctx.usesFp64 = true;
        }
        stack.add(e);
    }

    Expr pop() {
        return stack.removeLast();
    }

    /** The top of the stack, left on it. */
    Expr peek() {
        return stack.getLast();
    }

    /** Pops a primitive operand, a pending comparison materialized. */
    Value popValue() {
        return asValue(value(pop()));
    }

    /** Pops an operand, a pending comparison materialized. */
    Expr popMaterialized() {
        return value(pop());
    }

    /** {@code e}, a pending comparison materialized as an int (-1, 0, 1). */
    static Expr value(Expr e) {
        return e instanceof PendingCompare c ? c.materialize() : e;
    }

    static Value asValue(Expr e) {
        if (e instanceof Value v) {
            return v;
        }
        throw new IllegalStateException("not a primitive value: " + e);
    }

    /** Emits a statement, first saving every pending stack value it might change. */
    void statement(String s) {
        for (int i = 0; i < stack.size(); i++) {
            Expr e = stack.get(i);
            if (!e.stable()) {
                stack.set(i, spill(value(e)));
            }
        }
        current.stmts.add(s);
    }

    /** Emits a statement that changes nothing the stack reads. */
    void emit(String s) {
        current.stmts.add(s);
    }

    /** A temporary for {@code v}'s value (a struct for a record value), assigned here; returns it. */
    private Expr spill(Expr v) {
        String t = temporary(v);
        current.stmts.add(t + " = " + v.text() + ";");
        return stableLike(v, t);
    }

    /** A new temporary of {@code v}'s C type. */
    String temporary(Expr v) {
        return names.temporary(v instanceof RecordValue r ? r.type().cType() : Expr.cType(asValue(v).type()));
    }

    /** A stable expression of {@code v}'s type (and record type) naming {@code name}. */
    static Expr stableLike(Expr v, String name) {
        return v instanceof RecordValue r ? new RecordValue(r.type(), name, true, false) : Expr.stable(asValue(v).type(), name);
    }

    /** The value {@code depth} below the top, moved into a temporary first unless it is cheap to repeat. */
    Expr stableTop(int depth) {
        int i = stack.size() - 1 - depth;
        Expr e = stack.get(i);
        if (e.stable()) {
            return e;
        }
        Expr s = spill(value(e));
        stack.set(i, s);
        return s;
    }

    /** The top values covering {@code words} stack words, made repeatable, in stack order. */
    private List<Expr> stableWords(int words) {
        List<Expr> out = new ArrayList<>();
        int w = 0;
        int depth = 0;
        while (w < words) {
            Expr e = stableTop(depth++);
            out.addFirst(e);
            w += wide(e) ? 2 : 1;
        }
        return out;
    }

    private List<Expr> popWords(int words) {
        List<Expr> out = new ArrayList<>();
        int w = 0;
        while (w < words) {
            Expr e = pop();
            out.addFirst(e);
            w += wide(e) ? 2 : 1;
        }
        return out;
    }

    /** Whether {@code e} takes two stack words. */
    static boolean wide(Expr e) {
        return e instanceof LongValue || e instanceof DoubleValue;
    }

    /**
     * Executes {@code op} if it only moves operands ({@code POP}, {@code DUP}, {@code SWAP} and their forms, and
     * {@code NOP}): a popped value with an effect becomes a statement, a duplicated one is made stable first so that
     * it is computed once.
     *
     * @return whether {@code op} is one of those
     */
    boolean shuffle(int op) {
        switch (op) {
            case NOP -> {
            }
            case POP -> drop(pop());
            case POP2 -> {
                Expr e = pop();
                drop(e);
                if (!wide(e)) {
                    drop(pop());
                }
            }
            case DUP -> push(stableTop(0));
            case DUP_X1 -> {
                Expr a = stableTop(0);
                pop();
                Expr b = pop();
                push(a);
                push(b);
                push(a);
            }
            case DUP_X2 -> {
                Expr a = stableTop(0);
                pop();
                List<Expr> below = popWords(2);
                push(a);
                below.forEach(this::push);
                push(a);
            }
            case DUP2 -> stableWords(2).forEach(this::push);
            case DUP2_X1 -> {
                List<Expr> top = stableWords(2);
                popWords(2);
                List<Expr> below = popWords(1);
                top.forEach(this::push);
                below.forEach(this::push);
                top.forEach(this::push);
            }
            case DUP2_X2 -> {
                List<Expr> top = stableWords(2);
                popWords(2);
                List<Expr> below = popWords(2);
                top.forEach(this::push);
                below.forEach(this::push);
                top.forEach(this::push);
            }
            case SWAP -> {
                Expr a = pop();
                Expr c = pop();
                push(a);
                push(c);
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** A popped value: a statement where it has an effect of its own. */
    private void drop(Expr e) {
        if (e.effect()) {
            statement(e.text() + ";");
        }
    }
}
