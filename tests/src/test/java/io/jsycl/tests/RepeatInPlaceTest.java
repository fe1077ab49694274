package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A launch that repeats one of its queue's latest launches on data that only that queue's own launches touched since
 * is enqueued in place, without the scheduler's pass (its buffers' copies are current, it waits for nothing its
 * in-order OpenCL queue does not order): these tests repeat launches on in-order queues, where launches need no event
 * on every device, and check from the scheduler's trace which submits took that way, and from Java that each result
 * is right, also where something else touched the data between two repeats (another queue's write or read, a host
 * write, a host task before the launch on an in-order queue): those submits take the whole pass, and the repeats
 * after them are in place again once what they found has ended. Two threads repeat
 * launches on one queue while a third reads one of their buffers on the host, and random programs mix repeats with
 * another queue's launches, host reads and writes and waits, checked against the same program run in Java.
 */
class RepeatInPlaceTest {
    private static final String IN_PLACE = "repeats a launch in place";

    private TraceCapture trace;

    @BeforeEach
    void listen() {
        trace = new TraceCapture();
    }

    @AfterEach
    void stop() {
        trace.close();
    }

    /** The submits since the trace was last cleared that were enqueued in place; clears the trace. */
    private long inPlace() {
        List<String> messages = trace.messages();
        trace.clear();
        return messages.stream().filter(m -> m.contains(IN_PLACE)).count();
    }

    /** out[i] = (in[i] + 3 in[(i + 1) % n] + t) & 0xffff. */
    private static Event step(Queue q, Buffer.OfInt in, Buffer.OfInt out, int t) {
        int n = in.size();
        return q.submit(h -> {
            var src = in.read(h);
            var dst = out.write(h);
            h.parallelFor(Range.of(n), it -> {
                int i = it.id(0);
                dst.set(i, (src.get(i) + 3 * src.get((i + 1) % n) + t) & 0xffff);
            });
        });
    }

