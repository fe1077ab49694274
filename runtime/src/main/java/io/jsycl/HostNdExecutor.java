package io.jsycl;

import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs nd-range kernels on the JVM. Work-groups run in parallel on a pool of platform threads;
 * the work-items of a group run as virtual threads, so a barrier parks them cheaply until the whole
 * group arrives. Local memory is per group ({@link HostGroup}).
 */
final class HostNdExecutor {
    private static final ExecutorService GROUPS = Executors.newFixedThreadPool(
            Runtime.getRuntime().availableProcessors(), r -> {
                var t = new Thread(r, "jsycl-host-group");
                t.setDaemon(true);
                return t;
            });

    private HostNdExecutor() {
    }

    static void run(NdItemKernel kernel, Range global, Range local, Map<SpecConstant<?>, Object> spec) {
        int dims = global.dimensions();
        int[] groups = new int[3];
        int[] g = new int[3];
        int[] l = new int[3];
        for (int d = 0; d < 3; d++) {
            g[d] = d < dims ? global.get(d) : 1;
            l[d] = d < dims ? local.get(d) : 1;
            groups[d] = g[d] / l[d];
        }
        long groupCount = (long) groups[0] * groups[1] * groups[2];
        if (groupCount == 0) {
            return;
        }
        var futures = new ArrayList<Future<?>>();
        for (long group = 0; group < groupCount; group++) {
            long id = group;
            futures.add(GROUPS.submit(() -> runGroup(kernel, spec, dims, g, l, groups, id)));
        }
        for (Future<?> f : futures) {
            HostFutures.await(f, "running an nd-range kernel on the host", "nd-range kernel failed");
        }
    }

