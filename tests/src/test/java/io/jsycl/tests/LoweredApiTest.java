package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Accessor;
import io.jsycl.Builtins;
import io.jsycl.DeviceArray;
import io.jsycl.Double2;
import io.jsycl.Double4;
import io.jsycl.Double8;
import io.jsycl.Fence;
import io.jsycl.Float2;
import io.jsycl.Float4;
import io.jsycl.Float8;
import io.jsycl.GroupOp;
import io.jsycl.Int2;
import io.jsycl.Int4;
import io.jsycl.Int8;
import io.jsycl.Item;
import io.jsycl.LocalAccessor;
import io.jsycl.Long2;
import io.jsycl.Long4;
import io.jsycl.Long8;
import io.jsycl.NdItem;
import io.jsycl.Reducer;
import io.jsycl.SpecConstant;
import io.jsycl.lowering.LoweredApi;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link LoweredApi}, the lowering's table of the jsycl API, against the runtime's own classes, both ways: every member
 * the table lists exists with that descriptor, and every public member of the classes a kernel uses is either in the
 * table or in {@link #HOST_ONLY} below. A member added to the API, renamed or removed without the lowering (or this
 * list) following fails here, naming the member.
 */
class LoweredApiTest {
    /** The vector records. */
    private static final List<Class<?>> VECTORS = List.of(Float2.class, Float4.class, Float8.class, Int2.class,
            Int4.class, Int8.class, Long2.class, Long4.class, Long8.class, Double2.class, Double4.class, Double8.class);

    /** The classes a kernel calls: their public methods are lowered or host-only. */
    private static final List<Class<?>> KERNEL_FACING = Stream.concat(Stream.of(Item.class, NdItem.class,
            Accessor.OfBoolean.class, Accessor.OfByte.class, Accessor.OfChar.class, Accessor.OfShort.class,
            Accessor.OfInt.class, Accessor.OfLong.class, Accessor.OfFloat.class, Accessor.OfDouble.class,
            Accessor.OfRecord.class,
            LocalAccessor.OfBoolean.class, LocalAccessor.OfByte.class, LocalAccessor.OfChar.class,
            LocalAccessor.OfShort.class, LocalAccessor.OfInt.class, LocalAccessor.OfLong.class,
            LocalAccessor.OfFloat.class, LocalAccessor.OfDouble.class,
            DeviceArray.OfBoolean.class, DeviceArray.OfByte.class, DeviceArray.OfChar.class, DeviceArray.OfShort.class,
            DeviceArray.OfInt.class, DeviceArray.OfLong.class, DeviceArray.OfFloat.class, DeviceArray.OfDouble.class,
            Reducer.OfInt.class, Reducer.OfLong.class, Reducer.OfFloat.class, Reducer.OfDouble.class,
            Builtins.class, SpecConstant.class), VECTORS.stream()).toList();

    /** The enums whose constants a kernel reads: each constant is in the table (their methods are Enum's). */
    private static final List<Class<?>> KERNEL_CONSTANTS = List.of(Fence.class, GroupOp.class);

    private static final List<String> ELEMENTS = List.of("Boolean", "Byte", "Char", "Short", "Int", "Long", "Float",
            "Double");

    /**
     * Public methods of the kernel-facing classes that kernels do not use, as {@code declaringClass.nameDescriptor}
     * (a method inherited from a superclass is listed once, under the class declaring it).
     */
    private static final Set<String> HOST_ONLY = hostOnly();

    private static Set<String> hostOnly() {
        Set<String> s = new TreeSet<>();
        // The Object methods a class declares again: a kernel has no objects to compare, hash or print.
        for (Class<?> c : VECTORS) {
            s.add(internal(c) + ".equals(Ljava/lang/Object;)Z");
            s.add(internal(c) + ".hashCode()I");
            s.add(internal(c) + ".toString()Ljava/lang/String;");
        }
        s.add("io/jsycl/DeviceArray.toString()Ljava/lang/String;");
        s.add("io/jsycl/SpecConstant.toString()Ljava/lang/String;");
        // What a command group asked for: the host's business; a kernel reads size() and its own item's ranges.
        s.add("io/jsycl/Accessor.mode()Lio/jsycl/AccessMode;");
        s.add("io/jsycl/Accessor.range()Lio/jsycl/Range;");
        s.add("io/jsycl/LocalAccessor.range()Lio/jsycl/Range;");
        // Indexing by an Id: a kernel indexes with one int per dimension, and the lowering rejects an Id with that
        // advice ("pass one int index per dimension").
        for (String e : ELEMENTS) {
            String d = descriptor(e);
            s.add("io/jsycl/Accessor$Of" + e + ".get(Lio/jsycl/Id;)" + d);
            s.add("io/jsycl/Accessor$Of" + e + ".set(Lio/jsycl/Id;" + d + ")V");
        }
        s.add("io/jsycl/Accessor$OfRecord.get(Lio/jsycl/Id;)Ljava/lang/Record;");
        s.add("io/jsycl/Accessor$OfRecord.set(Lio/jsycl/Id;Ljava/lang/Record;)V");
        // Factories and the end of a device array's life: a command group makes local accessors and a host program
        // device arrays; a kernel gets them as captures.
        for (String e : ELEMENTS) {
            s.add("io/jsycl/LocalAccessor.of" + e + "(Lio/jsycl/Handler;I)Lio/jsycl/LocalAccessor$Of" + e + ";");
            s.add("io/jsycl/LocalAccessor.of" + e + "(Lio/jsycl/Handler;Lio/jsycl/Range;)Lio/jsycl/LocalAccessor$Of" + e
                    + ";");
            s.add("io/jsycl/DeviceArray.of" + e + "(Lio/jsycl/Queue;I)Lio/jsycl/DeviceArray$Of" + e + ";");
        }
        s.add("io/jsycl/DeviceArray.close()V");
        // A specialization constant is made and named on the host; a kernel reads it with get().
        s.add("io/jsycl/SpecConstant.of(Ljava/lang/String;Ljava/lang/Object;)Lio/jsycl/SpecConstant;");
        s.add("io/jsycl/SpecConstant.name()Ljava/lang/String;");
        s.add("io/jsycl/SpecConstant.defaultValue()Ljava/lang/Object;");
        return s;
    }

