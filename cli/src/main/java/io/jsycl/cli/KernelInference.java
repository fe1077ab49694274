package io.jsycl.cli;

import static org.objectweb.asm.Opcodes.CHECKCAST;
import static org.objectweb.asm.Opcodes.NEW;

import io.jsycl.lowering.AccessMode;
import io.jsycl.lowering.Capture;
import io.jsycl.lowering.KernelRequest;
import io.jsycl.lowering.KernelShape;
import io.jsycl.lowering.LoweredApi;
import io.jsycl.lowering.ReductionOp;
import io.jsycl.lowering.ReductionSpec;
import io.jsycl.lowering.ScalarType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Rebuilds, from class files alone, what the runtime learns at submit: the launch shape, its
 * dimensions and each capture's shape. Types come from the lambda's descriptor; what a descriptor
 * does not say is read off the body (dimensions from the highest constant index passed to
 * {@code Item.id(d)} and the like, accessor dimensions from the number of indices passed to
 * {@code get}/{@code set}) or assumed, and every assumption is reported.
 */
final class KernelInference {
    /** A request to lower, and what had to be assumed to make it. */
    record Inferred(KernelRequest request, List<String> assumptions) {
    }

    /** Thrown when a capture's shape cannot be derived from the class files. */
    static final class CannotInfer extends Exception {
        CannotInfer(String message) {
            super(message);
        }
    }

    private KernelInference() {
    }

    static Inferred infer(KernelScanner.Site site, ClassLoader loader) throws CannotInfer {
        var assumptions = new ArrayList<String>();
        KernelShape shape = KernelShape.ofKernelInterface(site.kernelInterface());
        MethodNode body = site.implNode();
        int dimensions = 0;
        if (shape != KernelShape.TASK) {
            dimensions = Math.max(1, Math.min(3, highestIndex(body, LoweredApi.ITEM, LoweredApi.ND_ITEM) + 1));
        }
        var reductions = new ArrayList<ReductionSpec>();
        if (shape == KernelShape.REDUCTION || shape == KernelShape.ND_ITEM) {
            // The reducers are the parameters after the item: one for a ReductionKernel or an NdReductionKernel, two
            // to four for a ReductionKernel2 to 4, none for an NdItemKernel.
            Type[] params = Type.getArgumentTypes(site.impl().getDesc());
            int first = params.length;
            while (first > 0 && params[first - 1].getSort() == Type.OBJECT
                    && LoweredApi.reducerElement(params[first - 1].getInternalName()) != null) {
                first--;
            }
            for (int p = first; p < params.length; p++) {
                ScalarType type = LoweredApi.reducerElement(params[p].getInternalName());
                reductions.add(new ReductionSpec(type, ReductionOp.SUM, null, null, null, type == ScalarType.FLOAT
                        || type == ScalarType.DOUBLE ? "0.0" : "0"));
            }
            if (shape == KernelShape.REDUCTION && reductions.isEmpty()) {
                throw new CannotInfer("its last parameter " + params[params.length - 1].getClassName()
                        + " is not a Reducer.OfX");
            }
            if (!reductions.isEmpty()) {
                assumptions.add((reductions.size() == 1 ? "reduction" : "reductions") + " assumed to be Reduction.sum"
                        + " (the operation is chosen at submit)");
            }
        }
        var captures = new ArrayList<Capture>();
        List<Type> types = site.capturedTypes();
        for (int i = 0; i < types.size(); i++) {
            captures.add(capture(types.get(i), i, body, loader, assumptions, site.impl().getTag() != Opcodes.H_INVOKESTATIC
                    && i == 0));
        }
        var request = new KernelRequest(loader, site.impl().getOwner(), site.impl().getName(), site.impl().getDesc(),
                shape, dimensions, captures, false, reductions);
        return new Inferred(request, assumptions);
    }

