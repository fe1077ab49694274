package io.jsycl.internal.schedule;

import io.jsycl.Range;
import io.jsycl.internal.launch.BoundCapture;
import io.jsycl.internal.launch.CommandGroupRecord;
import io.jsycl.internal.launch.KernelLambdas;
import io.jsycl.internal.memory.ElementKind;
import io.jsycl.opencl.ClMem;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A queue's latest launch decisions, so that a submit repeating a launch reuses them: the program variant
 * ({@link io.jsycl.internal.launch.LaunchSpecialization}), the work-items and work-groups, and the kernel built for
 * them. A program that submits one kernel over and over (a time step, an iteration) decides once, as a hand-written
 * program makes its kernel object once and enqueues it many times; a submit that differs in anything the decisions
 * depend on decides afresh.
 *
 * <p>What they depend on: the kernel's lowering (its captures' shapes, checked or not), the kind of launch and its
 * range and work-group, fast math and the user's build options, and what each captured value binds that the variant
 * reads: an accessor's buffer, range and offset, a device array, local memory's range and size, a captured array's
 * length (not a scalar's value, which is only an argument). Only launches over a whole range without reductions or
 * specialization constants are kept; others decide at every submit.
 *
 * <p>Two launches per kernel: a kernel alternating between two (a stencil swapping its buffers) finds both, and a
 * program's kernels taking turns each find their own. An entry holds no buffer, device array or captured array (only
 * their numbers, memory objects and lengths), so a closed buffer's host array is not kept reachable. Thread safety:
 * entries are immutable; a racing store replaces an entry with another valid one.
 */
final class RepeatedLaunches {
    /**
     * One launch's decisions and what they were decided from.
     *
     * @param lowering the kernel's lowering (by identity)
     * @param launchKind the launch's class ({@link CommandGroupRecord.Items}, {@link CommandGroupRecord.NdItems})
     * @param range the launch's range (an nd-range launch's work-group is its plan's)
     * @param fastMath whether the command group asked for fast math
     * @param checkedRequested whether the launch is checked (the command group's or the queue's setting)
     * @param userBuildOptions the command group's build options
     * @param bindings what each captured value bound, as far as the decisions read it ({@link #bindingsOf})
     * @param plan the decisions: the work-items and work-groups, the program variant, the kernel built for them
     */
    record Decided(KernelLambdas.Lowering lowering, Class<?> launchKind, Range range, boolean fastMath,
            boolean checkedRequested, String userBuildOptions, Object[] bindings, QueueScheduler.LaunchPlan plan) {
    }

    /**
     * An accessor's binding as the decisions read it: its buffer (by number, so that a kept launch holds no buffer and
     * no host array once the program closed them), range and offset.
     */
    private record AccessorBinding(long buffer, Range range, int[] offset) {
    }

    /**
     * A device array's binding: its memory object (the Java object, which a pool may give a later array of another
     * length) and its length.
     */
    private record DeviceArrayBinding(ClMem mem, int length) {
    }

    /** Local memory's binding: its range, size and element. */
    private record LocalBinding(Range range, long bytes, ElementKind kind) {
    }

    /** A captured array's binding: its class and length (not the array, which the kept launch must not hold). */
    private record ArrayBinding(Class<?> type, int length) {
    }

    /** A captured scalar's binding: its value is an argument, which no decision reads. */
    private static final Object SCALAR = new Object();

    /** Each kernel's latest two launches on the queue, by its lowering. */
    private final Map<KernelLambdas.Lowering, Latest> byKernel = new ConcurrentHashMap<>();

    /** One kernel's latest two launches. */
    private static final class Latest {
        volatile Decided latest;
        volatile Decided before;
    }

    /** Whether the decisions of {@code group}'s launch may be kept: a whole range, no reductions, no constants. */
    static boolean keepable(CommandGroupRecord group) {
        return switch (group.launch()) {
            case CommandGroupRecord.Items items -> items.chunk() == null && group.specValues().isEmpty();
            case CommandGroupRecord.NdItems nd -> nd.chunk() == null && nd.reductions().isEmpty()
                    && group.specValues().isEmpty();
            default -> false;
        };
    }

