package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.ADD;
import static io.jsycl.lowering.Expr.MUL;
import static io.jsycl.lowering.Expr.PRIMARY;
import static io.jsycl.lowering.Expr.UNARY;

import java.util.List;
import java.util.Map;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * The one table of names the lowering knows: jsycl API calls (recognized by internal class
 * name), {@code java.lang.Math} and the bit operations of the boxes, mapped to OpenCL C
 * built-ins or to helpers (whose C definitions are in {@link #HELPERS}).
 */
final class Builtins {
    private Builtins() {
    }

    static final String ITEM = "io/jsycl/Item";
    static final String ND_ITEM = "io/jsycl/NdItem";
    static final String ACCESSOR_PREFIX = "io/jsycl/Accessor$Of";

    /** Math/StrictMath methods that are OpenCL built-ins of the same meaning: "name desc" to C. */
    private static final Map<String, String> MATH = Map.ofEntries(
            Map.entry("sqrt(D)D", "sqrt"), Map.entry("cbrt(D)D", "cbrt"), Map.entry("sin(D)D", "sin"),
            Map.entry("cos(D)D", "cos"), Map.entry("tan(D)D", "tan"), Map.entry("asin(D)D", "asin"),
            Map.entry("acos(D)D", "acos"), Map.entry("atan(D)D", "atan"), Map.entry("exp(D)D", "exp"),
            Map.entry("log(D)D", "log"), Map.entry("log10(D)D", "log10"), Map.entry("sinh(D)D", "sinh"),
            Map.entry("cosh(D)D", "cosh"), Map.entry("tanh(D)D", "tanh"), Map.entry("expm1(D)D", "expm1"),
            Map.entry("log1p(D)D", "log1p"), Map.entry("atan2(DD)D", "atan2"), Map.entry("pow(DD)D", "pow"),
            Map.entry("hypot(DD)D", "hypot"), Map.entry("floor(D)D", "floor"), Map.entry("ceil(D)D", "ceil"),
            Map.entry("rint(D)D", "rint"), Map.entry("abs(F)F", "fabs"), Map.entry("abs(D)D", "fabs"),
            Map.entry("min(II)I", "min"), Map.entry("max(II)I", "max"), Map.entry("min(JJ)J", "min"),
            Map.entry("max(JJ)J", "max"), Map.entry("fma(FFF)F", "fma"), Map.entry("fma(DDD)D", "fma"),
            Map.entry("min(FF)F", "jsycl_min_f"), Map.entry("max(FF)F", "jsycl_max_f"),
            Map.entry("min(DD)D", "jsycl_min_d"), Map.entry("max(DD)D", "jsycl_max_d"),
            Map.entry("round(F)I", "jsycl_round_f"), Map.entry("round(D)J", "jsycl_round_d"),
            Map.entry("copySign(FF)F", "copysign"), Map.entry("copySign(DD)D", "copysign"));

    /** Bit operations and conversions of the box classes: "Owner.name desc" to a C template. */
    private static final Map<String, String> BITS = Map.ofEntries(
            Map.entry("Integer.bitCount(I)I", "popcount(#0)"),
            Map.entry("Integer.numberOfLeadingZeros(I)I", "clz(#0)"),
            Map.entry("Integer.numberOfTrailingZeros(I)I", "jsycl_ctz_i(#0)"),
            Map.entry("Integer.rotateLeft(II)I", "rotate(#0, #1)"),
            Map.entry("Integer.rotateRight(II)I", "rotate(#0, (int)(0u - (uint)#1))"),
            Map.entry("Integer.reverse(I)I", "jsycl_reverse_i(#0)"),
            Map.entry("Integer.lowestOneBit(I)I", "(#0 & (int)(0u - (uint)#0))"),
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
            Map.entry("Float.floatToIntBits(F)I", "(isnan(#0) ? 0x7fc00000 : as_int(#0))"),
            Map.entry("Float.intBitsToFloat(I)F", "as_float(#0)"),
            Map.entry("Float.isNaN(F)Z", "isnan(#0)"), Map.entry("Float.isInfinite(F)Z", "isinf(#0)"),
            Map.entry("Float.isFinite(F)Z", "isfinite(#0)"),
            Map.entry("Double.doubleToRawLongBits(D)J", "as_long(#0)"),
            Map.entry("Double.doubleToLongBits(D)J", "(isnan(#0) ? 0x7ff8000000000000L : as_long(#0))"),
            Map.entry("Double.longBitsToDouble(J)D", "as_double(#0)"),
            Map.entry("Double.isNaN(D)Z", "isnan(#0)"), Map.entry("Double.isInfinite(D)Z", "isinf(#0)"),
            Map.entry("Double.isFinite(D)Z", "isfinite(#0)"));

    /** Helper functions: name to C definition. Each is emitted once, guarded, when used. */
    static final Map<String, String> HELPERS = Map.ofEntries(
            Map.entry("jsycl_idiv", """
                    /* Java int division; x / 0 is defined as 0 (Java throws). */
                    int jsycl_idiv(int a, int b) {
                        return b == 0 ? 0 : b == -1 ? (int)(0u - (uint)a) : a / b;
                    }"""),
            Map.entry("jsycl_irem", """
                    /* Java int remainder; x % 0 is defined as 0 (Java throws). */
                    int jsycl_irem(int a, int b) {
                        return b == 0 || b == -1 ? 0 : a % b;
                    }"""),
            Map.entry("jsycl_ldiv", """
                    /* Java long division; x / 0 is defined as 0 (Java throws). */
                    long jsycl_ldiv(long a, long b) {
                        return b == 0 ? 0 : b == -1 ? (long)(0UL - (ulong)a) : a / b;
                    }"""),
            Map.entry("jsycl_lrem", """
                    /* Java long remainder; x % 0 is defined as 0 (Java throws). */
                    long jsycl_lrem(long a, long b) {
                        return b == 0 || b == -1 ? 0 : a % b;
                    }"""),
            Map.entry("jsycl_ctz_i", """
                    int jsycl_ctz_i(int x) {
                        uint u = (uint)x;
                        return u == 0u ? 32 : (int)popcount((u & (0u - u)) - 1u);
                    }"""),
            Map.entry("jsycl_ctz_l", """
                    int jsycl_ctz_l(long x) {
                        ulong u = (ulong)x;
                        return u == 0UL ? 64 : (int)popcount((u & (0UL - u)) - 1UL);
                    }"""),
            Map.entry("jsycl_reverse_i", """
                    int jsycl_reverse_i(int x) {
                        uint u = (uint)x;
                        u = ((u >> 1) & 0x55555555u) | ((u & 0x55555555u) << 1);
                        u = ((u >> 2) & 0x33333333u) | ((u & 0x33333333u) << 2);
                        u = ((u >> 4) & 0x0f0f0f0fu) | ((u & 0x0f0f0f0fu) << 4);
                        u = ((u >> 8) & 0x00ff00ffu) | ((u & 0x00ff00ffu) << 8);
                        return (int)((u >> 16) | (u << 16));
                    }"""),
            Map.entry("jsycl_min_f", """
                    /* Math.min(float, float): NaN wins, -0.0f < 0.0f. */
                    float jsycl_min_f(float a, float b) {
                        return isnan(a) || isnan(b) ? NAN : a == b ? (signbit(a) ? a : b) : fmin(a, b);
                    }"""),
            Map.entry("jsycl_max_f", """
                    /* Math.max(float, float): NaN wins, -0.0f < 0.0f. */
                    float jsycl_max_f(float a, float b) {
                        return isnan(a) || isnan(b) ? NAN : a == b ? (signbit(a) ? b : a) : fmax(a, b);
                    }"""),
            Map.entry("jsycl_min_d", """
                    double jsycl_min_d(double a, double b) {
                        return isnan(a) || isnan(b) ? (double)NAN : a == b ? (signbit(a) ? a : b) : fmin(a, b);
                    }"""),
            Map.entry("jsycl_max_d", """
                    double jsycl_max_d(double a, double b) {
                        return isnan(a) || isnan(b) ? (double)NAN : a == b ? (signbit(a) ? b : a) : fmax(a, b);
                    }"""),
            Map.entry("jsycl_round_f", """
                    /* Math.round(float): floor(x + 1/2) computed exactly, saturated, NaN to 0. */
                    int jsycl_round_f(float x) {
                        float f = floor(x);
                        return convert_int_sat_rtz(x - f >= 0.5f ? f + 1.0f : f);
                    }"""),
            Map.entry("jsycl_round_d", """
                    /* Math.round(double): floor(x + 1/2) computed exactly, saturated, NaN to 0. */
                    long jsycl_round_d(double x) {
                        double f = floor(x);
                        return convert_long_sat_rtz(x - f >= 0.5 ? f + 1.0 : f);
                    }"""));

    /** Whether a helper works on doubles (needs cl_khr_fp64). */
    static boolean helperUsesFp64(String name) {
        return name.endsWith("_d");
    }

    /**
     * The expression for a call, or {@code null} if it is not a built-in. A {@code void}
     * result has kind {@code 'V'} and is a statement.
     */
    static Expr call(KernelContext ctx, MethodTranslator.Rejector r, MethodInsnNode m, Expr receiver, List<Expr> args) {
        if (m.owner.equals(ITEM) || m.owner.equals(ND_ITEM)) {
            return item(ctx, r, m, receiver, args);
        }
        if (m.owner.startsWith(ACCESSOR_PREFIX)) {
            return accessor(r, m, receiver, args);
        }
        String key = m.name + m.desc;
        if (m.owner.equals("java/lang/Math") || m.owner.equals("java/lang/StrictMath")) {
            if (key.equals("abs(I)I") || key.equals("abs(J)J")) {
                char k = key.equals("abs(I)I") ? 'I' : 'J';
                return Expr.of(k, "(" + Expr.cType(k) + ")abs(" + args.get(0).text + ")", UNARY);
            }
            if (key.equals("toRadians(D)D")) {
                return Expr.of('D', args.get(0).at(MUL) + " * 0.017453292519943295", MUL);
            }
            if (key.equals("toDegrees(D)D")) {
                return Expr.of('D', args.get(0).at(MUL) + " * 57.29577951308232", MUL);
            }
            String fn = MATH.get(key);
            if (fn == null) {
                return null;
            }
            if (fn.startsWith("jsycl_")) {
                ctx.helper(fn);
                if (helperUsesFp64(fn)) {
                    ctx.usesFp64 = true;
                }
            }
            return Expr.of(returnKind(m.desc), fn + "(" + join(args) + ")", PRIMARY);
        }
        if (m.owner.startsWith("java/lang/")) {
            String owner = m.owner.substring("java/lang/".length());
            String template = BITS.get(owner + "." + key);
            if (template != null) {
                String text = template;
                for (int i = 0; i < args.size(); i++) {
                    text = text.replace("#" + i, args.get(i).at(UNARY));
                }
                int h = text.indexOf("jsycl_");
                if (h >= 0) {
                    ctx.helper(text.substring(h, text.indexOf('(', h)));
                }
                return Expr.of(returnKind(m.desc), text, text.startsWith("(int)") ? UNARY : PRIMARY);
            }
            return boxing(owner, m, receiver, args);
        }
        return null;
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
        if (receiver != null && m.name.endsWith("Value") && args.isEmpty() && receiver.kind == returnKind(m.desc)) {
            return receiver;
        }
        return null;
    }

    private static Expr item(KernelContext ctx, MethodTranslator.Rejector r, MethodInsnNode m, Expr receiver, List<Expr> args) {
        int dims = ctx.dimensions;
        String last = Integer.toString(dims - 1);
        String d = args.isEmpty() ? null : args.get(0).constant != null
                ? Long.toString(dims - 1 - args.get(0).constant) : last + " - " + args.get(0).at(ADD + 1);
        if (args.size() == 1 && args.get(0).constant != null && (args.get(0).constant < 0 || args.get(0).constant >= dims)) {
            throw r.reject("dimension " + args.get(0).constant + " of a " + dims + "-dimensional item",
                    "is out of range; use 0 to " + (dims - 1));
        }
        String key = m.name + m.desc;
        return switch (key) {
            case "id(I)I", "globalId(I)I" -> Expr.of('I', "(int)get_global_id(" + d + ")", UNARY);
            case "localId(I)I" -> Expr.of('I', "(int)get_local_id(" + d + ")", UNARY);
            case "groupId(I)I" -> Expr.of('I', "(int)get_group_id(" + d + ")", UNARY);
            case "localRange(I)I" -> Expr.of('I', "(int)get_local_size(" + d + ")", UNARY);
            case "groupRange(I)I" -> Expr.of('I', "(int)get_num_groups(" + d + ")", UNARY);
            case "range(I)I", "globalRange(I)I" -> Expr.of('I', "it->range[" + args.get(0).text + "]", PRIMARY);
            case "dimensions()I" -> Expr.intConstant(dims);
            case "linearId()J", "globalLinearId()J" -> linear(dims, "get_global_id", "it->range[%d]");
            case "localLinearId()J" -> linear(dims, "get_local_id", "(long)get_local_size(%d)");
            case "barrier()V" -> Expr.effect('V', "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)", PRIMARY);
            default -> throw r.reject("call to " + m.owner.substring(m.owner.lastIndexOf('/') + 1) + "." + m.name,
                    "is not supported by this version of the lowering");
        };
    }

    private static Expr linear(int dims, String id, String range) {
        String text = "(long)" + id + "(" + (dims - 1) + ")";
        for (int d = 1; d < dims; d++) {
            String size = range.contains("get_local_size") ? String.format(range, dims - 1 - d) : String.format(range, d);
            text = (d > 1 ? "(" + text + ")" : text) + " * " + size + " + (long)" + id + "(" + (dims - 1 - d) + ")";
        }
        return Expr.of('J', text, dims == 1 ? UNARY : ADD);
    }

    private static Expr accessor(MethodTranslator.Rejector r, MethodInsnNode m, Expr receiver, List<Expr> args) {
        AccessorRef acc = receiver.accessor;
        if (acc == null) {
            throw r.reject("call to " + m.name + " on an accessor that is not captured", "is not supported; capture the accessor");
        }
        Capture.Accessor a = acc.capture();
        Type[] types = Type.getArgumentTypes(m.desc);
        String name = "Accessor." + m.owner.substring(ACCESSOR_PREFIX.length() - "Of".length()) + "." + m.name;
        switch (m.name) {
            case "size" -> {
                StringBuilder t = new StringBuilder();
                for (int d = 0; d < a.dimensions(); d++) {
                    t.append(d > 0 ? " * " : "").append(acc.member()).append("range[").append(d).append("]");
                }
                return Expr.of('I', t.toString(), a.dimensions() == 1 ? PRIMARY : MUL);
            }
            case "get", "set" -> {
                int indexes = m.name.equals("get") ? types.length : types.length - 1;
                if (indexes != a.dimensions()) {
                    throw r.reject("call to " + name + " with " + indexes + " index(es) on a " + a.dimensions()
                            + "-dimensional accessor", "is out of range; pass one index per dimension");
                }
                String element = acc.member() + "data[" + index(acc, args) + "]";
                if (m.name.equals("get")) {
                    return Expr.of(returnKind(m.desc), element, PRIMARY);
                }
                if (a.mode() == AccessMode.READ) {
                    throw r.reject("call to " + name + " on a read-only accessor",
                            "cannot write; request the accessor with write or read-write access");
                }
                return Expr.effect('V', element + " = " + args.getLast().text, PRIMARY);
            }
            default -> throw r.reject("call to " + name, "is not supported by this version of the lowering");
        }
    }

    private static String index(AccessorRef acc, List<Expr> args) {
        String m = acc.member();
        String text = null;
        for (int d = 0; d < acc.capture().dimensions(); d++) {
            String i = args.get(d).at(ADD) + " + " + m + "offset[" + d + "]";
            text = text == null ? i : (d > 1 ? "(" + text + ")" : text.contains(" + ") ? "(" + text + ")" : text)
                    + " * " + m + "memRange[" + d + "] + " + "(" + i + ")";
        }
        return text;
    }

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
            b.append(b.isEmpty() ? "" : ", ").append(e.text);
        }
        return b.toString();
    }
}
