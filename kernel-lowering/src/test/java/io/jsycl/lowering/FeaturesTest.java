package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.jsycl.Builtins;
import io.jsycl.Fence;
import io.jsycl.GridAccess;
import io.jsycl.ItemKernel;
import io.jsycl.NdItemKernel;
import io.jsycl.Reducer;
import io.jsycl.ReductionKernel;
import io.jsycl.ReductionKernel2;
import io.jsycl.SpecConstant;
import io.jsycl.WideAccess;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Local memory, barriers, atomics, captured records and arrays, reductions, specialization
 * constants, checked mode and {@code io.jsycl.Builtins}: golden sources, kernel arguments and
 * rejections. What these kernels compute on a device, compared with Java, is the tests module's
 * (LoweredFeaturesTest and its neighbours run them through the runtime on every device).
 */
class FeaturesTest {
    static final SpecConstant<Integer> SCALE = SpecConstant.of("SCALE", 3);

    // ---------------------------------------------------------------- items a grid apart

    static ItemKernel scaled(WideAccess.OfFloat in, WideAccess.OfFloat out) {
        return it -> out.set(it.id(0), in.get(it.id(0)) * 2f);
    }

    static ItemKernel summedPrefix(WideAccess.OfFloat in, WideAccess.OfFloat out) {
        return it -> {
            float s = 0;
            for (int j = 0; j <= it.id(0) % 4; j++) {
                s += in.get(j);
            }
            out.set(it.id(0), s);
        };
    }

    static ItemKernel callsALoop(WideAccess.OfFloat in, WideAccess.OfFloat out) {
        return it -> out.set(it.id(0), firstPositive(in, it.id(0)));
    }

    static float firstPositive(WideAccess.OfFloat in, int from) {
        int i = from;
        while (in.get(i) <= 0 && i > 0) {
            i--;
        }
        return in.get(i);
    }

    @Test
    void onlyLoopFreeOneDimensionalItemKernelsRunItemsAGridApart() {
        var in = Faces.accessor(WideAccess.OfFloat.class, 1, "READ");
        var out = Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE");
        LoweredKernel loopFree = Lambdas.lower(1, scaled(in, out));
        assertThat(loopFree.gridStride()).isTrue();
        assertThat(loopFree.source()).contains("#ifdef JSYCL_GRID_STRIDE")
                .contains("for (uint jsycl_s = 0; jsycl_id + jsycl_s < (uint)range0; jsycl_s += jsycl_grid)");
        for (LoweredKernel looped : List.of(Lambdas.lower(1, summedPrefix(in, out)),
                Lambdas.lower(1, callsALoop(in, out)))) {
            assertThat(looped.gridStride()).as(looped.kernelName()).isFalse();
            assertThat(looped.source()).as(looped.kernelName()).doesNotContain("JSYCL_GRID_STRIDE\n");
        }
    }

    // ---------------------------------------------------------------- local memory and barriers

    static NdItemKernel reverse(WideAccess.OfInt in, WideAccess.OfInt out, GridAccess.OfInt tile) {
        return it -> {
            int l = it.localId(0);
            int n = it.localRange(0);
            tile.set(l, in.get(it.globalId(0)));
            it.barrier(Fence.LOCAL);
            out.set(it.globalId(0), tile.get(n - 1 - l));
        };
    }

