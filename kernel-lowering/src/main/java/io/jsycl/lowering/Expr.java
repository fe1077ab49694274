package io.jsycl.lowering;

/**
 * A typed expression of the lowering IR, rebuilt from the operand stack. Each kind of value is its own record, and
 * what the lowering knows about a value besides its text (that it is a constant, that it was computed unsigned, that
 * it is a widened {@code float}...) is a component of its record, fixed when it is made; consumers tell the kinds
 * apart with pattern matching. Every expression carries its OpenCL C text with its C precedence, so emitting needs no
 * second pass.
 *
 * <ul>
 *   <li>{@link Value}: a primitive value of JVM computational type {@code int}, {@code long}, {@code float} or
 *       {@code double} ({@link IntValue}, {@link LongValue}, {@link FloatValue}, {@link DoubleValue});
 *   <li>{@link Ref}: something the translated code refers to but never copies into a temporary: a captured object
 *       ({@link AccessorRef}), the kernel's item, a reduction's reducer, a memory fence, a {@code GroupOp} constant, a
 *       specialization constant before {@code get()}, a private array;
 *   <li>{@link RecordValue}: a record of primitives as a C struct value;
 *   <li>{@link NewRecord}: the object of a {@code NEW} before its constructor runs;
 *   <li>{@link PendingCompare}: the result of {@code lcmp}/{@code fcmp}/{@code dcmp}, only ever consumed by a branch
 *       or materialized as an int;
 *   <li>{@link NoValue}: a call of a {@code void} method, which becomes a statement.
 * </ul>
 */
