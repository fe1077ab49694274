package io.jsycl.spark;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;

/** The record types an RDD of records may hold ({@link JsyclSpark#mapRecords}), and zeroed arrays of them. */
final class Records {
    private Records() {
    }

    /**
     * Checks on the driver, before any task runs, that {@code type} is a record of primitive components, as a
     * jsycl record buffer needs.
     *
     * @throws IllegalArgumentException naming the first component that is not, or the type if it is no record
     */
    static void check(Class<?> type, String role) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException("the " + role + " type " + type.getName() + " is not a record: "
                    + "mapRecords takes records of primitive components (record P(float x, float y) {})");
        }
        for (RecordComponent c : type.getRecordComponents()) {
            if (!c.getType().isPrimitive()) {
                throw new IllegalArgumentException("the " + role + " record " + type.getSimpleName() + " has the "
                        + "component " + c.getType().getSimpleName() + " " + c.getName() + ": a jsycl record buffer "
                        + "holds primitive components only (flatten it, or keep it in another RDD and join)");
            }
        }
    }

    /** {@code n} records of {@code type} with every component 0 (false), one shared instance (records are values). */
    @SuppressWarnings("unchecked")
    static <R extends Record> R[] zeros(Class<R> type, int n) {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Object[] values = Arrays.stream(types).map(Records::zero).toArray();
        R zero;
        try {
            Constructor<R> canonical = type.getDeclaredConstructor(types);
            canonical.setAccessible(true);
            zero = canonical.newInstance(values);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("the output record " + type.getSimpleName() + " cannot be made with "
                    + "every component 0: its constructor threw " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("the output record " + type.getSimpleName() + "'s canonical "
                    + "constructor cannot be called: " + e, e);
        }
        R[] array = (R[]) Array.newInstance(type, n);
        Arrays.fill(array, zero);
        return array;
    }

    private static Object zero(Class<?> primitive) {
        return primitive == boolean.class ? Boolean.FALSE : Array.get(Array.newInstance(primitive, 1), 0);
    }
}
