package io.jsycl.internal.launch;

import io.jsycl.AccessMode;
import io.jsycl.Accessor;
import io.jsycl.DeviceArray;
import io.jsycl.LocalAccessor;
import io.jsycl.Range;
import io.jsycl.internal.memory.ApiAccess;
import io.jsycl.internal.memory.DeviceArrayImpl;
import io.jsycl.internal.memory.ElementKind;
import io.jsycl.internal.memory.LocalAccessorImpl;
import io.jsycl.opencl.ClMem;
import java.util.Arrays;

/**
 * What a kernel lambda captured at one launch, kept so that a later submit of the same lambda class can tell, by
 * comparing its captured values in place, that it would be lowered, decided and bound as that launch was: each scalar's
 * bits (its type is its field's), each accessor's buffer (by number), range, offset and mode, each device array's memory, element and
 * length, each local memory's element, size and range. A submit whose captures {@link #compare} {@link #SAME} needs
 * none of the lowering's lookups and the same arguments; {@link #OTHER_VALUES} differs in scalar values only, which are
 * arguments and nothing else ({@link KernelArguments#withScalars}, with the bits {@link #scalarBits} reads).
 *
 * <p>Only plain captures are stamped: a captured Java array (uploaded at every launch), a record or a function object
 * (walked component by component) give no stamp, and their kernels take the whole submit path. A stamp holds no
 * buffer, no host array and no captured object, only numbers, ranges, memory objects and its lambda class's field
 * readers, so that it keeps nothing of the program's reachable. Immutable.
 */
public final class CaptureStamp {
    /** {@link #compare}: the captures bind as the stamped ones did, with the same scalar values. */
    public static final int SAME = 0;
    /** {@link #compare}: the captures bind as the stamped ones did; some scalar values differ. */
    public static final int OTHER_VALUES = 1;
    /** {@link #compare}: the captures differ in what the lowering, the launch's decisions or its buffers read. */
    public static final int DIFFERENT = 2;

    private static final ApiAccess API = ApiAccess.get();
    private static final byte SCALAR = 0;
    private static final byte ACCESSOR = 1;
    private static final byte DEVICE_ARRAY = 2;
    private static final byte LOCAL = 3;

    private final Class<?> lambdaClass;
    /** How the captures of {@link #lambdaClass} are read: its class's, kept so that a comparison need not find them. */
    private final CaptureFields fields;
    private final byte[] kinds;
    /** A device array's or local memory's element ({@link ElementKind}). */
    private final Object[] types;
    /**
     * A scalar's bits ({@link CaptureFields.Reader#bits}), an accessor's buffer number, a device array's length, local
     * memory's bytes.
     */
    private final long[] bits;
    /** An accessor's or local memory's range. */
    private final Range[] ranges;
    /** An accessor's offset in each dimension. */
    private final int[][] offsets;
    /** An accessor's mode. */
    private final AccessMode[] modes;
    /** A device array's memory object. */
    private final ClMem[] mems;

    private CaptureStamp(Class<?> lambdaClass, CaptureFields fields, int n) {
        this.lambdaClass = lambdaClass;
        this.fields = fields;
        this.kinds = new byte[n];
        this.types = new Object[n];
        this.bits = new long[n];
        this.ranges = new Range[n];
        this.offsets = new int[n][];
        this.modes = new AccessMode[n];
        this.mems = new ClMem[n];
    }

    /**
     * The stamp of {@code kernel}'s captures, read through {@code fields} (its class's,
     * {@link KernelLambdas#captureFields}), or null where one is not a plain capture (a Java array, a record, a function
     * object, a boxed value in a field of a reference type, null) or the captures are not read through fields
     * ({@code fields} null).
     */
    public static CaptureStamp of(Object kernel, CaptureFields fields) {
        if (fields == null) {
            return null;
        }
        int n = fields.count();
        var stamp = new CaptureStamp(kernel.getClass(), fields, n);
        for (int i = 0; i < n; i++) {
            // A primitive field's bits come from its reader, as compare reads them: no test of the boxed value's type,
            // whose compiled form would stop (deoptimize) at the first kind the submit-path warm-up did not capture.
            if (fields.reader(i).primitive()) {
                stamp.kinds[i] = SCALAR;
                stamp.bits[i] = fields.reader(i).bits(kernel);
                continue;
            }
            switch (fields.get(kernel, i)) {
                case Accessor<?> a -> {
                    stamp.kinds[i] = ACCESSOR;
                    stamp.bits[i] = API.storage(a).id();
                    stamp.ranges[i] = a.range();
                    stamp.offsets[i] = offsetsOf(a);
                    stamp.modes[i] = a.mode();
                }
                case DeviceArray<?> d -> {
                    DeviceArrayImpl array = API.impl(d);
                    stamp.kinds[i] = DEVICE_ARRAY;
                    stamp.types[i] = array.kind();
                    stamp.bits[i] = array.length();
                    stamp.mems[i] = array.mem();
                }
                case LocalAccessor<?> l -> {
                    LocalAccessorImpl local = API.impl(l);
                    stamp.kinds[i] = LOCAL;
                    stamp.types[i] = local.kind();
                    stamp.bits[i] = local.bytes();
                    stamp.ranges[i] = l.range();
                }
                default -> {
                    return null; // a boxed value in a field of a reference type, an array, a record, a function, null
                }
            }
        }
        return stamp;
    }

