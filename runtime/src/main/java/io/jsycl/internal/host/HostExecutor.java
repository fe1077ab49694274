package io.jsycl.internal.host;

import io.jsycl.Item;
import io.jsycl.ItemKernel;
import io.jsycl.NdItemKernel;
import io.jsycl.NdReductionKernel;
import io.jsycl.Range;
import io.jsycl.ReductionKernel;
import io.jsycl.ReductionKernel2;
import io.jsycl.ReductionKernel3;
import io.jsycl.ReductionKernel4;
import io.jsycl.SpecConstant;
import io.jsycl.SyclException;
import io.jsycl.TaskKernel;
import io.jsycl.internal.event.HostFutures;
import io.jsycl.internal.launch.CommandGroupRecord;
import io.jsycl.internal.memory.ApiAccess;
import io.jsycl.internal.memory.ReductionImpl;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Runs kernels on the JVM: the items of a range are split into chunks run by the common fork-join pool. */
public final class HostExecutor {
    private static final ApiAccess API = ApiAccess.get();

    private static final int MIN_CHUNK = 1024;

    private HostExecutor() {
    }

    private static final ScopedValue<HostGroup> GROUP = ScopedValue.newInstance();

    /**
     * Runs the command group's kernel with its specialization constant values; {@code convergent}: an nd-range
     * kernel with a barrier or a work-group or sub-group operation, whose work-items must run at once.
     */
    public static void run(CommandGroupRecord.Launch launch, Map<SpecConstant<?>, Object> specValues,
            boolean convergent) {
        Map<SpecConstant<?>, Object> spec = Map.copyOf(specValues);
        switch (launch) {
            case CommandGroupRecord.Task(TaskKernel task) -> {
                try {
                    API.runWithSpecValues(spec, task::run);
                } catch (RuntimeException e) {
                    throw HostKernelFailure.describe(e, task, new int[3]);
                }
            }
            case CommandGroupRecord.HostTask(Runnable task) -> task.run(); // what it throws is the command's failure
            case CommandGroupRecord.NdItems(Object kernel, Range range, Range local, var chunk, var reductions) -> {
                if (reductions.isEmpty()) {
                    HostNdExecutor.run((NdItemKernel) kernel, range, local, spec, convergent);
                } else {
                    runNdReduction((NdReductionKernel<?>) kernel, reductions.getFirst(), range, local, spec, convergent);
                }
            }
            case CommandGroupRecord.Items(ItemKernel kernel, Range range, var chunk) ->
                    runItems(kernel, List.of(), range, spec);
            case CommandGroupRecord.Reduce(Object kernel, Range range, List<ReductionImpl> reductions, var chunk) ->
                    runItems(kernel, reductions, range, spec);
        }
    }

    /**
     * Runs an item kernel, or a reduction kernel with its {@code reductions} (empty for an item kernel), over
     * {@code range} in the common pool.
     */
    private static void runItems(Object kernel, List<ReductionImpl> reductions, Range range,
            Map<SpecConstant<?>, Object> spec) {
        long total = range.size();
        if (total == 0) {
            return;
        }
        int parallelism = ForkJoinPool.getCommonPoolParallelism();
        long chunk = Math.max(MIN_CHUNK, total / (4L * Math.max(1, parallelism)));
        Object[] results = newReducers(reductions);
        invoke(new Chunk(kernel, reductions, results, spec, range, 0, total, chunk));
        for (int k = 0; k < results.length; k++) {
            reductions.get(k).store(results[k], reductions.get(k).output().hostArray());
        }
    }

    /**
     * Runs an nd-range reduction kernel: as an nd-range kernel whose work-items each combine into a reducer of their
     * thread's (a group's thread runs many work-items one after another; a kernel with barriers runs each work-item on
     * a thread of its own), all merged into the result at the end.
     */
    @SuppressWarnings({"unchecked", "rawtypes"}) // the reducer type matches the kernel's by construction
    private static void runNdReduction(NdReductionKernel<?> kernel, ReductionImpl reduction, Range range, Range local,
            Map<SpecConstant<?>, Object> spec, boolean convergent) {
        var reducers = new ConcurrentLinkedQueue<Object>();
        ThreadLocal<Object> mine = ThreadLocal.withInitial(() -> {
            Object r = reduction.newReducer();
            reducers.add(r);
            return r;
        });
        NdReductionKernel raw = kernel;
        HostNdExecutor.run(new HostNdExecutor.Reducing(kernel, it -> raw.run(it, mine.get())), range, local, spec,
                convergent);
        Object result = reduction.newReducer();
        for (Object r : reducers) {
            reduction.merge(result, r);
        }
        reduction.store(result, reduction.output().hostArray());
    }

