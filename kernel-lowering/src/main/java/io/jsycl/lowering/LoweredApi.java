package io.jsycl.lowering;

import java.util.Collections;
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

    private static final Map<String, Member> MEMBERS = Collections.unmodifiableMap(LoweredApiTable.build());

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
}