    private static Capture capture(Type type, int index, MethodNode body, ClassLoader loader, List<String> assumptions,
            boolean receiver) throws CannotInfer {
        if (receiver) {
            throw new CannotInfer("it uses 'this' (captured value 0 is the enclosing " + type.getClassName()
                    + "); capture the fields you need in local variables before the kernel");
        }
        ScalarType scalar = ScalarType.ofDescriptor(type.getDescriptor());
        if (scalar != null) {
            return new Capture.Scalar(scalar);
        }
        if (type.getSort() == Type.ARRAY) {
            ScalarType element = type.getDimensions() == 1 ? ScalarType.ofDescriptor(type.getElementType().getDescriptor())
                    : null;
            if (element == null) {
                throw new CannotInfer("captured value " + index + " is a " + type.getClassName()
                        + "; kernels capture one-dimensional primitive arrays only");
            }
            return new Capture.Array(element);
        }
        String name = type.getInternalName();
        ScalarType accessor = LoweredApi.accessorElement(name);
        if (accessor != null) {
            return new Capture.Accessor(accessor, accessorDimensions(body, name), AccessMode.READ_WRITE);
        }
        ScalarType local = LoweredApi.localAccessorElement(name);
        if (local != null) {
            return new Capture.Local(local, accessorDimensions(body, name));
        }
        if (name.equals(LoweredApi.RECORD_ACCESSOR)) {
            return recordAccessor(index, body, loader, name);
        }
        Class<?> cls;
        try {
            cls = Class.forName(type.getClassName(), false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new CannotInfer("captured value " + index + " has type " + type.getClassName()
                    + ", which is not on the class path (add it with --cp)");
        }
        if (cls.isRecord()) {
            return record(cls, index, assumptions);
        }
        if (cls.isInterface() && java.io.Serializable.class.isAssignableFrom(cls)) {
            throw new CannotInfer("captured value " + index + " is a function object (" + cls.getSimpleName()
                    + "): which lambda it holds is known only when the program runs, where the runtime lowers it with"
                    + " the kernel (JSYCL_DUMP_KERNELS=DIR saves the source then)");
        }
        throw new CannotInfer("captured value " + index + " has type " + type.getClassName() + ", whose shape the class"
                + " file does not give (kernels capture primitives, primitive arrays, records, Accessor.OfX and"
                + " LocalAccessor.OfX)");
    }

    /**
     * An accessor of records: the record class is the one the kernel casts a {@code get}'s result to, or constructs
     * for a {@code set}; its components, all primitive, are the fields, as the runtime's record codec lays them out.
     */
    private static Capture recordAccessor(int index, MethodNode body, ClassLoader loader, String owner)
            throws CannotInfer {
        String record = null;
        if (body != null) {
            for (AbstractInsnNode insn : body.instructions) {
                if (insn instanceof MethodInsnNode m && m.owner.equals(owner) && m.name.equals("get")) {
                    AbstractInsnNode next = m.getNext();
                    while (next != null && next.getOpcode() < 0) {
                        next = next.getNext(); // labels, line numbers, frames
                    }
                    if (next instanceof org.objectweb.asm.tree.TypeInsnNode cast && cast.getOpcode() == CHECKCAST) {
                        record = cast.desc;
                        break;
                    }
                }
                if (record == null && insn instanceof org.objectweb.asm.tree.TypeInsnNode made
                        && made.getOpcode() == NEW) {
                    record = made.desc; // a record the kernel builds, perhaps to set
                }
            }
        }
        if (record == null) {
            throw new CannotInfer("captured value " + index + " is an accessor of records, and the kernel neither casts"
                    + " what it reads nor builds a record: its record type is not in the class file");
        }
        Class<?> cls;
        try {
            cls = Class.forName(Type.getObjectType(record).getClassName(), false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new CannotInfer("captured value " + index + " is an accessor of " + Type.getObjectType(record)
                    .getClassName() + ", which is not on the class path (add it with --cp)");
        }
        if (!cls.isRecord()) {
            throw new CannotInfer("captured value " + index + " is an accessor of " + cls.getName()
                    + ", which is no record");
        }
        var fields = new ArrayList<ScalarType>();
        for (RecordComponent c : cls.getRecordComponents()) {
            ScalarType t = c.getType().isPrimitive() ? ScalarType.ofDescriptor(Type.getDescriptor(c.getType())) : null;
            if (t == null) {
                throw new CannotInfer("captured value " + index + " is an accessor of " + cls.getSimpleName()
                        + ", whose component " + c.getName() + " is no primitive (buffers hold records of primitives)");
            }
            fields.add(t);
        }
        return new Capture.RecordAccessor(record, fields, accessorDimensions(body, owner), AccessMode.READ_WRITE);
    }

    private static Capture record(Class<?> cls, int index, List<String> assumptions) throws CannotInfer {
        var components = new ArrayList<Capture>();
        for (RecordComponent c : cls.getRecordComponents()) {
            Class<?> t = c.getType();
            String internal = Type.getInternalName(t);
            ScalarType accessor = LoweredApi.accessorElement(internal);
            ScalarType local = LoweredApi.localAccessorElement(internal);
            if (t.isPrimitive()) {
                components.add(new Capture.Scalar(ScalarType.ofDescriptor(Type.getDescriptor(t))));
            } else if (t.isArray() && t.getComponentType().isPrimitive()) {
                components.add(new Capture.Array(ScalarType.ofDescriptor(Type.getDescriptor(t.getComponentType()))));
            } else if (accessor != null) {
                assumptions.add("accessor " + cls.getSimpleName() + "." + c.getName() + " assumed one-dimensional");
                components.add(new Capture.Accessor(accessor, 1, AccessMode.READ_WRITE));
            } else if (local != null) {
                assumptions.add("local accessor " + cls.getSimpleName() + "." + c.getName() + " assumed one-dimensional");
                components.add(new Capture.Local(local, 1));
            } else if (t.isRecord()) {
                components.add(record(t, index, assumptions));
            } else {
                throw new CannotInfer("captured value " + index + ": record component " + cls.getSimpleName() + "."
                        + c.getName() + " has type " + t.getName() + ", which a kernel cannot use");
            }
        }
        return new Capture.Record(Type.getInternalName(cls), components);
    }

    /** The most indices passed to {@code get}/{@code set} on {@code owner} in the body (1 when none is seen). */
    private static int accessorDimensions(MethodNode body, String owner) {
        int dims = 1;
        if (body == null) {
            return dims;
        }
        for (AbstractInsnNode insn : body.instructions) {
            if (insn instanceof MethodInsnNode m && m.owner.equals(owner)
                    && (m.name.equals("get") || m.name.equals("set"))) {
                int ints = 0;
                for (Type t : Type.getArgumentTypes(m.desc)) {
                    ints += t.getSort() == Type.INT ? 1 : 0;
                }
                // set(i, j, value) on an int accessor counts its value too.
                if (m.name.equals("set") && Type.getArgumentTypes(m.desc)[Type.getArgumentTypes(m.desc).length - 1]
                        .getSort() == Type.INT) {
                    ints--;
                }
                dims = Math.max(dims, Math.min(3, ints));
            }
        }
        return dims;
    }

    /** The largest constant dimension index passed to an {@code (I)} query of {@code owners}, or -1. */
    private static int highestIndex(MethodNode body, String... owners) {
        int highest = -1;
        if (body == null) {
            return highest;
        }
        for (AbstractInsnNode insn : body.instructions) {
            if (insn instanceof MethodInsnNode m && List.of(owners).contains(m.owner) && m.desc.startsWith("(I)")) {
                AbstractInsnNode prev = m.getPrevious();
                if (prev instanceof InsnNode c && c.getOpcode() >= Opcodes.ICONST_0 && c.getOpcode() <= Opcodes.ICONST_5) {
                    highest = Math.max(highest, c.getOpcode() - Opcodes.ICONST_0);
                } else if (prev instanceof IntInsnNode c && c.getOpcode() == Opcodes.BIPUSH) {
                    highest = Math.max(highest, c.operand);
                }
            }
        }
        return highest;
    }
}
