package io.jsycl.internal.launch;

import io.jsycl.AccessMode;
import io.jsycl.ItemKernel;
import io.jsycl.NdItemKernel;
import io.jsycl.Range;
import io.jsycl.ReductionKernel;
import io.jsycl.SpecConstant;
import io.jsycl.TaskKernel;
import io.jsycl.internal.event.EventImpl;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.memory.LocalAccessorImpl;
import io.jsycl.internal.memory.ReductionImpl;
import io.jsycl.lowering.KernelShape;
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
     * {@code h.parallelFor(range, kernel)}.
     *
     * @param kernel the kernel lambda
     * @param range the items it runs over
     */
    public record Items(ItemKernel kernel, Range range) implements Launch {
        @Override
        public KernelShape shape() {
            return KernelShape.ITEM;
        }
    }

    /**
     * {@code h.parallelFor(ndRange, kernel)}.
     *
     * @param kernel the kernel lambda
     * @param range the global range
     * @param local the work-group size
     */
    public record NdItems(NdItemKernel kernel, Range range, Range local) implements Launch {
        @Override
        public KernelShape shape() {
            return KernelShape.ND_ITEM;
        }
    }

    /**
     * {@code h.parallelFor(range, reduction, kernel)}.
     *
     * @param kernel the kernel lambda
     * @param range the items it runs over, 1-D
     * @param reduction the reduction the kernel combines into
     */
    public record Reduce(ReductionKernel<?> kernel, Range range, ReductionImpl reduction) implements Launch {
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
