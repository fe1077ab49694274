package io.jsycl.bench;

import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import io.jsycl.opencl.ClPlatform;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a 2-D 5-point stencil with halo rows costs over several GPUs when written by hand in OpenCL, in the two orders a
 * runtime can give each device's commands: the bound for {@link io.jsycl.DistributedQueue}'s stencil, and the
 * experiment that tells whether moving its halo copies off the kernels' queue is worth it.
 *
 * <p>Each device has a context of its own (as the DistributedQueue's) and its rows plus one halo row above and below.
 * A step computes every row into the other buffer; the rows next to a neighbour go to it through pinned host memory:
 * read from the device that wrote them, copied on the host, written into the neighbour's halo row. Two orders:
 * <ul>
 *   <li>{@code one-queue}: as the DistributedQueue does today, each device's in-order queue runs, per step, the
 *       interior rows (those away from the halo), the halo writes, the strips next to the halo, and the reads of the
 *       new boundary rows: the copies run between the kernels;</li>
 *   <li>{@code transfer-queue}: the copies on a second in-order queue of each device, ordered by events (a write
 *       after the strips that last read its rows, the strips after the write, the reads after the strips), so that
 *       they can run while the interior kernel does.</li>
 * </ul>
 * Every device count and order must give the one-device result bit for bit (checked). Per step: the median of
 * {@code --rounds} rounds of {@code --steps} steps, host clock.
 *
 * <pre>HaloProbe [--n 16384] [--steps 100] [--rounds 5] [--strip 256] [--gpus 1,2,4] [--device gpu|cpu] [--local 32x8]</pre>
 */
public final class HaloProbe {
    private static final String SOURCE = """
            kernel void jacobi(global const float* in, global float* out, int n, int rows, int globalRow0,
                               int rowStart, int rowEnd) {
                int x = get_global_id(0);
                int ly = rowStart + (int) get_global_id(1);
                if (x >= n || ly >= rowEnd) {
                    return;
                }
                int gy = globalRow0 + ly - 1; /* local row 0 is the halo row above */
                long i = (long) ly * n + x;
                if (gy == 0 || gy == rows - 1 || x == 0 || x == n - 1) {
                    out[i] = in[i];
                } else {
                    out[i] = 0.25f * ((in[i - n] + in[i + n]) + (in[i - 1] + in[i + 1]));
                }
            }
            """;

    private HaloProbe() {
    }

    /** One device's share: rows {@code from..to} of the grid, local rows 1..count, halos at 0 and count + 1. */
    private static final class Part implements AutoCloseable {
        final ClDevice device;
        final ClContext context;
        final ClCommandQueue compute;
        final ClCommandQueue transfer;
        final ClKernel kernel;
        final ClProgram program;
        final ClMem[] grids = new ClMem[2];
        final ClMem pinned; // rows to and from the host: [0] from above, [1] from below, [2] my first, [3] my last
        final MemorySegment host;
        final int from;
        final int count;
        final int n;

        Part(ClDevice device, int n, int from, int to, float[] initial) {
            this.device = device;
            this.n = n;
            this.from = from;
            this.count = to - from;
            this.context = ClContext.create(List.of(device));
            this.compute = ClCommandQueue.create(context, device, false, false);
            this.transfer = ClCommandQueue.create(context, device, false, false);
            this.program = ClProgram.createWithSource(context, RawCl.PRELUDE + SOURCE);
            program.build(List.of(device), "");
            this.kernel = ClKernel.create(program, "jacobi");
            long bytes = (long) (count + 2) * n * Float.BYTES;
            for (int b = 0; b < 2; b++) {
                grids[b] = ClMem.createBuffer(context, ClMemFlags.READ_WRITE, bytes, MemorySegment.NULL);
            }
            load(initial);
            this.pinned = ClMem.createBuffer(context, ClMemFlags.READ_WRITE | ClMemFlags.ALLOC_HOST_PTR,
                    4 * rowBytes(), MemorySegment.NULL);
            this.host = compute.mapBuffer(pinned, ClMemFlags.MAP_READ | ClMemFlags.MAP_WRITE, 0, 4 * rowBytes(),
                    List.of());
        }

        long rowBytes() {
            return (long) n * Float.BYTES;
        }

        /** Both grids set to this part's rows of {@code initial} and its halo rows (none past the grid's edges). */
        void load(float[] initial) {
            var start = Arena.ofAuto().allocate((count + 2) * rowBytes(), 64);
            for (int r = 0; r < count + 2; r++) {
                int g = from + r - 1;
                if (g >= 0 && g < n) {
                    MemorySegment.copy(initial, g * n, start, ValueLayout.JAVA_FLOAT, r * rowBytes(), n);
                }
            }
            for (ClMem grid : grids) {
                compute.enqueueWriteBuffer(grid, true, 0, start, start.byteSize(), List.of()).close();
            }
        }

        /** Enqueues the rows {@code a..b} (local) of the step reading grid {@code in}, after {@code waits}. */
        ClEvent rows(ClCommandQueue q, int in, int rows, int a, int b, long[] local, List<ClEvent> waits) {
            kernel.setArg(0, grids[in]);
            kernel.setArg(1, grids[1 - in]);
            kernel.setArgInt(2, n);
            kernel.setArgInt(3, rows);
            kernel.setArgInt(4, from);
            kernel.setArgInt(5, a);
            kernel.setArgInt(6, b);
            long gy = b - a;
            long[] global = {roundUp(n, local[0]), roundUp(gy, local[1])};
            return q.enqueueNDRangeKernel(kernel, 2, null, global, local, waits);
        }

        @Override
        public void close() {
            compute.enqueueUnmap(pinned, host, List.of()).close();
            compute.finish();
            transfer.finish();
            pinned.close();
            grids[0].close();
            grids[1].close();
            kernel.close();
            program.close();
            transfer.close();
            compute.close();
            context.close();
        }
    }

    private static long roundUp(long v, long m) {
        return (v + m - 1) / m * m;
    }

    public static void main(String[] args) {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> o = Suite.parse(args);
        boolean cpu = "cpu".equals(o.getOrDefault("device", "gpu"));
        int n = Suite.intOpt(o, "n", cpu ? 512 : 16384);
        int steps = Suite.intOpt(o, "steps", cpu ? 10 : 100);
        int rounds = Suite.intOpt(o, "rounds", cpu ? 2 : 5);
        int strip = Suite.intOpt(o, "strip", cpu ? 16 : 256);
        String[] ls = o.getOrDefault("local", "32x8").split("x");
        long[] local = {Long.parseLong(ls[0]), Long.parseLong(ls[1])};
        var devices = new ArrayList<ClDevice>();
        for (ClPlatform p : ClPlatform.all()) {
            for (ClDevice d : p.devices()) {
                if (cpu ? d.isCpu() : d.isGpu()) {
                    devices.add(d);
                }
            }
        }
        int[] counts = Arrays.stream(o.getOrDefault("gpus", "1,2,4").split(",")).mapToInt(Integer::parseInt)
                .filter(c -> c <= devices.size()).toArray();
        for (int c : counts) {
            if (n / c < 2 * strip + 1) {
                throw new IllegalArgumentException(n / c + " rows a device leave no interior between strips of "
                        + strip + " rows: a larger --n or a smaller --strip");
            }
        }
        float[] initial = new float[n * n];
        var random = new java.util.SplittableRandom(7);
        for (int i = 0; i < initial.length; i++) {
            initial[i] = (float) random.nextDouble();
        }
        System.out.printf("## Halo exchange by hand: %d² 5-point stencil, %d steps a round, strips of %d rows, %s%n%n",
                n, steps, strip, devices.isEmpty() ? "no device" : devices.getFirst().name());
        System.out.println("| devices | order | ms per step (median) | speed-up over 1 | check |");
        System.out.println("|---|---|---|---|---|");
        float[] reference = null;
        double oneDevice = 0;
        for (int count : counts) {
            for (String order : List.of("one-queue", "transfer-queue")) {
                double[] perStep = new double[rounds];
                float[] result = null;
                for (int r = 0; r < rounds; r++) {
                    try (var run = new Run(devices.subList(0, count), n, initial)) {
                        run.steps(order, 2, strip, local); // warm-up: builds, first launches
                        run.await();
                        run.reset(initial);
                        long t0 = System.nanoTime();
                        run.steps(order, steps, strip, local);
                        run.await();
                        perStep[r] = (System.nanoTime() - t0) / 1e6 / steps;
                        if (r == 0) {
                            result = run.result();
                        }
                    }
                }
                Arrays.sort(perStep);
                double median = perStep[rounds / 2];
                if (reference == null) {
                    reference = result;
                    oneDevice = median;
                }
                String check = Arrays.equals(result, reference) ? "ok (= 1 device)" : "MISMATCH";
                System.out.printf("| %d | %s | %.3f | %.2f | %s |%n", count, order, median, oneDevice / median, check);
            }
        }
    }

    /** One run's parts over {@code devices}, the grid split into equal rows. */
    private static final class Run implements AutoCloseable {
        final List<Part> parts = new ArrayList<>();
        final int n;
        // Per part: the event of the reads of its boundary rows after the last step (null before the first).
        final ClEvent[] lastReads;
        // Per part: the events of the strips of the last two steps, which the next writes of their rows follow.
        final ClEvent[][] strips;
        int in;

        Run(List<ClDevice> devices, int n, float[] initial) {
            this.n = n;
            int k = devices.size();
            for (int d = 0; d < k; d++) {
                parts.add(new Part(devices.get(d), n, n * d / k, n * (d + 1) / k, initial));
            }
            this.lastReads = new ClEvent[k];
            this.strips = new ClEvent[k][2];
        }

        void reset(float[] initial) {
            await();
            for (Part p : parts) {
                p.load(initial);
            }
            forgetEvents();
            in = 0;
        }

        /** Releases the events kept from the steps so far (each once). */
        private void forgetEvents() {
            for (int d = 0; d < parts.size(); d++) {
                if (lastReads[d] != null) {
                    lastReads[d].close();
                    lastReads[d] = null;
                }
                for (int j = 0; j < 2; j++) {
                    if (strips[d][j] != null) {
                        strips[d][j].close();
                        strips[d][j] = null;
                    }
                }
            }
        }

        /**
         * {@code count} steps in {@code order}. Each step: every part's interior; then, once every part's boundary
         * rows of the step before are on the host (which also says that the writes of the step before, which read
         * the same pinned rows, are done), each part's halo writes, its strips and the reads of its new boundary rows.
         */
        void steps(String order, int count, int strip, long[] local) {
            boolean split = order.equals("transfer-queue");
            int k = parts.size();
            for (int s = 0; s < count; s++) {
                for (Part p : parts) {
                    int a = k == 1 ? 1 : 1 + strip;
                    int b = k == 1 ? p.count + 1 : p.count + 1 - strip;
                    if (a < b) {
                        p.rows(p.compute, in, n, a, b, local, List.of()).close();
                    }
                }
                if (k == 1) {
                    parts.getFirst().compute.flush();
                    in = 1 - in;
                    continue;
                }
                boolean halos = lastReads[0] != null; // the first step's halo rows are the grids' own
                if (halos) {
                    for (ClEvent e : lastReads) {
                        e.await();
                    }
                    long rowBytes = (long) n * Float.BYTES;
                    for (int d = 0; d < k; d++) {
                        Part p = parts.get(d);
                        if (d > 0) { // the last row of the part above into this one's slot 0
                            MemorySegment.copy(parts.get(d - 1).host, 3 * rowBytes, p.host, 0, rowBytes);
                        }
                        if (d < k - 1) { // the first row of the part below into slot 1
                            MemorySegment.copy(parts.get(d + 1).host, 2 * rowBytes, p.host, rowBytes, rowBytes);
                        }
                    }
                }
                for (int d = 0; d < k; d++) {
                    Part p = parts.get(d);
                    ClCommandQueue copies = split ? p.transfer : p.compute;
                    long rowBytes = p.rowBytes();
                    var writes = new ArrayList<ClEvent>(2);
                    if (halos) {
                        // After the strips of two steps ago, the last to read these halo rows of this grid.
                        List<ClEvent> after = split && strips[d][1] != null ? List.of(strips[d][1]) : List.of();
                        if (d > 0) {
                            writes.add(copies.enqueueWriteBuffer(p.grids[in], false, 0, p.host.asSlice(0, rowBytes),
                                    rowBytes, after));
                        }
                        if (d < k - 1) {
                            writes.add(copies.enqueueWriteBuffer(p.grids[in], false, (p.count + 1) * rowBytes,
                                    p.host.asSlice(rowBytes, rowBytes), rowBytes, after));
                        }
                    }
                    List<ClEvent> stripWaits = split ? writes : List.of();
                    ClEvent top = p.rows(p.compute, in, n, 1, Math.min(1 + strip, p.count + 1), local, stripWaits);
                    ClEvent bottom = p.rows(p.compute, in, n, Math.max(p.count + 1 - strip, 1 + strip), p.count + 1,
                            local, stripWaits);
                    writes.forEach(ClEvent::close);
                    // This step's boundary rows, in the grid just written, for the neighbours' next step.
                    List<ClEvent> readWaits = split ? List.of(top, bottom) : List.of();
                    int out = 1 - in;
                    copies.enqueueReadBuffer(p.grids[out], false, rowBytes, p.host.asSlice(2 * rowBytes, rowBytes),
                            rowBytes, readWaits).close();
                    ClEvent read = copies.enqueueReadBuffer(p.grids[out], false, p.count * rowBytes,
                            p.host.asSlice(3 * rowBytes, rowBytes), rowBytes, readWaits);
                    top.close();
                    if (strips[d][1] != null) {
                        strips[d][1].close();
                    }
                    strips[d][1] = strips[d][0];
                    strips[d][0] = bottom;
                    if (lastReads[d] != null) {
                        lastReads[d].close();
                    }
                    lastReads[d] = read;
                    copies.flush();
                    p.compute.flush();
                }
                in = 1 - in;
            }
        }

        void await() {
            for (Part p : parts) {
                p.compute.finish();
                p.transfer.finish();
            }
        }

        /** The whole grid after the steps, read from every part. */
        float[] result() {
            await();
            float[] all = new float[n * n];
            for (Part p : parts) {
                var rows = Arena.ofAuto().allocate((long) p.count * p.rowBytes(), 64);
                p.compute.enqueueReadBuffer(p.grids[in], true, p.rowBytes(), rows, rows.byteSize(), List.of()).close();
                MemorySegment.copy(rows, ValueLayout.JAVA_FLOAT, 0, all, p.from * n, p.count * n);
            }
            return all;
        }

        @Override
        public void close() {
            await();
            forgetEvents();
            parts.forEach(Part::close);
        }
    }
}