    /** The lambda class whose captures this stamp records. */
    public Class<?> lambdaClass() {
        return lambdaClass;
    }

    /**
     * How the captures of {@code kernel}, a kernel of this stamp's lambda class submitted in {@code group} (read
     * through the fields the stamp was made with, its class's), compare with the stamped ones: {@link #SAME},
     * {@link #OTHER_VALUES} or {@link #DIFFERENT}. Scalars are compared by their bits, unboxed.
     *
     * <p>The caller guarantees that {@code kernel}'s class is {@link #lambdaClass()} and that {@code group} requests the
     * same buffers as the command group of the stamped launch, whose binding checked that each accessor's buffer was
     * one of them: so an accessor of the same buffer number is one {@code group} requested. The other checks binding
     * makes are made here: a device array is open, local memory was made in {@code group}; where one fails the answer
     * is {@link #DIFFERENT}, and the whole submit path reports it.
     */
    public int compare(Object kernel, CommandGroupRecord group) {
        int result = SAME;
        for (int i = 0; i < kinds.length; i++) {
            switch (kinds[i]) {
                case SCALAR -> {
                    if (fields.reader(i).bits(kernel) != bits[i]) {
                        result = OTHER_VALUES;
                    }
                }
                case ACCESSOR -> {
                    if (!(fields.get(kernel, i) instanceof Accessor<?> a) || !sameAccessor(i, a)) {
                        return DIFFERENT;
                    }
                }
                case DEVICE_ARRAY -> {
                    if (!(fields.get(kernel, i) instanceof DeviceArray<?> d) || !sameDeviceArray(i, API.impl(d))) {
                        return DIFFERENT;
                    }
                }
                default -> {
                    if (!(fields.get(kernel, i) instanceof LocalAccessor<?> l) || !sameLocal(i, l, group)) {
                        return DIFFERENT;
                    }
                }
            }
        }
        return result;
    }

    /**
     * The bits of captured scalar {@code capture} of {@code kernel}, a kernel of this stamp's lambda class, as
     * {@link #compare} reads them: floats and doubles raw, booleans 0 or 1, the others as values.
     *
     * @throws IllegalStateException if that capture is not a primitive
     */
    public long scalarBits(Object kernel, int capture) {
        return fields.reader(capture).bits(kernel);
    }

    private boolean sameAccessor(int i, Accessor<?> a) {
        if (API.storage(a).id() != bits[i] || a.mode() != modes[i] || !a.range().equals(ranges[i])) {
            return false;
        }
        int[] offset = offsets[i];
        for (int d = 0; d < offset.length; d++) {
            if (API.offset(a, d) != offset[d]) {
                return false;
            }
        }
        return true;
    }

    private boolean sameDeviceArray(int i, DeviceArrayImpl array) {
        return !array.isClosed() && array.kind() == types[i] && array.length() == bits[i] && array.mem() == mems[i];
    }

    private boolean sameLocal(int i, LocalAccessor<?> l, CommandGroupRecord group) {
        LocalAccessorImpl local = API.impl(l);
        return local.kind() == types[i] && local.bytes() == bits[i] && l.range().equals(ranges[i])
                && group.locals().contains(local);
    }

    private static int[] offsetsOf(Accessor<?> a) {
        var offset = new int[a.range().dimensions()];
        for (int d = 0; d < offset.length; d++) {
            offset[d] = API.offset(a, d);
        }
        return offset;
    }

    @Override
    public String toString() {
        return "CaptureStamp[" + lambdaClass.getName() + ", " + Arrays.toString(kinds) + "]";
    }
}
