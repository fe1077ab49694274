package io.jsycl.lowering;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The jsycl API as the lowering knows it: the members of {@code io.jsycl} that a kernel may use, each with what the
 * lowering makes of it. The API declares them itself: each such member carries {@code @io.jsycl.Lowered(role)}, and
 * this class reads those annotations from the API's class files through the kernel's class loader (as the lowering
 * reads the kernel's own bytecode), so the API and the lowering cannot disagree about what a kernel may call.
 *
 * <p>A call names the class of its receiver ({@code io/jsycl/Accessor$OfFloat.get(I)F}); the member is looked up there
 * and, failing an annotated declaration, in its supertypes of {@code io.jsycl} ({@code WideAccess.OfFloat},
 * {@code GridAccess.OfFloat}, {@code ArrayAccess.OfFloat}, where {@code get(int)} is declared). Members a kernel cannot
 * use (an accessor's {@code range()}, {@code DeviceArray.close()}, the {@code Object} methods of the vector records...)
 * carry no annotation; the lowering rejects a call to them with a {@link LoweringException}.
 */
public final class LoweredApi {
    /** {@code io.jsycl.Item}, the item of a kernel over a range. */
    public static final String ITEM = "io/jsycl/Item";
    /** {@code io.jsycl.NdItem}, the item of an nd-range kernel. */
    public static final String ND_ITEM = "io/jsycl/NdItem";
    /** {@code io.jsycl.SpecConstant}, a specialization constant. */
    public static final String SPEC_CONSTANT = "io/jsycl/SpecConstant";
    /** {@code io.jsycl.Accessor.OfRecord}, an accessor over a buffer of records. */
    public static final String RECORD_ACCESSOR = "io/jsycl/Accessor$OfRecord";

    static final String ACCESSOR_PREFIX = "io/jsycl/Accessor$Of";
    static final String LOCAL_ACCESSOR_PREFIX = "io/jsycl/LocalAccessor$Of";
    static final String DEVICE_ARRAY_PREFIX = "io/jsycl/DeviceArray$Of";
    static final String REDUCER_PREFIX = "io/jsycl/Reducer$Of";

    /**
     * What the lowering makes of a member: one constant per constant of {@code io.jsycl.Lowered.As}, by the same name
     * (the API's annotations name these).
     */
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
        /** An atomic of an accessor, local accessor or device array, or {@code Atomics.fence}. */
        ATOMIC,
        /** A {@code MemoryOrder} constant: an atomic's order, chosen when the kernel is lowered. */
        MEMORY_ORDER,
        /** A {@code MemoryScope} constant: an atomic's scope, chosen when the kernel is lowered. */
        MEMORY_SCOPE,
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
     * @param owner the internal name of the class that declares it, e.g. {@code io/jsycl/ArrayAccess$OfFloat}
     * @param name the method or field name; {@code <init>} for a constructor
     * @param descriptor the method or field descriptor, e.g. {@code (I)F}
     * @param role what the lowering makes of it
     * @param c for {@link Role#BUILT_IN}, the OpenCL C function it is; empty otherwise
     */
    public record Member(String owner, String name, String descriptor, Role role, String c) {
        /**
         * Checks the components.
         *
         * @param owner the owner's internal name, not null
         * @param name the member's name, not null
         * @param descriptor the member's descriptor, not null
         * @param role what the lowering makes of it, not null
         * @param c the C function of a built-in, not null (empty where there is none)
         * @throws NullPointerException when a component is null
         */
        public Member {
            Objects.requireNonNull(owner, "owner");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(descriptor, "descriptor");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(c, "c");
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

    /** The descriptor of the annotation that marks a member a kernel may use. */
    static final String LOWERED = "Lio/jsycl/Lowered;";

    /** The API's classes read so far, by internal name: one API per JVM, as one jsycl is on its class path. */
    private static final Map<String, ApiClass> CLASSES = new ConcurrentHashMap<>();

    private LoweredApi() {
    }

    /**
     * The member a call or field read names, or null if a kernel may not use it (or it is not jsycl's).
     *
     * @param loader a loader that sees the jsycl API's class files (the kernel's)
     * @param owner the owner's internal name, as the call names it
     * @param name the member's name
     * @param descriptor its descriptor
     * @return the member, as its annotated declaration says; or null
     */
    public static Member find(ClassLoader loader, String owner, String name, String descriptor) {
        if (!isApiClass(owner)) {
            return null;
        }
        ApiClass c = apiClass(loader, owner);
        if (c == null) {
            return null;
        }
        Member m = c.members().get(name + descriptor);
        if (m != null) {
            return m;
        }
        for (String supertype : c.supertypes()) {
            Member inherited = find(loader, supertype, name, descriptor);
            if (inherited != null) {
                return inherited;
            }
        }
        return null;
    }

    /**
     * The members a class of the API declares with their roles (not those it inherits).
     *
     * @param loader a loader that sees the class file
     * @param owner the class's internal name
     * @return its annotated members, in the class file's order; empty if it has none or is not jsycl's
     */
    public static List<Member> declaredIn(ClassLoader loader, String owner) {
        ApiClass c = isApiClass(owner) ? apiClass(loader, owner) : null;
        return c == null ? List.of() : List.copyOf(c.members().values());
    }

    /** The role of the member, or null if a kernel may not use it. */
    static Role role(ClassLoader loader, String owner, String name, String descriptor) {
        Member m = find(loader, owner, name, descriptor);
        return m == null ? null : m.role();
    }

    /** The class, read from its class file; null (and not remembered) if the loader has none. */
    private static ApiClass apiClass(ClassLoader loader, String owner) {
        ApiClass known = CLASSES.get(owner);
        if (known != null) {
            return known;
        }
        byte[] bytes;
        try (InputStream in = loader.getResourceAsStream(owner + ".class")) {
            if (in == null) {
                return null;
            }
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("reading the class file of " + owner.replace('/', '.'), e);
        }
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        Map<String, Member> members = new LinkedHashMap<>();
        // Public members only: a vector record's private fields carry their components' annotation too.
        for (FieldNode f : node.fields) {
            if ((f.access & Opcodes.ACC_PUBLIC) != 0) {
                annotated(owner, f.name, f.desc, f.visibleAnnotations, members);
            }
        }
        for (MethodNode m : node.methods) {
            if ((m.access & Opcodes.ACC_PUBLIC) != 0) {
                annotated(owner, m.name, m.desc, m.visibleAnnotations, members);
            }
        }
        List<String> supertypes = new ArrayList<>(node.interfaces);
        if (node.superName != null) {
            supertypes.addFirst(node.superName);
        }
        ApiClass c = new ApiClass(Collections.unmodifiableMap(members), List.copyOf(supertypes));
        ApiClass raced = CLASSES.putIfAbsent(owner, c);
        return raced != null ? raced : c;
    }

    /** Adds the member to {@code into} if it carries {@code @Lowered}. */
    private static void annotated(String owner, String name, String descriptor, List<AnnotationNode> annotations,
            Map<String, Member> into) {
        if (annotations == null) {
            return;
        }
        for (AnnotationNode a : annotations) {
            if (!a.desc.equals(LOWERED) || a.values == null) {
                continue;
            }
            Role role = null;
            String c = "";
            for (int i = 0; i + 1 < a.values.size(); i += 2) {
                Object value = a.values.get(i + 1);
                switch ((String) a.values.get(i)) {
                    case "value" -> role = Role.valueOf(((String[]) value)[1]);
                    case "c" -> c = (String) value;
                    default -> throw new IllegalStateException("@Lowered has no element " + a.values.get(i));
                }
            }
            into.put(name + descriptor, new Member(owner, name, descriptor, role, c));
        }
    }

    /** What the lowering keeps of an API class: its annotated members by name and descriptor, and its supertypes. */
    private record ApiClass(Map<String, Member> members, List<String> supertypes) {
    }

    /**
     * Whether a captured value of class {@code internalName} may be used as an accessor, local accessor or device
     * array of {@code element} type: one of the kernel-facing interfaces of that element type ({@code ArrayAccess},
     * {@code GridAccess}, {@code WideAccess}).
     */
    static boolean isFace(String internalName, String elementSuffix) {
        for (String face : FACES) {
            if (internalName.equals(face + elementSuffix)) {
                return true;
            }
        }
        return false;
    }

    private static final List<String> FACES = List.of("io/jsycl/AtomicAccess$Of", "io/jsycl/ArrayAccess$Of",
            "io/jsycl/GridAccess$Of", "io/jsycl/WideAccess$Of");

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

    /**
     * The element type of an accessor class, e.g. {@code FLOAT} for {@code io/jsycl/Accessor$OfFloat}.
     *
     * @param internalName a class's internal name
     * @return the element type, or null if it is not an accessor of a primitive type
     */
    public static ScalarType accessorElement(String internalName) {
        return element(internalName, ACCESSOR_PREFIX);
    }

    /**
     * The element type of a local accessor class, e.g. {@code FLOAT} for {@code io/jsycl/LocalAccessor$OfFloat}.
     *
     * @param internalName a class's internal name
     * @return the element type, or null if it is not a local accessor
     */
    public static ScalarType localAccessorElement(String internalName) {
        return element(internalName, LOCAL_ACCESSOR_PREFIX);
    }

    /**
     * The type of a reducer class, e.g. {@code FLOAT} for {@code io/jsycl/Reducer$OfFloat}.
     *
     * @param internalName a class's internal name
     * @return the reduction's type, or null if it is not a reducer
     */
    public static ScalarType reducerElement(String internalName) {
        return element(internalName, REDUCER_PREFIX);
    }

    private static ScalarType element(String internalName, String prefix) {
        if (!internalName.startsWith(prefix)) {
            return null;
        }
        String suffix = internalName.substring(prefix.length());
        for (ScalarType t : ScalarType.values()) {
            if (suffix(t).equals(suffix)) {
                return t;
            }
        }
        return null;
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
