package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.BAND;
import static io.jsycl.lowering.Expr.BOR;
import static io.jsycl.lowering.Expr.PRIMARY;
import static io.jsycl.lowering.Expr.XOR;
import static org.objectweb.asm.Opcodes.*;

import io.jsycl.lowering.Expr.FenceFlags;
import io.jsycl.lowering.Expr.GroupOpConstant;
import io.jsycl.lowering.Expr.LongValue;
import io.jsycl.lowering.Expr.NewRecord;
import io.jsycl.lowering.Expr.PendingCompare;
import io.jsycl.lowering.Expr.PrivateArray;
import io.jsycl.lowering.Expr.RecordValue;
import io.jsycl.lowering.Expr.Value;
import java.util.List;
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
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * What each bytecode instruction means, in the shape of ASM's {@code Interpreter}: the expressions it pushes, the
 * statements it emits, the terminator it gives its block, or the {@link LoweringException} that rejects it. The
 * {@link MethodTranslator} drives it one instruction at a time over its {@link Frame} (which itself executes the
 * instructions that only move operands); calls go to {@link CallInterpreter} and arrays made in the kernel to
 * {@link PrivateArrays}.
 *
 * <p>One piece (about 450 lines) because it is one instruction switch and the small methods of its cases.
 */
final class InstructionInterpreter {
    private final MethodTranslator t;
    private final KernelContext ctx;
    private final Frame frame;
    private final LocalNames names;
    private final CallInterpreter calls;
    private final PrivateArrays arrays;

    InstructionInterpreter(MethodTranslator t) {
        this.t = t;
        this.ctx = t.ctx;
        this.frame = t.frame;
        this.names = t.names;
        this.calls = new CallInterpreter(t);
        this.arrays = new PrivateArrays(t);
    }

