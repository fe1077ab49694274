package io.jsycl.internal.schedule;

import io.jsycl.internal.event.GraphLock;
import io.jsycl.internal.memory.Deferred;
import io.jsycl.opencl.ClException;
import io.jsycl.program.KernelHandle;
import java.util.function.Function;

/**
 * The pass loop of the scheduler (the package documentation describes passes): runs a pass under the graph lock; if
 * it deferred anything, waits for that with the lock released and runs it again, until a pass commits. Every submit
 * and host access runs its passes here.
 */
final class Passes {
    private Passes() {
    }

    /** One pass, under the graph lock. */
    @FunctionalInterface
    interface Pass<T> {
        /**
         * Decides, under the graph lock, whether the command can commit now; commits it if so.
         *
         * @param deferred where the pass leaves what it cannot do under the lock (then it commits nothing but the
         *        transfers it started)
         * @param first true for the first pass of the command (traces describe it once)
         * @return what the pass committed, or null where it deferred
         */
        T run(Deferred deferred, boolean first);
    }

    /** One pass of a kernel launch: as {@link Pass}, with the kernel object leased for it. */
    @FunctionalInterface
    interface LeasedPass<T> {
        /** As {@link Pass#run}, with {@code lease}, taken before the lock, held until the lock is released. */
        T run(KernelHandle.Lease lease, Deferred deferred, boolean first);
    }

    /** Runs {@code pass} until it commits; returns what it committed. */
    static <T> T run(Pass<T> pass) {
        return run(null, (lease, deferred, first) -> pass.run(deferred, first), e -> e);
    }

    /**
     * Runs {@code pass} until it commits, each pass with a lease of {@code kernel} (or none where it is null), taken
     * before the lock: taking it may look an evicted kernel up again, which may build it. A {@link ClException} of a
     * pass or of its deferred work is thrown as {@code clFailure} makes it.
     */
    static <T> T run(KernelHandle kernel, LeasedPass<T> pass, Function<ClException, RuntimeException> clFailure) {
        for (boolean first = true; ; first = false) {
            var deferred = new Deferred();
            T committed = null;
            Throwable failure = null;
            try (var lease = kernel == null ? null : kernel.acquire()) {
                GraphLock.LOCK.lock();
                try {
                    committed = pass.run(lease, deferred, first);
                } finally {
                    GraphLock.LOCK.unlock();
                }
            } catch (ClException e) {
                failure = clFailure.apply(e);
            } catch (RuntimeException | Error e) {
                failure = e;
            }
            try {
                Deferred.runAfter(deferred, failure);
            } catch (ClException e) {
                throw clFailure.apply(e);
            }
            if (committed != null) {
                return committed;
            }
        }
    }
}
