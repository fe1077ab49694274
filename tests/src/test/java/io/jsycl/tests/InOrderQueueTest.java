package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.DeviceArray;
import io.jsycl.Event;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.Range;
import io.jsycl.opencl.ClObjects;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * In-order OpenCL queues without profiling launch kernels without asking OpenCL for an event; a
 * launch's {@link Event} gets a marker on its queue only when something needs one. These tests
 * check that everything that waits for such a launch still sees its results: its own await and
 * status, another queue, another context, a host accessor, a buffer's write-back, a queue closed
 * under it, and that profiling queues and checked kernels keep their own events.
 */
class InOrderQueueTest {
    static final int N = 1000;

    static Stream<Device> devices() {
        return TestDevices.openCl().stream();
    }

    private static Queue inOrder(Context context, Device device) {
        return new Queue(context, device, QueueProperty.IN_ORDER);
    }

    private static Event increment(Queue q, Buffer.OfInt buf, int by) {
        return q.submit(h -> {
            var a = buf.readWrite(h);
            h.parallelFor(Range.of(N), it -> a.set(it.id(0), a.get(it.id(0)) + it.id(0) % 7 + by));
        });
    }

    /** What {@code times} increments by {@code by} make of zeros, computed by a plain loop. */
    private static int[] expected(int times, int by) {
        int[] e = new int[N];
        for (int t = 0; t < times; t++) {
            for (int i = 0; i < N; i++) {
                e[i] += i % 7 + by;
            }
        }
        return e;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void launchesAndTheirWaitsCreateNoOpenClEvent(Device device) {
        int[] data = new int[N];
        try (var context = new Context(device); var q = inOrder(context, device); var buf = Buffer.of(data)) {
            increment(q, buf, 1).await(); // uploads, builds
            long events = ClObjects.created(ClObjects.Kind.EVENT);
            long markers = ClObjects.calls("clEnqueueMarkerWithWaitList");
            var launched = new ArrayList<Event>();
            for (int s = 0; s < 100; s++) {
                launched.add(increment(q, buf, 1));
            }
            assertThat(ClObjects.created(ClObjects.Kind.EVENT)).as("events created by 100 launches").isEqualTo(events);
            long finishes = ClObjects.calls("clFinish");
            launched.getLast().await(); // a clFinish of the queue: no event, no marker
            assertThat(ClObjects.calls("clFinish") - finishes).isEqualTo(1);
            for (Event e : launched) {
                assertThat(e.status()).isEqualTo(Event.Status.COMPLETE); // known from the finish: no marker
                e.await();
            }
            q.await();
            assertThat(ClObjects.calls("clEnqueueMarkerWithWaitList") - markers).isZero();
            assertThat(ClObjects.created(ClObjects.Kind.EVENT)).as("events created by the waits").isEqualTo(events);
            assertThat(ClObjects.calls("clFinish") - finishes).isEqualTo(1);
        }
        assertThat(data).containsExactly(expected(101, 1));
    }

    /**
     * A wait is a {@code clFinish} of the queue: a close on another thread must not release the OpenCL queue under
     * it. Each increment submitted before the close runs once; the waiting thread's submits after it are refused.
     */
    @ParameterizedTest
    @MethodSource("devices")
    void aCloseWaitsForTheWaitsInFinish(Device device) throws Exception {
        int[] data = new int[N];
        try (var context = new Context(device); var buf = Buffer.of(data); ExecutorService pool =
                Executors.newFixedThreadPool(2)) {
            var q = inOrder(context, device);
            increment(q, buf, 1).await();
            // The close comes once each thread has submitted, so that it meets their waits: a loaded machine may
            // start them late.
            var submitting = new CountDownLatch(2);
            var waiters = new ArrayList<Future<Integer>>();
            for (int t = 0; t < 2; t++) {
                waiters.add(pool.submit(() -> {
                    int ran = 0;
                    while (true) {
                        Event e;
                        try {
                            e = increment(q, buf, 1);
                        } catch (IllegalStateException closed) {
                            return ran;
                        }
                        if (ran++ == 0) {
                            submitting.countDown();
                        }
                        e.await();
                    }
                }));
            }
            assertThat(submitting.await(30, TimeUnit.SECONDS)).as("both threads submitting").isTrue();
            q.close();
            int submitted = 1;
            for (var w : waiters) {
                submitted += w.get();
            }
            assertThat(submitted).isGreaterThan(1);
            buf.close();
            assertThat(data).containsExactly(expected(submitted, 1));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void markersAreReleasedOnceNothingHoldsThem(Device device) throws Exception {
        long live = ClObjects.live(ClObjects.Kind.EVENT);
        int[] data = new int[N];
        try (var context = new Context(device); var q = inOrder(context, device); var buf = Buffer.of(data)) {
            for (int s = 0; s < 20; s++) {
                Event e = increment(q, buf, 1);
                assertThat(e.status()).isNotNull(); // a marker each: a status needs one
                e.await();
            }
        }
        assertThat(data).containsExactly(expected(20, 1));
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (ClObjects.live(ClObjects.Kind.EVENT) > live && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20);
        }
        assertThat(ClObjects.live(ClObjects.Kind.EVENT)).as("OpenCL events still held").isLessThanOrEqualTo(live);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aSecondQueueOfTheContextWaitsForTheLaunch(Device device) {
        int[] data = new int[N];
        int[] copy = new int[N];
        try (var context = new Context(device);
             var q1 = inOrder(context, device);
             var q2 = inOrder(context, device);
             var src = Buffer.of(data);
             var dst = Buffer.of(copy)) {
            for (int s = 0; s < 20; s++) {
                increment(q1, src, 3);
                var e = q2.submit(h -> {
                    var in = src.read(h);
                    var out = dst.write(h);
                    h.parallelFor(Range.of(N), it -> out.set(it.id(0), in.get(it.id(0)) * 2));
                });
                if (s == 19) {
                    e.await();
                }
            }
        }
        int[] want = expected(20, 3);
        assertThat(data).containsExactly(want);
        for (int i = 0; i < N; i++) {
            want[i] *= 2;
        }
        assertThat(copy).containsExactly(want);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void anotherContextAHostAccessorAndTheWriteBackSeeTheLaunch(Device device) {
        int[] data = new int[N];
        int[] other = new int[N];
        try (var c1 = new Context(device);
             var c2 = new Context(device);
             var q1 = inOrder(c1, device);
             var q2 = inOrder(c2, device);
             var buf = Buffer.of(data)) {
            increment(q1, buf, 1);
            increment(q1, buf, 1);
            try (var host = buf.hostAccess()) {
                assertThat(host.get(N - 1)).isEqualTo(expected(2, 1)[N - 1]);
            }
            increment(q1, buf, 1);
            try (var out = Buffer.of(other)) {
                q2.submit(h -> { // reads what q1 wrote in another context: through the host
                    var in = buf.read(h);
                    var o = out.write(h);
                    h.parallelFor(Range.of(N), it -> o.set(it.id(0), in.get(it.id(0)) + 1));
                });
            }
            increment(q1, buf, 1);
        }
        assertThat(data).containsExactly(expected(4, 1));
        int[] want = expected(3, 1);
        for (int i = 0; i < N; i++) {
            want[i] += 1;
        }
        assertThat(other).containsExactly(want);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void anOutOfOrderQueueWaitsForALaunchItDependsOn(Device device) {
        long[] out = new long[N];
        try (var context = new Context(device);
             var q1 = inOrder(context, device);
             var q2 = new Queue(context, device);
             var a = DeviceArray.ofLong(q1, N)) {
            q1.fill(a, 5L).await();
            Event last = null;
            for (int s = 0; s < 5; s++) {
                last = q1.submit(h -> h.parallelFor(Range.of(N), it -> a.set(it.id(0), a.get(it.id(0)) * 3 + 1)));
            }
            Event wrote = last;
            q2.submit(h -> {
                h.dependsOn(wrote);
                h.parallelFor(Range.of(N), it -> a.set(it.id(0), a.get(it.id(0)) + it.id(0)));
            }).await();
            q2.copy(a, out);
        }
        long v = 5;
        for (int s = 0; s < 5; s++) {
            v = v * 3 + 1;
        }
        for (int i = 0; i < N; i++) {
            assertThat(out[i]).isEqualTo(v + i);
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void eventsOfAClosedQueueAreComplete(Device device) {
        int[] data = new int[N];
        var events = new ArrayList<Event>();
        try (var context = new Context(device); var buf = Buffer.of(data)) {
            var q = inOrder(context, device);
            for (int s = 0; s < 50; s++) {
                events.add(increment(q, buf, 2));
            }
            q.close();
            long markers = ClObjects.calls("clEnqueueMarkerWithWaitList");
            for (Event e : events) {
                assertThat(e.status()).isEqualTo(Event.Status.COMPLETE);
                e.await();
            }
            assertThat(ClObjects.calls("clEnqueueMarkerWithWaitList")).isEqualTo(markers);
        }
        assertThat(data).containsExactly(expected(50, 2));
    }

    @ParameterizedTest
    @MethodSource("devices")
    void profilingQueuesAndCheckedKernelsKeepTheirOwnEvents(Device device) {
        int[] data = new int[N];
        try (var context = new Context(device);
             var profiled = new Queue(context, device, QueueProperty.IN_ORDER, QueueProperty.ENABLE_PROFILING);
             var q = inOrder(context, device)) {
            try (var buf = Buffer.of(data)) {
                var p = increment(profiled, buf, 1).profile();
                assertThat(p.endNanos()).isGreaterThanOrEqualTo(p.startNanos());
            }
            var bad = Buffer.of(new int[N]);
            var checked = q.submit(h -> {
                h.checked();
                var o = bad.readWrite(h);
                h.parallelFor(Range.of(N), it -> o.set(it.id(0) + 1, 1));
            });
            assertThatThrownBy(checked::await).isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessageContaining(String.valueOf(N));
            bad.close(); // the failure was delivered once, by the await above
        }
        assertThat(data).containsExactly(expected(1, 1));
    }

    /** A buffer's pending readers are polled for completion now and then, not all of them at every submit. */
    @ParameterizedTest
    @MethodSource("devices")
    void pendingReadersAreNotPolledAtEverySubmit(Device device) {
        int[] data = new int[N];
        int[] sums = new int[1];
        try (var context = new Context(device);
             var q = new Queue(context, device, QueueProperty.IN_ORDER, QueueProperty.ENABLE_PROFILING);
             var buf = Buffer.of(data);
             var out = Buffer.of(sums)) {
            Runnable read = () -> q.submit(h -> {
                var in = buf.read(h);
                var o = out.readWrite(h);
                h.singleTask(() -> o.set(0, o.get(0) + in.get(N - 1) + 1));
            });
            read.run(); // builds the kernel
            q.submit(h -> { // keeps the queue busy so the reads below stay pending
                var o = out.readWrite(h);
                h.singleTask(() -> {
                    int x = 0;
                    for (int i = 0; i < 100_000_000; i++) {
                        x = x * 31 + i;
                    }
                    o.set(0, o.get(0) + (x == 7 ? 1 : 0) - 1);
                });
            });
            long polls = ClObjects.calls("clGetEventInfo");
            for (int s = 0; s < 200; s++) {
                read.run();
            }
            assertThat(ClObjects.calls("clGetEventInfo") - polls).as("event status queries for 200 submits")
                    .isLessThan(600);
        }
        assertThat(sums[0]).isEqualTo(200);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void sixteenThreadsOnOneInOrderQueue(Device device) throws Exception {
        int threads = 16;
        int submits = 100;
        try (var context = new Context(device);
             var q = inOrder(context, device);
             ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<int[]>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int by = t;
                results.add(pool.submit(() -> {
                    int[] mine = new int[N];
                    try (var own = Buffer.of(mine)) {
                        for (int s = 0; s < submits; s++) {
                            increment(q, own, by);
                        }
                    }
                    return mine;
                }));
            }
            for (int t = 0; t < threads; t++) {
                assertThat(results.get(t).get()).as("thread %d", t).containsExactly(expected(submits, t));
            }
        }
    }
}
