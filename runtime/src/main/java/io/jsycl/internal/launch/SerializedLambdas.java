package io.jsycl.internal.launch;

import io.jsycl.SyclException;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** A kernel or reduction op lambda's {@link SerializedLambda}: how jsycl finds a lambda's bytecode and captures. */
public final class SerializedLambdas {
    private static final ClassValue<Method> WRITE_REPLACE = new ClassValue<>() {
        @Override
        protected Method computeValue(Class<?> type) {
            try {
                Method m = type.getDeclaredMethod("writeReplace");
                m.setAccessible(true);
                return m;
            } catch (NoSuchMethodException e) {
                return null;
            } catch (InaccessibleObjectException e) {
                throw new SyclException("cannot read kernel " + type.getName() + ": open its package to module "
                        + "io.jsycl.runtime (module-info: opens " + type.getPackageName() + " to io.jsycl.runtime)", e);
            }
        }
    };

    private SerializedLambdas() {
    }

    /** Whether {@code value}'s class is a serializable lambda's: it has the {@code writeReplace} lambdas have. */
    public static boolean isLambda(Object value) {
        return WRITE_REPLACE.get(value.getClass()) != null;
    }

    /** The lambda's {@code SerializedLambda}, through its {@code writeReplace}; kernels and reduction ops. */
    public static SerializedLambda serialized(Object kernel) {
        Method writeReplace = WRITE_REPLACE.get(kernel.getClass());
        if (writeReplace == null) {
            throw new SyclException("kernel " + kernel.getClass().getName() + " is not a lambda: jsycl lowers kernels "
                    + "from a lambda's bytecode; write the kernel as a lambda (it -> ...) or a method reference");
        }
        try {
            if (writeReplace.invoke(kernel) instanceof SerializedLambda sl) {
                return sl;
            }
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new SyclException("cannot read kernel lambda " + kernel.getClass().getName(), e);
        }
        throw new SyclException("kernel " + kernel.getClass().getName() + " is not a lambda: write it as a lambda");
    }
}
