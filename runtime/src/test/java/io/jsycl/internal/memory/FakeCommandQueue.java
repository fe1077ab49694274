package io.jsycl.internal.memory;

import io.jsycl.AccessMode;
import io.jsycl.Context;
import io.jsycl.Device;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.schedule.Scheduler;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A {@link CommandQueue} without OpenCL, for tests of the buffer storage and the scheduler. Each
 * command it is given is recorded with what it waits for (the events a real queue would put in its
 * wait list: {@link EventImpl#joinable}) and completes only when the test calls {@link Command#complete()}.
 * Device memory is a byte array per copy: a write takes its bytes from the host memory when it
 * completes (as a DMA engine reads it then), a read delivers them then. The driver gives no pinned
 * memory, so transfers go through the storage's staging segment. Kernels are recorded by
 * {@link #launch}, with what they do to device memory when they complete.
 *
 * <p>Queues made by {@link #sibling} share the context and its device memory: one is the context's
 * transfer queue, the others the queues kernels run on.
 */
public final class FakeCommandQueue implements CommandQueue {
    /** A command: what it is, the copy it uses (null for a kernel), what it waits for; completed by the test. */
    public final class Command implements CommandQueue.Command {
        final String what;
        final DeviceCopy copy;
        public final List<EventImpl> waits;
        private final Runnable effect;
        private final CompletableFuture<Void> done = new CompletableFuture<>();

        private Command(String what, DeviceCopy copy, List<EventImpl> waits, Runnable effect) {
            this.what = what;
            this.copy = copy;
            this.waits = List.copyOf(waits);
            this.effect = effect;
        }

        /** Runs the command: its effect on memory, then its completion. */
        public void complete() {
            effect.run();
            done.complete(null);
        }

        boolean isDone() {
            return done.isDone();
        }

        /** The command's event, as the runtime sees it once the queue has handed it over. */
        EventImpl event() {
            return event;
        }

        private EventImpl event;

        @Override
        public void await() {
            try {
                done.get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new AssertionError("the fake command '" + what + "' was not completed within 10 s", e);
            }
        }

        @Override
        public void close() {
        }

        @Override
        public String toString() {
            return what;
        }
    }

    private final ContextImpl context;
    private final boolean inOrder;
    private final Map<DeviceCopy, byte[]> memory;
    /** Every command of this queue, in the order they were enqueued. */
    final List<Command> commands = new CopyOnWriteArrayList<>();
    /** Copies whose memory was freed. */
    final List<DeviceCopy> freed = new CopyOnWriteArrayList<>();

    FakeCommandQueue(ContextImpl context, boolean inOrder) {
        this(context, inOrder, new ConcurrentHashMap<>());
    }

    private FakeCommandQueue(ContextImpl context, boolean inOrder, Map<DeviceCopy, byte[]> memory) {
        this.context = context;
        this.inOrder = inOrder;
        this.memory = memory;
    }

    /** A context whose transfer queue is a fake (out of order, so nothing is left out of its wait lists). */
    public static Context fakeContext() {
        return ApiAccess.get().newContext(c -> new FakeCommandQueue(c, false));
    }

    /** The fake transfer queue of {@code context}, made by {@link #fakeContext()}. */
    public static FakeCommandQueue transfers(Context context) {
        return (FakeCommandQueue) ApiAccess.get().impl(context).transfers();
    }

    /** Another queue of the same context and device memory; {@code inOrder} if it runs commands in order. */
    public FakeCommandQueue sibling(boolean inOrder) {
        return new FakeCommandQueue(context, inOrder, memory);
    }

    /**
     * Records a kernel that waits for {@code waits} and, when completed, runs {@code effect}; its event. As the
     * scheduler does for a launch, the queue's own earlier commands are left out of its waits if it is in order.
     */
    EventImpl launch(String name, List<EventImpl> waits, Runnable effect) {
        return event(record("kernel " + name, null, waits, effect));
    }

    /**
     * Runs a kernel named {@code name} on this queue that uses {@code storage} with {@code mode}, as the queue
     * scheduler's passes run one: under the graph lock, collect what it waits for and ready the storage; if nothing
     * is deferred, prepare the device copy, launch and record the use; else run what was deferred outside the lock
     * and pass again. When completed, the kernel runs {@code onDevice} on the device copy's memory.
     */
    public EventImpl run(String name, BufferStorage storage, AccessMode mode, java.util.function.Consumer<byte[]> onDevice) {
        while (true) {
            var deferred = new Deferred();
            EventImpl event = null;
            Throwable failure = null;
            Scheduler.LOCK.lock();
            try {
                var waits = new ArrayList<EventImpl>();
                storage.collectDependencies(mode, waits);
                deferred.pending(waits, context);
                storage.readyForDevice(this, mode, deferred);
                if (deferred.isEmpty()) {
                    storage.prepareDevice(this, mode, waits);
                    DeviceCopy copy = storage.copies.get(context);
                    event = launch(name, waits, () -> onDevice.accept(memory(copy)));
                    storage.recordUse(mode, event);
                }
            } catch (RuntimeException | Error e) {
                failure = e;
            } finally {
                Scheduler.LOCK.unlock();
            }
            Deferred.runAfter(deferred, failure);
            if (event != null) {
                return event;
            }
        }
    }

    /** Waits until this queue has a command whose description starts with {@code prefix}; the first such. */
    public Command awaitCommand(String prefix) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (commands(prefix).isEmpty()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no '" + prefix + "' command was enqueued within 10 s");
            }
            Thread.onSpinWait();
        }
        return commands(prefix).getFirst();
    }

    /** The commands whose description starts with {@code prefix}, in enqueue order. */
    public List<Command> commands(String prefix) {
        Predicate<Command> match = c -> c.what.startsWith(prefix);
        return commands.stream().filter(match).toList();
    }

    /** The command whose event is {@code event}. */
    public Command commandOf(EventImpl event) {
        for (Command c : commands) {
            if (c.event == event) {
                return c;
            }
        }
        throw new AssertionError("no command of this queue has event " + event);
    }

    /** The device memory of {@code copy}. */
    byte[] memory(DeviceCopy copy) {
        return memory.get(copy);
    }

    /** The one copy the device memory holds. */
    DeviceCopy onlyCopy() {
        var copies = new ArrayList<>(memory.keySet());
        if (copies.size() != 1) {
            throw new AssertionError("expected one copy in device memory, found " + copies.size());
        }
        return copies.getFirst();
    }

    private Command record(String what, DeviceCopy copy, List<EventImpl> waits, Runnable effect) {
        var command = new Command(what, copy, EventImpl.joinable(waits, context, inOrder ? this : null), effect);
        commands.add(command);
        return command;
    }

    @Override
    public ContextImpl context() {
        return context;
    }

    @Override
    public boolean inOrder() {
        return inOrder;
    }

    @Override
    public DeviceCopy allocate(long bytes) {
        var copy = new DeviceCopy(null, false, bytes);
        memory.put(copy, new byte[(int) Math.max(bytes, 1)]);
        return copy;
    }

    @Override
    public void free(DeviceCopy copy) {
        memory.remove(copy);
        freed.add(copy);
    }

    @Override
    public StagingPool.Block pinned(long bytes, boolean pooled) {
        throw new ClException("clCreateBuffer", -4); // CL_MEM_OBJECT_ALLOCATION_FAILURE: no pinned memory here
    }

    @Override
    public Command write(DeviceCopy dst, long offset, MemorySegment src, long bytes, List<EventImpl> waits) {
        return record("write " + bytes + " bytes", dst, waits,
                () -> MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 0, memory.get(dst), (int) offset, (int) bytes));
    }

    @Override
    public Command zero(DeviceCopy dst, long bytes, List<EventImpl> waits) {
        return record("zero " + bytes + " bytes", dst, waits, () -> java.util.Arrays.fill(memory.get(dst), 0, (int) bytes, (byte) 0));
    }

    @Override
    public SliceWriter sliceWriter(DeviceCopy dst, List<EventImpl> waits) {
        return (offset, src, bytes) -> {
            synchronized (this) {
                return write(dst, offset, src, bytes, waits);
            }
        };
    }

    @Override
    public Command read(DeviceCopy src, long offset, MemorySegment dst, long bytes, List<EventImpl> waits) {
        return record("read " + bytes + " bytes", src, waits,
                () -> MemorySegment.copy(memory.get(src), (int) offset, dst, ValueLayout.JAVA_BYTE, 0, (int) bytes));
    }

    @Override
    public Command marker(List<CommandQueue.Command> after) {
        var marker = record("marker", null, List.of(), () -> { });
        CompletableFuture.allOf(after.stream().map(c -> ((Command) c).done).toArray(CompletableFuture[]::new))
                .thenRun(marker::complete);
        return marker;
    }

    @Override
    public void flush() {
    }

    @Override
    public EventImpl event(CommandQueue.Command command) {
        var c = (Command) command;
        c.event = EventImpl.command(c.done, context, this);
        return c.event;
    }

    @Override
    public ClCommandQueue cl() {
        throw new UnsupportedOperationException("a fake command queue has no OpenCL queue");
    }

    /** The ints in {@code memory}, in native byte order (as a buffer of ints packs them). */
    static List<Integer> ints(byte[] memory) {
        var values = new ArrayList<Integer>();
        var segment = MemorySegment.ofArray(memory);
        for (int i = 0; i + 4 <= memory.length; i += 4) {
            values.add(segment.get(ValueLayout.JAVA_INT_UNALIGNED, i));
        }
        return values;
    }

    /** Writes {@code values} into {@code memory} as a kernel writing a buffer of ints would. */
    public static void putInts(byte[] memory, int... values) {
        var segment = MemorySegment.ofArray(memory);
        for (int i = 0; i < values.length; i++) {
            segment.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, values[i]);
        }
    }
}
