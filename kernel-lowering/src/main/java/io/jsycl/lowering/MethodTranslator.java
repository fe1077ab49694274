package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.ADD;
import static io.jsycl.lowering.Expr.BAND;
import static io.jsycl.lowering.Expr.BOR;
import static io.jsycl.lowering.Expr.EQ;
import static io.jsycl.lowering.Expr.MUL;
import static io.jsycl.lowering.Expr.PRIMARY;
import static io.jsycl.lowering.Expr.REL;
import static io.jsycl.lowering.Expr.SHIFT;
import static io.jsycl.lowering.Expr.UNARY;
import static io.jsycl.lowering.Expr.XOR;
import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Translates one method's bytecode: splits it into basic blocks ({@link BasicBlocks}), then interprets each block
 * symbolically (in reverse postorder) with an operand stack of {@link Expr}s, producing C statements and a terminator
 * per block; {@link ControlFlowStructurer} then nests them. The C names are {@link LocalNames}'.
 *
 * <p>One piece (about 950 lines) because it is one big instruction switch plus the state that switch shares; the
 * built-in names it uses live in {@link Builtins}.
 */
final class MethodTranslator {
    /** A method parameter: a primitive bound to a C variable, or a reference bound to an expr. */
    record Param(int slot, char kind, String name, Expr ref) {}

    private final KernelContext ctx;
    private final ClassNode cls;
    private final MethodNode method;
    private final AbstractInsnNode[] insns;
    private final Map<Integer, Expr> refParams = new HashMap<>();
    private final Map<Integer, Expr> refLocals = new HashMap<>();
    private final Map<Integer, Character> boxedLocals = new HashMap<>();
    /** Locals holding records of primitives: slot to the struct variable. */
    private final Map<Integer, Expr> recordLocals = new HashMap<>();
    /** Locals holding private arrays: slot to the local variable entry (null when unknown) of its binding. */
    private final Map<Integer, LocalVariableNode> privateArrayScopes = new HashMap<>();
    private final LocalNames names;
    /** Whether the method writes memory or calls something that may (so calls to it are effects). */
    boolean hasEffects;
    private int line = -1;
    /** Index of the instruction being interpreted. */
    private int at;
    private Block current;
    private final List<Expr> stack = new ArrayList<>();

    MethodTranslator(KernelContext ctx, ClassNode cls, MethodNode method, List<Param> params) {
        this.ctx = ctx;
        this.cls = cls;
        this.method = method;
        this.insns = method.instructions.toArray();
        this.names = new LocalNames(method);
        for (Param p : params) {
            if (p.ref != null) {
                refParams.put(p.slot, p.ref);
            }
            names.parameter(p.slot, p.ref != null ? 0 : p.kind, p.name);
        }
    }

    /** The locals and temporaries to declare at the top of the function: name to C type. */
    Map<String, String> declarations() {
        return names.declarations();
    }

