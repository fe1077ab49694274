package io.jsycl;

/** Test double of the runtime's {@code SpecConstant}. */
public final class SpecConstant<T> {
    private final String name;
    private final T defaultValue;

    private SpecConstant(String name, T defaultValue) {
        this.name = name;
        this.defaultValue = defaultValue;
    }

    public static <T> SpecConstant<T> of(String name, T defaultValue) {
        return new SpecConstant<>(name, defaultValue);
    }

    public String name() {
        return name;
    }

    public T defaultValue() {
        return defaultValue;
    }

    public T get() {
        return defaultValue;
    }
}