    private static int[] step(int[] in, int t) {
        int n = in.length;
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = (in[i] + 3 * in[(i + 1) % n] + t) & 0xffff;
        }
        return out;
    }

    /** out[i] = in[i] + k. */
    private static Event add(Queue q, Buffer.OfInt in, Buffer.OfInt out, int k) {
        return q.submit(h -> {
            var src = in.read(h);
            var dst = out.write(h);
            h.parallelFor(Range.of(in.size()), it -> dst.set(it.id(0), src.get(it.id(0)) + k));
        });
    }

    /** x[i] = v + i. */
    private static void fill(Queue q, Buffer.OfInt x, int v) {
        q.submit(h -> {
            var dst = x.writeNoInit(h);
            h.parallelFor(Range.of(x.size()), it -> dst.set(it.id(0), v + it.id(0)));
        });
    }

    /** z[i] = 2 x[i]. */
    private static void twice(Queue q, Buffer.OfInt x, Buffer.OfInt z) {
        q.submit(h -> {
            var src = x.read(h);
            var dst = z.write(h);
            h.parallelFor(Range.of(x.size()), it -> dst.set(it.id(0), 2 * src.get(it.id(0))));
        });
    }

    /** The buffer's contents, read with a read-only host accessor, which leaves the device's copy current. */
    private static int[] contents(Buffer.OfInt b) {
        int[] v = new int[b.size()];
        try (var h = b.hostRead()) {
            h.copyTo(v);
        }
        return v;
    }

    private static int[] plus(int[] a, int k) {
        int[] out = a.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] += k;
        }
        return out;
    }

    private static int[] ramp(int n, int v) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = v + i;
        }
        return out;
    }

    @Test
    void aStencilSwappingItsBuffersRepeatsInPlaceAfterItsFirstTwoSteps() {
        for (Device device : TestDevices.openCl()) {
            int n = 1000;
            int steps = 40;
            int[] expected = TestData.ints(n, 5, r -> r.nextInt(1 << 16));
            try (var context = new Context(device);
                 var q = new Queue(context, device, QueueProperty.IN_ORDER);
                 var a = Buffer.of(expected.clone()); var b = Buffer.ofInt(Range.of(n))) {
                step(q, a, b, 0).await(); // its upload done: on some devices it is another queue's transfer
                expected = step(expected, 0);
                trace.clear();
                for (int t = 1; t < steps; t++) {
                    if (t % 2 == 0) {
                        step(q, a, b, t);
                    } else {
                        step(q, b, a, t);
                    }
                    expected = step(expected, t);
                }
                q.await();
                assertThat(inPlace()).as("%s: steps in place", device.name()).isEqualTo(steps - 2);
                assertThat(contents(steps % 2 == 0 ? a : b)).as(device.name()).containsExactly(expected);
            }
        }
    }

    @Test
    void aBufferAnotherQueueWroteBetweenRepeatsIsWaitedForAndRead() {
        for (Device device : TestDevices.openCl()) {
            int n = 512;
            try (var context = new Context(device);
                 var q = new Queue(context, device, QueueProperty.IN_ORDER);
                 var other = new Queue(context, device, QueueProperty.IN_ORDER);
                 var x = Buffer.of(ramp(n, 0)); var y = Buffer.ofInt(Range.of(n))) {
                add(q, x, y, 0).await();
                for (int k = 1; k < 3; k++) {
                    add(q, x, y, k);
                }
                q.await();
                assertThat(inPlace()).as("%s: repeats on the queue's own data", device.name()).isEqualTo(2);
                fill(other, x, 1000);
                add(q, x, y, 7);
                assertThat(inPlace()).as("%s: after another queue's write", device.name()).isZero();
                assertThat(contents(y)).as(device.name()).containsExactly(ramp(n, 1007));
                other.await(); // the write is known to have ended: nothing left to wait for in it
                add(q, x, y, 8); // after the host read, which may leave y's pinned memory current: a pass resets it
                trace.clear();
                add(q, x, y, 9);
                assertThat(inPlace()).as("%s: once the other queue's write has ended", device.name()).isEqualTo(1);
                assertThat(contents(y)).as(device.name()).containsExactly(ramp(n, 1009));
            }
        }
    }

    @Test
    void aBufferAnotherContextWroteBetweenRepeatsIsMovedBack() {
        for (Device device : TestDevices.openCl()) {
            int n = 512;
            try (var context = new Context(device); var otherContext = new Context(device);
                 var q = new Queue(context, device, QueueProperty.IN_ORDER);
                 var other = new Queue(otherContext, device, QueueProperty.IN_ORDER);
                 var x = Buffer.of(ramp(n, 0)); var y = Buffer.ofInt(Range.of(n))) {
                add(q, x, y, 1).await();
                add(q, x, y, 2);
                q.await();
                fill(other, x, -50);
                other.await();
                add(q, x, y, 3);
                assertThat(inPlace()).as("%s: after a write in another context", device.name()).isEqualTo(1);
                q.await();
                add(q, x, y, 4);
                assertThat(inPlace()).as("%s: once moved back", device.name()).isEqualTo(1);
                assertThat(contents(y)).as(device.name()).containsExactly(ramp(n, -46));
            }
        }
    }

    @Test
    void aHostWriteBetweenRepeatsIsUploaded() {
        for (Device device : TestDevices.openCl()) {
            int n = 300;
            int[] x0 = TestData.ints(n, 8, r -> r.nextInt());
            int[] x1 = TestData.ints(n, 9, r -> r.nextInt());
            try (var context = new Context(device);
                 var q = new Queue(context, device, QueueProperty.IN_ORDER);
                 var x = Buffer.of(x0.clone()); var y = Buffer.ofInt(Range.of(n))) {
                add(q, x, y, 1).await();
                add(q, x, y, 2).await();
                try (var h = x.hostAccess()) {
                    for (int i = 0; i < n; i++) {
                        h.set(i, x1[i]);
                    }
                }
                trace.clear();
                add(q, x, y, 3).await(); // its upload done: on some devices it is another queue's transfer
                assertThat(inPlace()).as("%s: after a host write", device.name()).isZero();
                add(q, x, y, 4);
                assertThat(inPlace()).as("%s: repeated again on its own data", device.name()).isEqualTo(1);
                assertThat(contents(y)).as(device.name()).containsExactly(plus(x1, 4));
            }
        }
    }

    @Test
    void aWriteAfterAnotherQueuesReadWaitsForThatRead() {
        for (Device device : TestDevices.openCl()) {
            int n = 400;
            try (var context = new Context(device);
                 var q = new Queue(context, device, QueueProperty.IN_ORDER);
                 var other = new Queue(context, device, QueueProperty.IN_ORDER);
                 var x = Buffer.of(ramp(n, 0)); var y = Buffer.ofInt(Range.of(n));
                 var z = Buffer.ofInt(Range.of(n))) {
                add(q, x, y, 1); // reads x
                fill(q, x, 10); // writes x
                q.await();
                trace.clear();
                add(q, x, y, 1);
                fill(q, x, 10);
                q.await();
                assertThat(inPlace()).as("%s: the pair repeated on the queue's own data", device.name()).isEqualTo(2);
                twice(other, x, z); // another queue reads x: the next write of x waits for it
                fill(q, x, 20);
                assertThat(inPlace()).as("%s: a write after another queue's read", device.name()).isZero();
                assertThat(contents(z)).as(device.name()).containsExactly(twice(ramp(n, 10)));
                assertThat(contents(x)).as(device.name()).containsExactly(ramp(n, 20));
            }
        }
    }

    private static int[] twice(int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = 2 * a[i];
        }
        return out;
    }

    /** x[i] += k. */
    private static void accumulate(Queue q, Buffer.OfInt x, int k) {
        q.submit(h -> {
            var y = x.readWrite(h);
            h.parallelFor(Range.of(x.size()), it -> y.set(it.id(0), y.get(it.id(0)) + k));
        });
    }

    @Test
    void repeatsFromTwoThreadsWithHostReadsBetweenLeaveEveryReadWhole() throws Exception {
        for (Device device : TestDevices.openCl()) {
            int n = 4096;
            int launches = 300;
            try (var context = new Context(device);
                 var q = new Queue(context, device, QueueProperty.IN_ORDER);
                 var a = Buffer.of(ramp(n, 0)); var b = Buffer.of(ramp(n, 0))) {
                var failures = new java.util.concurrent.ConcurrentLinkedQueue<String>();
                var done = new AtomicBoolean();
                Thread reader = new Thread(() -> {
                    int last = 0;
                    while (!done.get()) {
                        int[] seen = contents(a); // every launch before the read has run, none after it has begun
                        int m = seen[0];
                        for (int i = 0; i < n; i++) {
                            if (seen[i] - i != m) {
                                failures.add("element " + i + " had " + (seen[i] - i) + " launches, element 0 " + m);
                                return;
                            }
                        }
                        if (m < last) {
                            failures.add("a read saw " + m + " launches after one saw " + last);
                            return;
                        }
                        last = m;
                    }
                }, "repeat-in-place-reader");
                Thread other = new Thread(() -> {
                    for (int k = 0; k < launches; k++) {
                        accumulate(q, b, 2);
                    }
                }, "repeat-in-place-other");
                reader.start();
                other.start();
                for (int k = 0; k < launches; k++) {
                    accumulate(q, a, 1);
                }
                other.join();
                q.await();
                done.set(true);
                reader.join();
                assertThat(failures).as(device.name()).isEmpty();
                assertThat(contents(a)).as(device.name()).containsExactly(ramp(n, launches));
                assertThat(contents(b)).as(device.name()).containsExactly(ramp(n, 2 * launches));
            }
        }
    }

    @Test
    void randomRepeatsAmongOtherQueuesAndHostAccessesMatchTheProgramRunInOrder() {
        for (Device device : TestDevices.openCl()) {
            for (long seed : new long[] {1, 2, 3}) {
                randomProgram(device, seed, 300);
            }
        }
    }

    /**
     * {@code ops} random steps over three buffers: launches (x = y + k, x += k) on an in-order queue, whose repeats
     * may go in place, and on a default queue beside it, host reads checked against a Java model run in program order,
     * host writes, and waits; the buffers' contents at the end are the model's.
     */
    private void randomProgram(Device device, long seed, int ops) {
        int n = 257;
        var random = new java.util.SplittableRandom(seed);
        int[][] model = {ramp(n, 0), ramp(n, 100), ramp(n, -7)};
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.IN_ORDER);
             var other = new Queue(context, device);
             var b0 = Buffer.of(model[0].clone()); var b1 = Buffer.of(model[1].clone());
             var b2 = Buffer.of(model[2].clone())) {
            Buffer.OfInt[] buffers = {b0, b1, b2};
            trace.clear();
            for (int op = 0; op < ops; op++) {
                int x = random.nextInt(3);
                int y = (x + 1 + random.nextInt(2)) % 3;
                int k = random.nextInt(4); // few values: scalars repeat, as do (kernel, buffers) pairs
                int what = random.nextInt(100);
                String step = "seed " + seed + ", step " + op;
                if (what < 40) {
                    add(q, buffers[y], buffers[x], k);
                    model[x] = plus(model[y], k);
                } else if (what < 65) {
                    accumulate(q, buffers[x], k);
                    model[x] = plus(model[x], k);
                } else if (what < 80) {
                    add(other, buffers[y], buffers[x], k);
                    model[x] = plus(model[y], k);
                } else if (what < 90) {
                    assertThat(contents(buffers[x])).as("%s: %s, host read", device.name(), step)
                            .containsExactly(model[x]);
                } else if (what < 95) {
                    int v = random.nextInt(1000);
                    try (var h = buffers[x].hostAccess()) {
                        for (int i = 0; i < n; i++) {
                            h.set(i, v + i);
                        }
                    }
                    model[x] = ramp(n, v);
                } else if (what < 98) {
                    q.await();
                } else {
                    other.await();
                }
            }
            for (int x = 0; x < 3; x++) {
                assertThat(contents(buffers[x])).as("%s: seed %d, buffer %d at the end", device.name(), seed, x)
                        .containsExactly(model[x]);
            }
            assertThat(inPlace()).as("%s: seed %d, repeats in place", device.name(), seed).isPositive();
        }
    }

    @Test
    void onAnInOrderQueueARepeatWaitsForAHostTaskBeforeIt() {
        for (Device device : TestDevices.openCl()) {
            int n = 256;
            var taskEnded = new AtomicBoolean();
            try (var context = new Context(device);
                 var q = new Queue(context, device, QueueProperty.IN_ORDER);
                 var x = Buffer.of(ramp(n, 0)); var y = Buffer.ofInt(Range.of(n))) {
                add(q, x, y, 1);
                add(q, x, y, 2).await();
                q.submit(h -> h.hostTask(() -> {
                    try {
                        Thread.sleep(300);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    taskEnded.set(true);
                }));
                trace.clear();
                add(q, x, y, 3).await();
                assertThat(taskEnded).as("%s: the host task ended before the launch after it", device.name()).isTrue();
                assertThat(inPlace()).as("%s: a launch after a host task", device.name()).isZero();
                add(q, x, y, 4);
                assertThat(inPlace()).as("%s: after a launch of its own again", device.name()).isEqualTo(1);
                assertThat(contents(y)).as(device.name()).containsExactly(ramp(n, 4));
            }
        }
    }
}
