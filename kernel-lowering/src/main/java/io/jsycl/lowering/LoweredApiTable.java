package io.jsycl.lowering;

import static io.jsycl.lowering.LoweredApi.BUILTINS;
import static io.jsycl.lowering.LoweredApi.FENCE;
import static io.jsycl.lowering.LoweredApi.GROUP_OP;
import static io.jsycl.lowering.LoweredApi.ITEM;
import static io.jsycl.lowering.LoweredApi.ND_ITEM;
import static io.jsycl.lowering.LoweredApi.RECORD_ACCESSOR;
import static io.jsycl.lowering.LoweredApi.SPEC_CONSTANT;
import static io.jsycl.lowering.LoweredApi.accessor;
import static io.jsycl.lowering.LoweredApi.deviceArray;
import static io.jsycl.lowering.LoweredApi.localAccessor;
import static io.jsycl.lowering.LoweredApi.reducer;

import io.jsycl.lowering.LoweredApi.Member;
import io.jsycl.lowering.LoweredApi.Role;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The members of {@link LoweredApi}, written down: per family of API classes (the items, the accessors, local
 * accessors and device arrays of each element type, the reducers, {@code io.jsycl.Builtins}, the constants, the
 * vector records), the methods a kernel may call, as {@code name(parameters)return}.
 */
final class LoweredApiTable {
    private LoweredApiTable() {
    }

    /** Every member, by {@code owner.name descriptor}, grouped by class. */
    static Map<String, Member> build() {
        var b = new Builder();
        for (String owner : List.of(ITEM, ND_ITEM)) {
            b.add(owner, Role.ITEM_QUERY, "dimensions()I");
        }
        b.add(ITEM, Role.ITEM_QUERY, "id(I)I", "range(I)I", "linearId()J");
        b.add(ND_ITEM, Role.ITEM_QUERY, "globalId(I)I", "localId(I)I", "groupId(I)I", "globalRange(I)I",
                "localRange(I)I", "groupRange(I)I", "globalLinearId()J", "localLinearId()J");
        b.add(ND_ITEM, Role.BARRIER, "barrier()V", "barrier(L" + FENCE + ";)V");
        b.add(ND_ITEM, Role.GROUP_ALGORITHM, "anyOfGroup(Z)Z", "allOfGroup(Z)Z", "noneOfGroup(Z)Z");
        b.add(ND_ITEM, Role.SUB_GROUP, "subGroupLocalId()I", "subGroupId()I", "subGroupSize()I", "subGroupMaxSize()I",
                "subGroupCount()I", "anyOfSubGroup(Z)Z", "allOfSubGroup(Z)Z", "noneOfSubGroup(Z)Z");
        String op = "L" + GROUP_OP + ";";
        for (String t : List.of("I", "J", "F", "D")) {
            b.add(ND_ITEM, Role.GROUP_ALGORITHM, "reduceOverGroup(" + t + op + ")" + t,
                    "inclusiveScanOverGroup(" + t + op + ")" + t, "exclusiveScanOverGroup(" + t + op + ")" + t,
                    "groupBroadcast(" + t + "I)" + t);
            b.add(ND_ITEM, Role.SUB_GROUP, "reduceOverSubGroup(" + t + op + ")" + t,
                    "inclusiveScanOverSubGroup(" + t + op + ")" + t, "exclusiveScanOverSubGroup(" + t + op + ")" + t,
                    "subGroupBroadcast(" + t + "I)" + t, "shuffle(" + t + "I)" + t, "shuffleXor(" + t + "I)" + t,
                    "shuffleDown(" + t + "I)" + t, "shuffleUp(" + t + "I)" + t);
        }
        for (ScalarType t : ScalarType.values()) {
            String d = t.descriptor();
            boolean atomics = t == ScalarType.INT || t == ScalarType.LONG || t == ScalarType.FLOAT;
            for (String owner : List.of(accessor(t), localAccessor(t))) {
                accesses(b, owner, d, 3, atomics);
            }
            accesses(b, deviceArray(t), d, 1, atomics);
            for (int width : VectorType.WIDTHS) {
                VectorType v = VectorType.of(t, width);
                if (v != null) {
                    String vd = "L" + v.internalName() + ";";
                    b.add(accessor(t), Role.WIDE_ACCESS, "get" + width + "(I)" + vd, "set" + width + "(I" + vd + ")V");
                }
            }
        }
        accesses(b, RECORD_ACCESSOR, "Ljava/lang/Record;", 3, false);
        for (ScalarType t : List.of(ScalarType.INT, ScalarType.LONG, ScalarType.FLOAT, ScalarType.DOUBLE)) {
            b.add(reducer(t), Role.REDUCER, "combine(" + t.descriptor() + ")V");
        }
        b.add(BUILTINS, Role.BUILT_IN, "mad(FFF)F", "mad(DDD)D", "clamp(FFF)F", "clamp(DDD)D", "clamp(III)I",
                "clamp(JJJ)J", "mix(FFF)F", "mix(DDD)D", "step(FF)F", "smoothstep(FFF)F", "rsqrt(F)F", "rsqrt(D)D",
                "nativeExp(F)F", "nativeLog(F)F", "nativeSin(F)F", "nativeCos(F)F", "nativeSqrt(F)F", "nativeRsqrt(F)F",
                "nativeRecip(F)F", "nativeDivide(FF)F", "nativePowr(FF)F", "mulHi(II)I", "mulHi(JJ)J", "popcount(I)I",
                "clz(I)I");
        b.field(FENCE, Role.FENCE, List.of("LOCAL", "GLOBAL"));
        b.field(GROUP_OP, Role.GROUP_OP, List.of("SUM", "PRODUCT", "MIN", "MAX", "AND", "OR", "XOR"));
        b.add(SPEC_CONSTANT, Role.SPEC_CONSTANT, "get()Ljava/lang/Object;");
        for (VectorType v : VectorType.ALL) {
            vectorRecord(b, v);
        }
        return b.members;
    }

