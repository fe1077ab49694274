package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.PRIMARY;
import static io.jsycl.lowering.InstructionInterpreter.simple;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;

import io.jsycl.lowering.Expr.IntValue;
import io.jsycl.lowering.Expr.NewRecord;
import io.jsycl.lowering.Expr.NoValue;
import io.jsycl.lowering.Expr.PrivateArray;
import io.jsycl.lowering.Expr.RecordValue;
import io.jsycl.lowering.Expr.SpecConstantRef;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * What a call instruction means, by what it is called on: {@code SpecConstant.get()}, the constructor of a record
 * being built, a record value's component or method, a captured record's component, a call of the jsycl API or the
 * Java library ({@link Builtins}), or a static method lowered as a device function ({@link DeviceFunctions}).
 */
final class CallInterpreter {
    private final MethodTranslator t;
    private final KernelContext ctx;
    private final Frame frame;

    CallInterpreter(MethodTranslator t) {
        this.t = t;
        this.ctx = t.ctx;
        this.frame = t.frame;
    }

    /** {@code INVOKESTATIC}, {@code INVOKEVIRTUAL}, {@code INVOKEINTERFACE} or {@code INVOKESPECIAL} of {@code m}. */
    void invoke(MethodInsnNode m) {
        Type[] argTypes = Type.getArgumentTypes(m.desc);
        List<Expr> args = new ArrayList<>();
        for (int i = argTypes.length - 1; i >= 0; i--) {
            args.addFirst(frame.popMaterialized());
        }
        Expr receiver = m.getOpcode() == INVOKESTATIC ? null : frame.pop();
        if (receiver instanceof PrivateArray || args.stream().anyMatch(a -> a instanceof PrivateArray)) {
            throw t.reject("passing a private array to " + simple(m.owner) + "." + m.name, "is not supported; private arrays"
                    + " live only in the method that creates them, index them there (or pass the elements you need)");
        }
        switch (receiver) {
            case SpecConstantRef s -> {
                if (LoweredApi.role(ctx.loader, m.owner, m.name, m.desc) != LoweredApi.Role.SPEC_CONSTANT) {
                    throw t.reject("call to SpecConstant." + m.name, "is not supported in kernels; read the value with get()");
                }
                frame.push(s.value());
            }
            case NewRecord n -> construct(n, m, args);
            case RecordValue r -> recordValueCall(r, m, args);
            case AccessorRef a when a.capture() instanceof Capture.Record rec && m.owner.equals(rec.internalName()) -> {
                RecordValue value = componentIndex(rec, m) >= 0 ? null : capturedRecordValue(rec, a);
                if (value != null) {
                    recordValueCall(value, m, args); // another method of a record of primitives: as on any value
                } else {
                    frame.push(recordComponent(rec, a, m));
                }
            }
            case AccessorRef a when a.capture() instanceof Capture.Function fn -> functionCall(fn, a, m, args);
            case null, default -> libraryCall(m, receiver, args);
        }
    }

