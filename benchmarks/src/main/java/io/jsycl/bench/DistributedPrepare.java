package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.CommandGroup;
import io.jsycl.Device;
import io.jsycl.DistributedQueue;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.RangeMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link DistributedQueue}'s first runs with and without {@code prepare}: a new queue over one GPU, over the first
 * GPU taken twice (two contexts, each building its own program, as two GPUs do) and over every GPU where there are
 * several, a
 * 1-D three-point stencil over {@code --rows} floats, timed as a program sees it: the prepare, the first submit and its
 * wait, the second, and the median of ten more. Each row of the table runs a kernel of its own (a lambda of its own,
 * so a program no earlier row built or lowered), with jsycl's disk cache off ({@code jsycl.cache.persistent=0}, set
 * here), so every device's program is compiled by the driver (whose own compile cache may hold it from an earlier
 * process). The submit-path warm-up has ended before the first row, and an untimed row over every device (a
 * kernel of its own, prepared) has run the queue's own paths once. Outputs are checked against plain Java.
 *
 * <pre>
 * DistributedPrepare [--device gpu] [--rows 4194304] [--order prepared-first] [--out FILE.md]
 * </pre>
 * {@code --order prepared-first}: each device set's prepared row before the other, so that commands alternating the
 * order show what the order costs.
 */
public final class DistributedPrepare {
    private static final int LATER_RUNS = 10;

    private DistributedPrepare() {
    }

    /** Each lambda site's weights (left, centre, right), written into its kernel's source. */
    private static final float[][] WEIGHTS = {
        {0.25f, 0.5f, 0.25f}, {0.2f, 0.6f, 0.2f}, {0.3f, 0.4f, 0.3f}, {0.1f, 0.8f, 0.1f}, {0.4f, 0.2f, 0.4f},
        {0.15f, 0.7f, 0.15f}, {0.35f, 0.3f, 0.35f}};

    /**
     * The stencil of lambda site {@code site} (0 to 6): seven sites, so that the untimed first row and six timed ones
     * run seven kernels, each with its weights as literals in its source (captured weights would make one kernel of
     * them all).
     */
    static CommandGroup step(int site, Buffer.OfFloat in, Buffer.OfFloat out, int rows) {
        return h -> {
            var a = in.read(h, RangeMapper.neighborhood(1));
            var b = out.writeNoInit(h, RangeMapper.oneToOne());
            int last = rows - 1;
            switch (site) {
                case 0 -> h.parallelFor(Range.of(rows), it -> { int i = it.id(0);
                    b.set(i, 0.25f * a.get(Math.max(i - 1, 0)) + 0.5f * a.get(i) + 0.25f * a.get(Math.min(i + 1, last))); });
                case 1 -> h.parallelFor(Range.of(rows), it -> { int i = it.id(0);
                    b.set(i, 0.2f * a.get(Math.max(i - 1, 0)) + 0.6f * a.get(i) + 0.2f * a.get(Math.min(i + 1, last))); });
                case 2 -> h.parallelFor(Range.of(rows), it -> { int i = it.id(0);
                    b.set(i, 0.3f * a.get(Math.max(i - 1, 0)) + 0.4f * a.get(i) + 0.3f * a.get(Math.min(i + 1, last))); });
                case 3 -> h.parallelFor(Range.of(rows), it -> { int i = it.id(0);
                    b.set(i, 0.1f * a.get(Math.max(i - 1, 0)) + 0.8f * a.get(i) + 0.1f * a.get(Math.min(i + 1, last))); });
                case 4 -> h.parallelFor(Range.of(rows), it -> { int i = it.id(0);
                    b.set(i, 0.4f * a.get(Math.max(i - 1, 0)) + 0.2f * a.get(i) + 0.4f * a.get(Math.min(i + 1, last))); });
                case 5 -> h.parallelFor(Range.of(rows), it -> { int i = it.id(0);
                    b.set(i, 0.15f * a.get(Math.max(i - 1, 0)) + 0.7f * a.get(i) + 0.15f * a.get(Math.min(i + 1, last))); });
                default -> h.parallelFor(Range.of(rows), it -> { int i = it.id(0);
                    b.set(i, 0.35f * a.get(Math.max(i - 1, 0)) + 0.3f * a.get(i) + 0.35f * a.get(Math.min(i + 1, last))); });
            }
        };
    }

