package io.jsycl.lowering;

import io.jsycl.WideAccess;
import static io.jsycl.lowering.Lambdas.lower;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BuiltinsTest {
    static final int TILE = 16;
    static final float SCALE = 0.5f;
    static final long BIG = 1L << 40;

    @Test
    void mathMapsToOpenClBuiltins() {
        var in = Faces.accessor(WideAccess.OfDouble.class, 1, "READ");
        var out = Faces.accessor(WideAccess.OfDouble.class, 1, "WRITE");
        var f = Faces.accessor(WideAccess.OfFloat.class, 1, "READ_WRITE");
        LoweredKernel k = lower(1, it -> {
            int i = it.id(0);
            double x = in.get(i);
            out.set(i, Math.sqrt(x) + Math.sin(x) * Math.cos(x) + Math.pow(x, 2.0) + Math.exp(Math.log(x))
                    + Math.floor(x) + Math.ceil(x) + Math.abs(x) + Math.min(x, 1.0) + Math.max(x, 0.0)
                    + Math.fma(x, x, 1.0) + Math.round(x) + StrictMath.tan(x) + Math.atan2(x, 1.0));
            float y = f.get(i);
            f.set(i, Math.round(y) + Math.min(y, 2f) + Math.abs(y) + Math.abs(i) + Math.max(i, 3));
        });
        assertThat(k.usesFp64()).isTrue();
        assertThat(k.source()).contains("sqrt(", "jsycl_round_d(", "jsycl_min_d(", "fma(", "jsycl_round_f(");
        Golden.check("math", k);
    }

    /** Math calls and conversions of constants are computed by Java; the driver never folds them. */
    @Test
    void mathOfConstantsIsComputedByJava() {
        var out = Faces.accessor(WideAccess.OfDouble.class, 1, "WRITE");
        var ints = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        LoweredKernel k = lower(1, it -> {
            out.set(0, Math.floor(Double.NaN) + Math.sqrt(2.0) + Math.exp(Double.POSITIVE_INFINITY));
            ints.set(0, (int) Math.floor(Float.NaN) + (int) Math.rint(2.5) + Math.floorMod(-7, 3));
        });
        assertThat(k.source()).doesNotContain("floor(", "sqrt(", "exp(", "rint(", "jsycl_floormod_i(")
                .contains("as_double(0x7ff8000000000000L) + " + Math.sqrt(2.0) + " + (double)INFINITY", "] = 4;");
    }

    @Test
    void bitOperations() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        var f = Faces.accessor(WideAccess.OfFloat.class, 1, "READ");
        LoweredKernel k = lower(1, it -> {
            int i = it.id(0);
            long l = it.linearId();
            out.set(0, Integer.bitCount(i) + Integer.numberOfLeadingZeros(i) + Integer.numberOfTrailingZeros(i));
            out.set(1, Integer.rotateLeft(i, 3) ^ Integer.rotateRight(i, 5) ^ Integer.reverse(i));
            out.set(2, Long.bitCount(l) + Long.numberOfTrailingZeros(l) + Long.numberOfLeadingZeros(l));
            out.set(3, Float.floatToRawIntBits(f.get(i)) + Float.floatToIntBits(f.get(i)));
            out.set(4, (int) Float.intBitsToFloat(i));
        });
        Golden.check("bits", k);
    }

    @Test
    void staticMethodsBecomeDeviceFunctions() {
        var a = Faces.accessor(WideAccess.OfFloat.class, 2, "READ");
        var out = Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE");
        int n = 8;
        LoweredKernel k = lower(1, it -> {
            int row = it.id(0);
            out.set(row, rowSum(a, row, n) * SCALE + clampIndex(row + TILE, n));
        });
        assertThat(k.source()).contains("rowSum", "clampIndex", "const jsycl_acc_r_float_2* m");
        Golden.check("deviceFunctions", k);
    }

    static float rowSum(WideAccess.OfFloat m, int row, int n) {
        float s = 0;
        for (int j = 0; j < n; j++) {
            s += m.get(row, j);
        }
        return s;
    }

    static int clampIndex(int i, int n) {
        return i < 0 ? 0 : Math.min(i, n - 1);
    }

    @Test
    @SuppressWarnings("fallthrough") // the fall-through from case 100 is what is under test
    void switchStatements() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        LoweredKernel k = lower(1, it -> {
            int i = it.id(0);
            int r;
            switch (i % 4) {
                case 0 -> r = 10;
                case 1, 2 -> r = 20;
                default -> r = -1;
            }
            switch (i) {
                case 100:
                    r++;
                case 2000:
                    r += 2;
                    break;
                case 30000:
                    r = 0;
                    break;
                default:
                    break;
            }
            out.set(i, r);
        });
        assertThat(k.source()).contains("switch (", "case 1:", "case 2:", "default:");
        Golden.check("switch", k);
    }

    @Test
    void constantsAndBoxing() {
        var out = Faces.accessor(WideAccess.OfLong.class, 1, "WRITE");
        LoweredKernel k = lower(1, it -> {
            Integer boxed = it.id(0);
            Long big = BIG;
            boxed = boxed + TILE;
            out.set(boxed, big + boxed.intValue());
        });
        Golden.check("constantsAndBoxing", k);
    }

    @Test
    void ndItemQueriesAndBarrier() {
        var out = Faces.accessor(WideAccess.OfInt.class, 2, "WRITE");
        LoweredKernel k = Lambdas.lowerNd(2, it -> {
            int g = it.globalId(0) + it.localId(1) + it.groupId(0) + it.localRange(1) + it.groupRange(0) + it.globalRange(1);
            it.barrier();
            out.set(it.globalId(0), it.globalId(1), g + (int) it.globalLinearId() + (int) it.localLinearId());
        });
        assertThat(k.source()).contains("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);", "get_local_id(0)")
                .doesNotContain("return;");
        Golden.check("ndItem", k);
    }
}