sealed interface Expr permits Expr.Value, Expr.Ref, Expr.RecordValue, Expr.NewRecord, Expr.PendingCompare,
        Expr.NoValue {
    /** C precedences (higher binds tighter). */
    int PRIMARY = 16, UNARY = 15, MUL = 13, ADD = 12, SHIFT = 11, REL = 10, EQ = 9, BAND = 8, XOR = 7, BOR = 6,
            LAND = 5, LOR = 4, COND = 3;

    /** The C text. */
    String text();

    /** The C precedence of {@link #text}. */
    int prec();

    /** Constants, temporaries and references: never need spilling before a statement. */
    boolean stable();

    /** Has an effect of its own (a device function call): must not be dropped or duplicated. */
    boolean effect();

    /** This expression's text, parenthesized unless it binds at least as tightly as {@code p}. */
    default String at(int p) {
        return prec() >= p ? text() : "(" + text() + ")";
    }

    // ---------------------------------------------------------------- primitive values

    /** A primitive value: {@link #type} is its JVM computational type, {@code I}, {@code J}, {@code F} or {@code D}. */
    sealed interface Value extends Expr permits IntValue, LongValue, FloatValue, DoubleValue {
        /** The JVM computational type: {@code I}, {@code J}, {@code F} or {@code D}. */
        char type();

        /** Whether the value takes two words of the operand stack ({@code long} and {@code double}). */
        default boolean wide() {
            return false;
        }
    }

    /**
     * Wrapping {@code int}/{@code long} arithmetic: the same value as an unsigned C expression.
     *
     * @param text the unsigned expression
     * @param prec its precedence ({@link #ADD} or {@link #MUL})
     */
    record Unsigned(String text, int prec) {
    }

    /**
     * An int {@code e + c} or {@code e - c} with {@code c} a constant, {@code |c| <}
     * {@link Arithmetic#SUBSCRIPT_CONSTANT_LIMIT}: {@code e} and the signed constant added to it, so that a subscript
     * can compute the sum signed ({@link Arithmetic#subscript}).
     *
     * @param base the expression {@code e}
     * @param constant the signed constant added to it
     */
    record Addend(Value base, long constant) {
    }

    /**
     * An {@code int} value (also {@code boolean}, {@code byte}, {@code char} and {@code short}, which the JVM computes
     * as int).
     *
     * @param constant the value, for a constant; else null
     * @param unsigned the value computed unsigned, for wrapping arithmetic; else null
     * @param addend the value as {@code e + c}, for a sum a subscript may compute signed; else null
     */
    record IntValue(String text, int prec, boolean stable, boolean effect, Integer constant, Unsigned unsigned,
            Addend addend) implements Value {
        @Override
        public char type() {
            return 'I';
        }
    }

    /**
     * A {@code long} value.
     *
     * @param constant the value, for a constant; else null
     * @param unsigned the value computed unsigned, for wrapping arithmetic; else null
     */
    record LongValue(String text, int prec, boolean stable, boolean effect, Long constant, Unsigned unsigned)
            implements Value {
        @Override
        public char type() {
            return 'J';
        }

        @Override
        public boolean wide() {
            return true;
        }
    }

    /**
     * A {@code float} value.
     *
     * @param constant the value, for a constant, so that calls and conversions of constants are computed by Java
     *     itself ({@link Arithmetic#convert}, {@link Builtins}); else null
     */
    record FloatValue(String text, int prec, boolean stable, boolean effect, Float constant) implements Value {
        @Override
        public char type() {
            return 'F';
        }
    }

    /**
     * A {@code double} value.
     *
     * @param constant the value, for a constant; else null
     * @param widenedFrom for a {@code float} widened to {@code double}, the float; else null
     * @param sqrtOf for {@code Math.sqrt} of a widened {@code float}, the float, so that {@code (float) Math.sqrt(x)}
     *     becomes the float square root; else null
     */
    record DoubleValue(String text, int prec, boolean stable, boolean effect, Double constant, FloatValue widenedFrom,
            FloatValue sqrtOf) implements Value {
        @Override
        public char type() {
            return 'D';
        }

        @Override
        public boolean wide() {
            return true;
        }
    }

    // ---------------------------------------------------------------- references

    /**
     * What the translated code refers to but never copies into a temporary or a C variable: the lowering binds it
     * statically (a local holding an accessor names the accessor itself).
     */
    sealed interface Ref extends Expr permits AccessorRef, ItemRef, ReducerRef, FenceFlags, GroupOpConstant,
            SpecConstantRef, PrivateArray, MemoryOrderConstant, MemoryScopeConstant {
        @Override
        default int prec() {
            return PRIMARY;
        }

        @Override
        default boolean stable() {
            return true;
        }

        @Override
        default boolean effect() {
            return false;
        }
    }

    /** The kernel's item ({@code Item} or {@code NdItem}). */
    record ItemRef() implements Ref {
        @Override
        public String text() {
            return "it";
        }
    }

    /** A reducer of a reduction kernel: the lambda's reducer parameter {@code index} (0 for the first). */
    record ReducerRef(int index) implements Ref {
        @Override
        public String text() {
            return ReducerUse.name("jsycl_acc", index);
        }
    }

    /**
     * {@code Fence.LOCAL} or {@code Fence.GLOBAL}.
     *
     * @param text the OpenCL flags, {@code CLK_LOCAL_MEM_FENCE} or {@code CLK_GLOBAL_MEM_FENCE}
     */
    record FenceFlags(String text) implements Ref {
    }

    /**
     * A {@code GroupOp} constant, as a work-group or sub-group algorithm takes it.
     *
     * @param name the constant's name, e.g. {@code SUM}
     */
    record GroupOpConstant(String name) implements Ref {
        @Override
        public String text() {
            return "GroupOp." + name;
        }
    }

    /**
     * A {@code MemoryOrder} constant, as an atomic or a fence takes it ({@link OrderedAtomics}).
     *
     * @param name the constant's name, e.g. {@code RELEASE}
     */
    record MemoryOrderConstant(String name) implements Ref {
        @Override
        public String text() {
            return "MemoryOrder." + name;
        }
    }

    /**
     * A {@code MemoryScope} constant, as an atomic or a fence takes it ({@link OrderedAtomics}).
     *
     * @param name the constant's name, e.g. {@code DEVICE}
     */
    record MemoryScopeConstant(String name) implements Ref {
        @Override
        public String text() {
            return "MemoryScope." + name;
        }
    }

    /**
     * A {@code static final SpecConstant} field; {@code get()} gives {@code value}.
     *
     * @param macro the macro the runtime may define for the constant
     * @param value the constant's value in C
     */
    record SpecConstantRef(String macro, Value value) implements Ref {
        @Override
        public String text() {
            return macro;
        }
    }

    /**
     * A private array made in the kernel ({@code new float[16]}): a C array of constant length.
     *
     * @param name the C array
     * @param elementType the element's JVM descriptor ({@code Z B C S I J F D})
     * @param length the number of elements
     */
    record PrivateArray(String name, char elementType, int length) implements Ref {
        @Override
        public String text() {
            return name;
        }

        /** The C element type. */
        String cElementType() {
            return cElementType(elementType);
        }

        /** The C element type of a private array of JVM element descriptor {@code d}. */
        static String cElementType(char d) {
            return switch (d) {
                case 'Z' -> "uchar";
                case 'B' -> "char";
                case 'C' -> "ushort";
                case 'S' -> "short";
                default -> cType(d);
            };
        }
    }

    // ---------------------------------------------------------------- other kinds

    /**
     * A record of primitives as a struct value: read from an accessor of records, built with {@code new}, returned by
     * a device function, or a variable or temporary holding one.
     *
     * @param type the record's struct
     */
    record RecordValue(RecordType type, String text, boolean stable, boolean effect) implements Expr {
        @Override
        public int prec() {
            return PRIMARY;
        }
    }

    /**
     * The object of {@code NEW} for a record of primitives, before its constructor call makes it a {@link RecordValue}.
     *
     * @param type the record's struct
     */
    record NewRecord(RecordType type) implements Expr {
        @Override
        public String text() {
            return "/* new " + type.internalName() + " */";
        }

        @Override
        public int prec() {
            return PRIMARY;
        }

        @Override
        public boolean stable() {
            return true;
        }

        @Override
        public boolean effect() {
            return false;
        }
    }

    /**
     * A pending {@code lcmp}/{@code fcmpl}/{@code fcmpg}/{@code dcmpl}/{@code dcmpg}: a branch on it compares the
     * operands directly.
     *
     * @param left the left operand
     * @param right the right operand
     * @param nanResult the result where an operand is NaN: -1 or 1 ({@code lcmp}: -1, unused)
     */
    record PendingCompare(Value left, Value right, int nanResult) implements Expr {
        @Override
        public String text() {
            return "";
        }

        @Override
        public int prec() {
            return PRIMARY;
        }

        @Override
        public boolean stable() {
            return false;
        }

        @Override
        public boolean effect() {
            return left.effect() || right.effect();
        }

        /** The comparison's int result (-1, 0, 1), for a use other than a branch. */
        IntValue materialize() {
            String a = left.at(REL), b = right.at(REL);
            String nan = left instanceof LongValue ? "0" : Integer.toString(nanResult);
            return intValue("(" + a + " < " + b + " ? -1 : " + a + " > " + b + " ? 1 : " + a + " == " + b + " ? 0 : "
                    + nan + ")", PRIMARY);
        }
    }

    /**
     * The call of a method without a result, as a statement.
     *
     * @param text the call
     */
    record NoValue(String text) implements Expr {
        @Override
        public int prec() {
            return PRIMARY;
        }

        @Override
        public boolean stable() {
            return false;
        }

        @Override
        public boolean effect() {
            return true;
        }
    }

    // ---------------------------------------------------------------- factories

    /** A value of JVM computational type {@code type} without an effect. */
    static Value value(char type, String text, int prec) {
        return value(type, text, prec, false, false);
    }

    /** A value of a call with an effect of its own. */
    static Value effect(char type, String text, int prec) {
        return value(type, text, prec, false, true);
    }

    /** A temporary or variable of JVM computational type {@code type}: cheap to repeat. */
    static Value stable(char type, String text) {
        return value(type, text, PRIMARY, true, false);
    }

    /** A call's result: of the type of a method descriptor's return letter {@code type}, {@code V} for none. */
    static Expr callResult(char type, String text, boolean effect) {
        if (type == 'V') {
            return new NoValue(text);
        }
        return value(type, text, PRIMARY, false, effect);
    }

    private static Value value(char type, String text, int prec, boolean stable, boolean effect) {
        return switch (type) {
            case 'I' -> new IntValue(text, prec, stable, effect, null, null, null);
            case 'J' -> new LongValue(text, prec, stable, effect, null, null);
            case 'F' -> new FloatValue(text, prec, stable, effect, null);
            case 'D' -> new DoubleValue(text, prec, stable, effect, null, null, null);
            default -> throw new IllegalStateException("no value of type " + type);
        };
    }

    static IntValue intValue(String text, int prec) {
        return new IntValue(text, prec, false, false, null, null, null);
    }

    /** Wrapping arithmetic: {@code (int)(u)} or {@code (long)(u)} where {@code u} is computed unsigned. */
    static Value wrapped(char type, String unsignedText, int unsignedPrec, Addend addend) {
        String text = "(" + cType(type) + ")(" + unsignedText + ")";
        Unsigned u = new Unsigned(unsignedText, unsignedPrec);
        return type == 'I' ? new IntValue(text, UNARY, false, false, null, u, addend)
                : new LongValue(text, UNARY, false, false, null, u);
    }

    static IntValue intConstant(int v) {
        String t = v == Integer.MIN_VALUE ? "(-2147483647 - 1)" : Integer.toString(v);
        return new IntValue(t, v < 0 && v != Integer.MIN_VALUE ? UNARY : PRIMARY, true, false, v, null, null);
    }

    static LongValue longConstant(long v) {
        String t = v == Long.MIN_VALUE ? "(-9223372036854775807L - 1L)" : v + "L";
        return new LongValue(t, v < 0 && v != Long.MIN_VALUE ? UNARY : PRIMARY, true, false, v, null);
    }

    static FloatValue floatConstant(float v) {
        String t;
        if (Float.isNaN(v)) {
            t = nanFloat(Float.floatToRawIntBits(v)); // Java's bits (NAN's are the driver's)
        } else if (Float.isInfinite(v)) {
            t = v > 0 ? "INFINITY" : "(-INFINITY)";
        } else {
            t = Float.toString(v) + "f";
        }
        return new FloatValue(t, t.startsWith("-") ? UNARY : PRIMARY, true, false, v);
    }

    /**
     * A float NaN with exactly {@code bits}: OpenCL's {@code NAN} is some quiet NaN of the driver's choosing
     * (0x7fffffff on PoCL), where Java's {@code Float.NaN} is 0x7fc00000 and a constant keeps its bits.
     */
    static String nanFloat(int bits) {
        return "as_float(0x" + Integer.toHexString(bits) + ")";
    }

    /** A double NaN with exactly {@code bits} ({@link #nanFloat}). */
    static String nanDouble(long bits) {
        return "as_double(0x" + Long.toHexString(bits) + "L)";
    }

    static DoubleValue doubleConstant(double v) {
        String t;
        if (Double.isNaN(v)) {
            t = nanDouble(Double.doubleToRawLongBits(v));
        } else if (Double.isInfinite(v)) {
            t = v > 0 ? "(double)INFINITY" : "(-(double)INFINITY)";
        } else {
            t = Double.toString(v);
        }
        return new DoubleValue(t, t.startsWith("-") || t.startsWith("(double)") ? UNARY : PRIMARY, true, false, v,
                null, null);
    }

    /** The value of an {@code int} or {@code long} constant, or null where {@code e} is no such constant. */
    static Long integerConstant(Expr e) {
        return switch (e) {
            case IntValue i when i.constant() != null -> (long) i.constant();
            case LongValue l -> l.constant();
            default -> null;
        };
    }

    /** The accessor {@code e} refers to, or null where it is no captured object. */
    static AccessorRef accessorOf(Expr e) {
        return e instanceof AccessorRef a ? a : null;
    }

    /** The C type of a value of JVM computational type {@code type}. */
    static String cType(char type) {
        return switch (type) {
            case 'I' -> "int";
            case 'J' -> "long";
            case 'F' -> "float";
            case 'D' -> "double";
            default -> throw new IllegalStateException("no C type for kind " + type);
        };
    }
}
