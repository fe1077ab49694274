package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Fence;
import io.jsycl.GridAccess;
import io.jsycl.ItemKernel;
import io.jsycl.NdItemKernel;
import io.jsycl.WideAccess;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Checked mode's loops: a work-item whose check failed leaves every loop that holds no barrier and no work-group or
 * sub-group operation, so a loop that Java would end with an exception (a scan past the end, a bound read out of
 * bounds) cannot run for ever on the substitutes a failed check gives (index 0, divisor 1). The flag is the
 * work-item's own: the others' loops and results are untouched. Loops with a barrier go on, so every work-item still
 * reaches it. Here, where the lowering tests the flag; that these kernels end on every device with Java's exception and
 * the other work-items' results is the tests module's CheckedModeAdversarialTest.
 */
class ChecksTest {
    private static final int N = 32;

    static ItemKernel search(WideAccess.OfInt keys, WideAccess.OfInt out) {
        return it -> {
            int k = 0;
            while (keys.get(k) != it.id(0) + 1) {
                k++;
            }
            out.set(it.id(0), k);
        };
    }

    /** Java stops a search past the end with an exception; the failing work-item's loop tests its flag. */
    @Test
    void aScanPastTheEndTestsTheFailureFlagInItsLoop() {
        LoweredKernel lowered = lowerChecked(search(Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "WRITE")));
        assertThat(loopHeads(body(lowered))).singleElement().asString().contains("*jsycl_failed");
    }

    static ItemKernel triangle(WideAccess.OfInt counts, WideAccess.OfInt data, WideAccess.OfInt out) {
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
    void bothLoopsOverABoundReadPastTheEndTestTheFailureFlag() {
        ItemKernel k = triangle(Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"));
        assertThat(loopHeads(body(lowerChecked(k)))).hasSize(2).allSatisfy(head -> assertThat(head).matches(
                "while \\(\\w+ <=? \\w+ && !\\(\\*jsycl_failed\\)\\) \\{"));
    }

    static ItemKernel callsAnEndlessSearch(WideAccess.OfInt in, WideAccess.OfInt out) {
        return it -> out.set(it.id(0), positionOf(in, it.id(0) + 1));
    }

    /**
     * A loop that only a return leaves, from inside (javac puts no block after the loop): the failing item returns
     * from the device function instead. A negative element is an empty slot.
     */
    static int positionOf(WideAccess.OfInt a, int key) {
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
    void aDeviceFunctionsLoopThatOnlyReturnsIsLeftByTheFailingItem() {
        String source = lowerChecked(callsAnEndlessSearch(Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "WRITE")))
                .source();
        String function = source.substring(source.indexOf("int io_jsycl_lowering_ChecksTest__positionOf"));
        assertThat(function).contains("__private int* restrict jsycl_failed").contains("return 0;");
    }

    static NdItemKernel roundsThenSearch(WideAccess.OfInt in, WideAccess.OfInt out, GridAccess.OfInt tile, int rounds) {
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

    /** The loop with barriers is not left (its trip count is the same for every work-item); the loop without is. */
    @Test
    void onlyLoopsWithoutBarriersAreLeft() {
        NdItemKernel k = roundsThenSearch(Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"),
                Faces.local(GridAccess.OfInt.class, 8), 3);
        List<String> heads = loopHeads(body(KernelLowerer.lower(Lambdas.request(k, KernelShape.ND_ITEM, 1, true, null))));
        assertThat(heads).hasSize(2);
        assertThat(heads.get(0)).as("the rounds, with barriers").doesNotContain("jsycl_failed");
        assertThat(heads.get(1)).as("the search").contains("*jsycl_failed");
    }

    static NdItemKernel groupOperationsInLoops(WideAccess.OfInt in, WideAccess.OfInt out, int rounds) {
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
        var in = Faces.accessor(WideAccess.OfInt.class, 1, "READ");
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.request(groupOperationsInLoops(in, out, 3),
                KernelShape.ND_ITEM, 1, true, null));
        List<String> heads = loopHeads(body(lowered));
        assertThat(heads).hasSize(3);
        assertThat(heads.get(0)).as("reduceOverGroup").doesNotContain("jsycl_failed");
        assertThat(heads.get(1)).as("shuffleXor").doesNotContain("jsycl_failed");
        assertThat(heads.get(2)).as("a device function without barriers").contains("*jsycl_failed");
    }

    static io.jsycl.ReductionKernel<io.jsycl.Reducer.OfInt> orOf(WideAccess.OfInt in) {
        return (it, r) -> r.combine(in.get(it.id(0)));
    }

    /**
     * A custom reduction's operation is a device function, called in the body and again where the kernel combines
     * the work-items' values: both places pass it the failure flag.
     */
    @Test
    void aCheckedCustomReductionCombinesInTheKernelWithTheFlag() {
        Lambdas.IntOp or = (a, b) -> a | b;
        var k = orOf(Faces.accessor(WideAccess.OfInt.class, 1, "READ"));
        LoweredKernel lowered = KernelLowerer.lower(Lambdas.reduction(k, ScalarType.INT, ReductionOp.CUSTOM, or, "0", true));
        String kernel = lowered.source().substring(lowered.source().indexOf("__kernel void"));
        assertThat(kernel).as("the kernel, where the operation combines the work-items' values")
                .contains("__private int* jsycl_failed = &jsycl_item_failed;");
    }

    @Test
    void uncheckedKernelsHaveNoFailureFlag() {
        var in = Faces.accessor(WideAccess.OfInt.class, 1, "READ");
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        assertThat(KernelLowerer.lower(Lambdas.request(search(in, out), KernelShape.ITEM, 1, false, null)).source())
                .doesNotContain("jsycl_failed");
    }

    /** {@code k} lowered as a checked 1-D item kernel. */
    private static LoweredKernel lowerChecked(ItemKernel k) {
        return KernelLowerer.lower(Lambdas.request(k, KernelShape.ITEM, 1, true, null));
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
