package io.jsycl.internal.memory;

import java.util.function.Supplier;

/**
 * What a {@link io.jsycl.LocalAccessor} is a handle to: the element kind and size of the local memory it reserves, and how
 * the host device makes that memory for one work-group.
 */
public final class LocalAccessorImpl {
    private final ElementKind kind;
    private final int length;
    private final Supplier<Object> newArray;

    /**
     * Local memory of {@code length} elements of {@code kind}.
     *
     * @param kind the element kind
     * @param length the number of elements
     * @param newArray makes a fresh Java array for one work-group on the host device
     */
    public LocalAccessorImpl(ElementKind kind, int length, Supplier<Object> newArray) {
        this.kind = kind;
        this.length = length;
        this.newArray = newArray;
    }

    /** @return the element kind */
    public ElementKind kind() {
        return kind;
    }

    /** @return the size in bytes */
    public long bytes() {
        return (long) length * kind.bytes;
    }

    /** @return a fresh Java array for one work-group on the host device */
    public Object newArray() {
        return newArray.get();
    }
}