    @Test
    void localMemoryWithABarrierPassesTheLocalMemoryAndItsRange() {
        NdItemKernel k = reverse(Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"), Faces.local(GridAccess.OfInt.class, 64));
        LoweredKernel lowered = Lambdas.lowerNd(1, k);
        Golden.check("localReverse", lowered);
        assertThat(lowered.usesBarrier()).isTrue();
        assertThat(lowered.args()).extracting(KernelArg::role).contains(ArgRole.LOCAL_MEMORY, ArgRole.LOCAL_RANGE);
    }

    // ---------------------------------------------------------------- atomics

    static NdItemKernel intAtomics(WideAccess.OfInt g, WideAccess.OfInt res, GridAccess.OfInt l) {
        return it -> {
            int i = it.globalId(0);
            int lid = it.localId(0);
            if (lid < 5) {
                l.set(lid, lid == 1 ? 1 << 30 : lid == 2 ? -(1 << 30) : 0);
            }
            it.barrier(Fence.LOCAL);
            g.atomicAdd(0, 1);
            g.atomicMin(1, i);
            g.atomicMax(2, i);
            g.atomicExchange(3, 7);
            g.atomicCompareExchange(4, 0, i + 1);
            l.atomicAdd(0, 2);
            l.atomicMin(1, i);
            l.atomicMax(2, i);
            l.atomicExchange(3, 9);
            l.atomicCompareExchange(4, 0, 5);
            it.barrier(Fence.LOCAL);
            if (lid == 0) {
                for (int j = 0; j < 5; j++) {
                    res.set(it.groupId(0) * 5 + j, l.get(j));
                }
            }
        };
    }

    @Test
    void intAtomicsOnGlobalAndLocalMemoryLowerToOpenClAtomics() {
        NdItemKernel k = intAtomics(Faces.accessor(WideAccess.OfInt.class, 1, "READ_WRITE"), Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"), Faces.local(GridAccess.OfInt.class, 5));
        Golden.check("intAtomics", Lambdas.lowerNd(1, k));
    }

    static NdItemKernel longAtomics(WideAccess.OfLong g, WideAccess.OfLong res, GridAccess.OfLong l) {
        return it -> {
            int i = it.globalId(0);
            if (it.localId(0) == 0) {
                l.set(0, 0L);
                l.set(1, Long.MAX_VALUE);
            }
            it.barrier(Fence.LOCAL);
            long big = (long) i << 33;
            g.atomicAdd(0, big);
            g.atomicMin(1, big);
            g.atomicMax(2, big);
            g.atomicExchange(3, 5L << 40);
            g.atomicCompareExchange(4, 0L, big + 1);
            l.atomicAdd(0, 1L << 32);
            l.atomicMin(1, big);
            it.barrier(Fence.LOCAL);
            if (it.localId(0) == 0) {
                res.set(it.groupId(0) * 2, l.get(0));
                res.set(it.groupId(0) * 2 + 1, l.get(1));
            }
        };
    }

    @Test
    void longAtomicsOnGlobalAndLocalMemoryLowerToOpenClAtomics() {
        NdItemKernel k = longAtomics(Faces.accessor(WideAccess.OfLong.class, 1, "READ_WRITE"), Faces.accessor(WideAccess.OfLong.class, 1, "WRITE"), Faces.local(GridAccess.OfLong.class, 2));
        Golden.check("longAtomics", Lambdas.lowerNd(1, k));
    }

    static NdItemKernel floatAtomics(WideAccess.OfFloat g, WideAccess.OfFloat res, GridAccess.OfFloat l) {
        return it -> {
            int i = it.globalId(0);
            if (it.localId(0) == 0) {
                l.set(0, 0f);
                l.set(1, Float.POSITIVE_INFINITY);
                l.set(2, -0f);
            }
            it.barrier(Fence.LOCAL);
            g.atomicAdd(0, 0.5f);
            g.atomicMin(1, i - 100.25f);
            g.atomicMax(2, i * 2f);
            g.atomicExchange(3, 1.5f);
            g.atomicCompareExchange(4, -0f, 2f);
            g.atomicCompareExchange(5, 0f, 2f);
            l.atomicAdd(0, 0.25f);
            l.atomicMin(1, i * 1f);
            l.atomicMax(2, 0f);
            it.barrier(Fence.LOCAL);
            if (it.localId(0) == 0) {
                for (int j = 0; j < 3; j++) {
                    res.set(it.groupId(0) * 3 + j, l.get(j));
                }
            }
        };
    }

    @Test
    void floatAtomicsLowerToCompareExchangeLoops() {
        NdItemKernel k = floatAtomics(Faces.accessor(WideAccess.OfFloat.class, 1, "READ_WRITE"), Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE"),
                Faces.local(GridAccess.OfFloat.class, 3));
        Golden.check("floatAtomics", Lambdas.lowerNd(1, k));
    }

    // ---------------------------------------------------------------- records and arrays

    record Scale(float factor, int shift) {}

    record Job(Scale scale, WideAccess.OfFloat out, int[] table) {}

    static ItemKernel recordsAndArrays(Job job, float[] weights) {
        return it -> {
            int i = it.id(0);
            float w = weights[i % weights.length];
            int t = job.table()[i % job.table().length];
            job.out().set(i, w * job.scale().factor() + (t << job.scale().shift()));
        };
    }

    @Test
    void nestedRecordsWithAccessorsAndArraysAreFlattenedIntoArguments() {
        Job job = new Job(new Scale(3f, 2), Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE"), new int[] {1, 2, 3, 4, 5});
        LoweredKernel lowered = Lambdas.lower(1, recordsAndArrays(job, new float[] {0.5f, 1.5f, -2f}));
        Golden.check("recordsAndArrays", lowered);
        assertThat(lowered.args()).filteredOn(a -> !a.path().isEmpty())
                .extracting(KernelArg::path, KernelArg::role)
                .startsWith(tuple(List.of(0, 0), ArgRole.VALUE),
                        tuple(List.of(0, 1), ArgRole.VALUE),
                        tuple(List.of(1), ArgRole.ACCESSOR_DATA));
    }

    static float weighted(Job job, float[] w, int i) {
        return w[i % w.length] * job.scale().factor();
    }

    static void fill(GridAccess.OfFloat l, int i, float v) {
        l.set(i, v);
    }

    static NdItemKernel passesCapturedObjects(Job job, float[] w, GridAccess.OfFloat l) {
        return it -> {
            int i = it.globalId(0);
            fill(l, it.localId(0), weighted(job, w, i));
            it.barrier();
            job.out().set(i, l.get(0));
        };
    }

    @Test
    void recordsArraysAndLocalAccessorsCanBePassedToDeviceFunctions() {
        NdItemKernel k = passesCapturedObjects(new Job(new Scale(2f, 0), Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE"), new int[] {1}),
                new float[] {1f, 2f, 3f}, Faces.local(GridAccess.OfFloat.class, 16));
        Golden.check("capturedObjectsToDeviceFunctions", Lambdas.lowerNd(1, k));
    }

    static ItemKernel arrayStore(int[] a) {
        return it -> a[it.id(0)] = 1;
    }

    @Test
    void storesIntoCapturedArraysAreRejected() {
        assertThatThrownBy(() -> Lambdas.lower(1, arrayStore(new int[4])))
                .isInstanceOf(LoweringException.class)
                .hasMessageContaining("captured arrays are read-only in kernels; use a Buffer");
    }

    static ItemKernel newRecord(WideAccess.OfFloat out) {
        return it -> out.set(0, new Scale(1f, it.id(0)).factor());
    }

    @Test
    void constructingARecordOfPrimitivesGivesAStructValue() {
        LoweredKernel lowered = Lambdas.lower(1, newRecord(Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE")));
        assertThat(lowered.source()).contains("_make(1.0f, JSYCL_ITEM_ID(0));").contains(".factor;");
    }

    static ItemKernel newJob(Job job, WideAccess.OfFloat out) {
        return it -> new Job(job.scale(), out, job.table()).out().set(0, 1f);
    }

    @Test
    void constructingARecordWithReferencesIsRejectedWithAClearMessage() {
        Job job = new Job(new Scale(1f, 0), Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE"), new int[1]);
        assertThatThrownBy(() -> Lambdas.lower(1, newJob(job, Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE"))))
                .isInstanceOf(LoweringException.class)
                .hasMessageContaining("'new FeaturesTest.Job'")
                .hasMessageContaining("constructs a record with components that are not primitives");
    }

    // ---------------------------------------------------------------- reductions

    static ReductionKernel<Reducer.OfInt> sumOf(WideAccess.OfInt in) {
        return (it, sum) -> sum.combine(in.get(it.id(0)));
    }

    /** Lowers {@link #sumOf} as a reduction with {@code op} and checks the golden source {@code reduction<op>}. */
    private static void lowerIntReduction(ReductionOp op, Object custom, String identity) {
        ReductionKernel<Reducer.OfInt> k = sumOf(Faces.accessor(WideAccess.OfInt.class, 1, "READ"));
        Golden.check("reduction" + op, KernelLowerer.lower(Lambdas.reduction(k, ScalarType.INT, op, custom, identity, false)));
    }

    @Test
    void intSumReductionLowersToAGroupReductionAndOneAtomic() {
        lowerIntReduction(ReductionOp.SUM, null, "0");
    }

    @Test
    void intMinAndMaxReductions() {
        lowerIntReduction(ReductionOp.MIN, null, "2147483647");
        lowerIntReduction(ReductionOp.MAX, null, "(-2147483647 - 1)");
    }

    @Test
    void customReductionOpIsLoweredAsADeviceFunction() {
        Lambdas.IntOp or = (a, b) -> a | b;
        lowerIntReduction(ReductionOp.CUSTOM, or, "0");
    }

    static ReductionKernel<Reducer.OfFloat> maxOf(WideAccess.OfFloat in) {
        return (it, max) -> max.combine(in.get(it.id(0)));
    }

    static ReductionKernel<Reducer.OfLong> longSumOf(WideAccess.OfInt in) {
        return (it, sum) -> sum.combine((long) in.get(it.id(0)) << 20);
    }

    @Test
    void floatMaxAndLongSumReductions() {
        ReductionKernel<Reducer.OfFloat> k = maxOf(Faces.accessor(WideAccess.OfFloat.class, 1, "READ"));
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.reduction(k, ScalarType.FLOAT, ReductionOp.MAX, null, "(-INFINITY)", false));
        Golden.check("reductionFloatMax", lowered);
        ReductionKernel<Reducer.OfLong> l = longSumOf(Faces.accessor(WideAccess.OfInt.class, 1, "READ"));
        LoweredKernel longSum = KernelLowerer.lower(Lambdas.reduction(l, ScalarType.LONG, ReductionOp.SUM, null, "0L", false));
        assertThat(longSum.args()).extracting(KernelArg::role).contains(ArgRole.REDUCTION_OUTPUT, ArgRole.REDUCTION_SCRATCH);
        // A long sum wraps as Java's does, and folds each group's value into the output with a 64-bit atomic.
        assertThat(longSum.source()).contains("#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable",
                "jsycl_scratch[jsycl_lid] = (long)((ulong)jsycl_scratch[jsycl_lid] + (ulong)jsycl_scratch[jsycl_lid + jsycl_s]);",
                "atom_add(jsycl_out, jsycl_v);");
    }

    // ---------------------------------------------------------------- specialization constants

    static ItemKernel scaled(WideAccess.OfInt out) {
        return it -> out.set(it.id(0), it.id(0) * SCALE.get());
    }

    @Test
    void specConstantIsAMacroWithItsDefault() {
        LoweredKernel lowered = Lambdas.lower(1, scaled(Faces.accessor(WideAccess.OfInt.class, 1, "WRITE")));
        Golden.check("specConstant", lowered);
        assertThat(lowered.specConstants()).containsExactly(new SpecConstantUse("SCALE", ScalarType.INT, "3", "JSYCL_SC_SCALE"));
    }

    // ---------------------------------------------------------------- checked mode

    static int at(WideAccess.OfInt a, int i) {
        return a.get(i);
    }

    static ItemKernel outOfBounds(WideAccess.OfInt in, WideAccess.OfInt out) {
        return it -> {
            int i = it.id(0);
            out.set(i, at(in, i * 2) + 1);
        };
    }

    @Test
    void checkedModeChecksAnIndexInADeviceFunctionWithItsLine() {
        ItemKernel k = outOfBounds(Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"));
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.request(k, KernelShape.ITEM, 1, true, null));
        Golden.check("checked", lowered);
        assertThat(lowered.args().getLast().role()).isEqualTo(ArgRole.CHECK_BUFFER);
        assertThat(lowered.source()).contains("jsycl_fail(jsycl_check, jsycl_failed, " + Checks.OUT_OF_BOUNDS + ", "
                + lineOf("return a.get(i);") + ", i, a->range[0]);");
    }

    static NdItemKernel failsBeforeABarrier(WideAccess.OfInt in, WideAccess.OfInt out, GridAccess.OfInt tile, int bad) {
        return it -> {
            int g = it.globalId(0);
            int l = it.localId(0);
            int at = g == bad ? l + 1000 : l;
            tile.set(at, in.get(g));
            out.atomicAdd(g == bad ? -1 : g, 0);
            it.barrier(Fence.LOCAL);
            out.set(g, tile.get(it.localRange(0) - 1 - l) + in.get(g == bad ? 1 << 20 : g));
        };
    }

    /**
     * A failed check does not return, so the failing work-item still reaches the barrier; the local store out of
     * bounds is checked with its line.
     */
    @Test
    void checkedModeKeepsAFailingWorkItemOnThePathToTheBarrier() {
        NdItemKernel k = failsBeforeABarrier(Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "READ_WRITE"),
                Faces.local(GridAccess.OfInt.class, 16), 21);
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.request(k, KernelShape.ND_ITEM, 1, true, null));
        String body = lowered.source().substring(lowered.source().indexOf("_body("));
        assertThat(body.substring(0, body.indexOf("\n}\n"))).doesNotContain("return")
                .contains("jsycl_fail(jsycl_check, jsycl_failed, " + Checks.OUT_OF_BOUNDS + ", "
                        + lineOf("tile.set(at, in.get(g));") + ", ");
    }

    static ItemKernel divide(WideAccess.OfInt in, WideAccess.OfInt out) {
        return it -> out.set(it.id(0), 100 / in.get(it.id(0)));
    }

    @Test
    void checkedModeChecksADivisorWithItsLine() {
        ItemKernel k = divide(Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"));
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.request(k, KernelShape.ITEM, 1, true, null));
        assertThat(lowered.source()).containsPattern("jsycl_fail\\(jsycl_check, jsycl_failed, " + Checks.DIVISION_BY_ZERO
                + ", " + lineOf("return it -> out.set(it.id(0), 100 / in.get(it.id(0)));") + ", ");
    }

    // ---------------------------------------------------------------- built-ins

    static ItemKernel builtins(WideAccess.OfInt ints, WideAccess.OfFloat floats) {
        return it -> {
            int i = it.id(0);
            int x = ints.get(i);
            ints.set(i, Builtins.clamp(x, -5, 5) + Builtins.popcount(x) * 100 + Builtins.clz(x) * 10000
                    + Math.floorMod(x, 7) * 1000000 + Integer.highestOneBit(x) + Math.floorDiv(x, -3));
            floats.set(i, Math.signum((float) x) + (float) Long.reverse(x));
        };
    }

    @Test
    void builtinsAndMathAdditionsLowerToOpenClBuiltinsAndHelpers() {
        Golden.check("builtinsApi", Lambdas.lower(1, builtins(Faces.accessor(WideAccess.OfInt.class, 1, "READ_WRITE"), Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE"))));
    }

    static ItemKernel exact(WideAccess.OfInt out, long v) {
        return it -> out.set(0, Math.toIntExact(v));
    }

    @Test
    void toIntExactIsRejected() {
        assertThatThrownBy(() -> Lambdas.lower(1, exact(Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"), 1L)))
                .isInstanceOf(LoweringException.class)
                .hasMessageContaining("Math.toIntExact")
                .hasMessageContaining("throws on overflow");
    }

    static ItemKernel readOnlyAtomic(WideAccess.OfInt a) {
        return it -> a.atomicAdd(0, 1);
    }

    @Test
    void atomicsOnReadOnlyAccessorsAreRejected() {
        assertThatThrownBy(() -> Lambdas.lower(1, readOnlyAtomic(Faces.accessor(WideAccess.OfInt.class, 1, "READ"))))
                .isInstanceOf(LoweringException.class)
                .hasMessageContaining("read-only accessor");
    }

    private static int lineOf(String text) {
        try {
            List<String> lines = java.nio.file.Files.readAllLines(
                    java.nio.file.Path.of("src/test/java/io/jsycl/lowering/FeaturesTest.java"));
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).strip().equals(text)) {
                    return i + 1;
                }
            }
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("no line " + text);
    }

    // ---------------------------------------------------------------- private arrays

    static final int WINDOW = 8;

    /** A device function with private arrays of the small element types. */
    static int mixBytes(int seed) {
        byte[] b = new byte[4];
        for (int k = 0; k < b.length; k++) {
            b[k] = (byte) (seed >> (8 * k));
        }
        short[] s = new short[2];
        s[0] = (short) (b[0] * b[1] * 301);
        s[1] = (short) (b[2] - b[3]);
        char[] c = new char[1];
        c[0] = (char) (seed * 31);
        boolean[] z = new boolean[2];
        z[1] = seed % 3 == 0;
        return s[0] + s[1] + c[0] + (z[1] ? 1 : 0) + (z[0] ? 100 : 0);
    }

    static ItemKernel privateArrays(WideAccess.OfFloat in, WideAccess.OfFloat out, WideAccess.OfInt mixed) {
        return it -> {
            int i = it.id(0);
            float[] window = new float[WINDOW];
            for (int k = 0; k < window.length; k++) {
                window[k] = in.get((i + k) % in.size());
            }
            for (int a = 1; a < WINDOW; a++) {
                float v = window[a];
                int b = a - 1;
                while (b >= 0 && window[b] > v) {
                    window[b + 1] = window[b];
                    b--;
                }
                window[b + 1] = v;
            }
            long[] acc = new long[2];
            acc[i % 2] += (long) i << 33;
            int[] fresh = new int[3];
            out.set(i, window[3] * 2f + window[WINDOW - 1] + (acc[0] >> 33) + fresh[i % 3]);
            mixed.set(i, mixBytes(i * -1640531535));
        };
    }

    @Test
    void privateArraysOfConstantLengthAreCArraysOfTheirElementType() {
        ItemKernel k = privateArrays(Faces.accessor(WideAccess.OfFloat.class, 1, "READ"), Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE"),
                Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"));
        LoweredKernel lowered = Lambdas.lower(1, k);
        Golden.check("privateArrays", lowered);
        assertThat(lowered.source()).contains("float window[8];").contains("long acc[2];").contains("char b[4];")
                .contains("ushort c[1];").contains("uchar z[2];");
    }

    static ReductionKernel2<Reducer.OfInt, Reducer.OfFloat> sumAndMaxPerBin(WideAccess.OfFloat in) {
        return (it, count, max) -> {
            float v = in.get(it.id(0));
            count.combine(1);
            max.combine(it.id(0) & 7, v);
        };
    }

    /**
     * Two reductions in one kernel: each gets an output and a scratch argument of its own, named by its position, the
     * first keeps the plain names; the one of one value combines in the work-group's tree, the one by index in its
     * span, and each folds into its own output.
     */
    @Test
    void twoReductionsGetAnOutputAndAScratchEachAndCombineApart() {
        var k = sumAndMaxPerBin(Faces.accessor(WideAccess.OfFloat.class, 1, "READ"));
        var count = new ReductionSpec(ScalarType.INT, ReductionOp.SUM, null, null, null, "0");
        var max = new ReductionSpec(ScalarType.FLOAT, ReductionOp.MAX, null, null, null, "(-INFINITY)", 8);
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.requestWith(k, KernelShape.REDUCTION, 1, false,
                List.of(count, max)));
        assertThat(lowered.args()).filteredOn(a -> a.role() == ArgRole.REDUCTION_OUTPUT
                || a.role() == ArgRole.REDUCTION_SCRATCH).extracting(KernelArg::role, KernelArg::dimension,
                KernelArg::type).containsExactly(
                        tuple(ArgRole.REDUCTION_OUTPUT, 0, ScalarType.INT),
                        tuple(ArgRole.REDUCTION_SCRATCH, 0, ScalarType.INT),
                        tuple(ArgRole.REDUCTION_OUTPUT, 1, ScalarType.FLOAT),
                        tuple(ArgRole.REDUCTION_SCRATCH, 1, ScalarType.FLOAT));
        assertThat(lowered.source())
                .contains("__global int* jsycl_out, __local int* jsycl_scratch, __global float* jsycl_out1, "
                        + "__local float* jsycl_scratch1")
                .contains("int jsycl_acc = 0;")
                .contains("jsycl_scratch1[jsycl_k] = (-INFINITY);")
                .contains("jsycl_scratch[jsycl_lid] = jsycl_acc;")
                .contains("atomic_add(jsycl_out, jsycl_v);")
                .contains("float jsycl_v = jsycl_scratch1[jsycl_k];")
                .doesNotContain("jsycl_acc1");
    }

    @Test
    void combiningOneValueAndByIndexOnOneOfTwoReducersIsRejected() {
        ReductionKernel2<Reducer.OfInt, Reducer.OfInt> k = (it, a, b) -> {
            b.combine(it.id(0) & 3, 1);
            b.combine(2);
            a.combine(1);
        };
        var spec = new ReductionSpec(ScalarType.INT, ReductionOp.SUM, null, null, null, "0");
        assertThatThrownBy(() -> KernelLowerer.lower(Lambdas.requestWith(k, KernelShape.REDUCTION, 1, false,
                List.of(spec, spec)))).isInstanceOf(LoweringException.class)
                .hasMessageContaining("combine(v) on a reduction combined by index elsewhere");
    }
}
