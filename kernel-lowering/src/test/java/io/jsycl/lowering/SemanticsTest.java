package io.jsycl.lowering;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.ItemKernel;
import io.jsycl.WideAccess;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Java semantics in the generated C: wrapping arithmetic, masked shift counts, division through helpers that define
 * the cases C leaves undefined, Java's casts, NaN-aware comparisons, loops with several conditions and labelled jumps.
 * That these kernels compute what Java computes, over edge-case inputs and on every device, is the tests module's
 * LoweredSemanticsTest.
 */
class SemanticsTest {
    private static final WideAccess.OfInt INTS_IN = Faces.accessor(WideAccess.OfInt.class, 1, "READ");
    private static final WideAccess.OfFloat FLOATS_IN = Faces.accessor(WideAccess.OfFloat.class, 1, "READ");

    static ItemKernel intOps(WideAccess.OfInt a, WideAccess.OfInt b, WideAccess.OfInt out) {
        return it -> {
            int i = it.id(0);
            int x = a.get(i);
            int y = b.get(i);
            int o = i * 16;
            out.set(o, x + y);
            out.set(o + 1, x - y);
            out.set(o + 2, x * y);
            out.set(o + 3, y != 0 ? x / y : 0);
            out.set(o + 4, y != 0 ? x % y : 0);
            out.set(o + 5, x << y);
            out.set(o + 6, x >> y);
            out.set(o + 7, x >>> y);
            out.set(o + 8, -x);
            out.set(o + 9, (byte) x + (short) y + (char) x);
            out.set(o + 10, x < y ? 1 : x == y ? 2 : 3);
            out.set(o + 11, Integer.numberOfTrailingZeros(x) + Integer.bitCount(y) * 100 + Integer.numberOfLeadingZeros(x) * 10000);
            out.set(o + 12, Integer.rotateLeft(x, y) ^ Integer.reverse(y));
            out.set(o + 13, Math.abs(x) + Math.min(x, y) - Math.max(x, y));
            out.set(o + 14, (int) ((long) x * y >>> 7));
            out.set(o + 15, x / 3 + x % 5);
        };
    }

