package io.jsycl.internal.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.AccessMode;
import io.jsycl.Buffer;
import io.jsycl.CommandGroup;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.Queue;
import io.jsycl.QueueProperty;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.memory.ApiAccess;
import io.jsycl.internal.memory.FakeCommandQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The queue scheduler's ordering decisions, without OpenCL: command groups submitted to host-device
 * queues (real queues, real threads) on buffers whose current contents a kernel on a fake command
 * queue wrote, or which such a kernel still reads. The fake records each device command with what it
 * waits for and completes it when the test says, so each test sees what a command group waited for
 * and that it did not run before.
 */
class QueueSchedulerTest {
    private static final ApiAccess API = ApiAccess.get();

    /** Submits {@code group} to {@code q}: the scheduler's event of it. */
    private static EventImpl submit(Queue q, CommandGroup group) {
        return API.impl(q.submit(group));
    }

    private final Context context = FakeCommandQueue.fakeContext();
    private final FakeCommandQueue transfers = FakeCommandQueue.transfers(context);
    private final FakeCommandQueue device = transfers.sibling(false);
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "queue-scheduler-test");
        t.setDaemon(true);
        return t;
    });

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void aCommandGroupReadingWhatTheDeviceWroteWaitsForTheCopyBackOutsideTheGraphLock() throws Exception {
        int[] data = new int[4];
        int[] result = new int[1];
        try (var q = new Queue(Device.host());
             var buf = Buffer.of(data);
             var res = Buffer.of(result)) {
            EventImpl w = device.run("w", API.storage(buf), AccessMode.WRITE, m -> FakeCommandQueue.putInts(m, 7, 8, 9, 10));
            Future<EventImpl> submit = threads.submit(() -> submit(q, h -> {
                var a = buf.read(h);
                var out = res.write(h);
                h.singleTask(() -> out.set(0, a.get(0) + a.get(3)));
            }));
            var read = transfers.awaitCommand("read");
            assertThat(read.waits).as("the copy back waits for the device's writer").containsExactly(w);
            assertThat(submit.isDone()).as("the submit finishes the copy back before it records the command group")
                    .isFalse();
            assertThat(Scheduler.LOCK.tryLock(5, TimeUnit.SECONDS)).as("the graph lock is free while it waits")
                    .isTrue();
            Scheduler.LOCK.unlock();
            device.commandOf(w).complete();
            read.complete();
            submit.get(10, TimeUnit.SECONDS).await();
        }
        assertThat(data).containsExactly(7, 8, 9, 10);
        assertThat(result[0]).isEqualTo(17);
    }

    @Test
    void aCommandGroupWritingWhatTheDeviceStillReadsRunsAfterTheReader() throws Exception {
        int[] data = {1, 2, 3, 4};
        try (var q = new Queue(Device.host());
             var buf = Buffer.of(data)) {
            EventImpl r = device.run("r", API.storage(buf), AccessMode.READ, m -> { });
            device.commands("write").getFirst().complete(); // the upload the reader waits for
            EventImpl write = submit(q, h -> {
                var a = buf.write(h);
                h.singleTask(() -> a.set(0, 42));
            });
            Thread.sleep(200);
            assertThat(write.isDone()).as("write-after-read: the host command waits for the device's reader").isFalse();
            assertThat(data[0]).isEqualTo(1);
            device.commandOf(r).complete();
            write.await();
        }
        assertThat(data).containsExactly(42, 2, 3, 4);
    }

    @Test
    void anInOrderQueueRunsACommandGroupAfterThePreviousOneEvenWithoutADataDependency() throws Exception {
        int[] x = {1, 2, 3, 4};
        int[] y = new int[4];
        try (var hostContext = new Context(Device.host());
             var q = new Queue(hostContext, Device.host(), QueueProperty.IN_ORDER);
             var bx = Buffer.of(x);
             var by = Buffer.of(y)) {
            EventImpl r = device.run("r", API.storage(bx), AccessMode.READ, m -> { });
            device.commands("write").getFirst().complete();
            EventImpl first = submit(q, h -> {
                var a = bx.write(h);
                h.singleTask(() -> a.set(0, 5));
            });
            EventImpl second = submit(q, h -> {
                var b = by.write(h);
                h.singleTask(() -> b.set(0, 6));
            });
            Thread.sleep(200);
            assertThat(first.isDone()).as("the first waits for the device's reader of x").isFalse();
            assertThat(second.isDone()).as("the second, on y only, waits for the first (in-order queue)").isFalse();
            device.commandOf(r).complete();
            first.await();
            second.await();
        }
        assertThat(x[0]).isEqualTo(5);
        assertThat(y[0]).isEqualTo(6);
    }

    @Test
    void anOutOfOrderQueueRunsACommandGroupWithoutADataDependencyAtOnce() throws Exception {
        int[] x = {1, 2, 3, 4};
        int[] y = new int[4];
        try (var q = new Queue(Device.host());
             var bx = Buffer.of(x);
             var by = Buffer.of(y)) {
            EventImpl r = device.run("r", API.storage(bx), AccessMode.READ, m -> { });
            device.commands("write").getFirst().complete();
            EventImpl first = submit(q, h -> {
                var a = bx.write(h);
                h.singleTask(() -> a.set(0, 5));
            });
            EventImpl second = submit(q, h -> {
                var b = by.write(h);
                h.singleTask(() -> b.set(0, 6));
            });
            second.await();
            assertThat(first.isDone()).as("the first still waits for the device's reader of x").isFalse();
            device.commandOf(r).complete();
            first.await();
        }
        assertThat(x[0]).isEqualTo(5);
        assertThat(y[0]).isEqualTo(6);
    }
}
