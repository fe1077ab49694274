package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.ADD;
import static io.jsycl.lowering.Expr.MUL;
import static io.jsycl.lowering.Expr.PRIMARY;
import static io.jsycl.lowering.Expr.UNARY;

import io.jsycl.lowering.Expr.DoubleValue;
import io.jsycl.lowering.Expr.FenceFlags;
import io.jsycl.lowering.Expr.FloatValue;
import io.jsycl.lowering.Expr.IntValue;
import io.jsycl.lowering.Expr.LongValue;
import io.jsycl.lowering.Expr.NoValue;
import io.jsycl.lowering.Expr.ReducerRef;
import io.jsycl.lowering.Expr.Value;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Calls of library methods with a device meaning: the jsycl API's (members of {@link LoweredApi}: item queries and
 * barriers here, and through {@link AccessorCalls}, {@link GroupAlgorithms} and {@link SubGroupAlgorithms} the rest),
 * {@code java.lang.Math}, and the bit operations and conversions of the boxes, mapped to OpenCL C built-ins or to
 * {@link Helpers}. The tables here map names to their C spelling.
 */
final class Builtins {
    private Builtins() {
    }

    /** Math methods that throw in Java where a device cannot: rejected, with the reason. */
    private static final Map<String, String> THROWING = Map.of(
            "toIntExact(J)I", "throws on overflow in Java, which a device cannot; cast with (int) or check the range first",
            "addExact(II)I", "throws on overflow in Java, which a device cannot; use + or check the range first",
            "addExact(JJ)J", "throws on overflow in Java, which a device cannot; use + or check the range first",
            "subtractExact(II)I", "throws on overflow in Java, which a device cannot; use - or check the range first",
            "multiplyExact(II)I", "throws on overflow in Java, which a device cannot; use * or check the range first",
            "multiplyExact(JJ)J", "throws on overflow in Java, which a device cannot; use * or check the range first",
            "negateExact(I)I", "throws on overflow in Java, which a device cannot; use - or check the range first",
            "incrementExact(I)I", "throws on overflow in Java, which a device cannot; use + 1 or check the range first");

    /** Math/StrictMath methods that are OpenCL built-ins of the same meaning: "name desc" to C. */
    private static final Map<String, String> MATH = Map.ofEntries(
            Map.entry("sqrt(D)D", "sqrt"), Map.entry("cbrt(D)D", "cbrt"), Map.entry("sin(D)D", "sin"),
            Map.entry("cos(D)D", "cos"), Map.entry("tan(D)D", "tan"), Map.entry("asin(D)D", "asin"),
            Map.entry("acos(D)D", "acos"), Map.entry("atan(D)D", "atan"), Map.entry("exp(D)D", "jsycl_exp_d"),
            Map.entry("log(D)D", "log"), Map.entry("log10(D)D", "log10"), Map.entry("sinh(D)D", "sinh"),
            Map.entry("cosh(D)D", "cosh"), Map.entry("tanh(D)D", "tanh"), Map.entry("expm1(D)D", "jsycl_expm1_d"),
            Map.entry("log1p(D)D", "log1p"), Map.entry("atan2(DD)D", "atan2"), Map.entry("pow(DD)D", "pow"),
            Map.entry("hypot(DD)D", "hypot"), Map.entry("floor(D)D", "jsycl_floor_d"),
            Map.entry("ceil(D)D", "jsycl_ceil_d"), Map.entry("rint(D)D", "jsycl_rint_d"),
            Map.entry("abs(F)F", "fabs"), Map.entry("abs(D)D", "fabs"),
            Map.entry("min(II)I", "min"), Map.entry("max(II)I", "max"), Map.entry("min(JJ)J", "min"),
            Map.entry("max(JJ)J", "max"), Map.entry("fma(FFF)F", "fma"), Map.entry("fma(DDD)D", "fma"),
            Map.entry("min(FF)F", "jsycl_min_f"), Map.entry("max(FF)F", "jsycl_max_f"),
            Map.entry("min(DD)D", "jsycl_min_d"), Map.entry("max(DD)D", "jsycl_max_d"),
            Map.entry("round(F)I", "jsycl_round_f"), Map.entry("round(D)J", "jsycl_round_d"),
            Map.entry("copySign(FF)F", "copysign"), Map.entry("copySign(DD)D", "copysign"),
            Map.entry("signum(F)F", "jsycl_signum_f"), Map.entry("signum(D)D", "jsycl_signum_d"),
            Map.entry("floorDiv(II)I", "jsycl_floordiv_i"), Map.entry("floorDiv(JJ)J", "jsycl_floordiv_l"),
            Map.entry("floorMod(II)I", "jsycl_floormod_i"), Map.entry("floorMod(JJ)J", "jsycl_floormod_l"));