    /** Interprets {@code n}, the instruction of block {@code b} being translated. */
    void execute(Block b, AbstractInsnNode n) {
        int op = n.getOpcode();
        switch (op) {
            case ICONST_M1, ICONST_0, ICONST_1, ICONST_2, ICONST_3, ICONST_4, ICONST_5 ->
                    frame.push(Expr.intConstant(op - ICONST_0));
            case LCONST_0, LCONST_1 -> frame.push(Expr.longConstant(op - LCONST_0));
            case FCONST_0, FCONST_1, FCONST_2 -> frame.push(Expr.floatConstant(op - FCONST_0));
            case DCONST_0, DCONST_1 -> frame.push(Expr.doubleConstant(op - DCONST_0));
            case BIPUSH, SIPUSH -> frame.push(Expr.intConstant(((IntInsnNode) n).operand));
            case LDC -> ldc(((LdcInsnNode) n).cst);
            case ILOAD, LLOAD, FLOAD, DLOAD -> {
                char type = typeOfLoad(op);
                frame.push(Expr.value(type, names.variable(((VarInsnNode) n).var, type), PRIMARY));
            }
            case ALOAD -> aload(((VarInsnNode) n).var);
            case ISTORE, LSTORE, FSTORE, DSTORE -> store(((VarInsnNode) n).var, typeOfLoad(op - (ISTORE - ILOAD)), frame.pop());
            case ASTORE -> astore(((VarInsnNode) n).var, frame.pop());
            case IINC -> {
                IincInsnNode inc = (IincInsnNode) n;
                String v = names.variable(inc.var, 'I');
                frame.statement(v + " = " + Arithmetic.add('I', Expr.value('I', v, PRIMARY), Expr.intConstant(inc.incr)).text()
                        + ";");
            }
            case IADD, LADD, FADD, DADD -> binary("+");
            case ISUB, LSUB, FSUB, DSUB -> binary("-");
            case IMUL, LMUL, FMUL, DMUL -> binary("*");
            case IDIV, LDIV, FDIV, DDIV -> binary("/");
            case IREM, LREM, FREM, DREM -> binary("%");
            case INEG, LNEG, FNEG, DNEG -> frame.push(Arithmetic.negate(frame.popValue()));
            case ISHL, LSHL, ISHR, LSHR, IUSHR, LUSHR -> {
                Value count = frame.popValue();
                Value value = frame.popValue();
                frame.push(Arithmetic.shift(op, value, count));
            }
            case IAND, LAND -> bitwise("&", BAND);
            case IOR, LOR -> bitwise("|", BOR);
            case IXOR, LXOR -> bitwise("^", XOR);
            case I2L, I2F, I2D, L2I, L2F, L2D, F2I, F2L, F2D, D2I, D2L, D2F, I2B, I2C, I2S ->
                    frame.push(Arithmetic.convert(ctx, op, frame.popValue()));
            case LCMP, FCMPL, DCMPL -> {
                Value r = frame.popValue();
                frame.push(new PendingCompare(frame.popValue(), r, -1));
            }
            case FCMPG, DCMPG -> {
                Value r = frame.popValue();
                frame.push(new PendingCompare(frame.popValue(), r, 1));
            }
            case IFEQ, IFNE, IFLT, IFGE, IFGT, IFLE -> {
                Expr v = frame.pop();
                Condition cond = v instanceof PendingCompare c
                        ? Arithmetic.compare(op - IFEQ, c.left(), c.right(), !(c.left() instanceof LongValue), c.nanResult())
                        : Arithmetic.compare(op - IFEQ, Frame.asValue(v), Expr.intConstant(0), false, 0);
                branch(b, (JumpInsnNode) n, cond);
            }
            case IF_ICMPEQ, IF_ICMPNE, IF_ICMPLT, IF_ICMPGE, IF_ICMPGT, IF_ICMPLE -> {
                Value r = frame.popValue();
                Value l = frame.popValue();
                Condition cond = Arithmetic.compare(op - IF_ICMPEQ, l, r, false, 0);
                if (names.isVariable(l.text())) { // the local variable itself, as loaded for the comparison
                    if (op == IF_ICMPLT) {
                        cond = cond.belowWhenTrue(l.text());
                    } else if (op == IF_ICMPGE) {
                        cond = cond.belowWhenFalse(l.text());
                    }
                }
                branch(b, (JumpInsnNode) n, cond);
            }
            case GOTO -> b.kind = Block.Kind.GOTO;
            case TABLESWITCH -> {
                TableSwitchInsnNode s = (TableSwitchInsnNode) n;
                int[] keys = new int[s.labels.size()];
                for (int k = 0; k < keys.length; k++) {
                    keys[k] = s.min + k;
                }
                switchOn(b, keys, s.labels, s.dflt);
            }
            case LOOKUPSWITCH -> {
                LookupSwitchInsnNode s = (LookupSwitchInsnNode) n;
                switchOn(b, s.keys.stream().mapToInt(Integer::intValue).toArray(), s.labels, s.dflt);
            }
            case IRETURN, LRETURN, FRETURN, DRETURN -> {
                b.kind = Block.Kind.RETURN;
                b.returned = frame.popMaterialized();
            }
            case ARETURN -> {
                Expr v = frame.pop();
                if (v instanceof PrivateArray) {
                    throw t.reject("returning a private array", "is not supported; private arrays live only in the"
                            + " method that creates them, return a primitive or a record of primitives instead");
                }
                if (v instanceof Expr.Ref) {
                    throw t.reject("returning an accessor, a captured object or the item", "is not supported; pass it as an argument instead");
                }
                b.kind = Block.Kind.RETURN;
                b.returned = v;
            }
            case RETURN -> b.kind = Block.Kind.RETURN;
            case GETSTATIC -> getStatic((FieldInsnNode) n);
            case PUTSTATIC -> throw t.reject("writing static field " + simple(((FieldInsnNode) n).owner) + "."
                    + ((FieldInsnNode) n).name, "is not possible on a device; write to an accessor instead");
            case GETFIELD -> recordField((FieldInsnNode) n);
            case PUTFIELD -> throw t.reject("field access " + simple(((FieldInsnNode) n).owner) + "." + ((FieldInsnNode) n).name,
                    "is not supported in kernels; capture the field's value in a local variable before the kernel");
            case INVOKESTATIC, INVOKEVIRTUAL, INVOKEINTERFACE, INVOKESPECIAL -> calls.invoke((MethodInsnNode) n);
            case INVOKEDYNAMIC -> {
                InvokeDynamicInsnNode d = (InvokeDynamicInsnNode) n;
                if (d.bsm.getOwner().equals("java/lang/invoke/StringConcatFactory")) {
                    throw t.reject("string concatenation", "is not supported in kernels; strings do not exist on a device");
                }
                throw t.reject("a lambda or method reference", "is not supported inside a kernel; call a static method instead");
            }
            case NEW -> newObject((TypeInsnNode) n);
            case NEWARRAY -> arrays.create((IntInsnNode) n);
            case ANEWARRAY -> throw t.reject(arrays.describeNew(n),
                    "allocates an array of references, which kernels cannot do; use arrays of primitives of constant length");
            case MULTIANEWARRAY -> throw t.reject(arrays.describeNew(n), "allocates a multi-dimensional array, which kernels"
                    + " cannot do; use one array of constant length indexed i * columns + j");
            case ATHROW -> throw t.reject("'throw'", "is not supported in kernels; kernels cannot raise exceptions, write an"
                    + " error flag to an accessor instead");
            case MONITORENTER, MONITOREXIT -> throw t.reject("'synchronized'", "is not supported in kernels; use atomics or"
                    + " barriers instead");
            case ACONST_NULL -> throw t.reject("'null'", "is not supported in kernels; use primitives and accessors");
            case CHECKCAST -> checkcast((TypeInsnNode) n);
            case INSTANCEOF -> throw t.reject("a type test or cast to " + simple(((TypeInsnNode) n).desc),
                    "is not supported in kernels; use primitives and accessors");
            case ARRAYLENGTH -> {
                Expr array = frame.pop();
                if (array instanceof PrivateArray p) {
                    frame.push(Expr.intConstant(p.length()));
                    return;
                }
                AccessorRef a = capturedArray(array);
                frame.push(Expr.value('I', a.member() + "length", PRIMARY));
            }
            case IALOAD, LALOAD, FALOAD, DALOAD, BALOAD, CALOAD, SALOAD -> {
                Expr index = frame.popMaterialized();
                if (frame.peek() instanceof PrivateArray) {
                    frame.push(arrays.load((PrivateArray) frame.pop(), index));
                    return;
                }
                AccessorRef a = capturedArray(frame.pop());
                char k = switch (op) {
                    case LALOAD -> 'J';
                    case FALOAD -> 'F';
                    case DALOAD -> 'D';
                    default -> 'I';
                };
                String element = a.member() + "data[" + Arithmetic.subscript(ctx, index).text() + "]";
                if (ctx.checked) {
                    // A failed check reads nothing (the array may be empty) and goes on with 0.
                    String length = a.member() + "length";
                    frame.statement(Checks.bounds(ctx, index, length, t.line()));
                    element = "(" + Checks.inBounds(index, length) + " ? " + element + " : 0)";
                }
                frame.push(Expr.value(k, element, PRIMARY));
            }
            case AALOAD -> throw t.reject("an array of references", "is not supported in kernels; use arrays of primitives");
            case IASTORE, LASTORE, FASTORE, DASTORE, BASTORE, CASTORE, SASTORE -> {
                Expr v = frame.popMaterialized();
                Expr index = frame.popMaterialized();
                if (!(frame.pop() instanceof PrivateArray array)) {
                    throw t.reject("a store into an array", "is not supported: captured arrays are read-only in kernels; use a Buffer");
                }
                arrays.store(array, index, v);
            }
            case AASTORE -> throw t.reject("a store into an array", "is not supported: captured arrays are read-only in"
                    + " kernels; use a Buffer");
            case IFNULL, IFNONNULL, IF_ACMPEQ, IF_ACMPNE -> throw t.reject("comparison of references",
                    "is not supported in kernels; compare primitive values instead");
            default -> throw t.reject("bytecode " + op, "is not supported in kernels");
        }
    }

