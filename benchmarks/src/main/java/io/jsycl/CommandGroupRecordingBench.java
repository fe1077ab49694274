package io.jsycl;

import io.jsycl.internal.launch.CommandGroupRecord;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The part of a submit that records its command group, alone: a {@link Handler} made, the command group function of
 * the 3x3 convolution run on it (two accessors, a 2-D range, a kernel lambda capturing twelve values) and its record
 * taken, as {@code q.submit} does before the scheduler sees it; nothing is enqueued. A submit's "command-group" phase
 * on the development machine's traces is 0.22-0.41 µs from one process to the next, too noisy beside PoCL's enqueue to
 * judge a change of a few tens of nanoseconds there; this times the recording without the device. In package
 * {@code io.jsycl} for the handler's package-private recording, as the queue calls it. The submit-path warm-up is off
 * in the forks: its thread would run beside the measurement, and the first iterations show the recording before the
 * JIT has compiled it (2.3-2.9 µs an operation on the development machine, 0.09-0.1 µs once compiled).
 *
 * <pre>java -cp ... org.openjdk.jmh.Main CommandGroupRecordingBench</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Djsycl.warmup=off"})
public class CommandGroupRecordingBench {
    private static final int N = 64;
    private static final float[] W = {1, 2, 3, 4, 5, 6, 7, 8, 9};

    private Queue queue;
    private Buffer.OfFloat in;
    private Buffer.OfFloat out;

    @Setup(Level.Trial)
    public void setUp() {
        queue = new Queue(Device.select(DeviceSelector.DEFAULT));
        in = Buffer.ofFloat(Range.of(N, N));
        out = Buffer.ofFloat(Range.of(N, N));
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        out.close();
        in.close();
        queue.close();
    }

    /** One command group recorded: the handler, the function, the record. */
    @Benchmark
    public CommandGroupRecord record() {
        var h = new Handler(queue);
        h.record(commandGroup(in, out));
        return h.finish();
    }

    /** The convolution's command group function, as a program writes it (a new function object each time). */
    private static CommandGroup commandGroup(Buffer.OfFloat in, Buffer.OfFloat out) {
        int n = N;
        float w0 = W[0], w1 = W[1], w2 = W[2], w3 = W[3], w4 = W[4], w5 = W[5], w6 = W[6], w7 = W[7], w8 = W[8];
        return h -> {
            var src = in.read(h);
            var dst = out.writeNoInit(h);
            h.parallelFor(Range.of(n, n), it -> {
                int i = it.id(0);
                int j = it.id(1);
                if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1) {
                    dst.set(i, j, src.get(i, j));
                } else {
                    dst.set(i, j, w0 * src.get(i - 1, j - 1) + w1 * src.get(i - 1, j) + w2 * src.get(i - 1, j + 1)
                            + w3 * src.get(i, j - 1) + w4 * src.get(i, j) + w5 * src.get(i, j + 1)
                            + w6 * src.get(i + 1, j - 1) + w7 * src.get(i + 1, j) + w8 * src.get(i + 1, j + 1));
                }
            });
        };
    }
}
