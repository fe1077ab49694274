package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.ADD;
import static io.jsycl.lowering.Expr.EQ;
import static io.jsycl.lowering.Expr.MUL;
import static io.jsycl.lowering.Expr.PRIMARY;
import static io.jsycl.lowering.Expr.REL;
import static io.jsycl.lowering.Expr.SHIFT;
import static io.jsycl.lowering.Expr.UNARY;
import static org.objectweb.asm.Opcodes.*;

/**
 * Java arithmetic in OpenCL C: integer {@code + - *} wrap (computed unsigned), shifts mask
 * their count, integer division goes through helpers that define the overflow and zero cases,
 * casts saturate like Java's, float comparisons treat NaN as Java does.
 */
final class Arithmetic {
    private Arithmetic() {
    }

    static Expr add(char kind, Expr l, Expr r) {
        return wrapping(kind, "+", l, r);
    }

    static Expr sub(char kind, Expr l, Expr r) {
        return wrapping(kind, "-", l, r);
    }

    static Expr mul(char kind, Expr l, Expr r) {
        if (kind == 'I' || kind == 'J') {
            return wrapping(kind, "*", l, r);
        }
        return Expr.of(kind, l.at(MUL) + " * " + r.at(MUL + 1), MUL);
    }

    private static Expr wrapping(char kind, String op, Expr l, Expr r) {
        int prec = op.equals("*") ? MUL : ADD;
        if (kind == 'F' || kind == 'D') {
            return Expr.of(kind, l.at(prec) + " " + op + " " + r.at(prec + 1), prec);
        }
        if (l.constant != null && r.constant != null) {
            long a = l.constant, b = r.constant;
            long v = op.equals("+") ? a + b : op.equals("-") ? a - b : a * b;
            return kind == 'I' ? Expr.intConstant((int) v) : Expr.longConstant(v);
        }
        Expr addend = null;
        long addendConstant = 0;
        if (kind == 'I' && r.constant != null && !op.equals("*")) {
            addend = l;
            addendConstant = op.equals("+") ? r.constant : -r.constant;
        } else if (kind == 'I' && l.constant != null && op.equals("+")) {
            addend = r;
            addendConstant = l.constant;
        }
        String u = kind == 'I' ? "uint" : "ulong";
        long min = kind == 'I' ? Integer.MIN_VALUE : Long.MIN_VALUE;
        if (!op.equals("*") && r.constant != null && r.constant < 0 && r.constant != min) {
            op = op.equals("+") ? "-" : "+";
            r = kind == 'I' ? Expr.intConstant((int) -r.constant) : Expr.longConstant(-r.constant);
        }
        Expr result = Expr.wrapped(kind, unsigned(u, l, prec) + " " + op + " " + unsigned(u, r, prec + 1), prec);
        if (addend != null && Math.abs(addendConstant) < SUBSCRIPT_CONSTANT_LIMIT) {
            result.addend = addend;
            result.addendConstant = addendConstant;
        }
        return result;
    }

    /**
     * The bound on {@code |c|} below which a subscript {@code e + c} is computed signed: {@code 2^24}. Why that is
     * safe is in {@link #subscript}.
     */
    static final long SUBSCRIPT_CONSTANT_LIMIT = 1L << 24;

    /**
     * The largest extent (of an accessor or local accessor dimension, captured array or private array) for which
     * signed subscripts keep Java's results: {@code 2^31 - 2^24}. Above it the runtime defines
     * {@code JSYCL_WRAPPING_SUBSCRIPTS} for the launch.
     */
    static final long SIGNED_SUBSCRIPT_MAX_EXTENT = (1L << 31) - SUBSCRIPT_CONSTANT_LIMIT;