    /**
     * {@code f.test(x)} on a captured function object: its implementation method called with the values the function
     * object captured, then the call's arguments, as a device function (a lambda's body) or a built-in (a reference to
     * {@code Math::max}, say).
     */
    private void functionCall(Capture.Function fn, AccessorRef ref, MethodInsnNode m, List<Expr> args) {
        String who = simple(fn.interfaceName()).replace('$', '.');
        if (!m.name.equals(fn.method()) || !m.desc.equals(fn.methodDescriptor())) {
            throw t.reject("call to " + who + "." + m.name + " on a captured function object", "is not supported in"
                    + " kernels; only its functional method " + fn.method() + " can be called (write a combination"
                    + " such as and() or negate() as a lambda of its own)");
        }
        if (!fn.staticImpl()) {
            throw t.reject("captured " + who + " " + simple(fn.implClass()).replace('$', '.') + "::" + fn.implMethod(),
                    "cannot be lowered: it calls an instance method or uses 'this'; write it as a lambda that uses"
                    + " only its parameters and captured local variables, or a reference to a static method");
        }
        Type[] impl = Type.getArgumentTypes(fn.implDescriptor());
        Type[] sam = Type.getArgumentTypes(fn.methodDescriptor());
        int captured = fn.components().size();
        boolean same = impl.length == captured + sam.length
                && Type.getReturnType(fn.implDescriptor()).equals(Type.getReturnType(fn.methodDescriptor()));
        for (int i = 0; same && i < sam.length; i++) {
            same = impl[captured + i].equals(sam[i]);
        }
        if (!same) {
            throw t.reject("captured " + who + " " + simple(fn.implClass()).replace('$', '.') + "::" + fn.implMethod()
                    + fn.implDescriptor(), "converts its arguments or result (boxing or widening) to fit "
                    + fn.method() + fn.methodDescriptor() + ", which kernels do not; use a functional interface of"
                    + " primitives that matches it (io.jsycl.Functions, Reduction.IntOp...) or a lambda");
        }
        List<Expr> all = new ArrayList<>(captured + args.size());
        for (int i = 0; i < captured; i++) {
            String field = ref.member() + "c" + i;
            all.add(switch (fn.components().get(i)) {
                case Capture.Scalar s -> Expr.value(KernelLowerer.kind(s.type()), field, PRIMARY);
                case Capture c -> new AccessorRef(c, "&" + field, field + ".");
            });
        }
        all.addAll(args);
        var call = new MethodInsnNode(INVOKESTATIC, fn.implClass(), fn.implMethod(), fn.implDescriptor(), false);
        // A built-in (Math::max), else the body as a device function, wherever it is declared (jsycl's own operators
        // are lambdas in API classes, whose other static methods are not device functions).
        Expr result = fn.implClass().startsWith("java/") ? Builtins.call(ctx, t::reject, call, null, all) : null;
        if (result == null && !fn.implClass().startsWith("java/")) {
            result = DeviceFunctions.call(ctx, t::reject, call, all);
        }
        if (result == null) {
            throw t.reject("captured " + who + " " + simple(fn.implClass()).replace('$', '.') + "::" + fn.implMethod(),
                    "has no device equivalent; use java.lang.Math, primitives and static methods of your own classes");
        }
        callResult(result);
    }

    /** A call on a record value: a component, a vector record's lane, or a method lowered as a device function. */
    private void recordValueCall(RecordValue r, MethodInsnNode m, List<Expr> args) {
        Expr component = recordValueComponent(r, m);
        if (component != null) {
            frame.push(component);
            return;
        }
        VectorType vector = VectorType.of(r.type().internalName());
        if (vector != null && LoweredApi.role(ctx.loader, m.owner, m.name, m.desc) == LoweredApi.Role.VECTOR_LANE) {
            if (ctx.checked && Expr.integerConstant(args.get(0)) == null) {
                // The lane read gives 0 outside the vector; the check only records the failure.
                frame.statement(Checks.bounds(ctx, args.get(0), Integer.toString(vector.width()), t.line()));
            }
            frame.push(VectorAccess.lane(ctx, t::reject, vector, r, args.get(0)));
            return;
        }
        // Another method of the record: a device function with the record value as its first parameter.
        callResult(DeviceFunctions.call(ctx, t::reject, m, r, args));
    }

    /** A call of the jsycl API or the Java library, or of a static method lowered as a device function. */
    private void libraryCall(MethodInsnNode m, Expr receiver, List<Expr> args) {
        AccessorRef accessor = Expr.accessorOf(receiver);
        // A store or atomic that fails its check is skipped; a load reads index 0 instead (Checks).
        boolean writes = m.name.startsWith("set") || m.name.startsWith("atomic");
        String inBounds = ctx.checked && accessor != null ? checkIndexes(m, accessor, args, !writes) : null;
        Expr result = Builtins.call(ctx, t::reject, m, receiver, args);
        if (inBounds != null && writes && result != null) {
            guardedAccess(result, inBounds);
            return;
        }
        // The vector records' methods are plain Java over a record, lowered like the user's own.
        if (result == null && m.getOpcode() == INVOKESTATIC && !m.owner.startsWith("java/")
                && (!LoweredApi.isApiClass(m.owner) || VectorType.of(m.owner) != null)) {
            result = DeviceFunctions.call(ctx, t::reject, m, args);
        }
        if (result == null) {
            String who = simple(m.owner) + "." + m.name;
            if (m.getOpcode() == INVOKESTATIC) {
                throw t.reject("call to " + who, "has no device equivalent; use java.lang.Math, primitives and static methods"
                        + " of your own classes");
            }
            if (m.getOpcode() == INVOKESPECIAL) {
                throw t.reject("call to constructor or private method " + who, "is not supported in kernels; use static methods");
            }
            throw t.reject("call to instance method " + who + " on an unknown type",
                    "is not supported in kernels; use static methods, primitives and accessors");
        }
        callResult(result);
    }

