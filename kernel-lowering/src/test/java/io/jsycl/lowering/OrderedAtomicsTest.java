package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Atomics;
import io.jsycl.GridAccess;
import io.jsycl.ItemKernel;
import io.jsycl.MemoryOrder;
import io.jsycl.MemoryScope;
import io.jsycl.NdItemKernel;
import io.jsycl.WideAccess;
import org.junit.jupiter.api.Test;

/**
 * Atomics with a memory order and scope, atomic loads and stores, and {@code Atomics.fence}: the relaxed atomic between
 * fences in a helper per use, the orders and scopes recorded for the runtime, and the orders a load or store cannot
 * have refused. The tests module's AtomicOrderTest runs them against Java on every device.
 */
class OrderedAtomicsTest {
    static NdItemKernel publish(WideAccess.OfInt data, WideAccess.OfInt flags, WideAccess.OfLong totals,
            WideAccess.OfFloat sums, GridAccess.OfInt local) {
        return it -> {
            int i = it.globalId(0);
            data.set(i, i);
            flags.atomicStore(it.groupId(0), 1, MemoryOrder.RELEASE, MemoryScope.DEVICE);
            int seen = flags.atomicLoad(0, MemoryOrder.ACQUIRE, MemoryScope.DEVICE);
            totals.atomicAdd(0, seen, MemoryOrder.ACQ_REL, MemoryScope.DEVICE);
            sums.atomicAdd(0, 0.5f, MemoryOrder.SEQ_CST, MemoryScope.DEVICE);
            local.atomicMax(0, i, MemoryOrder.RELAXED, MemoryScope.WORK_GROUP);
            local.atomicCompareExchange(1, 0, i, MemoryOrder.ACQ_REL, MemoryScope.WORK_GROUP);
            flags.atomicExchange(1, flags.atomicLoad(2), MemoryOrder.RELAXED, MemoryScope.WORK_ITEM);
            Atomics.fence(MemoryOrder.RELEASE, MemoryScope.WORK_GROUP);
        };
    }

    @Test
    void orderedAtomicsAreRelaxedAtomicsBetweenFences() throws Exception {
        LoweredKernel k = Lambdas.lowerNd(1, publish(Faces.accessor(WideAccess.OfInt.class, 1, "READ_WRITE"),
                Faces.accessor(WideAccess.OfInt.class, 1, "READ_WRITE"),
                Faces.accessor(WideAccess.OfLong.class, 1, "READ_WRITE"),
                Faces.accessor(WideAccess.OfFloat.class, 1, "READ_WRITE"), Faces.local(GridAccess.OfInt.class, 2)));
        Golden.check("orderedAtomics", k);
        assertThat(k.source()).contains(
                "JSYCL_FENCE(memory_order_release, memory_scope_device);\n    JSYCL_ATOMIC_ACCESS_STORE(int, __global, p, v);",
                "int old = JSYCL_ATOMIC_ACCESS_LOAD(int, __global, p);\n    JSYCL_FENCE(memory_order_acquire, memory_scope_device);",
                "JSYCL_FENCE(memory_order_seq_cst, memory_scope_device);",
                "atomic_max(&", // relaxed: the plain atomic
                "JSYCL_FENCE(memory_order_release, memory_scope_work_group);", // the fence
                "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable");
        assertThat(k.source()).doesNotContain("memory_scope_work_item");
        String clang = Lambdas.clang();
        if (clang != null) { // Golden compiles it as OpenCL C 1.2; the runtime builds it as 3.0 or 2.0 where it can
            assertThat(Lambdas.clangCheck(clang, k.source(), "CL3.0")).isEmpty();
            assertThat(Lambdas.clangCheck(clang, k.source(), "CL2.0")).isEmpty();
        }
        // acq_rel, seq_cst; work-group and device scopes: CL_DEVICE_ATOMIC_* bits
        assertThat(k.atomicFences()).isEqualTo(OrderedAtomics.ORDER_ACQ_REL | OrderedAtomics.ORDER_SEQ_CST
                | OrderedAtomics.SCOPE_WORK_GROUP | OrderedAtomics.SCOPE_DEVICE);
    }

    static ItemKernel relaxedOnly(WideAccess.OfInt a) {
        return it -> a.atomicStore(it.id(0), a.atomicLoad(it.id(0) + 1) + a.atomicAdd(0, 1, MemoryOrder.RELAXED,
                MemoryScope.SYSTEM));
    }

    @Test
    void relaxedAtomicsNeedNoFenceAndNoNewerOpenClC() {
        LoweredKernel k = Lambdas.lower(1, relaxedOnly(Faces.accessor(WideAccess.OfInt.class, 1, "READ_WRITE")));
        assertThat(k.atomicFences()).isZero();
        assertThat(k.source()).contains("JSYCL_ATOMIC_ACCESS_STORE(int, __global, &", "atomic_add(&")
                .doesNotContain("JSYCL_FENCE(");
    }

    static ItemKernel releasingLoad(WideAccess.OfInt a) {
        return it -> a.set(it.id(0), a.atomicLoad(0, MemoryOrder.RELEASE, MemoryScope.DEVICE));
    }

    static ItemKernel acquiringStore(WideAccess.OfInt a) {
        return it -> a.atomicStore(0, 1, MemoryOrder.ACQ_REL, MemoryScope.DEVICE);
    }

    static ItemKernel orderThroughAMethod(WideAccess.OfInt a) {
        return it -> bump(a, MemoryOrder.RELEASE);
    }

    static void bump(WideAccess.OfInt a, MemoryOrder order) {
        a.atomicAdd(0, 1, order, MemoryScope.DEVICE);
    }

    @Test
    void ordersALoadOrAStoreCannotHaveAndOrdersPassedToMethodsAreRefused() {
        var a = Faces.accessor(WideAccess.OfInt.class, 1, "READ_WRITE");
        assertThatThrownBy(() -> Lambdas.lower(1, releasingLoad(a))).isInstanceOf(LoweringException.class)
                .hasMessageContaining("a load cannot release; use MemoryOrder.ACQUIRE");
        assertThatThrownBy(() -> Lambdas.lower(1, acquiringStore(a))).isInstanceOf(LoweringException.class)
                .hasMessageContaining("a store cannot acquire; use MemoryOrder.RELEASE");
        assertThatThrownBy(() -> Lambdas.lower(1, orderThroughAMethod(a))).isInstanceOf(LoweringException.class)
                .hasMessageContaining("passing a MemoryOrder or MemoryScope to");
    }
}
