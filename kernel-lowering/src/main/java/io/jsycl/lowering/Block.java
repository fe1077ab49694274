package io.jsycl.lowering;

import java.util.ArrayList;
import java.util.List;

/** A basic block of a method: its statements (C text) and how it ends. */
final class Block {
    enum Kind { GOTO, IF, SWITCH, RETURN }

    final int id;
    final int start;
    final int end;
    final List<Block> succs = new ArrayList<>();
    final List<Block> preds = new ArrayList<>();
    final List<String> stmts = new ArrayList<>();
    /** Temporaries holding the operand stack on entry, or {@code null} before it is known. */
    List<Expr> entryStack;
    int rpo = -1;

    Kind kind = Kind.GOTO;
    /** IF: the condition under which {@code succs[0]} is taken, else {@code succs[1]}. */
    Condition condition;
    /** SWITCH: the selector, the case keys and their targets; the default is {@code defaultTarget}. */
    Expr selector;
    int[] keys;
    Block[] keyTargets;
    Block defaultTarget;
    /** RETURN: the value, or {@code null}. */
    Expr returned;
    /**
     * Whether the block holds a barrier, a work-group or sub-group operation, or a call of a device function that
     * does: every work-item of the group must reach it, so a checked kernel keeps a failing work-item in a loop around
     * it ({@link Checks}).
     */
    boolean convergent;

    Block(int id, int start, int end) {
        this.id = id;
        this.start = start;
        this.end = end;
    }

    @Override
    public String toString() {
        return "B" + id;
    }
}
