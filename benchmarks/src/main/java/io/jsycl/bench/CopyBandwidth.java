package io.jsycl.bench;

import io.jsycl.Queue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClMem;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Device copy bandwidth: {@code clEnqueueCopyBuffer} of one large buffer into another, counted as bytes read plus
 * bytes written. The ceiling the memory-bound rows are measured against; jsycl has no device-to-device copy command to time.
 */
final class CopyBandwidth extends Workload {
    private final long bytes;

    CopyBandwidth(Config config, long bytes) {
        super(config);
        this.bytes = bytes;
    }

    @Override
    String name() {
        return "device copy (clEnqueueCopyBuffer)";
    }

    @Override
    String size() {
        return (bytes >> 20) + " MiB";
    }

    @Override
    double work() {
        return 2.0 * bytes;
    }

    @Override
    String unit() {
        return "GB/s";
    }

    @Override
    String jsyclMissing() {
        return "no device-to-device copy in the API: q.copy is host↔device";
    }

    @Override
    Result raw(RawCl cl) {
        try (ClMem src = cl.buffer(bytes); ClMem dst = cl.buffer(bytes)) {
            try (var seg = java.lang.foreign.Arena.ofConfined()) {
                MemorySegment pattern = seg.allocate(4);
                pattern.set(java.lang.foreign.ValueLayout.JAVA_INT, 0, 0x3f800000);
                cl.queue.enqueueFillBuffer(src, pattern, 0, bytes, List.of()).close();
                cl.queue.finish();
            }
            Stats s = measure(() -> {
                try (ClEvent e = cl.queue.enqueueCopyBuffer(src, dst, 0, 0, bytes, List.of())) {
                    e.await();
                    return e.profileEnd() - e.profileStart();
                }
            });
            return new Result(s, null);
        }
    }

    @Override
    Result jsycl(Queue q) {
        throw new UnsupportedOperationException(jsyclMissing());
    }

    @Override
    long rawEndToEnd(RawCl cl) {
        return -1;
    }

    @Override
    long jsyclEndToEnd(Queue q) {
        return -1;
    }

    @Override
    void javaSequential() {
        byte[] a = javaA();
        System.arraycopy(a, 0, javaB, 0, a.length);
    }

    @Override
    void javaParallel() {
        byte[] a = javaA();
        int chunks = Runtime.getRuntime().availableProcessors() * 4;
        int step = (a.length + chunks - 1) / chunks;
        java.util.stream.IntStream.range(0, chunks).parallel().forEach(c -> {
            int from = c * step;
            int len = Math.min(step, a.length - from);
            if (len > 0) {
                System.arraycopy(a, from, javaB, from, len);
            }
        });
    }

    private byte[] javaA;
    private byte[] javaB;

    private byte[] javaA() {
        if (javaA == null) {
            javaA = new byte[(int) Math.min(bytes, Integer.MAX_VALUE - 8)];
            javaB = new byte[javaA.length];
        }
        return javaA;
    }
}
