package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jsycl.Buffer;
import io.jsycl.Device;
import io.jsycl.Functions;
import io.jsycl.KernelLoweringException;
import io.jsycl.Queue;
import io.jsycl.Range;
import io.jsycl.Reduction;
import java.io.Serializable;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A kernel calls a captured function object (a serializable lambda or method reference) on every device, with what the
 * function captured (primitives, a record, an accessor, another function), bit for bit as in Java; one passed to a
 * static helper; and the errors for what cannot be lowered name the variable and the fix.
 */
class FunctionObjectsTest {
    static Stream<Device> devices() {
        return TestDevices.all();
    }

    record Window(float low, float high) {
    }

    static float applyTwice(Functions.FloatUnaryOp f, float x) {
        return f.apply(f.apply(x));
    }

    static int triple(int x) {
        return 3 * x;
    }

    @ParameterizedTest
    @MethodSource("devices")
    void capturedFunctionsRunAsInJava(Device device) {
        int n = 200;
        float[] data = new float[n];
        int[] table = new int[16];
        for (int i = 0; i < n; i++) {
            data[i] = (i * 37 % 101) / 100f - 0.25f;
        }
        for (int i = 0; i < table.length; i++) {
            table[i] = i * i - 7;
        }
        float threshold = 0.5f;
        Window window = new Window(-0.1f, 0.6f);
        Functions.FloatPredicate above = x -> x > threshold;
        Functions.FloatPredicate inside = x -> x >= window.low() && x < window.high();
        Functions.FloatUnaryOp scale = x -> x * 1.5f + threshold;
        Reduction.IntOp max = Math::max;
        Functions.IntUnaryOp tripled = FunctionObjectsTest::triple;
        IntPredicate odd = (IntPredicate & Serializable) x -> (x & 1) != 0;
        float[] out = new float[n];
        int[] ints = new int[n];
        try (var q = new Queue(device); var in = Buffer.of(data); var lookup = Buffer.of(table);
             var o = Buffer.of(out); var oi = Buffer.of(ints)) {
            q.submit(h -> {
                var x = in.read(h);
                var t = lookup.read(h);
                var w = o.write(h);
                var wi = oi.write(h);
                // a function that captures an accessor and another function
                Functions.IntUnaryOp fromTable = k -> tripled.apply(t.get(k & 15));
                h.parallelFor(Range.of(n), it -> {
                    int i = it.id(0);
                    float v = x.get(i);
                    float r = above.test(v) ? scale.apply(v) : applyTwice(scale, v);
                    w.set(i, inside.test(v) ? r : -r);
                    wi.set(i, max.apply(fromTable.apply(i), odd.test(i) ? i : -i));
                });
            });
        }
        Functions.IntUnaryOp fromTable = k -> triple(table[k & 15]);
        for (int i = 0; i < n; i++) {
            float v = data[i];
            float r = above.test(v) ? scale.apply(v) : applyTwice(scale, v);
            float expected = inside.test(v) ? r : -r;
            assertThat(Float.floatToRawIntBits(out[i])).as("float item %d on %s", i, device.name())
                    .isEqualTo(Float.floatToRawIntBits(expected));
            assertThat(ints[i]).as("int item %d on %s", i, device.name())
                    .isEqualTo(Math.max(fromTable.apply(i), odd.test(i) ? i : -i));
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aLambdaThatIsNotSerializableIsNamedWithTheFix(Device device) {
        IntUnaryOperator plain = x -> x + 1;
        int[] out = new int[4];
        try (var q = new Queue(device); var o = Buffer.of(out)) {
            assertThatThrownBy(() -> q.submit(h -> {
                var w = o.write(h);
                h.parallelFor(Range.of(4), it -> w.set(it.id(0), plain.applyAsInt(it.id(0))));
            })).isInstanceOf(KernelLoweringException.class)
                    .hasMessageContaining("'plain'")
                    .hasMessageContaining("Serializable");
        }
    }

    @ParameterizedTest
    @MethodSource("devices")
    void aFunctionThatUsesThisIsRefusedWithTheFix(Device device) {
        int[] out = new int[4];
        var holder = new Holder(5);
        Functions.IntUnaryOp usesThis = holder.adder();
        try (var q = new Queue(device); var o = Buffer.of(out)) {
            assertThatThrownBy(() -> {
                q.submit(h -> {
                    var w = o.write(h);
                    h.parallelFor(Range.of(4), it -> w.set(it.id(0), usesThis.apply(it.id(0))));
                });
                q.await();
            }).isInstanceOf(KernelLoweringException.class).hasMessageContaining("'this'");
        }
    }

    /** A class whose lambda reads an instance field: it captures {@code this}. */
    static final class Holder {
        private final int k;

        Holder(int k) {
            this.k = k;
        }

        Functions.IntUnaryOp adder() {
            return x -> x + k;
        }
    }
}
