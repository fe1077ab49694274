package io.jsycl.lowering;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Recovers structured C from a reducible control-flow graph, after Ramsey's "Beyond Relooper"
 * (ICFP 2022): walk the dominator tree; a node with several forward predecessors (a merge
 * node) is placed after the code of its immediate dominator, a loop header opens a
 * {@code for (;;)} whose exits are placed after it. Branches become nothing (fall through),
 * {@code continue}, {@code break}, an inlined subtree, or as a last resort a forward
 * {@code goto} to a label (only multi-level exits need it). Unused labels are removed.
 *
 * <p>In checked mode a loop whose code holds no {@link Block#convergent} block opens with a test of the work-item's
 * failure flag that leaves it: by {@code break} to the code after it, or by a return where nothing follows it (a
 * loop that only a return ends). Every iteration passes that test, since every jump back goes to the loop's top.
 */
final class ControlFlowStructurer {
    private static final String LABEL_MARK = "\u0000label ";
    /** A tail no branch goes to: code after this point exists, so every jump is explicit. */
    private static final Block NO_TAIL = new Block(-1, 0, 0);
    private static final String WHILE_MARK = "\u0000while ";

    private final List<Block> rpo;
    private final Block[] idom;
    private final Map<Block, BitSet> loops = new LinkedHashMap<>();
    private final Map<Block, List<Block>> kids = new LinkedHashMap<>();
    private final Set<Block> merges = new HashSet<>();
    private final Set<Block> inScope = new HashSet<>();
    private final Deque<Object> breakables = new ArrayDeque<>();
    private final Set<String> usedLabels = new HashSet<>();
    private final CodeBuilder out = new CodeBuilder();
    /** Checked mode: the condition that the work-item has failed a check; null when unchecked. */
    private final String failed;
    /** Checked mode: the return statement that leaves a loop nothing follows. */
    private final Supplier<String> leaveByReturn;

    private record Loop(Block header, Block breakTarget) {}

    private record Switch() {}

    /** @param rpo the reachable blocks in reverse postorder, {@code rpo} fields set */
    ControlFlowStructurer(List<Block> rpo) {
        this(rpo, null, null);
    }

    /**
     * A structurer for checked mode.
     *
     * @param rpo the reachable blocks in reverse postorder, {@code rpo} fields set
     * @param failed the condition under which a work-item leaves its loops without convergent blocks
     * @param leaveByReturn the return statement that leaves such a loop where no code follows it
     */
    ControlFlowStructurer(List<Block> rpo, String failed, Supplier<String> leaveByReturn) {
        this.failed = failed;
        this.leaveByReturn = leaveByReturn;
        this.rpo = rpo;
        this.idom = dominators();
        for (Block b : rpo) {
            kids.put(b, new ArrayList<>());
        }
        for (Block b : rpo.subList(1, rpo.size())) {
            kids.get(idom[b.rpo]).add(b);
        }
        for (Block b : rpo) {
            int forward = 0;
            for (Block p : b.preds) {
                if (p.rpo >= 0 && !dominates(b, p)) {
                    forward++;
                } else if (p.rpo >= 0) {
                    loops.computeIfAbsent(b, k -> new BitSet()).set(b.rpo);
                    addLoopBody(b, p);
                }
            }
            if (forward > 1) {
                merges.add(b);
            }
        }
    }

    /** The structured statements, indented for a function body at the given depth. */
    String emit(int indent) {
        out.indent(indent);
        node(rpo.get(0), null);
        String text = out.toString().replaceAll("\\} else \\{\n[ ]*\\}\n", "}\n");
        StringBuilder result = new StringBuilder();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int loop = line.indexOf(WHILE_MARK);
            if (loop >= 0) {
                String ind = line.substring(0, loop);
                String[] parts = line.substring(loop + WHILE_MARK.length()).split("\u0000", 4);
                if (!parts[3].isEmpty() && !usedLabels.contains(parts[0])) {
                    signedCountedIncrement(lines, i, ind, parts[3]);
                }
                if (usedLabels.contains(parts[0])) {
                    result.append(ind).append("for (;;) {\n").append(ind).append("    ").append(parts[0]).append(":;\n")
                            .append(ind).append("    if (").append(parts[2]).append(") {\n")
                            .append(ind).append("        break;\n").append(ind).append("    }\n");
                } else {
                    String cond = parts[1];
                    // while (a) { if (b) { break; } ... } is while (a && !b) { ... }: the same tests in the same
                    // order, and one exit, which NVIDIA's compiler schedules better (docs/performance.md).
                    while (i + 3 < lines.length && lines[i + 1].startsWith(ind + "    if (")
                            && lines[i + 1].endsWith(") {") && lines[i + 2].equals(ind + "        break;")
                            && lines[i + 3].equals(ind + "    }")) {
                        String exit = lines[i + 1].substring(ind.length() + 8, lines[i + 1].length() - 3);
                        cond = conjunct(cond) + " && " + conjunct(negation(exit));
                        i += 3;
                    }
                    result.append(ind).append("while (").append(cond).append(") {\n");
                }
                continue;
            }
            int mark = line.indexOf(LABEL_MARK);
            if (mark >= 0) {
                String name = line.substring(mark + LABEL_MARK.length());
                if (!usedLabels.contains(name)) {
                    continue;
                }
                line = line.substring(0, mark) + name + ":;";
            }
            result.append(line).append('\n');
        }
        return result.toString().stripTrailing() + "\n";
    }

    /** {@code !(e)} without a double negation: {@code e}'s operand where {@code e} is {@code !(...)} as a whole. */
    static String negation(String e) {
        if (e.startsWith("!(") && e.endsWith(")") && closingParen(e, 1) == e.length() - 1) {
            return e.substring(2, e.length() - 1);
        }
        return "!(" + e + ")";
    }

    /** {@code e} as an operand of {@code &&}: parenthesized where it has an operator that binds more loosely. */
    static String conjunct(String e) {
        int depth = 0;
        for (int k = 0; k < e.length(); k++) {
            char c = e.charAt(k);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && (c == '?' || c == ',' || c == '|' && k + 1 < e.length() && e.charAt(k + 1) == '|'
                    || c == '=' && k > 0 && "=!<>".indexOf(e.charAt(k - 1)) < 0 && k + 1 < e.length()
                    && e.charAt(k + 1) != '=')) {
                return "(" + e + ")";
            }
        }
        return e;
    }

    /** The index of the parenthesis closing the one at {@code open} in {@code e}, or -1. */
    private static int closingParen(String e, int open) {
        int depth = 0;
        for (int k = open; k < e.length(); k++) {
            if (e.charAt(k) == '(') {
                depth++;
            } else if (e.charAt(k) == ')' && --depth == 0) {
                return k;
            }
        }
        return -1;
    }

    /**
     * In {@code while (v < e) { ...; v = (int)((uint)v + 1u); }} (an int comparison, the increment the last statement
     * of the body and the only write of {@code v} in it), emits the increment signed: {@code v = v + 1;}. Every
     * iteration passes the test {@code v < e <= INT_MAX} with {@code v} unchanged until the increment, so the sum
     * never wraps and both forms give Java's value. The signed form tells the compiler that {@code v} only grows,
     * which lets it keep a 64-bit induction variable for subscripts such as {@code k * n + col} (the wrapping increment
     * made a naive SGEMM slower on NVIDIA: docs/performance.md).
     */
    private static void signedCountedIncrement(String[] lines, int header, String ind, String v) {
        int close = header + 1;
        while (close < lines.length && !lines[close].equals(ind + "}")) {
            close++;
        }
        String wrapping = ind + "    " + v + " = (int)((uint)" + v + " + 1u);";
        if (close >= lines.length || close - 1 <= header || !lines[close - 1].equals(wrapping)) {
            return;
        }
        Pattern write = Pattern.compile("(?<![\\w.>])" + Pattern.quote(v)
                + "\\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)|(?:\\+\\+|--|&)\\s*" + Pattern.quote(v)
                + "(?!\\w)|(?<![\\w.>])" + Pattern.quote(v) + "\\s*(?:\\+\\+|--)");
        for (int j = header + 1; j < close - 1; j++) {
            if (write.matcher(lines[j]).find()) {
                return;
            }
        }
        lines[close - 1] = ind + "    " + v + " = " + v + " + 1;";
    }

    private void addLoopBody(Block header, Block latch) {
        BitSet body = loops.get(header);
        Deque<Block> work = new ArrayDeque<>();
        if (!body.get(latch.rpo)) {
            body.set(latch.rpo);
            work.push(latch);
        }
        while (!work.isEmpty()) {
            Block b = work.pop();
            for (Block p : b.preds) {
                if (p.rpo >= 0 && !body.get(p.rpo)) {
                    body.set(p.rpo);
                    work.push(p);
                }
            }
        }
    }

    private Block[] dominators() {
        Block[] dom = new Block[rpo.size()];
        dom[0] = rpo.get(0);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Block b : rpo.subList(1, rpo.size())) {
                Block d = null;
                for (Block p : b.preds) {
                    if (p.rpo < 0 || dom[p.rpo] == null) {
                        continue;
                    }
                    d = d == null ? p : intersect(dom, p, d);
                }
                if (dom[b.rpo] != d) {
                    dom[b.rpo] = d;
                    changed = true;
                }
            }
        }
        return dom;
    }

    private static Block intersect(Block[] dom, Block a, Block b) {
        while (a != b) {
            while (a.rpo > b.rpo) {
                a = dom[a.rpo];
            }
            while (b.rpo > a.rpo) {
                b = dom[b.rpo];
            }
        }
        return a;
    }

    private boolean dominates(Block a, Block b) {
        while (true) {
            if (a == b) {
                return true;
            }
            if (b.rpo == 0) {
                return false;
            }
            b = idom[b.rpo];
        }
    }

    private void node(Block x, Block tail) {
        BitSet loop = loops.get(x);
        List<Block> children = kids.get(x);
        if (loop == null) {
            List<Block> follows = children.stream().filter(merges::contains).toList();
            withFollows(follows, tail, t -> body(x, t));
            return;
        }
        List<Block> outer = children.stream().filter(k -> !loop.get(k.rpo)).toList();
        List<Block> inner = children.stream().filter(k -> loop.get(k.rpo) && merges.contains(k)).toList();
        withFollows(outer, tail, t -> {
            Block exit = x.kind == Block.Kind.IF && x.stmts.isEmpty() ? x.succs.get(0) : null;
            Block stay = exit == null ? null : x.succs.get(1);
            boolean negate = false;
            if (exit != null && exit != t && stay == t) {
                negate = true;
                Block swap = exit;
                exit = stay;
                stay = swap;
            }
            if (exit != null && exit == t && t != null && loop.get(stay.rpo) && !loop.get(exit.rpo) && inner.isEmpty()) {
                // while (stay condition): the header is only the test.
                String cond = negate ? x.condition.text() : x.condition.negated();
                String neg = negate ? x.condition.negated() : x.condition.text();
                String below = negate ? x.condition.belowWhenTrue() : x.condition.belowWhenFalse();
                out.line(WHILE_MARK + "C" + x.id + "\u0000" + cond + "\u0000" + neg + "\u0000"
                        + (below == null ? "" : below));
                out.indent(1);
                leaveIfFailed(x, loop, t);
                breakables.push(new Loop(x, t));
                branch(x, stay, x);
                breakables.pop();
                out.close();
                return;
            }
            out.open("for (;;)");
            out.line(LABEL_MARK + "C" + x.id);
            leaveIfFailed(x, loop, t);
            breakables.push(new Loop(x, t));
            withFollows(inner, x, t2 -> body(x, t2));
            breakables.pop();
            out.close();
        });
    }

    /**
     * Checked mode: the test at the top of loop {@code header} (body {@code loop}, followed by {@code after}) that a
     * failing work-item leaves it by, unless code inside the loop is convergent.
     */
    private void leaveIfFailed(Block header, BitSet loop, Block after) {
        if (failed == null || header.convergent) {
            return;
        }
        for (Block k : kids.get(header)) {
            // The header's children outside the loop are placed after it; every other block it dominates, inside.
            if (loop.get(k.rpo) && convergentBelow(k)) {
                return;
            }
        }
        out.open("if (" + failed + ")");
        out.line(after == null ? leaveByReturn.get() : "break;");
        out.close();
    }

    /** Whether {@code b} or a block it dominates is convergent. */
    private boolean convergentBelow(Block b) {
        if (b.convergent) {
            return true;
        }
        for (Block k : kids.get(b)) {
            if (convergentBelow(k)) {
                return true;
            }
        }
        return false;
    }

    /** Emits {@code body} with the follows (sorted by reverse postorder) placed after it. */
    private void withFollows(List<Block> follows, Block tail, Consumer<Block> body) {
        List<Block> ys = new ArrayList<>(follows);
        ys.sort(Comparator.comparingInt((Block b) -> b.rpo).reversed());
        inScope.addAll(ys);
        nest(ys, 0, tail, body);
    }

    private void nest(List<Block> ys, int i, Block tail, Consumer<Block> body) {
        if (i == ys.size()) {
            body.accept(tail);
            return;
        }
        Block y = ys.get(i);
        nest(ys, i + 1, y, body);
        inScope.remove(y);
        out.line(LABEL_MARK + "L" + y.id);
        node(y, tail);
    }

    private void body(Block x, Block tail) {
        for (String s : x.stmts) {
            out.line(s);
        }
        switch (x.kind) {
            case RETURN -> {
                if (x.returned != null) {
                    out.line("return " + x.returned.text() + ";");
                } else if (tail != null || !breakables.isEmpty()) {
                    out.line("return;");
                }
            }
            case GOTO -> branch(x, x.succs.get(0), tail);
            case IF -> {
                Block taken = x.succs.get(0);
                Block fall = x.succs.size() > 1 ? x.succs.get(1) : taken;
                if (taken == fall) {
                    branch(x, taken, tail);
                } else if (fall == tail) {
                    out.open("if (" + x.condition.text() + ")");
                    branch(x, taken, tail);
                    out.close();
                } else if (taken == tail) {
                    out.open("if (" + x.condition.negated() + ")");
                    branch(x, fall, tail);
                    out.close();
                } else if (isJump(x, taken)) {
                    out.open("if (" + x.condition.text() + ")");
                    branch(x, taken, NO_TAIL);
                    out.close();
                    branch(x, fall, tail);
                } else if (isJump(x, fall)) {
                    out.open("if (" + x.condition.negated() + ")");
                    branch(x, fall, NO_TAIL);
                    out.close();
                    branch(x, taken, tail);
                } else {
                    out.open("if (" + x.condition.text() + ")");
                    branch(x, taken, tail);
                    out.reopen("} else {");
                    branch(x, fall, tail);
                    out.close();
                }
            }
            case SWITCH -> {
                out.open("switch (" + x.selector.text() + ")");
                breakables.push(new Switch());
                Map<Block, List<String>> cases = new LinkedHashMap<>();
                for (int i = 0; i < x.keys.length; i++) {
                    cases.computeIfAbsent(x.keyTargets[i], k -> new ArrayList<>()).add("case " + x.keys[i] + ":");
                }
                cases.computeIfAbsent(x.defaultTarget, k -> new ArrayList<>()).add("default:");
                for (Map.Entry<Block, List<String>> c : cases.entrySet()) {
                    for (int i = 0; i < c.getValue().size() - 1; i++) {
                        out.line(c.getValue().get(i));
                    }
                    out.open(c.getValue().getLast());
                    branch(x, c.getKey(), tail);
                    out.line("break;");
                    out.close();
                }
                breakables.pop();
                out.close();
            }
        }
    }

    private void branch(Block src, Block target, Block tail) {
        if (target == tail) {
            return;
        }
        if (loops.containsKey(target) && dominates(target, src)) {
            Loop inner = innermostLoop();
            if (inner != null && inner.header == target) {
                out.line("continue;");
            } else {
                usedLabels.add("C" + target.id);
                out.line("goto C" + target.id + ";");
            }
            return;
        }
        if (inScope.contains(target)) {
            if (!breakables.isEmpty() && breakables.peek() instanceof Loop l && l.breakTarget == target) {
                out.line("break;");
            } else {
                usedLabels.add("L" + target.id);
                out.line("goto L" + target.id + ";");
            }
            return;
        }
        node(target, tail);
    }

    /** Whether a branch to the target is a jump (continue, break, goto), not inlined code. */
    private boolean isJump(Block src, Block target) {
        if ((loops.containsKey(target) && dominates(target, src)) || inScope.contains(target)) {
            return true;
        }
        // A block that is only a jump (javac's 'break label;', 'continue label;').
        return target.stmts.isEmpty() && target.kind == Block.Kind.GOTO && !loops.containsKey(target)
                && !merges.contains(target) && target.succs.get(0) != target && isJump(target, target.succs.get(0));
    }

    private Loop innermostLoop() {
        for (Object o : breakables) {
            if (o instanceof Loop l) {
                return l;
            }
        }
        return null;
    }
}
