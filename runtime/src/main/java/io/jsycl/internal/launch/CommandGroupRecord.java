package io.jsycl.internal.launch;

import io.jsycl.AccessMode;
import io.jsycl.ItemKernel;
import io.jsycl.NdItemKernel;
import io.jsycl.Range;
import io.jsycl.SpecConstant;
import io.jsycl.TaskKernel;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.memory.LocalAccessorImpl;
import io.jsycl.internal.memory.ReductionImpl;
import io.jsycl.lowering.KernelShape;
import io.jsycl.RangeMapper;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One command group as its function left it, immutable: what runs ({@link #launch}), the data it
 * uses and how ({@link #requirements}: each buffer's storage and access mode, in the order they
 * were requested, which is the order of the kernel's buffer arguments), the events it waits for, the
 * local memory it made, and how its kernel is built (the user's build options, fast math, checked,
 * specialization constants). A {@link io.jsycl.Handler} records it while the command group function runs and
 * {@link io.jsycl.Handler#finish()} makes it; the queue's {@link io.jsycl.internal.schedule.QueueScheduler} takes it (SYCL's
 * {@code handler::finalize} handing a command group to {@code Scheduler::addCG}).
 *
 * @param launch the kernel and the index space it runs over, or null where the function ran none
 * @param requirements each buffer the command group accesses, with its access mode; unmodifiable
 * @param dependencies the events given to {@code h.dependsOn}; unmodifiable
 * @param locals the local accessors made in the command group; unmodifiable
 * @param userBuildOptions the user's build options, trimmed; empty if none
 * @param fastMath whether {@code h.fastMath()} was called
 * @param checked whether {@code h.checked()} was called ({@code JSYCL_CHECKS} is the queue's to add)
 * @param specValues specialization constants the command group set, with their values; unmodifiable
 * @param submittedNanos when the submit began ({@link System#nanoTime()}), before the function ran: a launch
 *        thread's burst test
 * @param binding binds the command group's accessors to its kernel while the host device runs it
 */
public record CommandGroupRecord(Launch launch, Map<BufferStorage, AccessMode> requirements, List<EventImpl> dependencies,
        List<LocalAccessorImpl> locals, String userBuildOptions, boolean fastMath, boolean checked,
        Map<SpecConstant<?>, Object> specValues, long submittedNanos, KernelBinding binding) {

    /**
     * The kernel of a command group and the index space it runs over, one kind per way to launch: the kind says the
     * kernel's interface and shape, so neither the lowering nor the host device derives them again.
     */
    public sealed interface Launch {
        /** @return the kernel lambda, whose captures become the kernel's arguments */
        Object kernel();

        /** @return the kernel's shape, as the lowering knows it */
        KernelShape shape();

        /** @return the items it runs over, or null for a single task */
        Range range();

        /** @return the number of dimensions of its range; 0 for a single task */
        default int dimensions() {
            return range() == null ? 0 : range().dimensions();
        }
    }

    /**
     * {@code h.singleTask(kernel)}.
     *
     * @param kernel the kernel lambda
     */
    public record Task(TaskKernel kernel) implements Launch {
        @Override
        public KernelShape shape() {
            return KernelShape.TASK;
        }

        @Override
        public Range range() {
            return null;
        }
    }

    /**
     * {@code h.hostTask(task)}: Java code that runs on a JVM thread in the command graph, after its dependencies and
     * before the commands that depend on it; never lowered.
     *
     * @param task the code
     */
    public record HostTask(Runnable task) implements Launch {
        @Override
        public Object kernel() {
            return task;
        }

        @Override
        public KernelShape shape() {
            return KernelShape.TASK;
        }

        @Override
        public Range range() {
            return null;
        }
    }

    /**
     * {@code h.parallelFor(range, kernel)}.
     *
     * @param kernel the kernel lambda
     * @param range the items it runs over
     * @param chunk the part of the range one device of a {@link io.jsycl.DistributedQueue} runs, or null: all of it
     */
    public record Items(ItemKernel kernel, Range range, Chunk chunk) implements Launch {
        /** The whole range. */
        public Items(ItemKernel kernel, Range range) {
            this(kernel, range, null);
        }

        @Override
        public KernelShape shape() {
            return KernelShape.ITEM;
        }
    }

    /**
     * The part of a range one device of a {@link io.jsycl.DistributedQueue} runs: rows {@code from} (inclusive) to
     * {@code to} of the range's dimension 0, the ids {@code it.id(0)} of its items; the kernel sees the whole range as
     * its range and each item its id in it (the launch has a global offset).
     *
     * @param from the first row
     * @param to one past the last row
     * @param rows the range's rows
     * @param mappers each buffer's range mapper (a read without one has {@code all()}); unmodifiable
     * @param regions for each buffer, the elements {@code {from, to}} its mapper says this chunk touches; unmodifiable
     */
    public record Chunk(long from, long to, long rows, Map<BufferStorage, RangeMapper> mappers,
            Map<BufferStorage, long[]> regions) {
        /**
         * Rows {@code from} to {@code to} of a range of {@code rows} rows, with the elements each buffer's mapper
         * gives them (a buffer's row is its dimension 0, whatever its other dimensions hold).
         */
        public static Chunk of(long from, long to, long rows, Map<BufferStorage, RangeMapper> mappers) {
            var regions = new LinkedHashMap<BufferStorage, long[]>();
            for (var m : mappers.entrySet()) {
                Range shape = m.getKey().shape();
                long bufferRows = shape.get(0);
                long rowElements = bufferRows == 0 ? 0 : shape.size() / bufferRows;
                long[] r = m.getValue().rows(from, to, rows, bufferRows);
                regions.put(m.getKey(), new long[] {r[0] * rowElements, r[1] * rowElements});
            }
            return new Chunk(from, to, rows, mappers, Collections.unmodifiableMap(regions));
        }

        /** Rows {@code a} to {@code b}, a part of this chunk, with the same mappers. */
        public Chunk part(long a, long b) {
            return of(a, b, rows, mappers);
        }

        /** Whether the chunk ends the range (its launch may be padded past {@code to}). */
        public boolean last() {
            return to == rows;
        }

        /** The chunk's items: the range with its dimension 0 cut to the chunk's rows. */
        public Range extent(Range range) {
            return withRows(range, Math.toIntExact(to - from));
        }
    }

    /**
     * {@code range} with {@code rows} as its extent in dimension 0 (a chunk's rows, or the work-items of a launch
     * running several rows per work-item), its other extents as they are.
     */
    public static Range withRows(Range range, int rows) {
        return switch (range.dimensions()) {
            case 1 -> Range.of(rows);
            case 2 -> Range.of(rows, range.get(1));
            default -> Range.of(rows, range.get(1), range.get(2));
        };
    }

    /**
     * Refuses the submit ({@code what}: {@code "q.submit()"}, {@code "dq.submit()"}) where a host accessor of a buffer
     * the command group uses is open on the calling thread: the command would wait for its close forever.
     *
     * @throws IllegalStateException naming the buffer and the fix
     */
    public void refuseHostAccessorsOpenHere(String what) {
        for (BufferStorage storage : requirements.keySet()) {
            storage.refuseHostAccessorOpenHere(what, "still open", "the command group would wait for it forever:"
                    + " close the host accessor before submitting work that uses the buffer");
        }
    }

    /** The reductions {@code launch} combines into, in the order of its kernel's reducer parameters; often none. */
    public static List<ReductionImpl> reductionsOf(Launch launch) {
        return switch (launch) {
            case Reduce reduce -> reduce.reductions();
            case NdItems nd -> nd.reductions();
            default -> List.of();
        };
    }

    /** The chunk of a DistributedQueue's launch, or null for a launch of the whole range. */
    public static Chunk chunkOf(Launch launch) {
        return switch (launch) {
            case Items items -> items.chunk();
            case NdItems nd -> nd.chunk();
            case Reduce reduce -> reduce.chunk();
            default -> null;
        };
    }

    /** {@code record} with its launch's chunk replaced by {@code part}, a part of it (a launch over items). */
    public static CommandGroupRecord withChunk(CommandGroupRecord record, Chunk part) {
        var items = (Items) record.launch();
        return new CommandGroupRecord(new Items(items.kernel(), items.range(), part), record.requirements(),
                record.dependencies(), record.locals(), record.userBuildOptions(), record.fastMath(), record.checked(),
                record.specValues(), record.submittedNanos(), record.binding());
    }

    /**
     * {@code h.parallelFor(ndRange, kernel)}, or {@code h.parallelFor(ndRange, reduction, kernel)}.
     *
     * @param kernel the kernel lambda: an {@code NdItemKernel}, or an {@code NdReductionKernel} with a reduction
     * @param range the global range
     * @param local the work-group size
     * @param chunk the rows one device of a {@link io.jsycl.DistributedQueue} runs (whole work-groups), or null: all
     * @param reductions the reductions an {@code NdReductionKernel} combines into, in the order of its reducer
     *     parameters; empty for an {@code NdItemKernel}
     */
    public record NdItems(Object kernel, Range range, Range local, Chunk chunk, List<ReductionImpl> reductions)
            implements Launch {
        public NdItems {
            reductions = List.copyOf(reductions);
        }

        /** An {@code NdItemKernel} over the whole range. */
        public NdItems(NdItemKernel kernel, Range range, Range local) {
            this(kernel, range, local, null, List.of());
        }

        /** An {@code NdItemKernel}'s chunk. */
        public NdItems(NdItemKernel kernel, Range range, Range local, Chunk chunk) {
            this(kernel, range, local, chunk, List.of());
        }

        @Override
        public KernelShape shape() {
            return KernelShape.ND_ITEM;
        }
    }

    /**
     * {@code h.parallelFor(range, reduction, kernel)}, or with two to four reductions.
     *
     * @param kernel the kernel lambda: a {@code ReductionKernel}, or a {@code ReductionKernel2} to {@code 4}
     * @param range the items it runs over, 1-D
     * @param reductions the reductions the kernel combines into, in the order of its reducer parameters (a
     *     DistributedQueue's chunk: its device's partial, one)
     * @param chunk the part of the range one device of a {@link io.jsycl.DistributedQueue} runs, or null: all of it
     */
    public record Reduce(Object kernel, Range range, List<ReductionImpl> reductions, Chunk chunk)
            implements Launch {
        public Reduce {
            reductions = List.copyOf(reductions);
        }

        /** The whole range. */
        public Reduce(Object kernel, Range range, List<ReductionImpl> reductions) {
            this(kernel, range, reductions, null);
        }

        /** The first reduction: a DistributedQueue's chunk's only one. */
        public ReductionImpl reduction() {
            return reductions.getFirst();
        }

        @Override
        public KernelShape shape() {
            return KernelShape.REDUCTION;
        }
    }

    /** True if the user gave build options ({@link io.jsycl.Handler#buildOptions}). */
    boolean hasUserBuildOptions() {
        return !userBuildOptions.isEmpty();
    }
}
