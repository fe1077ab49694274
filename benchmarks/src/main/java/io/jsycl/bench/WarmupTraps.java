package io.jsycl.bench;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.LocalAccessor;
import io.jsycl.NdRange;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import io.jsycl.Reduction;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingStream;

/**
 * Whether the submit-path warm-up left a program's way of submitting compiled: after the warm-up has ended, 3000
 * submits of a 2-D kernel in one of the ways programs repeat kernels, while a flight recording streams the JIT's
 * deoptimizations ({@code jdk.Deoptimization}); prints each one of a jsycl method (its reason, its action, the line).
 * A deoptimization whose action is {@code reinterpret} drops the compiled method: it runs in the interpreter, then at
 * the JIT's profiling tier, for thousands of calls. The ways ({@code --mode}): {@code profiled}, the kernel repeated on
 * a profiling queue; {@code depends}, on an in-order queue, each submit after the previous one's event
 * ({@code h.dependsOn}); {@code shared}, on an in-order queue whose buffers the default queue's kernel writes every
 * fourth submit; {@code host}, on an in-order queue, each result read through a host accessor; {@code arrays}, on an
 * in-order queue over a buffer made from a Java array at every submit and closed after it; {@code nd}, an nd-range
 * kernel with local memory and a barrier, on an in-order queue; {@code reduce}, a sum reduction of the 2-D buffer, on an
 * in-order queue; {@code bursts}, on the default queue, a scalar changing at every submit and a wait every 256, as a
 * per-slice sequence of launches runs (repeats in place, handed to the launch thread). One way per process: a
 * deoptimization is taken once, and the recompiled method keeps the branch.
 *
 * <p>The recording also streams the JIT's compilations ({@code jdk.Compilation}) and lists the jsycl methods compiled
 * at the optimizing tier (C2, level 4) during those submits: a method the program's submits take that the warm-up left
 * at the profiling tier, which runs several times slower until then (docs/performance.md, "Which tier the warm-up
 * leaves the repeat path at").
 *
 * <pre>java ... WarmupTraps [--device gpu] [--mode profiled|depends|shared|host|arrays|nd|reduce|bursts]
 *     [--submits 3000]</pre>
 *
 * <p>Where the warm-up is off by default (CPU devices), run with {@code -Djsycl.warmup=on}.
 */
public final class WarmupTraps {
    private WarmupTraps() {
    }

    /** The ways of repeating a kernel ({@code --mode}, lower case). */
    private enum Mode {
        PROFILED, DEPENDS, SHARED, HOST, ARRAYS, ND, REDUCE, BURSTS;

