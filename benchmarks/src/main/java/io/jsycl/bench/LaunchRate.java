package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntToDoubleFunction;

/**
 * The cost of one launch of a tiny cached kernel when a program launches many back to back, measured the way
 * {@code torch_peers.py} measures PyTorch's eager launch: {@code reps} launches of the vector add of 256 floats, then
 * one wait for the queue; per launch = wall clock / reps. Each path runs {@code rounds} such rounds, the paths taking
 * turns round by round (the order reversed every other round) so that a slow spell of the host or the GPU falls on
 * all of them; the table gives the median round and the fastest and slowest.
 *
 * <p>Paths: {@code q.submit} on an in-order queue and on a default queue (jsycl's launch, everything included: the
 * command group, the dependency tracking, the arguments), and the same kernel through the raw bindings: with an OpenCL event per launch
 * and without, the work-group size left to the driver or set to jsycl's choice, so that a difference between jsycl
 * and raw can be told apart from the launch's shape. Every path's output is checked against Java after its rounds.
 *
 * <p>With {@code --peer}, PyTorch's eager launch of {@code torch.add} of 256 floats ({@code torch_peers.py}'s
 * {@code Eager}) is one more path, run in a child process ({@link TorchPeer}) and taking its turns with the others.
 *
 * <p>Usage: {@code LaunchRate --device gpu|cpu [--reps 20000] [--rounds 7] [--out FILE.md] [--csv FILE.csv]
 * [--peer "python3 benchmarks/gpu/torch_peers.py --serve"]}. The CSV holds every round ({@link LaunchRateCompare}
 * pools several passes).
 */
public final class LaunchRate {
    private static final int N = 256;

    private LaunchRate() {
    }

