package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Accessor;
import io.jsycl.Fence;
import io.jsycl.ItemKernel;
import io.jsycl.LocalAccessor;
import io.jsycl.NdItemKernel;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Checked mode's loops: a work-item whose check failed leaves every loop that holds no barrier and no work-group or
 * sub-group operation, so a loop that Java would end with an exception (a scan past the end, a bound read out of
 * bounds) cannot run for ever on the substitutes a failed check gives (index 0, divisor 1). The flag is the
 * work-item's own: the others' loops and results are untouched. Loops with a barrier go on, so every work-item still
 * reaches it.
 */
class ChecksTest {
    private static final int N = 32;

    @BeforeAll
    static void needsOpenCl() {
        DeviceRun.require();
    }

    /**
     * Keys 1 to N - 1 in a shuffled order, and 0 where key N would be: work-item g looks for key g + 1, so the last
     * one's search runs past the end. On a device that reads index 0 for every index past the end, and wraps to the
     * array again, it would never end.
     */
    private static int[] keysButTheLast() {
        int[] keys = new int[N];
        for (int i = 0; i < N; i++) {
            keys[i] = i * 5 % N + 1;
        }
        keys[position(keys, N)] = 0;
        return keys;
    }

    private static int position(int[] keys, int key) {
        int k = 0;
        while (keys[k] != key) {
            k++;
        }
        return k;
    }

    static ItemKernel search(Accessor.OfInt keys, Accessor.OfInt out) {
        return it -> {
            int k = 0;
            while (keys.get(k) != it.id(0) + 1) {
                k++;
            }
            out.set(it.id(0), k);
        };
    }

    /** Java stops the last item's search at index N; the device must too, not search for ever. */
    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aScanPastTheEndEndsTheFailingItemsLoopAndKeepsTheOthers() {
        int[] in = keysButTheLast();
        int[] out = new int[N];
        ItemKernel k = search(new Accessor.OfInt(in, "READ"), new Accessor.OfInt(out, "WRITE"));
        LoweredKernel lowered = lowerChecked(k);
        DeviceRun.Launch launch = runOverN(lowered, k);
        assertThat(loopHeads(body(lowered))).singleElement().asString().contains("*jsycl_failed");
        lastItemWasOutOfBounds(launch);
        assertThat(launch.check[5]).as("the index").isEqualTo(N);
        othersFoundTheirKeys(in, out);
    }

