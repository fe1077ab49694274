package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.ADD;
import static io.jsycl.lowering.Expr.EQ;
import static io.jsycl.lowering.Expr.MUL;
import static io.jsycl.lowering.Expr.PRIMARY;
import static io.jsycl.lowering.Expr.REL;
import static io.jsycl.lowering.Expr.SHIFT;
import static io.jsycl.lowering.Expr.UNARY;
import static org.objectweb.asm.Opcodes.*;

import io.jsycl.lowering.Expr.Addend;
import io.jsycl.lowering.Expr.DoubleValue;
import io.jsycl.lowering.Expr.FloatValue;
import io.jsycl.lowering.Expr.IntValue;
import io.jsycl.lowering.Expr.LongValue;
import io.jsycl.lowering.Expr.Unsigned;
import io.jsycl.lowering.Expr.Value;

/**
 * Java arithmetic in OpenCL C: integer {@code + - *} wrap (computed unsigned), shifts mask
 * their count, integer division goes through helpers that define the overflow and zero cases,
 * casts saturate like Java's, float comparisons treat NaN as Java does.
 */
final class Arithmetic {
    private Arithmetic() {
    }

    static Value add(char type, Value l, Value r) {
        return wrapping(type, "+", l, r);
    }

    static Value sub(char type, Value l, Value r) {
        return wrapping(type, "-", l, r);
    }

    static Value mul(char type, Value l, Value r) {
        if (type == 'I' || type == 'J') {
            return wrapping(type, "*", l, r);
        }
        return Expr.value(type, l.at(MUL) + " * " + r.at(MUL + 1), MUL);
    }

    private static Value wrapping(char type, String op, Value l, Value r) {
        int prec = op.equals("*") ? MUL : ADD;
        if (type == 'F' || type == 'D') {
            return Expr.value(type, l.at(prec) + " " + op + " " + r.at(prec + 1), prec);
        }
        Long lc = Expr.integerConstant(l);
        Long rc = Expr.integerConstant(r);
        if (lc != null && rc != null) {
            long a = lc, b = rc;
            long v = op.equals("+") ? a + b : op.equals("-") ? a - b : a * b;
            return type == 'I' ? Expr.intConstant((int) v) : Expr.longConstant(v);
        }
        Value base = null;
        long addendConstant = 0;
        if (type == 'I' && rc != null && !op.equals("*")) {
            base = l;
            addendConstant = op.equals("+") ? rc : -rc;
        } else if (type == 'I' && lc != null && op.equals("+")) {
            base = r;
            addendConstant = lc;
        }
        String u = type == 'I' ? "uint" : "ulong";
        long min = type == 'I' ? Integer.MIN_VALUE : Long.MIN_VALUE;
        if (!op.equals("*") && rc != null && rc < 0 && rc != min) {
            op = op.equals("+") ? "-" : "+";
            r = type == 'I' ? Expr.intConstant((int) -rc) : Expr.longConstant(-rc);
        }
        Addend addend = base != null && Math.abs(addendConstant) < SUBSCRIPT_CONSTANT_LIMIT
                ? new Addend(base, addendConstant) : null;
        return Expr.wrapped(type, unsigned(u, l, prec) + " " + op + " " + unsigned(u, r, prec + 1), prec, addend);
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
        if (ctx.checked || !(index instanceof IntValue i) || i.addend() == null) {
            return index;
        }
        Addend a = i.addend();
        return Expr.intValue(ctx.helper("JSYCL_SUBSCRIPT") + "(" + a.base().text() + ", " + a.constant() + ")", PRIMARY);
    }

    private static String unsigned(String u, Value e, int prec) {
        Long c = Expr.integerConstant(e);
        if (c != null && c >= 0) {
            return c + (u.equals("uint") ? "u" : "UL");
        }
        Unsigned unsigned = switch (e) {
            case IntValue i -> i.unsigned();
            case LongValue l -> l.unsigned();
            default -> null;
        };
        if (unsigned != null) {
            return unsigned.prec() >= prec ? unsigned.text() : "(" + unsigned.text() + ")";
        }
        return "(" + u + ")" + e.at(UNARY);
    }

    static Value div(KernelContext ctx, Value l, Value r) {
        char t = l.type();
        if (t == 'F' || t == 'D') {
            return Expr.value(t, l.at(MUL) + " / " + r.at(MUL + 1), MUL);
        }
        Long rc = Expr.integerConstant(r);
        if (rc != null && rc != 0 && rc != -1) {
            return Expr.value(t, l.at(MUL) + " / " + r.at(MUL + 1), MUL);
        }
        return Expr.value(t, ctx.helper(t == 'I' ? "jsycl_idiv" : "jsycl_ldiv") + "(" + l.text() + ", " + r.text() + ")",
                PRIMARY);
    }

    static Value rem(KernelContext ctx, Value l, Value r) {
        char t = l.type();
        if (t == 'F' || t == 'D') {
            return Expr.value(t, "fmod(" + l.text() + ", " + r.text() + ")", PRIMARY);
        }
        Long rc = Expr.integerConstant(r);
        if (rc != null && rc != 0 && rc != -1) {
            return Expr.value(t, l.at(MUL) + " % " + r.at(MUL + 1), MUL);
        }
        return Expr.value(t, ctx.helper(t == 'I' ? "jsycl_irem" : "jsycl_lrem") + "(" + l.text() + ", " + r.text() + ")",
                PRIMARY);
    }

