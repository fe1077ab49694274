package io.jsycl.internal.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.AccessMode;
import io.jsycl.Buffer;
import io.jsycl.Context;
import io.jsycl.Range;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.schedule.Scheduler;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a buffer's storage decides, against a fake command queue and without OpenCL: which commands a
 * command waits for, what moves to the device before it, when contents come back to the host and
 * after what. Each kernel is run as the queue scheduler's passes run one ({@link FakeCommandQueue#run});
 * the fake records every command with its waits and completes it when the test says.
 */
class BufferStorageTest {
    private final Context context = FakeCommandQueue.fakeContext();
    private final FakeCommandQueue transfers = FakeCommandQueue.transfers(context);
    private final FakeCommandQueue queue = transfers.sibling(false);
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "buffer-storage-test");
        t.setDaemon(true);
        return t;
    });

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @Test
    void aReadWaitsForTheLastWriterOnly() {
        var storage = storage(new int[4]);
        EventImpl w = queue.run("w", storage, AccessMode.WRITE, memory -> { });
        EventImpl r = queue.run("r", storage, AccessMode.READ, memory -> { });
        assertThat(queue.commandOf(w).waits).isEmpty();
        assertThat(queue.commandOf(r).waits).containsExactly(w);
        assertThat(transfers.commands).as("no transfer: the writer made the device copy current").isEmpty();
    }

    @Test
    void aWriteWaitsForTheLastWriterAndEveryReaderSince() {
        var storage = storage(new int[4]);
        EventImpl w = queue.run("w", storage, AccessMode.WRITE, memory -> { });
        EventImpl r1 = queue.run("r1", storage, AccessMode.READ, memory -> { });
        EventImpl r2 = queue.run("r2", storage, AccessMode.READ, memory -> { });
        EventImpl w2 = queue.run("w2", storage, AccessMode.READ_WRITE, memory -> { });
        EventImpl r3 = queue.run("r3", storage, AccessMode.READ, memory -> { });
        assertThat(queue.commandOf(r2).waits).as("readers do not wait for each other").containsExactly(w);
        assertThat(queue.commandOf(w2).waits).containsExactly(w, r1, r2);
        assertThat(queue.commandOf(r3).waits).as("the new writer replaces the old one and its readers")
                .containsExactly(w2);
    }

    @Test
    void aWriteOnlyAccessMovesNothing() {
        var storage = storage(new int[] {1, 2, 3, 4});
        queue.run("w", storage, AccessMode.WRITE, memory -> { });
        assertThat(queue.commands("write")).isEmpty();
        assertThat(storage.transfers()).isZero();
    }

    @Test
    void theFirstReadOnTheDeviceWaitsForAnUploadOfTheHostArray() {
        var storage = storage(new int[] {1, 2, 3, 4});
        EventImpl r = queue.run("r", storage, AccessMode.READ, memory -> { });
        var uploads = queue.commands("write");
        assertThat(uploads).hasSize(1);
        var upload = uploads.getFirst();
        assertThat(upload.waits).isEmpty();
        assertThat(queue.commandOf(r).waits).as("the kernel runs after the upload").containsExactly(upload.event());
        upload.complete();
        assertThat(FakeCommandQueue.ints(queue.memory(upload.copy))).containsExactly(1, 2, 3, 4);
        assertThat(storage.transfers()).isEqualTo(1);
    }

    @Test
    void anUploadAfterTheHostWroteWaitsForTheDeviceReadersBeforeIt() {
        int[] data = {1, 2, 3, 4};
        var storage = storage(data);
        EventImpl r = queue.run("r", storage, AccessMode.READ, memory -> { });
        queue.commands("write").getFirst().complete();
        // The host writes the buffer (a host accessor): it waits for the reader, then the device copy is stale.
        var open = new CompletableFuture<Void>();
        Future<?> access = threads.submit(() -> hostAccess(storage, open));
        queue.commandOf(r).complete();
        await(access);
        data[0] = 10;
        open.complete(null);
        EventImpl r2 = queue.run("r2", storage, AccessMode.READ, memory -> { });
        var upload = queue.commands("write").getLast();
        assertThat(queue.commands("write")).hasSize(2);
        assertThat(queue.commandOf(r2).waits).contains(upload.event());
        upload.complete();
        assertThat(FakeCommandQueue.ints(queue.memory(upload.copy))).containsExactly(10, 2, 3, 4);
    }

    @Test
    void hostAccessReadsTheDeviceContentsBackAfterTheWriterWithTheGraphLockFree() throws Exception {
        int[] data = new int[4];
        var storage = storage(data);
        EventImpl w = queue.run("w", storage, AccessMode.WRITE, memory -> FakeCommandQueue.putInts(memory, 7, 8, 9, 10));
        var open = new CompletableFuture<Void>();
        Future<?> access = threads.submit(() -> hostAccess(storage, open));
        var read = transfers.awaitCommand("read");
        assertThat(read.waits).as("the read-back waits for the writer").containsExactly(w);
        assertThat(access.isDone()).isFalse();
        assertThat(Scheduler.LOCK.tryLock(5, TimeUnit.SECONDS)).as("the graph lock is free while host access waits")
                .isTrue();
        Scheduler.LOCK.unlock();
        queue.commandOf(w).complete();
        read.complete();
        await(access);
        assertThat(data).containsExactly(7, 8, 9, 10);
        open.complete(null);
    }

    @Test
    void anInOrderQueueLeavesItsOwnEarlierCommandsOutOfAWaitList() {
        var inOrder = transfers.sibling(true);
        var storage = storage(new int[4]);
        EventImpl w = inOrder.run("w", storage, AccessMode.WRITE, memory -> { });
        EventImpl r = inOrder.run("r", storage, AccessMode.READ, memory -> { });
        EventImpl rOther = queue.run("r on another queue", storage, AccessMode.READ, memory -> { });
        EventImpl w2 = inOrder.run("w2", storage, AccessMode.WRITE, memory -> { });
        assertThat(inOrder.commandOf(r).waits).as("ordered after w by the queue itself").isEmpty();
        assertThat(queue.commandOf(rOther).waits).as("another queue's command waits for w").containsExactly(w);
        assertThat(inOrder.commandOf(w2).waits).as("only the other queue's reader").containsExactly(rOther);
    }

    @Test
    void closingWritesTheDeviceContentsBackThenFreesTheCopy() {
        int[] data = new int[4];
        var storage = storage(data);
        EventImpl w = queue.run("w", storage, AccessMode.WRITE, memory -> FakeCommandQueue.putInts(memory, 3, 1, 4, 1));
        DeviceCopy copy = queue.onlyCopy();
        queue.commandOf(w).complete(); // the close waits for every command using the buffer first
        Future<?> close = threads.submit(storage::close);
        var read = transfers.awaitCommand("read");
        assertThat(read.waits).containsExactly(w);
        assertThat(close.isDone()).isFalse();
        read.complete();
        await(close);
        assertThat(data).containsExactly(3, 1, 4, 1);
        assertThat(transfers.freed).containsExactly(copy);
    }

    @Test
    void closingForgetsTheCommandsThatUsedTheBuffer() {
        var storage = storage(new int[4]);
        EventImpl w = queue.run("w", storage, AccessMode.WRITE, memory -> { });
        EventImpl r = queue.run("r", storage, AccessMode.READ, memory -> { });
        queue.commandOf(w).complete();
        queue.commandOf(r).complete();
        Future<?> close = threads.submit(storage::close);
        transfers.awaitCommand("read").complete();
        await(close);
        var left = new java.util.ArrayList<EventImpl>();
        synchronized (storage) {
            storage.users.addAll(left);
        }
        assertThat(left).as("a closed buffer keeps no command's event (nor what it references) alive").isEmpty();
    }

    /**
     * A buffer made from a shape whose first device use reads it (a reduction's output, an accumulator) gets its device
     * copy zeroed on the device: no host array made, nothing uploaded, no transfer counted; the kernel runs after the
     * zeroing, and the host still reads the zeros the buffer started with.
     */
    @Test
    void aBufferMadeFromAShapeIsZeroedOnTheDeviceNotUploaded() {
        var storage = new BufferStorage(ElementKind.INT, int.class, Range.of(1 << 20));
        EventImpl rw = queue.run("rw", storage, AccessMode.READ_WRITE, memory -> { });
        var zeroing = queue.commands("zero");
        assertThat(zeroing).hasSize(1);
        assertThat(queue.commandOf(rw).waits).as("the kernel runs after the zeroing")
                .containsExactly(zeroing.getFirst().event());
        assertThat(queue.commands("write")).as("nothing uploaded").isEmpty();
        assertThat(transfers.commands).as("nothing staged").isEmpty();
        assertThat(storage.arrayIfMade()).as("no host array").isNull();
        assertThat(storage.transfers()).isZero();
        var reader = new BufferStorage(ElementKind.INT, int.class, Range.of(8));
        queue.run("r", reader, AccessMode.READ, memory -> { });
        assertThat(queue.commands("zero")).as("a read-only first use is zeroed too").hasSize(2);
        assertThat(reader.hostArray()).as("the host's view: the zeros it started with").isEqualTo(new int[8]);
    }

    /** A storage over {@code data} that writes back on close, as {@code Buffer.of(data)} makes. */
    @Test
    void aBufferMadeFromAShapeThatStaysOnTheDeviceNeverMakesAHostArray() {
        var storage = new BufferStorage(ElementKind.INT, int.class, Range.of(1 << 20));
        queue.run("w", storage, AccessMode.WRITE, memory -> { });
        queue.run("rw", storage, AccessMode.READ_WRITE, memory -> { });
        queue.run("r", storage, AccessMode.READ, memory -> { });
        assertThat(storage.arrayIfMade()).as("the host array of a device-only buffer").isNull();
        assertThat(queue.commands("write")).as("nothing uploaded").isEmpty();
        assertThat(storage.hostArray()).as("made when first asked for, zero-filled").isEqualTo(new int[1 << 20]);
        assertThat(storage.arrayIfMade()).isSameAs(storage.hostArray());
    }

    private static BufferStorage storage(int[] data) {
        return new BufferStorage(ElementKind.INT, data, Range.of(data.length), true);
    }

    /** Opens host access to {@code storage} as a host accessor does; {@code open} completing ends it. */
    private static void hostAccess(BufferStorage storage, CompletableFuture<Void> open) {
        var access = Scheduler.hostAccess(storage, AccessMode.READ_WRITE);
        open.thenRun(() -> access.open().complete(null));
    }

    private static void await(Future<?> work) {
        try {
            work.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the work did not complete within 10 s", e);
        }
    }
}