    /**
     * A call's result: a statement where it is void, a temporary where it has effects (so it runs once, here), else
     * the expression itself on the stack.
     */
    private void callResult(Expr result) {
        if (result.effect()) {
            t.hasEffect();
        }
        if (result instanceof NoValue) {
            frame.statement(result.text() + ";");
        } else if (result.effect()) {
            String temporary = frame.temporary(result);
            frame.statement(temporary + " = " + result.text() + ";");
            frame.push(Frame.stableLike(result, temporary));
        } else {
            frame.push(result);
        }
    }

    /**
     * Checked mode: a store or atomic of an accessor that happens only where its indexes are {@code inBounds} (an
     * atomic's result is 0 where it does not).
     */
    private void guardedAccess(Expr access, String inBounds) {
        t.hasEffect();
        if (access instanceof NoValue) {
            frame.statement("if (" + inBounds + ") " + access.text() + ";");
            return;
        }
        String temporary = frame.temporary(access);
        frame.statement(temporary + " = (" + inBounds + ") ? " + access.text() + " : 0;");
        frame.push(Frame.stableLike(access, temporary));
    }

    /**
     * Checked mode: records a failure where an index of an accessor or local accessor access is outside its range
     * and, where {@code clamp} (a load), replaces each checked index in {@code args} by 0 where it is outside, so the
     * load reads inside the accessor; returns the condition that every index is inside, or null where none is
     * checked.
     */
    private String checkIndexes(MethodInsnNode m, AccessorRef ref, List<Expr> args, boolean clamp) {
        int dims;
        if (ref.capture() instanceof Capture.Accessor a) {
            dims = a.dimensions();
        } else if (ref.capture() instanceof Capture.RecordAccessor a) {
            dims = a.dimensions();
        } else if (ref.capture() instanceof Capture.Local l) {
            dims = l.dimensions();
        } else {
            return null;
        }
        int width = VectorAccess.width(m.name);
        if (width > 0) {
            // A wide access is in bounds when its vector index is below the number of whole vectors in the range.
            if (dims == 1 && args.get(0) instanceof IntValue) {
                return checkIndex(args, 0, "(" + CaptureLayout.field(ctx, ref, "range", 0) + " / " + width + ")", clamp);
            }
            return null;
        }
        int indexes = switch (m.name) {
            case "get" -> args.size();
            case "set" -> args.size() - 1;
            case "atomicAdd", "atomicMin", "atomicMax", "atomicExchange", "atomicCompareExchange", "atomicLoad",
                    "atomicStore" -> 1;
            default -> 0;
        };
        if (indexes == 1 && dims > 1 && !m.name.startsWith("atomic") && args.get(0) instanceof IntValue) {
            // A linear index into a multi-dimensional accessor (AccessorCalls.linearSubscripts): below the size.
            StringBuilder size = new StringBuilder();
            for (int d = 0; d < dims; d++) {
                size.append(d > 0 ? " * " : "").append(CaptureLayout.field(ctx, ref, "range", d));
            }
            return checkIndex(args, 0, "(" + size + ")", clamp);
        }
        if (indexes != dims && !m.name.startsWith("atomic")) {
            return null;
        }
        List<String> inBounds = new ArrayList<>();
        for (int d = 0; d < indexes && d < args.size(); d++) {
            if (args.get(d) instanceof IntValue) {
                inBounds.add(checkIndex(args, d, CaptureLayout.field(ctx, ref, "range", d), clamp));
            }
        }
        return inBounds.isEmpty() ? null : inBounds.size() == 1 ? inBounds.getFirst()
                : "(" + String.join(") && (", inBounds) + ")";
    }

    /** Checks {@code args[i]} against {@code bound}, where {@code clamp} replaced by its safe index; its condition. */
    private String checkIndex(List<Expr> args, int i, String bound, boolean clamp) {
        Expr index = args.get(i);
        frame.statement(Checks.bounds(ctx, index, bound, t.line()));
        if (clamp) {
            args.set(i, Checks.safeIndex(index, bound));
        }
        return Checks.inBounds(index, bound);
    }

