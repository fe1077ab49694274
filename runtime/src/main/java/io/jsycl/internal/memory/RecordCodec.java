package io.jsycl.internal.memory;

import io.jsycl.SyclException;
import io.jsycl.lowering.ScalarType;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * Packs arrays of records of primitives as arrays of C structs: the record's components in
 * declaration order, each at a multiple of its size, the struct's size a multiple of its largest
 * component (natural alignment, as OpenCL C lays out a struct of those types; {@code boolean} as
 * a byte 0 or 1, {@code char} as an unsigned 16-bit value). Unpacking builds new records with the
 * canonical constructor. Reading a {@code null} slot is an error: the array holds values. One codec per record class.
 */
public final class RecordCodec implements ElementCodec {
    private static final ClassValue<Object> CODECS = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
            try {
                return new RecordCodec(type);
            } catch (IllegalArgumentException e) {
                return e;
            }
        }
    };

    private static final MethodHandle TO_BOOLEAN;
    private static final MethodHandle FROM_BOOLEAN;

    static {
        try {
            var lookup = MethodHandles.lookup();
            TO_BOOLEAN = lookup.findStatic(RecordCodec.class, "toBoolean", MethodType.methodType(boolean.class, byte.class));
            FROM_BOOLEAN = lookup.findStatic(RecordCodec.class, "fromBoolean", MethodType.methodType(byte.class, boolean.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Class<?> type;
    public final StructLayout layout;
    /** The components' device types, in declaration order. */
    public final List<ScalarType> fields;
    /** (MemorySegment, long offset) -> Object: a new record from the struct at offset. */
    private final MethodHandle unpack;
    /** Per component: (MemorySegment, long offset, Object record) -> void. */
    private final MethodHandle[] pack;

    private RecordCodec(Class<?> type) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record: Buffer.of(R[]) takes an array of a"
                    + " record class whose components are all primitives (boolean, byte, char, short, int, long, float,"
                    + " double)");
        }
        this.type = type;
        RecordComponent[] components = type.getRecordComponents();
        if (components.length == 0) {
            throw new IllegalArgumentException("record " + type.getName() + " has no components: a buffer of records"
                    + " needs records with at least one primitive component");
        }
        List<ScalarType> scalars = new ArrayList<>();
        List<MemoryLayout> members = new ArrayList<>();
        long at = 0;
        long align = 1;
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            Class<?> t = c.getType();
            ValueLayout v = valueLayout(t);
            if (v == null) {
                throw new IllegalArgumentException("record " + type.getName() + " has component " + c.getName() + " of type "
                        + t.getTypeName() + ": a buffer of records holds records whose components are all primitives"
                        + " (boolean, byte, char, short, int, long, float, double); nested records, arrays, strings and"
                        + " other references are not allowed (flatten them into primitive components)");
            }
            types[i] = t;
            long size = v.byteSize();
            long padded = (at + size - 1) / size * size;
            if (padded > at) {
                members.add(MemoryLayout.paddingLayout(padded - at));
            }
            members.add(v.withName(c.getName()));
            at = padded + size;
            align = Math.max(align, size);
            scalars.add(ScalarType.ofDescriptor(t.descriptorString()));
        }
        long total = (at + align - 1) / align * align;
        if (total > at) {
            members.add(MemoryLayout.paddingLayout(total - at));
        }
        this.layout = MemoryLayout.structLayout(members.toArray(MemoryLayout[]::new));
        this.fields = List.copyOf(scalars);
        try {
            Constructor<?> ctor = type.getDeclaredConstructor(types);
            ctor.setAccessible(true);
            MethodHandle make = MethodHandles.lookup().unreflectConstructor(ctor);
            MethodHandle[] getters = new MethodHandle[components.length];
            this.pack = new MethodHandle[components.length];
            for (int i = 0; i < components.length; i++) {
                String name = components[i].getName();
                VarHandle vh = layout.varHandle(MemoryLayout.PathElement.groupElement(name));
                MethodHandle get = vh.toMethodHandle(VarHandle.AccessMode.GET); // (MemorySegment, long) -> T
                MethodHandle set = vh.toMethodHandle(VarHandle.AccessMode.SET); // (MemorySegment, long, T) -> void
                if (types[i] == boolean.class) {
                    get = MethodHandles.filterReturnValue(get, TO_BOOLEAN);
                    set = MethodHandles.filterArguments(set, 2, FROM_BOOLEAN);
                }
                getters[i] = get;
                Method accessor = components[i].getAccessor();
                accessor.setAccessible(true);
                MethodHandle read = MethodHandles.lookup().unreflect(accessor).asType(
                        MethodType.methodType(types[i], Object.class));
                this.pack[i] = MethodHandles.filterArguments(set, 2, read)
                        .asType(MethodType.methodType(void.class, MemorySegment.class, long.class, Object.class));
            }
            MethodHandle all = make;
            for (int i = components.length - 1; i >= 0; i--) {
                all = MethodHandles.collectArguments(all, i, getters[i]); // (seg, long, seg, long, ...) -> R
            }
            int[] reorder = new int[2 * components.length];
            for (int i = 0; i < components.length; i++) {
                reorder[2 * i] = 0;
                reorder[2 * i + 1] = 1;
            }
            this.unpack = MethodHandles.permuteArguments(all,
                    MethodType.methodType(type, MemorySegment.class, long.class), reorder)
                    .asType(MethodType.methodType(Object.class, MemorySegment.class, long.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read or build records of " + type.getName() + " (make the record"
                    + " public, or open its package to module io.jsycl.runtime): " + e.getMessage(), e);
        }
    }

    /** The codec of a record class; throws {@link IllegalArgumentException} saying what is allowed. */
    public static RecordCodec of(Class<?> type) {
        Object c = CODECS.get(type);
        if (c instanceof IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return (RecordCodec) c;
    }

    /**
     * The codec of the records in {@code records}, for {@code Buffer.of(R[])}: an array with a record in every slot,
     * or with nulls only (an array for a kernel to fill through {@code writeNoInit}, never read before).
     *
     * @throws IllegalArgumentException if the array's component type is not a record of primitives
     * @throws NullPointerException naming the first empty slot's index, in an array that also holds records
     */
    public static RecordCodec forValues(Object[] records) {
        RecordCodec codec = of(records.getClass().getComponentType());
        int firstNull = -1;
        boolean anyRecord = false;
        for (int i = 0; i < records.length; i++) {
            if (records[i] == null) {
                firstNull = firstNull < 0 ? i : firstNull;
            } else {
                anyRecord = true;
            }
        }
        if (firstNull >= 0 && anyRecord) {
            throw nullSlot(firstNull);
        }
        return codec;
    }

    /**
     * Throws if a slot of {@code records} is null: the contents are about to be read (uploaded, or used by a kernel
     * on the host device), and a record buffer holds values.
     *
     * @throws NullPointerException naming the first empty slot's index
     */
    public static void requireValues(Object[] records) {
        for (int i = 0; i < records.length; i++) {
            if (records[i] == null) {
                throw nullSlot(i);
            }
        }
    }

    /** A null in slot {@code i} of a buffer's array: the device has no reference to hold, only a record's values. */
    private static NullPointerException nullSlot(int i) {
        return new NullPointerException("records[" + i + "] is null; a buffer of records holds values, not references:"
                + " put a record in every slot (one of zeros for an empty one); only an array of nulls alone may be"
                + " given, for a kernel to fill through writeNoInit(h) before anything reads it (write(h) keeps the"
                + " elements the kernel does not store, so it reads them)");
    }

    private static ValueLayout valueLayout(Class<?> t) {
        if (t == boolean.class || t == byte.class) {
            return ValueLayout.JAVA_BYTE;
        }
        if (t == char.class) {
            return ValueLayout.JAVA_CHAR;
        }
        if (t == short.class) {
            return ValueLayout.JAVA_SHORT;
        }
        if (t == int.class) {
            return ValueLayout.JAVA_INT;
        }
        if (t == long.class) {
            return ValueLayout.JAVA_LONG;
        }
        if (t == float.class) {
            return ValueLayout.JAVA_FLOAT;
        }
        if (t == double.class) {
            return ValueLayout.JAVA_DOUBLE;
        }
        return null;
    }

    private static boolean toBoolean(byte b) {
        return b != 0;
    }

    private static byte fromBoolean(boolean b) {
        return b ? (byte) 1 : 0;
    }

    /** The record class's name in the JVM's internal form ("pkg/P"). */
    public String internalName() {
        return type.getName().replace('.', '/');
    }

    @Override
    public long byteSize() {
        return layout.byteSize();
    }

    @Override
    public void copyToSegment(Object array, MemorySegment dst) {
        Object[] records = (Object[]) array;
        long size = layout.byteSize();
        try {
            for (int i = 0; i < records.length; i++) {
                long at = i * size;
                Object r = records[i];
                if (r == null) {
                    throw nullSlot(i); // an array of nulls read before it was written, or a slot emptied later
                }
                for (MethodHandle p : pack) {
                    p.invokeExact(dst, at, r);
                }
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new SyclException("cannot pack records of " + type.getName(), e);
        }
    }

    @Override
    public void copyFromSegment(MemorySegment src, Object array) {
        Object[] records = (Object[]) array;
        long size = layout.byteSize();
        try {
            for (int i = 0; i < records.length; i++) {
                records[i] = (Object) unpack.invokeExact(src, i * size);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new SyclException("cannot unpack records of " + type.getName(), e);
        }
    }

    @Override
    public String toString() {
        return type.getSimpleName();
    }
}
