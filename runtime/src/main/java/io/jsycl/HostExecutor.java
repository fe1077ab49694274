package io.jsycl;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** Runs kernels on the JVM: the items of a range are split into chunks run by the common fork-join pool. */
final class HostExecutor {
    private static final int MIN_CHUNK = 1024;

    private HostExecutor() {
    }

    private static final ScopedValue<HostGroup> GROUP = ScopedValue.newInstance();

    static void run(Handler.Launch launch) {
        if (launch.kernel() instanceof TaskKernel task) {
            task.run();
            return;
        }
        if (launch.kernel() instanceof NdItemKernel ndKernel) {
            HostNdExecutor.run(ndKernel, launch.range(), launch.local());
            return;
        }
        Range range = launch.range();
        long total = range.size();
        if (total == 0) {
            return;
        }
        int parallelism = ForkJoinPool.getCommonPoolParallelism();
        long chunk = Math.max(MIN_CHUNK, total / (4L * Math.max(1, parallelism)));
        ForkJoinPool.commonPool().invoke(new Chunk((ItemKernel) launch.kernel(), range, 0, total, chunk));
    }

    /** The work-group the current host work-item belongs to. */
    static HostGroup currentGroup() {
        if (!GROUP.isBound()) {
            throw new IllegalStateException("local memory is only usable inside an nd-range kernel");
        }
        return GROUP.get();
    }

    /** Runs {@code body} as a work-item of {@code group}. */
    static void inGroup(HostGroup group, Runnable body) {
        ScopedValue.where(GROUP, group).run(body);
    }

    private static final class Chunk extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final transient ItemKernel kernel;
        private final transient Range range;
        private final long from;
        private final long to;
        private final long grain;

        Chunk(ItemKernel kernel, Range range, long from, long to, long grain) {
            this.kernel = kernel;
            this.range = range;
            this.from = from;
            this.to = to;
            this.grain = grain;
        }

        @Override
        protected void compute() {
            if (to - from > grain) {
                long mid = from + (to - from) / 2;
                invokeAll(new Chunk(kernel, range, from, mid, grain), new Chunk(kernel, range, mid, to, grain));
                return;
            }
            var item = new HostItem(range);
            for (long linear = from; linear < to; linear++) {
                item.moveTo(linear);
                kernel.run(item);
            }
        }
    }

    /** The host's {@link Item}: one per chunk, moved from item to item. */
    static final class HostItem implements Item {
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