    private static void runGroup(NdItemKernel kernel, Map<SpecConstant<?>, Object> spec, int dims, int[] g, int[] l, int[] groups, long linearGroup) {
        int[] groupId = {(int) (linearGroup / ((long) groups[1] * groups[2])),
                (int) (linearGroup / groups[2] % groups[1]), (int) (linearGroup % groups[2])};
        int size = l[0] * l[1] * l[2];
        var group = new HostGroup(size);
        Throwable[] failure = new Throwable[1];
        var threads = new Thread[size];
        for (int local = 0; local < size; local++) {
            var item = new HostNdItem(dims, g, l, groups, groupId, local, group);
            threads[local] = Thread.ofVirtual().unstarted(() -> HostExecutor.inGroup(group, () -> {
                try {
                    SpecConstant.runWith(spec, () -> kernel.run(item));
                } catch (Throwable t) {
                    synchronized (failure) {
                        if (failure[0] == null) {
                            failure[0] = t;
                        }
                    }
                    group.abort();
                }
            }));
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                group.abort();
                throw new SyclException("interrupted while running a work-group", e);
            }
        }
        if (failure[0] instanceof RuntimeException re) {
            throw re;
        }
        if (failure[0] instanceof Error err) {
            throw err;
        }
    }

    /** The host's {@link NdItem}. */
    private static final class HostNdItem implements NdItem {
        private final int dims;
        private final int[] g;
        private final int[] l;
        private final int[] groups;
        private final int[] groupId;
        private final int[] localId;
        private final HostGroup group;

        HostNdItem(int dims, int[] g, int[] l, int[] groups, int[] groupId, int localLinear, HostGroup group) {
            this.dims = dims;
            this.g = g;
            this.l = l;
            this.groups = groups;
            this.groupId = groupId;
            this.localId = new int[] {localLinear / (l[1] * l[2]), localLinear / l[2] % l[1], localLinear % l[2]};
            this.group = group;
        }

        private int check(int d) {
            if (d < 0 || d >= dims) {
                throw new IndexOutOfBoundsException("dimension " + d + " of a " + dims + "-D nd-item");
            }
            return d;
        }

        @Override
        public int globalId(int d) {
            return groupId[check(d)] * l[d] + localId[d];
        }

        @Override
        public int localId(int d) {
            return localId[check(d)];
        }

        @Override
        public int groupId(int d) {
            return groupId[check(d)];
        }

        @Override
        public int globalRange(int d) {
            return g[check(d)];
        }

        @Override
        public int localRange(int d) {
            return l[check(d)];
        }

        @Override
        public int groupRange(int d) {
            return groups[check(d)];
        }

        @Override
        public long globalLinearId() {
            long id = 0;
            for (int d = 0; d < dims; d++) {
                id = id * g[d] + globalId(d);
            }
            return id;
        }

        @Override
        public long localLinearId() {
            long id = 0;
            for (int d = 0; d < dims; d++) {
                id = id * l[d] + localId[d];
            }
            return id;
        }

        @Override
        public int dimensions() {
            return dims;
        }

        @Override
        public void barrier() {
            group.barrier();
        }

        @Override
        public void barrier(Fence fence) {
            group.barrier();
        }

        private int item() {
            return (int) localLinearId();
        }

        @Override
        public int reduceOverGroup(int x, GroupOp op) {
            return (int) group.integral(HostGroup.Algorithm.REDUCE, item(), x, op, false);
        }

        @Override
        public long reduceOverGroup(long x, GroupOp op) {
            return group.integral(HostGroup.Algorithm.REDUCE, item(), x, op, true);
        }

        @Override
        public float reduceOverGroup(float x, GroupOp op) {
            return (float) group.floating(HostGroup.Algorithm.REDUCE, item(), x, op, false);
        }

        @Override
        public double reduceOverGroup(double x, GroupOp op) {
            return group.floating(HostGroup.Algorithm.REDUCE, item(), x, op, true);
        }

        @Override
        public int inclusiveScanOverGroup(int x, GroupOp op) {
            return (int) group.integral(HostGroup.Algorithm.INCLUSIVE_SCAN, item(), x, op, false);
        }

        @Override
        public long inclusiveScanOverGroup(long x, GroupOp op) {
            return group.integral(HostGroup.Algorithm.INCLUSIVE_SCAN, item(), x, op, true);
        }

        @Override
        public float inclusiveScanOverGroup(float x, GroupOp op) {
            return (float) group.floating(HostGroup.Algorithm.INCLUSIVE_SCAN, item(), x, op, false);
        }

        @Override
        public double inclusiveScanOverGroup(double x, GroupOp op) {
            return group.floating(HostGroup.Algorithm.INCLUSIVE_SCAN, item(), x, op, true);
        }

        @Override
        public int exclusiveScanOverGroup(int x, GroupOp op) {
            return (int) group.integral(HostGroup.Algorithm.EXCLUSIVE_SCAN, item(), x, op, false);
        }

        @Override
        public long exclusiveScanOverGroup(long x, GroupOp op) {
            return group.integral(HostGroup.Algorithm.EXCLUSIVE_SCAN, item(), x, op, true);
        }

        @Override
        public float exclusiveScanOverGroup(float x, GroupOp op) {
            return (float) group.floating(HostGroup.Algorithm.EXCLUSIVE_SCAN, item(), x, op, false);
        }

        @Override
        public double exclusiveScanOverGroup(double x, GroupOp op) {
            return group.floating(HostGroup.Algorithm.EXCLUSIVE_SCAN, item(), x, op, true);
        }

        @Override
        public int groupBroadcast(int x, int from) {
            return (int) group.broadcast(item(), x, from);
        }

        @Override
        public long groupBroadcast(long x, int from) {
            return group.broadcast(item(), x, from);
        }

        @Override
        public float groupBroadcast(float x, int from) {
            return (float) Double.longBitsToDouble(group.broadcast(item(), Double.doubleToRawLongBits(x), from));
        }

        @Override
        public double groupBroadcast(double x, int from) {
            return Double.longBitsToDouble(group.broadcast(item(), Double.doubleToRawLongBits(x), from));
        }

        @Override
        public boolean anyOfGroup(boolean predicate) {
            return group.integral(HostGroup.Algorithm.REDUCE, item(), predicate ? 1 : 0, GroupOp.OR, false) != 0;
        }

        @Override
        public boolean allOfGroup(boolean predicate) {
            return group.integral(HostGroup.Algorithm.REDUCE, item(), predicate ? 1 : 0, GroupOp.AND, false) != 0;
        }

        @Override
        public boolean noneOfGroup(boolean predicate) {
            return !anyOfGroup(predicate);
        }
    }
}
