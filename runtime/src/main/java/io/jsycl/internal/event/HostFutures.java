package io.jsycl.internal.event;

import io.jsycl.SyclException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** Waiting for host work: what the work threw comes out as it was thrown. */
public final class HostFutures {
    private HostFutures() {
    }

    /**
     * Waits for {@code work}. An unchecked exception or error it threw is rethrown as is; anything
     * else becomes a {@link SyclException} saying {@code failed}; an interrupt says {@code waiting}.
     */
    public static void await(Future<?> work, String waiting, String failed) {
        try {
            work.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SyclException("interrupted while " + waiting, e);
        } catch (ExecutionException e) {
            throw rethrow(e.getCause(), failed);
        }
    }

    /** {@code thrown} itself if unchecked (throws an error directly), else a {@link SyclException}. */
    public static RuntimeException rethrow(Throwable thrown, String failed) {
        return switch (thrown) {
            case RuntimeException re -> re;
            case Error err -> throw err;
            default -> new SyclException(failed + ": " + thrown, thrown);
        };
    }
}