    /** A fresh reducer of each of {@code reductions}, in order. */
    private static Object[] newReducers(List<ReductionImpl> reductions) {
        var reducers = new Object[reductions.size()];
        for (int k = 0; k < reducers.length; k++) {
            reducers[k] = reductions.get(k).newReducer();
        }
        return reducers;
    }

    /**
     * Runs {@code task} in the common pool and rethrows what the kernel threw as it was thrown:
     * the pool rethrows a copy made with the no-argument constructor, which loses the message
     * ({@code "/ by zero"}, the index and length).
     */
    private static void invoke(RecursiveAction task) {
        try {
            ForkJoinPool.commonPool().submit(task).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SyclException("interrupted while running a kernel on the host device", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw HostFutures.rethrow(original(e.getCause()), "kernel failed on the host device");
        }
    }

    /**
     * The kernel's own exception where {@code thrown} is the pool's copy of it: a task joined from another thread
     * rethrows a new exception of the same class, made with the no-argument constructor (no message) and caused by the
     * one thrown, and a chunk joined by a chunk joined in turn wraps it once per thread it crossed (several, on a host
     * with many cores).
     */
    private static Throwable original(Throwable thrown) {
        Throwable t = thrown;
        while (t.getCause() != null && t.getCause().getClass() == t.getClass()) {
            t = t.getCause();
        }
        return t;
    }

    /**
     * The work-group the current host work-item belongs to: a field of the group pool's thread where its work-items
     * run one after another on it (read on every local-memory access, where the scoped value's lookup was a fifth of
     * a barrier kernel's time), else the scoped value a virtual-thread work-item runs in.
     */
    public static HostGroup currentGroup() {
        if (Thread.currentThread() instanceof HostWorker worker && worker.group != null) {
            return worker.group;
        }
        // Not orElse(null): ScopedValue.orElse refuses a null default.
        if (!GROUP.isBound()) {
            throw new IllegalStateException("local memory is only usable inside an nd-range kernel");
        }
        return GROUP.get();
    }

    /** Runs {@code body} as a work-item of {@code group}. */
    static void inGroup(HostGroup group, Runnable body) {
        if (Thread.currentThread() instanceof HostWorker worker) {
            HostGroup outer = worker.group;
            worker.group = group;
            try {
                body.run();
            } finally {
                worker.group = outer;
            }
        } else {
            ScopedValue.where(GROUP, group).run(body);
        }
    }

    /**
     * A run of consecutive items. A reduction's chunk combines into its own reducers and merges them
     * into the shared results (guarded by the results' array) when done.
     */
    private static final class Chunk extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final transient Object kernel;
        private final transient List<ReductionImpl> reductions;
        private final transient Object[] results;
        private final transient Map<SpecConstant<?>, Object> spec;
        private final transient Range range;
        private final long from;
        private final long to;
        private final long grain;

        Chunk(Object kernel, List<ReductionImpl> reductions, Object[] results, Map<SpecConstant<?>, Object> spec,
                Range range, long from, long to, long grain) {
            this.kernel = kernel;
            this.reductions = reductions;
            this.results = results;
            this.spec = spec;
            this.range = range;
            this.from = from;
            this.to = to;
            this.grain = grain;
        }

        @Override
        protected void compute() {
            if (to - from > grain) {
                long mid = from + (to - from) / 2;
                var later = new Chunk(kernel, reductions, results, spec, range, mid, to, grain);
                later.fork();
                // Both halves run to their end whatever the other throws, as every work-item runs on a device
                // (invokeAll cancels the half not yet started when one throws); the earlier items' failure is thrown.
                RuntimeException failure = null;
                try {
                    new Chunk(kernel, reductions, results, spec, range, from, mid, grain).compute();
                } catch (RuntimeException e) {
                    failure = e;
                }
                try {
                    later.join();
                } catch (RuntimeException e) {
                    failure = failure == null ? (RuntimeException) original(e) : failure;
                }
                if (failure != null) {
                    throw failure;
                }
                return;
            }
            API.runWithSpecValues(spec, this::runItems);
        }

        /**
         * Runs the chunk's items. An item that throws does not stop the others, as a failing work-item on a device
         * does not: the chunk throws its first failure, named with the kernel, line and work-item, once all have run.
         * The item moves on by counting ({@link HostItem#next}), not by dividing its linear id.
         */
        @SuppressWarnings({"unchecked", "rawtypes"}) // the reducer type matches the kernel's by construction
        private void runItems() {
            var item = new HostItem(range);
            item.moveTo(from);
            RuntimeException failure = null;
            int[] failedAt = null;
            Object[] mine = newReducers(reductions);
            ItemKernel items = reductions.isEmpty() ? (ItemKernel) kernel : null;
            var looped = items != null && HostRanges.enabled ? HostRanges.of(kernel) : Optional.<HostRanges.Looped>empty();
            if (looped.isPresent() && looped.get().dimensionsRead() <= range.dimensions()) { // body and loop as one
                int[][] at = new int[1][];
                failure = looped.get().runRange(HostRanges.captures(kernel), item, from, to, at);
                if (failure != null) {
                    throw HostKernelFailure.describe(failure, kernel, at[0]);
                }
                return;
            }
            for (long linear = from; linear < to; linear++) {
                try {
                    switch (mine.length) {
                        case 0 -> items.run(item);
                        case 1 -> ((ReductionKernel) kernel).run(item, mine[0]);
                        case 2 -> ((ReductionKernel2) kernel).run(item, mine[0], mine[1]);
                        case 3 -> ((ReductionKernel3) kernel).run(item, mine[0], mine[1], mine[2]);
                        default -> ((ReductionKernel4) kernel).run(item, mine[0], mine[1], mine[2], mine[3]);
                    }
                } catch (RuntimeException e) {
                    if (failure == null) {
                        failure = e;
                        failedAt = item.ids();
                    }
                }
                item.next();
            }
            if (failure != null) {
                throw HostKernelFailure.describe(failure, kernel, failedAt);
            }
            if (mine.length > 0) {
                synchronized (results) {
                    for (int k = 0; k < mine.length; k++) {
                        reductions.get(k).merge(results[k], mine[k]);
                    }
                }
            }
        }
    }

