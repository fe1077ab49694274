package io.jsycl.internal.schedule;

import io.jsycl.AccessMode;
import io.jsycl.Range;
import io.jsycl.internal.launch.CaptureStamp;
import io.jsycl.internal.launch.CommandGroupRecord;
import io.jsycl.internal.launch.KernelArguments;
import io.jsycl.internal.launch.KernelLambdas;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.opencl.ClMem;
import java.util.Arrays;
import java.util.Map;

/**
 * A queue's latest launches whole, so that a submit repeating one (a time step, an iteration, a stencil swapping its
 * buffers) goes from its command group to its enqueue without finding its kernel, deciding its launch or computing its
 * arguments again: it reads its lambda's captures, compares them in place with the launch's ({@link CaptureStamp}) and
 * with the command group's buffers, range, work-group and build settings, and takes the launch's lowering, plan and
 * arguments; a scalar that changed is read in place, as the comparison read it, into a copy of the arguments, and its
 * work sizes are the plan's. What a hand-written program does when it enqueues one kernel object over and over, its
 * arguments set once.
 *
 * <p>Where it is taken: launches over a whole range or nd-range, without reductions or specialization constants, not
 * checked, whose captures are plain ({@link CaptureStamp#of}). Anything else, and any difference, takes the whole
 * submit path ({@link RepeatedLaunches} still spares it the decisions where they hold). The buffers' own work (their
 * data's moves, the commands a launch waits for) is the scheduler's pass, which a hit skips only where it would find
 * nothing to do ({@code QueueScheduler.repeatInPlace}: an in-order OpenCL queue whose own launches alone touched the
 * data since).
 *
 * <p>Up to {@value #KEPT} launches, at most {@value #PER_KERNEL} of one lambda class (a ping-pong stencil finds both of
 * its launches, and a program's kernels taking turns each find their own). An entry holds no buffer or captured object
 * (buffers by number, memory objects, ranges), so that nothing of the program is kept reachable through it. Thread
 * safety: entries are immutable and the list is replaced whole, under this object's monitor; a submit reads it without
 * a lock.
 */
final class RepeatLane {
    static final int KEPT = 8;
    static final int PER_KERNEL = 2;

    /**
     * One launch, as its submit made it.
     *
     * @param stamp its lambda's captures
     * @param launchKind {@link CommandGroupRecord.Items} or {@link CommandGroupRecord.NdItems}
     * @param range its range
     * @param local an nd-range's work-group, else null
     * @param fastMath whether its command group asked for fast math
     * @param userBuildOptions its command group's build options
     * @param buffers its command group's buffers by number, in the order it requested them
     * @param modes each buffer's access mode
     * @param kernel its kernel's lowering (without captures: each submit's are its own)
     * @param plan its decisions, and the kernel built for them
     * @param arguments its arguments ({@link KernelArguments#reusable()})
     * @param mems the device memory of each buffer its arguments were set from
     */
    record Entry(CaptureStamp stamp, Class<?> launchKind, Range range, Range local, boolean fastMath,
            String userBuildOptions, long[] buffers, AccessMode[] modes, KernelLambdas.Kernel kernel,
            QueueScheduler.LaunchPlan plan, KernelArguments arguments, ClMem[] mems) {
    }

    /**
     * A submit of {@code kernel} that repeats {@code entry}; {@code otherValues} where a scalar it captures differs from
     * the entry's.
     */
    record Hit(Entry entry, Object kernel, boolean otherValues) {
        /** The arguments for this submit, whose buffers' device memory is {@code mems}. */
        KernelArguments arguments(ClMem[] mems) {
            KernelArguments a = entry.arguments();
            if (otherValues) {
                CaptureStamp stamp = entry.stamp();
                a = a.withScalars(entry.kernel().lowered(), capture -> stamp.scalarBits(kernel, capture),
                        entry.plan().programVariants());
            }
            return Arrays.equals(mems, entry.mems()) ? a : a.withMems(entry.mems(), mems);
        }
    }

    private volatile Entry[] entries = new Entry[0];

    /** Whether a launch of {@code group} may be kept and repeated: as {@link RepeatedLaunches#keepable}, and unchecked. */
    static boolean eligible(CommandGroupRecord group, boolean checkedRequested) {
        return !checkedRequested && RepeatedLaunches.keepable(group);
    }

