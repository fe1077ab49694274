package io.jsycl.lowering;

import io.jsycl.GridAccess;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The captured values of the lowering's tests: the kernel-facing interfaces of the real API ({@code WideAccess.OfFloat},
 * {@code GridAccess.OfInt}, {@code ArrayAccess.OfLong}...), implemented by a proxy whose only state is the
 * {@link Capture} the runtime would describe for an accessor, a local accessor or an accessor of records. These
 * tests lower kernels and read the source; they never run one, so a call on a face throws.
 */
final class Faces {
    private Faces() {
    }

    /** A proxy's state: what it is captured as. */
    private record Described(Capture capture) implements InvocationHandler {
        @Override
        public Object invoke(Object proxy, Method method, Object[] args) {
            if (method.getName().equals("toString") && method.getParameterCount() == 0) {
                return "face " + capture;
            }
            throw new UnsupportedOperationException("a test face is lowered, never run: " + method.getName());
        }
    }

    /**
     * An accessor of {@code dims} dimensions, as a face of its element type.
     *
     * @param face e.g. {@code WideAccess.OfFloat.class}
     * @param mode {@code READ}, {@code WRITE} or {@code READ_WRITE}
     */
    static <T> T accessor(Class<T> face, int dims, String mode) {
        return proxy(face, new Capture.Accessor(element(face), dims, AccessMode.valueOf(mode)));
    }

    /** A local accessor of the given range, as a face of its element type ({@code GridAccess.OfFloat.class}). */
    static <T> T local(Class<T> face, int... range) {
        return proxy(face, new Capture.Local(element(face), range.length));
    }

    /** A one-dimensional accessor of records of {@code type}. */
    @SuppressWarnings("unchecked")
    static <R extends Record> GridAccess.OfRecord<R> records(Class<R> type, String mode) {
        List<ScalarType> fields = new ArrayList<>();
        for (var c : type.getRecordComponents()) {
            fields.add(ScalarType.ofDescriptor(c.getType().descriptorString()));
        }
        return proxy(GridAccess.OfRecord.class, new Capture.RecordAccessor(type.getName().replace('.', '/'), fields, 1,
                AccessMode.valueOf(mode)));
    }

    /** What {@code v} is captured as, or null if it is not a face of this class. */
    static Capture captureOf(Object v) {
        return v != null && Proxy.isProxyClass(v.getClass()) && Proxy.getInvocationHandler(v) instanceof Described d
                ? d.capture() : null;
    }

    private static <T> T proxy(Class<T> face, Capture capture) {
        return face.cast(Proxy.newProxyInstance(Faces.class.getClassLoader(), new Class<?>[] {face},
                new Described(capture)));
    }

    /** {@code FLOAT} for {@code WideAccess.OfFloat}. */
    private static ScalarType element(Class<?> face) {
        return ScalarType.valueOf(face.getSimpleName().substring("Of".length()).toUpperCase(Locale.ROOT));
    }
}
