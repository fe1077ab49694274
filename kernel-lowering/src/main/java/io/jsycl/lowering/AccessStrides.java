package io.jsycl.lowering;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.Value;

/**
 * Whether a kernel over a multi-dimensional range reaches an accessor with a stride along the range's fastest
 * dimension: an element subscript that follows {@code it.id(last)} (the last dimension, OpenCL dimension 0, along which
 * neighbouring work-items of a warp lie) in a leading position while the last subscript does not, as the store of a
 * naive transpose does ({@code dst.set(j, i, src.get(i, j))} with {@code j = it.id(1)}). Neighbouring work-items then
 * touch elements a row apart, one memory transaction each; work-groups that span fewer items along dimension 0 and
 * more along dimension 1 (16x16 for 32x8) halve the transactions per warp, which made a naive 4096² transpose twice as
 * fast on an H100 (benchmarks/results/h100.md, GridKernels).
 *
 * <p>The analysis follows values through the kernel lambda's own body, locals and arithmetic included (ASM's data-flow
 * {@link Analyzer}, each value the set of item dimensions it derives from); a value passed through a method call
 * derives from all of the call's arguments. Accesses inside device functions are not seen: such a kernel keeps the
 * default work-group.
 */
final class AccessStrides {
    private AccessStrides() {
    }

    /**
     * Whether {@code method}, the body of the kernel {@code request} asks for ({@code owner} its class), reaches an
     * accessor with a stride along its range's last dimension; false for 1-D ranges and for code the analysis cannot
     * follow.
     */
    static boolean strided(String owner, MethodNode method, KernelRequest request) {
        int dimensions = request.dimensions();
        if (dimensions < 2) {
            return false;
        }
        // The captures are the method's first parameters; the accessors among them are the receivers to watch.
        Set<Integer> accessorSlots = new HashSet<>();
        for (int i = 0; i < request.captures().size(); i++) {
            if (request.captures().get(i) instanceof Capture.Accessor
                    || request.captures().get(i) instanceof Capture.RecordAccessor) {
                accessorSlots.add(LocalNames.paramSlot(method, i));
            }
        }
        var interpreter = new Dims(1 << (dimensions - 1), accessorSlots);
        try {
            new Analyzer<>(interpreter).analyze(owner, method);
        } catch (AnalyzerException e) {
            return false; // the lowering reports what it cannot translate; the launch keeps its default shape
        }
        return interpreter.strided;
    }

    /**
     * A value of the analysis: its size in words, the item dimensions it derives from, its constant, if any, and
     * whether it is a captured accessor.
     */
    record DimValue(int size, int dims, Integer constant, boolean accessor) implements Value {
        DimValue(int size, int dims, Integer constant) {
            this(size, dims, constant, false);
        }

        @Override
        public int getSize() {
            return size;
        }
    }

    /** The analysis' interpreter: dimensions flow from {@code it.id(d)} through every operation. */
    private static final class Dims extends Interpreter<DimValue> {
        private static final DimValue ONE = new DimValue(1, 0, null);
        private static final DimValue TWO = new DimValue(2, 0, null);

        private final int fastest;
        private final Set<Integer> accessorSlots;
        boolean strided;

        Dims(int fastest, Set<Integer> accessorSlots) {
            super(Opcodes.ASM9);
            this.fastest = fastest;
            this.accessorSlots = accessorSlots;
        }

        @Override
        public DimValue newParameterValue(boolean isInstanceMethod, int local, Type type) {
            return accessorSlots.contains(local) ? new DimValue(1, 0, null, true) : newValue(type);
        }

        @Override
        public DimValue newValue(Type type) {
            if (type == Type.VOID_TYPE) {
                return null;
            }
            return type != null && type.getSize() == 2 ? TWO : ONE;
        }

        @Override
        public DimValue newOperation(AbstractInsnNode insn) {
            int op = insn.getOpcode();
            if (op >= Opcodes.ICONST_M1 && op <= Opcodes.ICONST_5) {
                return new DimValue(1, 0, op - Opcodes.ICONST_0);
            }
            if (insn instanceof IntInsnNode i && (op == Opcodes.BIPUSH || op == Opcodes.SIPUSH)) {
                return new DimValue(1, 0, i.operand);
            }
            if (insn instanceof LdcInsnNode ldc) {
                return ldc.cst instanceof Integer v ? new DimValue(1, 0, v)
                        : ldc.cst instanceof Long || ldc.cst instanceof Double ? TWO : ONE;
            }
            return switch (op) {
                case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1 -> TWO;
                case Opcodes.GETSTATIC -> newValue(Type.getType(((FieldInsnNode) insn).desc));
                default -> ONE;
            };
        }