    public static void main(String[] args) throws IOException {
        String device = "gpu";
        int reps = 20000;
        int rounds = 7;
        Path out = null;
        String peerCommand = null;
        Path csv = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--device" -> device = args[++i];
                case "--reps" -> reps = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--peer" -> peerCommand = args[++i];
                case "--csv" -> csv = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i] + "; usage: LaunchRate "
                        + "--device gpu|cpu [--reps 20000] [--rounds 7] [--out FILE.md] [--csv FILE.csv] [--peer COMMAND]");
            }
        }
        Device d = Sweep.device(device);
        float[] a = Workload.randomFloats(N, 1);
        float[] b = Workload.randomFloats(N, 2);
        float[] want = new float[N];
        for (int i = 0; i < N; i++) {
            want[i] = a[i] + b[i];
        }
        var paths = new ArrayList<LaunchPath>();
        boolean ok = true;
        String peerCheck = "";
        TorchPeer peer = TorchPeer.startIfAsked(peerCommand, 0, "the launch rate");
        try (TorchPeer closing = peer;
             var context = new Context(d);
             var queue = new Queue(context, d, QueueProperty.IN_ORDER);
             var defaultQueue = new Queue(context, d);
             var ba = Buffer.of(a.clone()); var bb = Buffer.of(b.clone()); var bc = Buffer.of(new float[N]);
             var raw = new RawCl(Suite.match(d), false);
             var arena = Arena.ofConfined()) {
            ClProgram program = raw.build(Streaming.RAW_VADD);
            ClKernel kernel = ClKernel.create(program, "vadd");
            ClMem x = raw.upload(arena, a);
            ClMem y = raw.upload(arena, b);
            ClMem z = raw.buffer(4L * N);
            kernel.setArg(0, x);
            kernel.setArg(1, y);
            kernel.setArg(2, z);
            long[] global = {N};
            long[] local = {N};
            paths.add(new LaunchPath("jsycl `q.submit` (in-order queue)", () -> Streaming.vectorAdd(queue, ba, bb, bc, N),
                    queue::await));
            paths.add(new LaunchPath("jsycl `q.submit` (default queue)",
                    () -> Streaming.vectorAdd(defaultQueue, ba, bb, bc, N), defaultQueue::await));
            paths.add(new LaunchPath("raw, no event, driver's work-group", () -> raw.queue.enqueueNDRangeKernelWithoutEvent(
                    kernel, 1, null, global, null, List.of()), raw.queue::finish));
            paths.add(new LaunchPath("raw, no event, work-group of " + N, () -> raw.queue.enqueueNDRangeKernelWithoutEvent(
                    kernel, 1, null, global, local, List.of()), raw.queue::finish));
            paths.add(new LaunchPath("raw, no event, arguments set every launch", () -> {
                kernel.setArg(0, x);
                kernel.setArg(1, y);
                kernel.setArg(2, z);
                raw.queue.enqueueNDRangeKernelWithoutEvent(kernel, 1, null, global, null, List.of());
            }, raw.queue::finish));
            paths.add(new LaunchPath("raw, with an event (released at once)", () -> raw.queue.enqueueNDRangeKernel(
                    kernel, 1, null, global, null, List.of()).close(), raw.queue::finish));
            if (peer != null) {
                paths.add(new LaunchPath(peer.version() + ", eager `torch.add` (child process)",
                        peer::eagerRoundNanos));
            }
            for (LaunchPath p : paths) {
                p.round(Math.min(reps, 2000)); // warm-up: the JIT, the driver's first launches
            }
            for (int round = 0; round < rounds; round++) {
                for (int turn = 0; turn < paths.size(); turn++) {
                    LaunchPath p = paths.get(Contender.inTurn(round, turn, paths.size()));
                    p.perLaunchNs.add(p.round(reps));
                }
            }
            float[] got = new float[N];
            raw.download(arena, z, got);
            ok &= Arrays.equals(got, want);
            if (peer != null) {
                String check = peer.eagerCheck();
                ok &= check.startsWith("ok");
                peerCheck = ", PyTorch's " + check;
            }
            try (var host = bc.hostAccess()) {
                for (int i = 0; i < N; i++) {
                    ok &= Float.floatToRawIntBits(host.get(i)) == Float.floatToRawIntBits(want[i]);
                }
            }
            z.close();
            y.close();
            x.close();
            kernel.close();
            program.close();
        }
        var text = new StringBuilder();
        text.append("## Launch cost of a tiny kernel on ").append(d.name()).append(", ").append(LocalDate.now())
                .append("\n\n`LaunchRate ").append(String.join(" ", args)).append("`: ").append(reps)
                .append(" launches of the vector add of ").append(N).append(" floats back to back, then one wait; ")
                .append("per launch = wall clock / ").append(reps).append(". Median (min–max) of ").append(rounds)
                .append(" rounds, the paths taking turns (the order reversed every other round). Outputs checked against ")
                .append("Java: ").append(ok ? "ok" : "MISMATCH").append(peerCheck)
                .append(".\n\n| path | µs per launch |\n|---|---|\n");
        for (LaunchPath p : paths) {
            double[] v = p.perLaunchNs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            text.append(String.format("| %s | %.2f (%.2f–%.2f) |%n", p.name, v[v.length / 2] / 1e3, v[0] / 1e3,
                    v[v.length - 1] / 1e3));
        }
        System.out.println(text);
        if (out != null) {
            Files.writeString(out, text);
        }
        if (csv != null) {
            var lines = new ArrayList<>(List.of(LaunchRateCompare.HEADER));
            for (LaunchPath p : paths) {
                for (int round = 0; round < p.perLaunchNs.size(); round++) {
                    lines.add(SweepRow.quote(p.name) + "," + round + ","
                            + String.format(Locale.ROOT, "%.4f", p.perLaunchNs.get(round) / 1e3));
                }
            }
            Files.write(csv, lines);
        }
        System.exit(ok ? 0 : 1);
    }

    /** One way to launch the kernel: a round of launches and one wait, timed. */
    private static final class LaunchPath {
        final String name;
        final IntToDoubleFunction round;
        final List<Double> perLaunchNs = new ArrayList<>();

        /** {@code round}: runs that many launches and one wait, and returns the wall clock per launch in ns. */
        LaunchPath(String name, IntToDoubleFunction round) {
            this.name = name;
            this.round = round;
        }

        /** {@code launch} {@code reps} times, then {@code drain} once. */
        LaunchPath(String name, Runnable launch, Runnable drain) {
            this(name, reps -> {
                long t0 = System.nanoTime();
                for (int i = 0; i < reps; i++) {
                    launch.run();
                }
                drain.run();
                return (System.nanoTime() - t0) / (double) reps;
            });
        }

        /** {@code reps} launches then one wait; the wall clock per launch in ns. */
        double round(int reps) {
            return round.applyAsDouble(reps);
        }
    }
}