    /**
     * The text of {@code index} used as a subscript (an accessor, local accessor or array index).
     *
     * <p>Java's {@code int} arithmetic wraps, so {@code i - 1} is normally emitted as {@code (int)((uint)i - 1u)}: C's
     * signed overflow is undefined. Inside a subscript that hides from the compiler that {@code i - 1}, {@code i} and
     * {@code i + 1} are neighbours, so each load gets its own sign extension and address. A subscript of the form
     * {@code e + c} or {@code e - c} (outermost operation; {@code c} an int constant with {@code |c| < 2^24};
     * {@code e} any int expression, itself still computed with wrapping) is instead emitted as
     * {@code JSYCL_SUBSCRIPT(e, c)}, which is {@code ((e) + (c))}, signed. This keeps Java's result for every program
     * whose indices are in bounds:
     * <ul>
     * <li>where {@code e + c} does not overflow, signed and wrapping arithmetic give the same index;</li>
     * <li>where it overflows upwards ({@code c > 0}), Java's wrapped index is {@code e + c - 2^32 < 0}: out of
     * bounds, an {@code IndexOutOfBoundsException} in Java;</li>
     * <li>where it overflows downwards ({@code c < 0}), Java's index is {@code e + c + 2^32 >= 2^31 - |c| >
     * 2^31 - 2^24}: out of bounds too, as long as the extent indexed is at most
     * {@link #SIGNED_SUBSCRIPT_MAX_EXTENT}.</li>
     * </ul>
     * So an overflow there happens only in a program that Java would stop with an exception, for which an unchecked
     * device kernel gives no defined result anyway (it reads or writes outside the data). Each index of a multi-
     * dimensional access is checked against its own dimension in Java, so the argument holds per dimension.
     *
     * <p>Only the outermost {@code + c} is signed: in {@code a[i * n + j + 1]} the {@code i * n + j} keeps wrapping,
     * since a wrap there can give an in-bounds index that Java accepts. The runtime defines
     * {@code JSYCL_WRAPPING_SUBSCRIPTS} (the macro then wraps as before) for a launch where an extent exceeds
     * {@link #SIGNED_SUBSCRIPT_MAX_EXTENT} or where {@code jsycl.lowering.signedSubscripts=false}. Checked kernels
     * ({@code JSYCL_CHECKS=1}) keep exact wrapping, so the bad index they report is Java's.
     */
    static Expr subscript(KernelContext ctx, Expr index) {
        if (ctx.checked || index.addend == null) {
            return index;
        }
        return Expr.of('I', ctx.helper("JSYCL_SUBSCRIPT") + "(" + index.addend.text + ", " + index.addendConstant + ")",
                PRIMARY);
    }

    private static String unsigned(String u, Expr e, int prec) {
        if (e.constant != null && e.constant >= 0) {
            return e.constant + (u.equals("uint") ? "u" : "UL");
        }
        if (e.unsignedText != null) {
            return e.unsignedPrec >= prec ? e.unsignedText : "(" + e.unsignedText + ")";
        }
        return "(" + u + ")" + e.at(UNARY);
    }

    static Expr div(KernelContext ctx, Expr l, Expr r) {
        if (l.kind == 'F' || l.kind == 'D') {
            return Expr.of(l.kind, l.at(MUL) + " / " + r.at(MUL + 1), MUL);
        }
        if (r.constant != null && r.constant != 0 && r.constant != -1) {
            return Expr.of(l.kind, l.at(MUL) + " / " + r.at(MUL + 1), MUL);
        }
        return Expr.of(l.kind, ctx.helper(l.kind == 'I' ? "jsycl_idiv" : "jsycl_ldiv") + "(" + l.text + ", " + r.text + ")", PRIMARY);
    }

    static Expr rem(KernelContext ctx, Expr l, Expr r) {
        if (l.kind == 'F' || l.kind == 'D') {
            return Expr.of(l.kind, "fmod(" + l.text + ", " + r.text + ")", PRIMARY);
        }
        if (r.constant != null && r.constant != 0 && r.constant != -1) {
            return Expr.of(l.kind, l.at(MUL) + " % " + r.at(MUL + 1), MUL);
        }
        return Expr.of(l.kind, ctx.helper(l.kind == 'I' ? "jsycl_irem" : "jsycl_lrem") + "(" + l.text + ", " + r.text + ")", PRIMARY);
    }

    static Expr negate(Expr e) {
        if (e.kind == 'I' || e.kind == 'J') {
            String u = e.kind == 'I' ? "uint" : "ulong";
            String zero = e.kind == 'I' ? "0u" : "0UL";
            return Expr.of(e.kind, "(" + Expr.cType(e.kind) + ")(" + zero + " - (" + u + ")" + e.at(UNARY) + ")", UNARY);
        }
        String t = e.prec >= UNARY && !e.text.startsWith("-") ? e.text : "(" + e.text + ")";
        return Expr.of(e.kind, "-" + t, UNARY);
    }

    static Expr shift(int op, Expr value, Expr count) {
        char k = value.kind;
        String mask = k == 'I' ? "31" : "63";
        String c = count.constant != null ? Long.toString(count.constant & (k == 'I' ? 31 : 63))
                : count.at(Expr.BAND) + " & " + mask;
        String cnt = count.constant != null ? c : "(" + c + ")";
        String t = Expr.cType(k);
        String u = k == 'I' ? "uint" : "ulong";
        return switch (op) {
            case ISHL, LSHL -> Expr.of(k, "(" + t + ")((" + u + ")" + value.at(UNARY) + " << " + cnt + ")", UNARY);
            case ISHR, LSHR -> Expr.of(k, value.at(SHIFT) + " >> " + cnt, SHIFT);
            default -> Expr.of(k, "(" + t + ")((" + u + ")" + value.at(UNARY) + " >> " + cnt + ")", UNARY);
        };
    }

