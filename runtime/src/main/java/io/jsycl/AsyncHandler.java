package io.jsycl;

import java.util.List;

/** Receives errors of asynchronously executed work, in place of rethrowing them at {@link Queue#await()}. */
@FunctionalInterface
public interface AsyncHandler {
    /**
     * Called with the errors collected since the last call.
     *
     * @param errors the errors, oldest first; never empty
     */
    void handle(List<Throwable> errors);
}
