package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.MemoryStats;
import io.jsycl.Queue;
import io.jsycl.Range;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A context keeps the device memory of closed buffers and the pinned memory of their transfers for the next buffers
 * ({@link Context#memoryStats()}, {@link Context#trimMemory()}): a program that makes and closes its buffers per
 * operation allocates once, not per operation, and gets the right results from reused memory.
 */
class MemoryPoolTest {
    static Stream<Device> devices() {
        return TestDevices.openCl().stream();
    }

    /** One operation as the README writes it: arrays in, a kernel, arrays out, buffers closed. */
    private static void saxpy(Queue q, float a, float[] x, float[] y) {
        try (var bx = Buffer.of(x); var by = Buffer.of(y)) {
            q.submit(h -> {
                var in = bx.read(h);
                var out = by.readWrite(h);
                h.parallelFor(Range.of(x.length), it -> out.set(it.id(0), a * in.get(it.id(0)) + out.get(it.id(0))));
            });
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void tenThousandBuffersMadeAndClosedAllocateNoMoreThanTheFirstRoundAndComputeRight(Device device) {
        try (var context = new Context(device); var q = new Queue(context, device)) {
            int n = 1000;
            float[] x = new float[n];
            float[] y = new float[n];
            float[] expected = new float[n];
            for (int i = 0; i < n; i++) {
                x[i] = i * 0.5f;
            }
            saxpy(q, 1f, x, y);
            MemoryStats first = context.memoryStats();
            for (int round = 0; round < 10_000; round++) {
                saxpy(q, 1f, x, y);
            }
            for (int round = 0; round <= 10_000; round++) {
                for (int i = 0; i < n; i++) {
                    expected[i] = 1f * x[i] + expected[i];
                }
            }
            assertThat(y).containsExactly(expected);
            MemoryStats after = context.memoryStats();
            assertThat(after.deviceAllocations()).as("device allocations after 10,000 rounds")
                    .isEqualTo(first.deviceAllocations()).isLessThanOrEqualTo(2);
            assertThat(after.deviceReuses() - first.deviceReuses()).isEqualTo(2 * 10_000);
            assertThat(after.pinnedAllocations()).isEqualTo(first.pinnedAllocations());
            assertThat(after.deviceKeptBytes()).isPositive().isLessThanOrEqualTo(after.deviceLimitBytes());
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void trimGivesTheKeptMemoryBackAndTheNextBufferAllocatesAgain(Device device) {
        try (var context = new Context(device); var q = new Queue(context, device)) {
            float[] y = new float[4096];
            saxpy(q, 2f, new float[4096], y);
            MemoryStats kept = context.memoryStats();
            assertThat(kept.deviceKeptBytes()).isPositive();
            long released = context.trimMemory();
            assertThat(released).isEqualTo(kept.deviceKeptBytes() + kept.pinnedKeptBytes());
            MemoryStats trimmed = context.memoryStats();
            assertThat(trimmed.deviceKeptBytes()).isZero();
            assertThat(trimmed.pinnedKeptBytes()).isZero();
            saxpy(q, 2f, new float[4096], y);
            assertThat(context.memoryStats().deviceAllocations()).isGreaterThan(kept.deviceAllocations());
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aPoolOfZeroPercentKeepsNothing(Device device) {
        String before = System.getProperty("jsycl.devicePoolPercent");
        System.setProperty("jsycl.devicePoolPercent", "0");
        try (var context = new Context(device); var q = new Queue(context, device)) {
            for (int round = 0; round < 5; round++) {
                saxpy(q, 1f, new float[256], new float[256]);
            }
            MemoryStats s = context.memoryStats();
            assertThat(s.deviceLimitBytes()).isZero();
            assertThat(s.deviceKeptBytes()).isZero();
            assertThat(s.deviceReuses()).isZero();
            assertThat(s.deviceAllocations()).isEqualTo(10);
            assertThat(s.deviceReleases()).isEqualTo(10);
        } finally {
            if (before == null) {
                System.clearProperty("jsycl.devicePoolPercent");
            } else {
                System.setProperty("jsycl.devicePoolPercent", before);
            }
        }
    }

    @Test
    void theHostDevicesContextKeepsNothing() {
        Context host = new Queue(Device.host()).context();
        assertThat(host.memoryStats()).isEqualTo(new MemoryStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
        assertThat(host.trimMemory()).isZero();
    }
}
