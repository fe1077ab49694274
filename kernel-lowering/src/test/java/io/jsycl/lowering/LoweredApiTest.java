package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.objectweb.asm.Opcodes.*;

import io.jsycl.SpecConstant;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * {@link LoweredApi} against the lowering's own dispatch, over the real kernel-facing API (the kernel-api module's
 * classes): every member a class declares with {@code @Lowered} lowers (a kernel made of one use of it translates
 * without a {@link LoweringException}), a face's members through both an accessor and a local accessor. The
 * {@code tests} module checks that the lowering resolves every public member of the runtime's classes as Java's
 * reflection reads the annotations.
 */
class LoweredApiTest {
    /** The specialization constant the kernel for {@code SpecConstant.get()} reads. */
    static final SpecConstant<Integer> CONSTANT = SpecConstant.of("LOWERED_API_TEST", 7);

    private static final ClassLoader LOADER = LoweredApiTest.class.getClassLoader();

    /** The record of the kernels over an accessor of records. */
    record Pair(int a, float b) {
    }

    private static final String PAIR = Type.getInternalName(Pair.class);

    @Test
    void everyLoweredMemberLowers() throws Exception {
        List<String> failed = new ArrayList<>();
        List<LoweredApi.Member> members = members();
        for (LoweredApi.Member m : members) {
            for (boolean local : m.owner().matches("io/jsycl/(Atomic|Array|Grid)Access\\$Of(?!Record).*") ? List.of(false, true)
                    : List.of(false)) {
                try {
                    LoweredKernel k = KernelLowerer.lower(kernelUsing(m, local));
                    assertThat(k.source()).contains("__kernel void");
                    assertThat(m.role() == LoweredApi.Role.BUILT_IN).as("names a C built-in").isEqualTo(!m.c().isEmpty());
                } catch (LoweringException | IllegalArgumentException | IllegalStateException | AssertionError e) {
                    failed.add(m.owner() + "." + m.name() + m.descriptor() + " (" + m.role() + (local ? ", local" : "")
                            + "): " + e.getMessage());
                }
            }
        }
        assertThat(failed).as("members marked @Lowered that the lowering does not lower").isEmpty();
        assertThat(members.stream().map(LoweredApi.Member::role).distinct())
                .as("every role has members").containsExactlyInAnyOrder(LoweredApi.Role.values());
    }

    @Test
    void findResolvesThroughSupertypesAndOnlyToAnnotatedMembers() {
        assertThat(LoweredApi.find(LOADER, LoweredApi.ND_ITEM, "barrier", "(Lio/jsycl/Fence;)V"))
                .isEqualTo(new LoweredApi.Member(LoweredApi.ND_ITEM, "barrier", "(Lio/jsycl/Fence;)V",
                        LoweredApi.Role.BARRIER, ""));
        assertThat(LoweredApi.find(LOADER, LoweredApi.ND_ITEM, "shuffle", "(II)I").owner())
                .isEqualTo("io/jsycl/SubGroupItem");
        assertThat(LoweredApi.find(LOADER, "io/jsycl/Fence", "LOCAL", "Lio/jsycl/Fence;").isField()).isTrue();
        assertThat(LoweredApi.find(LOADER, "io/jsycl/WideAccess$OfFloat", "get", "(I)F").owner())
                .isEqualTo("io/jsycl/ArrayAccess$OfFloat");
        assertThat(LoweredApi.find(LOADER, "io/jsycl/GridAccess$OfBoolean", "atomicAdd", "(IZ)Z")).isNull();
        assertThat(LoweredApi.find(LOADER, "io/jsycl/Float4", "get", "(I)F").role()).isEqualTo(LoweredApi.Role.VECTOR_LANE);
        assertThat(LoweredApi.find(LOADER, "io/jsycl/Float4", "toString", "()Ljava/lang/String;")).isNull();
        assertThat(LoweredApi.find(LOADER, "io/jsycl/Builtins", "nativeExp", "(F)F").c()).isEqualTo("native_exp");
        assertThat(LoweredApi.find(LOADER, "io/jsycl/NoSuchClass", "get", "(I)F")).isNull();
        assertThat(LoweredApi.find(LOADER, "java/lang/Math", "sqrt", "(D)D")).isNull();
    }

