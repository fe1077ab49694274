package io.jsycl.bench;

import io.jsycl.DeviceArray;
import io.jsycl.Queue;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClMem;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Device copy bandwidth: {@code clEnqueueCopyBuffer} of one large buffer into another, counted as bytes read plus
 * bytes written, against jsycl's {@code q.copy(DeviceArray, DeviceArray)} of as many floats. The ceiling the
 * memory-bound rows are measured against. Both paths copy 1.0f everywhere and return the destination's last
 * {@value #TAIL} elements as bits, which must agree.
 */
final class CopyBandwidth extends Workload {
    private static final int TAIL = 4096;
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
            int[] tail = new int[TAIL];
            try (var arena = java.lang.foreign.Arena.ofConfined()) {
                MemorySegment host = arena.allocate(4L * TAIL);
                cl.queue.enqueueReadBuffer(dst, true, bytes - 4L * TAIL, host, 4L * TAIL, List.of()).close();
                MemorySegment.copy(host, java.lang.foreign.ValueLayout.JAVA_INT, 0, tail, 0, TAIL);
            }
            return new Result(s, tail);
        }
    }

    @Override
    Result jsycl(Queue q) {
        int n = Math.toIntExact(bytes / Float.BYTES);
        try (var src = DeviceArray.ofFloat(q, n); var dst = DeviceArray.ofFloat(q, n);
             var last = DeviceArray.ofFloat(q, TAIL)) {
            q.fill(src, 1f).await();
            Stats s = measure(() -> q.copy(src, dst).profile().durationNanos());
            float[] tail = new float[TAIL];
            q.copy(last, tail, q.copy(dst, n - TAIL, last, 0, TAIL)).await();
            int[] bits = new int[TAIL];
            for (int i = 0; i < TAIL; i++) {
                bits[i] = Float.floatToRawIntBits(tail[i]);
            }
            return new Result(s, bits);
        }
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
