package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Host cost of launching a cached kernel with 3 buffer arguments over a tiny range (256 items): one jsycl
 * {@code q.submit} (3 accessors, vector add) against the hand-written launch through the same bindings
 * ({@code clSetKernelArg} ×3 + {@code clEnqueueNDRangeKernel}, event released), and the same launch asking OpenCL
 * for no event ({@code rawEnqueueNoEvent}): the floor on drivers where creating an event is a large part of a launch.
 *
 * <p>Method. Both paths use an in-order queue without profiling on the same device.
 * <ul>
 *   <li>{@code *Enqueue}: the launch alone; every {@value #BATCH}th operation also waits for the queue
 *       ({@code q.await()} / {@code clFinish}), so the device queue stays short and the wait is amortized the
 *       same way on both paths. This is the host overhead a launch-bound program pays.</li>
 *   <li>{@code *RoundTrip}: launch then wait for that launch's event: the latency of one small kernel.</li>
 * </ul>
 * The kernel is built and cached in setup; the jsycl buffers stay on the device across operations.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class SubmitBenchmark {
    static final int BATCH = 256;
    static final int N = 256;

    /** "gpu", "cpu" or a device-name substring; "gpu" falls back to the first OpenCL device. */
    @Param("gpu")
    public String device;

    private Context context;
    private Queue queue;
    private Buffer.OfFloat a;
    private Buffer.OfFloat b;
    private Buffer.OfFloat c;
    private RawCl raw;
    private Arena arena;
    private ProgramAndKernel rawKernel;
    private ClMem x;
    private ClMem y;
    private ClMem z;
    private final long[] global = {N};
    private int count;

    private record ProgramAndKernel(ClProgram program, ClKernel kernel) {
    }

    @Setup(Level.Trial)
    public void setup() {
        Device d;
        try {
            d = Suite.devices(device).getFirst();
        } catch (IllegalArgumentException none) {
            d = Suite.devices(null).getFirst();
        }
        context = new Context(d);
        queue = new Queue(context, d, QueueProperty.IN_ORDER);
        a = Buffer.of(Workload.randomFloats(N, 1));
        b = Buffer.of(Workload.randomFloats(N, 2));
        c = Buffer.of(new float[N]);
        Streaming.vectorAdd(queue, a, b, c, N).await(); // lowers, builds, uploads
        raw = new RawCl(Suite.match(d), false);
        arena = Arena.ofConfined();
        ClProgram p = raw.build(Streaming.RAW_VADD);
        rawKernel = new ProgramAndKernel(p, ClKernel.create(p, "vadd"));
        x = raw.upload(arena, Workload.randomFloats(N, 1));
        y = raw.upload(arena, Workload.randomFloats(N, 2));
        z = raw.buffer(4L * N);
        System.err.println("SubmitBenchmark on " + d.name());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        queue.await();
        raw.queue.finish();
        c.close();
        b.close();
        a.close();
        queue.close();
        context.close();
        rawKernel.kernel().close();
        rawKernel.program().close();
        x.close();
        y.close();
        z.close();
        arena.close();
        raw.close();
    }

    private void rawLaunch() {
        ClKernel k = rawKernel.kernel();
        k.setArg(0, x);
        k.setArg(1, y);
        k.setArg(2, z);
    }

    @Benchmark
    public void jsyclEnqueue() {
        Streaming.vectorAdd(queue, a, b, c, N);
        if (++count % BATCH == 0) {
            queue.await();
        }
    }

    @Benchmark
    public void rawEnqueue() {
        rawLaunch();
        raw.queue.enqueueNDRangeKernel(rawKernel.kernel(), 1, null, global, null, List.of()).close();
        if (++count % BATCH == 0) {
            raw.queue.finish();
        }
    }

    /** The floor: the same launch asking OpenCL for no event at all (event pointer {@code NULL}). */
    @Benchmark
    public void rawEnqueueNoEvent() {
        rawLaunch();
        raw.queue.enqueueNDRangeKernelWithoutEvent(rawKernel.kernel(), 1, null, global, null, List.of());
        if (++count % BATCH == 0) {
            raw.queue.finish();
        }
    }

    @Benchmark
    public void jsyclRoundTrip() {
        Streaming.vectorAdd(queue, a, b, c, N).await();
    }

    @Benchmark
    public void rawRoundTrip() {
        rawLaunch();
        try (var e = raw.queue.enqueueNDRangeKernel(rawKernel.kernel(), 1, null, global, null, List.of())) {
            e.await();
        }
    }
}