    @Test
    void intArithmeticWrapsMasksShiftCountsAndDividesThroughJavasHelpers() {
        String source = Lambdas.lower(1, intOps(INTS_IN, INTS_IN, Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"))).source();
        assertThat(source).contains("(int)((uint)x + (uint)y)", "(int)((uint)x * (uint)y)", "(int)(0u - (uint)x)",
                "(int)((uint)x << (y & 31))", "x >> (y & 31)", "(int)((uint)x >> (y & 31))",
                "jsycl_idiv(x, y)", "jsycl_irem(x, y)")
                // A constant divisor other than 0 and -1 cannot fail or overflow: C's division is Java's.
                .contains("(int)((uint)(x / 3) + (uint)(x % 5))");
    }

    /**
     * Counted loops near {@code Integer.MAX_VALUE}: {@code k < bound} loops (whose {@code k++} the lowering emits
     * signed) run up to the largest int without wrapping, and loops that look alike but may wrap ({@code k <= bound},
     * a second write of {@code k}, a step of 2) keep Java's wrapping. Lowered by ArithmeticTest.
     */
    static ItemKernel countedLoops(WideAccess.OfInt a, WideAccess.OfInt out) {
        return it -> {
            int i = it.id(0);
            int start = a.get(i);
            int o = i * 4;
            int count = 0;
            int last = 0;
            for (int k = start; k < Integer.MAX_VALUE; k++) {
                count++;
                last = k;
            }
            out.set(o, count * 31 + last);
            int wraps = 0;
            for (int k = start; k <= start + 2 && wraps < 5; k++) { // start + 2 wraps near the top
                wraps++;
            }
            out.set(o + 1, wraps);
            int sum = 0;
            for (int k = start; k < Integer.MAX_VALUE && sum < 9; k += 2) {
                sum++;
            }
            out.set(o + 2, sum);
            int steps = 0;
            for (int k = start; k < Integer.MAX_VALUE - 1; k++) {
                if ((k & 1) == 0) {
                    k++; // a second write: stays wrapping
                }
                steps++;
            }
            out.set(o + 3, steps);
        };
    }

    static ItemKernel escapeLoops(WideAccess.OfFloat c, WideAccess.OfInt out) {
        return it -> {
            int i = it.id(0);
            float cx = c.get(i);
            float zx = 0f;
            int k = 0;
            while (k < 200 && zx * zx <= 4.0f) { // NaN leaves at once, as in Java
                zx = zx * zx + cx;
                k++;
            }
            int skipped = 0;
            int j = 0;
            while (j < 50 && (float) j * cx < 30f && skipped < 40) { // three conditions, a continue in the body
                j++;
                if ((j & 3) == 0) {
                    continue;
                }
                skipped++;
            }
            out.set(i * 2, k);
            out.set(i * 2 + 1, j * 1000 + skipped);
        };
    }

    /**
     * {@code while (a && b)}: the lowering writes every condition into the loop's test (not as {@code if (!b) break;}
     * at the top of the body).
     */
    @Test
    void loopsWithSeveralConditionsTestThemInTheWhile() {
        String source = Lambdas.lower(1, escapeLoops(FLOATS_IN, Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"))).source();
        assertThat(source).containsPattern("while \\(\\w+ < 200 && \\w+ \\* \\w+ <= 4\\.0f\\)")
                .containsPattern("while \\(\\w+ < 50 && .+ && .+\\) \\{").doesNotContain("break;");
    }

    @Test
    void joinedConditionsKeepTheirMeaning() {
        assertThat(ControlFlowStructurer.negation("!(x <= 4.0f)")).isEqualTo("x <= 4.0f");
        assertThat(ControlFlowStructurer.negation("!(a) && (b)")).isEqualTo("!(!(a) && (b))");
        assertThat(ControlFlowStructurer.negation("k >= 5")).isEqualTo("!(k >= 5)");
        assertThat(ControlFlowStructurer.conjunct("a || b")).isEqualTo("(a || b)");
        assertThat(ControlFlowStructurer.conjunct("c ? a : b")).isEqualTo("(c ? a : b)");
        assertThat(ControlFlowStructurer.conjunct("(a || b) && c <= d")).isEqualTo("(a || b) && c <= d");
        assertThat(ControlFlowStructurer.conjunct("a != b && c == d")).isEqualTo("a != b && c == d");
    }

    static ItemKernel longOps(WideAccess.OfInt a, WideAccess.OfInt b, WideAccess.OfLong out) {
        return it -> {
            int i = it.id(0);
            long x = (long) a.get(i) * 3037000500L;
            long y = b.get(i);
            int o = i * 8;
            out.set(o, x + y * x);
            out.set(o + 1, y != 0 ? x / y : 0);
            out.set(o + 2, y != 0 ? x % y : 0);
            out.set(o + 3, x << y);
            out.set(o + 4, x >> y ^ x >>> y);
            out.set(o + 5, Long.numberOfTrailingZeros(x) + Long.bitCount(y) * 100L + Long.numberOfLeadingZeros(x) * 10000L);
            out.set(o + 6, (int) x + (long) (float) x);
            out.set(o + 7, x < y ? 1 : x == y ? 2 : 3);
        };
    }

    @Test
    void longArithmeticMasksShiftCountsBy63AndDividesThroughJavasHelpers() {
        String source = Lambdas.lower(1, longOps(INTS_IN, INTS_IN, Faces.accessor(WideAccess.OfLong.class, 1, "WRITE"))).source();
        assertThat(source).contains("(long)((ulong)x + (ulong)y * (ulong)x)", "(long)((ulong)x << ((int)y & 63))",
                "x >> ((int)y & 63) ^ (long)((ulong)x >> ((int)y & 63))", "jsycl_ldiv(x, y)", "jsycl_lrem(x, y)")
                // (long) (float) x: long to float rounds to nearest, float to long saturates.
                .contains("jsycl_to_long_f(convert_float_rte(x))");
    }

    static ItemKernel floatOps(WideAccess.OfFloat a, WideAccess.OfFloat b, WideAccess.OfInt ints, WideAccess.OfFloat out) {
        return it -> {
            int i = it.id(0);
            float x = a.get(i);
            float y = b.get(i);
            int o = i * 12;
            ints.set(o, (x < y ? 1 : 0) | (x > y ? 2 : 0) | (x <= y ? 4 : 0) | (x >= y ? 8 : 0) | (x == y ? 16 : 0) | (x != y ? 32 : 0)
                    | (!(x < y) ? 64 : 0) | (!(x >= y) ? 128 : 0));
            ints.set(o + 1, (int) x);
            ints.set(o + 2, (int) (long) y);
            ints.set(o + 3, Math.round(x));
            ints.set(o + 4, Float.floatToIntBits(Math.min(x, y)));
            ints.set(o + 5, Float.floatToIntBits(Math.max(x, y)));
            ints.set(o + 6, (short) x);
            ints.set(o + 7, (int) (x * 1e6f));
            out.set(o, x % y);
            out.set(o + 1, (float) ints.get(o + 7));
            out.set(o + 2, x * y + x);
            out.set(o + 3, (float) ((double) x / 3.0));
            out.set(o + 4, x / y);
            out.set(o + 5, -x);
            out.set(o + 6, Math.abs(y));
            out.set(o + 7, (float) (long) (x * 1e9f));
            out.set(o + 8, (float) Math.sqrt(Math.abs(x)));
            out.set(o + 9, Float.intBitsToFloat(Float.floatToRawIntBits(x) ^ 1));
            out.set(o + 10, (float) Math.floor(y) + (float) Math.ceil(x));
            out.set(o + 11, (float) Math.round((double) x));
        };
    }

    @Test
    void floatOperationsUseJavasCastsRoundingAndNaNRules() {
        String source = Lambdas.lower(1, floatOps(FLOATS_IN, FLOATS_IN, Faces.accessor(WideAccess.OfInt.class, 1, "READ_WRITE"),
                Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE"))).source();
        assertThat(source).contains("#pragma OPENCL FP_CONTRACT OFF", "x * y + x", "fmod(x, y)", "jsycl_sqrt_f(fabs(x))")
                // float to int saturates and maps NaN to 0; Math.round rounds half up
                .contains("jsycl_to_int_f(x)", "(int)(short)jsycl_to_int_f(x)", "jsycl_round_f(x)")
                // Math.min and max order -0.0 below 0.0 and return NaN; floatToIntBits gives the one NaN
                .contains("(isnan(jsycl_min_f(x, y)) ? 0x7fc00000 : as_int(jsycl_min_f(x, y)))")
                .contains("as_float((as_int(x) ^ 1))")
                // !(x < y) stays a negation: true where x or y is NaN
                .contains("if (!(x < y)) {");
    }

    static ItemKernel division(WideAccess.OfInt a, WideAccess.OfLong out) {
        return it -> {
            int i = it.id(0);
            int zero = a.get(0);
            out.set(i * 4, i / zero);
            out.set(i * 4 + 1, i % zero);
            out.set(i * 4 + 2, (long) i / zero);
            out.set(i * 4 + 3, (long) i % (long) zero);
        };
    }

    /** A divisor that is not a constant goes through helpers that give 0 for a zero divisor and wrap MIN_VALUE / -1. */
    @Test
    void divisionByAVariableGoesThroughHelpersThatDefineEveryDivisor() {
        String source = Lambdas.lower(1, division(INTS_IN, Faces.accessor(WideAccess.OfLong.class, 1, "WRITE"))).source();
        assertThat(source).contains("jsycl_idiv(i, zero)", "jsycl_irem(i, zero)", "jsycl_ldiv((long)i, (long)zero)",
                "jsycl_lrem((long)i, (long)zero)", "return b == 0 ? 0 : b == -1 ? (int)(0u - (uint)a) : a / b;");
    }

    static ItemKernel loops(WideAccess.OfInt out, int n) {
        return it -> {
            int i = it.id(0);
            int acc = 0;
            outer:
            for (int j = 0; j < n; j++) {
                if (j == i) {
                    continue;
                }
                int k = j;
                while (k > 0) {
                    if (k % 7 == i % 7) {
                        continue outer;
                    }
                    if (acc > 1000) {
                        break outer;
                    }
                    acc += k;
                    k -= 3;
                }
                switch (j % 3) {
                    case 0 -> acc ^= j;
                    case 1 -> {
                        acc += 2;
                        if (acc % 5 == 0) {
                            break;
                        }
                        acc *= 3;
                    }
                    default -> acc--;
                }
            }
            out.set(i, acc);
        };
    }

    /**
     * {@code continue outer} (from the inner loop and from the switch's {@code break}, which ends the outer body) jumps
     * to the outer loop's increment; {@code break outer} jumps past the outer loop.
     */
    @Test
    void labelledJumpsLandAtTheOuterLoopsIncrementAndEnd() {
        String source = Lambdas.lower(1, loops(Faces.accessor(WideAccess.OfInt.class, 1, "WRITE"), 40)).source();
        String next = label(source, "if \\(j == i\\) \\{\n\\s*goto (L\\d+);");
        String end = label(source, "if \\(acc > 1000\\) \\{\n\\s*goto (L\\d+);");
        assertThat(next).isNotEqualTo(end);
        assertThat(label(source, "if \\(k % 7 == i % 7\\) \\{\n\\s*goto (L\\d+);")).as("continue outer").isEqualTo(next);
        assertThat(label(source, "if \\(acc % 5 == 0\\) \\{\n\\s*goto (L\\d+);")).as("the switch's break").isEqualTo(next);
        assertThat(source).contains("switch (j % 3) {").containsPattern(next + ":;\\n\\s*j = j \\+ 1;\\n\\s*\\}\\n\\s*" + end
                + ":;\\n\\s*cap->out.data\\[i ");
    }

    /** The label of the first match of {@code regex}'s group 1. */
    private static String label(String source, String regex) {
        Matcher m = Pattern.compile(regex).matcher(source);
        assertThat(m.find()).as(regex + " in\n" + source).isTrue();
        return m.group(1);
    }
}
