package io.jsycl.settings;

import java.util.Objects;

/**
 * One jsycl setting: an environment variable, overridden by the Java system property named beside it
 * ({@code JSYCL_CHECKS} [{@code jsycl.checks}]).
 *
 * @param variable the environment variable, {@code JSYCL_*}
 * @param property the system property that overrides it, {@code jsycl.*}
 */
public record Setting(String variable, String property) {
    /** {@code JSYCL_TRACE}: the one setting both the runtime (its scheduler trace) and the caches read. */
    public static final Setting TRACE = new Setting("JSYCL_TRACE", "jsycl.trace");

    /**
     * Checks both names.
     *
     * @param variable the environment variable
     * @param property the system property
     */
    public Setting {
        Objects.requireNonNull(variable, "variable");
        Objects.requireNonNull(property, "property");
    }

    /**
     * How messages name the setting: {@code JSYCL_CHECKS (or -Djsycl.checks)}.
     *
     * @return both names
     */
    @Override
    public String toString() {
        return variable + " (or -D" + property + ")";
    }
}
