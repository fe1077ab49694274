package io.jsycl.lowering;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import org.objectweb.asm.tree.FieldInsnNode;

/**
 * Specialization constants: {@code OWNER.FIELD.get()} where the field is a {@code static final
 * io.jsycl.SpecConstant}. The field's value is read reflectively through the request's loader
 * (its class is initialised by then), its {@code name()} and {@code defaultValue()} give a macro
 * {@code JSYCL_SC_<name>} defined to the default unless a build option already defines it.
 */
final class SpecConstants {
    private SpecConstants() {
    }

    static Expr.SpecConstantRef field(KernelContext ctx, Rejector r, FieldInsnNode f) {
        Object constant;
        String name;
        Object value;
        try {
            Class<?> owner = Class.forName(f.owner.replace('/', '.'), true, ctx.loader);
            Field field = owner.getDeclaredField(f.name);
            if (!java.lang.reflect.Modifier.isStatic(field.getModifiers())
                    || !java.lang.reflect.Modifier.isFinal(field.getModifiers())) {
                throw r.reject("the SpecConstant field " + owner.getSimpleName() + "." + f.name,
                        "is not static final; declare specialization constants as static final fields");
            }
            field.setAccessible(true);
            constant = field.get(null);
            if (constant == null) {
                throw r.reject("the SpecConstant field " + owner.getSimpleName() + "." + f.name, "is null");
            }
            Method nameMethod = constant.getClass().getMethod("name");
            Method defaultMethod = constant.getClass().getMethod("defaultValue");
            nameMethod.setAccessible(true);
            defaultMethod.setAccessible(true);
            name = (String) nameMethod.invoke(constant);
            value = defaultMethod.invoke(constant);
        } catch (ReflectiveOperationException | RuntimeException e) {
            if (e instanceof LoweringException le) {
                throw le;
            }
            throw r.reject("the SpecConstant field " + f.owner.replace('/', '.') + "." + f.name,
                    "could not be read (" + e + "); declare it as a static final field of an accessible class");
        }
        ScalarType type;
        Expr literal;
        switch (value) {
            case Integer i -> {
                type = ScalarType.INT;
                literal = Expr.intConstant(i);
            }
            case Long l -> {
                type = ScalarType.LONG;
                literal = Expr.longConstant(l);
            }
            case Float x -> {
                type = ScalarType.FLOAT;
                literal = Expr.floatConstant(x);
            }
            case Double x -> {
                type = ScalarType.DOUBLE;
                literal = Expr.doubleConstant(x);
                ctx.usesFp64 = true;
            }
            case Short x -> {
                type = ScalarType.SHORT;
                literal = Expr.intConstant(x);
            }
            case Byte x -> {
                type = ScalarType.BYTE;
                literal = Expr.intConstant(x);
            }
            case Character x -> {
                type = ScalarType.CHAR;
                literal = Expr.intConstant(x);
            }
            case Boolean x -> {
                type = ScalarType.BOOLEAN;
                literal = Expr.intConstant(x ? 1 : 0);
            }
            case null, default -> throw r.reject("the SpecConstant \"" + name + "\" of value " + value,
                    "is not supported; specialization constants hold a primitive (boxed) value");
        }
        String macro = "JSYCL_SC_" + KernelLowerer.mangle(name);
        SpecConstantUse use = new SpecConstantUse(name, type, literal.text(), macro);
        SpecConstantUse old = ctx.specConstants.putIfAbsent(name, use);
        if (old != null && !old.equals(use)) {
            throw r.reject("two specialization constants named \"" + name + "\"", "are not supported in one kernel; give them distinct names");
        }
        char k = KernelLowerer.kind(type);
        return new Expr.SpecConstantRef(macro, Expr.value(k, "((" + Expr.cType(k) + ")(" + macro + "))", Expr.PRIMARY));
    }
}