    /** Plain Java's result of {@link #step} at {@code site}. */
    static float[] expected(int site, float[] a) {
        float[] k = WEIGHTS[site];
        int n = a.length;
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
            out[i] = k[0] * a[Math.max(i - 1, 0)] + k[1] * a[i] + k[2] * a[Math.min(i + 1, n - 1)];
        }
        return out;
    }

    public static void main(String[] args) throws IOException {
        Locale.setDefault(Locale.ROOT);
        System.setProperty("jsycl.cache.persistent", "0");
        Map<String, String> opts = Suite.parse(args);
        int rows = Suite.intOpt(opts, "rows", 1 << 22);
        List<Device> gpus = Suite.devices(opts.getOrDefault("device", "gpu"));
        Device first = gpus.getFirst();
        List<List<Device>> sets = new ArrayList<>();
        sets.add(List.of(first));
        sets.add(List.of(first, first));
        if (gpus.size() >= 2) {
            sets.add(gpus);
        }
        float[] input = new float[rows];
        for (int i = 0; i < rows; i++) {
            input[i] = (i % 1000) * 0.001f + (i % 7) * 0.5f;
        }
        List<String> warmup = GridKernels.warmupLog();
        var text = new StringBuilder();
        text.append(String.format(Locale.ROOT, """
                ## %s: a DistributedQueue's first runs, with and without prepare

                Command: `DistributedPrepare %s`; %d rows; jsycl's disk cache off; each row a kernel of its own. \
                Milliseconds, host clock: the prepare, the first submit and its wait, the second, the median of %d \
                more. "devices": the queue's devices (a GPU taken twice is two contexts, each building its program).

                | devices | prepare | prepare ms | first ms | second ms | median ms | first run with the prepare ms | check |
                |---|---|---|---|---|---|---|---|
                """, first.name(), String.join(" ", args), rows, LATER_RUNS));
        try (var q = new Queue(first)) { // starts the submit-path warm-up, as a program's first queue does
            GridKernels.awaitWarmup(warmup);
        }
        // Untimed: the process's first DistributedQueue, prepared and run over every device set, so that no row pays
        // for the first use of the queue's own paths (its moves, its completion thread).
        row(sets.getLast(), true, WEIGHTS.length - 1, input, rows);
        boolean preparedFirst = "prepared-first".equals(opts.get("order"));
        int site = 0;
        for (List<Device> devices : sets) {
            for (boolean prepare : preparedFirst ? new boolean[] {true, false} : new boolean[] {false, true}) {
                text.append(row(devices, prepare, site++, input, rows));
                System.out.print(text.substring(text.lastIndexOf("\n|", text.length() - 2) + 1));
            }
        }
        text.append("\njsycl's submit-path warm-up: ").append(String.join("; ", warmup)).append('\n');
        if (opts.containsKey("out")) {
            Files.writeString(Path.of(opts.get("out")), text);
        }
    }

    /** One row of the table: a new queue over {@code devices}, the kernel of {@code site}, prepared or not. */
    static String row(List<Device> devices, boolean prepare, int site, float[] input, int rows) {
        float[] output = new float[rows];
        long prepared = 0;
        long[] runs = new long[2 + LATER_RUNS];
        String check;
        try (var dq = new DistributedQueue(devices); var in = Buffer.of(input); var out = Buffer.of(output)) {
            if (prepare) {
                long t0 = System.nanoTime();
                dq.prepare(step(site, in, out, rows));
                prepared = System.nanoTime() - t0;
            }
            for (int r = 0; r < runs.length; r++) {
                long t0 = System.nanoTime();
                dq.submit(step(site, in, out, rows)).await();
                runs[r] = System.nanoTime() - t0;
            }
            float[] got = new float[rows];
            try (var host = out.hostRead()) {
                host.copyTo(got);
            }
            check = Arrays.equals(got, expected(site, input)) ? "ok (= Java)" : "MISMATCH";
        }
        double median = Stats.of(Arrays.copyOfRange(runs, 2, runs.length)).medianMs();
        return String.format(Locale.ROOT, "| %s | %s | %s | %.2f | %.3f | %.3f | %.2f | %s |%n",
                devices.size() == 1 ? "1 device" : devices.stream().distinct().count() == 1
                        ? devices.size() + " contexts of one device" : devices.size() + " devices",
                prepare ? "yes" : "no", prepare ? String.format(Locale.ROOT, "%.2f", prepared / 1e6) : "-",
                runs[0] / 1e6, runs[1] / 1e6, median, (prepared + runs[0]) / 1e6, check);
    }
}