    @Test
    void theApiClassesAreNamedAsJavacWritesThem() {
        assertThat(LoweredApi.accessor(ScalarType.CHAR)).isEqualTo("io/jsycl/Accessor$OfChar");
        assertThat(LoweredApi.localAccessor(ScalarType.INT)).isEqualTo("io/jsycl/LocalAccessor$OfInt");
        assertThat(LoweredApi.deviceArray(ScalarType.DOUBLE)).isEqualTo("io/jsycl/DeviceArray$OfDouble");
        assertThat(LoweredApi.reducer(ScalarType.LONG)).isEqualTo(Type.getInternalName(io.jsycl.Reducer.OfLong.class));
        assertThat(LoweredApi.accessorElement("io/jsycl/Accessor$OfInt")).isEqualTo(ScalarType.INT);
        assertThat(LoweredApi.localAccessorElement("io/jsycl/Accessor$OfInt")).isNull();
        assertThat(Type.getInternalName(io.jsycl.NdItem.class)).isEqualTo(LoweredApi.ND_ITEM);
        assertThat(Type.getInternalName(io.jsycl.Item.class)).isEqualTo(LoweredApi.ITEM);
        for (KernelShape s : KernelShape.values()) {
            assertThat(KernelShape.ofKernelInterface(s.kernelInterface())).isEqualTo(s);
        }
        assertThat(Type.getInternalName(io.jsycl.ReductionKernel.class)).isEqualTo(KernelShape.REDUCTION.kernelInterface());
    }

    /** Every member the kernel-api module's classes declare with {@code @Lowered}. */
    private static List<LoweredApi.Member> members() throws Exception {
        List<LoweredApi.Member> members = new ArrayList<>();
        for (String owner : Lambdas.apiClasses()) {
            members.addAll(LoweredApi.declaredIn(LOADER, owner));
        }
        return members;
    }

