package io.jsycl.internal.host;

import io.jsycl.NdItemKernel;
import io.jsycl.Range;
import io.jsycl.SpecConstant;
import io.jsycl.SyclException;
import io.jsycl.internal.event.HostFutures;
import io.jsycl.internal.memory.ApiAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/**
 * Runs nd-range kernels on the JVM. Work-groups run in parallel on a pool of platform threads;
 * the work-items of a group run as virtual threads, so a barrier parks them cheaply until the whole
 * group arrives. Local memory is per group ({@link HostGroup}).
 */
final class HostNdExecutor {
    private static final ApiAccess API = ApiAccess.get();

    private static final int THREADS = Runtime.getRuntime().availableProcessors();
    private static final ExecutorService GROUPS = Executors.newFixedThreadPool(THREADS, HostWorker::new);

    private HostNdExecutor() {
    }

    /**
     * An nd-range reduction kernel as an nd-range kernel: {@code body} runs the user's lambda with its work-item's
     * reducer. It runs each work-item through the lambda (the compiled forms take the lambda's own parameters), and
     * failures name the user's kernel.
     *
     * @param user the user's kernel lambda, which failures name
     * @param body what runs for each work-item
     */
    record Reducing(Object user, NdItemKernel body) implements NdItemKernel {
        @Override
        public void run(io.jsycl.NdItem it) {
            body.run(it);
        }
    }

