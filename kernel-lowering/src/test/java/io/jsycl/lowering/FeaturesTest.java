package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Accessor;
import io.jsycl.Builtins;
import io.jsycl.Fence;
import io.jsycl.ItemKernel;
import io.jsycl.LocalAccessor;
import io.jsycl.NdItemKernel;
import io.jsycl.Reducer;
import io.jsycl.Reduction;
import io.jsycl.ReductionKernel;
import io.jsycl.SpecConstant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Local memory, barriers, atomics, captured records and arrays, reductions, specialization
 * constants, checked mode and {@code io.jsycl.Builtins}: golden sources, and runs on the first
 * OpenCL device compared with the same computation in Java.
 */
class FeaturesTest {
    static final SpecConstant<Integer> SCALE = SpecConstant.of("SCALE", 3);

    @BeforeAll
    static void needsOpenCl() {
        DeviceRun.require();
    }

    // ---------------------------------------------------------------- items a grid apart

    static ItemKernel scaled(Accessor.OfFloat in, Accessor.OfFloat out) {
        return it -> out.set(it.id(0), in.get(it.id(0)) * 2f);
    }

    static ItemKernel summedPrefix(Accessor.OfFloat in, Accessor.OfFloat out) {
        return it -> {
            float s = 0;
            for (int j = 0; j <= it.id(0) % 4; j++) {
                s += in.get(j);
            }
            out.set(it.id(0), s);
        };
    }

    static ItemKernel callsALoop(Accessor.OfFloat in, Accessor.OfFloat out) {
        return it -> out.set(it.id(0), firstPositive(in, it.id(0)));
    }

    static float firstPositive(Accessor.OfFloat in, int from) {
        int i = from;
        while (in.get(i) <= 0 && i > 0) {
            i--;
        }
        return in.get(i);
    }

