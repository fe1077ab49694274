package io.jsycl.lowering;

import io.jsycl.WideAccess;
import static io.jsycl.lowering.Lambdas.here;
import static io.jsycl.lowering.Lambdas.lower;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.type;

import org.junit.jupiter.api.Test;

/** Each construct a kernel cannot use is rejected, naming the kernel, file:line and what to do. */
class LoweringExceptionTest {
    static int counter;
    private int instanceField = 3;

    private static final String FILE = "LoweringExceptionTest.java:";

    @Test
    void arrayAllocationOfVariableSize() {
        var out = Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE");
        int line = here(); assertRejected(() -> lower(1, it -> { float[] tmp = new float[it.id(0) + 1]; tmp[0] = 1; out.set(0, tmp[0]); }),
                "'new float[]' allocates memory whose size is not a compile-time constant, which kernels cannot do; give the"
                + " size as a literal or a static final int, or pass a LocalAccessor or a Buffer instead", line);
    }

    @Test
    void privateArrayTooLarge() {
        var out = Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE");
        int line = here(); assertRejected(() -> lower(1, it -> { float[] tmp = new float[4096]; out.set(0, tmp[1]); }),
                "'new float[4096]' has a length outside 1..1024", line);
    }

    @Test
    void multiDimensionalArray() {
        var out = Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE");
        int line = here(); assertRejected(() -> lower(1, it -> { float[][] tmp = new float[4][4]; out.set(0, tmp[1][1]); }),
                "'new float[][]' allocates a multi-dimensional array, which kernels cannot do; use one array of constant"
                + " length indexed", line);
    }

    static float first(float[] a) {
        return a[0];
    }

    @Test
    void privateArrayPassedToAMethod() {
        var out = Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE");
        int line = here(); assertRejected(() -> lower(1, it -> { float[] tmp = new float[4]; out.set(0, first(tmp)); }),
                "passing a private array to LoweringExceptionTest.first is not supported; private arrays live only in the"
                + " method that creates them", line);
    }

    @Test
    void secondPrivateArrayInOneVariable() {
        var out = Faces.accessor(WideAccess.OfFloat.class, 1, "WRITE");
        assertThatThrownBy(() -> lower(1, it -> {
            float[] tmp = new float[4];
            if (it.id(0) > 2) {
                tmp = new float[8];
            }
            out.set(0, tmp[1]);
        })).isInstanceOf(LoweringException.class).hasMessageContaining("assigning a second private array to one variable");
    }

    @Test
    void objectAllocation() {
        int line = here(); assertRejected(() -> lower(1, it -> { new StringBuilder(); }), "'new StringBuilder'", line);
    }

