package io.jsycl.internal.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HostCopyTest {
    @AfterEach
    void restore() {
        System.clearProperty("jsycl.copyThreads");
    }

    @ParameterizedTest
    @CsvSource({"1, 1000", "8, 1000", "8, 8388608", "3, 8388621", "8, 38797315", "5, 67108864", "16, 20971520"})
    void everyByteArrivesWhereverTheSlicesEnd(int threads, long bytes) {
        System.setProperty("jsycl.copyThreads", Integer.toString(threads));
        byte[] data = new byte[(int) bytes + 24];
        new SplittableRandom(bytes).nextBytes(data);
        try (Arena arena = Arena.ofShared()) {
            MemorySegment dst = arena.allocate(bytes + 40);
            dst.fill((byte) 0x5A);
            HostCopy.copy(MemorySegment.ofArray(data), 7, dst, 16, bytes);
            assertThat(dst.get(ValueLayout.JAVA_BYTE, 15)).as("before the copy").isEqualTo((byte) 0x5A);
            assertThat(dst.get(ValueLayout.JAVA_BYTE, 16 + bytes)).as("after the copy").isEqualTo((byte) 0x5A);
            assertThat(MemorySegment.mismatch(dst, 16, 16 + bytes, MemorySegment.ofArray(data), 7, 7 + bytes))
                    .as("first differing byte").isEqualTo(-1L);
            float[] back = new float[(int) (bytes / 4)];
            HostCopy.toArray(dst.asSlice(16), MemorySegment.ofArray(back));
            for (int i = 0; i < back.length; i += 4099) {
                assertThat(Float.floatToRawIntBits(back[i]))
                        .isEqualTo(MemorySegment.ofArray(data).get(ValueLayout.JAVA_INT_UNALIGNED, 7 + 4L * i));
            }
        }
    }

    @Test
    void aConfinedSegmentIsCopiedOnItsOwnThread() {
        System.setProperty("jsycl.copyThreads", "8");
        int[] data = new int[6 << 20];
        for (int i = 0; i < data.length; i++) {
            data[i] = i * 31;
        }
        int[] back = new int[data.length];
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment dst = arena.allocate(4L * data.length);
            HostCopy.fromArray(MemorySegment.ofArray(data), dst);
            HostCopy.toArray(dst, MemorySegment.ofArray(back));
        }
        assertThat(back).isEqualTo(data);
    }

    @ParameterizedTest
    @CsvSource({"1, 7", "4, 1", "4, 64", "16, 5"})
    void everySliceRunsOnceOnAtMostTheThreadsAllowed(int threads, int slices) {
        System.setProperty("jsycl.copyThreads", Integer.toString(threads));
        var runs = new java.util.concurrent.atomic.AtomicIntegerArray(slices);
        var names = java.util.concurrent.ConcurrentHashMap.<String>newKeySet();
        HostCopy.eachSlice(slices, i -> {
            runs.incrementAndGet(i);
            names.add(Thread.currentThread().getName());
            java.util.concurrent.locks.LockSupport.parkNanos(200_000); // long enough that helpers take slices too
        });
        for (int i = 0; i < slices; i++) {
            assertThat(runs.get(i)).as("runs of slice " + i).isEqualTo(1);
        }
        assertThat(names).as("threads that ran slices").hasSizeLessThanOrEqualTo(Math.min(threads, slices));
        if (threads == 1 || slices == 1) {
            assertThat(names).as("no helper for one thread or one slice").containsExactly(Thread.currentThread().getName());
        }
    }

    @Test
    void aFailedSliceStopsTheRestAndIsThrownAfterTheStartedOnesEnd() {
        System.setProperty("jsycl.copyThreads", "4");
        var ended = new java.util.concurrent.atomic.AtomicInteger();
        var started = new java.util.concurrent.atomic.AtomicInteger();
        var failure = new IllegalStateException("slice 3 failed");
        assertThatThrownBy(() -> HostCopy.eachSlice(1000, i -> {
            started.incrementAndGet();
            if (i == 3) {
                throw failure;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            ended.incrementAndGet();
        })).isSameAs(failure);
        assertThat(ended.get()).as("slices that ended before eachSlice returned").isEqualTo(started.get() - 1);
        assertThat(started.get()).as("slices started").isLessThan(1000);
    }

    @Test
    void aMalformedThreadCountNamesTheSetting() {
        System.setProperty("jsycl.copyThreads", "0");
        assertThatThrownBy(HostCopy::threads).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("JSYCL_COPY_THREADS").hasMessageContaining("'0'");
        System.setProperty("jsycl.copyThreads", "many");
        assertThatThrownBy(HostCopy::threads).hasMessageContaining("'many'");
    }
}