    /** Bit operations and conversions of the box classes: "Owner.name desc" to a C template. */
    /** The boxes' {@code sum} methods: Java's {@code +} (an operator written {@code Integer::sum}). */
    private static final java.util.Set<String> SUMS = java.util.Set.of("java/lang/Integer.sum(II)I",
            "java/lang/Long.sum(JJ)J", "java/lang/Float.sum(FF)F", "java/lang/Double.sum(DD)D");
    private static final Map<String, String> BITS = Map.ofEntries(
            Map.entry("Integer.bitCount(I)I", "popcount(#0)"),
            Map.entry("Integer.numberOfLeadingZeros(I)I", "clz(#0)"),
            Map.entry("Integer.numberOfTrailingZeros(I)I", "jsycl_ctz_i(#0)"),
            Map.entry("Integer.rotateLeft(II)I", "rotate(#0, #1)"),
            Map.entry("Integer.rotateRight(II)I", "rotate(#0, (int)(0u - (uint)#1))"),
            Map.entry("Integer.reverse(I)I", "jsycl_reverse_i(#0)"),
            Map.entry("Integer.lowestOneBit(I)I", "(#0 & (int)(0u - (uint)#0))"),
            Map.entry("Integer.highestOneBit(I)I", "(#0 == 0 ? 0 : (int)(0x80000000u >> clz(#0)))"),
            Map.entry("Long.reverse(J)J", "jsycl_reverse_l(#0)"),
            Map.entry("Integer.reverseBytes(I)I", "as_int(as_uchar4(#0).s3210)"),
            Map.entry("Long.reverseBytes(J)J", "as_long(as_uchar8(#0).s76543210)"),
            Map.entry("Long.highestOneBit(J)J", "(#0 == 0 ? 0L : (long)(0x8000000000000000UL >> clz(#0)))"),
            Map.entry("Long.lowestOneBit(J)J", "(#0 & (long)(0UL - (ulong)#0))"),
            Map.entry("Integer.signum(I)I", "((#0 > 0) - (#0 < 0))"),
            Map.entry("Integer.compare(II)I", "((#0 > #1) - (#0 < #1))"),
            Map.entry("Integer.min(II)I", "min(#0, #1)"), Map.entry("Integer.max(II)I", "max(#0, #1)"),
            Map.entry("Long.bitCount(J)I", "(int)popcount(#0)"),
            Map.entry("Long.numberOfLeadingZeros(J)I", "(int)clz(#0)"),
            Map.entry("Long.numberOfTrailingZeros(J)I", "jsycl_ctz_l(#0)"),
            Map.entry("Long.rotateLeft(JI)J", "rotate(#0, (long)#1)"),
            Map.entry("Long.rotateRight(JI)J", "rotate(#0, (long)(0u - (uint)#1))"),
            Map.entry("Long.signum(J)I", "((#0 > 0) - (#0 < 0))"),
            Map.entry("Long.compare(JJ)I", "((#0 > #1) - (#0 < #1))"),
            Map.entry("Long.min(JJ)J", "min(#0, #1)"), Map.entry("Long.max(JJ)J", "max(#0, #1)"),
            Map.entry("Float.floatToRawIntBits(F)I", "as_int(#0)"),
            Map.entry("Float.float16ToFloat(S)F", "jsycl_f16_to_f32(#0)"),
            Map.entry("Float.floatToFloat16(F)S", "jsycl_f32_to_f16(#0)"),
            Map.entry("Float.floatToIntBits(F)I", "(isnan(#0) ? 0x7fc00000 : as_int(#0))"),
            Map.entry("Float.intBitsToFloat(I)F", "as_float(#0)"),
            Map.entry("Float.isNaN(F)Z", "isnan(#0)"), Map.entry("Float.isInfinite(F)Z", "isinf(#0)"),
            Map.entry("Float.isFinite(F)Z", "isfinite(#0)"),
            Map.entry("Double.doubleToRawLongBits(D)J", "as_long(#0)"),
            Map.entry("Double.doubleToLongBits(D)J", "(isnan(#0) ? 0x7ff8000000000000L : as_long(#0))"),
            Map.entry("Double.longBitsToDouble(J)D", "as_double(#0)"),
            Map.entry("Double.isNaN(D)Z", "isnan(#0)"), Map.entry("Double.isInfinite(D)Z", "isinf(#0)"),
            Map.entry("Double.isFinite(D)Z", "isfinite(#0)"));