    /**
     * A conversion. {@code (float) Math.sqrt((double) x)} of a float {@code x} becomes the float
     * square root (exactly the same value when it is correctly rounded), not a double one.
     */
    static Expr convert(KernelContext ctx, int op, Expr e) {
        Expr folded = convertConstant(op, e);
        if (folded != null) {
            return folded;
        }
        if (op == D2F && e.sqrtOfFloat != null) {
            return Expr.of('F', ctx.helper("jsycl_sqrt_f") + "(" + e.sqrtOfFloat.text + ")", PRIMARY);
        }
        if (op == F2D) {
            Expr widened = cast('D', "double", e);
            widened.widenedFloat = e;
            return widened;
        }
        return switch (op) {
            case I2L -> cast('J', "long", e);
            case I2F -> call('F', "convert_float_rte", e);
            case I2D -> cast('D', "double", e);
            case L2I -> cast('I', "int", e);
            case L2F -> call('F', "convert_float_rte", e);
            case L2D -> call('D', "convert_double_rte", e);
            case F2I -> toInteger(ctx, 'I', "jsycl_to_int_f", e);
            case D2I -> toInteger(ctx, 'I', "jsycl_to_int_d", e);
            case F2L -> toInteger(ctx, 'J', "jsycl_to_long_f", e);
            case D2L -> toInteger(ctx, 'J', "jsycl_to_long_d", e);
            case F2D -> cast('D', "double", e);
            case D2F -> call('F', "convert_float_rte", e);
            case I2B -> Expr.of('I', "(int)(char)" + e.at(UNARY), UNARY);
            case I2C -> Expr.of('I', "(int)(ushort)" + e.at(UNARY), UNARY);
            default -> Expr.of('I', "(int)(short)" + e.at(UNARY), UNARY);
        };
    }

    /**
     * A conversion of a constant, computed by Java: the driver never sees, say, {@code convert_int_sat_rtz} of a
     * constant NaN, which PoCL's optimizer may fold to any value. Null where {@code e} is no constant.
     */
    private static Expr convertConstant(int op, Expr e) {
        if (e.fpConstant != null) {
            double d = e.fpConstant;
            float f = (float) d; // exact for a float constant
            return switch (op) {
                case F2I -> Expr.intConstant((int) f);
                case F2L -> Expr.longConstant((long) f);
                case F2D -> Expr.doubleConstant(f);
                case D2I -> Expr.intConstant((int) d);
                case D2L -> Expr.longConstant((long) d);
                case D2F -> Expr.floatConstant((float) d);
                default -> null;
            };
        }
        if (e.constant != null && (e.kind == 'I' || e.kind == 'J')) {
            long v = e.constant;
            return switch (op) {
                case I2F -> Expr.floatConstant((float) (int) v);
                case I2D -> Expr.doubleConstant((int) v);
                case L2F -> Expr.floatConstant((float) v);
                case L2D -> Expr.doubleConstant((double) v);
                default -> null;
            };
        }
        return null;
    }

    /**
     * A floating-point to integer cast: OpenCL's saturating, truncating conversion is Java's, NaN to 0 included;
     * the helper keeps that where a driver gets NaN wrong (the runtime's driver quirks).
     */
    private static Expr toInteger(KernelContext ctx, char kind, String helper, Expr e) {
        return call(kind, ctx.helper(helper), e);
    }

    private static Expr cast(char kind, String type, Expr e) {
        return Expr.of(kind, "(" + type + ")" + e.at(UNARY), UNARY);
    }

    private static Expr call(char kind, String fn, Expr e) {
        return Expr.of(kind, fn + "(" + e.text + ")", PRIMARY);
    }

    private static final String[] OPS = {"==", "!=", "<", ">=", ">", "<="};
    private static final String[] NEGATED = {"!=", "==", ">=", "<", "<=", ">"};

    /**
     * A branch condition {@code l OP r} where OP is the IFEQ..IFLE order; for floats,
     * {@code nanResult} is what fcmpl/fcmpg gave on NaN, so the condition is true on NaN exactly
     * when the bytecode branch is taken on NaN.
     */
    static Expr compare(int opIndex, Expr l, Expr r, boolean floating, int nanResult) {
        String op = OPS[opIndex];
        String neg = NEGATED[opIndex];
        int prec = opIndex < 2 ? EQ : REL;
        int negPrec = opIndex < 2 ? EQ : REL;
        String a = l.at(prec + 1);
        String b = r.at(prec + 1);
        if (!floating) {
            return Expr.condition(a + " " + op + " " + b, prec, a + " " + neg + " " + b);
        }
        boolean takenOnNan = switch (opIndex) {
            case 0 -> nanResult == 0;
            case 1 -> nanResult != 0;
            case 2 -> nanResult < 0;
            case 3 -> nanResult >= 0;
            case 4 -> nanResult > 0;
            default -> nanResult <= 0;
        };
        if (!takenOnNan) {
            return Expr.condition(a + " " + op + " " + b, prec, "!(" + a + " " + op + " " + b + ")");
        }
        if (opIndex == 1) {
            return Expr.condition(a + " != " + b, EQ, a + " == " + b);
        }
        return Expr.condition("!(" + a + " " + neg + " " + b + ")", UNARY, a + " " + neg + " " + b);
    }
}
