package io.jsycl.internal.memory;

import io.jsycl.SyclException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;

/** Reads captured records' components, for flattening them into kernel arguments. */
public final class RecordPaths {
    private static final ClassValue<Method[]> ACCESSORS = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            RecordComponent[] components = type.getRecordComponents();
            Method[] methods = new Method[components.length];
            for (int i = 0; i < components.length; i++) {
                methods[i] = components[i].getAccessor();
                methods[i].setAccessible(true);
            }
            return methods;
        }
    };

    private RecordPaths() {
    }

    /** The component values of {@code r}, in declaration order. */
    public static Object[] components(Record r) {
        Method[] accessors = ACCESSORS.get(r.getClass());
        Object[] values = new Object[accessors.length];
        for (int i = 0; i < accessors.length; i++) {
            values[i] = component(r, accessors[i]);
        }
        return values;
    }

    private static Object component(Record r, Method accessor) {
        try {
            return accessor.invoke(r);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new SyclException("cannot read component " + accessor.getName() + " of captured record "
                    + r.getClass().getName() + " (make the record public or open its package to io.jsycl.runtime)", e);
        }
    }
}
