package io.jsycl;

import io.jsycl.lowering.KernelLowerer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Readies, once per JVM and on a background thread, what the first submit needs: the SHA-256
 * provider the caches key with, the lowering's classes and the lowering cache folder. A queue
 * starts it when it is made, so this work overlaps the application's own setup (buffers, data)
 * instead of adding to its first kernel. Failures here are ignored: the first submit redoes the
 * work in the foreground and reports what goes wrong.
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
                MessageDigest.getInstance("SHA-256").digest(new byte[1]);
                Class.forName(KernelLowerer.class.getName(), true, KernelLowerer.class.getClassLoader());
                Class.forName("org.objectweb.asm.tree.ClassNode");
                LoweringCache.instance();
            } catch (NoSuchAlgorithmException | ClassNotFoundException | RuntimeException ignored) {
                // Only a head start; the first submit does this work itself if it failed here.
            }
        });
    }
}
