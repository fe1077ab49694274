package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Id;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import io.jsycl.opencl.ClObjects;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The checked layer counts transfers: chains of kernels move each buffer in once and out once. On devices with
 * host-unified memory (PoCL, every CPU device) a transfer is one map of the device copy itself and no
 * {@code clEnqueueWrite/ReadBuffer}; elsewhere it is one write or read through pinned memory, mapped once per copy.
 */
@Isolated
class DataMovementTest {
    /** The counts are the process's: a submit-path warm-up running beside the test (JSYCL_WARMUP) ends first. */
    @BeforeEach
    void warmUpEnded() {
        TestDevices.openCl().forEach(TestDevices::withoutWarmup);
    }

    private static long writes() {
        return ClObjects.calls("clEnqueueWriteBuffer");
    }

    private static long reads() {
        return ClObjects.calls("clEnqueueReadBuffer");
    }

    private static long maps() {
        return ClObjects.calls("clEnqueueMapBuffer");
    }

    private static long copies() {
        return ClObjects.calls("clEnqueueCopyBuffer");
    }

    @Test
    void fiveKernelChainUploadsOnceAndWritesBackOnce() {
        Device device = TestDevices.firstOpenCl();
        int n = 10_000;
        float[] data = new float[n];
        for (int i = 0; i < n; i++) {
            data[i] = i;
        }
        boolean mapped = device.hostUnifiedMemory();
        long w0;
        long r0;
        long m0;
        long c0;
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            w0 = writes();
            r0 = reads();
            m0 = maps();
            c0 = copies();
            for (int k = 0; k < 5; k++) {
                q.submit(h -> {
                    var a = buf.readWrite(h);
                    h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) * 2 + 1));
                });
            }
            assertThat(writes() - w0).as("uploads by write").isEqualTo(mapped ? 0 : 1);
            assertThat(maps() - m0).as("maps: the upload, or the pinned staging at most once (pooled per context)")
                    .isBetween(mapped ? 1L : 0L, 1L);
        }
        assertThat(reads() - r0).as("write-backs by read").isEqualTo(mapped ? 0 : 1);
        assertThat(maps() - m0).as("maps: upload and write-back, or the pinned staging at most once")
                .isBetween(mapped ? 2L : 0L, mapped ? 2L : 1L);
        assertThat(copies() - c0).as("device copies").isZero();
        for (int i = 0; i < n; i++) {
            assertThat(data[i]).isEqualTo(((((i * 2f + 1) * 2 + 1) * 2 + 1) * 2 + 1) * 2 + 1);
        }
    }

    /**
     * A write accessor brings the contents to the device before the kernel (elements the kernel does not store keep
     * them); {@code writeNoInit} moves nothing in.
     */
    @Test
    void aWriteAccessorUploadsTheContentsAndWriteNoInitDoesNot() {
        Device device = TestDevices.firstOpenCl();
        int n = 4096;
        boolean mapped = device.hostUnifiedMemory();
        try (var q = new Queue(device)) {
            for (boolean noInit : new boolean[] {false, true}) {
                int[] data = new int[n];
                try (var buf = Buffer.of(data)) {
                    long in0 = mapped ? maps() : writes();
                    q.submit(h -> {
                        var o = noInit ? buf.writeNoInit(h) : buf.write(h);
                        h.parallelFor(Range.of(n), it -> o.set(it.id(0), 5 * it.id(0)));
                    }).await();
                    assertThat((mapped ? maps() : writes()) - in0).as(noInit ? "writeNoInit: uploads" : "write: uploads")
                            .isEqualTo(noInit ? 0 : 1);
                }
                for (int i = 0; i < n; i++) {
                    assertThat(data[i]).isEqualTo(5 * i);
                }
            }
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
        boolean mapped = device.hostUnifiedMemory();
        long w0 = writes();
        long r0 = reads();
        long m0 = maps();
        try (var q = new Queue(device); var src = Buffer.of(in)) {
            for (int k = 0; k < 10; k++) {
                int add = k;
                try (var dst = Buffer.of(outs[k])) {
                    q.submit(h -> {
                        var a = src.read(h);
                        var o = dst.writeNoInit(h);
                        h.parallelFor(Range.of(n), it -> o.set(it.id(0), a.get(it.id(0)) + add));
                    });
                }
            }
        }
        if (mapped) {
            assertThat(writes() + reads() - w0 - r0).as("clEnqueueWrite/ReadBuffer on host-unified memory").isZero();
            assertThat(maps() - m0).as("maps: the source once, each output once, writeNoInit and read-only never")
                    .isEqualTo(1 + 10);
        } else {
            assertThat(writes() - w0).as("uploads: the source once, writeNoInit outputs never").isEqualTo(1);
            assertThat(reads() - r0).as("write-backs: each output once, the read-only source never").isEqualTo(10);
            assertThat(maps() - m0).as("maps: pinned staging for the source and one output, then reused")
                    .isLessThanOrEqualTo(2);
        }
        for (int k = 0; k < 10; k++) {
            for (int i = 0; i < n; i++) {
                assertThat(outs[k][i]).isEqualTo(i + k);
            }
        }
    }

    @Test
    void stagingSettingKeepsTheWriteAndReadPathOnHostUnifiedDevicesToo() {
        Device device = TestDevices.firstOpenCl();
        int n = 4096;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = i;
        }
        long w0 = writes();
        long r0 = reads();
        long m0 = maps();
        String before = System.setProperty("jsycl.hostTransfers", "staging");
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            q.submit(h -> {
                var a = buf.readWrite(h);
                h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) * 3 + 1));
            });
        } finally {
            restore("jsycl.hostTransfers", before);
        }
        assertThat(writes() - w0).as("uploads").isEqualTo(1);
        assertThat(reads() - r0).as("write-backs").isEqualTo(1);
        assertThat(maps() - m0).as("maps: the pinned staging at most once (pooled per context)")
                .isLessThanOrEqualTo(1);
        for (int i = 0; i < n; i++) {
            assertThat(data[i]).isEqualTo(i * 3 + 1);
        }
    }

    /**
     * A whole program through staging (three arrays in, one kernel, one back) borrows its pinned memory and its
     * device memory from the context: once a first program has handed its blocks back, the next one creates,
     * releases and maps nothing, and only moves its data. Before the pools, each buffer made, mapped, unmapped and
     * released its own pinned memory and made and released its device copy: nine buffers created and three maps per
     * program, a fixed cost that dominated small programs.
     */
    @Test
    void smallWholeProgramsThroughStagingReuseTheContextsPinnedMemory() {
        Device device = TestDevices.firstOpenCl();
        int n = 1 << 16;
        String before = System.setProperty("jsycl.hostTransfers", "staging");
        try (var q = new Queue(device)) {
            vectorAddProgram(q, n, 0);
            long created = ClObjects.calls("clCreateBuffer");
            long m0 = maps();
            long w0 = writes();
            long r0 = reads();
            long released = ClObjects.released(ClObjects.Kind.MEM);
            for (int round = 1; round <= 3; round++) {
                vectorAddProgram(q, n, round);
            }
            // The device copies too come from the context's pool (DevicePool): the first round made them.
            assertThat(ClObjects.calls("clCreateBuffer") - created).as("buffers created after the first round")
                    .isZero();
            assertThat(ClObjects.released(ClObjects.Kind.MEM) - released).as("buffers released after the first round")
                    .isZero();
            assertThat(maps() - m0).as("maps of pinned staging").isZero();
            assertThat(writes() - w0).as("uploads").isEqualTo(3 * 2);
            assertThat(reads() - r0).as("write-backs").isEqualTo(3);
        } finally {
            restore("jsycl.hostTransfers", before);
        }
    }

    /** A context's pooled pinned memory is unmapped and released when the context closes. */
    @Test
    void closingAContextReleasesItsPooledPinnedMemory() {
        Device device = TestDevices.firstOpenCl();
        long live = ClObjects.live(ClObjects.Kind.MEM);
        String before = System.setProperty("jsycl.hostTransfers", "staging");
        try (var context = new Context(device); var q = new Queue(context, device)) {
            vectorAddProgram(q, 1000, 1);
            vectorAddProgram(q, 3000, 2);
            assertThat(ClObjects.live(ClObjects.Kind.MEM)).as("pooled pinned blocks kept while the context lives")
                    .isGreaterThan(live);
        } finally {
            restore("jsycl.hostTransfers", before);
        }
        assertThat(ClObjects.live(ClObjects.Kind.MEM)).as("memory objects after the context closed").isEqualTo(live);
    }

    /** Java arrays in, c = a + b, back into a Java array; compared with a plain Java loop. */
    private static void vectorAddProgram(Queue q, int n, int round) {
        float[] a = new float[n];
        float[] b = new float[n];
        float[] c = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.5f + round;
            b[i] = (n - i) * 0.25f;
        }
        try (var x = Buffer.of(a); var y = Buffer.of(b); var z = Buffer.of(c)) {
            q.submit(h -> {
                var xa = x.read(h);
                var ya = y.read(h);
                var za = z.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> za.set(it.id(0), xa.get(it.id(0)) + ya.get(it.id(0))));
            });
        }
        for (int i = 0; i < n; i++) {
            assertThat(c[i]).as("c[%d], round %d", i, round).isEqualTo(a[i] + b[i]);
        }
    }

    /**
     * One buffer moves between a context whose copy is mapped, a second context whose copy goes through staging,
     * and the host device; every step reads what the one before wrote.
     */
    @Test
    void mappedAndStagedContextsAndTheHostDeviceSeeEachOthersWrites() {
        Device device = TestDevices.firstOpenCl();
        int n = 10_007;
        int[] data = new int[n];
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = i;
            expected[i] = i;
        }
        try (var mappedContext = new Context(device); var stagedContext = new Context(device);
             var qa = new Queue(mappedContext, device); var qb = new Queue(stagedContext, device);
             var qh = new Queue(Device.host()); var buf = Buffer.of(data)) {
            String before = System.setProperty("jsycl.hostTransfers", "map");
            try {
                scale(qa, buf, n, 3);
            } finally {
                restore("jsycl.hostTransfers", before);
            }
            before = System.setProperty("jsycl.hostTransfers", "staging");
            try {
                scale(qb, buf, n, 5);
            } finally {
                restore("jsycl.hostTransfers", before);
            }
            scale(qh, buf, n, 7);
            scale(qa, buf, n, 11);
            scale(qb, buf, n, 13);
            try (var host = buf.hostAccess()) {
                for (int m : new int[] {3, 5, 7, 11, 13}) {
                    for (int i = 0; i < n; i++) {
                        expected[i] = expected[i] * m + i;
                    }
                }
                for (int i = 0; i < n; i++) {
                    assertThat(host.get(i)).as("element %d after five steps", i).isEqualTo(expected[i]);
                    host.set(i, host.get(i) ^ 0x55);
                    expected[i] = (expected[i] ^ 0x55) * 17 + i;
                }
            }
            scale(qa, buf, n, 17);
        }
        assertThat(data).isEqualTo(expected);
    }

    /**
     * Two kernels read one freshly uploaded buffer on an out-of-order queue: both wait for the upload, not only the
     * kernel that caused it (the second one used to run before an asynchronous staged upload had landed).
     */
    @Test
    void everyReaderOfAFreshCopyWaitsForItsUpload() {
        Device device = TestDevices.firstOpenCl();
        int n = 1 << 20;
        for (int round = 0; round < 6; round++) {
            String before = System.setProperty("jsycl.hostTransfers", round % 2 == 0 ? "staging" : "map");
            try {
                readTwice(device, n, round);
            } finally {
                restore("jsycl.hostTransfers", before);
            }
        }
    }

    private static void readTwice(Device device, int n, int round) {
        float[] in = new float[n];
        for (int i = 0; i < n; i++) {
            in[i] = i + round;
        }
        float[] first = new float[n];
        float[] second = new float[n];
        try (var q = new Queue(device); var src = Buffer.of(in)) {
            try (var a = Buffer.of(first); var b = Buffer.of(second)) {
                for (var out : java.util.List.of(a, b)) {
                    q.submit(h -> {
                        var x = src.read(h);
                        var y = out.writeNoInit(h);
                        h.parallelFor(Range.of(n), it -> y.set(it.id(0), x.get(it.id(0)) + 1f));
                    });
                }
            }
        }
        for (int i = 0; i < n; i++) {
            assertThat(first[i]).isEqualTo(i + round + 1f);
            assertThat(second[i]).isEqualTo(i + round + 1f);
        }
    }

    /**
     * A command group with three inputs on mapped copies queues the three maps and waits once for all of them (one
     * {@code clWaitForEvents}, no blocking map), then copies and launches after the unmaps; kept buffers refilled
     * through host accessors between runs, on an out-of-order and an in-order queue, give Java's results each run.
     */
    @Test
    void aCommandGroupsMappedUploadsWaitOnceForAllTheirMaps() {
        Device device = TestDevices.firstOpenCl();
        int n = 100_003;
        String before = System.setProperty("jsycl.hostTransfers", "map");
        try {
            try (var q = new Queue(device)) {
                threeInputRounds(q, n);
            }
            try (var context = new Context(device); var q = new Queue(context, device, QueueProperty.IN_ORDER)) {
                threeInputRounds(q, n);
            }
        } finally {
            restore("jsycl.hostTransfers", before);
        }
    }

    private static void threeInputRounds(Queue q, int n) {
        // Buffers over arrays: their host accessors fill the arrays, so each run uploads the three inputs.
        try (var bx = Buffer.of(new float[n]); var by = Buffer.of(new float[n]);
             var bz = Buffer.of(new float[n]); var bo = Buffer.of(new float[n])) {
            for (int round = 0; round < 4; round++) {
                float[] x = new float[n];
                float[] y = new float[n];
                float[] z = new float[n];
                for (int i = 0; i < n; i++) {
                    x[i] = i * 0.5f + round;
                    y[i] = (n - i) * 0.25f;
                    z[i] = i % 7 - round;
                }
                fill(bx, x);
                fill(by, y);
                fill(bz, z);
                long m0 = maps();
                long w0 = ClObjects.calls("clWaitForEvents");
                q.submit(h -> {
                    var xa = bx.read(h);
                    var ya = by.read(h);
                    var za = bz.readWrite(h);
                    var oa = bo.writeNoInit(h);
                    h.parallelFor(Range.of(n), it -> {
                        int i = it.id(0);
                        oa.set(i, xa.get(i) * ya.get(i) + za.get(i));
                        za.set(i, za.get(i) - xa.get(i));
                    });
                });
                assertThat(maps() - m0).as("maps of the three inputs, round %d", round).isEqualTo(3);
                assertThat(ClObjects.calls("clWaitForEvents") - w0)
                        .as("host waits for the three maps, round %d", round).isEqualTo(1);
                try (var out = bo.hostAccess(); var zz = bz.hostAccess()) {
                    for (int i = 0; i < n; i++) {
                        assertThat(out.get(i)).as("out[%d], round %d", i, round).isEqualTo(x[i] * y[i] + z[i]);
                        assertThat(zz.get(i)).as("z[%d], round %d", i, round).isEqualTo(z[i] - x[i]);
                    }
                }
            }
        }
    }

    private static long unmaps() {
        return ClObjects.calls("clEnqueueUnmapMemObject");
    }

    /**
     * A buffer made from a shape has no array of the user's to keep current, so once its current copy is mapped device
     * memory a host accessor reads and writes that memory in place: one map when it opens, one unmap when it closes,
     * and the next kernel finds the host's writes there with nothing uploaded. A sub-buffer's host accessor, a 2-D
     * int buffer and a boolean buffer go the same way; the host device and a closing context still see the host's
     * writes.
     */
    @Test
    void hostAccessorsOfBuffersWithoutArraysUseTheMappedCopyInPlace() {
        Device device = TestDevices.firstOpenCl();
        int rows = 97;
        int cols = 131;
        int n = rows * cols;
        String before = System.setProperty("jsycl.hostTransfers", "map");
        try (var context = new Context(device); var q = new Queue(context, device); var qh = new Queue(Device.host());
             var grid = Buffer.ofInt(Range.of(rows, cols)); var flags = Buffer.ofBoolean(Range.of(n));
             var sum = Buffer.ofFloat(Range.of(n))) {
            q.submit(h -> { // writeNoInit: the copies are made on the device, the host arrays stay zero
                var g = grid.writeNoInit(h);
                var f = flags.writeNoInit(h);
                h.parallelFor(Range.of(rows, cols), it -> {
                    g.set(it.id(0), it.id(1), it.id(0) * 1000 + it.id(1));
                    f.set(it.id(0) * cols + it.id(1), (it.id(0) + it.id(1)) % 3 == 0);
                });
            });
            long m0 = maps();
            long u0 = unmaps();
            try (var g = grid.hostAccess(); var f = flags.hostAccess()) {
                assertThat(maps() - m0).as("one map per host accessor").isEqualTo(2);
                assertThat(unmaps() - u0).as("unmaps while the accessors are open").isZero();
                for (int i = 0; i < rows; i++) {
                    for (int j = 0; j < cols; j++) {
                        assertThat(g.get(i, j)).as("grid[%d][%d]", i, j).isEqualTo(i * 1000 + j);
                        assertThat(f.get(i * cols + j)).as("flags[%d]", i * cols + j).isEqualTo((i + j) % 3 == 0);
                        g.set(i, j, g.get(i, j) * 3 + (f.get(i * cols + j) ? 1 : 0));
                        f.set(i * cols + j, j % 2 == 0);
                    }
                }
            }
            assertThat(unmaps() - u0).as("unmaps once the accessors are closed").isEqualTo(2);
            try (var lower = grid.subBuffer(Id.of(rows / 2, 0), Range.of(rows - rows / 2, cols));
                 var g = lower.hostAccess()) {
                for (int i = 0; i < rows - rows / 2; i++) {
                    for (int j = 0; j < cols; j++) {
                        g.set(i, j, g.get(i, j) + 7);
                    }
                }
            }
            long m1 = maps();
            q.submit(h -> {
                var g = grid.read(h);
                var f = flags.read(h);
                var s = sum.writeNoInit(h);
                h.parallelFor(Range.of(n), it -> {
                    int k = it.id(0);
                    s.set(k, g.get(k / cols, k % cols) * 0.5f + (f.get(k) ? 0.25f : 0f));
                });
            });
            assertThat(maps() - m1).as("maps when the kernel reads what the host wrote in place").isZero();
            float[] expected = new float[n];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    int v = (i * 1000 + j) * 3 + ((i + j) % 3 == 0 ? 1 : 0) + (i >= rows / 2 ? 7 : 0);
                    expected[i * cols + j] = v * 0.5f + (j % 2 == 0 ? 0.25f : 0f);
                }
            }
            float[] negated = new float[n];
            try (var s = sum.hostAccess()) {
                for (int k = 0; k < n; k++) {
                    assertThat(s.get(k)).as("sum[%d]", k).isEqualTo(expected[k]);
                    s.set(k, -s.get(k));
                    negated[k] = -expected[k];
                }
            }
            hostDeviceThenCloseSeeTheHostsWrites(q, qh, context, sum, negated);
        } finally {
            restore("jsycl.hostTransfers", before);
        }
    }

    /**
     * Where copies move through pinned memory (discrete GPUs; here forced with {@code hostTransfers=staging}), a
     * buffer made from a shape keeps its contents in its copy's pinned memory between the device and host accessors:
     * a host accessor opened after a kernel wrote the buffer reads the device copy into that memory by one DMA
     * transfer and reads and writes it in place; the next kernel's upload is one DMA transfer from it; nothing goes
     * through the host array. Read-only inputs that the host rewrites each round move once per round, each way only
     * where needed; the host device and a closing context still see every write.
     */
    @Test
    void hostAccessorsOfBuffersWithoutArraysUseThePinnedMemoryInPlace() {
        Device device = TestDevices.firstOpenCl();
        int rows = 89;
        int cols = 113;
        int n = rows * cols;
        String before = System.setProperty("jsycl.hostTransfers", "staging");
        try (var trace = new TraceCapture(); var context = new Context(device); var q = new Queue(context, device); var qh = new Queue(Device.host());
             var grid = Buffer.ofInt(Range.of(rows, cols)); var flags = Buffer.ofBoolean(Range.of(n));
             var sum = Buffer.ofFloat(Range.of(n))) {
            q.submit(h -> { // writeNoInit: the copies are made on the device, nothing moves
                var g = grid.writeNoInit(h);
                var f = flags.writeNoInit(h);
                h.parallelFor(Range.of(rows, cols), it -> {
                    g.set(it.id(0), it.id(1), it.id(0) * 1000 + it.id(1));
                    f.set(it.id(0) * cols + it.id(1), (it.id(0) + it.id(1)) % 3 == 0);
                });
            });
            long r0 = reads();
            long w0 = writes();
            trace.clear();
            try (var g = grid.hostAccess(); var f = flags.hostAccess()) {
                assertThat(reads() - r0).as("one DMA read into pinned memory per host accessor").isEqualTo(2);
                for (int i = 0; i < rows; i++) {
                    for (int j = 0; j < cols; j++) {
                        assertThat(g.get(i, j)).as("grid[%d][%d]", i, j).isEqualTo(i * 1000 + j);
                        assertThat(f.get(i * cols + j)).as("flags[%d]", i * cols + j).isEqualTo((i + j) % 3 == 0);
                        g.set(i, j, g.get(i, j) * 3 + (f.get(i * cols + j) ? 1 : 0));
                        f.set(i * cols + j, j % 2 == 0);
                    }
                }
            }
            assertThat(trace.messages()).as("host accesses").hasSize(2).allMatch(m -> m.contains("pinned memory of its copy"));
            try (var lower = grid.subBuffer(Id.of(rows / 2, 0), Range.of(rows - rows / 2, cols));
                 var g = lower.hostAccess()) {
                for (int i = 0; i < rows - rows / 2; i++) {
                    for (int j = 0; j < cols; j++) {
                        g.set(i, j, g.get(i, j) + 7);
                    }
                }
            }
            assertThat(reads() - r0).as("a second host access finds the pinned memory current").isEqualTo(2);
            float[] expected = new float[n];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    int v = (i * 1000 + j) * 3 + ((i + j) % 3 == 0 ? 1 : 0) + (i >= rows / 2 ? 7 : 0);
                    expected[i * cols + j] = v * 0.5f + (j % 2 == 0 ? 0.25f : 0f);
                }
            }
            for (int round = 0; round < 3; round++) { // the inputs are read-only here: the host rewrites them
                trace.clear();
                long w1 = writes();
                q.submit(h -> {
                    var g = grid.read(h);
                    var f = flags.read(h);
                    var s = sum.writeNoInit(h);
                    h.parallelFor(Range.of(n), it -> {
                        int k = it.id(0);
                        s.set(k, g.get(k / cols, k % cols) * 0.5f + (f.get(k) ? 0.25f : 0f));
                    });
                });
                assertThat(writes() - w1).as("round %d: one upload per input", round).isEqualTo(2);
                assertThat(trace.messages()).as("round %d: uploads", round).filteredOn(m -> m.contains("bytes to"))
                        .hasSize(2).allMatch(m -> m.contains("from its pinned host memory"));
                long r1 = reads();
                try (var s = sum.hostAccess()) {
                    assertThat(reads() - r1).as("round %d: the output read into pinned memory", round).isEqualTo(1);
                    for (int k = 0; k < n; k++) {
                        assertThat(s.get(k)).as("round %d: sum[%d]", round, k).isEqualTo(expected[k]);
                    }
                }
                try (var g = grid.hostAccess(); var f = flags.hostAccess()) {
                    for (int k = 0; k < n; k++) { // rewrites the inputs in place, as a program feeding new data does
                        g.set(k / cols, k % cols, g.get(k / cols, k % cols) + 2);
                        f.set(k, !f.get(k));
                        int v = g.get(k / cols, k % cols);
                        expected[k] = v * 0.5f + (f.get(k) ? 0.25f : 0f);
                    }
                }
                assertThat(reads() - r1).as("round %d: the inputs' pinned memory was current", round).isEqualTo(1);
                assertThat(trace.messages()).as("round %d: nothing through the host arrays", round)
                        .noneMatch(m -> m.contains("host array") && !m.contains("no host array"))
                        .noneMatch(m -> m.contains("through staging memory"));
            }
            try (var s = sum.hostAccess()) {
                for (int k = 0; k < n; k++) {
                    s.set(k, -s.get(k));
                }
            }
            float[] last = new float[n];
            try (var s = sum.hostAccess()) {
                for (int k = 0; k < n; k++) {
                    last[k] = s.get(k);
                }
            }
            hostDeviceThenCloseSeeTheHostsWrites(q, qh, context, sum, last);
            assertThat(writes() - w0).as("uploads in all").isEqualTo(3 * 2 + 1);
        } finally {
            restore("jsycl.hostTransfers", before);
        }
    }

    /**
     * A host-device kernel adds 1 to {@code sum} (whose contents are {@code current}), a kernel on {@code q} doubles
     * it, {@code context} closes (bringing the contents home from its copy), and a host accessor reads
     * {@code (current + 1) * 2}: the host device and a closing context see what host accessors wrote in place.
     */
    private static void hostDeviceThenCloseSeeTheHostsWrites(Queue q, Queue qh, Context context, Buffer.OfFloat sum,
            float[] current) {
        int n = current.length;
        qh.submit(h -> { // the host device reads the host array, brought up to date first
            var s = sum.readWrite(h);
            h.parallelFor(Range.of(n), it -> s.set(it.id(0), s.get(it.id(0)) + 1f));
        });
        q.submit(h -> {
            var s = sum.readWrite(h);
            h.parallelFor(Range.of(n), it -> s.set(it.id(0), s.get(it.id(0)) * 2f));
        });
        q.await();
        context.close();
        try (var s = sum.hostAccess()) {
            for (int k = 0; k < n; k++) {
                assertThat(s.get(k)).as("sum[%d] after the host device and a closed context", k)
                        .isEqualTo((current[k] + 1f) * 2f);
            }
        }
    }

    private static void fill(Buffer.OfFloat buf, float[] values) {
        try (var h = buf.hostAccess()) {
            for (int i = 0; i < values.length; i++) {
                h.set(i, values[i]);
            }
        }
    }

    private static void scale(Queue q, Buffer.OfInt buf, int n, int m) {
        q.submit(h -> {
            var a = buf.readWrite(h);
            h.parallelFor(Range.of(n), it -> a.set(it.id(0), a.get(it.id(0)) * m + it.id(0)));
        });
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }
}
