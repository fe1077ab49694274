package io.jsycl.program;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A cached kernel: a pool of kernel objects of one program and name, each lent to one user
 * at a time. {@code clSetKernelArg} + enqueue on one {@code cl_kernel} is not thread safe, so
 * rather than serialize every enqueue of a hot kernel behind one lock, a user that finds no
 * idle kernel object gets a new one ({@code clCreateKernel} equals a clone with no arguments
 * set, and works on OpenCL 1.2 too). The pool never grows past the peak number of concurrent
 * users. Everything is released once, after the cache retired the kernel and the last lease
 * closed; then the kernel's reference on its program is dropped.
 */
final class CachedKernel<P, K> {
    private final ProgramCompiler<?, P, K> compiler;
    final CachedProgram<P> program;
    final String name;
    final RefCount refs;
    /**
     * One idle kernel object kept outside {@link #idle}: the uncontended case (one thread submitting) borrows and
     * gives back through this slot with one atomic swap each and no allocation (a deque push allocates a node).
     */
    private final AtomicReference<K> spare = new AtomicReference<>();
    private final ConcurrentLinkedDeque<K> idle = new ConcurrentLinkedDeque<>();
    // Guarded by itself: every kernel object made, for release.
    private final List<K> all = new ArrayList<>();

    /** Takes over one reference on {@code program}, dropped when this kernel is released. */
    CachedKernel(ProgramCompiler<?, P, K> compiler, CachedProgram<P> program, String name, K first) {
        this.compiler = compiler;
        this.program = program;
        this.name = name;
        this.refs = new RefCount(this::releaseAll);
        spare.set(first);
        all.add(first);
    }

    /** An idle or new kernel object, with a reference held; {@code null} if already released. */
    K borrow() {
        if (!refs.tryAcquire()) {
            return null;
        }
        K k = spare.getAndSet(null);
        if (k == null) {
            k = idle.poll();
        }
        if (k != null) {
            return k;
        }
        try {
            k = compiler.createKernel(program.program, name);
        } catch (RuntimeException | Error e) {
            refs.release();
            throw e;
        }
        synchronized (all) {
            all.add(k);
        }
        return k;
    }

    void giveBack(K kernel) {
        if (!spare.compareAndSet(null, kernel)) {
            idle.push(kernel);
        }
        refs.release();
    }

    /** Kernel objects made so far (for tests and stats). */
    int poolSize() {
        synchronized (all) {
            return all.size();
        }
    }

    private void releaseAll() {
        List<K> toRelease;
        synchronized (all) {
            toRelease = new ArrayList<>(all);
            all.clear();
        }
        spare.set(null);
        idle.clear();
        try {
            for (K k : toRelease) {
                compiler.releaseKernel(k);
            }
        } finally {
            program.refs.release();
        }
    }
}
