package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.ADD;
import static io.jsycl.lowering.Expr.MUL;
import static io.jsycl.lowering.Expr.PRIMARY;

import io.jsycl.lowering.Expr.NoValue;
import io.jsycl.lowering.Expr.RecordValue;
import java.util.List;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Calls on captured accessors, local accessors and device arrays ({@link Builtins} sends them here): {@code size()},
 * {@code get} and {@code set} with one index per dimension, the wide loads and stores of {@link VectorAccess}, and
 * atomics.
 */
final class AccessorCalls {
    private AccessorCalls() {
    }

    static Expr call(KernelContext ctx, Rejector r, MethodInsnNode m, Expr receiver,
            List<Expr> args) {
        AccessorRef acc = Expr.accessorOf(receiver);
        if (acc == null || !(acc.capture() instanceof Capture.Accessor || acc.capture() instanceof Capture.Local
                || acc.capture() instanceof Capture.RecordAccessor)) {
            throw r.reject("call to " + m.name + " on an accessor that is not captured", "is not supported; capture the accessor");
        }
        boolean local = acc.capture() instanceof Capture.Local;
        int dims = switch (acc.capture()) {
            case Capture.Accessor a -> a.dimensions();
            case Capture.RecordAccessor a -> a.dimensions();
            default -> ((Capture.Local) acc.capture()).dimensions();
        };
        boolean readOnly = acc.capture() instanceof Capture.Accessor a && a.mode() == AccessMode.READ
                || acc.capture() instanceof Capture.RecordAccessor ra && ra.mode() == AccessMode.READ;
        RecordType record = acc.capture() instanceof Capture.RecordAccessor a ? CaptureLayout.elementType(ctx, a) : null;
        Type[] types = Type.getArgumentTypes(m.desc);
        String name = m.owner.substring(m.owner.lastIndexOf('/') + 1).replace('$', '.') + "." + m.name;
        switch (m.name) {
            case "size" -> {
                StringBuilder t = new StringBuilder();
                for (int d = 0; d < dims; d++) {
                    t.append(d > 0 ? " * " : "").append(CaptureLayout.field(ctx, acc, "range", d));
                }
                return Expr.value('I', t.toString(), dims == 1 ? PRIMARY : MUL);
            }
            case "get", "set" -> {
                int indexes = m.name.equals("get") ? types.length : types.length - 1;
                if (indexes == 1 && dims > 1 && types[0].getSort() == Type.INT) {
                    args = linearSubscripts(ctx, r, name, acc, dims, args);
                    indexes = dims;
                }
                if (indexes != dims || types.length > 0 && types[0].getSort() != Type.INT) {
                    throw r.reject("call to " + name + " with " + indexes + " index(es) on a " + dims
                            + "-dimensional accessor", "is not supported; pass one int index per dimension");
                }
                String element = acc.member() + "data[" + index(ctx, acc, dims, args) + "]";
                if (m.name.equals("get")) {
                    return record != null ? new RecordValue(record, element, false, false)
                            : Expr.value(Builtins.returnKind(m.desc), element, PRIMARY);
                }
                if (readOnly) {
                    throw r.reject("call to " + name + " on a read-only accessor",
                            "cannot write; request the accessor with write or read-write access");
                }
                if (record != null && !(args.getLast() instanceof RecordValue v && v.type().equals(record))) {
                    throw r.reject("call to " + name + " with a value that is not a " + simpleName(record.internalName()),
                            "is not supported; store a record read from an accessor of the same record type or built with new "
                            + simpleName(record.internalName()) + "(...)");
                }
                return new NoValue(element + " = " + args.getLast().text());
            }
            case "get2", "get4", "get8", "set2", "set4", "set8" -> {
                return VectorAccess.access(ctx, r, m, name, acc, dims, readOnly, args);
            }
            case "atomicAdd", "atomicMin", "atomicMax", "atomicExchange", "atomicCompareExchange", "atomicLoad",
                    "atomicStore" -> {
                if (record != null) {
                    throw r.reject("call to " + name + " on an accessor of records", "is not supported; use an accessor of int, long or float");
                }
                if (dims != 1 || types.length == 0 || types[0].getSort() != Type.INT) {
                    throw r.reject("call to " + name + " on a " + dims + "-dimensional accessor",
                            "is not supported; atomics take one index into a 1-dimensional accessor");
                }
                if (readOnly && !m.name.equals("atomicLoad")) {
                    throw r.reject("call to " + name + " on a read-only accessor",
                            "cannot write; request the accessor with read-write access");
                }
                return OrderedAtomics.call(ctx, r, m, name, "&" + acc.member() + "data[" + index(ctx, acc, dims, args) + "]",
                        local, args);
            }
            default -> throw r.reject("call to " + name, "is not supported by this version of the lowering");
        }
    }