    /**
     * A call of {@code Math}/{@code StrictMath} whose arguments are all constants, computed by Java: its result is
     * Java's by construction, and no driver sees a library function applied to a constant NaN or infinity, which
     * PoCL's optimizer folds to garbage or to a kernel that traps ({@code (float) Math.floor(Float.NaN)} gave 0.0f,
     * fuzzer seed 20261765). Null where an argument is not a constant or the method is not a static one of those
     * classes with primitive parameters.
     */
    static Value foldMath(MethodInsnNode m, List<Expr> args) {
        Type[] params = Type.getArgumentTypes(m.desc);
        Object[] values = new Object[params.length];
        Class<?>[] types = new Class<?>[params.length];
        for (int i = 0; i < params.length; i++) {
            int sort = params[i].getSort();
            Object value = switch (args.get(i)) {
                case IntValue v when sort == Type.INT -> v.constant();
                case LongValue v when sort == Type.LONG -> v.constant();
                case FloatValue v when sort == Type.FLOAT -> v.constant();
                case DoubleValue v when sort == Type.DOUBLE -> v.constant();
                default -> null;
            };
            if (value == null) {
                return null;
            }
            types[i] = switch (sort) {
                case Type.INT -> int.class;
                case Type.LONG -> long.class;
                case Type.FLOAT -> float.class;
                default -> double.class;
            };
            values[i] = value;
        }
        Object result;
        try {
            Class<?> owner = m.owner.equals("java/lang/Math") ? Math.class : StrictMath.class;
            result = owner.getMethod(m.name, types).invoke(null, values);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // no such method, or it throws for these arguments: left to the device code
        }
        return switch (result) {
            case Integer v -> Expr.intConstant(v);
            case Long v -> Expr.longConstant(v);
            case Float v -> Expr.floatConstant(v);
            case Double v -> Expr.doubleConstant(v);
            default -> null;
        };
    }

