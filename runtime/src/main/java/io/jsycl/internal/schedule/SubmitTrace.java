package io.jsycl.internal.schedule;

import io.jsycl.Range;
import io.jsycl.internal.launch.CommandGroupRecord;
import io.jsycl.internal.launch.LaunchSpecialization;

/**
 * The scheduler trace's lines about a submit ({@code JSYCL_TRACE}): what a command group waits for and how
 * its kernel was enqueued. Kept apart from {@link QueueScheduler} so that the submit reads without them.
 */
final class SubmitTrace {
    private SubmitTrace() {
    }

    /** How kernel {@code name} was enqueued on {@code queue} as {@code plan} decided, as the trace tells it. */
    static String enqueued(String name, Object queue, int waits, QueueScheduler.LaunchPlan plan, boolean withoutEvent,
            boolean byLaunchThread) {
        Range workItems = plan.range();
        return "kernel " + name + " enqueued on " + queue + " with " + waits + " OpenCL events in its wait list"
                + (plan.twoItems() ? ", two items per work-item over " + workItems.size() + " work-items" : "")
                + (plan.gridStride() ? ", items a grid apart over " + workItems.size() + " work-items" : "")
                + ((plan.specialization() & LaunchSpecialization.TWO_ROWS) != 0
                        ? ", two rows per work-item over " + extents(workItems) + " work-items" : "")
                + ((plan.specialization() & LaunchSpecialization.FOUR_ROWS) != 0
                        ? ", four rows per work-item over " + extents(workItems) + " work-items" : "")
                + (plan.paddedLocal() != null ? ", work-groups of " + workGroup(plan.paddedLocal()) : "")
                + ((plan.specialization() & LaunchSpecialization.NO_ALIASING) != 0
                        ? ", accessors restrict (pairwise different memory)" : "")
                + ((plan.specialization() & LaunchSpecialization.SHARED_STRIDES) != 0
                        ? ", one row stride for its accessors (equal memory ranges)" : "")
                + (withoutEvent ? ", without an OpenCL event of its own (in-order queue)" : "")
                + (byLaunchThread ? ", by the queue's launch thread" : "");
    }

    /** {@code range}'s extents, dimension 0 first: "512 x 2048". */
    private static String extents(Range range) {
        var text = new StringBuilder().append(range.get(0));
        for (int d = 1; d < range.dimensions(); d++) {
            text.append(" x ").append(range.get(d));
        }
        return text.toString();
    }

    /** Whether {@code range} is not a whole number of work-groups of {@code local} (OpenCL order): padded. */
    static boolean ragged(Range range, long[] local) {
        int dims = range.dimensions();
        for (int cl = 0; cl < dims; cl++) {
            if (range.get(dims - 1 - cl) % local[cl] != 0) {
                return true;
            }
        }
        return false;
    }

    /** For the trace: work-group extents in SYCL order, joined by 'x'. */
    private static String workGroup(long[] openClLocal) {
        var b = new StringBuilder();
        for (int cl = openClLocal.length - 1; cl >= 0; cl--) {
            b.append(openClLocal[cl]).append(cl > 0 ? "x" : "");
        }
        return b.toString();
    }

    /** What a command group submitted to {@code queue} waits for and why, before its data moves. */
    static String describe(String what, CommandGroupRecord group, Object queue, boolean afterPrevious) {
        var b = new StringBuilder(what).append(" submitted to ").append(queue).append(':');
        int reasons = 0;
        if (!group.dependencies().isEmpty()) {
            b.append(" after ").append(group.dependencies().size()).append(" dependsOn event(s);");
            reasons++;
        }
        if (afterPrevious) {
            b.append(" after the queue's previous command (in-order);");
            reasons++;
        }
        for (var req : group.requirements().entrySet()) {
            String why = req.getKey().describeDependencies(req.getValue());
            b.append(' ').append(req.getKey()).append(' ').append(req.getValue())
                    .append(why.isEmpty() ? " (no wait)" : ": " + why).append(';');
            reasons += why.isEmpty() ? 0 : 1;
        }
        if (reasons == 0) {
            b.append(" waits for nothing;");
        }
        b.setLength(b.length() - 1);
        return b.toString();
    }
}