    @Test
    void everyMemberOfTheTableExistsWithItsDescriptor() throws ClassNotFoundException {
        List<String> missing = new ArrayList<>();
        for (LoweredApi.Member m : LoweredApi.members()) {
            Class<?> owner = Class.forName(m.owner().replace('/', '.'));
            if (!exists(owner, m.name(), m.descriptor())) {
                missing.add(m.owner() + "." + m.name() + m.descriptor() + " (" + m.role() + ")");
            }
        }
        assertThat(missing).as("LoweredApi members the runtime's classes do not have").isEmpty();
    }

    @Test
    void everyPublicMethodOfAKernelFacingClassIsLoweredOrHostOnly() {
        List<String> unknown = new ArrayList<>();
        for (Class<?> c : KERNEL_FACING) {
            for (Method m : c.getMethods()) {
                if (m.getDeclaringClass() == Object.class || m.isSynthetic() || m.isBridge()) {
                    continue;
                }
                String desc = descriptor(m);
                if (LoweredApi.find(internal(c), m.getName(), desc) == null
                        && !HOST_ONLY.contains(internal(m.getDeclaringClass()) + "." + m.getName() + desc)) {
                    unknown.add(internal(c) + "." + m.getName() + desc);
                }
            }
            for (Constructor<?> k : c.getConstructors()) {
                String desc = MethodType.methodType(void.class, k.getParameterTypes()).toMethodDescriptorString();
                if (LoweredApi.find(internal(c), "<init>", desc) == null) {
                    unknown.add(internal(c) + ".<init>" + desc);
                }
            }
        }
        for (Class<?> c : KERNEL_CONSTANTS) {
            for (Field f : c.getFields()) {
                if (Modifier.isStatic(f.getModifiers())
                        && LoweredApi.find(internal(c), f.getName(), f.getType().descriptorString()) == null) {
                    unknown.add(internal(c) + "." + f.getName() + " " + f.getType().descriptorString());
                }
            }
        }
        assertThat(unknown).as("public members of kernel-facing classes that are neither in LoweredApi nor in this"
                + " test's HOST_ONLY list: add them to the lowering (and LoweredApi) or, with the reason, to HOST_ONLY")
                .isEmpty();
    }

    @Test
    void everyHostOnlyMethodExists() throws ClassNotFoundException {
        List<String> stale = new ArrayList<>();
        for (String h : HOST_ONLY) {
            int dot = h.indexOf('.');
            int paren = h.indexOf('(');
            Class<?> owner = Class.forName(h.substring(0, dot).replace('/', '.'));
            if (!exists(owner, h.substring(dot + 1, paren), h.substring(paren))) {
                stale.add(h);
            }
        }
        assertThat(stale).as("HOST_ONLY entries the runtime's classes do not have").isEmpty();
    }

    @Test
    void theTableHasNoMemberTwiceAndEveryRoleIsUsed() {
        List<LoweredApi.Member> members = LoweredApi.members();
        assertThat(members).doesNotHaveDuplicates();
        assertThat(members.stream().map(LoweredApi.Member::role).distinct())
                .containsExactlyInAnyOrder(LoweredApi.Role.values());
    }

    /** Whether {@code owner} has a public member {@code name} (a method, a constructor, a field) of {@code desc}. */
    private static boolean exists(Class<?> owner, String name, String desc) {
        if (name.equals("<init>")) {
            for (Constructor<?> k : owner.getConstructors()) {
                if (MethodType.methodType(void.class, k.getParameterTypes()).toMethodDescriptorString().equals(desc)) {
                    return true;
                }
            }
            return false;
        }
        if (!desc.startsWith("(")) {
            for (Field f : owner.getFields()) {
                if (f.getName().equals(name) && f.getType().descriptorString().equals(desc)) {
                    return true;
                }
            }
            return false;
        }
        for (Method m : owner.getMethods()) {
            if (m.getName().equals(name) && descriptor(m).equals(desc)) {
                return true;
            }
        }
        return false;
    }

    private static String descriptor(Method m) {
        return MethodType.methodType(m.getReturnType(), m.getParameterTypes()).toMethodDescriptorString();
    }

    /** The descriptor of an element type named as in {@code Accessor.OfInt}. */
    private static String descriptor(String element) {
        return switch (element) {
            case "Boolean" -> "Z";
            case "Byte" -> "B";
            case "Char" -> "C";
            case "Short" -> "S";
            case "Int" -> "I";
            case "Long" -> "J";
            case "Float" -> "F";
            default -> "D";
        };
    }

    private static String internal(Class<?> c) {
        return c.getName().replace('.', '/');
    }
}
