package io.jsycl.lowering;

/**
 * A typed expression of the lowering IR, rebuilt from the operand stack. It carries its
 * OpenCL C text with its C precedence, so emitting needs no second pass.
 *
 * <p>{@code kind} is the JVM computational type: {@code I J F D}, {@code A} an accessor
 * reference (or any captured object: local accessor, array, record), {@code T} the kernel's
 * item, {@code Q} a reduction's reducer, {@code K} a memory fence, {@code S} a specialization
 * constant before {@code get()}, {@code R} a record of primitives as a struct value
 * ({@link #recordType}), {@code N} the object of a {@code NEW} before its constructor runs,
 * {@code P} a private array made in the kernel ({@code new float[16]}: a C array of constant length
 * {@link #constant} and element type {@link #elementType}), {@code C} a pending {@code lcmp}/{@code fcmp}
 * result (only ever consumed by a branch or widened to an int).
 */
final class Expr {
    /** C precedences (higher binds tighter). */
    static final int PRIMARY = 16, UNARY = 15, MUL = 13, ADD = 12, SHIFT = 11, REL = 10, EQ = 9,
            BAND = 8, XOR = 7, BOR = 6, LAND = 5, LOR = 4, COND = 3;

    final char kind;
    final String text;
    final int prec;
    /** Constants and temporaries: never need spilling. */
    final boolean stable;
    /** Has an effect of its own (a device function call): must not be dropped or duplicated. */
    final boolean effect;
    /** The text of the logical negation, for conditions; {@code null} to use {@code !(text)}. */
    final String negation;
    /** For kind {@code A}: the accessor it refers to. */
    final AccessorRef accessor;
    /** For kind {@code C}: the compared operands and the result on NaN (-1, 1 or 0 for lcmp). */
    final Expr left, right;
    final int nanResult;
    /** For int and long constants, the value. */
    final Long constant;
    /** For wrapping int/long arithmetic: the same value as an unsigned C expression (ADD precedence). */
    String unsignedText;
    int unsignedPrec;
    /**
     * For an int {@code e + c} or {@code e - c} with {@code c} a constant, {@code |c| <}
     * {@link Arithmetic#SUBSCRIPT_CONSTANT_LIMIT}: {@code e} and the signed constant added to it, so a subscript
     * can compute the sum signed ({@link Arithmetic#subscript}); {@code null} otherwise.
     */
    Expr addend;
    long addendConstant;
    /** For a {@code float} widened to {@code double}: the float expression. */
    Expr widenedFloat;
    /**
     * The value of a float or double constant ({@code F}/{@code D} kind, a float's exactly as a double), so calls
     * and conversions of constants are computed by Java itself ({@link Arithmetic#convert}, {@link Builtins}).
     */
    Double fpConstant;
    /** For {@code Math.sqrt} of a widened {@code float}: the float expression. */
    Expr sqrtOfFloat;
    /**
     * For kind {@code R} (a struct value of a record of primitives) and {@code N} (a record
     * being constructed: {@code NEW} before its constructor call), the record's struct.
     */
    RecordType recordType;
    /** For kind {@code P}: the element's JVM descriptor ({@code Z B C S I J F D}). */
    char elementType;
    /**
     * For an int comparison {@code v < e} of a local variable {@code v} (signed, as Java's {@code if_icmplt}): the
     * variable's name when the condition being true, or being false ({@code v >= e}), means {@code v < e}.
     * {@link ControlFlowStructurer} uses it to find counted loops whose {@code v++} cannot overflow.
     */
    String belowWhenTrue;
    String belowWhenFalse;

    private Expr(char kind, String text, int prec, boolean stable, boolean effect, String negation,
            AccessorRef accessor, Expr left, Expr right, int nanResult, Long constant) {
        this.kind = kind;
        this.text = text;
        this.prec = prec;
        this.stable = stable;
        this.effect = effect;
        this.negation = negation;
        this.accessor = accessor;
        this.left = left;
        this.right = right;
        this.nanResult = nanResult;
        this.constant = constant;
    }

    static Expr of(char kind, String text, int prec) {
        return new Expr(kind, text, prec, false, false, null, null, null, null, 0, null);
    }

    static Expr effect(char kind, String text, int prec) {
        return new Expr(kind, text, prec, false, true, null, null, null, null, 0, null);
    }

    /** Wrapping arithmetic: {@code (int)(u)} where {@code u} is computed unsigned. */
    static Expr wrapped(char kind, String unsignedText, int unsignedPrec) {
        Expr e = of(kind, "(" + cType(kind) + ")(" + unsignedText + ")", UNARY);
        e.unsignedText = unsignedText;
        e.unsignedPrec = unsignedPrec;
        return e;
    }

    static Expr stable(char kind, String text) {
        return new Expr(kind, text, PRIMARY, true, false, null, null, null, null, 0, null);
    }

