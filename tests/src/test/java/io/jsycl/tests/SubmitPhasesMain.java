package io.jsycl.tests;

import io.jsycl.Buffer;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.internal.platform.SubmitPhases;

/** Run by {@link SubmitPhasesTest} in a JVM of its own, with {@code JSYCL_TRACE_SUBMITS} on. */
public final class SubmitPhasesMain {
    private SubmitPhasesMain() {
    }

    public static void main(String[] args) {
        int n = 1024;
        try (var q = new Queue(TestDevices.firstOpenCl()); var buf = Buffer.ofInt(Range.of(n))) {
            for (int r = 0; r < 50; r++) {
                q.submit(h -> {
                    var b = buf.readWrite(h);
                    h.parallelFor(Range.of(n), it -> b.set(it.id(0), b.get(it.id(0)) + 1));
                }).await();
            }
        }
        var samples = SubmitPhases.take();
        System.out.println("samples " + samples.size());
        System.out.println("phases " + samples.getLast().phases());
        System.out.println("positive " + (samples.getLast().total() > 0));
    }
}
