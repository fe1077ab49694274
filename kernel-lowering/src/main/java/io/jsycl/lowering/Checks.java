package io.jsycl.lowering;

/**
 * Checked mode: index bounds and integer division by zero are checked on the device. The first
 * failure of the launch (claimed with {@code atomic_cmpxchg} on {@code check[0]}) records its
 * kind, line, work-item id, index and bound in the check buffer (layout in
 * {@link ArgRole#CHECK_BUFFER}).
 *
 * <p>A failing work-item does not leave: it goes on along the same path as the others, so every
 * work-item of its group still reaches every barrier and every work-group and sub-group operation
 * (a work-item that returned early would make them divergent, which OpenCL leaves undefined and
 * PoCL answers with corrupted memory or a crash). Instead the bad operation is made harmless: a
 * store or atomic outside the bounds is skipped, a load outside them reads index 0 (a captured or
 * private array's load gives 0), and a zero divisor becomes 1. The failing work-item's later
 * results are therefore meaningless, but the launch fails with the recorded error anyway.
 */
final class Checks {
    private Checks() {
    }

    /** Parameters every translated function takes in checked mode. */
    static final String PARAMS = "__global int* restrict jsycl_check";
    /** The matching arguments. */
    static final String ARGS = "jsycl_check";
    static final int OUT_OF_BOUNDS = 1;
    static final int DIVISION_BY_ZERO = 2;

    /** The condition {@code 0 <= index < bound}. */
    static String inBounds(Expr index, String bound) {
        return "(uint)" + index.at(Expr.UNARY) + " < (uint)" + bound;
    }

    /** The statement recording an out-of-bounds failure where {@code 0 <= index < bound} does not hold. */
    static String bounds(KernelContext ctx, Expr index, String bound, int line) {
        String i = index.at(Expr.UNARY);
        return "if ((uint)" + i + " >= (uint)" + bound + ") " + ctx.helper("jsycl_fail") + "(jsycl_check, "
                + OUT_OF_BOUNDS + ", " + line + ", " + i + ", " + bound + ");";
    }

    /** {@code index} where it is within {@code bound}, else 0: the index an access uses after its check. */
    static Expr.IntValue safeIndex(Expr index, String bound) {
        return Expr.intValue("(" + inBounds(index, bound) + " ? " + index.at(Expr.UNARY) + " : 0)", Expr.PRIMARY);
    }

    /** The statement recording a division by zero where {@code divisor} is 0. */
    static String divisor(KernelContext ctx, Expr divisor, int line) {
        return "if (" + divisor.at(Expr.EQ + 1) + " == 0) " + ctx.helper("jsycl_fail") + "(jsycl_check, "
                + DIVISION_BY_ZERO + ", " + line + ", 0, 0);";
    }

    /** {@code divisor}, or 1 where it is 0: the divisor a division uses after its check. */
    static Expr.Value safeDivisor(Expr.Value divisor) {
        String d = divisor.at(Expr.EQ + 1);
        return Expr.value(divisor.type(), "(" + d + " == 0 ? 1 : " + divisor.at(Expr.UNARY) + ")", Expr.PRIMARY);
    }

    static final String FAIL_HELPER = """
            /* Checked mode: records the launch's first failure (see ArgRole.CHECK_BUFFER). */
            void jsycl_fail(__global int* check, int kind, int line, int index, int bound) {
                if (atomic_cmpxchg(check, 0, kind) == 0) {
                    uint dims = get_work_dim();
                    check[1] = line;
                    for (uint d = 0; d < 3; d++) {
                        check[2 + d] = d < dims ? (int)get_global_id(dims - 1 - d) : 0;
                    }
                    check[5] = index;
                    check[6] = bound;
                }
            }""";
}