    /**
     * The expression for a call, or {@code null} if it is not a built-in; a call of a {@code void} method is a
     * {@link Expr.NoValue}.
     */
    static Expr call(KernelContext ctx, Rejector r, MethodInsnNode m, Expr receiver, List<Expr> args) {
        LoweredApi.Member member = LoweredApi.find(ctx.loader, m.owner, m.name, m.desc);
        LoweredApi.Role role = member == null ? null : member.role();
        if (role == LoweredApi.Role.ITEM_QUERY || role == LoweredApi.Role.BARRIER
                || role == LoweredApi.Role.GROUP_ALGORITHM || role == LoweredApi.Role.SUB_GROUP) {
            return item(ctx, r, m, role, args);
        }
        if (role == LoweredApi.Role.ATOMIC && receiver == null) {
            return OrderedAtomics.fence(ctx, r, args); // Atomics.fence, the one static atomic
        }
        if (role == LoweredApi.Role.ACCESS || role == LoweredApi.Role.WIDE_ACCESS || role == LoweredApi.Role.ATOMIC) {
            return AccessorCalls.call(ctx, r, m, receiver, args);
        }
        String key = m.name + m.desc;
        if (role == LoweredApi.Role.REDUCER && receiver instanceof ReducerRef(int which)) {
            ReducerUse red = ctx.reductions.get(which);
            if (args.size() == 2) {
                red.byIndex = true;
                if (red.ofOne) {
                    throw r.reject("combine(index, v) beside combine(v)", "is not supported on one reducer; a reduction"
                            + " over several elements combines by index only");
                }
                return new NoValue(Reductions.combineAt(ctx, red, args.get(0).at(UNARY), args.get(1).at(UNARY)));
            }
            red.ofOne = true;
            if (red.byIndex || red.spec.length() > 1) {
                throw r.reject("combine(v) on a reduction " + (red.byIndex ? "combined by index elsewhere"
                        : "over " + red.spec.length() + " elements"), "does not say which element; call"
                        + " combine(index, v) with the element's index");
            }
            return new NoValue("*" + red.acc() + " = " + Reductions.combine(ctx, red, "*" + red.acc(),
                    args.get(0).at(UNARY)));
        }
        if (receiver instanceof ReducerRef) {
            throw r.reject("call to Reducer." + m.name, "is not supported in kernels; call combine(value)");
        }
        if (role == LoweredApi.Role.BUILT_IN) {
            String fn = member.c();
            char k = returnKind(m.desc);
            String text = fn + "(" + join(args) + ")";
            boolean narrowed = k == 'I' && (fn.equals("popcount") || fn.equals("clz"));
            return Expr.value(k, narrowed ? "(int)" + text : text, narrowed ? UNARY : PRIMARY);
        }
        if (m.owner.equals("java/lang/Math") || m.owner.equals("java/lang/StrictMath")) {
            return math(ctx, r, m, args);
        }
        if (m.name.equals("sum") && SUMS.contains(m.owner + "." + key) && args.get(0) instanceof Expr.Value a
                && args.get(1) instanceof Expr.Value b) {
            return Arithmetic.add(returnKind(m.desc), a, b); // Integer::sum and the like, as operators
        }
        if (m.owner.startsWith("java/lang/")) {
            String owner = m.owner.substring("java/lang/".length());
            String template = BITS.get(owner + "." + key);
            if (template != null) {
                String text = template;
                for (int i = 0; i < args.size(); i++) {
                    text = text.replace("#" + i, args.get(i).at(UNARY));
                }
                // the helper named by the template itself: the arguments may name device functions
                int h = template.indexOf("jsycl_");
                if (h >= 0) {
                    ctx.helper(template.substring(h, template.indexOf('(', h)));
                }
                return Expr.value(returnKind(m.desc), text, text.startsWith("(int)") ? UNARY : PRIMARY);
            }
            return boxing(owner, m, receiver, args);
        }
        return null;
    }

    private static Value math(KernelContext ctx, Rejector r, MethodInsnNode m, List<Expr> args) {
        String key = m.name + m.desc;
        Value folded = THROWING.containsKey(key) ? null : foldMath(m, args);
        if (folded != null) {
            return folded;
        }
        if (key.equals("abs(I)I") || key.equals("abs(J)J")) {
            // not OpenCL's abs: PoCL lowers it to llvm.abs with INT_MIN poison, Java wraps to MIN_VALUE
            String fn = ctx.helper(key.equals("abs(I)I") ? "jsycl_abs_i" : "jsycl_abs_l");
            return Expr.value(key.equals("abs(I)I") ? 'I' : 'J', fn + "(" + args.get(0).text() + ")", PRIMARY);
        }
        if (key.equals("toRadians(D)D")) {
            return Expr.value('D', args.get(0).at(MUL) + " * 0.017453292519943295", MUL);
        }
        if (THROWING.containsKey(key)) {
            throw r.reject("call to Math." + m.name, THROWING.get(key));
        }
        if (key.equals("toDegrees(D)D")) {
            return Expr.value('D', args.get(0).at(MUL) + " * 57.29577951308232", MUL);
        }
        String fn = MATH.get(key);
        if (fn == null) {
            return null;
        }
        if (fn.startsWith("jsycl_")) {
            ctx.helper(fn);
            if (Helpers.usesFp64(fn)) {
                ctx.usesFp64 = true;
            }
        }
        String text = fn + "(" + join(args) + ")";
        if (key.equals("sqrt(D)D")) {
            // (float) Math.sqrt((double) x) becomes the float square root (Arithmetic.convert)
            FloatValue widened = args.get(0) instanceof DoubleValue d ? d.widenedFrom() : null;
            return new DoubleValue(text, PRIMARY, false, false, null, null, widened);
        }
        return Expr.value(returnKind(m.desc), text, PRIMARY);
    }