    static Value negate(Value e) {
        char t = e.type();
        if (t == 'I' || t == 'J') {
            String u = t == 'I' ? "uint" : "ulong";
            String zero = t == 'I' ? "0u" : "0UL";
            return Expr.value(t, "(" + Expr.cType(t) + ")(" + zero + " - (" + u + ")" + e.at(UNARY) + ")", UNARY);
        }
        String text = e.prec() >= UNARY && !e.text().startsWith("-") ? e.text() : "(" + e.text() + ")";
        return Expr.value(t, "-" + text, UNARY);
    }

    static Value shift(int op, Value value, Value count) {
        char k = value.type();
        String mask = k == 'I' ? "31" : "63";
        Long cc = Expr.integerConstant(count);
        String c = cc != null ? Long.toString(cc & (k == 'I' ? 31 : 63)) : count.at(Expr.BAND) + " & " + mask;
        String cnt = cc != null ? c : "(" + c + ")";
        String t = Expr.cType(k);
        String u = k == 'I' ? "uint" : "ulong";
        return switch (op) {
            case ISHL, LSHL -> Expr.value(k, "(" + t + ")((" + u + ")" + value.at(UNARY) + " << " + cnt + ")", UNARY);
            case ISHR, LSHR -> Expr.value(k, value.at(SHIFT) + " >> " + cnt, SHIFT);
            default -> Expr.value(k, "(" + t + ")((" + u + ")" + value.at(UNARY) + " >> " + cnt + ")", UNARY);
        };
    }

    /**
     * A conversion. {@code (float) Math.sqrt((double) x)} of a float {@code x} becomes the float
     * square root (exactly the same value when it is correctly rounded), not a double one.
     */
    static Value convert(KernelContext ctx, int op, Value e) {
        Value folded = convertConstant(op, e);
        if (folded != null) {
            return folded;
        }
        if (op == D2F && e instanceof DoubleValue d && d.sqrtOf() != null) {
            return Expr.value('F', ctx.helper("jsycl_sqrt_f") + "(" + d.sqrtOf().text() + ")", PRIMARY);
        }
        if (op == F2D) {
            return new DoubleValue("(double)" + e.at(UNARY), UNARY, false, false, null,
                    e instanceof FloatValue f ? f : null, null);
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
            case D2F -> call('F', "convert_float_rte", e);
            case I2B -> Expr.value('I', "(int)(char)" + e.at(UNARY), UNARY);
            case I2C -> Expr.value('I', "(int)(ushort)" + e.at(UNARY), UNARY);
            default -> Expr.value('I', "(int)(short)" + e.at(UNARY), UNARY);
        };
    }

    /**
     * A conversion of a constant, computed by Java: the driver never sees, say, {@code convert_int_sat_rtz} of a
     * constant NaN, which PoCL's optimizer may fold to any value. Null where {@code e} is no constant.
     */
    private static Value convertConstant(int op, Value e) {
        Double fp = switch (e) {
            case FloatValue f when f.constant() != null -> (double) f.constant();
            case DoubleValue d -> d.constant();
            default -> null;
        };
        if (fp != null) {
            double d = fp;
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
        Long c = Expr.integerConstant(e);
        if (c != null) {
            long v = c;
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
    private static Value toInteger(KernelContext ctx, char type, String helper, Value e) {
        return call(type, ctx.helper(helper), e);
    }

    private static Value cast(char type, String cType, Value e) {
        return Expr.value(type, "(" + cType + ")" + e.at(UNARY), UNARY);
    }

    private static Value call(char type, String fn, Value e) {
        return Expr.value(type, fn + "(" + e.text() + ")", PRIMARY);
    }

    private static final String[] OPS = {"==", "!=", "<", ">=", ">", "<="};
    private static final String[] NEGATED = {"!=", "==", ">=", "<", "<=", ">"};

    /**
     * A branch condition {@code l OP r} where OP is the IFEQ..IFLE order; for floats,
     * {@code nanResult} is what fcmpl/fcmpg gave on NaN, so the condition is true on NaN exactly
     * when the bytecode branch is taken on NaN.
     */
    static Condition compare(int opIndex, Value l, Value r, boolean floating, int nanResult) {
        String op = OPS[opIndex];
        String neg = NEGATED[opIndex];
        int prec = opIndex < 2 ? EQ : REL;
        String a = l.at(prec + 1);
        String b = r.at(prec + 1);
        if (!floating) {
            return new Condition(a + " " + op + " " + b, prec, a + " " + neg + " " + b);
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
            return new Condition(a + " " + op + " " + b, prec, "!(" + a + " " + op + " " + b + ")");
        }
        if (opIndex == 1) {
            return new Condition(a + " != " + b, EQ, a + " == " + b);
        }
        return new Condition("!(" + a + " " + neg + " " + b + ")", UNARY, a + " " + neg + " " + b);
    }
}
