package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import io.jsycl.samples.OnePassScan;
import io.jsycl.samples.PrefixSum;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The inclusive prefix sum of {@code n} ints by the {@link PrefixSum} sample (three kernels on the work-group
 * algorithms) and by {@link OnePassScan} (one kernel, decoupled look-back), at sizes 2^16 .. 2^26 in steps of 4x, data on the device. Per op: {@code reps} back-to-back scans
 * then one wait, wall clock / reps, median of 5 rounds after a warm-up round. Kernel: the three kernels' device
 * times summed, median of 11. GB/s counts what a scan must move, 8 bytes per element (read and write), as a copy
 * does; the sweep's device copy at the same sizes is the reference. Every size is checked against a Java loop.
 *
 * <p>Usage: {@code ScanBench --device gpu|cpu [--max-log2 26] [--out FILE.md]}.
 */
public final class ScanBench {
    private ScanBench() {
    }

    public static void main(String[] args) throws IOException {
        String device = "gpu";
        int maxLog2 = 26;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--device" -> device = args[++i];
                case "--max-log2" -> maxLog2 = Integer.parseInt(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + "; usage: ScanBench --device gpu|cpu [--max-log2 26] [--out FILE.md]");
            }
        }
        Device d = Sweep.device(device);
        var text = new StringBuilder();
        text.append("## Inclusive prefix sum (PrefixSum sample) on ").append(d.name()).append(", ")
                .append(LocalDate.now()).append("\n\n")
                .append("`ScanBench ").append(String.join(" ", args)).append("`. Per op: back-to-back scans, one wait, ")
                .append("wall clock / reps, median of 5 rounds. Kernel: the three kernels' device time, median of 11. ")
                .append("GB/s: 8 bytes per element.\n\n")
                .append("| scan | n | reps | per op µs | kernel µs | per op GB/s | kernel GB/s | check |\n")
                .append("|---|---|---|---|---|---|---|---|\n");
        boolean ok = true;
        try (var context = new Context(d);
             var plain = new Queue(context, d);
             var profiling = new Queue(context, d, QueueProperty.ENABLE_PROFILING)) {
            var r = new SplittableRandom(11);
            int max = 1 << maxLog2;
            int[] data = new int[max];
            for (int i = 0; i < max; i++) {
                data[i] = r.nextInt();
            }
            for (int log2 = 16; log2 <= maxLog2; log2 += 2) {
                int n = 1 << log2;
                int[] in = Arrays.copyOf(data, n);
                int reps = Math.max(20, (1 << 24) / n);
                for (boolean onePass : new boolean[] {false, true}) {
                    try (var bin = Buffer.of(in); var bout = Buffer.of(new int[n]);
                         var sums = Buffer.ofInt(Range.of(PrefixSum.tiles(n)));
                         var single = new OnePassScan(n)) {
                        Scan scan = (q, events) -> {
                            if (onePass) {
                                single.inclusiveScan(q, bin, bout, n, events);
                            } else {
                                PrefixSum.inclusiveScan(q, bin, bout, n, sums, events);
                            }
                        };
                        var events = new ArrayList<Event>();
                        scan.run(plain, events);
                        String check;
                        try (var host = bout.hostAccess()) {
                            int sum = 0;
                            int bad = -1;
                            for (int i = 0; i < n && bad < 0; i++) {
                                sum += in[i];
                                if (host.get(i) != sum) {
                                    bad = i;
                                }
                            }
                            check = bad < 0 ? "ok" : "MISMATCH at " + bad;
                            ok &= bad < 0;
                        }
                        double[] rounds = new double[6];
                        for (int round = 0; round < rounds.length; round++) {
                            long t0 = System.nanoTime();
                            for (int k = 0; k < reps; k++) {
                                events.clear();
                                scan.run(plain, events);
                            }
                            plain.await();
                            rounds[round] = (System.nanoTime() - t0) / (double) reps;
                        }
                        double perOp = Contender.median(Arrays.copyOfRange(rounds, 1, rounds.length));
                        double[] kernel = new double[11];
                        for (int k = 0; k < kernel.length; k++) {
                            events.clear();
                            scan.run(profiling, events);
                            long ns = 0;
                            for (Event e : events) {
                                ns += e.profile().durationNanos();
                            }
                            kernel[k] = ns;
                        }
                        double kernelNs = Contender.median(kernel);
                        text.append(String.format("| %s | 2^%d | %d | %.2f | %.2f | %.1f | %.1f | %s |%n",
                                onePass ? "one pass" : "three kernels", log2, reps,
                                perOp / 1e3, kernelNs / 1e3, 8.0 * n / perOp, 8.0 * n / kernelNs, check));
                        System.err.println(text.substring(text.lastIndexOf("\n|", text.length() - 2)).strip());
                    }
                }
            }
        }
        System.out.println(text);
        if (out != null) {
            Files.writeString(out, text);
        }
        System.exit(ok ? 0 : 1);
    }

    /** One scan of the benchmark's input, its events (one or three kernels) added to {@code events}. */
    private interface Scan {
        void run(Queue q, List<Event> events);
    }
}