    private static Expr boxing(String owner, MethodInsnNode m, Expr receiver, List<Expr> args) {
        boolean box = switch (owner) {
            case "Integer", "Long", "Float", "Double", "Short", "Byte", "Character", "Boolean" -> true;
            default -> false;
        };
        if (!box) {
            return null;
        }
        if (m.name.equals("valueOf") && args.size() == 1 && Type.getArgumentTypes(m.desc)[0].getSort() <= Type.DOUBLE) {
            return args.get(0);
        }
        if (receiver instanceof Value v && m.name.endsWith("Value") && args.isEmpty() && v.type() == returnKind(m.desc)) {
            return receiver;
        }
        return null;
    }

    /** A call on the item: a query, a barrier, or a work-group or sub-group algorithm. */
    private static Expr item(KernelContext ctx, Rejector r, MethodInsnNode m, LoweredApi.Role role, List<Expr> args) {
        int dims = ctx.dimensions;
        String last = Integer.toString(dims - 1);
        Long dim = args.isEmpty() ? null : Expr.integerConstant(args.get(0));
        String d = args.isEmpty() ? null : dim != null ? Long.toString(dims - 1 - dim) : last + " - " + args.get(0).at(ADD + 1);
        // Only a query's one argument is a dimension: a vote's constant predicate (anyOfSubGroup(true)) is not.
        if (role == LoweredApi.Role.ITEM_QUERY && args.size() == 1 && dim != null && (dim < 0 || dim >= dims)) {
            throw r.reject("dimension " + dim + " of a " + dims + "-dimensional item", "is out of range; use 0 to " + (dims - 1));
        }
        String key = m.name + m.desc;
        // A 1-D kernel over a range may run two items per work-item (JSYCL_TWO_ITEMS): its ids go through the macro.
        boolean itemIds = LoweredKernel.twoItemsPerWorkItem(ctx.shape, dims, ctx.reducing(), ctx.checked);
        // A 2-D or 3-D one may run adjacent rows per work-item (JSYCL_TWO_ROWS, JSYCL_FOUR_ROWS): likewise.
        boolean rowIds = LoweredKernel.rowsPerWorkItem(ctx.shape, dims, ctx.reducing(), ctx.checked);
        if (ctx.shape == KernelShape.REDUCTION) {
            // A reduction's work-item runs many items; the one it is running is it->id (Reductions.emitItems).
            switch (key) {
                case "id(I)I" -> {
                    return Expr.value('I', "it->id", PRIMARY);
                }
                case "linearId()J" -> {
                    return Expr.value('J', "(long)it->id", UNARY);
                }
                default -> {
                }
            }
        }
        switch (key) {
            case "groupRange(I)I", "range(I)I", "globalRange(I)I", "linearId()J", "globalLinearId()J" ->
                    ctx.readsItemRange = true;
            default -> {
            }
        }
        return switch (key) {
            case "id(I)I", "globalId(I)I" -> itemIds ? Expr.value('I', ctx.helper("JSYCL_ITEM_ID") + "(0)", PRIMARY)
                    : rowIds ? Expr.value('I', ctx.helper("JSYCL_ROW_ID") + "(" + d + ", " + last + ")", PRIMARY)
                    : Expr.value('I', "(int)get_global_id(" + d + ")", UNARY);
            case "localId(I)I" -> Expr.value('I', "(int)get_local_id(" + d + ")", UNARY);
            case "groupId(I)I" -> Expr.value('I', ctx.helper("JSYCL_GROUP_ID") + "(" + d + ")", PRIMARY);
            case "localRange(I)I" -> Expr.value('I', "(int)get_local_size(" + d + ")", UNARY);
            case "groupRange(I)I" -> {
                ctx.helper("JSYCL_GROUP_ID"); // defines JSYCL_NUM_GROUPS too
                yield Expr.value('I', "JSYCL_NUM_GROUPS(" + d + ", it->range[" + args.get(0).text() + "])", PRIMARY);
            }
            case "range(I)I", "globalRange(I)I" -> Expr.value('I', "it->range[" + args.get(0).text() + "]", PRIMARY);
            case "dimensions()I" -> Expr.intConstant(dims);
            case "linearId()J", "globalLinearId()J" -> itemIds
                    ? Expr.value('J', "(long)" + ctx.helper("JSYCL_ITEM_ID") + "(0)", UNARY)
                    : rowIds ? linear(dims, cl -> ctx.helper("JSYCL_ROW_ID") + "(" + cl + ", " + last + ")",
                            "it->range[%d]")
                    : linear(dims, cl -> "get_global_id(" + cl + ")", "it->range[%d]");
            case "localLinearId()J" -> linear(dims, cl -> "get_local_id(" + cl + ")", "(long)get_local_size(%d)");
            case "barrier()V" -> {
                ctx.convergent();
                yield new NoValue("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)");
            }
            case "barrier(Lio/jsycl/Fence;)V" -> {
                if (!(args.get(0) instanceof FenceFlags fence)) {
                    throw r.reject("barrier with a fence that is not Fence.LOCAL or Fence.GLOBAL",
                            "is not supported; pass Fence.LOCAL or Fence.GLOBAL directly");
                }
                ctx.convergent();
                yield new NoValue("barrier(" + fence.text() + ")");
            }
            default -> {
                if (role == LoweredApi.Role.GROUP_ALGORITHM) {
                    yield GroupAlgorithms.call(ctx, r, m, args);
                }
                if (role == LoweredApi.Role.SUB_GROUP) {
                    yield SubGroupAlgorithms.call(ctx, r, m, args);
                }
                throw r.reject("call to " + m.owner.substring(m.owner.lastIndexOf('/') + 1) + "." + m.name,
                        "is not supported by this version of the lowering");
            }
        };
    }