    /**
     * The kept launch {@code group} repeats, or null. {@code checkedRequested}: the launch is checked (the command
     * group's or the queue's setting).
     */
    Hit find(CommandGroupRecord group, boolean checkedRequested) {
        Entry[] kept = entries;
        if (kept.length == 0 || !eligible(group, checkedRequested)) {
            return null;
        }
        CommandGroupRecord.Launch launch = group.launch();
        Object kernel = launch.kernel();
        for (Entry e : kept) {
            if (e.stamp().lambdaClass() != kernel.getClass() || !sameLaunch(e, group, launch)) {
                continue;
            }
            int compared = e.stamp().compare(kernel, group);
            if (compared != CaptureStamp.DIFFERENT) {
                return new Hit(e, kernel, compared == CaptureStamp.OTHER_VALUES);
            }
        }
        return null;
    }

    private static boolean sameLaunch(Entry e, CommandGroupRecord group, CommandGroupRecord.Launch launch) {
        if (e.launchKind() != launch.getClass() || e.fastMath() != group.fastMath()
                || !e.range().equals(launch.range()) || !e.userBuildOptions().equals(group.userBuildOptions())
                || launch instanceof CommandGroupRecord.NdItems nd && !nd.local().equals(e.local())) {
            return false;
        }
        Map<BufferStorage, AccessMode> requirements = group.requirements();
        if (requirements.size() != e.buffers().length) {
            return false;
        }
        int r = 0;
        for (var req : requirements.entrySet()) {
            if (req.getKey().id() != e.buffers()[r] || req.getValue() != e.modes()[r]) {
                return false;
            }
            r++;
        }
        return true;
    }

    /**
     * What a launch of {@code group} would be kept as, but for its arguments (made at its commit), or null where it
     * cannot be kept. {@code checkedRequested}: as {@link #find}.
     */
    static Entry draft(CommandGroupRecord group, boolean checkedRequested, KernelLambdas.Kernel kernel,
            QueueScheduler.LaunchPlan plan) {
        if (!eligible(group, checkedRequested)) {
            return null;
        }
        CommandGroupRecord.Launch launch = group.launch();
        CaptureStamp stamp = CaptureStamp.of(launch.kernel(), KernelLambdas.captureFields(launch.kernel()));
        if (stamp == null) {
            return null;
        }
        Map<BufferStorage, AccessMode> requirements = group.requirements();
        var buffers = new long[requirements.size()];
        var modes = new AccessMode[requirements.size()];
        int r = 0;
        for (var req : requirements.entrySet()) {
            buffers[r] = req.getKey().id();
            modes[r++] = req.getValue();
        }
        return new Entry(stamp, launch.getClass(), launch.range(),
                launch instanceof CommandGroupRecord.NdItems nd ? nd.local() : null, group.fastMath(),
                group.userBuildOptions(), buffers, modes, new KernelLambdas.Kernel(kernel.lowering(), null), plan, null,
                null);
    }

    /**
     * Keeps {@code draft} ({@link #draft}) with the {@code arguments} its launch was enqueued with and the device memory
     * {@code mems} they were set from, first in the list; drops the oldest beyond {@value #KEPT}, and beyond
     * {@value #PER_KERNEL} of its lambda class.
     */
    synchronized void keep(Entry draft, KernelArguments arguments, ClMem[] mems) {
        var entry = new Entry(draft.stamp(), draft.launchKind(), draft.range(), draft.local(), draft.fastMath(),
                draft.userBuildOptions(), draft.buffers(), draft.modes(), draft.kernel(), draft.plan(), arguments,
                mems.clone());
        Entry[] old = entries;
        var next = new Entry[Math.min(KEPT, old.length + 1)];
        next[0] = entry;
        int n = 1;
        int sameClass = 1;
        for (Entry e : old) {
            if (n == next.length) {
                break;
            }
            if (e.stamp().lambdaClass() == entry.stamp().lambdaClass() && ++sameClass > PER_KERNEL) {
                continue;
            }
            next[n++] = e;
        }
        entries = n == next.length ? next : Arrays.copyOf(next, n);
    }
}