    /**
     * The relaxed atomic {@code op} ({@code Add}, {@code Min}, {@code Max}, {@code Exchange}, {@code CompareExchange})
     * of kind {@code k} on {@code ptr}, with operand {@code v} (and {@code w}, the value a compare-exchange stores):
     * OpenCL's atomic functions, {@code atom_*} for longs, a compare-and-swap helper for float arithmetic.
     */
    static String relaxed(KernelContext ctx, Rejector r, String name, char k, String op, String ptr, String v, String w,
            boolean local) {
        return switch (k) {
            case 'I' -> switch (op) {
                case "Add" -> "atomic_add(" + ptr + ", " + v + ")";
                case "Min" -> "atomic_min(" + ptr + ", " + v + ")";
                case "Max" -> "atomic_max(" + ptr + ", " + v + ")";
                case "Exchange" -> "atomic_xchg(" + ptr + ", " + v + ")";
                default -> "atomic_cmpxchg(" + ptr + ", " + v + ", " + w + ")";
            };
            case 'J' -> {
                ctx.usesInt64Atomics = true;
                if (op.equals("Min") || op.equals("Max")) {
                    ctx.usesInt64ExtendedAtomics = true;
                }
                yield switch (op) {
                    case "Add" -> "atom_add(" + ptr + ", " + v + ")";
                    case "Min" -> "atom_min(" + ptr + ", " + v + ")";
                    case "Max" -> "atom_max(" + ptr + ", " + v + ")";
                    case "Exchange" -> "atom_xchg(" + ptr + ", " + v + ")";
                    default -> "atom_cmpxchg(" + ptr + ", " + v + ", " + w + ")";
                };
            }
            case 'F' -> {
                String space = local ? "__local" : "__global";
                String bits = "(volatile " + space + " int*)" + ptr;
                yield switch (op) {
                    case "Add", "Min", "Max" -> ctx.helper("jsycl_atomic_" + op.toLowerCase(java.util.Locale.ROOT) + "_f_"
                            + (local ? "l" : "g")) + "(" + ptr + ", " + v + ")";
                    case "Exchange" -> "as_float(atomic_xchg(" + bits + ", as_int(" + v + ")))";
                    default -> "as_float(atomic_cmpxchg(" + bits + ", as_int(" + v + "), as_int(" + w + ")))";
                };
            }
            default -> throw r.reject("call to " + name, "is not supported; atomics work on int, long and float accessors");
        };
    }

    /**
     * The linear element index of an access: row-major over the memory range, each index a subscript
     * ({@link Arithmetic#subscript}) plus the accessor's offset. The offset goes through {@code JSYCL_OFFSET}, which
     * is 0 where the runtime defines {@code JSYCL_ZERO_OFFSETS} (every accessor of the launch has offset 0), so
     * that program has no offset arithmetic.
     */
    /**
     * {@code get(i)} or {@code set(i, v)} on a multi-dimensional accessor: the region's element at linear index
     * {@code i}, row-major, as the host device's accessors compute it: {@code (i / r1, i % r1)} in 2-D,
     * {@code (i / (r1 * r2), i / r2 % r1, i % r2)} in 3-D, {@code r} the accessor's range.
     */
    private static List<Expr> linearSubscripts(KernelContext ctx, Rejector r, String name, AccessorRef acc, int dims,
            List<Expr> args) {
        Expr i = args.get(0);
        if (i.effect()) {
            throw r.reject("call to " + name + " with a linear index that calls a method",
                    "is not supported; compute the index into a local variable first");
        }
        String at = i.at(MUL + 1);
        String r1 = CaptureLayout.field(ctx, acc, "range", 1);
        var subscripts = new java.util.ArrayList<Expr>();
        if (dims == 2) {
            subscripts.add(Expr.value('I', at + " / " + r1, MUL));
            subscripts.add(Expr.value('I', at + " % " + r1, MUL));
        } else {
            String r2 = CaptureLayout.field(ctx, acc, "range", 2);
            subscripts.add(Expr.value('I', at + " / (" + r1 + " * " + r2 + ")", MUL));
            subscripts.add(Expr.value('I', at + " / " + r2 + " % " + r1, MUL));
            subscripts.add(Expr.value('I', at + " % " + r2, MUL));
        }
        subscripts.addAll(args.subList(1, args.size()));
        return subscripts;
    }

    static String index(KernelContext ctx, AccessorRef acc, int dims, List<Expr> args) {
        boolean local = acc.capture() instanceof Capture.Local;
        String text = null;
        for (int d = 0; d < dims; d++) {
            Expr sub = Arithmetic.subscript(ctx, args.get(d));
            String i = local ? sub.at(ADD + 1)
                    : sub.at(ADD) + " + " + ctx.helper("JSYCL_OFFSET") + "(" + CaptureLayout.field(ctx, acc, "offset", d) + ")";
            if (text == null) {
                text = i;
            } else if (local) {
                text = (d > 1 ? "(" + text + ")" : text) + " * " + CaptureLayout.field(ctx, acc, "range", d) + " + " + i;
            } else {
                text = (d > 1 ? "(" + text + ")" : text.contains(" + ") ? "(" + text + ")" : text)
                        + " * " + CaptureLayout.field(ctx, acc, "memRange", d) + " + " + "(" + i + ")";
            }
        }
        return text;
    }

    private static String simpleName(String internalName) {
        return internalName.substring(internalName.lastIndexOf('/') + 1).replace('$', '.');
    }
}
