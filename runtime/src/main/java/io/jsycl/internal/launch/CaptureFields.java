package io.jsycl.internal.launch;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;

/**
 * Reads a lambda object's captured values from its fields ({@code arg$1 ... arg$N}, the JDK's naming), one
 * {@link VarHandle} per field, each read at a call site typed for its field's kind (one {@link Reader} class per
 * kind). A field's read then runs the JDK's one compiled method for fields of that kind, whatever the lambda class: a
 * new kernel's captures are read at full speed from its first submit. The readers are called through a call site that
 * sees several of their classes from the submit-path warm-up on, which the JIT compiles as a virtual call: a kernel
 * capturing a kind the warm-up's kernels did not (a {@code double} where the device has no fp64) does not make
 * it drop the compiled submit path. Method handles read the same fields, but a handle invoked from a call site that
 * is not constant is customized after 127 invocations (a form of its own is generated and interpreted until the JIT
 * compiles it): a new kernel with 12 captures took 0.8 µs to read them in its first 100 submits, 2.1 µs in its next
 * 300 and 0.85 µs from then on, where a kernel warmed from the start took 0.35 (development machine, PoCL 3.1). Tried
 * before: one handle combining a class's getters, which has a form per capture shape and ran interpreted for a new
 * kernel's first hundreds of submits (3-5 µs a submit for 12 captures); a reflective {@link Field#get} per capture, 5
 * µs a submit with 12 captures on a 2-core host; a hidden class per lambda class (docs/performance.md, "A repeated
 * submit, and what it skips"). Immutable.
 */
public final class CaptureFields {
    /** Reads one captured value of a lambda object. */
    abstract static sealed class Reader {
        final VarHandle handle;

        Reader(VarHandle handle) {
            this.handle = handle;
        }

        /** The value, boxed where it is a primitive. */
        abstract Object get(Object kernel);

        /**
         * A primitive's bits, as {@link CaptureStamp} keeps a scalar's: floats and doubles raw, booleans 0 or 1, the
         * others sign-extended (a char's value).
         */
        abstract long bits(Object kernel);

        /** Whether the field holds a primitive. */
        boolean primitive() {
            return true;
        }
    }

    private static final class OfReference extends Reader {
        OfReference(VarHandle handle) {
            super(handle);
        }

        @Override
        Object get(Object kernel) {
            return (Object) handle.get(kernel);
        }

        @Override
        long bits(Object kernel) {
            throw new IllegalStateException("a reference has no bits");
        }

        @Override
        boolean primitive() {
            return false;
        }
    }

    private static final class OfInt extends Reader {
        OfInt(VarHandle handle) {
            super(handle);
        }

        @Override
        Object get(Object kernel) {
            return (int) handle.get(kernel);
        }

        @Override
        long bits(Object kernel) {
            return (int) handle.get(kernel);
        }
    }

    private static final class OfLong extends Reader {
        OfLong(VarHandle handle) {
            super(handle);
        }

        @Override
        Object get(Object kernel) {
            return (long) handle.get(kernel);
        }

        @Override
        long bits(Object kernel) {
            return (long) handle.get(kernel);
        }
    }

    private static final class OfFloat extends Reader {
        OfFloat(VarHandle handle) {
            super(handle);
        }

        @Override
        Object get(Object kernel) {
            return (float) handle.get(kernel);
        }

        @Override
        long bits(Object kernel) {
            return Float.floatToRawIntBits((float) handle.get(kernel));
        }
    }

    private static final class OfDouble extends Reader {
        OfDouble(VarHandle handle) {
            super(handle);
        }

        @Override
        Object get(Object kernel) {
            return (double) handle.get(kernel);
        }

        @Override
        long bits(Object kernel) {
            return Double.doubleToRawLongBits((double) handle.get(kernel));
        }
    }

    private static final class OfShort extends Reader {
        OfShort(VarHandle handle) {
            super(handle);
        }

        @Override
        Object get(Object kernel) {
            return (short) handle.get(kernel);
        }

        @Override
        long bits(Object kernel) {
            return (short) handle.get(kernel);
        }
    }

    private static final class OfByte extends Reader {
        OfByte(VarHandle handle) {
            super(handle);
        }

        @Override
        Object get(Object kernel) {
            return (byte) handle.get(kernel);
        }

        @Override
        long bits(Object kernel) {
            return (byte) handle.get(kernel);
        }
    }

    private static final class OfChar extends Reader {
        OfChar(VarHandle handle) {
            super(handle);
        }

        @Override
        Object get(Object kernel) {
            return (char) handle.get(kernel);
        }

        @Override
        long bits(Object kernel) {
            return (char) handle.get(kernel);
        }
    }

    private static final class OfBoolean extends Reader {
        OfBoolean(VarHandle handle) {
            super(handle);
        }

        @Override
        Object get(Object kernel) {
            return (boolean) handle.get(kernel);
        }

        @Override
        long bits(Object kernel) {
            return (boolean) handle.get(kernel) ? 1 : 0;
        }
    }

    private final Reader[] readers;

    private CaptureFields(Reader[] readers) {
        this.readers = readers;
    }

    /**
     * The fields of lambda class {@code type}, which captures {@code count} values, or null where they do not follow
     * the JDK's naming or this module may not read them (a lambda of a named module that does not open its package).
     */
    static CaptureFields of(Class<?> type, int count) {
        try {
            var lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
            var readers = new Reader[count];
            for (int i = 0; i < count; i++) {
                Field f = type.getDeclaredField("arg$" + (i + 1));
                readers[i] = readerOf(f.getType(), lookup.unreflectVarHandle(f));
            }
            return new CaptureFields(readers);
        } catch (NoSuchFieldException | IllegalAccessException | RuntimeException e) {
            return null;
        }
    }

    private static Reader readerOf(Class<?> type, VarHandle handle) {
        if (type == int.class) {
            return new OfInt(handle);
        } else if (type == long.class) {
            return new OfLong(handle);
        } else if (type == float.class) {
            return new OfFloat(handle);
        } else if (type == double.class) {
            return new OfDouble(handle);
        } else if (type == short.class) {
            return new OfShort(handle);
        } else if (type == byte.class) {
            return new OfByte(handle);
        } else if (type == char.class) {
            return new OfChar(handle);
        } else if (type == boolean.class) {
            return new OfBoolean(handle);
        }
        return new OfReference(handle);
    }

    /** How many values the lambda captures. */
    int count() {
        return readers.length;
    }

    /** The reader of captured value {@code i}. */
    Reader reader(int i) {
        return readers[i];
    }

    /** Captured value {@code i} of {@code kernel}, boxed where it is a primitive. */
    Object get(Object kernel, int i) {
        return readers[i].get(kernel);
    }
}
