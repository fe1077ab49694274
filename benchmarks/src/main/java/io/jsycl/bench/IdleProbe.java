package io.jsycl.bench;

import io.jsycl.Device;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Where a kernel's run pays after the device sat idle: the hand-written 3x3 convolution of 2048² ({@link GridOp.Conv3}),
 * warmed up, then run four times in a row after each of several pauses, each run split into its host-side parts (the
 * driver's enqueue, the wait) and, on a profiling queue, its device-side ones from the event's timestamps (queued to
 * submitted, submitted to started, the kernel itself). What is left of the host's run once the device's queued-to-end
 * span is taken out is the enqueue before its queued stamp and the wait's return after the kernel ended.
 *
 * <p>The pauses: sleeping, spinning on the timing thread (its core's caches left alone), building a new program (what
 * a new kernel's first run does before its launch), and sleeping while another queue of the context gets a one-group
 * kernel every millisecond (whether a device kept busy during a pause skips the penalty). The waits: {@code clFinish},
 * {@code clWaitForEvents}, polling the event's status, and {@code clFinish} of a launch without an event on a queue
 * without profiling (jsycl's own way). The pauses and waits take turns round by round.
 *
 * <pre>IdleProbe [--device gpu] [--rounds 8]</pre>
 */
public final class IdleProbe {
    private static final int N = 2048;
    /** Runs timed after each pause. */
    private static final int AFTER = 4;

    private IdleProbe() {
    }

    private enum Wait {
        FINISH("clFinish"), EVENT("clWaitForEvents"), POLL("status polled"), PLAIN("clFinish, no event or profiling");

        final String label;

        Wait(String label) {
            this.label = label;
        }
    }

    private record Pause(String mode, int ms) {
        String label() {
            return mode.equals("build") ? "a program's build" : mode + " " + ms + " ms";
        }
    }

    /** One run: host nanoseconds (enqueue, wait) and device ones (queued to submit, submit to start, start to end). */
    private record Run(long enqueue, long waitNs, long queuedToSubmit, long submitToStart, long kernel,
            long queuedToEnd) {
        long total() {
            return enqueue + waitNs;
        }
    }

    private static final String TICK = "__kernel void tick(__global int* x) { if (get_global_id(0) == 0) x[0]++; }\n";

    public static void main(String[] args) throws InterruptedException {
        Locale.setDefault(Locale.ROOT);
        Map<String, String> opts = Suite.parse(args);
        int rounds = Suite.intOpt(opts, "rounds", 8);
        Device device = Suite.devices(opts.getOrDefault("device", "gpu")).getFirst();
        ClDevice clDevice = Suite.match(device);
        var pauses = List.of(new Pause("sleep", 0), new Pause("sleep", 2), new Pause("sleep", 10),
                new Pause("sleep", 50), new Pause("sleep", 200), new Pause("spin", 50), new Pause("build", 0),
                new Pause("sleep, ticks", 200));
        GridOp op = new GridOp.Conv3(N);
        long[] global = {N, N};
        long[] local = {32, 8};
        float[] input = new float[N * N];
        for (int x = 0; x < input.length; x++) {
            input[x] = (x % 1013) * 0.25f - (x % 7);
        }
        // runs[pause][wait][run after the pause]
        @SuppressWarnings("unchecked")
        List<Run>[][][] runs = new List[pauses.size()][Wait.values().length][AFTER];
        try (var cl = new RawCl(clDevice); var arena = Arena.ofConfined()) {
            RawCl plain = RawCl.inContext(clDevice, cl.context, false);
            RawCl ticks = RawCl.inContext(clDevice, cl.context, false);
            ClMem in = cl.upload(arena, input);
            ClMem out = cl.buffer(4L * N * N);
            ClMem counter = cl.upload(arena, new int[1]);
            ClProgram program = cl.build(op.source());
            ClKernel k = ClKernel.create(program, "grid");
            op.bind(k, in, out, null);
            ClProgram tickProgram = cl.build(TICK);
            ClKernel tick = ClKernel.create(tickProgram, "tick");
            tick.setArg(0, counter);
            for (int w = 0; w < 300; w++) {
                run(cl.queue, plain.queue, k, global, local, Wait.values()[w % Wait.values().length]);
            }
            int builds = 0;
            for (int r = 0; r < rounds; r++) {
                for (int p = 0; p < pauses.size(); p++) {
                    int pi = (p + r) % pauses.size();
                    for (Wait wait : Wait.values()) {
                        builds += pause(pauses.get(pi), cl, ticks.queue, tick, builds);
                        for (int a = 0; a < AFTER; a++) {
                            Run run = run(cl.queue, plain.queue, k, global, local, wait);
                            if (runs[pi][wait.ordinal()][a] == null) {
                                runs[pi][wait.ordinal()][a] = new ArrayList<>();
                            }
                            runs[pi][wait.ordinal()][a].add(run);
                        }
                    }
                }
            }
            float[] got = new float[N * N];
            cl.download(arena, out, got);
            float[] expected = new float[N * N];
            op.java(input, expected);
            String check = Arrays.equals(got, expected) ? "ok (= Java)" : "DIFFERS from Java";
            print(device, rounds, pauses, runs, check);
            tick.close();
            tickProgram.close();
            k.close();
            program.close();
            counter.close();
            out.close();
            in.close();
            ticks.close();
            plain.close();
        }
    }

    /** Idles as {@code pause} says; returns the programs it built (each a new source, so that the driver compiles). */
    private static int pause(Pause pause, RawCl cl, ClCommandQueue tickQueue, ClKernel tick, int builds)
            throws InterruptedException {
        switch (pause.mode) {
            case "sleep" -> {
                if (pause.ms > 0) {
                    Thread.sleep(pause.ms);
                }
            }
            case "spin" -> {
                long end = System.nanoTime() + pause.ms * 1_000_000L;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
            }
            case "build" -> {
                ClProgram p = cl.build("// build " + builds + "\n" + new GridOp.Conv3(N).source());
                p.close();
                return 1;
            }
            case "sleep, ticks" -> {
                long end = System.nanoTime() + pause.ms * 1_000_000L;
                while (System.nanoTime() < end) {
                    tickQueue.enqueueNDRangeKernelWithoutEvent(tick, 1, null, new long[] {32}, new long[] {32},
                            List.of());
                    tickQueue.flush();
                    LockSupport.parkNanos(1_000_000);
                }
                tickQueue.finish();
            }
            default -> throw new IllegalArgumentException(pause.mode);
        }
        return 0;
    }

    private static Run run(ClCommandQueue profiling, ClCommandQueue plain, ClKernel k, long[] global, long[] local,
            Wait wait) {
        if (wait == Wait.PLAIN) {
            long t0 = System.nanoTime();
            plain.enqueueNDRangeKernelWithoutEvent(k, 2, null, global, local, List.of());
            long t1 = System.nanoTime();
            plain.finish();
            long t2 = System.nanoTime();
            return new Run(t1 - t0, t2 - t1, -1, -1, -1, -1);
        }
        long t0 = System.nanoTime();
        ClEvent e = profiling.enqueueNDRangeKernel(k, 2, null, global, local, List.of());
        long t1 = System.nanoTime();
        switch (wait) {
            case FINISH -> profiling.finish();
            case EVENT -> e.await();
            case POLL -> {
                profiling.flush();
                while (e.executionStatus() != 0) {
                    Thread.onSpinWait();
                }
            }
            default -> throw new IllegalStateException();
        }
        long t2 = System.nanoTime();
        try (e) {
            long queued = e.profileQueued();
            long submit = e.profileSubmit();
            long start = e.profileStart();
            long end = e.profileEnd();
            return new Run(t1 - t0, t2 - t1, submit - queued, start - submit, end - start, end - queued);
        }
    }

    private static void print(Device device, int rounds, List<Pause> pauses, List<Run>[][][] runs, String check) {
        System.out.println("## A run after the device sat idle, " + device.name());
        System.out.println();
        System.out.println("3x3 convolution of 2048², hand-written, 32x8 work-groups; medians over " + rounds
                + " rounds, µs. Device parts from the profiling event (queued, submit, start, end); \"host − device\" "
                + "is the run's host time less the event's queued-to-end span. Output " + check + ".");
        System.out.println();
        System.out.println("| before the runs | wait | run | host total | enqueue | wait | queued→submit | submit→start "
                + "| kernel | host − device |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (int p = 0; p < pauses.size(); p++) {
            for (Wait wait : Wait.values()) {
                for (int a = 0; a < AFTER; a++) {
                    List<Run> list = runs[p][wait.ordinal()][a];
                    boolean profiled = wait != Wait.PLAIN;
                    System.out.printf("| %s | %s | %d | %.1f | %.1f | %.1f | %s | %s | %s | %s |%n",
                            pauses.get(p).label(), wait.label, a + 1, median(list, Run::total),
                            median(list, Run::enqueue), median(list, Run::waitNs),
                            profiled ? fmt(median(list, Run::queuedToSubmit)) : "-",
                            profiled ? fmt(median(list, Run::submitToStart)) : "-",
                            profiled ? fmt(median(list, Run::kernel)) : "-",
                            profiled ? fmt(median(list, r -> r.total() - r.queuedToEnd())) : "-");
                }
            }
        }
    }

    private static String fmt(double us) {
        return String.format("%.1f", us);
    }

    private static double median(List<Run> runs, java.util.function.ToLongFunction<Run> part) {
        long[] v = runs.stream().mapToLong(part).sorted().toArray();
        return v[v.length / 2] / 1e3;
    }

}
