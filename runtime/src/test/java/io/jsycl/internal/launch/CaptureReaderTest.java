package io.jsycl.internal.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.ItemKernel;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.junit.jupiter.api.Test;

/**
 * A capture reader reads what its getters read, every type of value boxed as the getters box it; a kernel's captured
 * values read at a submit are that lambda's own, whichever instance of its class the submit has.
 */
class CaptureReaderTest {
    /** Fields of every kind a kernel captures, as a lambda class holds them. */
    static final class Holder {
        final boolean z;
        final byte b;
        final char c;
        final short s;
        final int i;
        final long j;
        final float f;
        final double d;
        final int[] array;
        final Object object;

        Holder(int seed) {
            z = seed % 2 == 0;
            b = (byte) seed;
            c = (char) (seed + 'a');
            s = (short) (seed * 7);
            i = seed * 1_000_003;
            j = seed * 10_000_000_019L;
            f = seed / 3f;
            d = seed / 7.0;
            array = new int[] {seed};
            object = "value " + seed;
        }
    }

    private static MethodHandle[] getters() throws ReflectiveOperationException {
        String[] names = {"z", "b", "c", "s", "i", "j", "f", "d", "array", "object"};
        var getters = new MethodHandle[names.length];
        for (int k = 0; k < names.length; k++) {
            getters[k] = MethodHandles.lookup().unreflectGetter(Holder.class.getDeclaredField(names[k]))
                    .asType(MethodType.methodType(Object.class, Object.class));
        }
        return getters;
    }

    @Test
    void readsWhatItsGettersRead() throws Throwable {
        MethodHandle[] getters = getters();
        CaptureReader reader = CaptureReader.of(getters);
        for (int seed = 0; seed < 5; seed++) {
            var holder = new Holder(seed);
            Object[] read = reader.read(holder);
            assertThat(read).hasSize(getters.length);
            for (int k = 0; k < getters.length; k++) {
                assertThat(read[k]).as("seed %d, field %d", seed, k).isEqualTo(getters[k].invoke(holder));
            }
            assertThat(read[8]).isSameAs(holder.array);
        }
    }

    private static ItemKernel kernel(int n, float scale, double offset, int[] table) {
        return it -> {
            int i = it.id(0);
            if (i < n) {
                table[0] = (int) (i * scale + offset);
            }
        };
    }

    /** The lambda's captured values as its serialized form gives them, in order. */
    private static Object[] serialized(Object kernel) {
        var lambda = SerializedLambdas.serialized(kernel);
        var values = new Object[lambda.getCapturedArgCount()];
        for (int k = 0; k < values.length; k++) {
            values[k] = lambda.getCapturedArg(k);
        }
        return values;
    }

    @Test
    void aSubmitReadsItsOwnLambdasValues() {
        int[] first = {1};
        int[] second = {2};
        // One lambda class, two instances: the reader made at the first read serves both.
        for (ItemKernel k : new ItemKernel[] {kernel(10, 1.5f, 0.25, first), kernel(20, -2f, 7.0, second),
                kernel(10, 1.5f, 0.25, first)}) {
            Object[] values = KernelLambdas.capturedValues(k);
            assertThat(values).containsExactly(serialized(k)).hasSize(4);
        }
        assertThat(KernelLambdas.capturedValues(kernel(20, -2f, 7.0, second))).contains(20, -2f, 7.0, second);
    }
}
