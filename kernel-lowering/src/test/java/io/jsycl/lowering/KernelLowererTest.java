package io.jsycl.lowering;

import io.jsycl.GridAccess;
import io.jsycl.WideAccess;
import static io.jsycl.lowering.Lambdas.lower;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;

class KernelLowererTest {
    /** The variants whose programs take the launch range of a kernel that never reads it. */
    private static final int RANGE_GUARDS = ProgramVariant.PADDED_RANGE.bit() | ProgramVariant.TWO_ITEMS.bit()
            | ProgramVariant.GRID_STRIDE.bit();

    @Test
    void vectorAdd() {
        var a = Faces.accessor(WideAccess.OfFloat.class, 1, "READ");
        var b = Faces.accessor(WideAccess.OfFloat.class, 1, "READ");
        var c = Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE");
        LoweredKernel k = lower(1, it -> {
            int i = it.id(0);
            c.set(i, a.get(i) + b.get(i));
        });
        assertThat(k.kernelName()).matches("io_jsycl_lowering_KernelLowererTest__lambda_vectorAdd_[0-9a-f]+_1");
        assertThat(k.source()).contains("__kernel void " + k.kernelName() + "(");
        assertThat(k.usesFp64()).isFalse();
        assertThat(k.args()).containsExactly(
                new KernelArg(0, ArgRole.ACCESSOR_DATA, 0, ScalarType.FLOAT),
                new KernelArg(0, ArgRole.ACCESSOR_OFFSET, 0, ScalarType.INT),
                new KernelArg(1, ArgRole.ACCESSOR_DATA, 0, ScalarType.FLOAT),
                new KernelArg(1, ArgRole.ACCESSOR_OFFSET, 0, ScalarType.INT),
                new KernelArg(2, ArgRole.ACCESSOR_DATA, 0, ScalarType.FLOAT),
                new KernelArg(2, ArgRole.ACCESSOR_OFFSET, 0, ScalarType.INT),
                new KernelArg(-1, List.of(), ArgRole.LAUNCH_RANGE, 0, ScalarType.INT, 0, RANGE_GUARDS));
        // Only indexed: no range or memory range parameters, and the offsets only without JSYCL_ZERO_OFFSETS. The
        // kernel never reads its range: only the programs with a guard or a loop over it take it.
        assertThat(k.source()).contains("(__global float* JSYCL_RESTRICT c_data JSYCL_OFFSET_PARAM(c_offset0), ",
                "jsycl_acc_w_float_1_init(&cap.c, c_data, 0, 0, JSYCL_OFFSET(c_offset0));",
                " JSYCL_RANGE_PARAM(range0)) {").doesNotContain("it.range[0] = range0;");
        Golden.check("vectorAdd", k);
    }

    static float last(WideAccess.OfFloat a) {
        return a.get(a.size() - 1);
    }

    @Test
    void accessorsPassTheFieldsTheKernelReadsAlsoInDeviceFunctions() {
        var a = Faces.accessor(WideAccess.OfFloat.class, 1, "READ");
        var b = Faces.accessor(WideAccess.OfFloat.class, 1, "READ");
        var c = Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE");
        var m = Faces.accessor(WideAccess.OfFloat.class, 2, "READ");
        LoweredKernel k = lower(1, it -> c.set(it.id(0), last(a) + b.get(0) + m.get(1, 2)));
        // Captures in order of use: c, a, b, m. last() reads the range of an accessor of a's type: every such
        // accessor passes it (b too). c passes no range; the 2-D m passes the memory range of dimension 1 (its row
        // length) and both offsets.
        assertThat(k.args()).extracting(KernelArg::captureIndex, KernelArg::role, KernelArg::dimension).containsExactly(
                tuple(0, ArgRole.ACCESSOR_DATA, 0), tuple(0, ArgRole.ACCESSOR_OFFSET, 0),
                tuple(1, ArgRole.ACCESSOR_DATA, 0), tuple(1, ArgRole.ACCESSOR_RANGE, 0),
                tuple(1, ArgRole.ACCESSOR_OFFSET, 0),
                tuple(2, ArgRole.ACCESSOR_DATA, 0), tuple(2, ArgRole.ACCESSOR_RANGE, 0),
                tuple(2, ArgRole.ACCESSOR_OFFSET, 0),
                tuple(3, ArgRole.ACCESSOR_DATA, 0), tuple(3, ArgRole.ACCESSOR_MEM_RANGE, 1),
                tuple(3, ArgRole.ACCESSOR_OFFSET, 0), tuple(3, ArgRole.ACCESSOR_OFFSET, 1),
                tuple(-1, ArgRole.LAUNCH_RANGE, 0));
    }

