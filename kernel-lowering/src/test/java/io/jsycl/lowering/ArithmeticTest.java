package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.GridAccess;
import io.jsycl.ItemKernel;
import io.jsycl.WideAccess;
import org.junit.jupiter.api.Test;

/** Subscripts: which are computed signed ({@link Arithmetic#subscript}) and which keep Java's wrapping. */
class ArithmeticTest {
    static ItemKernel neighbours(WideAccess.OfInt in, WideAccess.OfInt out, int n, int[] table) {
        return it -> {
            int i = it.id(0);
            int shifted = i + 1;
            out.set(i, in.get(i - 1) + in.get(i + 1) + in.get(2 + i) + in.get(i * n + 3) + in.get(i + n - 1)
                    + in.get(i + 16777215) + in.get(i - 16777216) + in.get(n - i) + table[i + 4] + shifted);
        };
    }

    @Test
    void subscriptsPlusOrMinusASmallConstantAreSignedAndEverythingElseWraps() {
        String source = Lambdas.lower(1, neighbours(Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"), 0,
                new int[0])).source();
        assertThat(source)
                .contains("in.data[JSYCL_SUBSCRIPT(i, -1) + JSYCL_OFFSET(cap->in.offset[0])]")
                .contains("in.data[JSYCL_SUBSCRIPT(i, 1) + ")
                .contains("in.data[JSYCL_SUBSCRIPT(i, 2) + ")
                .contains("in.data[JSYCL_SUBSCRIPT((int)((uint)i * (uint)n), 3) + ")
                // i + n wraps (a wrap there can land in bounds); only the outer - 1 is signed
                .contains("in.data[JSYCL_SUBSCRIPT((int)((uint)i + (uint)n), -1) + ")
                .contains("in.data[JSYCL_SUBSCRIPT(i, 16777215) + ")
                // |c| = 2^24 is past the limit: wrapping
                .contains("in.data[(int)((uint)i - 16777216u) + ")
                .contains("in.data[(int)((uint)n - (uint)i) + ")
                .contains("table.data[JSYCL_SUBSCRIPT(i, 4)]")
                // not a subscript: wraps
                .contains("shifted = (int)((uint)i + 1u);")
                .contains("#define JSYCL_SUBSCRIPT(e, c) ((int)((uint)(e) + (uint)(c)))")
                .contains("#define JSYCL_SUBSCRIPT(e, c) ((e) + (c))");
    }

    @Test
    void theIncrementOfACountedLoopIsSignedAndOthersWrap() {
        String source = Lambdas.lower(1, SemanticsTest.countedLoops(Faces.accessor(WideAccess.OfInt.class, 1, "READ"),
                Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"))).source();
        // The first loop (k < MAX_VALUE, k++ last and its only write) counts signed; its variable's C name
        // depends on how javac numbered the locals.
        var signed = java.util.regex.Pattern.compile("while \\((\\w+) < 2147483647\\) \\{\n(?:.*\n){2}\\s*\\1 = \\1 \\+ 1;\n");
        assertThat(signed.matcher(source).find()).as("signed increment of the counted loop in:\n" + source).isTrue();
        assertThat(source.split(" \\+ 1;\n", -1).length - 1).as("signed increments").isEqualTo(1);
        // k <= start + 2 may wrap; k += 2 is not k++; k written twice in the body: all keep wrapping
        // (the loops' second conditions join the while's: "while (k <= ... && !(wraps >= 5))")
        assertThat(source).containsPattern("while \\((\\w+) <= \\(int\\)\\(\\(uint\\)start \\+ 2u\\) && !\\(")
                .containsPattern("(\\w+) = \\(int\\)\\(\\(uint\\)\\1 \\+ 2u\\);");
        assertThat(source.split("k = \\(int\\)\\(\\(uint\\)k \\+ 1u\\);", -1).length - 1)
                .as("both writes of k in the last loop wrap").isEqualTo(2);
    }

    @Test
    void checkedKernelsKeepWrappingSubscripts() {
        var request = Lambdas.request(neighbours(Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"), 0,
                new int[0]), KernelShape.ITEM, 1, true, null);
        String source = KernelLowerer.lower(request).source();
        // The subscript is the wrapped index, or 0 where the check failed.
        assertThat(source).doesNotContain("JSYCL_SUBSCRIPT").contains("in.data[((uint)(int)((uint)i - 1u) < (uint)")
                .contains(" ? (int)((uint)i - 1u) : 0) + ");
    }

    static io.jsycl.NdItemKernel tree(GridAccess.OfInt scratch) {
        return it -> {
            int lid = it.localId(0);
            scratch.set(lid, scratch.get(lid + 1) + scratch.get(lid - 1));
        };
    }

    @Test
    void localAccessorSubscriptsAreSignedAndHaveNoOffset() {
        String source = Lambdas.lowerNd(1, tree(Faces.local(GridAccess.OfInt.class, 64))).source();
        assertThat(source).contains("(uint)cap->scratch.data[JSYCL_SUBSCRIPT(lid, 1)] + (uint)cap->scratch.data[JSYCL_SUBSCRIPT(lid, -1)]")
                .doesNotContain("JSYCL_OFFSET(cap->scratch");
    }
}