    @Test
    void onlyLoopFreeOneDimensionalItemKernelsRunItemsAGridApart() {
        var in = new Accessor.OfFloat(new float[8], "READ");
        var out = new Accessor.OfFloat(new float[8], "WRITE");
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

    static NdItemKernel reverse(Accessor.OfInt in, Accessor.OfInt out, LocalAccessor.OfInt tile) {
        return it -> {
            int l = it.localId(0);
            int n = it.localRange(0);
            tile.set(l, in.get(it.globalId(0)));
            it.barrier(Fence.LOCAL);
            out.set(it.globalId(0), tile.get(n - 1 - l));
        };
    }

    @Test
    void localMemoryWithBarrierReversesEachWorkGroup() {
        int n = 256;
        int wg = 64;
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = i * 7 + 1;
        }
        int[] out = new int[n];
        NdItemKernel k = reverse(new Accessor.OfInt(in, "READ"), new Accessor.OfInt(out, "WRITE"), new LocalAccessor.OfInt(wg));
        LoweredKernel lowered = Lambdas.lowerNd(1, k);
        Golden.check("localReverse", lowered);
        assertThat(lowered.usesBarrier()).isTrue();
        assertThat(lowered.args()).extracting(KernelArg::role).contains(ArgRole.LOCAL_MEMORY, ArgRole.LOCAL_RANGE);
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}).local(wg));
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            int g = i / wg;
            expected[i] = in[g * wg + wg - 1 - i % wg];
        }
        assertThat(out).isEqualTo(expected);
    }

    // ---------------------------------------------------------------- atomics

    static NdItemKernel intAtomics(Accessor.OfInt g, Accessor.OfInt res, LocalAccessor.OfInt l) {
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
    void intAtomicsOnGlobalAndLocalMemoryAreExact() {
        int n = 512;
        int wg = 128;
        int[] g = {0, Integer.MAX_VALUE, Integer.MIN_VALUE, 0, 0};
        int[] res = new int[n / wg * 5];
        NdItemKernel k = intAtomics(new Accessor.OfInt(g, "READ_WRITE"), new Accessor.OfInt(res, "WRITE"), new LocalAccessor.OfInt(5));
        LoweredKernel lowered = Lambdas.lowerNd(1, k);
        Golden.check("intAtomics", lowered);
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}).local(wg));
        assertThat(g[0]).isEqualTo(n);
        assertThat(g[1]).isZero();
        assertThat(g[2]).isEqualTo(n - 1);
        assertThat(g[3]).isEqualTo(7);
        assertThat(g[4]).isBetween(1, n);
        for (int grp = 0; grp < n / wg; grp++) {
            assertThat(Arrays.copyOfRange(res, grp * 5, grp * 5 + 5))
                    .containsExactly(2 * wg, grp * wg, grp * wg + wg - 1, 9, 5);
        }
    }

    static NdItemKernel longAtomics(Accessor.OfLong g, Accessor.OfLong res, LocalAccessor.OfLong l) {
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
    void longAtomicsOnGlobalAndLocalMemoryAreExact() {
        int n = 256;
        int wg = 64;
        long[] g = {0, Long.MAX_VALUE, Long.MIN_VALUE, 0, 0};
        long[] res = new long[n / wg * 2];
        NdItemKernel k = longAtomics(new Accessor.OfLong(g, "READ_WRITE"), new Accessor.OfLong(res, "WRITE"), new LocalAccessor.OfLong(2));
        LoweredKernel lowered = Lambdas.lowerNd(1, k);
        Golden.check("longAtomics", lowered);
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}).local(wg));
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += (long) i << 33;
        }
        assertThat(g).containsExactly(sum, 0L, (long) (n - 1) << 33, 5L << 40, g[4]);
        assertThat(g[4] & 1).isEqualTo(1L);
        for (int grp = 0; grp < n / wg; grp++) {
            assertThat(res[grp * 2]).isEqualTo((long) wg << 32);
            assertThat(res[grp * 2 + 1]).isEqualTo((long) (grp * wg) << 33);
        }
    }

    static NdItemKernel floatAtomics(Accessor.OfFloat g, Accessor.OfFloat res, LocalAccessor.OfFloat l) {
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
    void floatAtomicsUseJavaSemanticsAndAreExact() {
        int n = 256;
        int wg = 64;
        float[] g = {0f, 1e9f, -1e9f, 0f, 0f, -0f};
        float[] res = new float[n / wg * 3];
        NdItemKernel k = floatAtomics(new Accessor.OfFloat(g, "READ_WRITE"), new Accessor.OfFloat(res, "WRITE"),
                new LocalAccessor.OfFloat(3));
        LoweredKernel lowered = Lambdas.lowerNd(1, k);
        Golden.check("floatAtomics", lowered);
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}).local(wg));
        // Sums of 0.5 and 0.25 are exact in any order.
        assertThat(g).containsExactly(n * 0.5f, -100.25f, (n - 1) * 2f, 1.5f, 0f, -0f);
        assertThat(Float.floatToRawIntBits(g[4])).as("compare-exchange compares bits: 0.0 is not -0.0").isZero();
        for (int grp = 0; grp < n / wg; grp++) {
            assertThat(res[grp * 3]).isEqualTo(wg * 0.25f);
            assertThat(res[grp * 3 + 1]).isEqualTo(grp * wg * 1f);
            assertThat(Float.floatToRawIntBits(res[grp * 3 + 2])).as("Math.max(-0f, 0f) is 0f").isZero();
        }
    }

    // ---------------------------------------------------------------- records and arrays

    record Scale(float factor, int shift) {}

    record Job(Scale scale, Accessor.OfFloat out, int[] table) {}

    static ItemKernel recordsAndArrays(Job job, float[] weights) {
        return it -> {
            int i = it.id(0);
            float w = weights[i % weights.length];
            int t = job.table()[i % job.table().length];
            job.out().set(i, w * job.scale().factor() + (t << job.scale().shift()));
        };
    }

    @Test
    void nestedRecordsWithAccessorsAndArraysWork() {
        int n = 100;
        float[] out = new float[n];
        float[] weights = {0.5f, 1.5f, -2f};
        int[] table = {1, 2, 3, 4, 5};
        Job job = new Job(new Scale(3f, 2), new Accessor.OfFloat(out, "WRITE"), table);
        ItemKernel k = recordsAndArrays(job, weights);
        LoweredKernel lowered = Lambdas.lower(1, k);
        Golden.check("recordsAndArrays", lowered);
        assertThat(lowered.args()).filteredOn(a -> !a.path().isEmpty())
                .extracting(KernelArg::path, KernelArg::role)
                .startsWith(org.assertj.core.groups.Tuple.tuple(List.of(0, 0), ArgRole.VALUE),
                        org.assertj.core.groups.Tuple.tuple(List.of(0, 1), ArgRole.VALUE),
                        org.assertj.core.groups.Tuple.tuple(List.of(1), ArgRole.ACCESSOR_DATA));
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}));
        float[] expected = new float[n];
        Job hostJob = new Job(new Scale(3f, 2), new Accessor.OfFloat(expected, "WRITE"), table);
        DeviceRun.onHost(recordsAndArrays(hostJob, weights), n);
        assertThat(out).isEqualTo(expected);
    }

    static float weighted(Job job, float[] w, int i) {
        return w[i % w.length] * job.scale().factor();
    }

    static void fill(LocalAccessor.OfFloat l, int i, float v) {
        l.set(i, v);
    }

    static NdItemKernel passesCapturedObjects(Job job, float[] w, LocalAccessor.OfFloat l) {
        return it -> {
            int i = it.globalId(0);
            fill(l, it.localId(0), weighted(job, w, i));
            it.barrier();
            job.out().set(i, l.get(0));
        };
    }

    @Test
    void recordsArraysAndLocalAccessorsCanBePassedToDeviceFunctions() {
        int n = 64;
        float[] out = new float[n];
        float[] w = {1f, 2f, 3f};
        NdItemKernel k = passesCapturedObjects(new Job(new Scale(2f, 0), new Accessor.OfFloat(out, "WRITE"), new int[] {1}), w,
                new LocalAccessor.OfFloat(16));
        LoweredKernel lowered = Lambdas.lowerNd(1, k);
        Golden.check("capturedObjectsToDeviceFunctions", lowered);
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}).local(16));
        for (int i = 0; i < n; i++) {
            assertThat(out[i]).isEqualTo(w[(i / 16 * 16) % 3] * 2f);
        }
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

    static ItemKernel newRecord(Accessor.OfFloat out) {
        return it -> out.set(0, new Scale(1f, it.id(0)).factor());
    }

    @Test
    void constructingARecordOfPrimitivesGivesAStructValue() {
        LoweredKernel lowered = Lambdas.lower(1, newRecord(new Accessor.OfFloat(1, "WRITE")));
        assertThat(lowered.source()).contains("_make(1.0f, JSYCL_ITEM_ID(0));").contains(".factor;");
    }

    static ItemKernel newJob(Job job, Accessor.OfFloat out) {
        return it -> new Job(job.scale(), out, job.table()).out().set(0, 1f);
    }

    @Test
    void constructingARecordWithReferencesIsRejectedWithAClearMessage() {
        Job job = new Job(new Scale(1f, 0), new Accessor.OfFloat(1, "WRITE"), new int[1]);
        assertThatThrownBy(() -> Lambdas.lower(1, newJob(job, new Accessor.OfFloat(1, "WRITE"))))
                .isInstanceOf(LoweringException.class)
                .hasMessageContaining("'new FeaturesTest.Job'")
                .hasMessageContaining("constructs a record with components that are not primitives");
    }

    // ---------------------------------------------------------------- reductions

    static ReductionKernel<Reducer.OfInt> sumOf(Accessor.OfInt in) {
        return (it, sum) -> sum.combine(in.get(it.id(0)));
    }

    private static int[] data(int n) {
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = (i * 2654435761L % 1000003 > 500000 ? 1 : -1) * (int) (i * 2654435761L % 1000003);
        }
        return in;
    }

    private static int reduce(ReductionOp op, Object custom, String identity, int start, int n, int wg) {
        int[] in = data(n);
        int[] out = {start};
        ReductionKernel<Reducer.OfInt> k = sumOf(new Accessor.OfInt(in, "READ"));
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.reduction(k, ScalarType.INT, op, custom, identity, false));
        Golden.check("reduction" + op, lowered);
        int global = (n + wg - 1) / wg * wg;
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}).global(global).local(wg).out(out));
        // The runtime launches fewer work-items than items: each runs every item its id reaches in strides of the
        // global size (four per trip, then the rest). Two groups: 1000 items are 7 strides and a part.
        int[] strided = {start};
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}).global(2 * wg).local(wg).out(strided));
        assertThat(strided[0]).as("two work-groups striding over the range").isEqualTo(out[0]);
        return out[0];
    }

    @Test
    void intSumReductionIsExact() {
        int n = 1000;
        assertThat(reduce(ReductionOp.SUM, null, "0", 5, n, 64)).isEqualTo(5 + Arrays.stream(data(n)).sum());
    }

    @Test
    void intMinAndMaxReductions() {
        int n = 777;
        assertThat(reduce(ReductionOp.MIN, null, "2147483647", 0, n, 32)).isEqualTo(Math.min(0, Arrays.stream(data(n)).min().orElseThrow()));
        assertThat(reduce(ReductionOp.MAX, null, "(-2147483647 - 1)", 0, n, 128)).isEqualTo(Arrays.stream(data(n)).max().orElseThrow());
    }

    @Test
    void customReductionOpIsLoweredAsADeviceFunction() {
        int n = 300;
        Reduction.IntOp or = (a, b) -> a | b;
        int expected = 0;
        for (int v : data(n)) {
            expected |= v;
        }
        assertThat(reduce(ReductionOp.CUSTOM, or, "0", 0, n, 16)).isEqualTo(expected);
    }

    static ReductionKernel<Reducer.OfFloat> maxOf(Accessor.OfFloat in) {
        return (it, max) -> max.combine(in.get(it.id(0)));
    }

    static ReductionKernel<Reducer.OfLong> longSumOf(Accessor.OfInt in) {
        return (it, sum) -> sum.combine((long) in.get(it.id(0)) << 20);
    }

    @Test
    void floatMaxAndLongSumReductions() {
        int n = 500;
        float[] in = new float[n];
        for (int i = 0; i < n; i++) {
            in[i] = (i * 37 % 101) - 50.5f;
        }
        float[] out = {Float.NEGATIVE_INFINITY};
        ReductionKernel<Reducer.OfFloat> k = maxOf(new Accessor.OfFloat(in, "READ"));
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.reduction(k, ScalarType.FLOAT, ReductionOp.MAX, null, "(-INFINITY)", false));
        Golden.check("reductionFloatMax", lowered);
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}).global(512).local(64).out(out));
        float max = Float.NEGATIVE_INFINITY;
        for (float f : in) {
            max = Math.max(max, f);
        }
        assertThat(out[0]).isEqualTo(max);

        int[] ints = data(n);
        long[] sum = {1};
        ReductionKernel<Reducer.OfLong> l = longSumOf(new Accessor.OfInt(ints, "READ"));
        LoweredKernel lowered2 = KernelLowerer.lower(Lambdas.reduction(l, ScalarType.LONG, ReductionOp.SUM, null, "0L", false));
        DeviceRun.run(lowered2, l, new DeviceRun.Launch(new int[] {n}).global(512).local(128).out(sum));
        long expected = 1;
        for (int v : ints) {
            expected += (long) v << 20;
        }
        assertThat(sum[0]).isEqualTo(expected);
    }

    // ---------------------------------------------------------------- specialization constants

    static ItemKernel scaled(Accessor.OfInt out) {
        return it -> out.set(it.id(0), it.id(0) * SCALE.get());
    }

    @Test
    void specConstantDefaultAndOverride() {
        int n = 16;
        int[] out = new int[n];
        ItemKernel k = scaled(new Accessor.OfInt(out, "WRITE"));
        LoweredKernel lowered = Lambdas.lower(1, k);
        Golden.check("specConstant", lowered);
        assertThat(lowered.specConstants()).containsExactly(new SpecConstantUse("SCALE", ScalarType.INT, "3", "JSYCL_SC_SCALE"));
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}));
        assertThat(out[5]).isEqualTo(15);
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}).options("-DJSYCL_SC_SCALE=-7"));
        assertThat(out[5]).isEqualTo(-35);
    }

    // ---------------------------------------------------------------- checked mode

    static int at(Accessor.OfInt a, int i) {
        return a.get(i);
    }

    static ItemKernel outOfBounds(Accessor.OfInt in, Accessor.OfInt out) {
        return it -> {
            int i = it.id(0);
            out.set(i, at(in, i * 2) + 1);
        };
    }

    @Test
    void checkedModeReportsTheFirstOutOfBoundsIndex() {
        int n = 8;
        int[] in = new int[10];
        int[] out = new int[n];
        ItemKernel k = outOfBounds(new Accessor.OfInt(in, "READ"), new Accessor.OfInt(out, "WRITE"));
        KernelRequest r = Lambdas.request(k, KernelShape.ITEM, 1, true, null);
        LoweredKernel lowered = KernelLowerer.lower(r);
        Golden.check("checked", lowered);
        assertThat(lowered.args().getLast().role()).isEqualTo(ArgRole.CHECK_BUFFER);
        DeviceRun.Launch launch = new DeviceRun.Launch(new int[] {n});
        DeviceRun.run(lowered, k, launch);
        int line = lineOf("return a.get(i);");
        int[] c = launch.check;
        assertThat(c[0]).isEqualTo(1);
        assertThat(c[1]).isEqualTo(line);
        assertThat(c[2]).isBetween(5, 7);
        assertThat(c[5]).isEqualTo(c[2] * 2);
        assertThat(c[6]).isEqualTo(10);
        for (int i = 0; i < 5; i++) {
            assertThat(out[i]).isEqualTo(1);
        }
    }

    static NdItemKernel failsBeforeABarrier(Accessor.OfInt in, Accessor.OfInt out, LocalAccessor.OfInt tile, int bad) {
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
     * A failed check does not return, so the failing work-item still reaches the barrier; its bad store and atomic
     * are skipped, its bad load reads a safe element, and every other work-item of its group gets its result.
     */
    @Test
    void checkedModeKeepsAFailingWorkItemOnThePathToTheBarrier() {
        int n = 64;
        int wg = 16;
        int bad = 21;
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = i * 3;
        }
        int[] out = new int[n];
        NdItemKernel k = failsBeforeABarrier(new Accessor.OfInt(in, "READ"), new Accessor.OfInt(out, "READ_WRITE"),
                new LocalAccessor.OfInt(wg), bad);
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.request(k, KernelShape.ND_ITEM, 1, true, null));
        String body = lowered.source().substring(lowered.source().indexOf("_body("));
        assertThat(body.substring(0, body.indexOf("\n}\n"))).doesNotContain("return");
        DeviceRun.Launch launch = new DeviceRun.Launch(new int[] {n}).local(wg);
        DeviceRun.run(lowered, k, launch);
        assertThat(launch.check[0]).as("the first failure: the local store out of bounds").isEqualTo(1);
        assertThat(launch.check[1]).isEqualTo(lineOf("tile.set(at, in.get(g));"));
        assertThat(launch.check[2]).isEqualTo(bad);
        assertThat(launch.check[5]).isEqualTo(bad % wg + 1000);
        assertThat(launch.check[6]).isEqualTo(wg);
        for (int g = 0; g < n; g++) {
            int mirror = g - g % wg + wg - 1 - g % wg;
            if (g != bad && mirror != bad) {
                assertThat(out[g]).as("out[%d]", g).isEqualTo(in[mirror] + in[g]);
            }
        }
    }

    static ItemKernel divide(Accessor.OfInt in, Accessor.OfInt out) {
        return it -> out.set(it.id(0), 100 / in.get(it.id(0)));
    }

    @Test
    void checkedModeReportsDivisionByZero() {
        int[] in = {1, 2, 0, 4};
        int[] out = new int[4];
        ItemKernel k = divide(new Accessor.OfInt(in, "READ"), new Accessor.OfInt(out, "WRITE"));
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.request(k, KernelShape.ITEM, 1, true, null));
        DeviceRun.Launch launch = new DeviceRun.Launch(new int[] {4});
        DeviceRun.run(lowered, k, launch);
        assertThat(launch.check[0]).isEqualTo(2);
        assertThat(launch.check[1]).isEqualTo(lineOf("return it -> out.set(it.id(0), 100 / in.get(it.id(0)));"));
        assertThat(launch.check[2]).isEqualTo(2);
        // The failing work-item goes on (with divisor 1) and its result means nothing; the others' are kept.
        assertThat(out[0]).isEqualTo(100);
        assertThat(out[1]).isEqualTo(50);
        assertThat(out[3]).isEqualTo(25);
    }

    // ---------------------------------------------------------------- built-ins

    static ItemKernel builtins(Accessor.OfInt ints, Accessor.OfFloat floats) {
        return it -> {
            int i = it.id(0);
            int x = ints.get(i);
            ints.set(i, Builtins.clamp(x, -5, 5) + Builtins.popcount(x) * 100 + Builtins.clz(x) * 10000
                    + Math.floorMod(x, 7) * 1000000 + Integer.highestOneBit(x) + Math.floorDiv(x, -3));
            floats.set(i, Math.signum((float) x) + (float) Long.reverse(x));
        };
    }

    @Test
    void builtinsAndMathAdditionsMatchJava() {
        int[] values = {0, 1, -1, 7, -7, 100, Integer.MIN_VALUE, Integer.MAX_VALUE, 12345, -98765};
        int[] host = values.clone();
        int[] dev = values.clone();
        float[] hostF = new float[values.length];
        float[] devF = new float[values.length];
        DeviceRun.onHost(builtins(new Accessor.OfInt(host, "READ_WRITE"), new Accessor.OfFloat(hostF, "WRITE")), values.length);
        ItemKernel k = builtins(new Accessor.OfInt(dev, "READ_WRITE"), new Accessor.OfFloat(devF, "WRITE"));
        LoweredKernel lowered = Lambdas.lower(1, k);
        Golden.check("builtinsApi", lowered);
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {values.length}));
        assertThat(dev).isEqualTo(host);
        assertThat(devF).isEqualTo(hostF);
    }

    static ItemKernel exact(Accessor.OfInt out, long v) {
        return it -> out.set(0, Math.toIntExact(v));
    }

    @Test
    void toIntExactIsRejected() {
        assertThatThrownBy(() -> Lambdas.lower(1, exact(new Accessor.OfInt(1, "WRITE"), 1L)))
                .isInstanceOf(LoweringException.class)
                .hasMessageContaining("Math.toIntExact")
                .hasMessageContaining("throws on overflow");
    }

    static ItemKernel readOnlyAtomic(Accessor.OfInt a) {
        return it -> a.atomicAdd(0, 1);
    }

    @Test
    void atomicsOnReadOnlyAccessorsAreRejected() {
        assertThatThrownBy(() -> Lambdas.lower(1, readOnlyAtomic(new Accessor.OfInt(1, "READ"))))
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

    static ItemKernel privateArrays(Accessor.OfFloat in, Accessor.OfFloat out, Accessor.OfInt mixed) {
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
    void privateArraysOfConstantLengthWorkLikeJavaArrays() {
        int n = 200;
        float[] in = new float[n];
        for (int i = 0; i < n; i++) {
            in[i] = (i * 37 % 101) * 0.25f - 7f;
        }
        float[] out = new float[n];
        int[] mixed = new int[n];
        ItemKernel k = privateArrays(new Accessor.OfFloat(in, "READ"), new Accessor.OfFloat(out, "WRITE"),
                new Accessor.OfInt(mixed, "WRITE"));
        LoweredKernel lowered = Lambdas.lower(1, k);
        Golden.check("privateArrays", lowered);
        assertThat(lowered.source()).contains("float window[8];").contains("long acc[2];").contains("char b[4];")
                .contains("ushort c[1];").contains("uchar z[2];");
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}));
        float[] expectedOut = new float[n];
        int[] expectedMixed = new int[n];
        DeviceRun.onHost(privateArrays(new Accessor.OfFloat(in, "READ"), new Accessor.OfFloat(expectedOut, "WRITE"),
                new Accessor.OfInt(expectedMixed, "WRITE")), n);
        assertThat(out).isEqualTo(expectedOut);
        assertThat(mixed).isEqualTo(expectedMixed);
    }
}
