package io.jsycl.internal.launch;

import io.jsycl.Range;
import io.jsycl.SyclException;
import io.jsycl.internal.memory.ReductionImpl;
import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.lowering.ReductionOp;
import io.jsycl.lowering.ReductionSpec;
import java.lang.invoke.SerializedLambda;
import java.util.List;
import java.util.function.Supplier;

/** What the lowering needs to know of a reduction ({@link ReductionImpl}), and its device launch's work-group size. */
public final class Reductions {

    private Reductions() {
    }

    /** No reductions: the specs of a kernel that is no reduction kernel. */
    public static final ReductionSpec[] NONE = new ReductionSpec[0];

    /** The specs of {@code reductions}, in order. */
    public static ReductionSpec[] specs(List<ReductionImpl> reductions) {
        var specs = new ReductionSpec[reductions.size()];
        for (int i = 0; i < specs.length; i++) {
            specs[i] = spec(reductions.get(i));
        }
        return specs;
    }

    public static ReductionSpec spec(ReductionImpl r) {
        var type = r.output().kind.scalar;
        String identity = CLiterals.of(r.identity());
        int length = r.length();
        return switch (r.op()) {
            case SUM -> new ReductionSpec(type, ReductionOp.SUM, null, null, null, identity, length);
            case MIN -> new ReductionSpec(type, ReductionOp.MIN, null, null, null, identity, length);
            case MAX -> new ReductionSpec(type, ReductionOp.MAX, null, null, null, identity, length);
            case CUSTOM -> {
                SerializedLambda op = SerializedLambdas.serialized(r.operation());
                if (op.getCapturedArgCount() != 0) {
                    throw new SyclException("the operation of Reduction.of captures values; write it as a lambda of its"
                            + " two arguments alone, e.g. (a, b) -> a | b");
                }
                yield new ReductionSpec(type, ReductionOp.CUSTOM, op.getImplClass(), op.getImplMethodName(),
                        op.getImplMethodSignature(), identity, length);
            }
        };
    }

    /**
     * Work-groups per compute unit that a reduction launch aims for: enough work-items for every compute unit to hide
     * memory latency (a GPU compute unit holds 2048 work-items, 8 groups of 256), few enough that each work-item
     * streams through many elements and the groups' final combining stays negligible. Two rounds of resident groups
     * rather than one: groups that finish early leave their compute unit idle while the last ones run, and a second
     * round evens that out (docs/performance.md).
     */
    static final int GROUPS_PER_COMPUTE_UNIT = 16;

    /**
     * The global size of a reduction over {@code n} items in work-groups of {@code local}: each work-item runs
     * the items its global id reaches in strides of the global size (the lowering's {@code Reductions.emitItems}).
     * A checked kernel gets one work-item per item, so that a failure names the item's id as its global id.
     */
    public static Range globalSize(DeviceImpl device, int n, long local, boolean checked) {
        long groups = (n + local - 1) / local;
        if (!checked) {
            groups = Math.min(groups, Math.max(1L, device.maxComputeUnits()) * GROUPS_PER_COMPUTE_UNIT);
        }
        // A range is counted in ints: near 2^31 items the groups stop short and the last work-items stride on.
        groups = Math.min(groups, Integer.MAX_VALUE / local);
        return Range.of((int) (groups * local));
    }

    /**
     * The local memory a reduction's kernel argument takes in work-groups of {@code workGroupSize}: the group's tree
     * ({@code combine(v)}) or its copy of every output element ({@code combine(index, v)}), whichever is larger.
     */
    static long scratchBytes(ReductionImpl r, long workGroupSize) {
        return Math.max(workGroupSize, r.length()) * r.output().kind.bytes;
    }

    /**
     * Refuses reductions whose scratch together does not fit the device's local memory in work-groups of
     * {@code workGroupSize}, naming the kernel (described only then) and what to change, rather than a launch the
     * driver fails.
     */
    public static void checkScratch(DeviceImpl device, List<ReductionImpl> reductions, long workGroupSize,
            Supplier<String> kernel) {
        long bytes = 0;
        for (ReductionImpl r : reductions) {
            bytes += scratchBytes(r, workGroupSize);
        }
        long local = device.localMemSize();
        if (local > 0 && bytes > local) {
            throw new SyclException("kernel " + kernel.get() + " reduces into " + reductions.size() + " outputs whose"
                    + " work-group copies take " + bytes + " bytes of local memory, more than " + device.name()
                    + "'s " + local + ": use fewer or shorter outputs per parallelFor (a reduction over n elements"
                    + " keeps n of them per work-group), or split it into several parallelFor calls");
        }
    }

    /** A power of two up to 256 that the device accepts. */
    public static long workGroupSize(DeviceImpl device) {
        long size = 256;
        while (size > device.maxWorkGroupSize()) {
            size /= 2;
        }
        return size;
    }
}