    /**
     * A linear id, row-major over the item's dimensions: {@code id} gives the text of the id in an OpenCL dimension
     * ({@code get_global_id(1)}), {@code range} the extent of a dimension with a {@code %d} for it.
     */
    private static Value linear(int dims, IntFunction<String> id, String range) {
        String text = "(long)" + id.apply(dims - 1);
        for (int d = 1; d < dims; d++) {
            String size = range.contains("get_local_size") ? String.format(range, dims - 1 - d) : String.format(range, d);
            text = (d > 1 ? "(" + text + ")" : text) + " * " + size + " + (long)" + id.apply(dims - 1 - d);
        }
        return Expr.value('J', text, dims == 1 ? UNARY : ADD);
    }

    /** The JVM type letter of a method descriptor's return: {@code V}, {@code I} (also Z B C S), {@code J F D}, {@code A}. */
    static char returnKind(String desc) {
        return switch (Type.getReturnType(desc).getSort()) {
            case Type.VOID -> 'V';
            case Type.LONG -> 'J';
            case Type.FLOAT -> 'F';
            case Type.DOUBLE -> 'D';
            case Type.OBJECT, Type.ARRAY -> 'A';
            default -> 'I';
        };
    }

    private static String join(List<Expr> args) {
        StringBuilder b = new StringBuilder();
        for (Expr e : args) {
            b.append(b.isEmpty() ? "" : ", ").append(e.text());
        }
        return b.toString();
    }
}