    /** The simple name of a class for messages: {@code Accessor.OfFloat}. */
    static String simple(String internalName) {
        String s = internalName.substring(internalName.lastIndexOf('/') + 1);
        return s.replace('$', '.');
    }

    private static char typeOfLoad(int op) {
        return switch (op) {
            case ILOAD -> 'I';
            case LLOAD -> 'J';
            case FLOAD -> 'F';
            default -> 'D';
        };
    }

    private void ldc(Object c) {
        switch (c) {
            case Integer i -> frame.push(Expr.intConstant(i));
            case Long l -> frame.push(Expr.longConstant(l));
            case Float f -> frame.push(Expr.floatConstant(f));
            case Double d -> frame.push(Expr.doubleConstant(d));
            case String s -> throw t.reject("the string \"" + s + "\"", "is not supported in kernels; strings do not exist on a device");
            default -> throw t.reject("the constant " + c, "is not supported in kernels");
        }
    }

    private void aload(int slot) {
        Expr rec = frame.recordLocals.get(slot);
        if (rec != null) {
            frame.push(rec);
            return;
        }
        Expr ref = frame.refLocals.containsKey(slot) ? frame.refLocals.get(slot) : frame.refParams.get(slot);
        if (ref != null) {
            frame.push(ref);
            return;
        }
        Character boxed = frame.boxedLocals.get(slot);
        if (boxed != null) {
            frame.push(Expr.value(boxed, names.variable(slot, boxed), PRIMARY));
            return;
        }
        throw t.reject("a reference local variable", "is not supported in kernels; use primitives and accessors");
    }