    /**
     * Runs {@code kernel} over its groups on the group pool; {@code convergent}: the kernel has a barrier or a
     * work-group or sub-group operation, so a group's work-items run at once, each on a virtual thread meeting at the
     * group's barrier; else each group's work-items run one after another on the group's thread, which is any
     * schedule OpenCL allows for a kernel without barriers, and several hundred times faster.
     */
    static void run(NdItemKernel kernel, Range global, Range local, Map<SpecConstant<?>, Object> spec,
            boolean convergent) {
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
        boolean compilable = !(kernel instanceof Reducing);
        var phased = convergent && HostPhases.enabled && compilable ? HostPhases.of(kernel)
                : java.util.Optional.<HostPhases.Compiled>empty();
        if (convergent && phased.isEmpty()) {
            for (long group = 0; group < groupCount; group++) {
                long id = group;
                futures.add(GROUPS.submit(() -> runGroup(kernel, spec, dims, g, l, groups, id)));
            }
        } else if (convergent) {
            // Barrier kernels compiled into phases: a group's work-items one after another between barriers.
            Object[] captures = HostPhases.captures(kernel);
            submitRuns(futures, groupCount, (start, end) -> runGroupsPhased(kernel, phased.get(), captures, spec, dims,
                    g, l, groups, start, end));
        } else {
            submitRuns(futures, groupCount, (start, end) -> runGroupsInOrder(kernel, spec, dims, g, l, groups, start,
                    end));
        }
        // Every group ends before the kernel does, failed or not: a group still running after the kernel's failure
        // was reported would write into memory the command had already given back. The first group's failure wins.
        RuntimeException first = null;
        for (Future<?> f : futures) {
            try {
                HostFutures.await(f, "running an nd-range kernel on the host", "nd-range kernel failed");
            } catch (RuntimeException e) {
                first = first != null ? first : e;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** Runs groups {@code from} (inclusive) to {@code to} (exclusive), linear ids, on the calling thread. */
    private interface GroupRun {
        void run(long from, long to);
    }

    /**
     * Submits {@code groupCount} groups as a few runs of consecutive groups per pool thread, not a task per group: a
     * task, its group's setup and an item object per work-item took ten times the kernel's own arithmetic on small
     * groups.
     */
    private static void submitRuns(List<Future<?>> futures, long groupCount, GroupRun run) {
        long tasks = Math.min(groupCount, 4L * THREADS);
        long per = (groupCount + tasks - 1) / tasks;
        for (long from = 0; from < groupCount; from += per) {
            long start = from;
            long end = Math.min(groupCount, from + per);
            futures.add(GROUPS.submit(() -> run.run(start, end)));
        }
    }

    /** The group id, SYCL dimensions 0 to 2, of the group at {@code linearGroup} of {@code groups}. */
    private static int[] groupId(int[] groups, long linearGroup) {
        return new int[] {(int) (linearGroup / ((long) groups[1] * groups[2])),
                (int) (linearGroup / groups[2] % groups[1]), (int) (linearGroup % groups[2])};
    }

    /**
     * Groups {@code from} to {@code to} (linear ids) of a kernel without barriers, one after another on this thread,
     * each group's work-items one after another on one item object.
     */
    private static void runGroupsInOrder(NdItemKernel kernel, Map<SpecConstant<?>, Object> spec, int dims, int[] g,
            int[] l, int[] groups, long from, long to) {
        var item = new HostNdItem(dims, g, l, groups, groupId(groups, from), 0, null);
        // One group object for the run: its local memory's arrays serve group after group, as a compute unit's local
        // memory does (OpenCL leaves its contents undefined at a group's start), without an allocation per group.
        var group = HostGroup.sequential(l[0] * l[1] * l[2]);
        // The kernel's body and the group's loop as one method where it compiles (HostRanges), else the lambda per item.
        var looped = HostRanges.enabled && !(kernel instanceof Reducing) ? HostRanges.ofGroup(kernel)
                .filter(c -> c.dimensionsRead() <= dims) : java.util.Optional.<HostRanges.GroupLooped>empty();
        Object[] captures = looped.isPresent() ? HostRanges.captures(kernel) : null;
        API.runWithSpecValues(spec, () -> {
            for (long linear = from; linear < to; linear++) {
                int[] id = groupId(groups, linear);
                item.moveToGroup(id, group);
                if (looped.isPresent()) {
                    HostExecutor.inGroup(group, () -> {
                        RuntimeException e = looped.get().runGroup(captures, item, l[0], l[1], l[2], id[0] * l[0],
                                id[1] * l[1], id[2] * l[2]);
                        if (e != null) {
                            throw HostKernelFailure.describe(e, kernel, item.globalIds());
                        }
                    });
                    continue;
                }
                HostExecutor.inGroup(group, () -> {
                    // In local linear order, the last dimension fastest; counted, not divided out of a linear id.
                    for (int l0 = 0; l0 < l[0]; l0++) {
                        for (int l1 = 0; l1 < l[1]; l1++) {
                            for (int l2 = 0; l2 < l[2]; l2++) {
                                item.moveTo(l0, l1, l2);
                                try {
                                    kernel.run(item);
                                } catch (RuntimeException e) {
                                    throw HostKernelFailure.describe(e, kernel, item.globalIds());
                                }
                            }
                        }
                    }
                });
            }
        });
    }

    /**
     * Groups {@code from} to {@code to} of a barrier kernel compiled into phases, one after another on this thread:
     * each group's work-items run to the first barrier, then all of them to the next, and so on. Work-items that stop
     * at different barriers, or some at a barrier while others returned, end their group with the divergent-barrier
     * error. A failing group ends; the others run, and the first failure is thrown at the end.
     */
    private static void runGroupsPhased(NdItemKernel kernel, HostPhases.Compiled compiled, Object[] captures,
            Map<SpecConstant<?>, Object> spec, int dims, int[] g, int[] l, int[] groups, long from, long to) {
        int size = l[0] * l[1] * l[2];
        var item = new HostNdItem(dims, g, l, groups, groupId(groups, from), 0, null);
        long[][] prims = new long[size][compiled.arrayLength()];
        Object[][] refs = new Object[size][compiled.arrayLength()];
        int[] stoppedAt = new int[size];
        long[] combined = new long[size]; // a work-group algorithm's scratch, for every group of the run
        long[] scanned = new long[size];
        RuntimeException[] first = new RuntimeException[1];
        var group = HostGroup.sequential(size); // for the run, as in runGroupsInOrder
        // Moves the item through a group in local linear order (the last dimension fastest), counting.
        int[] at = new int[3];
        IntConsumer moveTo = w -> {
            if (w == 0) {
                at[0] = 0;
                at[1] = 0;
                at[2] = 0;
            } else if (++at[2] == l[2]) {
                at[2] = 0;
                if (++at[1] == l[1]) {
                    at[1] = 0;
                    at[0]++;
                }
            }
            item.moveTo(at[0], at[1], at[2]);
        };
        API.runWithSpecValues(spec, () -> {
            for (long linear = from; linear < to; linear++) {
                item.moveToGroup(groupId(groups, linear), group);
                try {
                    HostExecutor.inGroup(group, () -> runPhases(kernel, compiled, captures, item, moveTo, prims, refs,
                            stoppedAt, combined, scanned));
                } catch (RuntimeException e) {
                    if (first[0] == null) {
                        first[0] = e;
                    }
                }
            }
        });
        if (first[0] != null) {
            throw first[0];
        }
    }

    /** One group of a compiled barrier kernel, phase by phase. */
    private static void runPhases(NdItemKernel kernel, HostPhases.Compiled compiled, Object[] captures,
            HostNdItem item, IntConsumer moveTo, long[][] prims, Object[][] refs, int[] stoppedAt, long[] combined,
            long[] scanned) {
        HostPhases.Phased phased = compiled.phased();
        int phase = 0;
        while (true) {
            try {
                phased.runGroup(captures, item, phase, prims, refs, stoppedAt, moveTo);
            } catch (RuntimeException e) {
                throw HostKernelFailure.describe(e, kernel, item.globalIds());
            }
            int w = stoppedAt.length;
            int next = stoppedAt[0];
            for (int i = 1; i < w; i++) {
                if (stoppedAt[i] != next) {
                    item.moveTo(0, 0, 0);
                    var divergent = HostGroup.divergent(stoppedAt, w);
                    // Where the work-items that went on waited: the barrier's line names the kernel's place.
                    int waitedAt = Math.max(next, stoppedAt[i]);
                    divergent.setStackTrace(new StackTraceElement[] {compiled.barriers()[waitedAt - 1]});
                    throw HostKernelFailure.describe(divergent, kernel, item.globalIds());
                }
            }
            if (next < 0) {
                return;
            }
            HostPhases.runAlgorithm(compiled, next, prims, refs, w, combined, scanned);
            phase = next;
        }
    }

    private static void runGroup(NdItemKernel kernel, Map<SpecConstant<?>, Object> spec, int dims, int[] g, int[] l,
            int[] groups, long linearGroup) {
        int[] groupId = groupId(groups, linearGroup);
        int size = l[0] * l[1] * l[2];
        var group = new HostGroup(size);
        Throwable[] failure = new Throwable[1];
        var threads = new Thread[size];
        for (int local = 0; local < size; local++) {
            var item = new HostNdItem(dims, g, l, groups, groupId, local, group);
            threads[local] = Thread.ofVirtual().unstarted(() -> HostExecutor.inGroup(group, () -> {
                try {
                    API.runWithSpecValues(spec, () -> kernel.run(item));
                    group.returned((int) item.localLinearId());
                } catch (Throwable t) {
                    synchronized (failure) {
                        if (failure[0] == null) {
                            failure[0] = t instanceof RuntimeException re ? HostKernelFailure.describe(re, kernel,
                                    item.globalIds()) : t;
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
}