    /** Which of the captured record's component accessors {@code m} is, or -1 where it is none. */
    private int componentIndex(Capture.Record rec, MethodInsnNode m) {
        List<String> javaNames = CaptureLayout.javaComponentNames(ctx, rec.internalName());
        int index = javaNames == null || !m.desc.startsWith("()") ? -1 : javaNames.indexOf(m.name);
        return index < rec.components().size() ? index : -1;
    }

    /**
     * A captured record of primitives as a struct value built from its captured fields, so that its own methods run
     * as they do on a record read from an accessor or built in the kernel; null for a record that holds accessors,
     * arrays or other records (its components stay separate parameters).
     */
    private RecordValue capturedRecordValue(Capture.Record rec, AccessorRef ref) {
        if (!rec.components().stream().allMatch(c -> c instanceof Capture.Scalar)) {
            return null;
        }
        RecordType type = RecordType.ofClass(ctx, rec.internalName());
        if (type == null) {
            return null;
        }
        List<String> names = CaptureLayout.componentNames(ctx, rec);
        StringBuilder text = new StringBuilder(type.make()).append('(');
        for (int i = 0; i < names.size(); i++) {
            text.append(i > 0 ? ", " : "").append(ref.member()).append(names.get(i));
        }
        return new RecordValue(type, text.append(')').toString(), false, false);
    }

    /** {@code rec.x()} on a captured record: a field read, or a reference to a nested captured object. */
    private Expr recordComponent(Capture.Record rec, AccessorRef ref, MethodInsnNode m) {
        int index = componentIndex(rec, m);
        if (index < 0) {
            throw t.reject("call to " + simple(rec.internalName()) + "." + m.name,
                    "is not supported in kernels; on a captured record that holds accessors, arrays or other records only"
                    + " its component accessors can be called (a record of primitives has all its methods)");
        }
        String field = ref.member() + CaptureLayout.componentNames(ctx, rec).get(index);
        return switch (rec.components().get(index)) {
            case Capture.Scalar s -> Expr.value(KernelLowerer.kind(s.type()), field, PRIMARY);
            case Capture c -> new AccessorRef(c, "&" + field, field + ".");
        };
    }

    /** {@code r.x()} on a record value: the struct's field (one load when the value is an accessor element). */
    private Expr recordValueComponent(RecordValue r, MethodInsnNode m) {
        RecordType type = r.type();
        int index = -1;
        List<String> javaNames = CaptureLayout.javaComponentNames(ctx, type.internalName());
        if (m.owner.equals(type.internalName()) && javaNames != null && m.getOpcode() != INVOKESTATIC) {
            int at = javaNames.indexOf(m.name);
            if (at >= 0 && m.desc.equals("()" + type.fields().get(at).descriptor())) {
                index = at;
            }
        }
        if (index < 0) {
            return null;
        }
        return Expr.value(KernelLowerer.kind(type.fields().get(index)), r.at(PRIMARY) + "." + type.names().get(index),
                PRIMARY);
    }

    /** The constructor call after {@code NEW}: the object becomes a struct value everywhere on the stack. */
    private void construct(NewRecord marker, MethodInsnNode m, List<Expr> args) {
        RecordType type = marker.type();
        if (!m.name.equals("<init>") || !m.owner.equals(type.internalName()) || !m.desc.equals(type.constructorDescriptor())) {
            throw t.reject("call to " + simple(m.owner) + "." + m.name + m.desc + " on a new " + simple(type.internalName()),
                    "is not supported in kernels; construct records with the canonical constructor");
        }
        if (!RecordType.plainConstructor(ctx, type)) {
            throw t.reject("'new " + simple(type.internalName()) + "'", "runs a constructor body that validates or changes"
                    + " its arguments, which kernels cannot do; give the record a constructor that only assigns its components");
        }
        StringBuilder text = new StringBuilder(type.make()).append('(');
        for (int i = 0; i < args.size(); i++) {
            text.append(i > 0 ? ", " : "").append(args.get(i).text());
        }
        Expr value = new RecordValue(type, text.append(')').toString(), false, false);
        boolean replaced = false;
        List<Expr> stack = frame.stack();
        for (int i = 0; i < stack.size(); i++) {
            if (stack.get(i) == marker) {
                if (!replaced) {
                    // Evaluate once: every copy of the new object is the same value.
                    String temporary = frame.temporary(value);
                    frame.statement(temporary + " = " + value.text() + ";");
                    value = new RecordValue(type, temporary, true, false);
                    replaced = true;
                }
                stack.set(i, value);
            }
        }
    }
}
