package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.opencl.ClObjects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** The checked layer counts transfers: chains of kernels move each buffer in once and out once. */
@Isolated
class DataMovementTest {
    private static long writes() {
        return ClObjects.calls("clEnqueueWriteBuffer");
    }

    private static long reads() {
        return ClObjects.calls("clEnqueueReadBuffer");
    }

    @Test
    void fiveKernelChainUploadsOnceAndWritesBackOnce() {
        Device device = TestDevices.firstOpenCl();
        int n = 10_000;
        float[] data = new float[n];
        for (int i = 0; i < n; i++) {
            data[i] = i;
        }
        long w0;
        long r0;
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            w0 = writes();
            r0 = reads();
            for (int k = 0; k < 5; k++) {
                q.submit(h -> {
                    var a = buf.readWrite(h);
                    h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) * 2 + 1));
                });
            }
            assertThat(writes() - w0).as("uploads").isEqualTo(1);
        }
        assertThat(reads() - r0).as("write-backs").isEqualTo(1);
        for (int i = 0; i < n; i++) {
            assertThat(data[i]).isEqualTo(((((i * 2f + 1) * 2 + 1) * 2 + 1) * 2 + 1) * 2 + 1);
        }
    }

    @Test
    void tenReadersShareOneUploadAndReadOnlyBuffersAreNotWrittenBack() {
        Device device = TestDevices.firstOpenCl();
        int n = 1000;
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = i;
        }
        int[][] outs = new int[10][n];
        long w0 = writes();
        long r0 = reads();
        try (var q = new Queue(device); var src = Buffer.of(in)) {
            for (int k = 0; k < 10; k++) {
                int add = k;
                try (var dst = Buffer.of(outs[k])) {
                    q.submit(h -> {
                        var a = src.read(h);
                        var o = dst.write(h);
                        h.parallelFor(Range.of(n), it -> o.set(it.id(0), a.get(it.id(0)) + add));
                    });
                }
            }
        }
        assertThat(writes() - w0).as("uploads: the source once, write-only outputs never").isEqualTo(1);
        assertThat(reads() - r0).as("write-backs: each output once, the read-only source never").isEqualTo(10);
        for (int k = 0; k < 10; k++) {
            for (int i = 0; i < n; i++) {
                assertThat(outs[k][i]).isEqualTo(i + k);
            }
        }
    }
}