    @Test
    void saxpyWithCapturedScalars() {
        var x = Faces.accessor(WideAccess.OfFloat.class, 1, "READ");
        var y = Faces.accessor(WideAccess.OfFloat.class, 1, "READ_WRITE");
        float alpha = 2.5f;
        int n = 100;
        LoweredKernel k = lower(1, it -> {
            int i = it.id(0);
            if (i < n) {
                y.set(i, alpha * x.get(i) + y.get(i));
            }
        });
        assertThat(k.args()).filteredOn(a -> a.role() == ArgRole.VALUE).extracting(KernelArg::type)
                .containsExactlyInAnyOrder(ScalarType.FLOAT, ScalarType.INT);
        Golden.check("saxpy", k);
    }

    @Test
    void intArithmeticWrapsAndDivisionIsDefined() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        int a = 7;
        int b = -3;
        LoweredKernel k = lower(1, it -> {
            int i = it.id(0);
            out.set(0, a + b);
            out.set(1, a - b);
            out.set(2, a * b);
            out.set(3, a / b);
            out.set(4, a % b);
            out.set(5, a << b);
            out.set(6, a >> b);
            out.set(7, a >>> b);
            out.set(8, a & b | a ^ ~b);
            out.set(9, -a);
            out.set(10, a / 4 + a % 3 + (i << 2));
        });
        Golden.check("intArithmetic", k);
    }

    @Test
    void longArithmetic() {
        var out = Faces.accessor(WideAccess.OfLong.class, 1, "WRITE");
        long a = 7;
        int s = 3;
        LoweredKernel k = lower(1, it -> {
            long i = it.linearId();
            out.set(0, a + i);
            out.set(1, a * i - 1);
            out.set(2, a / i);
            out.set(3, a % i);
            out.set(4, a << s);
            out.set(5, a >>> s);
            out.set(6, -a);
            out.set(7, a > i ? a : i);
        });
        Golden.check("longArithmetic", k);
    }

    @Test
    void castsFollowJava() {
        var f = Faces.accessor(WideAccess.OfFloat.class, 1, "READ");
        var ints = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        var longs = Faces.accessor(WideAccess.OfLong.class, 1, "WRITE");
        var doubles = Faces.accessor(WideAccess.OfDouble.class, 1, "WRITE");
        LoweredKernel k = lower(1, it -> {
            int i = it.id(0);
            float x = f.get(i);
            ints.set(0, (int) x);
            longs.set(0, (long) x);
            ints.set(1, (byte) i);
            ints.set(2, (short) i);
            ints.set(3, (char) i);
            ints.set(4, (int) longs.get(1));
            doubles.set(0, (double) x);
            doubles.set(1, (double) longs.get(2));
            ints.set(5, (int) doubles.get(3));
            f.get((int) (float) i);
        });
        assertThat(k.usesFp64()).isTrue();
        assertThat(k.source()).contains("#pragma OPENCL EXTENSION cl_khr_fp64 : enable");
        Golden.check("casts", k);
    }

    @Test
    void floatComparisonsWithNaNAsJava() {
        var a = Faces.accessor(WideAccess.OfFloat.class, 1, "READ");
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        LoweredKernel k = lower(1, it -> {
            float x = a.get(0);
            float y = a.get(1);
            if (x < y) {
                out.set(0, 1);
            }
            if (x > y) {
                out.set(1, 1);
            }
            if (x <= y) {
                out.set(2, 1);
            }
            if (x >= y) {
                out.set(3, 1);
            }
            if (x == y) {
                out.set(4, 1);
            }
            if (x != y) {
                out.set(5, 1);
            }
            if (!(x < y)) {
                out.set(6, 1);
            }
            out.set(7, x < y ? 1 : 0);
            out.set(8, x % y > 1.5f ? 1 : 0);
        });
        Golden.check("floatCompare", k);
    }

    @Test
    void loops() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "READ_WRITE");
        int n = 10;
        LoweredKernel k = lower(1, it -> {
            int sum = 0;
            for (int i = 0; i < n; i++) {
                if (i == 3) {
                    continue;
                }
                if (sum > 100) {
                    break;
                }
                for (int j = 0; j < i; j++) {
                    sum += j;
                }
            }
            int w = 0;
            while (w < sum) {
                w += 7;
            }
            do {
                w--;
            } while (w > 0 && out.get(w) != 0);
            out.set(it.id(0), sum + w);
        });
        Golden.check("loops", k);
    }

    @Test
    void shortCircuitAndTernary() {
        var a = Faces.accessor(WideAccess.OfInt.class, 1, "READ");
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        LoweredKernel k = lower(1, it -> {
            int i = it.id(0);
            int x = a.get(i);
            if (x > 0 && x < 10 || x == 42) {
                out.set(i, 1);
            } else {
                out.set(i, x > 5 ? x : -x);
            }
            boolean even = (x & 1) == 0;
            if (even) {
                out.set(i, 2);
            }
        });
        Golden.check("shortCircuit", k);
    }

    @Test
    void multiDimensionalAccessorsAndItem() {
        var m = Faces.accessor(WideAccess.OfFloat.class, 2, "READ");
        var v = Faces.accessor(WideAccess.OfDouble.class, 3, "READ_WRITE");
        LoweredKernel k = lower(2, it -> {
            int r = it.id(0);
            int c = it.id(1);
            int d = it.dimensions() - 1;
            long lin = it.linearId();
            v.set(r, c, 0, m.get(r, c) + it.range(1) + it.id(d) + lin + m.size() + it.range(d));
        });
        // It reads its range: every program takes it.
        assertThat(k.args()).filteredOn(a -> a.role() == ArgRole.LAUNCH_RANGE).hasSize(2)
                .allMatch(a -> a.presentIn(0) && a.onlyIn() == 0);
        assertThat(k.source()).contains(
                "(uint)get_global_id(1) >= (uint)range0 || (uint)get_global_id(0) >= (uint)range1",
                "int range0, int range1) {", "it.range[1] = range1;");
        Golden.check("multiDim", k);
    }

    @Test
    void argumentsOnlySomeProgramVariantsTake() {
        var in = Faces.accessor(WideAccess.OfFloat.class, 2, "READ");
        var out = Faces.accessor(WideAccess.OfFloat.class, 2, "WRITE");
        LoweredKernel k = lower(2, it -> {
            int i = it.id(0);
            int j = it.id(1);
            out.set(i, j, in.get(i, j + 1) * 0.5f);
        });
        // out's row stride, then in's through JSYCL_STRIDE: no parameter of its own where the launch's are equal
        // (SHARED_STRIDES); the offsets none with ZERO_OFFSETS; the range, which the code never reads, only where a
        // padded launch's guard needs it.
        assertThat(k.args()).extracting(KernelArg::captureIndex, KernelArg::role, KernelArg::dimension,
                KernelArg::absentIn, KernelArg::onlyIn).containsExactly(
                tuple(0, ArgRole.ACCESSOR_DATA, 0, 0, 0),
                tuple(0, ArgRole.ACCESSOR_MEM_RANGE, 1, 0, 0),
                tuple(0, ArgRole.ACCESSOR_OFFSET, 0, ProgramVariant.ZERO_OFFSETS.bit(), 0),
                tuple(0, ArgRole.ACCESSOR_OFFSET, 1, ProgramVariant.ZERO_OFFSETS.bit(), 0),
                tuple(1, ArgRole.ACCESSOR_DATA, 0, 0, 0),
                tuple(1, ArgRole.ACCESSOR_MEM_RANGE, 1, ProgramVariant.SHARED_STRIDES.bit(), 0),
                tuple(1, ArgRole.ACCESSOR_OFFSET, 0, ProgramVariant.ZERO_OFFSETS.bit(), 0),
                tuple(1, ArgRole.ACCESSOR_OFFSET, 1, ProgramVariant.ZERO_OFFSETS.bit(), 0),
                tuple(-1, ArgRole.LAUNCH_RANGE, 0, 0, RANGE_GUARDS),
                tuple(-1, ArgRole.LAUNCH_RANGE, 1, 0, RANGE_GUARDS));
        int sharedZero = ProgramVariant.SHARED_STRIDES.bit() | ProgramVariant.ZERO_OFFSETS.bit();
        assertThat(k.args().stream().filter(a -> a.presentIn(0)).count()).isEqualTo(8);
        assertThat(k.args().stream().filter(a -> a.presentIn(sharedZero)).count()).as("data and one stride")
                .isEqualTo(3);
        assertThat(k.args().stream().filter(a -> a.presentIn(sharedZero | ProgramVariant.PADDED_RANGE.bit())).count())
                .isEqualTo(5);
        assertThat(k.source()).contains(
                "int out_memRange1 JSYCL_OFFSET_PARAM(out_offset0) JSYCL_OFFSET_PARAM(out_offset1),",
                "in_data JSYCL_STRIDE_PARAM(in_memRange1) JSYCL_OFFSET_PARAM(in_offset0) JSYCL_OFFSET_PARAM(in_offset1)"
                        + " JSYCL_RANGE_PARAM(range0) JSYCL_RANGE_PARAM(range1)) {",
                "JSYCL_STRIDE(in_memRange1, out_memRange1)", "#define JSYCL_STRIDE_PARAM(name) , int name",
                "#define JSYCL_RANGE_PARAM(name) , int name");
    }

    @Test
    void smallTypesAccessors() {
        var bytes = Faces.accessor(GridAccess.OfByte.class, 1, "READ_WRITE");
        var shorts = Faces.accessor(GridAccess.OfShort.class, 1, "READ_WRITE");
        var chars = Faces.accessor(GridAccess.OfChar.class, 1, "READ_WRITE");
        var bools = Faces.accessor(GridAccess.OfBoolean.class, 1, "READ_WRITE");
        byte add = 3;
        boolean flag = true;
        LoweredKernel k = lower(1, it -> {
            int i = it.id(0);
            bytes.set(i, (byte) (bytes.get(i) + add));
            shorts.set(i, (short) (shorts.get(i) * 2));
            chars.set(i, (char) (chars.get(i) + 1));
            bools.set(i, flag && !bools.get(i));
        });
        Golden.check("smallTypes", k);
    }

    @Test
    void taskKernel() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        int n = 5;
        LoweredKernel k = lower(() -> {
            int f = 1;
            for (int i = 2; i <= n; i++) {
                f *= i;
            }
            out.set(0, f);
        });
        assertThat(k.args()).noneMatch(a -> a.role() == ArgRole.LAUNCH_RANGE);
        assertThat(k.source()).doesNotContain("get_global_id");
        Golden.check("task", k);
    }

    @Test
    void labeledBreakAndContinueAndLoopAtEntry() {
        var out = Faces.accessor(WideAccess.OfInt.class, 3, "READ_WRITE");
        int n = 4;
        LoweredKernel k = lower(3, it -> {
            int x = it.id(2);
            do {
                x = x * 3 + 1;
            } while (x < 1000);
            outer:
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (out.get(i, j, 0) == x) {
                        continue outer;
                    }
                    if (out.get(j, i, 0) < 0) {
                        break outer;
                    }
                    x ^= j;
                }
                x += i;
            }
            out.set(it.id(0), it.id(1), it.id(2), x);
        });
        Golden.check("labeledLoops", k);
    }

    @Test
    void loopAtMethodEntry() {
        var out = Faces.accessor(WideAccess.OfLong.class, 1, "WRITE");
        long seed = 42;
        LoweredKernel k = lower(() -> {
            long s = seed;
            while (true) {
                s = s * 6364136223846793005L + 1442695040888963407L;
                if ((s >>> 60) == 0) {
                    break;
                }
            }
            out.set(0, s);
        });
        Golden.check("loopAtEntry", k);
    }

    @Test
    void doWhileAtEntry() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        LoweredKernel k = lower(() -> {
            int i = 0;
            do {
                out.set(i, i);
                i++;
            } while (i < 10);
        });
        assertThat(k.source()).contains("for (;;)");
        Golden.check("doWhile", k);
    }
}
