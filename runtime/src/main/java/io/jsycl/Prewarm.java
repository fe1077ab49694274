package io.jsycl;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Readies, once per JVM and on a background thread, what every first submit needs, warm or cold:
 * the lowering cache's folder and the fingerprint of the lowering code in its keys. A queue
 * starts it when it is made, so this work overlaps the application's own setup (buffers, data)
 * instead of adding to its first kernel. It does not load the lowering itself (ASM and the
 * lowerers): a warm start finds its kernels in the lowering cache and never needs them, and on a
 * machine with few cores loading them here would take CPU time from that start. Failures here are
 * ignored: the first submit redoes the work in the foreground and reports what goes wrong.
 */
final class Prewarm {
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private Prewarm() {
    }

    static void start() {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread.ofPlatform().daemon().name("jsycl-prewarm").start(() -> {
            try {
                LoweringCache.instance();
                String ignored = LoweringCache.LoweringCode.FINGERPRINT;
            } catch (RuntimeException ignored) {
                // Only a head start; the first submit does this work itself if it failed here.
            }
        });
    }
}