    /**
     * {@code ASTORE}: a record value goes to the slot's struct variable, a private array or another reference binds
     * the slot to it, a boxed primitive goes to the slot's variable of its type.
     */
    private void astore(int slot, Expr v) {
        switch (v) {
            case NewRecord _ -> throw t.reject("storing a record before its constructor ran", "is not supported in kernels");
            case RecordValue r -> {
                String name = names.recordVariable(slot, r.type());
                frame.recordLocals.put(slot, new RecordValue(r.type(), name, true, false));
                frame.refLocals.remove(slot);
                frame.boxedLocals.remove(slot);
                if (!r.text().equals(name)) {
                    frame.statement(name + " = " + r.text() + ";");
                }
            }
            case PrivateArray p -> {
                frame.recordLocals.remove(slot);
                arrays.bind(slot, p);
            }
            case Expr.Ref ref -> {
                frame.recordLocals.remove(slot);
                frame.privateArrayScopes.remove(slot);
                Expr old = frame.refLocals.get(slot);
                // Identity, not equality: two reads of a captured record's accessor are two references.
                if (old != null && Expr.accessorOf(old) != Expr.accessorOf(ref)) {
                    throw t.reject("assigning different accessors to one variable", "is not supported; use one variable per accessor");
                }
                frame.refLocals.put(slot, ref);
            }
            default -> {
                frame.recordLocals.remove(slot);
                frame.privateArrayScopes.remove(slot);
                frame.refLocals.remove(slot);
                char type = Frame.asValue(Frame.value(v)).type();
                frame.boxedLocals.put(slot, type);
                store(slot, type, v);
            }
        }
    }

    private void store(int slot, char type, Expr v) {
        String name = names.variable(slot, type);
        Expr value = Frame.value(v);
        if (value.text().equals(name)) {
            return;
        }
        frame.statement(name + " = " + value.text() + ";");
    }

    private void binary(String symbol) {
        Value r = frame.popValue();
        Value l = frame.popValue();
        Long divisor = Expr.integerConstant(r);
        if (ctx.checked && (symbol.equals("/") || symbol.equals("%")) && (l.type() == 'I' || l.type() == 'J')
                && (divisor == null || divisor == 0)) {
            frame.statement(Checks.divisor(ctx, r, t.line()));
            r = Checks.safeDivisor(r);
        }
        Value result = switch (symbol) {
            case "+" -> Arithmetic.add(l.type(), l, r);
            case "-" -> Arithmetic.sub(l.type(), l, r);
            case "*" -> Arithmetic.mul(l.type(), l, r);
            case "/" -> Arithmetic.div(ctx, l, r);
            default -> Arithmetic.rem(ctx, l, r);
        };
        frame.push(result);
    }

    private void bitwise(String symbol, int prec) {
        Value r = frame.popValue();
        Value l = frame.popValue();
        frame.push(Expr.value(l.type(), l.at(prec) + " " + symbol + " " + r.at(prec + 1), prec));
    }

    private void branch(Block b, JumpInsnNode j, Condition cond) {
        b.kind = Block.Kind.IF;
        b.condition = cond;
        Block taken = BasicBlocks.successorAt(t.method.instructions, b, j.label);
        if (b.succs.getFirst() != taken) {
            b.succs.remove(taken);
            b.succs.addFirst(taken);
        }
    }

    private void switchOn(Block b, int[] keys, List<LabelNode> labels, LabelNode dflt) {
        Expr sel = frame.popMaterialized();
        b.kind = Block.Kind.SWITCH;
        b.selector = sel;
        b.keys = keys;
        b.keyTargets = new Block[keys.length];
        for (int k = 0; k < keys.length; k++) {
            b.keyTargets[k] = BasicBlocks.successorAt(t.method.instructions, b, labels.get(k));
        }
        b.defaultTarget = BasicBlocks.successorAt(t.method.instructions, b, dflt);
    }

