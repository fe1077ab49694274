package io.jsycl.lowering;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The jsycl API as the lowering knows it: every member of the kernel-facing classes of {@code io.jsycl} that a kernel
 * may use, named as javac writes a call or a field read into a class file (owner's internal name, member name,
 * descriptor), with what the lowering makes of it. The lowering recognizes the API through this table and these
 * names; the {@code tests} module checks the table by reflection against the runtime's classes, both ways, so that a
 * member added to, renamed in or removed from the API without the lowering following fails a test that names it.
 *
 * <p>Members a kernel cannot use (an accessor's {@code range()}, {@code DeviceArray.close()}, the {@code Object}
 * methods of the vector records...) are not in the table; the lowering rejects a call to them with a
 * {@link LoweringException}.
 */
public final class LoweredApi {
    /** {@code io.jsycl.Item}, the item of a kernel over a range. */
    public static final String ITEM = "io/jsycl/Item";
    /** {@code io.jsycl.NdItem}, the item of an nd-range kernel. */
    public static final String ND_ITEM = "io/jsycl/NdItem";
    /** {@code io.jsycl.Builtins}, OpenCL built-ins Java has no equivalent for. */
    public static final String BUILTINS = "io/jsycl/Builtins";
    /** {@code io.jsycl.Fence}, the memory a barrier orders. */
    public static final String FENCE = "io/jsycl/Fence";
    /** {@code io.jsycl.GroupOp}, the operation of a work-group or sub-group algorithm. */
    public static final String GROUP_OP = "io/jsycl/GroupOp";
    /** {@code io.jsycl.SpecConstant}, a specialization constant. */
    public static final String SPEC_CONSTANT = "io/jsycl/SpecConstant";
    /** {@code io.jsycl.Accessor.OfRecord}, an accessor over a buffer of records. */
    public static final String RECORD_ACCESSOR = "io/jsycl/Accessor$OfRecord";

    static final String ACCESSOR_PREFIX = "io/jsycl/Accessor$Of";
    static final String LOCAL_ACCESSOR_PREFIX = "io/jsycl/LocalAccessor$Of";
    static final String DEVICE_ARRAY_PREFIX = "io/jsycl/DeviceArray$Of";
    static final String REDUCER_PREFIX = "io/jsycl/Reducer$Of";

    /** What the lowering makes of a member. */
    public enum Role {
        /** An id, range or count of {@code Item} or {@code NdItem}: an OpenCL work-item function. */
        ITEM_QUERY,
        /** {@code NdItem.barrier}: an OpenCL {@code barrier}. */
        BARRIER,
        /** A work-group algorithm of {@code NdItem}: a helper exchanging values through local memory. */
        GROUP_ALGORITHM,
        /** A sub-group query or operation of {@code NdItem}: a helper built on one shuffle primitive. */
        SUB_GROUP,
        /** {@code size()}, {@code get} or {@code set} of an accessor, local accessor or device array. */
        ACCESS,
        /** {@code getN}/{@code setN} of an accessor: a vector load or store of a vector record. */
        WIDE_ACCESS,
        /** An atomic of an accessor, local accessor or device array. */
        ATOMIC,
        /** {@code Reducer.combine}: folds a value into the work-item's accumulator. */
        REDUCER,
        /** A method of {@code io.jsycl.Builtins}: the OpenCL C built-in of the same meaning. */
        BUILT_IN,
        /** {@code Fence.LOCAL} or {@code Fence.GLOBAL}: a barrier's memory flags. */
        FENCE,
        /** A {@code GroupOp} constant: the operation of an algorithm, chosen when the kernel is lowered. */
        GROUP_OP,
        /** {@code SpecConstant.get()}: the constant's macro. */
        SPEC_CONSTANT,
        /** {@code get(lane)} of a vector record: a struct field, or a helper for a lane known only at run time. */
        VECTOR_LANE,
        /**
         * A vector record's constructor, component or other method: lowered as any record of primitives (struct
         * value, struct field, device function from the method's bytecode).
         */
        VECTOR_RECORD
    }

    /**
     * One member of the API.
     *
     * @param owner the internal name of the class a call names, e.g. {@code io/jsycl/Accessor$OfFloat} (the class of
     *     the receiver, which may inherit the member)
     * @param name the method or field name; {@code <init>} for a constructor
     * @param descriptor the method or field descriptor, e.g. {@code (I)F}
     * @param role what the lowering makes of it
     */
    public record Member(String owner, String name, String descriptor, Role role) {
        /**
         * Checks the components.
         *
         * @param owner the owner's internal name, not null
         * @param name the member's name, not null
         * @param descriptor the member's descriptor, not null
         * @param role what the lowering makes of it, not null
         * @throws NullPointerException when a component is null
         */
        public Member {
            Objects.requireNonNull(owner, "owner");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(descriptor, "descriptor");
            Objects.requireNonNull(role, "role");
        }

        /**
         * Whether the member is a field (its descriptor is a field descriptor).
         *
         * @return true for a field, false for a method or constructor
         */
        public boolean isField() {
            return !descriptor.startsWith("(");
        }
    }

    private static final Map<String, Member> MEMBERS = Collections.unmodifiableMap(build());

    private LoweredApi() {
    }

    /**
     * Every member the lowering knows, grouped by class.
     *
     * @return the members; unmodifiable
     */
    public static List<Member> members() {
        return List.copyOf(MEMBERS.values());
    }

    /**
     * The member a call or field read names, or null if the lowering does not know it.
     *
     * @param owner the owner's internal name
     * @param name the member's name
     * @param descriptor its descriptor
     * @return the member, or null
     */
    public static Member find(String owner, String name, String descriptor) {
        return MEMBERS.get(owner + "." + name + descriptor);
    }

    /** The role of the member, or null if the lowering does not know it. */
    static Role role(String owner, String name, String descriptor) {
        Member m = find(owner, name, descriptor);
        return m == null ? null : m.role();
    }

    /**
     * The accessor class of an element type.
     *
     * @param element the element type
     * @return e.g. {@code io/jsycl/Accessor$OfFloat}
     */
    public static String accessor(ScalarType element) {
        return ACCESSOR_PREFIX + suffix(element);
    }

    /**
     * The local accessor class of an element type.
     *
     * @param element the element type
     * @return e.g. {@code io/jsycl/LocalAccessor$OfFloat}
     */
    public static String localAccessor(ScalarType element) {
        return LOCAL_ACCESSOR_PREFIX + suffix(element);
    }

    /**
     * The device array class of an element type.
     *
     * @param element the element type
     * @return e.g. {@code io/jsycl/DeviceArray$OfFloat}
     */
    public static String deviceArray(ScalarType element) {
        return DEVICE_ARRAY_PREFIX + suffix(element);
    }

    /**
     * The reducer class of a reduction's type.
     *
     * @param type {@code INT}, {@code LONG}, {@code FLOAT} or {@code DOUBLE}
     * @return e.g. {@code io/jsycl/Reducer$OfFloat}
     */
    public static String reducer(ScalarType type) {
        return REDUCER_PREFIX + suffix(type);
    }

    /** Classes of the jsycl API package itself ({@code io/jsycl/X}): never lowered as device functions. */
    static boolean isApiClass(String owner) {
        return owner.startsWith("io/jsycl/") && owner.indexOf('/', "io/jsycl/".length()) < 0;
    }

    /** {@code Int}, {@code Float}...: the suffix of {@code Accessor$Of...} and the other per-type API classes. */
    static String suffix(ScalarType t) {
        return t.name().charAt(0) + t.name().substring(1).toLowerCase(Locale.ROOT);
    }

    private static Map<String, Member> build() {
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