        @Override
        public DimValue copyOperation(AbstractInsnNode insn, DimValue value) {
            return value;
        }

        @Override
        public DimValue unaryOperation(AbstractInsnNode insn, DimValue value) {
            int size = switch (insn.getOpcode()) {
                case Opcodes.I2L, Opcodes.I2D, Opcodes.F2L, Opcodes.F2D, Opcodes.LNEG, Opcodes.DNEG -> 2;
                case Opcodes.GETFIELD -> Type.getType(((FieldInsnNode) insn).desc).getSize();
                case Opcodes.IFEQ, Opcodes.IFNE, Opcodes.IFLT, Opcodes.IFGE, Opcodes.IFGT, Opcodes.IFLE,
                     Opcodes.IFNULL, Opcodes.IFNONNULL, Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH, Opcodes.IRETURN,
                     Opcodes.LRETURN, Opcodes.FRETURN, Opcodes.DRETURN, Opcodes.ARETURN, Opcodes.PUTSTATIC,
                     Opcodes.ATHROW, Opcodes.MONITORENTER, Opcodes.MONITOREXIT -> 0;
                default -> 1;
            };
            return size == 0 ? null : new DimValue(size, value.dims(), null);
        }

        @Override
        public DimValue binaryOperation(AbstractInsnNode insn, DimValue a, DimValue b) {
            int size = switch (insn.getOpcode()) {
                case Opcodes.LALOAD, Opcodes.DALOAD, Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB,
                     Opcodes.LMUL, Opcodes.DMUL, Opcodes.LDIV, Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM, Opcodes.LSHL,
                     Opcodes.LSHR, Opcodes.LUSHR, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR -> 2;
                case Opcodes.IF_ICMPEQ, Opcodes.IF_ICMPNE, Opcodes.IF_ICMPLT, Opcodes.IF_ICMPGE, Opcodes.IF_ICMPGT,
                     Opcodes.IF_ICMPLE, Opcodes.IF_ACMPEQ, Opcodes.IF_ACMPNE, Opcodes.PUTFIELD -> 0;
                default -> 1;
            };
            return size == 0 ? null : new DimValue(size, a.dims() | b.dims(), null);
        }

        @Override
        public DimValue ternaryOperation(AbstractInsnNode insn, DimValue a, DimValue b, DimValue c) {
            return null; // array stores
        }

        @Override
        public DimValue naryOperation(AbstractInsnNode insn, List<? extends DimValue> values) {
            int dims = 0;
            for (DimValue v : values) {
                dims |= v.dims();
            }
            if (!(insn instanceof MethodInsnNode m)) {
                return ONE; // MULTIANEWARRAY, INVOKEDYNAMIC: the lowering rejects them
            }
            if (m.owner.equals(LoweredApi.ITEM) && m.name.equals("id") && values.size() == 2) {
                Integer d = values.get(1).constant();
                dims = d != null && d >= 0 && d < 3 ? 1 << d : 0b111;
            } else if (!values.isEmpty() && values.getFirst().accessor()
                    && (m.name.equals("get") || m.name.equals("set"))) {
                access(values.subList(1, m.name.equals("get") ? values.size() : values.size() - 1));
            }
            Type returns = Type.getReturnType(m.desc);
            return returns == Type.VOID_TYPE ? null : new DimValue(returns.getSize(), dims, null);
        }

        /** An accessor's element subscripts, the last the contiguous one. */
        private void access(List<? extends DimValue> subscripts) {
            if (subscripts.size() < 2) {
                return;
            }
            int leading = 0;
            for (int i = 0; i < subscripts.size() - 1; i++) {
                leading |= subscripts.get(i).dims();
            }
            if ((leading & fastest) != 0 && (subscripts.getLast().dims() & fastest) == 0) {
                strided = true;
            }
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, DimValue value, DimValue expected) {
        }

        @Override
        public DimValue merge(DimValue a, DimValue b) {
            if (a.equals(b)) {
                return a;
            }
            return new DimValue(Math.max(a.size(), b.size()), a.dims() | b.dims(),
                    a.constant() != null && a.constant().equals(b.constant()) ? a.constant() : null,
                    a.accessor() && b.accessor());
        }
    }
}