    /** {@code size()}, {@code get} and {@code set} with 1 to {@code dims} int indexes, and the atomics. */
    private static void accesses(Builder b, String owner, String d, int dims, boolean atomics) {
        b.add(owner, Role.ACCESS, "size()I");
        for (int n = 1; n <= dims; n++) {
            String indexes = "I".repeat(n);
            b.add(owner, Role.ACCESS, "get(" + indexes + ")" + d, "set(" + indexes + d + ")V");
        }
        if (atomics) {
            b.add(owner, Role.ATOMIC, "atomicAdd(I" + d + ")" + d, "atomicMin(I" + d + ")" + d,
                    "atomicMax(I" + d + ")" + d, "atomicExchange(I" + d + ")" + d,
                    "atomicCompareExchange(I" + d + d + ")" + d);
        }
    }

    /** A vector record's constructor, lanes, {@code get(lane)} and arithmetic (see the records' template). */
    private static void vectorRecord(Builder b, VectorType v) {
        String owner = v.internalName();
        String e = v.element().descriptor();
        String self = "L" + owner + ";";
        b.add(owner, Role.VECTOR_RECORD, "<init>(" + e.repeat(v.width()) + ")V", "splat(" + e + ")" + self,
                "sum()" + e, "mul(" + e + ")" + self);
        for (String lane : v.lanes()) {
            b.add(owner, Role.VECTOR_RECORD, lane + "()" + e);
        }
        b.add(owner, Role.VECTOR_LANE, "get(I)" + e);
        List<String> binary = new ArrayList<>(List.of("add", "sub", "mul", "div", "min", "max"));
        if (v.element() == ScalarType.INT || v.element() == ScalarType.LONG) {
            binary.addAll(List.of("and", "or", "xor"));
        }
        for (String name : binary) {
            b.add(owner, Role.VECTOR_RECORD, name + "(" + self + ")" + self);
        }
    }

    private static final class Builder {
        final Map<String, Member> members = new LinkedHashMap<>();

        /** Adds methods written {@code name(params)return}. */
        void add(String owner, Role role, String... methods) {
            for (String m : methods) {
                int paren = m.indexOf('(');
                put(new Member(owner, m.substring(0, paren), m.substring(paren), role));
            }
        }

        void field(String owner, Role role, List<String> names) {
            for (String n : names) {
                put(new Member(owner, n, "L" + owner + ";", role));
            }
        }

        private void put(Member m) {
            if (members.putIfAbsent(m.owner() + "." + m.name() + m.descriptor(), m) != null) {
                throw new IllegalStateException("twice in the table: " + m);
            }
        }
    }
}
