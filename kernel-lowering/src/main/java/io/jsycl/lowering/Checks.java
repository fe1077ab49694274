package io.jsycl.lowering;

/**
 * Checked mode: index bounds and integer division by zero are checked on the device. The first
 * failure of the launch (claimed with {@code atomic_cmpxchg} on {@code check[0]}) records its
 * kind, line, work-item id, index and bound in the check buffer (layout in
 * {@link ArgRole#CHECK_BUFFER}); the failing work-item sets its private failure flag and
 * returns, from device functions up to the body.
 */
final class Checks {
    private Checks() {
    }

    /** Parameters every translated function takes in checked mode. */
    static final String PARAMS = "__global int* restrict jsycl_check, int* restrict jsycl_failed";
    /** The matching arguments. */
    static final String ARGS = "jsycl_check, jsycl_failed";
    static final int OUT_OF_BOUNDS = 1;
    static final int DIVISION_BY_ZERO = 2;

    /** The statement checking {@code 0 <= index < bound}. */
    static String bounds(KernelContext ctx, Expr index, String bound, int line, String ret) {
        String i = index.at(Expr.UNARY);
        return "if ((uint)" + i + " >= (uint)" + bound + ") { " + ctx.helper("jsycl_fail") + "(jsycl_check, jsycl_failed, "
                + OUT_OF_BOUNDS + ", " + line + ", " + i + ", " + bound + "); " + ret + " }";
    }

    /** The statement checking an integer divisor. */
    static String divisor(KernelContext ctx, Expr divisor, int line, String ret) {
        return "if (" + divisor.at(Expr.EQ + 1) + " == 0) { " + ctx.helper("jsycl_fail") + "(jsycl_check, jsycl_failed, "
                + DIVISION_BY_ZERO + ", " + line + ", 0, 0); " + ret + " }";
    }

    /** After a call to a device function: leave if it failed. */
    static String propagate(String ret) {
        return "if (*jsycl_failed) " + ret;
    }

    static final String FAIL_HELPER = """
            /* Checked mode: records the launch's first failure (see ArgRole.CHECK_BUFFER). */
            void jsycl_fail(__global int* check, int* failed, int kind, int line, int index, int bound) {
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
