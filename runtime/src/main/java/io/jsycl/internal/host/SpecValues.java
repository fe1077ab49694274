package io.jsycl.internal.host;

import io.jsycl.SpecConstant;
import java.util.Map;

/** The values of the specialization constants while the host device runs a command group's kernel. */
public final class SpecValues {
    private static final ScopedValue<Map<SpecConstant<?>, Object>> VALUES = ScopedValue.newInstance();

    private SpecValues() {
    }

    /**
     * The value {@code constant} has on this thread.
     *
     * @param constant a specialization constant
     * @return its value for the kernel running on this thread, or null where it has none (its default applies)
     */
    public static Object valueOf(SpecConstant<?> constant) {
        return VALUES.isBound() ? VALUES.get().get(constant) : null;
    }

    /** Runs {@code body} with {@code values} as the values of the constants they name. */
    static void runWith(Map<SpecConstant<?>, Object> values, Runnable body) {
        if (values.isEmpty()) {
            body.run();
        } else {
            ScopedValue.where(VALUES, values).run(body);
        }
    }
}
