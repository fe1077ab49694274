package io.jsycl.lowering;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Compiles a {@code Range} kernel for the host device into one loop over a run of its items: the kernel lambda's
 * body (bytecode) is copied into the loop, so that the JIT compiles body and loop as one method. Called through the
 * lambda once per item, the body was a call the JIT could not inline (the loop is shared by every kernel, and a body
 * of a few accessor reads is past its inlining size), and nothing the body reads again at every item (the accessors'
 * arrays and extents) left the loop: a 3x3 blur of 4096² floats took 115 ms on two cores that way, 40 ms as a loop in
 * one method.
 *
 * <p>The class it makes, {@code Owner$JsyclRange$method}, is to be defined in the lambda's class's package, with the
 * private static methods the body calls copied in (as {@link HostPhaseCompiler}'s). Its method {@code runRange}
 * implements {@code looped} (an interface {@code RuntimeException runRange(Object[] captures, Cursor it, long from,
 * long to, int[][] failedAt)}, {@code Cursor} being {@code cursor}, an {@code io.jsycl.Item} with {@code void next()}
 * and {@code int[] ids()}): it unboxes the captures once, then runs the body for items {@code from} to {@code to - 1}
 * with {@code it} on each in turn ({@code it.next()} between them). What an item throws (a {@code RuntimeException})
 * does not stop the others, as a failing work-item on a device does not: the first is returned, with its item's ids
 * in {@code failedAt[0]}; null where none threw.
 *
 * <p>It declines (empty) a body with exception handlers, one that assigns a parameter (a captured value or the item),
 * that returns a value, or that uses what only the lambda's class may (as {@link HostPhaseCompiler} does).
 */
public final class HostRangeCompiler {
    /**
     * The compiled class.
     *
     * @param name its binary name (the lambda class's package)
     * @param bytes the class file
     */
    public record Compiled(String name, byte[] bytes) {
    }

    private HostRangeCompiler() {
    }

    /**
     * Compiles a {@code Range} kernel lambda's body into a loop.
     *
     * @param loader reads the lambda's class file
     * @param owner the lambda's class, an internal name (as a {@code SerializedLambda} gives it)
     * @param implMethod the lambda's implementation method: its captured values, then the item ({@code io.jsycl.Item})
     * @param implDesc its descriptor
     * @param looped the interface the class implements, an internal name
     * @param cursor the item type {@code runRange} takes, an internal name
     * @param privates the class of the static methods that keep a run's atomic additions private
     *        ({@code long[] longs(Accessor.OfLong)}, {@code void add(Accessor.OfLong, int, long, long[])},
     *        {@code void flush(Accessor.OfLong, long[])}, and the same for {@code Accessor.OfInt} with {@code int[]})
     * @return the class, or empty where the kernel is not one it compiles
     */
    public static Optional<Compiled> compile(ClassLoader loader, String owner, String implMethod, String implDesc,
            String looped, String cursor, String privates) {
        try {
            ClassNode cls = HostPhaseCompiler.classNode(loader, owner);
            MethodNode m = cls == null ? null : HostPhaseCompiler.staticBody(cls, implMethod, implDesc);
            Type[] params = Type.getArgumentTypes(implDesc);
            if (m == null || Type.getReturnType(implDesc) != Type.VOID_TYPE || params.length == 0
                    || !params[params.length - 1].getInternalName().equals(LoweredApi.ITEM)) {
                return Optional.empty();
            }
            return transform(cls, m, params, loader, looped, cursor, privates);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Compiles an nd-range kernel without barriers or work-group operations into one loop over a work-group's items:
     * a class {@code Owner$JsyclGroup$method} whose {@code runGroup} implements {@code looped} (an interface
     * {@code RuntimeException runGroup(Object[] captures, NdCursor it, int l0, int l1, int l2, int g0, int g1, int g2)}
     * over a group of extents {@code l} whose first global id is {@code g}, {@code NdCursor} being {@code cursor}, an
     * {@code io.jsycl.NdItem} with {@code void moveTo(int, int, int)}), and {@code int dimensionsRead()}: it unboxes the
     * captures, then for each local id in order (the last dimension fastest) runs the body, its {@code it.localId(d)}
     * and {@code it.globalId(d)} with a constant {@code d} read from the loop's ids ({@code it} moved too where the
     * body uses it otherwise). The first item that throws ends the group's run: its exception is returned, {@code it}
     * moved onto that item; null where none threw.
     *
     * @param loader reads the lambda's class file
     * @param owner the lambda's class, an internal name
     * @param implMethod the lambda's implementation method: its captured values, then the item ({@code io.jsycl.NdItem})
     * @param implDesc its descriptor
     * @param looped the interface the class implements, an internal name
     * @param cursor the item type {@code runGroup} takes, an internal name
     * @return the class, or empty where the kernel is not one it compiles (one with a barrier or a work-group or
     *         sub-group operation included)
     */
    public static Optional<Compiled> compileGroup(ClassLoader loader, String owner, String implMethod, String implDesc,
            String looped, String cursor) {
        try {
            ClassNode cls = HostPhaseCompiler.classNode(loader, owner);
            MethodNode m = cls == null ? null : HostPhaseCompiler.staticBody(cls, implMethod, implDesc);
            Type[] params = Type.getArgumentTypes(implDesc);
            if (m == null || Type.getReturnType(implDesc) != Type.VOID_TYPE || params.length == 0
                    || !params[params.length - 1].getInternalName().equals(LoweredApi.ND_ITEM)) {
                return Optional.empty();
            }
            return transformGroup(cls, m, params, loader, looped, cursor);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<Compiled> transformGroup(ClassNode cls, MethodNode m, Type[] params, ClassLoader loader,
            String looped, String cursor) {
        int paramSlots = 0;
        for (Type t : params) {
            paramSlots += t.getSize();
        }
        // runGroup's own slots: this, captures, it, l0..l2, g0..g2 (the group's first global id), a, b, c (the local
        // id); the body's from BASE on.
        final int captures = 1;
        final int it = 2;
        final int[] extent = {3, 4, 5};
        final int[] offset = {6, 7, 8};
        final int[] local = {9, 10, 11};
        final int base = 12;
        final int thrown = base + m.maxLocals;
        // it.localId(d) and it.globalId(d) with a constant d read the loop's own ids; where the body uses the item
        // only so, the item is not moved at all.
        int itemSlot = paramSlots - 1;
        AbstractInsnNode[] all = m.instructions.toArray();
        int dimensionsRead = 0;
        boolean pure = true;
        for (int i = 0; i < all.length; i++) {
            if (all[i] instanceof VarInsnNode v && v.getOpcode() == Opcodes.ALOAD && v.var == itemSlot) {
                int d = idCall(all, i, LoweredApi.ND_ITEM, "localId");
                boolean global = false;
                if (d < 0) {
                    d = idCall(all, i, LoweredApi.ND_ITEM, "globalId");
                    global = d >= 0;
                }
                if (d < 0) {
                    pure = false;
                    continue;
                }
                dimensionsRead = Math.max(dimensionsRead, d + 1);
                // shifted by BASE with the body's own loads below, hence the offsets taken off here
                InsnList read = new InsnList();
                read.add(new VarInsnNode(Opcodes.ILOAD, local[d] - base));
                if (global) {
                    read.add(new VarInsnNode(Opcodes.ILOAD, offset[d] - base));
                    read.add(new org.objectweb.asm.tree.InsnNode(Opcodes.IADD));
                }
                m.instructions.insert(all[i + 2], read);
                m.instructions.remove(all[i + 2]);
                m.instructions.remove(all[i + 1]);
                m.instructions.remove(all[i]);
            }
        }
        for (AbstractInsnNode n : m.instructions) {
            if (n instanceof org.objectweb.asm.tree.MethodInsnNode call && (call.desc.contains(LoweredApi.ND_ITEM)
                    && !call.owner.equals(LoweredApi.ND_ITEM) || call.name.equals("barrier")
                    || HostPhaseCompiler.GROUP_ALGORITHMS.contains(call.name)
                    || HostPhaseCompiler.SUB_GROUP_ALGORITHMS.contains(call.name))) {
                return Optional.empty(); // a device function taking the item, a barrier, a group operation
            }
        }
        LabelNode next = new LabelNode();
        InsnList body = shiftedBody(m, paramSlots, base, next);
        if (body == null) {
            return Optional.empty();
        }
        String name = cls.name + "$JsyclGroup$" + m.name.replace('$', '_');
        ClassWriter cw = classWith(cls, name, looped, body, loader);
        if (cw == null) {
            return Optional.empty();
        }
        var run = new MethodNode(Opcodes.ACC_PUBLIC, "runGroup", "([Ljava/lang/Object;L" + cursor
                + ";IIIIII)Ljava/lang/RuntimeException;", null, null);
        MethodVisitor mv = run;
        mv.visitCode();
        parameters(mv, params, captures, it, base);
        // for (a = 0; a < l0; a++) for (b = 0; b < l1; b++) for (c = 0; c < l2; c++) { it.moveTo(a, b, c); body }
        LabelNode[] head = {new LabelNode(), new LabelNode(), new LabelNode()};
        LabelNode[] step = {new LabelNode(), new LabelNode(), new LabelNode()};
        LabelNode done = new LabelNode();
        for (int d = 0; d < 3; d++) {
            mv.visitInsn(Opcodes.ICONST_0);
            mv.visitVarInsn(Opcodes.ISTORE, local[d]);
            run.instructions.add(head[d]);
            mv.visitVarInsn(Opcodes.ILOAD, local[d]);
            mv.visitVarInsn(Opcodes.ILOAD, extent[d]);
            run.instructions.add(new JumpInsnNode(Opcodes.IF_ICMPGE, d == 0 ? done : step[d - 1]));
        }
        if (!pure) {
            mv.visitVarInsn(Opcodes.ALOAD, it);
            for (int d = 0; d < 3; d++) {
                mv.visitVarInsn(Opcodes.ILOAD, local[d]);
            }
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, cursor, "moveTo", "(III)V", true);
        }
        LabelNode tryStart = new LabelNode();
        LabelNode tryEnd = new LabelNode();
        LabelNode handler = new LabelNode();
        run.instructions.add(tryStart);
        run.instructions.add(body);
        run.instructions.add(tryEnd);
        run.instructions.add(handler); // the first item that throws ends the group's run, the item moved onto it
        mv.visitVarInsn(Opcodes.ALOAD, it);
        for (int d = 0; d < 3; d++) {
            mv.visitVarInsn(Opcodes.ILOAD, local[d]);
        }
        mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, cursor, "moveTo", "(III)V", true);
        mv.visitInsn(Opcodes.ARETURN);
        run.instructions.add(next);
        for (int d = 2; d >= 0; d--) {
            run.instructions.add(step[d]); // where the loop inside this one ends
            mv.visitIincInsn(local[d], 1);
            run.instructions.add(new JumpInsnNode(Opcodes.GOTO, head[d]));
        }
        run.instructions.add(done);
        mv.visitInsn(Opcodes.ACONST_NULL);
        mv.visitInsn(Opcodes.ARETURN);
        run.tryCatchBlocks.add(new TryCatchBlockNode(tryStart, tryEnd, handler, "java/lang/RuntimeException"));
        run.maxLocals = thrown + 1;
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        run.accept(cw);
        dimensionsRead(cw, dimensionsRead);
        cw.visitEnd();
        return Optional.of(new Compiled(name.replace('/', '.'), cw.toByteArray()));
    }

    /**
     * {@code m}'s instructions, taken out of it, with its locals moved up by {@code base} and each {@code return}
     * a jump to {@code next}; null where the body assigns a parameter (a captured value or the item, which would stay
     * so for the next items) or returns a value.
     */
    private static InsnList shiftedBody(MethodNode m, int paramSlots, int base, LabelNode next) {
        InsnList body = new InsnList();
        for (AbstractInsnNode n : m.instructions.toArray()) {
            m.instructions.remove(n);
            if (n instanceof VarInsnNode v) {
                if (v.var < paramSlots && v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE) {
                    return null;
                }
                v.var += base;
            } else if (n instanceof IincInsnNode inc) {
                if (inc.var < paramSlots) {
                    return null;
                }
                inc.var += base;
            } else if (n.getOpcode() == Opcodes.RETURN) {
                n = new JumpInsnNode(Opcodes.GOTO, next);
            } else if (n.getOpcode() >= Opcodes.IRETURN && n.getOpcode() <= Opcodes.ARETURN
                    || n.getOpcode() == Opcodes.RET || n.getOpcode() == Opcodes.JSR) {
                return null;
            }
            body.add(n);
        }
        return body;
    }

    /**
     * The class {@code name} implementing {@code looped}, begun: the lambda's source file (its lines in stack
     * traces), the private static methods {@code body} calls copied in, the constructor; null where the body needs
     * the lambda class's own access.
     */
    private static ClassWriter classWith(ClassNode cls, String name, String looped, InsnList body, ClassLoader loader) {
        ClassWriter cw = HostPhaseCompiler.classWriter(loader);
        cw.visit(Opcodes.V21, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, name, null, "java/lang/Object",
                new String[] {looped});
        cw.visitSource(cls.sourceFile, null);
        if (!HostPhaseCompiler.copyDeviceFunctions(cls, name, body, cw)) {
            return null;
        }
        HostPhaseCompiler.publicConstructor(cw);
        return cw;
    }

    /** The captures (array in slot {@code captures}), unboxed once, and the item into the body's parameter slots. */
    private static void parameters(MethodVisitor mv, Type[] params, int captures, int it, int base) {
        int slot = base;
        for (int i = 0; i < params.length - 1; i++) {
            mv.visitVarInsn(Opcodes.ALOAD, captures);
            mv.visitLdcInsn(i);
            mv.visitInsn(Opcodes.AALOAD);
            HostPhaseCompiler.unbox(mv, params[i]);
            mv.visitVarInsn(params[i].getOpcode(Opcodes.ISTORE), slot);
            slot += params[i].getSize();
        }
        mv.visitVarInsn(Opcodes.ALOAD, it);
        mv.visitVarInsn(Opcodes.ASTORE, slot);
    }

    /** Adds {@code int dimensionsRead()}: how many dimensions the body reads ids of with a constant. */
    private static void dimensionsRead(ClassWriter cw, int dimensions) {
        MethodVisitor dims = cw.visitMethod(Opcodes.ACC_PUBLIC, "dimensionsRead", "()I", null, null);
        dims.visitCode();
        dims.visitLdcInsn(dimensions);
        dims.visitInsn(Opcodes.IRETURN);
        dims.visitMaxs(0, 0);
        dims.visitEnd();
    }

    /**
     * A captured accessor whose every use is an atomic addition with its old value dropped: its parameter slot, its
     * type ({@code io/jsycl/Accessor$OfLong} or {@code $OfInt}), the element type ({@code J} or {@code I}), the
     * additions, and the slot of runRange that holds the run's private sums.
     */
    private record Privatized(int slot, String accessor, char type, List<org.objectweb.asm.tree.MethodInsnNode> calls,
            int privateSlot) {
    }

    /**
     * The captured accessors of {@code m} whose only uses are {@code atomicAdd} calls whose result is popped at once,
     * each given a private slot from {@code firstSlot} on; none where the analysis cannot tell.
     */
    private static List<Privatized> privatizable(String owner, MethodNode m, Type[] params, int firstSlot) {
        var found = new ArrayList<Privatized>();
        for (HostPhaseCompiler.CapturedCalls c : HostPhaseCompiler.callsOnCaptures(owner, m, params, (t, call) -> {
            char type = elementOf(t);
            return type != ' ' && call.owner.equals(t.getInternalName()) && call.name.equals("atomicAdd")
                    && call.desc.equals("(I" + type + ")" + type) && call.getNext() != null
                    && call.getNext().getOpcode() == (type == 'J' ? Opcodes.POP2 : Opcodes.POP);
        })) {
            found.add(new Privatized(c.slot(), c.type().getInternalName(), elementOf(c.type()), c.calls(),
                    firstSlot + found.size()));
        }
        return found;
    }

    /** {@code J} for an {@code Accessor.OfLong}, {@code I} for an {@code Accessor.OfInt}, else a space. */
    private static char elementOf(Type t) {
        return switch (t.getInternalName()) {
            case "io/jsycl/Accessor$OfLong" -> 'J';
            case "io/jsycl/Accessor$OfInt" -> 'I';
            default -> ' ';
        };
    }

    /** A copy of {@code body} with labels of its own, its jumps to {@code next} going to {@code to} instead. */
    private static InsnList copy(InsnList body, LabelNode next, LabelNode to) {
        var labels = new java.util.HashMap<LabelNode, LabelNode>();
        for (AbstractInsnNode n : body) {
            if (n instanceof LabelNode l) {
                labels.put(l, new LabelNode());
            }
        }
        labels.put(next, to);
        InsnList out = new InsnList();
        for (AbstractInsnNode n : body) {
            out.add(n.clone(labels));
        }
        return out;
    }

    /**
     * The constant {@code d} of {@code it.id(d)} where instruction {@code i} (a load of the item) starts such a call
     * ({@code aload it; iconst_d; invokeinterface Item.id}) with {@code d} in 0..2; else -1.
     */
    private static int idCall(AbstractInsnNode[] insns, int i) {
        return idCall(insns, i, LoweredApi.ITEM, "id");
    }

    /** As {@link #idCall(AbstractInsnNode[], int)} for method {@code name} of {@code owner}. */
    private static int idCall(AbstractInsnNode[] insns, int i, String owner, String name) {
        if (i + 2 >= insns.length || !(insns[i + 2] instanceof org.objectweb.asm.tree.MethodInsnNode call)
                || !call.owner.equals(owner) || !call.name.equals(name) || !call.desc.equals("(I)I")) {
            return -1;
        }
        int op = insns[i + 1].getOpcode();
        return op >= Opcodes.ICONST_0 && op <= Opcodes.ICONST_2 ? op - Opcodes.ICONST_0 : -1;
    }

    private static Optional<Compiled> transform(ClassNode cls, MethodNode m, Type[] params, ClassLoader loader,
            String looped, String cursor, String privates) {
        int paramSlots = 0;
        for (Type t : params) {
            paramSlots += t.getSize();
        }
        // runRange's own slots: this, captures, it, from (2), to (2), failedAt, failure, linear (2); the body's from
        // BASE on, its parameters where its code expects them, shifted.
        final int captures = 1;
        final int it = 2;
        final int from = 3;
        final int to = 5;
        final int failedAt = 7;
        final int failure = 8;
        final int linear = 9;
        final int base = 11;
        final int thrown = base + m.maxLocals;
        // The item's ids and extents as locals of the loop: it.id(d) with a constant d reads a local the loop counts
        // on, as the item counts (HostItem.next); where the body uses the item only so, the item is not moved at all.
        final int[] ids = {thrown + 1, thrown + 2, thrown + 3};
        final int[] extents = {thrown + 4, thrown + 5, thrown + 6};
        final int count = thrown + 7;
        final int k = thrown + 8;
        int itemSlot = paramSlots - 1;
        // Atomic additions whose old value the body drops, on a captured accessor the body uses for nothing else: a
        // run adds them up in an array of its own and adds the sums to the accessor once, at its end (k-means' three
        // sums per point on 16 clusters, each an atomic add two cores fought over, were a third of its time).
        List<Privatized> privatized = privatizable(cls.name, m, params, k + 1);
        for (Privatized p : privatized) {
            for (org.objectweb.asm.tree.MethodInsnNode call : p.calls()) {
                m.instructions.insertBefore(call, new VarInsnNode(Opcodes.ALOAD, p.privateSlot() - base));
                m.instructions.remove(call.getNext()); // the POP (POP2) of the old value
                m.instructions.set(call, new org.objectweb.asm.tree.MethodInsnNode(Opcodes.INVOKESTATIC, privates,
                        "add", "(L" + p.accessor() + ";I" + p.type() + "[" + p.type() + ")V", false));
            }
        }
        AbstractInsnNode[] insns = m.instructions.toArray();
        int dimensionsRead = 0;
        boolean pure = true;
        for (int i = 0; i < insns.length; i++) {
            if (insns[i] instanceof VarInsnNode v && v.getOpcode() == Opcodes.ALOAD && v.var == itemSlot) {
                int d = idCall(insns, i);
                if (d < 0) {
                    pure = false;
                } else {
                    dimensionsRead = Math.max(dimensionsRead, d + 1);
                    m.instructions.set(insns[i + 2], new VarInsnNode(Opcodes.ILOAD, ids[d] - base)); // shifted below
                    m.instructions.remove(insns[i + 1]);
                    m.instructions.remove(insns[i]);
                }
            }
        }
        LabelNode next = new LabelNode();
        InsnList body = shiftedBody(m, paramSlots, base, next);
        if (body == null) {
            return Optional.empty();
        }
        String name = cls.name + "$JsyclRange$" + m.name.replace('$', '_');
        ClassWriter cw = classWith(cls, name, looped, body, loader);
        if (cw == null) {
            return Optional.empty();
        }

        var run = new MethodNode(Opcodes.ACC_PUBLIC, "runRange", "([Ljava/lang/Object;L" + cursor
                + ";JJ[[I)Ljava/lang/RuntimeException;", null, null);
        MethodVisitor mv = run;
        mv.visitCode();
        parameters(mv, params, captures, it, base);
        for (Privatized p : privatized) { // the run's private sums, or null where the accessor is too long for them
            mv.visitVarInsn(Opcodes.ALOAD, base + p.slot());
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, privates, p.type() == 'J' ? "longs" : "ints",
                    "(L" + p.accessor() + ";)[" + p.type(), false);
            mv.visitVarInsn(Opcodes.ASTORE, p.privateSlot());
        }
        mv.visitInsn(Opcodes.ACONST_NULL);
        mv.visitVarInsn(Opcodes.ASTORE, failure);
        mv.visitVarInsn(Opcodes.LLOAD, from);
        mv.visitVarInsn(Opcodes.LSTORE, linear);
        mv.visitVarInsn(Opcodes.ALOAD, it);
        mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, cursor, "ids", "()[I", true);
        for (int d = 0; d < 3; d++) {
            if (d < 2) {
                mv.visitInsn(Opcodes.DUP);
            }
            mv.visitLdcInsn(d);
            mv.visitInsn(Opcodes.IALOAD);
            mv.visitVarInsn(Opcodes.ISTORE, ids[d]);
        }
        for (int d = 0; d < 3; d++) {
            mv.visitVarInsn(Opcodes.ALOAD, it);
            mv.visitLdcInsn(d);
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, cursor, "extent", "(I)I", true);
            mv.visitVarInsn(Opcodes.ISTORE, extents[d]);
        }
        // One loop per number of dimensions, each with the body copied in: an inner loop along the fastest dimension
        // (the last), counted in ints, in which the other ids stay put, so that what the body computes from them
        // leaves the inner loop; the outer loop moves on to the next row or plane.
        Label done = new Label();
        LabelNode[] variants = {new LabelNode(), new LabelNode(), new LabelNode()};
        mv.visitVarInsn(Opcodes.ALOAD, it);
        mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, LoweredApi.ITEM, "dimensions", "()I", true);
        run.instructions.add(new org.objectweb.asm.tree.TableSwitchInsnNode(1, 3, variants[2], variants));
        for (int dims = 1; dims <= 3; dims++) {
            int f = dims - 1; // the fastest dimension's id
            run.instructions.add(variants[dims - 1]);
            LabelNode outer = new LabelNode();
            LabelNode inner = new LabelNode();
            LabelNode wrap = new LabelNode();
            LabelNode nextItem = new LabelNode();
            run.instructions.add(outer);
            mv.visitVarInsn(Opcodes.LLOAD, linear);
            mv.visitVarInsn(Opcodes.LLOAD, to);
            mv.visitInsn(Opcodes.LCMP);
            mv.visitJumpInsn(Opcodes.IFGE, done);
            // count = min(to - linear, extent_f - id_f): the items of this row that the run holds
            mv.visitVarInsn(Opcodes.LLOAD, to);
            mv.visitVarInsn(Opcodes.LLOAD, linear);
            mv.visitInsn(Opcodes.LSUB);
            mv.visitVarInsn(Opcodes.ILOAD, extents[f]);
            mv.visitVarInsn(Opcodes.ILOAD, ids[f]);
            mv.visitInsn(Opcodes.ISUB);
            mv.visitInsn(Opcodes.I2L);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Math", "min", "(JJ)J", false);
            mv.visitInsn(Opcodes.L2I);
            mv.visitVarInsn(Opcodes.ISTORE, count);
            mv.visitInsn(Opcodes.ICONST_0);
            mv.visitVarInsn(Opcodes.ISTORE, k);
            run.instructions.add(inner);
            mv.visitVarInsn(Opcodes.ILOAD, k);
            mv.visitVarInsn(Opcodes.ILOAD, count);
            run.instructions.add(new JumpInsnNode(Opcodes.IF_ICMPGE, wrap));
            LabelNode tryStart = new LabelNode();
            LabelNode tryEnd = new LabelNode();
            LabelNode handler = new LabelNode();
            run.instructions.add(tryStart);
            run.instructions.add(copy(body, next, nextItem));
            run.instructions.add(tryEnd);
            // An item that throws: the first failure and its item are kept, and the loop goes on.
            run.instructions.add(handler);
            mv.visitVarInsn(Opcodes.ASTORE, thrown);
            mv.visitVarInsn(Opcodes.ALOAD, failure);
            run.instructions.add(new JumpInsnNode(Opcodes.IFNONNULL, nextItem));
            mv.visitVarInsn(Opcodes.ALOAD, thrown);
            mv.visitVarInsn(Opcodes.ASTORE, failure);
            mv.visitVarInsn(Opcodes.ALOAD, failedAt);
            mv.visitInsn(Opcodes.ICONST_0);
            mv.visitInsn(Opcodes.ICONST_3);
            mv.visitIntInsn(Opcodes.NEWARRAY, Opcodes.T_INT);
            for (int d = 0; d < 3; d++) {
                mv.visitInsn(Opcodes.DUP);
                mv.visitLdcInsn(d);
                mv.visitVarInsn(Opcodes.ILOAD, ids[d]);
                mv.visitInsn(Opcodes.IASTORE);
            }
            mv.visitInsn(Opcodes.AASTORE);
            run.instructions.add(nextItem);
            if (!pure) {
                mv.visitVarInsn(Opcodes.ALOAD, it);
                mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, cursor, "next", "()V", true);
            }
            mv.visitIincInsn(ids[f], 1);
            mv.visitIincInsn(k, 1);
            run.instructions.add(new JumpInsnNode(Opcodes.GOTO, inner));
            run.tryCatchBlocks.add(new TryCatchBlockNode(tryStart, tryEnd, handler, "java/lang/RuntimeException"));
            // The row's items are done: linear moves on; where the row ended (not the run), the next row starts.
            run.instructions.add(wrap);
            mv.visitVarInsn(Opcodes.LLOAD, linear);
            mv.visitVarInsn(Opcodes.ILOAD, count);
            mv.visitInsn(Opcodes.I2L);
            mv.visitInsn(Opcodes.LADD);
            mv.visitVarInsn(Opcodes.LSTORE, linear);
            mv.visitVarInsn(Opcodes.ILOAD, ids[f]);
            mv.visitVarInsn(Opcodes.ILOAD, extents[f]);
            run.instructions.add(new JumpInsnNode(Opcodes.IF_ICMPLT, outer));
            mv.visitInsn(Opcodes.ICONST_0);
            mv.visitVarInsn(Opcodes.ISTORE, ids[f]);
            if (dims == 2) {
                mv.visitIincInsn(ids[0], 1);
            } else if (dims == 3) {
                mv.visitIincInsn(ids[1], 1);
                mv.visitVarInsn(Opcodes.ILOAD, ids[1]);
                mv.visitVarInsn(Opcodes.ILOAD, extents[1]);
                run.instructions.add(new JumpInsnNode(Opcodes.IF_ICMPLT, outer));
                mv.visitInsn(Opcodes.ICONST_0);
                mv.visitVarInsn(Opcodes.ISTORE, ids[1]);
                mv.visitIincInsn(ids[0], 1);
            }
            run.instructions.add(new JumpInsnNode(Opcodes.GOTO, outer));
        }
        mv.visitLabel(done);
        for (Privatized p : privatized) {
            mv.visitVarInsn(Opcodes.ALOAD, base + p.slot());
            mv.visitVarInsn(Opcodes.ALOAD, p.privateSlot());
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, privates, "flush",
                    "(L" + p.accessor() + ";[" + p.type() + ")V", false);
        }
        mv.visitVarInsn(Opcodes.ALOAD, failure);
        mv.visitInsn(Opcodes.ARETURN);
        run.maxLocals = k + 1 + privatized.size();
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        run.accept(cw);
        dimensionsRead(cw, dimensionsRead);
        cw.visitEnd();
        return Optional.of(new Compiled(name.replace('/', '.'), cw.toByteArray()));
    }
}
