package io.jsycl.samples;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceSelector;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import io.jsycl.Reduction;
import java.util.List;
import java.util.Random;

/**
 * Reductions over an {@code int} array: the sum, the minimum and the maximum with the built-in
 * {@link Reduction#sum}, {@link Reduction#min} and {@link Reduction#max}, and the bitwise OR of
 * all elements with a user-defined {@link Reduction#of} operation. Integer arithmetic is exact
 * and associative (the sum wraps on overflow, in any order), so every result matches Java
 * exactly whatever order the device combines in.
 *
 * <p>Each result is combined with the prior contents of its one-element buffer (SYCL 2020), so
 * each buffer starts at the operation's identity.
 */
public final class SumReduction {
    private SumReduction() {
    }

    /** The four results. */
    public record Results(int sum, int min, int max, int or) {
    }

    /** The sum of {@code data}, wrapping on overflow like Java's {@code int}. */
    public static int sum(Queue q, int[] data) {
        int[] out = {0};
        int n = data.length;
        try (var bufData = Buffer.of(data);
             var bufOut = Buffer.of(out)) {
            q.submit(h -> {
                var x = bufData.read(h);
                h.parallelFor(Range.of(n), Reduction.sum(bufOut), (it, sum) -> sum.combine(x.get(it.id(0))));
            });
        }
        return out[0];
    }

    /** Sum, minimum, maximum and bitwise OR of {@code data}, one kernel each; {@code events} receives them. */
    public static Results reduce(Queue q, int[] data, List<Event> events) {
        int n = data.length;
        int[] sum = {0};
        int[] min = {Integer.MAX_VALUE};
        int[] max = {Integer.MIN_VALUE};
        int[] or = {0};
        try (var bufData = Buffer.of(data);
             var bufSum = Buffer.of(sum);
             var bufMin = Buffer.of(min);
             var bufMax = Buffer.of(max);
             var bufOr = Buffer.of(or)) {
            events.add(q.submit(h -> {
                var x = bufData.read(h);
                h.parallelFor(Range.of(n), Reduction.sum(bufSum), (it, r) -> r.combine(x.get(it.id(0))));
            }));
            events.add(q.submit(h -> {
                var x = bufData.read(h);
                h.parallelFor(Range.of(n), Reduction.min(bufMin), (it, r) -> r.combine(x.get(it.id(0))));
            }));
            events.add(q.submit(h -> {
                var x = bufData.read(h);
                h.parallelFor(Range.of(n), Reduction.max(bufMax), (it, r) -> r.combine(x.get(it.id(0))));
            }));
            events.add(q.submit(h -> {
                var x = bufData.read(h);
                h.parallelFor(Range.of(n), Reduction.of(bufOr, 0, (a, b) -> a | b),
                        (it, r) -> r.combine(x.get(it.id(0))));
            }));
        }
        return new Results(sum[0], min[0], max[0], or[0]);
    }

    /** The reference: the same four results by a Java loop. */
    public static Results reduceInJava(int[] data) {
        int sum = 0;
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        int or = 0;
        for (int v : data) {
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
            or |= v;
        }
        return new Results(sum, min, max, or);
    }

    /** Usage: {@code SumReduction [n]} (default 4 Mi random ints). */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 22;
        var random = new Random(9);
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = random.nextInt(1 << 20) - (1 << 19);
        }
        Device device = Device.select(DeviceSelector.DEFAULT);
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.ENABLE_PROFILING)) {
            SampleReport.device(q);
            var events = new java.util.ArrayList<Event>();
            long t0 = System.nanoTime();
            Results results = reduce(q, data, events);
            long wall = System.nanoTime() - t0;
            SampleReport.kernelTime("sum, min, max and OR of " + n + " ints", events, wall);
            System.out.println("results: " + results);
            Results expected = reduceInJava(data);
            System.exit(SampleReport.check(results.equals(expected), "expected " + expected));
        }
    }
}
