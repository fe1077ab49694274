package io.jsycl.tests.adversarial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static io.jsycl.tests.BlockedWork.awaitBlocked;

import io.jsycl.Accessor;
import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.tests.BlockedWork;
import io.jsycl.tests.TestDevices;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The API used as it must not be, on one thread and across threads, on every device: each misuse on one thread ends
 * in an {@link IllegalStateException} that says what to do, within a second, never a hang; where waiting is the right
 * semantics (the misuse's other half on another thread), the waiting thread goes on once the other side lets go.
 */
@Watchdog.Limit(seconds = 30)
class ApiMisuseAdversarialTest {
    private static final int N = 64;
    /** A misuse on one thread must be refused at once; a second is far more than a refusal takes. */
    private static final long REFUSAL_MILLIS = 1000;
    /** Far more than the cross-thread work takes once the other side lets go. */
    private static final long BOUND_SECONDS = 20;

    private ExecutorService threads;

    static Stream<Device> devices() {
        return TestDevices.all();
    }

    @BeforeEach
    void startThreads() {
        threads = Executors.newCachedThreadPool(r -> {
            var t = new Thread(r, "api-misuse-test");
            t.setDaemon(true); // a deadlock must not keep the test JVM alive
            return t;
        });
    }

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    /** Asserts that {@code misuse} throws an IllegalStateException within a second, and returns it for more checks. */
    private static AbstractThrowableAssert<?, ? extends Throwable> refusedAtOnce(ThrowingCallable misuse) {
        long start = System.nanoTime();
        var thrown = assertThatThrownBy(misuse);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(millis).as("the misuse was refused within a second").isLessThan(REFUSAL_MILLIS);
        return thrown.isInstanceOf(IllegalStateException.class);
    }

    private static int[] iota() {
        int[] data = new int[N];
        for (int i = 0; i < N; i++) {
            data[i] = i;
        }
        return data;
    }

    /** Submits x = x + 1 over the buffer and waits for it. */
    private static void increment(Queue q, Buffer.OfInt buf) {
        BlockedWork.increment(q, buf, N).await();
    }

    /** What a test does with its queue and its buffer. */
    private interface QueueAndBuffer {
        void use(Queue q, Buffer.OfInt buf) throws Exception;
    }

    /**
     * Runs {@code use} with a queue on {@code device} and a buffer over {@link #iota}, closes both, and returns the array
     * that the buffer's close wrote back.
     */
    private static int[] withQueueAndBuffer(Device device, QueueAndBuffer use) throws Exception {
        int[] data = iota();
        try (var q = new Queue(device); var buf = Buffer.of(data)) {
            use.use(q, buf);
        }
        return data;
    }

    // Item: a kernel accessor used from host code.

    @ParameterizedTest
    @MethodSource("devices")
    void aKernelAccessorReadOrWrittenAfterItsSubmitIsRefused(Device device) throws Exception {
        int[] data = withQueueAndBuffer(device, (q, buf) -> {
            var captured = new AtomicReference<Accessor.OfInt>();
            q.submit(h -> {
                var a = buf.readWrite(h);
                captured.set(a);
                h.parallelFor(Range.of(N), it -> a.set(it.id(0), a.get(it.id(0)) * 2));
            }).await();
            var a = captured.get();
            refusedAtOnce(() -> a.get(3)).hasMessageContaining("outside its kernel")
                    .hasMessageContaining("hostAccess()");
            refusedAtOnce(() -> a.set(3, -1)).hasMessageContaining("hostAccess()");
            refusedAtOnce(() -> a.atomicAdd(3, 1)).hasMessageContaining("hostAccess()");
            try (var host = buf.hostAccess()) {
                assertThat(host.get(3)).as("the refused set changed nothing").isEqualTo(6);
            }
        });
        assertThat(data[N - 1]).isEqualTo(2 * (N - 1));
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aKernelAccessorReadInTheCommandGroupOutsideTheKernelIsRefused(Device device) throws Exception {
        int[] data = withQueueAndBuffer(device, (q, buf) -> {
            refusedAtOnce(() -> q.submit(h -> {
                var a = buf.readWrite(h);
                int first = a.get(0); // host code of the command group, not the kernel
                h.parallelFor(Range.of(N), it -> a.set(it.id(0), a.get(it.id(0)) + first));
            })).hasMessageContaining("outside its kernel").hasMessageContaining("hostAccess()");
            increment(q, buf); // the refused command group left nothing behind
        });
        assertThat(data[5]).isEqualTo(6);
    }

    // Item: host accessors and closes on the one thread that would wait for itself.

    @ParameterizedTest
    @MethodSource("devices")
    void closingABufferWhileItsHostAccessorIsOpenOnTheSameThreadIsRefused(Device device) {
        int[] data = iota();
        var buf = Buffer.of(data);
        var host = buf.hostAccess();
        host.set(0, 100);
        refusedAtOnce(buf::close).hasMessageContaining("host accessor").hasMessageContaining("still open")
                .hasMessageContaining(Thread.currentThread().getName());
        var sub = buf.subBuffer(io.jsycl.Id.of(0), Range.of(8));
        refusedAtOnce(sub::close).hasMessageContaining("host accessor");
        host.close();
        sub.close();
        buf.close();
        assertThat(data[0]).as("the buffer still works and writes back").isEqualTo(100);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aSecondHostAccessorOfOneBufferOnTheSameThreadIsRefused(Device device) throws Exception {
        withQueueAndBuffer(device, (q, buf) -> {
            increment(q, buf);
            try (var host = buf.hostAccess()) {
                refusedAtOnce(buf::hostAccess).hasMessageContaining("host accessor")
                        .hasMessageContaining("already open");
                refusedAtOnce(() -> buf.subBuffer(io.jsycl.Id.of(8), Range.of(8)).hostAccess())
                        .hasMessageContaining("already open");
                assertThat(host.get(1)).isEqualTo(2);
            }
            try (var again = buf.hostAccess()) {
                assertThat(again.get(1)).as("a host accessor opens once the first is closed").isEqualTo(2);
            }
        });
    }

    @ParameterizedTest
    @MethodSource("devices")
    void submittingWorkOnABufferWhoseHostAccessorIsOpenOnTheSameThreadIsRefused(Device device) throws Exception {
        int[] data = withQueueAndBuffer(device, (q, buf) -> {
            increment(q, buf); // the kernel is built: the refusal below is not a build
            try (var host = buf.hostAccess()) {
                host.set(0, 50);
                refusedAtOnce(() -> increment(q, buf)).hasMessageContaining("host accessor")
                        .hasMessageContaining("int[" + N + "]")
                        .hasMessageContaining("close the host accessor");
            }
            increment(q, buf);
        });
        assertThat(data[0]).isEqualTo(51);
        assertThat(data[1]).isEqualTo(3);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void waitsAndClosesInsideTheQueuesOwnCommandGroupAreRefused(Device device) throws Exception {
        int[] data = withQueueAndBuffer(device, (q, buf) -> {
            increment(q, buf);
            refusedAtOnce(() -> q.submit(h -> q.close())).hasMessageContaining("command group");
            refusedAtOnce(() -> q.submit(h -> q.await())).hasMessageContaining("command group");
            refusedAtOnce(() -> q.submit(h -> buf.close())).hasMessageContaining("command group");
            refusedAtOnce(() -> q.submit(h -> buf.hostAccess())).hasMessageContaining("command group");
            try (var other = new Queue(device)) {
                refusedAtOnce(() -> q.submit(h -> other.await())).hasMessageContaining("command group");
            }
            increment(q, buf); // the queue and the buffer still work
        });
        assertThat(data[2]).isEqualTo(4);
    }

    // The same, across threads: there the other thread waits, and goes on once the accessor closes.

    @ParameterizedTest
    @MethodSource("devices")
    void aBufferClosedOnAnotherThreadWaitsForTheHostAccessorAndThenWritesBack(Device device) throws Exception {
        int[] data = iota();
        try (var q = new Queue(device)) {
            var buf = Buffer.of(data);
            increment(q, buf);
            var host = buf.hostAccess();
            host.set(0, 77);
            Future<?> closing = threads.submit(buf::close);
            awaitBlocked(closing, "the buffer's close on another thread did not wait for the open host accessor");
            host.close();
            done(closing, "the buffer's close after the host accessor closed");
        }
        assertThat(data[0]).isEqualTo(77);
        assertThat(data[1]).isEqualTo(2);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aHostAccessorOpenedOnAnotherThreadWaitsForTheFirstAndSeesItsWrites(Device device) throws Exception {
        withQueueAndBuffer(device, (q, buf) -> {
            increment(q, buf);
            var host = buf.hostAccess();
            host.set(0, 99);
            Future<Integer> second = threads.submit(() -> {
                try (var h2 = buf.hostAccess()) {
                    return h2.get(0);
                }
            });
            awaitBlocked(second, "a host accessor on another thread did not wait for the open one");
            host.close();
            assertThat(done(second, "the second host accessor after the first closed")).isEqualTo(99);
        });
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aSubmitOnAnotherThreadRunsOnceTheHostAccessorCloses(Device device) throws Exception {
        int[] data = withQueueAndBuffer(device, (q, buf) -> {
            increment(q, buf);
            var host = buf.hostAccess();
            host.set(0, 10);
            Future<?> submitted = threads.submit(() -> increment(q, buf));
            Thread.sleep(300);
            host.close();
            done(submitted, "a submit on another thread after the host accessor closed");
        });
        assertThat(data[0]).as("the kernel ran after the host's write").isEqualTo(11);
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aQueueClosedOnAnotherThreadWaitsForACommandGroupFunctionUnderWay(Device device) throws Exception {
        int[] data = iota();
        var q = new Queue(device);
        try (var buf = Buffer.of(data)) {
            increment(q, buf);
            var inside = new java.util.concurrent.CountDownLatch(1);
            var release = new java.util.concurrent.CountDownLatch(1);
            Future<?> submit = threads.submit(() -> q.submit(h -> {
                var a = buf.readWrite(h);
                inside.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                h.parallelFor(Range.of(N), it -> a.set(it.id(0), a.get(it.id(0)) + 1));
            }));
            assertThat(inside.await(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
            Future<?> closing = threads.submit(q::close);
            awaitBlocked(closing, "the queue's close did not wait for the command group under way");
            release.countDown();
            done(submit, "the command group function");
            done(closing, "the queue's close after the command group was submitted");
        }
        assertThat(data[3]).isEqualTo(5);
    }

    private static <T> T done(Future<T> work, String what) throws Exception {
        try {
            return work.get(BOUND_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError(what + " did not complete within " + BOUND_SECONDS + " s");
        }
    }
}
