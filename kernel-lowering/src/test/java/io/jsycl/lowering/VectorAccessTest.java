package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Double2;
import io.jsycl.Float4;
import io.jsycl.Int8;
import io.jsycl.ItemKernel;
import io.jsycl.Long4;
import io.jsycl.WideAccess;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The vector records in kernels: {@code getN}/{@code setN} lowered to {@code vloadN}/{@code vstoreN} for every element
 * type and width, {@code get(lane)}, checked mode, and the uses that are rejected. What they compute on a device,
 * compared with Java, is the tests module's VectorTypesTest.
 */
class VectorAccessTest {
    static ItemKernel int8(WideAccess.OfInt in, WideAccess.OfInt out, int lane) {
        return it -> {
            int i = it.id(0);
            Int8 v = in.get8(i);
            Int8 w = v.mul(-3).add(Int8.splat(7)).xor(v).and(Int8.splat(0x7fff_fff0)).or(Int8.splat(1)).sub(v.max(v.mul(v)));
            out.set8(i, new Int8(w.sum(), v.get(lane), v.get(7), w.min(v).s3(), v.div(Int8.splat(3)).s0(), w.s5(), i, 0));
        };
    }

    @Test
    void int8LoadsAndStoresWithVload8() {
        LoweredKernel lowered = Lambdas.lower(1, int8(Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"), 5));
        Golden.check("vectorInt8", lowered);
        assertThat(lowered.source()).contains("vload8(0, p)", "vstore8((int8)(v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7), 0, p)",
                "int jsycl_elem_Int8_").doesNotContain("Int8__get_");
    }

    static ItemKernel everyWidth(WideAccess.OfFloat f, WideAccess.OfLong l, WideAccess.OfDouble d) {
        return it -> {
            int i = it.id(0);
            f.set2(i, f.get2(i).mul(0.5f));
            f.set4(i + 8, f.get4(i + 8).div(io.jsycl.Float4.splat(3f)));
            f.set8(i + 8, f.get8(i + 8).min(io.jsycl.Float8.splat(1f)));
            l.set2(i, l.get2(i).add(new io.jsycl.Long2(i, -i)));
            l.set4(i + 8, l.get4(i + 8).mul(1L << 40));
            l.set8(i + 8, l.get8(i + 8).xor(io.jsycl.Long8.splat(-1L)));
            d.set2(i, d.get2(i).sub(Double2.splat(0.25)));
            d.set4(i + 8, d.get4(i + 8).max(io.jsycl.Double4.splat(0.0)));
            d.set8(i + 8, io.jsycl.Double8.splat(d.get8(i + 8).sum()));
        };
    }

    @Test
    void everyElementTypeAndWidthLowersToItsVectorLoadAndStore() {
        ItemKernel k = everyWidth(Faces.accessor(WideAccess.OfFloat.class, 1, "READ_WRITE"), Faces.accessor(WideAccess.OfLong.class, 1, "READ_WRITE"),
                Faces.accessor(WideAccess.OfDouble.class, 1, "READ_WRITE"));
        LoweredKernel lowered = Lambdas.lower(1, k);
        for (String t : new String[] {"float", "long", "double"}) {
            for (int w : new int[] {2, 4, 8}) {
                assertThat(lowered.source()).contains(t + w + " v = vload" + w + "(0, p);", "vstore" + w + "((" + t + w + ")(");
            }
        }
        assertThat(lowered.usesFp64()).as("a kernel with Double vectors needs fp64").isTrue();
    }

    @Test
    void aLaneThatIsNotAConstantIsPickedByAHelperAndCheckedInCheckedMode() {
        ItemKernel k = int8(Faces.accessor(WideAccess.OfInt.class, 1, "READ"), Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"), 5);
        LoweredKernel checked = KernelLowerer.lower(Lambdas.request(k, KernelShape.ITEM, 1, true, null));
        assertThat(checked.source()).contains("_get(", "default: return 0;", "(uint)8)", "(cap->in.range[0] / 8)");
    }

    @Test
    void aConstantLaneOutOfRangeIsRejected() {
        var in = Faces.accessor(WideAccess.OfFloat.class, 1, "READ");
        var out = Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE");
        assertThatThrownBy(() -> Lambdas.lower(1, it -> out.set(0, in.get4(0).get(4))))
                .isInstanceOf(LoweringException.class)
                .hasMessageContaining("call to Float4.get(4)").hasMessageContaining("a Float4 has lanes 0 to 3");
    }

    @Test
    void aWideAccessOfATwoDimensionalAccessorIsRejected() {
        var a = Lambdas.floats(2, "READ_WRITE");
        assertThatThrownBy(() -> Lambdas.lower(1, it -> a.set2(0, a.get2(0))))
                .isInstanceOf(LoweringException.class).hasMessageContaining("call to WideAccess.OfFloat.get2 on a 2-D float accessor")
                .hasMessageContaining("get2 and set2 work on captured 1-D float, int, long and double accessors");
    }

    @Test
    void aWideStoreThroughAReadAccessorIsRejected() {
        var a = Faces.accessor(WideAccess.OfLong.class, 1, "READ");
        assertThatThrownBy(() -> Lambdas.lower(1, it -> a.set4(0, Long4.splat(1L))))
                .isInstanceOf(LoweringException.class).hasMessageContaining("call to WideAccess.OfLong.set4 on a read-only accessor");
    }

    @Test
    void theTestDoublesAreTheRuntimesRecords() {
        // Same generator and template as the runtime's (CodegenTest); here, that they behave as records of their lanes.
        assertThat(new Float4(1, 2, 3, 4).get(3)).isEqualTo(4f);
        assertThat(Int8.splat(2).add(Int8.splat(3)).sum()).isEqualTo(40);
        assertThatThrownBy(() -> Float4.splat(0).get(4)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("lane 4 out of bounds for 4 lanes");
    }

    @Test
    void everyVectorTypeIsAGeneratedRecordWithItsLanesAndThereAreNoOthers() throws Exception {
        // The generator (codegen's Codegen) has its own table of the records; the lowering recognizes them through
        // VectorType: the two must agree on which records exist and on their lanes, in order.
        for (VectorType t : VectorType.ALL) {
            Class<?> c = Class.forName(t.internalName().replace('/', '.'));
            assertThat(c.isRecord()).as(c.getName()).isTrue();
            assertThat(Arrays.stream(c.getRecordComponents()).map(RecordComponent::getName).toList()).as(c.getName())
                    .isEqualTo(t.lanes());
            assertThat(Arrays.stream(c.getRecordComponents()).map(r -> r.getType().getName()).distinct().toList())
                    .as(c.getName()).containsExactly(t.javaElement());
        }
        // The compiled records, in kernel-api's jar (the generated sources exist only where Maven built them).
        assertThat(Lambdas.apiClasses().stream().filter(n -> n.matches("io/jsycl/[A-Z][a-z]+\\d+")).toList())
                .isEqualTo(VectorType.ALL.stream().map(VectorType::internalName).sorted().toList());
    }
}
