package io.jsycl.lowering;

import static io.jsycl.lowering.Lambdas.lower;
import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.WideAccess;
import org.junit.jupiter.api.Test;

/**
 * {@code LoweredKernel.stridedAccess}: set where an accessor subscript other than the last follows the range's last
 * item dimension while the last subscript does not, through locals, arithmetic and calls; never for 1-D ranges or
 * nd-range kernels, whose work-groups the program chooses.
 */
class AccessStridesTest {
    private static WideAccess.OfFloat floats(int dims, String mode) {
        return Faces.accessor(WideAccess.OfFloat.class, dims, mode);
    }

    @Test
    void aNaiveTransposeStoresWithAStride() {
        var src = floats(2, "READ");
        var dst = floats(2, "WRITE");
        LoweredKernel k = lower(2, it -> {
            int i = it.id(0);
            int j = it.id(1);
            dst.set(j, i, src.get(i, j));
        });
        assertThat(k.stridedAccess()).isTrue();
    }

    @Test
    void aTransposedLoadIsStridedToo() {
        var src = floats(2, "READ");
        var dst = floats(2, "WRITE");
        LoweredKernel k = lower(2, it -> dst.set(it.id(0), it.id(1), src.get(it.id(1), it.id(0))));
        assertThat(k.stridedAccess()).isTrue();
    }

    @Test
    void aStencilWithClampsIsNot() {
        var src = floats(2, "READ");
        var dst = floats(2, "WRITE");
        int n = 64;
        LoweredKernel k = lower(2, it -> {
            int y = it.id(0);
            int x = it.id(1);
            float sum = 0;
            for (int d = -1; d <= 1; d++) {
                sum += src.get(Math.min(Math.max(y + d, 0), n - 1), Math.min(x + 1, n - 1));
            }
            dst.set(y, x, sum);
        });
        assertThat(k.stridedAccess()).isFalse();
    }

    @Test
    void theStrideIsFollowedThroughLocalsArithmeticAndBranches() {
        var src = floats(2, "READ");
        var dst = floats(2, "WRITE");
        int n = 64;
        LoweredKernel k = lower(2, it -> {
            int col = it.id(1) * 2 + 1;
            int row = it.id(0);
            if (col >= n) {
                col = n - 1;
            }
            dst.set(col % n, row, src.get(row, 0));
        });
        assertThat(k.stridedAccess()).isTrue();
    }

    @Test
    void aThreeDimensionalKernelIsJudgedByItsLastDimension() {
        var src = floats(3, "READ");
        var dst = floats(3, "WRITE");
        LoweredKernel strided = lower(3, it -> dst.set(it.id(2), it.id(1), it.id(0),
                src.get(it.id(0), it.id(1), it.id(2))));
        LoweredKernel contiguous = lower(3, it -> dst.set(it.id(0), it.id(1), it.id(2),
                src.get(it.id(1), it.id(0), it.id(2))));
        assertThat(strided.stridedAccess()).isTrue();
        assertThat(contiguous.stridedAccess()).as("dimensions 0 and 1 swap: rows, not elements, apart").isFalse();
    }

    @Test
    void neverForOneDimensionalRangesOrNdRangeKernels() {
        var src = floats(2, "READ");
        var dst = floats(2, "WRITE");
        assertThat(lower(1, it -> dst.set(it.id(0), 0, src.get(0, it.id(0)))).stridedAccess()).isFalse();
        assertThat(Lambdas.lowerNd(2, it -> dst.set(it.globalId(1), it.globalId(0),
                src.get(it.globalId(0), it.globalId(1)))).stridedAccess()).isFalse();
    }
}
