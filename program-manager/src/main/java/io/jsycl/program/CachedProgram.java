package io.jsycl.program;

import java.util.HashSet;
import java.util.Set;

/** A built program in the cache. Its kernels each hold a reference, so it is released after them. */
final class CachedProgram<P> {
    final P program;
    /** What it was built from: the cache blob stores its full key. */
    final ProgramSource source;
    final RefCount refs;
    /** Set once, under the cache lock, when the program leaves the cache. */
    volatile boolean evicted;
    // Guarded by the cache lock: names of the kernels map entries made from this program.
    final Set<String> kernelNames = new HashSet<>();

    CachedProgram(P program, ProgramSource source, Runnable release) {
        this.program = program;
        this.source = source;
        this.refs = new RefCount(release);
    }
}