    /** The decisions kept for a launch the same as {@code group}'s of {@code kernel}, or null. */
    Decided find(CommandGroupRecord group, KernelLambdas.Kernel kernel, boolean checkedRequested) {
        Latest kept = byKernel.get(kernel.lowering());
        if (kept == null || !keepable(group)) {
            return null;
        }
        Decided d = kept.latest;
        if (d != null && matches(d, group, kernel, checkedRequested)) {
            return d;
        }
        d = kept.before;
        if (d != null && matches(d, group, kernel, checkedRequested)) {
            kept.before = kept.latest;
            kept.latest = d;
            return d;
        }
        return null;
    }

    /** Keeps {@code decided} as its kernel's latest launch; the latest before it becomes the other one kept. */
    void keep(Decided decided) {
        Latest kept = byKernel.computeIfAbsent(decided.lowering(), k -> new Latest());
        kept.before = kept.latest;
        kept.latest = decided;
    }

    /** What each of {@code captured} binds, as {@link Decided#bindings} keeps it. */
    static Object[] bindingsOf(BoundCapture[] captured) {
        var bindings = new Object[captured.length];
        for (int i = 0; i < captured.length; i++) {
            bindings[i] = bindingOf(captured[i]);
        }
        return bindings;
    }

    private static Object bindingOf(BoundCapture captured) {
        return switch (captured) {
            case BoundCapture.Accessor a -> new AccessorBinding(a.storage().id(), a.range(), a.offset().clone());
            case BoundCapture.DeviceArray a -> new DeviceArrayBinding(a.array().mem(), a.array().length());
            case BoundCapture.Local l -> new LocalBinding(l.range(), l.local().bytes(), l.local().kind());
            case BoundCapture.Value v -> v.value().getClass().isArray()
                    ? new ArrayBinding(v.value().getClass(), Array.getLength(v.value())) : SCALAR;
            case BoundCapture.Record r -> bindingsOf(r.components());
        };
    }

    private static boolean matches(Decided d, CommandGroupRecord group, KernelLambdas.Kernel kernel,
            boolean checkedRequested) {
        CommandGroupRecord.Launch launch = group.launch();
        if (d.launchKind() != launch.getClass()
                || d.checkedRequested() != checkedRequested || d.fastMath() != group.fastMath()
                || !d.range().equals(launch.range()) || !d.userBuildOptions().equals(group.userBuildOptions())) {
            return false;
        }
        if (launch instanceof CommandGroupRecord.NdItems nd && !nd.local().equals(d.plan().local())) {
            return false;
        }
        return sameBindings(d.bindings(), kernel.captured());
    }

    private static boolean sameBindings(Object[] kept, BoundCapture[] now) {
        if (kept.length != now.length) {
            return false;
        }
        for (int i = 0; i < kept.length; i++) {
            if (!sameBinding(kept[i], now[i])) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code now} binds what {@code kept} records, as far as the decisions read it. */
    private static boolean sameBinding(Object kept, BoundCapture now) {
        return switch (now) {
            case BoundCapture.Accessor a -> kept instanceof AccessorBinding b && b.buffer() == a.storage().id()
                    && b.range().equals(a.range()) && Arrays.equals(b.offset(), a.offset());
            case BoundCapture.DeviceArray a -> kept instanceof DeviceArrayBinding b && b.mem() == a.array().mem()
                    && b.length() == a.array().length();
            case BoundCapture.Local l -> kept instanceof LocalBinding b && b.range().equals(l.range())
                    && b.bytes() == l.local().bytes() && b.kind() == l.local().kind();
            case BoundCapture.Value v -> v.value().getClass().isArray()
                    ? kept instanceof ArrayBinding b && b.type() == v.value().getClass()
                            && b.length() == Array.getLength(v.value())
                    : kept == SCALAR;
            case BoundCapture.Record r -> kept instanceof Object[] components
                    && sameBindings(components, r.components());
        };
    }
}
