package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.PRIMARY;

import io.jsycl.lowering.Expr.MemoryOrderConstant;
import io.jsycl.lowering.Expr.MemoryScopeConstant;
import io.jsycl.lowering.Expr.NoValue;
import java.util.List;
import java.util.Locale;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Atomics with a memory order and scope (SYCL 2020's {@code atomic_ref}), atomic loads and stores, and
 * {@code Atomics.fence}. An ordered operation is the relaxed atomic ({@link AccessorCalls#relaxed}, or a relaxed load or
 * store) between fences: a release fence before it where its order releases, an acquire fence after it where its order
 * acquires ({@code SEQ_CST}: sequentially consistent fences on both sides), each over global and local memory at the
 * scope ({@code JSYCL_FENCE}). By the memory model of OpenCL C 2.0 (C11's), a release fence before a relaxed store and
 * an acquire fence after the relaxed load that reads it synchronize as the ordered store and load would. A
 * {@code WORK_ITEM} scope orders nothing, and a {@code RELAXED} order needs no fence.
 *
 * <p>A kernel with fences records the orders and scopes it uses ({@link LoweredKernel#atomicFences}, OpenCL's
 * {@code cl_device_atomic_capabilities} bits); the runtime builds it as OpenCL C 1.2 with PTX's {@code membar} on
 * NVIDIA's OpenCL ({@code JSYCL_NVIDIA_PTX}), as OpenCL C 3.0 (or 2.0) where other devices' fences have those orders
 * and scopes ({@code atomic_work_item_fence}), or as OpenCL C 1.2 where the device has nothing later
 * ({@code mem_fence}).
 */
final class OrderedAtomics {
    /** {@code CL_DEVICE_ATOMIC_ORDER_ACQ_REL}: an acquire, release or acq_rel fence. */
    static final int ORDER_ACQ_REL = 1 << 1;
    /** {@code CL_DEVICE_ATOMIC_ORDER_SEQ_CST}. */
    static final int ORDER_SEQ_CST = 1 << 2;
    /** {@code CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP} (a sub-group's scope widens to the work-group's). */
    static final int SCOPE_WORK_GROUP = 1 << 4;
    /** {@code CL_DEVICE_ATOMIC_SCOPE_DEVICE}. */
    static final int SCOPE_DEVICE = 1 << 5;
    /** {@code CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES}. */
    static final int SCOPE_ALL_DEVICES = 1 << 6;

    private static final String ORDER = "Lio/jsycl/MemoryOrder;";
    private static final String SCOPE = "Lio/jsycl/MemoryScope;";

    private OrderedAtomics() {
    }

    /**
     * An atomic of a captured accessor, local accessor or device array on the element {@code ptr} points to:
     * {@code atomicAdd} ... {@code atomicCompareExchange}, {@code atomicLoad} and {@code atomicStore}, with or without
     * an order and a scope (the last two arguments).
     */
    static Expr call(KernelContext ctx, Rejector r, MethodInsnNode m, String name, String ptr, boolean local,
            List<Expr> args) {
        Type[] types = Type.getArgumentTypes(m.desc);
        boolean ordered = types.length >= 3 && types[types.length - 1].getDescriptor().equals(SCOPE)
                && types[types.length - 2].getDescriptor().equals(ORDER);
        String op = m.name.substring("atomic".length());
        char k = op.equals("Store") ? types[1].getDescriptor().charAt(0) : Builtins.returnKind(m.desc);
        if (k != 'I' && k != 'J' && k != 'F') {
            throw r.reject("call to " + name, "is not supported; atomics work on int, long and float accessors");
        }
        String order = ordered ? order(r, name, args.get(args.size() - 2)) : "RELAXED";
        String scope = ordered ? scope(r, name, args.getLast()) : "DEVICE";
        if (op.equals("Load") && (order.equals("RELEASE") || order.equals("ACQ_REL"))) {
            throw r.reject("call to " + name + " with MemoryOrder." + order,
                    "is not allowed: a load cannot release; use MemoryOrder.ACQUIRE (or SEQ_CST)");
        }
        if (op.equals("Store") && (order.equals("ACQUIRE") || order.equals("ACQ_REL"))) {
            throw r.reject("call to " + name + " with MemoryOrder." + order,
                    "is not allowed: a store cannot acquire; use MemoryOrder.RELEASE (or SEQ_CST)");
        }
        String ctype = k == 'I' ? "int" : k == 'J' ? "long" : "float";
        String space = local ? "__local" : "__global";
        if (k == 'J' && (op.equals("Load") || op.equals("Store"))) {
            ctx.usesInt64Atomics = true; // OpenCL C 2.0's atomic_long needs both extensions
            ctx.usesInt64ExtendedAtomics = true;
        }
        String v = op.equals("Load") ? null : args.get(1).text();
        String w = op.equals("CompareExchange") ? args.get(2).text() : null;
        if (order.equals("RELAXED") || scope.equals("WORK_ITEM")) {
            return switch (op) {
                case "Load" -> Expr.effect(k, load(ctx, ctype, space, ptr), PRIMARY);
                case "Store" -> new NoValue(store(ctx, ctype, space, ptr, v));
                default -> Expr.effect(k, AccessorCalls.relaxed(ctx, r, name, k, op, ptr, v, w, local), PRIMARY);
            };
        }
        String helper = "jsycl_atomic_" + op.toLowerCase(Locale.ROOT) + "_" + Character.toLowerCase(k) + "_"
                + (local ? "l" : "g") + "_" + order.toLowerCase(Locale.ROOT) + "_" + scope.toLowerCase(Locale.ROOT);
        if (!ctx.deviceFunctions.containsKey(helper)) {
            String body = switch (op) {
                case "Load" -> "    " + ctype + " old = " + load(ctx, ctype, space, "p") + ";\n";
                case "Store" -> "    " + store(ctx, ctype, space, "p", "v") + ";\n";
                default -> "    " + ctype + " old = " + AccessorCalls.relaxed(ctx, r, name, k, op, "p", "v", "w", local)
                        + ";\n";
            };
            boolean release = !order.equals("ACQUIRE");
            boolean acquire = !order.equals("RELEASE");
            String params = switch (op) {
                case "Load" -> "";
                case "CompareExchange" -> ", " + ctype + " v, " + ctype + " w";
                default -> ", " + ctype + " v";
            };
            ctx.deviceFunctions.put(helper, "/* " + name + " with MemoryOrder." + order + " at MemoryScope." + scope
                    + ": the relaxed atomic between fences. */\n"
                    + (op.equals("Store") ? "void " : ctype + " ") + helper + "(volatile " + space + " " + ctype
                    + "* p" + params + ") {\n"
                    + (release ? "    " + fence(ctx, order.equals("SEQ_CST") ? "SEQ_CST" : "RELEASE", scope) + ";\n" : "")
                    + body
                    + (acquire ? "    " + fence(ctx, order.equals("SEQ_CST") ? "SEQ_CST" : "ACQUIRE", scope) + ";\n" : "")
                    + (op.equals("Store") ? "" : "    return old;\n") + "}");
        }
        String call = helper + "(" + ptr + (v == null ? "" : ", " + v) + (w == null ? "" : ", " + w) + ")";
        return op.equals("Store") ? new NoValue(call) : Expr.effect(k, call, PRIMARY);
    }

    /** {@code Atomics.fence(order, scope)}. */
    static Expr fence(KernelContext ctx, Rejector r, List<Expr> args) {
        String order = order(r, "Atomics.fence", args.get(0));
        String scope = scope(r, "Atomics.fence", args.get(1));
        return new NoValue(order.equals("RELAXED") || scope.equals("WORK_ITEM") ? "(void)0" : fence(ctx, order, scope));
    }

    /** A fence of {@code order} at {@code scope}, recorded in the kernel's {@link KernelContext#atomicFences}. */
    private static String fence(KernelContext ctx, String order, String scope) {
        ctx.atomicFences |= (order.equals("SEQ_CST") ? ORDER_SEQ_CST : ORDER_ACQ_REL) | switch (scope) {
            case "SYSTEM" -> SCOPE_ALL_DEVICES;
            case "DEVICE" -> SCOPE_DEVICE;
            default -> SCOPE_WORK_GROUP;
        };
        String clScope = switch (scope) {
            case "SYSTEM" -> "memory_scope_all_svm_devices";
            case "DEVICE" -> "memory_scope_device";
            default -> "memory_scope_work_group";
        };
        return ctx.helper("JSYCL_FENCE") + "(memory_order_" + order.toLowerCase(Locale.ROOT) + ", " + clScope + ")";
    }

    private static String load(KernelContext ctx, String ctype, String space, String ptr) {
        return ctx.helper("JSYCL_ATOMIC_ACCESS") + "_LOAD(" + ctype + ", " + space + ", " + ptr + ")";
    }

    private static String store(KernelContext ctx, String ctype, String space, String ptr, String v) {
        return ctx.helper("JSYCL_ATOMIC_ACCESS") + "_STORE(" + ctype + ", " + space + ", " + ptr + ", " + v + ")";
    }

    private static String order(Rejector r, String name, Expr e) {
        if (!(e instanceof MemoryOrderConstant(String order))) {
            throw r.reject("call to " + name + " with a memory order that is not a MemoryOrder constant",
                    "is not supported; pass MemoryOrder.RELAXED, ACQUIRE, RELEASE, ACQ_REL or SEQ_CST directly");
        }
        return order;
    }

    private static String scope(Rejector r, String name, Expr e) {
        if (!(e instanceof MemoryScopeConstant(String scope))) {
            throw r.reject("call to " + name + " with a memory scope that is not a MemoryScope constant",
                    "is not supported; pass MemoryScope.WORK_ITEM, SUB_GROUP, WORK_GROUP, DEVICE or SYSTEM directly");
        }
        return scope;
    }
}
