package io.jsycl;

import io.jsycl.Lowered.As;
import java.util.Map;
import java.util.Objects;

/**
 * A value fixed when a kernel is built: {@code static final SpecConstant<Integer> TILE =
 * SpecConstant.of("TILE", 16)}; a command group sets it with {@code h.set(TILE, 32)} and the kernel
 * reads it with {@code TILE.get()}. On a device it is a compile-time constant of the program (part
 * of its cache key); on the host device {@code get()} returns the command group's value.
 *
 * @param <T> a boxed primitive type
 */
public final class SpecConstant<T> {
    /** The command group's values while the host device runs its kernel on this thread. */
    private static final ScopedValue<Map<SpecConstant<?>, Object>> VALUES = ScopedValue.newInstance();

    private final String name;
    private final T defaultValue;

    private SpecConstant(String name, T defaultValue) {
        this.name = name;
        this.defaultValue = defaultValue;
    }

    /**
     * A specialization constant named {@code name} (a C identifier) with its default value.
     *
     * @param <T> the boxed primitive type of the value
     * @param name a C identifier, unique among the kernel's specialization constants
     * @param defaultValue a boxed primitive, used when a command group sets no value
     * @return the constant, to set per command group with {@code Handler.set}
     * @throws IllegalArgumentException if the value is not a boxed primitive
     */
    public static <T> SpecConstant<T> of(String name, T defaultValue) {
        Objects.requireNonNull(name, "name");
        if (!(defaultValue instanceof Number || defaultValue instanceof Boolean || defaultValue instanceof Character)) {
            throw new IllegalArgumentException("specialization constant " + name + " must hold a primitive value, not "
                    + (defaultValue == null ? "null" : defaultValue.getClass().getName()));
        }
        return new SpecConstant<>(name, defaultValue);
    }

    /**
     * Its name.
     *
     * @return the C identifier
     */
    public String name() {
        return name;
    }

    /**
     * Its value when a command group does not set it.
     *
     * @return the default, a boxed primitive
     */
    public T defaultValue() {
        return defaultValue;
    }

    /**
     * Its value in the running kernel.
     *
     * @return the value the command group set, else the default
     */
    @SuppressWarnings("unchecked") // values are checked against the constant's type when set
    @Lowered(As.SPEC_CONSTANT)
    public T get() {
        Object v = VALUES.isBound() ? VALUES.get().get(this) : null;
        if (v != null) {
            return (T) v;
        }
        return defaultValue;
    }

    /**
     * Runs {@code body} with {@code values} as the values of the constants they name, on this thread: how the host
     * device runs a command group's kernel. Package-private: the runtime reaches it through its bridge.
     */
    static void runWith(Map<SpecConstant<?>, Object> values, Runnable body) {
        if (values.isEmpty()) {
            body.run();
        } else {
            ScopedValue.where(VALUES, values).run(body);
        }
    }

    @Override
    public String toString() {
        return "SpecConstant[" + name + "=" + defaultValue + "]";
    }
}