    /**
     * {@code GETSTATIC}: {@code Fence}, {@code GroupOp}, {@code MemoryOrder} and {@code MemoryScope} constants of the
     * API, a {@code SpecConstant} field, or a {@code static final} primitive constant.
     */
    private void getStatic(FieldInsnNode f) {
        LoweredApi.Role role = LoweredApi.role(ctx.loader, f.owner, f.name, f.desc);
        if (role == LoweredApi.Role.FENCE) {
            frame.push(new FenceFlags(f.name.equals("LOCAL") ? "CLK_LOCAL_MEM_FENCE" : "CLK_GLOBAL_MEM_FENCE"));
            return;
        }
        if (role == LoweredApi.Role.GROUP_OP) {
            frame.push(new GroupOpConstant(f.name));
            return;
        }
        if (role == LoweredApi.Role.MEMORY_ORDER) {
            frame.push(new Expr.MemoryOrderConstant(f.name));
            return;
        }
        if (role == LoweredApi.Role.MEMORY_SCOPE) {
            frame.push(new Expr.MemoryScopeConstant(f.name));
            return;
        }
        if (f.desc.equals("L" + LoweredApi.SPEC_CONSTANT + ";")) {
            frame.push(SpecConstants.field(ctx, t::reject, f));
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
        throw t.reject("field access " + simple(f.owner) + "." + f.name, "is not supported in kernels; only static final"
                + " primitive constants can be read, capture the value in a local variable instead");
    }

    /** {@code GETFIELD} of a record value's component, as a record's own methods read them ({@code this.x}). */
    private void recordField(FieldInsnNode f) {
        if (frame.pop() instanceof RecordValue r && f.owner.equals(r.type().internalName())) {
            List<String> javaNames = CaptureLayout.javaComponentNames(ctx, f.owner);
            int at = javaNames == null ? -1 : javaNames.indexOf(f.name);
            if (at >= 0 && f.desc.equals(r.type().fields().get(at).descriptor())) {
                frame.push(Expr.value(KernelLowerer.kind(r.type().fields().get(at)), r.at(PRIMARY) + "."
                        + r.type().names().get(at), PRIMARY));
                return;
            }
        }
        throw t.reject("field access " + simple(f.owner) + "." + f.name,
                "is not supported in kernels; capture the field's value in a local variable before the kernel");
    }

    /** {@code NEW}: only records of primitives can be built, as struct values. */
    private void newObject(TypeInsnNode n) {
        RecordType type = RecordType.ofClass(ctx, n.desc);
        if (type == null) {
            throw t.reject("'new " + simple(n.desc) + "'", isRecord(n.desc)
                    ? "constructs a record with components that are not primitives, which kernels cannot do; build only"
                    + " records of primitives in kernels, or pass the components as separate values"
                    : "allocates memory, which kernels cannot do; compute with primitives, or pass a Buffer instead");
        }
        frame.push(new NewRecord(type));
    }

    private boolean isRecord(String internalName) {
        ClassNode c = ctx.classNode(internalName);
        return c != null && "java/lang/Record".equals(c.superName);
    }

    /** A captured array, the only kind of array but private arrays a kernel can index. */
    private AccessorRef capturedArray(Expr e) {
        if (!(e instanceof AccessorRef a) || !(a.capture() instanceof Capture.Array)) {
            throw t.reject("array access", "is supported only on captured arrays of primitives; use an accessor instead");
        }
        return a;
    }

    /** {@code CHECKCAST}: nothing for boxes of primitives, captured objects and records of the cast's type. */
    private void checkcast(TypeInsnNode n) {
        Expr top = frame.peek();
        boolean box = switch (n.desc) {
            case "java/lang/Integer", "java/lang/Long", "java/lang/Float", "java/lang/Double", "java/lang/Short",
                    "java/lang/Byte", "java/lang/Character", "java/lang/Boolean", "java/lang/Number" -> true;
            default -> false;
        };
        if (box && !(top instanceof Expr.Ref) || top instanceof AccessorRef) {
            return;
        }
        if (top instanceof RecordValue r && r.type().internalName().equals(n.desc)) {
            return;
        }
        throw t.reject("a type test or cast to " + simple(n.desc), "is not supported in kernels; use primitives and accessors");
    }
}
