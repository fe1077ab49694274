package io.jsycl;

/** What a {@link Queue#submit} runs to record one command group: its accessors and its kernel. */
@FunctionalInterface
public interface CommandGroup {
    /**
     * Records the command group into {@code h}.
     *
     * @param h the handler that records the command group's accessors and kernel
     */
    void apply(Handler h);
}