    /** Translates the method and returns its structured body. */
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
            if (b.entryStack == null) {
                b.entryStack = List.of();
            }
            interpret(b);
        }
        return new ControlFlowStructurer(rpo).emit(indent);
    }

    private int firstLine() {
        for (AbstractInsnNode n : insns) {
            if (n instanceof LineNumberNode l) {
                return l.line;
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------- interpretation

    private void interpret(Block b) {
        current = b;
        stack.clear();
        stack.addAll(b.entryStack);
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
            instruction(b, n);
        }
        if (b.kind == Block.Kind.GOTO && b.succs.size() == 1) {
            passStack(b);
        }
    }

    /** Hands the operand stack to the successors through their entry temporaries. */
    private void passStack(Block b) {
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
                    if (isRef(e) || e.kind == 'N') {
                        entry.add(e);
                    } else {
                        entry.add(stableLike(value(e), temp(value(e))));
                    }
                }
                s.entryStack = entry;
            }
            for (int i = 0; i < stack.size(); i++) {
                Expr target = s.entryStack.get(i);
                Expr value = value(stack.get(i));
                if (isRef(target) || target.kind == 'N') {
                    if (value.accessor != target.accessor || value.kind != target.kind || !value.text.equals(target.text)) {
                        throw ctx.error(cls, line, "choosing an accessor with a condition",
                                "is not supported; branch around the accesses instead");
                    }
                } else if (!target.text.equals(value.text)) {
                    b.stmts.add(target.text + " = " + value.text + ";");
                }
            }
        }
    }

    /**
     * References (accessors and other captured objects, the item, the reducer, fences, private arrays): never in
     * temporaries.
     */
    static boolean isRef(Expr e) {
        return e.kind == 'A' || e.kind == 'T' || e.kind == 'Q' || e.kind == 'K' || e.kind == 'S' || e.kind == 'P';
    }

    private static char valueKind(Expr e) {
        return e.kind == 'C' ? 'I' : e.kind;
    }

    /** A temporary for {@code v}'s value (a struct for a record value). */
    private String temp(Expr v) {
        return names.temporary(v.kind == 'R' ? v.recordType.cType() : Expr.cType(v.kind));
    }

    /** A stable expression of {@code v}'s kind (and record type) naming {@code name}. */
    private static Expr stableLike(Expr v, String name) {
        return v.kind == 'R' ? Expr.record(v.recordType, name, true) : Expr.stable(v.kind, name);
    }

    private Expr pop() {
        return stack.removeLast();
    }

    private void push(Expr e) {
        if (e.kind == 'D') {
            ctx.usesFp64 = true;
        }
        stack.add(e);
    }

    /** Emits a statement, first saving every pending stack value it might change. */
    private void statement(String s) {
        for (int i = 0; i < stack.size(); i++) {
            Expr e = stack.get(i);
            if (!e.stable) {
                Expr v = value(e);
                String t = temp(v);
                current.stmts.add(t + " = " + v.text + ";");
                stack.set(i, stableLike(v, t));
            }
        }
        current.stmts.add(s);
    }

    /** Materializes a pending comparison as an int (-1, 0, 1). */
    private Expr value(Expr e) {
        if (e.kind != 'C') {
            return e;
        }
        String a = e.left.at(REL), b = e.right.at(REL);
        String nan = e.left.kind == 'J' ? "0" : Integer.toString(e.nanResult);
        return Expr.of('I', "(" + a + " < " + b + " ? -1 : " + a + " > " + b + " ? 1 : " + a + " == " + b
                + " ? 0 : " + nan + ")", PRIMARY);
    }

    private void instruction(Block b, AbstractInsnNode n) {
        int op = n.getOpcode();
        switch (op) {
            case NOP -> { }
            case ICONST_M1, ICONST_0, ICONST_1, ICONST_2, ICONST_3, ICONST_4, ICONST_5 -> push(Expr.intConstant(op - ICONST_0));
            case LCONST_0, LCONST_1 -> push(Expr.longConstant(op - LCONST_0));
            case FCONST_0, FCONST_1, FCONST_2 -> push(Expr.floatConstant(op - FCONST_0));
            case DCONST_0, DCONST_1 -> push(Expr.doubleConstant(op - DCONST_0));
            case BIPUSH, SIPUSH -> push(Expr.intConstant(((IntInsnNode) n).operand));
            case LDC -> ldc(((LdcInsnNode) n).cst);
            case ILOAD, LLOAD, FLOAD, DLOAD -> push(Expr.of(kindOfLoad(op), names.variable(((VarInsnNode) n).var, kindOfLoad(op)), PRIMARY));
            case ALOAD -> aload(((VarInsnNode) n).var);
            case ISTORE, LSTORE, FSTORE, DSTORE -> store(((VarInsnNode) n).var, kindOfLoad(op - (ISTORE - ILOAD)), pop());
            case ASTORE -> astore(((VarInsnNode) n).var, pop());
            case IINC -> {
                IincInsnNode inc = (IincInsnNode) n;
                String v = names.variable(inc.var, 'I');
                statement(v + " = " + Arithmetic.add('I', Expr.of('I', v, PRIMARY), Expr.intConstant(inc.incr)).text + ";");
            }
            case POP -> {
                Expr e = pop();
                if (e.effect) {
                    statement(e.text + ";");
                }
            }
            case POP2 -> {
                Expr e = pop();
                if (e.effect) {
                    statement(e.text + ";");
                }
                if (!e.wide()) {
                    Expr f = pop();
                    if (f.effect) {
                        statement(f.text + ";");
                    }
                }
            }
            case DUP -> {
                Expr e = stableTop(0);
                push(e);
            }
            case DUP_X1 -> {
                Expr a = stableTop(0);
                pop();
                Expr b2 = pop();
                push(a);
                push(b2);
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
            case DUP2 -> {
                List<Expr> top = stableWords(2);
                top.forEach(this::push);
            }
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
            case IADD, LADD, FADD, DADD -> binary(op, "+");
            case ISUB, LSUB, FSUB, DSUB -> binary(op, "-");
            case IMUL, LMUL, FMUL, DMUL -> binary(op, "*");
            case IDIV, LDIV, FDIV, DDIV -> binary(op, "/");
            case IREM, LREM, FREM, DREM -> binary(op, "%");
            case INEG, LNEG, FNEG, DNEG -> push(Arithmetic.negate(pop()));
            case ISHL, LSHL, ISHR, LSHR, IUSHR, LUSHR -> {
                Expr count = pop();
                Expr value = pop();
                push(Arithmetic.shift(op, value, count));
            }
            case IAND, LAND -> bitwise("&", BAND);
            case IOR, LOR -> bitwise("|", BOR);
            case IXOR, LXOR -> bitwise("^", XOR);
            case I2L, I2F, I2D, L2I, L2F, L2D, F2I, F2L, F2D, D2I, D2L, D2F, I2B, I2C, I2S -> push(Arithmetic.convert(ctx, op, pop()));
            case LCMP, FCMPL, DCMPL -> {
                Expr r = pop();
                push(Expr.compare(pop(), r, -1));
            }
            case FCMPG, DCMPG -> {
                Expr r = pop();
                push(Expr.compare(pop(), r, 1));
            }
            case IFEQ, IFNE, IFLT, IFGE, IFGT, IFLE -> {
                Expr v = pop();
                Expr cond = v.kind == 'C'
                        ? Arithmetic.compare(op - IFEQ, v.left, v.right, v.left.kind != 'J', v.nanResult)
                        : Arithmetic.compare(op - IFEQ, v, Expr.intConstant(0), false, 0);
                branch(b, (JumpInsnNode) n, cond);
            }
            case IF_ICMPEQ, IF_ICMPNE, IF_ICMPLT, IF_ICMPGE, IF_ICMPGT, IF_ICMPLE -> {
                Expr r = pop();
                Expr l = pop();
                Expr cond = Arithmetic.compare(op - IF_ICMPEQ, l, r, false, 0);
                if (names.isVariable(l.text)) { // the local variable itself, as loaded for the comparison
                    if (op == IF_ICMPLT) {
                        cond.belowWhenTrue = l.text;
                    } else if (op == IF_ICMPGE) {
                        cond.belowWhenFalse = l.text;
                    }
                }
                branch(b, (JumpInsnNode) n, cond);
            }
            case GOTO -> {
                b.kind = Block.Kind.GOTO;
            }
            case TABLESWITCH -> {
                TableSwitchInsnNode t = (TableSwitchInsnNode) n;
                int[] keys = new int[t.labels.size()];
                for (int k = 0; k < keys.length; k++) {
                    keys[k] = t.min + k;
                }
                switchOn(b, keys, t.labels, t.dflt);
            }
            case LOOKUPSWITCH -> {
                LookupSwitchInsnNode t = (LookupSwitchInsnNode) n;
                switchOn(b, t.keys.stream().mapToInt(Integer::intValue).toArray(), t.labels, t.dflt);
            }
            case IRETURN, LRETURN, FRETURN, DRETURN -> {
                b.kind = Block.Kind.RETURN;
                b.returned = value(pop());
            }
            case ARETURN -> {
                Expr v = pop();
                if (v.kind == 'P') {
                    throw reject("returning a private array", "is not supported; private arrays live only in the method that"
                            + " creates them, return a primitive or a record of primitives instead");
                }
                if (isRef(v)) {
                    throw reject("returning an accessor, a captured object or the item", "is not supported; pass it as an argument instead");
                }
                b.kind = Block.Kind.RETURN;
                b.returned = v;
            }
            case RETURN -> b.kind = Block.Kind.RETURN;
            case GETSTATIC -> getStatic((FieldInsnNode) n);
            case PUTSTATIC -> throw reject("writing static field " + simple(((FieldInsnNode) n).owner) + "." + ((FieldInsnNode) n).name,
                    "is not possible on a device; write to an accessor instead");
            case GETFIELD -> recordField((FieldInsnNode) n);
            case PUTFIELD -> throw reject("field access " + simple(((FieldInsnNode) n).owner) + "." + ((FieldInsnNode) n).name,
                    "is not supported in kernels; capture the field's value in a local variable before the kernel");
            case INVOKESTATIC, INVOKEVIRTUAL, INVOKEINTERFACE, INVOKESPECIAL -> invoke((MethodInsnNode) n);
            case INVOKEDYNAMIC -> {
                InvokeDynamicInsnNode d = (InvokeDynamicInsnNode) n;
                if (d.bsm.getOwner().equals("java/lang/invoke/StringConcatFactory")) {
                    throw reject("string concatenation", "is not supported in kernels; strings do not exist on a device");
                }
                throw reject("a lambda or method reference", "is not supported inside a kernel; call a static method instead");
            }
            case NEW -> newObject((TypeInsnNode) n);
            case NEWARRAY -> newPrivateArray((IntInsnNode) n);
            case ANEWARRAY -> throw reject(newArray(n),
                    "allocates an array of references, which kernels cannot do; use arrays of primitives of constant length");
            case MULTIANEWARRAY -> throw reject(newArray(n), "allocates a multi-dimensional array, which kernels cannot do;"
                    + " use one array of constant length indexed i * columns + j");
            case ATHROW -> throw reject("'throw'", "is not supported in kernels; kernels cannot raise exceptions, write an error flag to an accessor instead");
            case MONITORENTER, MONITOREXIT -> throw reject("'synchronized'", "is not supported in kernels; use atomics or barriers instead");
            case ACONST_NULL -> throw reject("'null'", "is not supported in kernels; use primitives and accessors");
            case CHECKCAST -> checkcast((TypeInsnNode) n);
            case INSTANCEOF -> throw reject("a type test or cast to " + simple(((TypeInsnNode) n).desc),
                    "is not supported in kernels; use primitives and accessors");
            case ARRAYLENGTH -> {
                Expr array = pop();
                if (array.kind == 'P') {
                    push(Expr.intConstant(array.constant.intValue()));
                    return;
                }
                AccessorRef a = capturedArray(array);
                push(Expr.of('I', a.member() + "length", PRIMARY));
            }
            case IALOAD, LALOAD, FALOAD, DALOAD, BALOAD, CALOAD, SALOAD -> {
                Expr index = value(pop());
                if (stack.getLast().kind == 'P') {
                    push(privateLoad(pop(), index));
                    return;
                }
                AccessorRef a = capturedArray(pop());
                if (ctx.checked) {
                    statement(Checks.bounds(ctx, index, a.member() + "length", line, failReturn()));
                }
                char k = switch (op) {
                    case LALOAD -> 'J';
                    case FALOAD -> 'F';
                    case DALOAD -> 'D';
                    default -> 'I';
                };
                push(Expr.of(k, a.member() + "data[" + Arithmetic.subscript(ctx, index).text + "]", PRIMARY));
            }
            case AALOAD -> throw reject("an array of references", "is not supported in kernels; use arrays of primitives");
            case IASTORE, LASTORE, FASTORE, DASTORE, BASTORE, CASTORE, SASTORE -> {
                Expr v = value(pop());
                Expr index = value(pop());
                Expr array = pop();
                if (array.kind != 'P') {
                    throw reject("a store into an array", "is not supported: captured arrays are read-only in kernels; use a Buffer");
                }
                privateStore(array, index, v);
            }
            case AASTORE -> throw reject("a store into an array", "is not supported: captured arrays are read-only in kernels; use a Buffer");
            case IFNULL, IFNONNULL, IF_ACMPEQ, IF_ACMPNE -> throw reject("comparison of references",
                    "is not supported in kernels; compare primitive values instead");
            default -> throw reject("bytecode " + op, "is not supported in kernels");
        }
    }

    private LoweringException reject(String construct, String advice) {
        return ctx.error(cls, line, construct, advice);
    }

    private static String simple(String internalName) {
        String s = internalName.substring(internalName.lastIndexOf('/') + 1);
        return s.replace('$', '.');
    }

    private String newArray(AbstractInsnNode n) {
        String type = switch (n) {
            case IntInsnNode i -> switch (i.operand) {
                case T_BOOLEAN -> "boolean";
                case T_BYTE -> "byte";
                case T_CHAR -> "char";
                case T_SHORT -> "short";
                case T_INT -> "int";
                case T_LONG -> "long";
                case T_FLOAT -> "float";
                default -> "double";
            };
            case TypeInsnNode t -> simple(t.desc);
            case MultiANewArrayInsnNode m -> {
                Type t = Type.getType(m.desc);
                yield "'new " + t.getElementType().getClassName() + "[]".repeat(t.getDimensions()) + "'";
            }
            default -> "array";
        };
        if (n instanceof MultiANewArrayInsnNode) {
            return type;
        }
        Expr size = stack.isEmpty() ? null : stack.getLast();
        return "'new " + type + "[" + (size != null && size.constant != null ? size.constant : "") + "]'";
    }

    private static char kindOfLoad(int op) {
        return switch (op) {
            case ILOAD -> 'I';
            case LLOAD -> 'J';
            case FLOAD -> 'F';
            default -> 'D';
        };
    }

    private void ldc(Object c) {
        switch (c) {
            case Integer i -> push(Expr.intConstant(i));
            case Long l -> push(Expr.longConstant(l));
            case Float f -> push(Expr.floatConstant(f));
            case Double d -> push(Expr.doubleConstant(d));
            case String s -> throw reject("the string \"" + s + "\"", "is not supported in kernels; strings do not exist on a device");
            default -> throw reject("the constant " + c, "is not supported in kernels");
        }
    }

    private void aload(int slot) {
        Expr rec = recordLocals.get(slot);
        if (rec != null) {
            push(rec);
            return;
        }
        Expr ref = refLocals.containsKey(slot) ? refLocals.get(slot) : refParams.get(slot);
        if (ref != null) {
            push(ref);
            return;
        }
        Character boxed = boxedLocals.get(slot);
        if (boxed != null) {
            push(Expr.of(boxed, names.variable(slot, boxed), PRIMARY));
            return;
        }
        throw reject("a reference local variable", "is not supported in kernels; use primitives and accessors");
    }

    private void astore(int slot, Expr v) {
        if (v.kind == 'N') {
            throw reject("storing a record before its constructor ran", "is not supported in kernels");
        }
        if (v.kind == 'R') {
            String name = names.recordVariable(slot, v.recordType);
            Expr local = Expr.record(v.recordType, name, true);
            recordLocals.put(slot, local);
            refLocals.remove(slot);
            boxedLocals.remove(slot);
            if (!v.text.equals(name)) {
                statement(name + " = " + v.text + ";");
            }
            return;
        }
        recordLocals.remove(slot);
        if (v.kind == 'P') {
            bindPrivateArray(slot, v);
            return;
        }
        privateArrayScopes.remove(slot);
        if (isRef(v)) {
            Expr old = refLocals.get(slot);
            if (old != null && old.accessor != v.accessor) {
                throw reject("assigning different accessors to one variable", "is not supported; use one variable per accessor");
            }
            refLocals.put(slot, v);
            return;
        }
        refLocals.remove(slot);
        boxedLocals.put(slot, valueKind(v));
        store(slot, valueKind(v), v);
    }

    private void store(int slot, char kind, Expr v) {
        String name = names.variable(slot, kind);
        v = value(v);
        if (v.text.equals(name)) {
            return;
        }
        statement(name + " = " + v.text + ";");
    }

    /** The top value, moved into a temporary first unless it is cheap to repeat. */
    private Expr stableTop(int depth) {
        int i = stack.size() - 1 - depth;
        Expr e = stack.get(i);
        if (e.stable || isRef(e)) {
            return e;
        }
        Expr v = value(e);
        String t = temp(v);
        current.stmts.add(t + " = " + v.text + ";");
        Expr s = stableLike(v, t);
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
            w += e.wide() ? 2 : 1;
        }
        return out;
    }

    private List<Expr> popWords(int words) {
        List<Expr> out = new ArrayList<>();
        int w = 0;
        while (w < words) {
            Expr e = pop();
            out.addFirst(e);
            w += e.wide() ? 2 : 1;
        }
        return out;
    }

    private void binary(int op, String symbol) {
        Expr r = value(pop());
        Expr l = value(pop());
        if (ctx.checked && (symbol.equals("/") || symbol.equals("%")) && (l.kind == 'I' || l.kind == 'J')
                && (r.constant == null || r.constant == 0)) {
            statement(Checks.divisor(ctx, r, line, failReturn()));
        }
        Expr result = switch (symbol) {
            case "+" -> Arithmetic.add(l.kind, l, r);
            case "-" -> Arithmetic.sub(l.kind, l, r);
            case "*" -> Arithmetic.mul(l.kind, l, r);
            case "/" -> Arithmetic.div(ctx, l, r);
            default -> Arithmetic.rem(ctx, l, r);
        };
        push(result);
    }

    private void bitwise(String symbol, int prec) {
        Expr r = value(pop());
        Expr l = value(pop());
        push(Expr.of(l.kind, l.at(prec) + " " + symbol + " " + r.at(prec + 1), prec));
    }

    private void branch(Block b, JumpInsnNode j, Expr cond) {
        b.kind = Block.Kind.IF;
        b.condition = cond;
        Block taken = BasicBlocks.successorAt(method.instructions, b, j.label);
        if (b.succs.getFirst() != taken) {
            b.succs.remove(taken);
            b.succs.addFirst(taken);
        }
        passStack(b);
    }

    private void switchOn(Block b, int[] keys, List<LabelNode> labels, LabelNode dflt) {
        Expr sel = value(pop());
        b.kind = Block.Kind.SWITCH;
        b.selector = sel;
        b.keys = keys;
        b.keyTargets = new Block[keys.length];
        for (int k = 0; k < keys.length; k++) {
            b.keyTargets[k] = BasicBlocks.successorAt(method.instructions, b, labels.get(k));
        }
        b.defaultTarget = BasicBlocks.successorAt(method.instructions, b, dflt);
        passStack(b);
    }

    private void getStatic(FieldInsnNode f) {
        LoweredApi.Role role = LoweredApi.role(f.owner, f.name, f.desc);
        if (role == LoweredApi.Role.FENCE) {
            push(Expr.stable('K', f.name.equals("LOCAL") ? "CLK_LOCAL_MEM_FENCE" : "CLK_GLOBAL_MEM_FENCE"));
            return;
        }
        if (role == LoweredApi.Role.GROUP_OP) {
            push(Expr.stable('K', Builtins.GROUP_OP_PREFIX + f.name));
            return;
        }
        if (f.desc.equals("L" + LoweredApi.SPEC_CONSTANT + ";")) {
            push(SpecConstants.field(ctx, this::reject, f));
            return;
        }
        ClassNode owner = ctx.classNode(f.owner);
        if (owner != null) {
            for (FieldNode field : owner.fields) {
                if (field.name.equals(f.name) && (field.access & ACC_STATIC) != 0 && (field.access & ACC_FINAL) != 0
                        && field.value != null) {
                    ldc(field.desc.equals("Z") || field.desc.equals("B") || field.desc.equals("C") || field.desc.equals("S")
                            ? (Object) ((Number) field.value).intValue() : field.value);
                    return;
                }
            }
        }
        throw reject("field access " + simple(f.owner) + "." + f.name,
                "is not supported in kernels; only static final primitive constants can be read, capture the value in a local variable instead");
    }

    private void invoke(MethodInsnNode m) {
        Type[] argTypes = Type.getArgumentTypes(m.desc);
        List<Expr> args = new ArrayList<>();
        for (int i = argTypes.length - 1; i >= 0; i--) {
            args.addFirst(value(pop()));
        }
        Expr receiver = m.getOpcode() == INVOKESTATIC ? null : pop();
        if (receiver != null && receiver.kind == 'P' || args.stream().anyMatch(a -> a.kind == 'P')) {
            throw reject("passing a private array to " + simple(m.owner) + "." + m.name, "is not supported; private arrays"
                    + " live only in the method that creates them, index them there (or pass the elements you need)");
        }
        if (receiver != null && receiver.kind == 'S') {
            if (LoweredApi.role(m.owner, m.name, m.desc) != LoweredApi.Role.SPEC_CONSTANT) {
                throw reject("call to SpecConstant." + m.name, "is not supported in kernels; read the value with get()");
            }
            push(receiver.left);
            return;
        }
        if (receiver != null && receiver.kind == 'N') {
            construct(receiver, m, args);
            return;
        }
        if (receiver != null && receiver.kind == 'R') {
            Expr component = recordValueComponent(receiver, m);
            if (component != null) {
                push(component);
                return;
            }
            VectorType vector = VectorType.of(receiver.recordType.internalName());
            if (vector != null && LoweredApi.role(m.owner, m.name, m.desc) == LoweredApi.Role.VECTOR_LANE) {
                if (ctx.checked && args.get(0).constant == null) {
                    statement(Checks.bounds(ctx, args.get(0), Integer.toString(vector.width()), line, failReturn()));
                }
                push(VectorAccess.lane(ctx, this::reject, vector, receiver, args.get(0)));
                return;
            }
            // Another method of the record: a device function with the record value as its first parameter.
            callResult(DeviceFunctions.call(ctx, this::reject, m, receiver, args), true);
            return;
        }
        if (receiver != null && receiver.accessor != null && receiver.accessor.capture() instanceof Capture.Record rec
                && m.owner.equals(rec.internalName())) {
            push(recordComponent(rec, receiver.accessor, m));
            return;
        }
        if (ctx.checked && receiver != null && receiver.accessor != null) {
            checkIndexes(m, receiver.accessor, args);
        }
        Expr result = Builtins.call(ctx, this::reject, m, receiver, args);
        boolean device = false;
        // The vector records' methods are plain Java over a record, lowered like the user's own.
        if (result == null && m.getOpcode() == INVOKESTATIC && !m.owner.startsWith("java/")
                && (!LoweredApi.isApiClass(m.owner) || VectorType.of(m.owner) != null)) {
            result = DeviceFunctions.call(ctx, this::reject, m, args);
            device = true;
        }
        if (result == null) {
            String who = simple(m.owner) + "." + m.name;
            if (m.getOpcode() == INVOKESTATIC) {
                throw reject("call to " + who, "has no device equivalent; use java.lang.Math, primitives and static methods of your own classes");
            }
            if (m.getOpcode() == INVOKESPECIAL) {
                throw reject("call to constructor or private method " + who, "is not supported in kernels; use static methods");
            }
            throw reject("call to instance method " + who + " on an unknown type",
                    "is not supported in kernels; use static methods, primitives and accessors");
        }
        callResult(result, device);
    }

    /**
     * A call's result: a statement where it is void, a temporary where it has effects (so it runs once, here), else
     * the expression itself on the stack; after a device function in checked mode, leave if it failed.
     */
    private void callResult(Expr result, boolean device) {
        if (result.kind == 'V' || result.effect) {
            hasEffects = true;
        }
        if (result.kind == 'V') {
            statement(result.text + ";");
        } else if (result.effect) {
            String t = temp(result);
            statement(t + " = " + result.text + ";");
            push(stableLike(result, t));
        } else {
            push(result);
        }
        if (device && ctx.checked) {
            current.stmts.add(Checks.propagate(failReturn()));
        }
    }

    /** In checked mode, how this function leaves after a failure. */
    private String failReturn() {
        Type ret = Type.getReturnType(method.desc);
        if (ret.getSort() == Type.OBJECT) {
            RecordType t = RecordType.ofClass(ctx, ret.getInternalName());
            if (t != null) {
                return "{ " + t.cType() + " jsycl_zero = {0}; return jsycl_zero; }";
            }
        }
        return ret.getSort() == Type.VOID ? "return;" : "return 0;";
    }

    /** Checked mode: each index of an accessor or local accessor access against its range. */
    private void checkIndexes(MethodInsnNode m, AccessorRef ref, List<Expr> args) {
        int dims;
        if (ref.capture() instanceof Capture.Accessor a) {
            dims = a.dimensions();
        } else if (ref.capture() instanceof Capture.RecordAccessor a) {
            dims = a.dimensions();
        } else if (ref.capture() instanceof Capture.Local l) {
            dims = l.dimensions();
        } else {
            return;
        }
        int width = VectorAccess.width(m.name);
        if (width > 0) {
            // A wide access is in bounds when its vector index is below the number of whole vectors in the range.
            if (dims == 1 && args.get(0).kind == 'I') {
                statement(Checks.bounds(ctx, args.get(0), "(" + CaptureLayout.field(ctx, ref, "range", 0) + " / " + width + ")",
                        line, failReturn()));
            }
            return;
        }
        int indexes = switch (m.name) {
            case "get" -> args.size();
            case "set" -> args.size() - 1;
            case "atomicAdd", "atomicMin", "atomicMax", "atomicExchange", "atomicCompareExchange" -> 1;
            default -> 0;
        };
        if (indexes != dims && !m.name.startsWith("atomic")) {
            return;
        }
        for (int d = 0; d < indexes && d < args.size(); d++) {
            if (args.get(d).kind == 'I') {
                statement(Checks.bounds(ctx, args.get(d), CaptureLayout.field(ctx, ref, "range", d), line,
                        failReturn()));
            }
        }
    }

    /** {@code rec.x()} on a captured record: a field read, or a reference to a nested captured object. */
    private Expr recordComponent(Capture.Record rec, AccessorRef ref, MethodInsnNode m) {
        List<String> javaNames = CaptureLayout.javaComponentNames(ctx, rec.internalName());
        int index = javaNames == null || !m.desc.startsWith("()") ? -1 : javaNames.indexOf(m.name);
        if (index < 0 || index >= rec.components().size()) {
            throw reject("call to " + simple(rec.internalName()) + "." + m.name,
                    "is not supported in kernels; only the record's component accessors can be called on a captured record");
        }
        String field = ref.member() + CaptureLayout.componentNames(ctx, rec).get(index);
        return switch (rec.components().get(index)) {
            case Capture.Scalar s -> Expr.of(KernelLowerer.kind(s.type()), field, PRIMARY);
            case Capture c -> Expr.accessor(new AccessorRef(c, "&" + field, field + "."));
        };
    }

    /** {@code r.x()} on a record value: the struct's field (one load when the value is an accessor element). */
    private Expr recordValueComponent(Expr r, MethodInsnNode m) {
        RecordType t = r.recordType;
        int index = -1;
        List<String> javaNames = CaptureLayout.javaComponentNames(ctx, t.internalName());
        if (m.owner.equals(t.internalName()) && javaNames != null && m.getOpcode() != INVOKESTATIC) {
            int at = javaNames.indexOf(m.name);
            if (at >= 0 && m.desc.equals("()" + t.fields().get(at).descriptor())) {
                index = at;
            }
        }
        if (index < 0) {
            return null;
        }
        return Expr.of(KernelLowerer.kind(t.fields().get(index)), r.at(PRIMARY) + "." + t.names().get(index), PRIMARY);
    }

    /** {@code GETFIELD} of a record value's component, as a record's own methods read them ({@code this.x}). */
    private void recordField(FieldInsnNode f) {
        Expr r = pop();
        if (r.kind == 'R' && f.owner.equals(r.recordType.internalName())) {
            List<String> javaNames = CaptureLayout.javaComponentNames(ctx, f.owner);
            int at = javaNames == null ? -1 : javaNames.indexOf(f.name);
            if (at >= 0 && f.desc.equals(r.recordType.fields().get(at).descriptor())) {
                push(Expr.of(KernelLowerer.kind(r.recordType.fields().get(at)), r.at(PRIMARY) + "."
                        + r.recordType.names().get(at), PRIMARY));
                return;
            }
        }
        throw reject("field access " + simple(f.owner) + "." + f.name,
                "is not supported in kernels; capture the field's value in a local variable before the kernel");
    }

    /** {@code NEW}: only records of primitives can be built, as struct values. */
    private void newObject(TypeInsnNode n) {
        RecordType t = RecordType.ofClass(ctx, n.desc);
        if (t == null) {
            throw reject("'new " + simple(n.desc) + "'", isRecord(n.desc)
                    ? "constructs a record with components that are not primitives, which kernels cannot do; build only"
                    + " records of primitives in kernels, or pass the components as separate values"
                    : "allocates memory, which kernels cannot do; compute with primitives, or pass a Buffer instead");
        }
        push(Expr.newRecord(t));
    }

    /** The constructor call after {@code NEW}: the object becomes a struct value everywhere on the stack. */
    private void construct(Expr marker, MethodInsnNode m, List<Expr> args) {
        RecordType t = marker.recordType;
        if (!m.name.equals("<init>") || !m.owner.equals(t.internalName()) || !m.desc.equals(t.constructorDescriptor())) {
            throw reject("call to " + simple(m.owner) + "." + m.name + m.desc + " on a new " + simple(t.internalName()),
                    "is not supported in kernels; construct records with the canonical constructor");
        }
        if (!RecordType.plainConstructor(ctx, t)) {
            throw reject("'new " + simple(t.internalName()) + "'", "runs a constructor body that validates or changes its"
                    + " arguments, which kernels cannot do; give the record a constructor that only assigns its components");
        }
        StringBuilder text = new StringBuilder(t.make()).append('(');
        for (int i = 0; i < args.size(); i++) {
            text.append(i > 0 ? ", " : "").append(args.get(i).text);
        }
        Expr value = Expr.record(t, text.append(')').toString(), false);
        boolean replaced = false;
        for (int i = 0; i < stack.size(); i++) {
            if (stack.get(i) == marker) {
                if (!replaced) {
                    // Evaluate once: every copy of the new object is the same value.
                    String tmp = temp(value);
                    statement(tmp + " = " + value.text + ";");
                    value = Expr.record(t, tmp, true);
                    replaced = true;
                }
                stack.set(i, value);
            }
        }
    }

    /** Largest private array, in elements: private arrays are meant to live in registers. */
    static final int MAX_PRIVATE_ARRAY = 1024;

    /** {@code new float[16]}: a C array of the function, zeroed here as Java zeroes a new array. */
    private void newPrivateArray(IntInsnNode n) {
        Expr size = stack.getLast();
        if (size.constant == null) {
            throw reject(newArray(n), "allocates memory whose size is not a compile-time constant, which kernels cannot"
                    + " do; give the size as a literal or a static final int, or pass a LocalAccessor or a Buffer instead");
        }
        long length = size.constant;
        if (length <= 0 || length > MAX_PRIVATE_ARRAY) {
            throw reject(newArray(n), "has a length outside 1.." + MAX_PRIVATE_ARRAY + ", which a private array (kept in"
                    + " registers) cannot have; use a LocalAccessor or a Buffer for larger arrays");
        }
        pop();
        char element = switch (n.operand) {
            case T_BOOLEAN -> 'Z';
            case T_BYTE -> 'B';
            case T_CHAR -> 'C';
            case T_SHORT -> 'S';
            case T_INT -> 'I';
            case T_LONG -> 'J';
            case T_FLOAT -> 'F';
            default -> 'D';
        };
        if (element == 'D') {
            ctx.usesFp64 = true;
        }
        String base = "arr";
        AbstractInsnNode next = n.getNext();
        while (next != null && next.getOpcode() < 0) {
            next = next.getNext();
        }
        if (next instanceof VarInsnNode v && v.getOpcode() == ASTORE && method.localVariables != null) {
            for (LocalVariableNode lv : method.localVariables) {
                if (lv.index == v.var && lv.desc.equals("[" + element)) {
                    base = lv.name;
                }
            }
        }
        String name = names.privateArray(base, Expr.elementCType(element), length);
        statement("for (int jsycl_i = 0; jsycl_i < " + length + "; jsycl_i++) " + name + "[jsycl_i] = 0;");
        push(Expr.privateArray(name, element, (int) length));
    }

    private Expr privateLoad(Expr array, Expr index) {
        if (ctx.checked) {
            statement(Checks.bounds(ctx, index, Long.toString(array.constant), line, failReturn()));
        }
        String element = array.text + "[" + privateSubscript(array, index) + "]";
        return switch (array.elementType) {
            case 'J' -> Expr.of('J', element, PRIMARY);
            case 'F' -> Expr.of('F', element, PRIMARY);
            case 'D' -> Expr.of('D', element, PRIMARY);
            case 'I' -> Expr.of('I', element, PRIMARY);
            default -> Expr.of('I', "(int)" + element, UNARY);
        };
    }

    private void privateStore(Expr array, Expr index, Expr v) {
        if (ctx.checked) {
            statement(Checks.bounds(ctx, index, Long.toString(array.constant), line, failReturn()));
        }
        String value = switch (array.elementType) {
            case 'Z' -> "(uchar)(" + v.text + " & 1)";
            case 'B', 'C', 'S' -> "(" + Expr.elementCType(array.elementType) + ")" + v.at(UNARY);
            default -> v.text;
        };
        statement(array.text + "[" + privateSubscript(array, index) + "] = " + value + ";");
    }

    /** A private array's subscript: signed where its constant length allows ({@link Arithmetic#subscript}). */
    private String privateSubscript(Expr array, Expr index) {
        return array.constant <= Arithmetic.SIGNED_SUBSCRIPT_MAX_EXTENT ? Arithmetic.subscript(ctx, index).text : index.text;
    }

    /**
     * Binds a local to a private array. A slot reused by a later variable (another scope) may hold another array;
     * assigning a second array to the same variable is rejected, since which one a later use sees would depend on
     * the path taken, and the lowering names each array statically.
     */
    private void bindPrivateArray(int slot, Expr v) {
        Expr old = refLocals.get(slot);
        LocalVariableNode scope = variableStartingAfter(slot);
        if (old != null && old.kind == 'P' && !old.text.equals(v.text)
                && (scope == null || scope == privateArrayScopes.get(slot))) {
            throw reject("assigning a second private array to one variable", "is not supported; use one variable per"
                    + " array and copy elements between them");
        }
        if (old != null && old.kind != 'P' && isRef(old)) {
            throw reject("assigning a private array to a variable that held an accessor",
                    "is not supported; use one variable per array or accessor");
        }
        boxedLocals.remove(slot);
        refLocals.put(slot, v);
        privateArrayScopes.put(slot, scope);
    }

    /** The local variable entry of {@code slot} that covers the instruction after the current one, or null. */
    private LocalVariableNode variableStartingAfter(int slot) {
        if (method.localVariables == null) {
            return null;
        }
        int next = at + 1;
        while (next < insns.length && insns[next].getOpcode() < 0) {
            next++;
        }
        for (LocalVariableNode lv : method.localVariables) {
            if (lv.index == slot && method.instructions.indexOf(lv.start) <= next && next < method.instructions.indexOf(lv.end)) {
                return lv;
            }
        }
        return null;
    }

    private AccessorRef capturedArray(Expr e) {
        if (e.accessor == null || !(e.accessor.capture() instanceof Capture.Array)) {
            throw reject("array access", "is supported only on captured arrays of primitives; use an accessor instead");
        }
        return e.accessor;
    }

    private void checkcast(TypeInsnNode t) {
        Expr top = stack.getLast();
        boolean box = switch (t.desc) {
            case "java/lang/Integer", "java/lang/Long", "java/lang/Float", "java/lang/Double", "java/lang/Short",
                    "java/lang/Byte", "java/lang/Character", "java/lang/Boolean", "java/lang/Number" -> true;
            default -> false;
        };
        if (box && !isRef(top) || top.kind == 'A') {
            return;
        }
        if (top.kind == 'R' && top.recordType.internalName().equals(t.desc)) {
            return;
        }
        throw reject("a type test or cast to " + simple(t.desc), "is not supported in kernels; use primitives and accessors");
    }

    private boolean isRecord(String internalName) {
        ClassNode c = ctx.classNode(internalName);
        return c != null && "java/lang/Record".equals(c.superName);
    }
}