    static Expr condition(String text, int prec, String negation) {
        return new Expr('I', text, prec, false, false, negation, null, null, null, 0, null);
    }

    static Expr intConstant(int v) {
        String t = v == Integer.MIN_VALUE ? "(-2147483647 - 1)" : Integer.toString(v);
        return new Expr('I', t, v < 0 && v != Integer.MIN_VALUE ? UNARY : PRIMARY, true, false, null,
                null, null, null, 0, (long) v);
    }

    static Expr longConstant(long v) {
        String t = v == Long.MIN_VALUE ? "(-9223372036854775807L - 1L)" : v + "L";
        return new Expr('J', t, v < 0 && v != Long.MIN_VALUE ? UNARY : PRIMARY, true, false, null,
                null, null, null, 0, v);
    }

    static Expr floatConstant(float v) {
        String t;
        if (Float.isNaN(v)) {
            t = "NAN";
        } else if (Float.isInfinite(v)) {
            t = v > 0 ? "INFINITY" : "(-INFINITY)";
        } else {
            t = Float.toString(v) + "f";
        }
        Expr e = new Expr('F', t, t.startsWith("-") ? UNARY : PRIMARY, true, false, null, null, null, null, 0, null);
        e.fpConstant = (double) v;
        return e;
    }

    static Expr doubleConstant(double v) {
        String t;
        if (Double.isNaN(v)) {
            t = "(double)NAN";
        } else if (Double.isInfinite(v)) {
            t = v > 0 ? "(double)INFINITY" : "(-(double)INFINITY)";
        } else {
            t = Double.toString(v);
        }
        Expr e = new Expr('D', t, t.startsWith("-") || t.startsWith("(double)") ? UNARY : PRIMARY, true, false,
                null, null, null, null, 0, null);
        e.fpConstant = v;
        return e;
    }

    static Expr accessor(AccessorRef ref) {
        return new Expr('A', ref.pointer(), PRIMARY, true, false, null, ref, null, null, 0, null);
    }

    /** A struct value of a record of primitives. */
    static Expr record(RecordType type, String text, boolean stable) {
        Expr e = new Expr('R', text, PRIMARY, stable, false, null, null, null, null, 0, null);
        e.recordType = type;
        return e;
    }

    /** A struct value computed by a call with effects: must not be dropped or duplicated. */
    static Expr recordEffect(RecordType type, String text) {
        Expr e = new Expr('R', text, PRIMARY, false, true, null, null, null, null, 0, null);
        e.recordType = type;
        return e;
    }

    /** A private array {@code name} of {@code length} elements of {@code elementType} (a JVM descriptor). */
    static Expr privateArray(String name, char elementType, int length) {
        Expr e = new Expr('P', name, PRIMARY, true, false, null, null, null, null, 0, (long) length);
        e.elementType = elementType;
        return e;
    }

    /** The C element type of a private array of JVM element descriptor {@code d}. */
    static String elementCType(char d) {
        return switch (d) {
            case 'Z' -> "uchar";
            case 'B' -> "char";
            case 'C' -> "ushort";
            case 'S' -> "short";
            default -> cType(d);
        };
    }

    /** The object of {@code NEW} for a record of primitives, before its constructor call. */
    static Expr newRecord(RecordType type) {
        Expr e = new Expr('N', "/* new " + type.internalName() + " */", PRIMARY, true, false, null, null, null, null, 0,
                null);
        e.recordType = type;
        return e;
    }

    static Expr item() {
        return new Expr('T', "it", PRIMARY, true, false, null, null, null, null, 0, null);
    }

    /** The reducer of a reduction kernel. */
    static Expr reducer() {
        return new Expr('Q', "jsycl_acc", PRIMARY, true, false, null, null, null, null, 0, null);
    }

    /** A {@code SpecConstant} field; {@code get()} gives {@code value}. */
    static Expr specConstant(String macro, Expr value) {
        return new Expr('S', macro, PRIMARY, true, false, null, null, value, null, 0, null);
    }

    static Expr compare(Expr left, Expr right, int nanResult) {
        return new Expr('C', "", PRIMARY, false, left.effect || right.effect, null, null, left, right, nanResult, null);
    }

    /** This expression's text, parenthesized unless it binds at least as tightly as {@code p}. */
    String at(int p) {
        return prec >= p ? text : "(" + text + ")";
    }

    /** The text of {@code !this} for a condition. */
    String negated() {
        if (negation != null) {
            return negation;
        }
        if (constant != null) {
            return constant == 0 ? "1" : "0";
        }
        return "!" + at(UNARY);
    }

    boolean wide() {
        return kind == 'J' || kind == 'D';
    }

    /** The C type of a value of this kind. */
    static String cType(char kind) {
        return switch (kind) {
            case 'I' -> "int";
            case 'J' -> "long";
            case 'F' -> "float";
            case 'D' -> "double";
            default -> throw new IllegalStateException("no C type for kind " + kind);
        };
    }
}