    /**
     * A kernel of one use of {@code m}: a static method taking the receiver as a capture (or the item, or the
     * reducer), calling {@code m} with zeros (or {@code GroupOp.SUM}, {@code Fence.LOCAL}, a new vector or record),
     * and dropping the result.
     */
    private static KernelRequest kernelUsing(LoweredApi.Member m, boolean local) throws ClassNotFoundException {
        String owner = m.owner();
        Type[] params = m.isField() ? new Type[0] : Type.getArgumentTypes(m.descriptor());
        KernelShape shape = owner.equals(LoweredApi.ITEM) ? KernelShape.ITEM : KernelShape.ND_ITEM;
        if (m.role() == LoweredApi.Role.SUB_GROUP || m.role() == LoweredApi.Role.GROUP_ALGORITHM) {
            owner = LoweredApi.ND_ITEM;
        }
        int dims = 3;
        List<Capture> captures = new ArrayList<>();
        List<String> descriptors = new ArrayList<>();
        ReductionSpec reduction = null;
        int indexes = switch (m.name()) {
            case "get" -> params.length;
            case "set" -> params.length - 1;
            default -> 1;
        };
        boolean face = owner.matches("io/jsycl/(Atomic|Array|Grid|Wide)Access\\$Of.*");
        if (face && owner.endsWith("$OfRecord")) {
            captures.add(new Capture.RecordAccessor(PAIR, List.of(ScalarType.INT, ScalarType.FLOAT), indexes,
                    AccessMode.READ_WRITE));
        } else if (face && local) {
            captures.add(new Capture.Local(element(owner), indexes));
        } else if (face) {
            captures.add(new Capture.Accessor(element(owner), indexes, AccessMode.READ_WRITE));
        } else if (owner.startsWith("io/jsycl/Reducer$Of")) {
            shape = KernelShape.REDUCTION;
            dims = 1;
            reduction = new ReductionSpec(element(owner), ReductionOp.SUM, null, null, null, "0");
        }
        if (!captures.isEmpty()) {
            descriptors.add("L" + owner + ";");
        }
        descriptors.add("L" + (shape == KernelShape.ITEM || shape == KernelShape.REDUCTION ? LoweredApi.ITEM
                : LoweredApi.ND_ITEM) + ";");
        if (reduction != null) {
            descriptors.add("L" + owner + ";");
        }
        String kernelDescriptor = "(" + String.join("", descriptors) + ")V";
        String name = "gen/Uses_" + KernelLowerer.mangle(owner + "_" + m.name() + m.descriptor());

        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(V17, ACC_PUBLIC | ACC_SUPER, name, null, "java/lang/Object", null);
        cw.visitSource("Uses.java", null);
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "k", kernelDescriptor, null, null);
        mv.visitCode();
        int item = captures.isEmpty() ? 0 : 1;
        switch (m.role()) {
            case FENCE, GROUP_OP, MEMORY_ORDER, MEMORY_SCOPE -> mv.visitFieldInsn(GETSTATIC, owner, m.name(),
                    m.descriptor());
            case SPEC_CONSTANT -> {
                mv.visitFieldInsn(GETSTATIC, Type.getInternalName(LoweredApiTest.class), "CONSTANT",
                        "L" + LoweredApi.SPEC_CONSTANT + ";");
                mv.visitMethodInsn(INVOKEVIRTUAL, owner, m.name(), m.descriptor(), false);
            }
            default -> {
                boolean constructor = m.name().equals("<init>");
                if (constructor) {
                    mv.visitTypeInsn(NEW, owner);
                    mv.visitInsn(DUP);
                } else if (!captures.isEmpty()) {
                    mv.visitVarInsn(ALOAD, 0);
                } else if (m.role() == LoweredApi.Role.ITEM_QUERY || m.role() == LoweredApi.Role.BARRIER
                        || m.role() == LoweredApi.Role.GROUP_ALGORITHM || m.role() == LoweredApi.Role.SUB_GROUP) {
                    mv.visitVarInsn(ALOAD, item);
                } else if (reduction != null) {
                    mv.visitVarInsn(ALOAD, item + 1);
                } else if (VectorType.of(owner) != null && !isStatic(m)) {
                    push(mv, Type.getObjectType(owner));
                }
                for (Type p : params) {
                    push(mv, p);
                }
                int opcode = constructor ? INVOKESPECIAL : isStatic(m) ? INVOKESTATIC
                        : Class.forName(owner.replace('/', '.')).isInterface() ? INVOKEINTERFACE : INVOKEVIRTUAL;
                mv.visitMethodInsn(opcode, owner, m.name(), m.descriptor(), opcode == INVOKEINTERFACE);
            }
        }
        Type result = m.isField() ? Type.getType(m.descriptor()) : m.name().equals("<init>") ? Type.getObjectType(owner)
                : Type.getReturnType(m.descriptor());
        if (result.getSort() != Type.VOID) {
            mv.visitInsn(result.getSize() == 2 ? POP2 : POP);
        }
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        ClassLoader loader = new OneClassLoader(name, cw.toByteArray());
        return new KernelRequest(loader, name, "k", kernelDescriptor, shape, dims, captures, false, reduction);
    }

    private static boolean isStatic(LoweredApi.Member m) {
        return m.role() == LoweredApi.Role.BUILT_IN || m.name().equals("splat") || m.owner().equals("io/jsycl/Atomics");
    }

    /**
     * Pushes a value of type {@code t}: zero, {@code GroupOp.SUM}, {@code Fence.LOCAL}, {@code MemoryOrder.SEQ_CST}
     * (which loads and stores take too), {@code MemoryScope.DEVICE}, or a new vector or record.
     */
    private static void push(MethodVisitor mv, Type t) {
        switch (t.getSort()) {
            case Type.LONG -> mv.visitInsn(LCONST_0);
            case Type.FLOAT -> mv.visitInsn(FCONST_0);
            case Type.DOUBLE -> mv.visitInsn(DCONST_0);
            case Type.OBJECT -> {
                String type = t.getInternalName();
                String constant = switch (type) {
                    case "io/jsycl/GroupOp" -> "SUM";
                    case "io/jsycl/Fence" -> "LOCAL";
                    case "io/jsycl/MemoryOrder" -> "SEQ_CST";
                    case "io/jsycl/MemoryScope" -> "DEVICE";
                    default -> null;
                };
                if (constant != null) {
                    mv.visitFieldInsn(GETSTATIC, type, constant, t.getDescriptor());
                    return;
                }
                String record = type.equals("java/lang/Record") ? PAIR : type;
                String constructor = record.equals(PAIR) ? "(IF)V" : "(" + VectorType.of(record).element().descriptor()
                        .repeat(VectorType.of(record).width()) + ")V";
                mv.visitTypeInsn(NEW, record);
                mv.visitInsn(DUP);
                for (Type p : Type.getArgumentTypes(constructor)) {
                    push(mv, p);
                }
                mv.visitMethodInsn(INVOKESPECIAL, record, "<init>", constructor, false);
            }
            default -> mv.visitInsn(ICONST_0);
        }
    }

    /** The element type of a per-type API class, e.g. {@code FLOAT} for {@code io/jsycl/Accessor$OfFloat}. */
    private static ScalarType element(String owner) {
        return ScalarType.valueOf(owner.substring(owner.indexOf("$Of") + 3).toUpperCase(Locale.ROOT));
    }

    /** Serves one generated class file, and the test's classes (the API's, {@link Pair}) besides. */
    private static final class OneClassLoader extends ClassLoader {
        private final Map<String, byte[]> classes;

        OneClassLoader(String name, byte[] bytes) {
            super(LoweredApiTest.class.getClassLoader());
            this.classes = Map.of(name + ".class", bytes);
        }

        @Override
        public InputStream getResourceAsStream(String name) {
            byte[] bytes = classes.get(name);
            return bytes != null ? new ByteArrayInputStream(bytes) : super.getResourceAsStream(name);
        }
    }
}