        static Mode of(String name) {
            try {
                return valueOf(name.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--mode " + name + ": one of "
                        + java.util.Arrays.toString(values()).toLowerCase(Locale.ROOT), e);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Locale.setDefault(Locale.ROOT);
        var opts = Suite.parse(args);
        Mode mode = Mode.of(opts.getOrDefault("mode", "profiled"));
        int submits = Suite.intOpt(opts, "submits", 3000);
        var warmupLog = GridKernels.warmupLog();
        Device device = Suite.devices(opts.getOrDefault("device", "gpu")).getFirst();
        var traps = new CopyOnWriteArrayList<String>();
        var optimized = new CopyOnWriteArrayList<String>();
        float sum = 0; // of the values read back (mode host)
        try (var q = new Queue(device); var profiling = new Queue(q.context(), device, QueueProperty.ENABLE_PROFILING);
             var inOrder = new Queue(q.context(), device, QueueProperty.IN_ORDER);
             var x = Buffer.ofFloat(Range.of(64, 64)); var y = Buffer.ofFloat(Range.of(64, 64));
             var total = Buffer.ofFloat(Range.of(1));
             var stream = new RecordingStream()) {
            GridKernels.awaitWarmup(warmupLog);
            stream.enable("jdk.Deoptimization");
            stream.onEvent("jdk.Deoptimization", e -> {
                String trap = describe(e);
                if (trap != null) {
                    traps.add(trap);
                }
            });
            stream.enable("jdk.Compilation").withThreshold(Duration.ZERO);
            stream.onEvent("jdk.Compilation", e -> {
                String compiled = optimizedMethod(e);
                if (compiled != null) {
                    optimized.add(compiled);
                }
            });
            stream.startAsync();
            Queue target = mode == Mode.PROFILED ? profiling : mode == Mode.BURSTS ? q : inOrder;
            Event last = null;
            float[] array = new float[64 * 64];
            for (int i = 0; i < submits; i++) {
                switch (mode) {
                    case ND, REDUCE -> {
                        Event e = mode == Mode.ND ? tiled(target, x, y) : reduced(target, x, total);
                        if (i % 16 == 0) {
                            e.await();
                        }
                    }
                    case ARRAYS -> {
                        array[i & 4095] = i;
                        try (var in = Buffer.of(array, Range.of(64, 64))) {
                            scale(target, in, y, null);
                        } // the close writes the array back
                    }
                    case BURSTS -> {
                        scale(target, x, y, null, i & 1023);
                        if (i % 256 == 255) {
                            target.await();
                        }
                    }
                    case HOST -> {
                        scale(target, x, y, null);
                        try (var h = y.hostAccess()) {
                            sum += h.get(i & 63, 0);
                        }
                    }
                    default -> { // PROFILED, DEPENDS, SHARED
                        if (mode == Mode.SHARED && i % 4 == 0) {
                            scale(q, x, y, null);
                        }
                        last = scale(target, x, y, mode == Mode.DEPENDS ? last : null);
                        if (i % 16 == 0) {
                            target.await();
                        }
                    }
                }
            }
            target.await();
            q.await();
            Thread.sleep(1500); // the stream delivers its events in batches about once a second
        }
        System.out.printf("## The JIT's deoptimizations of jsycl's methods, %s, %d submits (%s), after the warm-up%n%n",
                device.name(), submits, mode.name().toLowerCase(Locale.ROOT));
        if (sum < 0) {
            System.out.println("(negative sum of read values: " + sum + ")"); // keeps the reads
        }
        if (traps.isEmpty()) {
            System.out.println("none");
        }
        traps.forEach(System.out::println);
        System.out.printf("%nCompiled at the optimizing tier (C2) during those submits: %s%n%n",
                optimized.isEmpty() ? "none" : optimized.size() + " of jsycl's methods");
        optimized.forEach(System.out::println);
    }

    /** {@code out = 0.5 * in} over 64 x 64 items, after {@code after} where it is not null. */
    private static Event scale(Queue queue, Buffer.OfFloat in, Buffer.OfFloat out, Event after) {
        return scale(queue, in, out, after, 0.5f);
    }

    /** {@code out = s * in} over 64 x 64 items, after {@code after} where it is not null. */
    private static Event scale(Queue queue, Buffer.OfFloat in, Buffer.OfFloat out, Event after, float s) {
        return queue.submit(h -> {
            if (after != null) {
                h.dependsOn(after);
            }
            var a = in.read(h);
            var b = out.write(h);
            h.parallelFor(Range.of(64, 64), it -> b.set(it.id(0), it.id(1), s * a.get(it.id(0), it.id(1))));
        });
    }

    /** An nd-range kernel over 4096 items in work-groups of 64 that reverses each group's values in local memory. */
    private static Event tiled(Queue queue, Buffer.OfFloat in, Buffer.OfFloat out) {
        return queue.submit(h -> {
            var a = in.read(h);
            var b = out.write(h);
            var tile = LocalAccessor.ofFloat(h, 64);
            h.parallelFor(NdRange.of(Range.of(64, 64), Range.of(1, 64)), it -> {
                int l = it.localId(1);
                tile.set(l, a.get(it.globalId(0), it.globalId(1)));
                it.barrier();
                b.set(it.globalId(0), it.globalId(1), tile.get(63 - l));
            });
        });
    }

    /** The sum of {@code in}'s 4096 values into {@code sum}. */
    private static Event reduced(Queue queue, Buffer.OfFloat in, Buffer.OfFloat sum) {
        return queue.submit(h -> {
            var a = in.read(h);
            h.parallelFor(Range.of(4096), Reduction.sum(sum), (it, acc) -> {
                int i = it.id(0);
                acc.combine(a.get(i >> 6, i & 63));
            });
        });
    }

    /** A line for a compilation of a jsycl method (not a benchmark's) at the optimizing tier, or null. */
    private static String optimizedMethod(RecordedEvent e) {
        RecordedMethod method = jsyclMethod(e);
        if (method == null || e.getInt("compileLevel") != 4 || !e.getBoolean("succeded")) {
            return null;
        }
        return String.format("- %s.%s%s", method.getType().getName(), method.getName(),
                e.getBoolean("isOsr") ? " (a loop, on stack)" : "");
    }

    /** A line for a deoptimization of a jsycl method (not a benchmark's), or null. */
    private static String describe(RecordedEvent e) {
        RecordedMethod method = jsyclMethod(e);
        if (method == null) {
            return null;
        }
        return String.format("- %s.%s, line %s: %s, %s", method.getType().getName(), method.getName(),
                e.getValue("lineNumber"), e.getValue("reason"), e.getValue("action"));
    }

    /** The event's method where it is jsycl's (not a benchmark's), else null. */
    private static RecordedMethod jsyclMethod(RecordedEvent e) {
        RecordedMethod method = e.getValue("method");
        if (method == null) {
            return null;
        }
        String type = method.getType().getName();
        return type.startsWith("io.jsycl.") && !type.startsWith("io.jsycl.bench.") ? method : null;
    }
}
