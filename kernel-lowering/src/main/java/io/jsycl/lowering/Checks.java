package io.jsycl.lowering;

/**
 * Checked mode: index bounds and integer division by zero are checked on the device. The first
 * failure of the launch (claimed with {@code atomic_cmpxchg} on {@code check[0]}) records its
 * kind, line, work-item id, index and bound in the check buffer (layout in
 * {@link ArgRole#CHECK_BUFFER}).
 *
 * <p>A failing work-item does not return: it goes on along the same path as the others, so every
 * work-item of its group still reaches every barrier and every work-group and sub-group operation
 * (a work-item that returned early would make them divergent, which OpenCL leaves undefined and
 * PoCL answers with corrupted memory or a crash). Instead the bad operation is made harmless: a
 * store or atomic outside the bounds is skipped, a load outside them reads index 0 (a captured or
 * private array's load gives 0), and a zero divisor becomes 1. The failing work-item's later
 * results are therefore meaningless, but the launch fails with the recorded error anyway.
 *
 * <p>Those substitutes could keep a loop running that Java would have ended with the exception: a search past the
 * end reads index 0 again and again, a bound read out of bounds may be huge, a divisor of 1 may give a step of 0. So
 * each failure also sets the work-item's own flag ({@link #FAILED}: private, cleared as the body starts, passed to
 * every device function), and a failing work-item leaves every loop that holds no barrier and no work-group or
 * sub-group operation, directly or through a device function ({@link Block#convergent}); the test opens the loop, so
 * every iteration passes it ({@link ControlFlowStructurer}). A loop that holds one runs on, since leaving it would
 * make that operation divergent: OpenCL already requires such a loop to run the same number of times in every
 * work-item of the group, so its trip count must not depend on an access that fails. Leaving a loop adds a path Java
 * does not have, on which a local may be read before Java would have set it; in checked mode every local starts as
 * zero, so that read gives a defined value.
 */
final class Checks {
    private Checks() {
    }

    /**
     * Parameters every translated function takes in checked mode: the launch's check buffer and the work-item's
     * failure flag.
     */
    static final String PARAMS = "__global int* restrict jsycl_check, __private int* restrict jsycl_failed";
    /** The matching arguments. */
    static final String ARGS = "jsycl_check, jsycl_failed";
    /** The condition that this work-item has failed a check: it leaves its loops that hold no barrier. */
    static final String FAILED = "*jsycl_failed";
    /** The statement that starts a work-item's body with its flag clear. */
    static final String START = "*jsycl_failed = 0;";
    static final int OUT_OF_BOUNDS = 1;
    static final int DIVISION_BY_ZERO = 2;

    /** The condition {@code 0 <= index < bound}. */
    static String inBounds(Expr index, String bound) {
        return "(uint)" + index.at(Expr.UNARY) + " < (uint)" + bound;
    }

    /** The statement recording an out-of-bounds failure where {@code 0 <= index < bound} does not hold. */
    static String bounds(KernelContext ctx, Expr index, String bound, int line) {
        String i = index.at(Expr.UNARY);
        return "if ((uint)" + i + " >= (uint)" + bound + ") " + ctx.helper("jsycl_fail") + "(" + ARGS + ", "
                + OUT_OF_BOUNDS + ", " + line + ", " + i + ", " + bound + ");";
    }

    /** {@code index} where it is within {@code bound}, else 0: the index an access uses after its check. */
    static Expr.IntValue safeIndex(Expr index, String bound) {
        return Expr.intValue("(" + inBounds(index, bound) + " ? " + index.at(Expr.UNARY) + " : 0)", Expr.PRIMARY);
    }

    /** The statement recording a division by zero where {@code divisor} is 0. */
    static String divisor(KernelContext ctx, Expr divisor, int line) {
        return "if (" + divisor.at(Expr.EQ + 1) + " == 0) " + ctx.helper("jsycl_fail") + "(" + ARGS + ", "
                + DIVISION_BY_ZERO + ", " + line + ", 0, 0);";
    }

    /** {@code divisor}, or 1 where it is 0: the divisor a division uses after its check. */
    static Expr.Value safeDivisor(Expr.Value divisor) {
        String d = divisor.at(Expr.EQ + 1);
        return Expr.value(divisor.type(), "(" + d + " == 0 ? 1 : " + divisor.at(Expr.UNARY) + ")", Expr.PRIMARY);
    }

    static final String FAIL_HELPER = """
            /* Checked mode: marks this work-item as failed (it leaves its loops without barriers) and records the
               launch's first failure (see ArgRole.CHECK_BUFFER). */
            void jsycl_fail(__global int* check, __private int* failed, int kind, int line, int index, int bound) {
                *failed = 1;
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
