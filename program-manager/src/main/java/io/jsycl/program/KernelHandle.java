package io.jsycl.program;

import io.jsycl.opencl.ClKernel;
import java.util.function.Supplier;

/**
 * A cached kernel. Use it through {@link #acquire()}: {@code clSetKernelArg} + enqueue on one
 * {@code cl_kernel} is not thread safe, so each lease gets a kernel object no other lease
 * holds. Leases of one handle never wait for each other: a thread that finds every kernel
 * object of the handle busy gets a new one (a fresh {@code clCreateKernel}, as good as a clone
 * since every argument is set before each enqueue); the pool stays as small as the peak
 * concurrency. A per-kernel lock would serialize all enqueues of a hot kernel across the
 * scheduler's threads. Set every argument after acquiring: a reused kernel object keeps the
 * previous lease's arguments.
 *
 * <p>A kernel evicted from the cache stays valid while leased; acquiring an evicted handle
 * transparently looks the kernel up again.
 */
public final class KernelHandle {
    private volatile CachedKernel<?, ClKernel> entry;
    private final Supplier<CachedKernel<?, ClKernel>> lookup;

    KernelHandle(CachedKernel<?, ClKernel> entry, Supplier<CachedKernel<?, ClKernel>> lookup) {
        this.entry = entry;
        this.lookup = lookup;
    }

    /**
     * The kernel's name.
     *
     * @return the {@code __kernel} function's name
     */
    public String name() {
        return entry.name;
    }

    /**
     * Exclusive use of a kernel object until {@link Lease#close()}; the kernel is not released
     * before then, even if evicted.
     *
     * @return a lease of a kernel object no other thread holds; close it when the enqueue is done
     * @throws ProgramBuildException if the kernel was evicted and rebuilding it fails
     */
    public Lease acquire() {
        while (true) {
            CachedKernel<?, ClKernel> e = entry;
            ClKernel k = e.borrow();
            if (k != null) {
                return new Lease(e, k);
            }
            entry = lookup.get(); // evicted and released: look it up again
        }
    }

    /** Use of one kernel object by one thread. Closing twice is harmless. */
    public final class Lease implements AutoCloseable {
        private final CachedKernel<?, ClKernel> owner;
        private ClKernel kernel;

        private Lease(CachedKernel<?, ClKernel> owner, ClKernel kernel) {
            this.owner = owner;
            this.kernel = kernel;
        }

        /**
         * The kernel object, for {@code clSetKernelArg} and enqueue by this thread only.
         *
         * @return the leased kernel; do not close it or keep it past the lease
         * @throws IllegalStateException if this lease is closed
         */
        public ClKernel kernel() {
            if (kernel == null) {
                throw new IllegalStateException("lease of kernel '" + owner.name + "' used after close()");
            }
            return kernel;
        }

        /** Gives the kernel object back; it may be released now if the kernel was evicted. */
        @Override
        public void close() {
            ClKernel k = kernel;
            if (k != null) {
                kernel = null;
                owner.giveBack(k);
            }
        }
    }
}