    /** The host's {@link Item}: one per chunk, moved from item to item. */
    static final class HostItem implements HostRanges.Cursor {
        private final int dims;
        private final int r0;
        private final int r1;
        private final int r2;
        private int i0;
        private int i1;
        private int i2;
        private long linear;

        HostItem(Range range) {
            this.dims = range.dimensions();
            this.r0 = range.get(0);
            this.r1 = dims > 1 ? range.get(1) : 1;
            this.r2 = dims > 2 ? range.get(2) : 1;
        }

        void moveTo(long linearId) {
            this.linear = linearId;
            long rest = linearId;
            i2 = (int) (rest % r2);
            rest /= r2;
            i1 = (int) (rest % r1);
            i0 = (int) (rest / r1);
        }

        /** Moves to the next item in linear order, the last dimension fastest: counted, not divided out. */
        @Override
        public void next() {
            linear++;
            if (++i2 < r2) {
                return;
            }
            i2 = 0;
            if (++i1 < r1) {
                return;
            }
            i1 = 0;
            i0++;
        }

        /** The item's id in dimensions 0 to 2, 0 beyond its own. */
        @Override
        public int extent(int d) {
            return switch (d) {
                case 0 -> r0;
                case 1 -> r1;
                default -> r2;
            };
        }

        @Override
        public int[] ids() {
            return new int[] {i0, i1, i2};
        }

        @Override
        public int id(int d) {
            return switch (checkDimension(d)) {
                case 0 -> i0;
                case 1 -> i1;
                default -> i2;
            };
        }

        @Override
        public int range(int d) {
            return switch (checkDimension(d)) {
                case 0 -> r0;
                case 1 -> r1;
                default -> r2;
            };
        }

        @Override
        public long linearId() {
            return linear;
        }

        @Override
        public int dimensions() {
            return dims;
        }

        private int checkDimension(int d) {
            if (d < 0 || d >= dims) {
                throw new IndexOutOfBoundsException("dimension " + d + " of a " + dims + "-D item");
            }
            return d;
        }
    }
}
