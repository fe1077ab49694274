package io.jsycl;

import io.jsycl.lowering.ReductionOp;
import io.jsycl.lowering.ReductionSpec;
import java.lang.invoke.SerializedLambda;

/** What the lowering needs to know of a {@link Reduction}, and the work-group size its device launch uses. */
final class Reductions {
    private Reductions() {
    }

    static ReductionSpec spec(Reduction<?> r) {
        var type = r.output.storage.kind.scalar;
        String identity = CLiterals.of(r.identity);
        return switch (r.kind) {
            case SUM -> new ReductionSpec(type, ReductionOp.SUM, null, null, null, identity);
            case MIN -> new ReductionSpec(type, ReductionOp.MIN, null, null, null, identity);
            case MAX -> new ReductionSpec(type, ReductionOp.MAX, null, null, null, identity);
            case CUSTOM -> {
                SerializedLambda op = KernelLambdas.serialized(r.op);
                if (op.getCapturedArgCount() != 0) {
                    throw new SyclException("the operation of Reduction.of captures values; write it as a lambda of its"
                            + " two arguments alone, e.g. (a, b) -> a | b");
                }
                yield new ReductionSpec(type, ReductionOp.CUSTOM, op.getImplClass(), op.getImplMethodName(),
                        op.getImplMethodSignature(), identity);
            }
        };
    }

    /** A power of two up to 256 that the device accepts. */
    static long workGroupSize(Device device) {
        long size = 256;
        while (size > device.maxWorkGroupSize()) {
            size /= 2;
        }
        return size;
    }
}
