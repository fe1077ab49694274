package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code Context.cacheBlob}, {@code cacheBlobId} and {@code new Context(device, blob)} on PoCL. */
@ExtendWith(NoDiskCache.class) // a program not built from source can only come from a blob
class CacheBlobTest {
    private static int[] run(Context context, Device device, int n) {
        int[] data = new int[n];
        try (var q = new Queue(context, device); var buf = Buffer.of(data)) {
            q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(n), it -> o.set(it.id(0), it.id(0) * 3 + 7));
            });
        }
        return data;
    }

    private static void assertResult(int[] data) {
        for (int i = 0; i < data.length; i++) {
            assertThat(data[i]).as("element %d", i).isEqualTo(i * 3 + 7);
        }
    }

    @Test
    void aContextSeededWithABlobLoadsItsProgramsInsteadOfBuilding() {
        Device device = TestDevices.firstOpenCl();
        byte[] blob;
        String id;
        try (var a = new Context(device)) {
            String emptyId = a.cacheBlobId(device);
            assertResult(run(a, device, 100));
            assertThat(a.programManager().stats().builds()).isEqualTo(1);
            blob = a.cacheBlob(device);
            id = a.cacheBlobId(device);
            assertThat(id).hasSize(64).isNotEqualTo(emptyId);
        }
        try (var b = new Context(device, blob)) {
            assertResult(run(b, device, 100));
            assertThat(b.programManager().stats().builds()).isZero();
            assertThat(b.programManager().stats().diskHits()).isEqualTo(1);
            assertThat(b.cacheBlobId(device)).as("same device, same programs").isEqualTo(id);
        }
    }

    @Test
    void aCorruptBlobIsIgnoredAndProgramsAreBuilt() {
        Device device = TestDevices.firstOpenCl();
        byte[] blob;
        try (var a = new Context(device)) {
            run(a, device, 10);
            blob = a.cacheBlob(device);
        }
        blob[blob.length / 2] ^= 0x55;
        try (var b = new Context(device, blob)) {
            assertResult(run(b, device, 50));
            assertThat(b.programManager().stats().builds()).isEqualTo(1);
        }
        try (var c = new Context(device, new byte[] {1, 2, 3})) {
            assertResult(run(c, device, 50));
            assertThat(c.programManager().stats().builds()).isEqualTo(1);
        }
    }
}