    @Test
    void callToUnknownStaticMethod() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        int line = here(); assertRejected(() -> lower(1, it -> { String s = String.valueOf(it.id(0)); }), "call to String.valueOf", line);
    }

    @Test
    void throwing() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        int line = here(); assertRejected(() -> lower(1, it -> { if (it.id(0) < 0) throw new IllegalStateException(); }), "'new IllegalStateException'", line);
    }

    @Test
    void errorInsideADeviceFunctionNamesItsLine() {
        LoweringException e = catchLowering(() -> lower(1, it -> { if (it.id(0) < 0) { sneaky(); } }));
        assertThat(e.construct()).isEqualTo("'new IllegalArgumentException'");
        assertThat(e.kernel()).startsWith("LoweringExceptionTest.lambda$errorInsideADeviceFunctionNamesItsLine$");
        assertThat(e.line()).isEqualTo(SNEAKY_LINE);
    }

    private static final int SNEAKY_LINE = here() + 3;

    static void sneaky() {
        throw new IllegalArgumentException();
    }

    @Test
    void staticFieldRead() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        int line = here(); assertRejected(() -> lower(1, it -> out.set(0, counter)), "field access LoweringExceptionTest.counter", line);
    }

    @Test
    void staticFieldWrite() {
        int line = here(); assertRejected(() -> lower(1, it -> counter = it.id(0)), "writing static field LoweringExceptionTest.counter", line);
    }

    @Test
    void lambdaCapturingThis() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        assertThatThrownBy(() -> lower(1, it -> out.set(0, instanceField)))
                .isInstanceOf(LoweringException.class)
                .hasMessageContaining("'this'")
                .hasMessageContaining("LoweringExceptionTest.lambda$lambdaCapturingThis$");
    }

    @Test
    void synchronizedBlock() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        int line = here(); assertRejected(() -> lower(1, it -> { synchronized (out) { out.set(0, 1); } }), "'synchronized'", line);
    }

    @Test
    void instanceMethodOnUnknownType() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        int line = here(); assertRejected(() -> lower(1, it -> out.set(0, Integer.valueOf(it.id(0)).hashCode())),
                "call to instance method Integer.hashCode on an unknown type", line);
    }

    @Test
    void stringConcatenation() {
        int line = here(); assertRejected(() -> lower(1, it -> { String s = "id " + it.id(0); }), "string concatenation", line);
    }

    @Test
    void recursion() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        LoweringException e = catchLowering(() -> lower(1, it -> out.set(0, factorial(it.id(0)))));
        assertThat(e).hasMessageContaining("recursive call to LoweringExceptionTest.factorial")
                .hasMessageContaining("rewrite it as a loop");
        assertThat(e.sourceFile()).isEqualTo("LoweringExceptionTest.java");
    }

    static int factorial(int n) {
        return n <= 1 ? 1 : n * factorial(n - 1);
    }

    @Test
    void writeToReadOnlyAccessor() {
        var in = Faces.accessor(WideAccess.OfInt.class, 1, "READ");
        int line = here(); assertRejected(() -> lower(1, it -> in.set(0, 1)), "call to WideAccess.OfInt.set on a read-only accessor", line);
    }

    @Test
    void wrongIndexCount() {
        var in = Faces.accessor(WideAccess.OfInt.class, 3, "READ_WRITE");
        int line = here(); assertRejected(() -> lower(2, it -> in.set(0, 1, 2)), "with 2 index(es) on a 3-dimensional accessor", line);
    }

    @Test
    void exceptionCarriesItsParts() {
        LoweringException e = catchLowering(() -> lower(1, it -> { long[] a = new long[it.id(0)]; }));
        assertThat(e.kernel()).startsWith("LoweringExceptionTest.lambda$exceptionCarriesItsParts$");
        assertThat(e.sourceFile()).isEqualTo("LoweringExceptionTest.java");
        assertThat(e.line()).isPositive();
        assertThat(e.construct()).isEqualTo("'new long[]'");
        assertThat(e.advice()).contains("LocalAccessor");
        assertThat(e.getMessage()).isEqualTo("kernel " + e.kernel() + " (LoweringExceptionTest.java:" + e.line() + "): "
                + e.construct() + " " + e.advice());
    }

    private static LoweringException catchLowering(Runnable r) {
        return (LoweringException) org.assertj.core.api.Assertions.catchThrowable(r::run);
    }

    @Test
    void capturedBoxedIntegerNamesTheVariableAndThePrimitiveToCapture() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        Integer count = 5;
        int line = here(); assertRejected(() -> lower(1, it -> out.set(it.id(0), count)),
                "captured value 1 (count) is a java.lang.Integer (a boxed int), which a kernel cannot use; capture an"
                + " int: int n = count; before the lambda, and use n in the kernel", line);
    }

    @Test
    void capturedValueBehindAWiderTypeNamesBothTypes() {
        var out = Faces.accessor(WideAccess.OfInt.class, 1, "WRITE");
        Object table = new int[] {1, 2};
        int line = here(); assertRejected(() -> lower(1, it -> out.set(it.id(0), table.hashCode())),
                "captured value 1 (table) is declared java.lang.Object but holds an int[], which a kernel cannot use"
                + " through that type; declare the captured variable as int[]", line);
    }

    private static void assertRejected(Runnable r, String construct, int line) {
        assertThatThrownBy(r::run).isInstanceOf(LoweringException.class)
                .hasMessageStartingWith("kernel LoweringExceptionTest.lambda$")
                .hasMessageContaining(construct)
                .hasMessageContaining("(" + FILE + line + ")")
                .asInstanceOf(type(LoweringException.class))
                .extracting(LoweringException::line).isEqualTo(line);
    }
}
