package io.jsycl.lowering;

import java.io.IOException;
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
     * @return the class, or empty where the kernel is not one it compiles
     */
    public static Optional<Compiled> compile(ClassLoader loader, String owner, String implMethod, String implDesc,
            String looped, String cursor) {
        try {
            ClassNode cls = HostPhaseCompiler.classNode(loader, owner);
            MethodNode m = cls == null ? null : HostPhaseCompiler.staticBody(cls, implMethod, implDesc);
            Type[] params = Type.getArgumentTypes(implDesc);
            if (m == null || Type.getReturnType(implDesc) != Type.VOID_TYPE || params.length == 0
                    || !params[params.length - 1].getInternalName().equals(LoweredApi.ITEM)) {
                return Optional.empty();
            }
            return transform(cls, m, params, loader, looped, cursor);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<Compiled> transform(ClassNode cls, MethodNode m, Type[] params, ClassLoader loader,
            String looped, String cursor) {
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
        LabelNode next = new LabelNode();
        InsnList body = new InsnList();
        for (AbstractInsnNode n : m.instructions.toArray()) {
            m.instructions.remove(n);
            if (n instanceof VarInsnNode v) {
                if (v.var < paramSlots && v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE) {
                    return Optional.empty(); // a parameter assigned: it would stay so for the next items
                }
                v.var += base;
            } else if (n instanceof IincInsnNode inc) {
                if (inc.var < paramSlots) {
                    return Optional.empty();
                }
                inc.var += base;
            } else if (n.getOpcode() == Opcodes.RETURN) {
                n = new JumpInsnNode(Opcodes.GOTO, next);
            } else if (n.getOpcode() >= Opcodes.IRETURN && n.getOpcode() <= Opcodes.ARETURN
                    || n.getOpcode() == Opcodes.RET || n.getOpcode() == Opcodes.JSR) {
                return Optional.empty();
            }
            body.add(n);
        }
        String name = cls.name + "$JsyclRange$" + m.name.replace('$', '_');
        ClassWriter cw = HostPhaseCompiler.classWriter(loader);
        cw.visit(Opcodes.V21, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, name, null, "java/lang/Object",
                new String[] {looped});
        cw.visitSource(cls.sourceFile, null); // the kernel's lines in stack traces
        if (!HostPhaseCompiler.copyDeviceFunctions(cls, name, body, cw)) {
            return Optional.empty();
        }
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();

        var run = new MethodNode(Opcodes.ACC_PUBLIC, "runRange", "([Ljava/lang/Object;L" + cursor
                + ";JJ[[I)Ljava/lang/RuntimeException;", null, null);
        MethodVisitor mv = run;
        mv.visitCode();
        // The captures, unboxed once, and the item, into the body's parameter slots.
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
        mv.visitInsn(Opcodes.ACONST_NULL);
        mv.visitVarInsn(Opcodes.ASTORE, failure);
        mv.visitVarInsn(Opcodes.LLOAD, from);
        mv.visitVarInsn(Opcodes.LSTORE, linear);
        Label loop = new Label();
        Label done = new Label();
        mv.visitLabel(loop);
        mv.visitVarInsn(Opcodes.LLOAD, linear);
        mv.visitVarInsn(Opcodes.LLOAD, to);
        mv.visitInsn(Opcodes.LCMP);
        mv.visitJumpInsn(Opcodes.IFGE, done);
        LabelNode tryStart = new LabelNode();
        LabelNode tryEnd = new LabelNode();
        LabelNode handler = new LabelNode();
        run.instructions.add(tryStart);
        run.instructions.add(body);
        run.instructions.add(tryEnd);
        // An item that throws: the first failure and its item are kept, and the loop goes on.
        run.instructions.add(handler);
        mv.visitVarInsn(Opcodes.ASTORE, thrown);
        mv.visitVarInsn(Opcodes.ALOAD, failure);
        run.instructions.add(new JumpInsnNode(Opcodes.IFNONNULL, next));
        mv.visitVarInsn(Opcodes.ALOAD, thrown);
        mv.visitVarInsn(Opcodes.ASTORE, failure);
        mv.visitVarInsn(Opcodes.ALOAD, failedAt);
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitVarInsn(Opcodes.ALOAD, it);
        mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, cursor, "ids", "()[I", true);
        mv.visitInsn(Opcodes.AASTORE);
        run.instructions.add(next);
        mv.visitVarInsn(Opcodes.ALOAD, it);
        mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, cursor, "next", "()V", true);
        mv.visitVarInsn(Opcodes.LLOAD, linear);
        mv.visitInsn(Opcodes.LCONST_1);
        mv.visitInsn(Opcodes.LADD);
        mv.visitVarInsn(Opcodes.LSTORE, linear);
        mv.visitJumpInsn(Opcodes.GOTO, loop);
        mv.visitLabel(done);
        mv.visitVarInsn(Opcodes.ALOAD, failure);
        mv.visitInsn(Opcodes.ARETURN);
        run.tryCatchBlocks.add(new TryCatchBlockNode(tryStart, tryEnd, handler, "java/lang/RuntimeException"));
        run.maxLocals = thrown + 1;
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        run.accept(cw);
        cw.visitEnd();
        return Optional.of(new Compiled(name.replace('/', '.'), cw.toByteArray()));
    }
}