    static ItemKernel triangle(Accessor.OfInt counts, Accessor.OfInt data, Accessor.OfInt out) {
        return it -> {
            int g = it.id(0);
            int n = counts.get(g + 1);
            int s = 0;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j <= i; j++) {
                    s += data.get((i + j + g) % N);
                }
            }
            out.set(g, s);
        };
    }

    /**
     * The last item reads its count past the end (element 0, a header, stands in for it on a device): about 2^60
     * steps unless it leaves both loops, which test its flag beside their own conditions.
     */
    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aLoopBoundReadPastTheEndIsNotRun() {
        int[] counts = new int[N];
        counts[0] = Integer.MAX_VALUE;
        for (int i = 1; i < N; i++) {
            counts[i] = i % 7;
        }
        int[] data = new int[N];
        for (int i = 0; i < N; i++) {
            data[i] = i * 3 + 1;
        }
        int[] out = new int[N];
        ItemKernel k = triangle(new Accessor.OfInt(counts, "READ"), new Accessor.OfInt(data, "READ"),
                new Accessor.OfInt(out, "WRITE"));
        LoweredKernel lowered = lowerChecked(k);
        DeviceRun.Launch launch = runOverN(lowered, k);
        assertThat(loopHeads(body(lowered))).hasSize(2).allSatisfy(head -> assertThat(head).matches(
                "while \\(\\w+ <=? \\w+ && !\\(\\*jsycl_failed\\)\\) \\{"));
        lastItemWasOutOfBounds(launch);
        for (int g = 0; g < N - 1; g++) {
            int s = 0;
            for (int i = 0; i < counts[g + 1]; i++) {
                for (int j = 0; j <= i; j++) {
                    s += data[(i + j + g) % N];
                }
            }
            assertThat(out[g]).as("out[%d]", g).isEqualTo(s);
        }
    }

    static ItemKernel callsAnEndlessSearch(Accessor.OfInt in, Accessor.OfInt out) {
        return it -> out.set(it.id(0), positionOf(in, it.id(0) + 1));
    }

    /**
     * A loop that only a return leaves, from inside (javac puts no block after the loop): the failing item returns
     * from the device function instead. A negative element is an empty slot.
     */
    static int positionOf(Accessor.OfInt a, int key) {
        for (int k = 0;; k++) {
            if (a.get(k) < 0) {
                continue;
            }
            if (a.get(k) == key) {
                return k;
            }
        }
    }

    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aDeviceFunctionsLoopThatOnlyReturnsIsLeftByTheFailingItem() {
        int[] in = keysButTheLast();
        int[] out = new int[N];
        ItemKernel k = callsAnEndlessSearch(new Accessor.OfInt(in, "READ"), new Accessor.OfInt(out, "WRITE"));
        LoweredKernel lowered = lowerChecked(k);
        DeviceRun.Launch launch = runOverN(lowered, k);
        String source = lowered.source();
        String function = source.substring(source.indexOf("int io_jsycl_lowering_ChecksTest__positionOf"));
        assertThat(function).contains("__private int* restrict jsycl_failed").contains("return 0;");
        lastItemWasOutOfBounds(launch);
        othersFoundTheirKeys(in, out);
    }

    static NdItemKernel roundsThenSearch(Accessor.OfInt in, Accessor.OfInt out, LocalAccessor.OfInt tile, int rounds) {
        return it -> {
            int g = it.globalId(0);
            int l = it.localId(0);
            int n = it.localRange(0);
            int s = 0;
            for (int r = 0; r < rounds; r++) {
                tile.set(l, s + r);
                it.barrier(Fence.LOCAL);
                s += tile.get((l + 1) % n);
                it.barrier(Fence.LOCAL);
            }
            int k = 0;
            while (in.get(k) != g + 1) {
                k++;
            }
            out.set(g, s * 1000 + k);
        };
    }

    /**
     * The loop with barriers is not left (its trip count is the same for every work-item); the loop without is, and
     * the failing item's group still gets its results from the rounds.
     */
    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void onlyLoopsWithoutBarriersAreLeft() {
        int[] in = keysButTheLast();
        int[] out = new int[N];
        int wg = 8;
        int rounds = 3;
        NdItemKernel k = roundsThenSearch(new Accessor.OfInt(in, "READ"), new Accessor.OfInt(out, "WRITE"),
                new LocalAccessor.OfInt(wg), rounds);
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.request(k, KernelShape.ND_ITEM, 1, true, null));
        DeviceRun.Launch launch = new DeviceRun.Launch(new int[] {N}).local(wg);
        DeviceRun.run(lowered, k, launch);
        List<String> heads = loopHeads(body(lowered));
        assertThat(heads).hasSize(2);
        assertThat(heads.get(0)).as("the rounds, with barriers").doesNotContain("jsycl_failed");
        assertThat(heads.get(1)).as("the search").contains("*jsycl_failed");
        assertThat(launch.check[2]).as("the work-item").isEqualTo(N - 1);
        int[] s = new int[wg];
        for (int r = 0; r < rounds; r++) {
            int[] tile = new int[wg];
            for (int l = 0; l < wg; l++) {
                tile[l] = s[l] + r;
            }
            for (int l = 0; l < wg; l++) {
                s[l] += tile[(l + 1) % wg];
            }
        }
        for (int g = 0; g < N - 1; g++) {
            assertThat(out[g]).as("out[%d]", g).isEqualTo(s[g % wg] * 1000 + position(in, g + 1));
        }
    }

    static NdItemKernel groupOperationsInLoops(Accessor.OfInt in, Accessor.OfInt out, int rounds) {
        return it -> {
            int g = it.globalId(0);
            int s = 0;
            for (int r = 0; r < rounds; r++) {
                s += it.reduceOverGroup(in.get(g) + r, io.jsycl.GroupOp.SUM);
            }
            for (int r = 0; r < rounds; r++) {
                s += it.shuffleXor(in.get(g) + r, 1);
            }
            for (int r = 0; r < rounds; r++) {
                s += positionOf(in, r);
            }
            out.set(g, s);
        };
    }

    /** Work-group and sub-group operations keep their loops running as barriers do; a device function call does not. */
    @Test
    void loopsWithGroupOrSubGroupOperationsAreNotLeft() {
        var in = new Accessor.OfInt(new int[N], "READ");
        var out = new Accessor.OfInt(new int[N], "WRITE");
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.request(groupOperationsInLoops(in, out, 3),
                KernelShape.ND_ITEM, 1, true, null));
        List<String> heads = loopHeads(body(lowered));
        assertThat(heads).hasSize(3);
        assertThat(heads.get(0)).as("reduceOverGroup").doesNotContain("jsycl_failed");
        assertThat(heads.get(1)).as("shuffleXor").doesNotContain("jsycl_failed");
        assertThat(heads.get(2)).as("a device function without barriers").contains("*jsycl_failed");
    }

    static io.jsycl.ReductionKernel<io.jsycl.Reducer.OfInt> orOf(Accessor.OfInt in) {
        return (it, r) -> r.combine(in.get(it.id(0)));
    }

    /**
     * A custom reduction's operation is a device function, called in the body and again where the kernel combines
     * the work-items' values: both places pass it the failure flag.
     */
    @Test
    @Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aCheckedCustomReductionCombinesInTheKernelWithTheFlag() {
        int n = 300;
        int[] in = new int[n];
        int expected = 0;
        for (int i = 0; i < n; i++) {
            in[i] = 1 << (i % 29);
            expected |= in[i];
        }
        int[] out = {0};
        io.jsycl.Reduction.IntOp or = (a, b) -> a | b;
        var k = orOf(new Accessor.OfInt(in, "READ"));
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.reduction(k, ScalarType.INT, ReductionOp.CUSTOM, or, "0", true));
        String kernel = lowered.source().substring(lowered.source().indexOf("__kernel void"));
        assertThat(kernel).as("the kernel, where the operation combines the work-items' values")
                .contains("__private int* jsycl_failed = &jsycl_item_failed;");
        DeviceRun.run(lowered, k, new DeviceRun.Launch(new int[] {n}).global(128).local(64).out(out));
        assertThat(out[0]).isEqualTo(expected);
    }

    @Test
    void uncheckedKernelsHaveNoFailureFlag() {
        var in = new Accessor.OfInt(new int[N], "READ");
        var out = new Accessor.OfInt(new int[N], "WRITE");
        assertThat(KernelLowerer.lower(Lambdas.request(search(in, out), KernelShape.ITEM, 1, false, null)).source())
                .doesNotContain("jsycl_failed");
    }

    /** {@code k} lowered as a checked 1-D item kernel. */
    private static LoweredKernel lowerChecked(ItemKernel k) {
        return KernelLowerer.lower(Lambdas.request(k, KernelShape.ITEM, 1, true, null));
    }

    /** Runs the lowered {@code k} over N work-items on the device; the launch holds its check record. */
    private static DeviceRun.Launch runOverN(LoweredKernel lowered, ItemKernel k) {
        DeviceRun.Launch launch = new DeviceRun.Launch(new int[] {N});
        DeviceRun.run(lowered, k, launch);
        return launch;
    }

    /** The check record says the last work-item's access was out of bounds. */
    private static void lastItemWasOutOfBounds(DeviceRun.Launch launch) {
        assertThat(launch.check[0]).isEqualTo(Checks.OUT_OF_BOUNDS);
        assertThat(launch.check[2]).as("the work-item").isEqualTo(N - 1);
    }

    /** Every work-item but the last, whose key is missing, found its key g + 1 in {@code keys}. */
    private static void othersFoundTheirKeys(int[] keys, int[] out) {
        for (int g = 0; g < N - 1; g++) {
            assertThat(out[g]).as("out[%d]", g).isEqualTo(position(keys, g + 1));
        }
    }

    /** The body function of the kernel's source. */
    private static String body(LoweredKernel lowered) {
        String s = lowered.source();
        String body = s.substring(s.indexOf("_body("));
        return body.substring(0, body.indexOf("\n}\n"));
    }

    /** Each loop's head: a {@code while (...)} line, or {@code for (;;)} with its first statement. */
    private static List<String> loopHeads(String source) {
        Matcher m = Pattern.compile("(while \\(.*\\) \\{|for \\(;;\\) \\{\\n.*\\n.*\\n)").matcher(source);
        return m.results().map(r -> r.group()).toList();
    }
}
