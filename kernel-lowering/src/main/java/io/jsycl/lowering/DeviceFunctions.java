package io.jsycl.lowering;

import io.jsycl.lowering.Expr.FenceFlags;
import io.jsycl.lowering.Expr.GroupOpConstant;
import io.jsycl.lowering.Expr.ItemRef;
import io.jsycl.lowering.Expr.NewRecord;
import io.jsycl.lowering.Expr.RecordValue;
import io.jsycl.lowering.Expr.ReducerRef;
import io.jsycl.lowering.Expr.SpecConstantRef;
import io.jsycl.lowering.Expr.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Static methods called from a kernel become device functions, translated once per kernel and
 * per accessor shape of their arguments; recursion is rejected.
 */
final class DeviceFunctions {
    private DeviceFunctions() {
    }

    static Expr call(KernelContext ctx, Rejector r, MethodInsnNode m, List<Expr> args) {
        return call(ctx, r, m, null, args);
    }

    /**
     * A call of a static method ({@code receiver} null) or of a record value's own method ({@code receiver} the
     * record value, an {@link Expr.RecordValue}), which becomes a device function whose first parameter is the record.
     */
    static Expr call(KernelContext ctx, Rejector r, MethodInsnNode m, Expr receiver, List<Expr> args) {
        ClassNode owner = ctx.classNode(m.owner);
        MethodNode method = null;
        if (owner != null) {
            for (MethodNode mn : owner.methods) {
                if (mn.name.equals(m.name) && mn.desc.equals(m.desc)
                        && ((mn.access & Opcodes.ACC_STATIC) != 0) == (receiver == null)) {
                    method = mn;
                }
            }
        }
        if (receiver != null) {
            var all = new ArrayList<Expr>();
            all.add(receiver);
            all.addAll(args);
            args = all;
        }
        String who = m.owner.substring(m.owner.lastIndexOf('/') + 1).replace('$', '.') + "." + m.name;
        if (method == null || (method.access & (Opcodes.ACC_NATIVE | Opcodes.ACC_ABSTRACT)) != 0) {
            throw r.reject("call to " + who, "cannot be lowered: its class file is not available or it has no bytecode");
        }
        StringBuilder spec = new StringBuilder(m.owner).append('.').append(m.name).append(m.desc)
                .append(receiver != null ? "|instance" : "");
        for (Expr a : args) {
            switch (a) {
                case ItemRef _ -> throw r.reject("passing the item to " + who,
                        "is not supported; pass the ids as int arguments instead");
                case ReducerRef _ -> throw r.reject("passing the reducer to " + who,
                        "is not supported; return the value and combine it in the kernel");
                case FenceFlags _, GroupOpConstant _, SpecConstantRef _ -> throw r.reject(
                        "passing a fence or a SpecConstant to " + who, "is not supported; pass the value instead");
                case Expr.MemoryOrderConstant _, Expr.MemoryScopeConstant _ -> throw r.reject(
                        "passing a MemoryOrder or MemoryScope to " + who,
                        "is not supported; name the constant in the atomic call itself (MemoryOrder.RELEASE)");
                case AccessorRef acc -> spec.append('|').append(CaptureLayout.structName(ctx, acc.capture()));
                case NewRecord _ -> throw r.reject("passing a record before its constructor ran to " + who,
                        "is not supported in kernels");
                default -> {
                }
            }
        }
        RecordType returned = null;
        Type ret = Type.getReturnType(m.desc);
        if (ret.getSort() == Type.OBJECT) {
            returned = RecordType.ofClass(ctx, ret.getInternalName());
            if (returned == null) {
                throw r.reject("call to " + who + ", which returns a " + ret.getClassName(),
                        "is not supported; device functions return primitives or records of primitives");
            }
        }
        String name = KernelLowerer.mangle(m.owner) + "__" + KernelLowerer.mangle(m.name) + "_"
                + String.format("%08x", spec.toString().hashCode());
        if (ctx.inProgress.contains(name)) {
            throw r.reject("recursive call to " + who, "is not supported on devices; rewrite it as a loop");
        }
        if (!ctx.deviceFunctions.containsKey(name)) {
            ctx.inProgress.add(name);
            int convergentBefore = ctx.convergentOps;
            ctx.deviceFunctions.put(name, define(ctx, owner, method, name, args, receiver != null));
            ctx.inProgress.remove(name);
            if (ctx.convergentOps != convergentBefore) {
                ctx.convergentFunctions.add(name);
            }
        }
        if (ctx.convergentFunctions.contains(name)) {
            ctx.convergent(); // the caller's block holds what the function holds
        }
        StringBuilder call = new StringBuilder(name).append('(');
        for (int i = 0; i < args.size(); i++) {
            call.append(i > 0 ? ", " : "").append(args.get(i).text()); // an accessor's text is its pointer
        }
        if (ctx.checked) {
            call.append(args.isEmpty() ? "" : ", ").append(Checks.ARGS);
        }
        char kind = Builtins.returnKind(m.desc);
        String text = call.append(')').toString();
        boolean pure = ctx.pureFunctions.contains(name) && !ctx.checked;
        if (returned != null) {
            return new RecordValue(returned, text, false, !pure);
        }
        return Expr.callResult(kind, text, kind == 'V' || !pure);
    }

