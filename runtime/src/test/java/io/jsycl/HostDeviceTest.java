package io.jsycl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The host device runs the lambda itself, in parallel, with every accessor index checked. */
class HostDeviceTest {
    @Test
    void everyItemRunsExactlyOnceWithItsIndices() {
        int n = 40;
        int m = 30;
        int k = 20;
        int[] out = new int[n * m * k];
        long[] linear = new long[n * m * k];
        try (var q = new Queue(Device.host());
             var buf = Buffer.of(out, Range.of(n, m, k));
             var lin = Buffer.of(linear)) {
            q.submit(h -> {
                var o = buf.readWrite(h);
                var l = lin.write(h);
                h.parallelFor(Range.of(n, m, k), it -> {
                    o.set(it.id(0), it.id(1), it.id(2), o.get(it.id(0), it.id(1), it.id(2)) + 1);
                    l.set((it.id(0) * m + it.id(1)) * k + it.id(2), it.linearId());
                });
            });
        }
        for (int i = 0; i < out.length; i++) {
            assertThat(out[i]).as("runs of item %d", i).isEqualTo(1);
            assertThat(linear[i]).isEqualTo(i);
        }
    }

    @Test
    void outOfRangeIndexFailsTheEventQueueAndBufferCloseNotTheJvm() {
        int[] data = new int[8];
        try (var q = new Queue(Device.host())) {
            var buf = Buffer.of(data, Range.of(2, 4));
            Event e = q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(2, 4), it -> o.set(it.id(0), it.id(1) + 1, 1));
            });
            assertThatThrownBy(e::await).isInstanceOf(IndexOutOfBoundsException.class);
            assertThat(e.status()).isEqualTo(Event.Status.FAILED);
            q.await(); // the failure was delivered once, by e.await()
            buf.close();
        }
    }

    /**
     * A failing item names the kernel, the line of the bad access and the item, as a checked kernel's failure on a
     * device does; the other items still run, in its chunk too, as a device's work-items do.
     */
    @Test
    void aFailingItemNamesKernelLineAndItemAndTheOthersStillRun() {
        int n = 2000;
        int[] out = new int[n];
        int line = Thread.currentThread().getStackTrace()[1].getLineNumber() + 5; // the line of o.set below
        try (var q = new Queue(Device.host())) {
            var buf = Buffer.of(out);
            Event e = q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(Range.of(n), it -> o.set(it.id(0) == 3 ? n : it.id(0), 100 / (it.id(0) + 1)));
            });
            assertThatThrownBy(e::await).isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageStartingWith("kernel HostDeviceTest.lambda$")
                    .hasMessageContaining("(HostDeviceTest.java:" + line + "), work-item [3, 0, 0]: index " + n
                            + " out of bounds for length " + n);
            buf.close();
        }
        for (int i = 0; i < n; i++) {
            assertThat(out[i]).as("out[%d]", i).isEqualTo(i == 3 ? 0 : 100 / (i + 1));
        }
    }

    @Test
    void aDivisionByZeroInAWorkGroupNamesItsWorkItem() {
        int[] out = new int[32];
        try (var q = new Queue(Device.host())) {
            var buf = Buffer.of(out);
            Event e = q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(NdRange.of(Range.of(4, 8), Range.of(2, 4)), it -> {
                    o.set(it.globalId(0) * 8 + it.globalId(1), 1 / (it.globalId(0) * 8 + it.globalId(1) - 13));
                    it.barrier();
                });
            });
            assertThatThrownBy(e::await).isInstanceOf(ArithmeticException.class)
                    .hasMessageContaining("(HostDeviceTest.java:")
                    .hasMessageEndingWith("work-item [1, 5, 0]: / by zero");
            buf.close();
        }
    }

    @Test
    void anNdRangeKernelWithoutBarriersRunsEveryItemOnceWithItsIds() {
        int n = 24;
        int m = 40;
        int[] ids = new int[n * m];
        int[] runs = new int[n * m];
        try (var q = new Queue(Device.host()); var bi = Buffer.of(ids); var br = Buffer.of(runs)) {
            q.submit(h -> {
                var o = bi.write(h);
                var c = br.readWrite(h);
                h.parallelFor(NdRange.of(Range.of(n, m), Range.of(4, 8)), it -> {
                    int at = it.globalId(0) * m + it.globalId(1);
                    o.set(at, ((it.groupId(0) * 10 + it.groupId(1)) * 100 + it.localId(0)) * 100 + it.localId(1));
                    c.set(at, c.get(at) + 1);
                });
            });
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                int at = i * m + j;
                assertThat(runs[at]).as("runs of (%d, %d)", i, j).isEqualTo(1);
                assertThat(ids[at]).as("ids of (%d, %d)", i, j)
                        .isEqualTo((((i / 4) * 10 + j / 8) * 100 + i % 4) * 100 + j % 8);
            }
        }
    }

    @Test
    void aDivisionByZeroInAGroupWithoutBarriersNamesItsWorkItem() {
        int[] out = new int[32];
        try (var q = new Queue(Device.host())) {
            var buf = Buffer.of(out);
            Event e = q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(NdRange.of(Range.of(4, 8), Range.of(2, 4)),
                        it -> o.set(it.globalId(0) * 8 + it.globalId(1), 1 / (it.globalId(0) * 8 + it.globalId(1) - 13)));
            });
            assertThatThrownBy(e::await).isInstanceOf(ArithmeticException.class)
                    .hasMessageContaining("(HostDeviceTest.java:")
                    .hasMessageEndingWith("work-item [1, 5, 0]: / by zero");
            buf.close();
        }
    }

    @Test
    void aBarrierInsideADivergentBranchFailsInsteadOfHanging() {
        int[] out = new int[16];
        try (var q = new Queue(Device.host())) {
            var buf = Buffer.of(out);
            Event e = q.submit(h -> {
                var o = buf.write(h);
                h.parallelFor(NdRange.of(Range.of(16), Range.of(8)), it -> {
                    if (it.localId(0) < 5) {
                        it.barrier();
                    }
                    o.set(it.globalId(0), 1);
                });
            });
            org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(30), () ->
                    assertThatThrownBy(e::await).isInstanceOf(SyclException.class)
                            .hasMessageContaining("(HostDeviceTest.java:")
                            .hasMessageContaining("a barrier that not every work-item of its work-group reached")
                            .hasMessageContaining("work-item(s) [5, 6, 7] of the group"));
            buf.close();
        }
    }

    @Test
    void workItemsReturningAfterTheirLastBarrierAtDifferentTimesAreFine() {
        int n = 64;
        int[] out = new int[n];
        try (var q = new Queue(Device.host()); var buf = Buffer.of(out)) {
            q.submit(h -> {
                var o = buf.readWrite(h);
                h.parallelFor(NdRange.of(Range.of(n), Range.of(16)), it -> {
                    int i = it.globalId(0);
                    for (int round = 0; round < 3; round++) {
                        o.set(i, o.get(i) + 1);
                        it.barrier();
                    }
                    if (i % 2 == 0) {
                        return; // leaves early, after every barrier of the group
                    }
                    o.set(i, o.get(i) * 10);
                });
            });
        }
        for (int i = 0; i < n; i++) {
            assertThat(out[i]).as("item %d", i).isEqualTo(i % 2 == 0 ? 3 : 30);
        }
    }

    @Test
    void writingThroughAReadAccessorIsRejectedAtSubmit() {
        int[] data = new int[4];
        try (var q = new Queue(Device.host()); var buf = Buffer.of(data)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var o = buf.read(h);
                h.parallelFor(Range.of(4), it -> o.set(it.id(0), 1));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("HostDeviceTest.java:")
                    .hasMessageContaining("read-only accessor");
        }
        assertThat(data).containsOnly(0);
    }

    @Test
    void shapeMustMatchTheArray() {
        assertThatThrownBy(() -> Buffer.of(new float[10], Range.of(3, 3)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shape Range[3, 3] holds 9 elements but the array has 10");
    }
}
