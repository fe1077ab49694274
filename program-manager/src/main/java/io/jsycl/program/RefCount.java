package io.jsycl.program;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reference count of a cached OpenCL object. The cache holds one reference until it
 * {@link #retire() retires} the object (eviction, clear, forget); each lease holds one more.
 * The release action runs exactly once, when the count reaches zero.
 */
final class RefCount {
    private final AtomicInteger count = new AtomicInteger(1);
    private final AtomicBoolean retired = new AtomicBoolean();
    private final Runnable onRelease;

    RefCount(Runnable onRelease) {
        this.onRelease = onRelease;
    }

    /** Takes a reference; {@code false} if the object is already released. */
    boolean tryAcquire() {
        while (true) {
            int c = count.get();
            if (c == 0) {
                return false;
            }
            if (count.compareAndSet(c, c + 1)) {
                return true;
            }
        }
    }

    void release() {
        int c = count.decrementAndGet();
        if (c == 0) {
            onRelease.run();
        } else if (c < 0) {
            throw new IllegalStateException("released more often than acquired");
        }
    }

    /** Drops the cache's own reference; only the first call counts. */
    void retire() {
        if (retired.compareAndSet(false, true)) {
            release();
        }
    }

    boolean isReleased() {
        return count.get() == 0;
    }
}