    private static String define(KernelContext ctx, ClassNode owner, MethodNode method, String name, List<Expr> args,
            boolean instance) {
        Type[] declared = Type.getArgumentTypes(method.desc);
        Type[] types = declared;
        if (instance) {
            // The receiver is parameter 0 (slot 0, "this"), the declared parameters follow.
            types = new Type[declared.length + 1];
            types[0] = Type.getObjectType(owner.name);
            System.arraycopy(declared, 0, types, 1, declared.length);
        }
        List<MethodTranslator.Param> params = new ArrayList<>();
        List<String> cParams = new ArrayList<>();
        int slot = 0;
        for (int i = 0; i < types.length; i++) {
            String pname = instance && i == 0 ? "self" : LocalNames.paramName(method, slot, instance ? i - 1 : i);
            switch (args.get(i)) {
                case RecordValue r -> {
                    params.add(MethodTranslator.Param.ref(slot, pname, new RecordValue(r.type(), pname, true, false)));
                    cParams.add(r.type().cType() + " " + pname);
                }
                case AccessorRef a -> {
                    AccessorRef ref = new AccessorRef(a.capture(), pname, pname + "->");
                    params.add(MethodTranslator.Param.ref(slot, pname, ref));
                    cParams.add("const " + CaptureLayout.structName(ctx, ref.capture()) + "* " + pname);
                }
                case Value v -> {
                    params.add(MethodTranslator.Param.value(slot, v.type(), pname));
                    cParams.add(Expr.cType(v.type()) + " " + pname);
                }
                default -> throw new IllegalStateException("not an argument of a device function: " + args.get(i));
            }
            slot += types[i].getSize();
        }
        if (ctx.checked) {
            cParams.add(Checks.PARAMS);
        }
        MethodTranslator t = new MethodTranslator(ctx, owner, method, params);
        String body = t.translate(1);
        if (!t.hasEffects()) {
            ctx.pureFunctions.add(name);
        }
        char ret = Builtins.returnKind(method.desc);
        Type retType = Type.getReturnType(method.desc);
        String cRet = ret == 'V' ? "void" : ret == 'A' ? RecordType.ofClass(ctx, retType.getInternalName()).cType() : Expr.cType(ret);
        CodeBuilder c = new CodeBuilder();
        c.line("/* " + owner.name.replace('/', '.') + "." + method.name + method.desc + " */");
        c.open(cRet + " " + name + "(" + String.join(", ", cParams) + ")");
        for (Map.Entry<String, String> d : t.declarations().entrySet()) {
            c.line(LocalNames.declaration(d.getKey(), d.getValue(), ctx.checked));
        }
        c.raw(body);
        c.close();
        return c.toString();
    }
}
