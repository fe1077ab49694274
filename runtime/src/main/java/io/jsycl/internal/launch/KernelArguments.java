package io.jsycl.internal.launch;

import io.jsycl.Range;
import io.jsycl.internal.event.LaunchThread;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.memory.ElementKind;
import io.jsycl.internal.memory.ReductionImpl;
import io.jsycl.lowering.ArgRole;
import io.jsycl.lowering.KernelArg;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * A lowered kernel's arguments for one launch, computed from one submit's captured values following the lowering's
 * argument plan, then set on a kernel object right before its enqueue ({@link #applyTo}). The two steps are apart
 * because the enqueue may happen on the queue's {@link LaunchThread}, while the values must be taken when the command
 * group is submitted. Captured arrays become read-only device buffers made for this launch; they are released after
 * the enqueue (OpenCL keeps a released buffer until the commands using it finish).
 */
public final class KernelArguments implements AutoCloseable {
    /** Ints in a checked kernel's failure record: kind, line, id 0..2, index, bound, spare. */
    static final int CHECK_INTS = 8;

    /** Made on the first captured array: most launches have none. */
    private List<ClMem> launchBuffers;
    private ClMem checkBuffer;

    // The recorded arguments, by index: what kind of value, its bits (or local bytes), its buffer.
    private static final byte MEM = 0;
    private static final byte INT = 1;
    private static final byte LONG = 2;
    private static final byte FLOAT = 3;
    private static final byte DOUBLE = 4;
    private static final byte SHORT = 5;
    private static final byte BYTE = 6;
    private static final byte LOCAL = 7;
    // Sized by set() to the kernel's arguments: growing them inside the loop was a branch the submit-path warm-up's
    // kernels (8 arguments or fewer) never took, and the first kernel with more made the JIT drop the compiled method
    // and run it interpreted for its next hundreds of submits (3-4 µs a submit instead of 0.2).
    private byte[] kinds;
    private long[] bits;
    private ClMem[] mems;
    private int count;

    /**
     * Records every argument of the launch; {@code mems[i]} is the device memory of buffer {@code storages[i]};
     * {@code workGroupSize} is the launch's work-group size (work-items per group) where it has one, else 0.
     * {@code variants}: the {@link io.jsycl.lowering.ProgramVariant} bits of the program the launch runs, whose kernel
     * takes only the arguments present in it ({@link KernelArg#presentIn}: no accessor offsets in one built with
     * {@code JSYCL_ZERO_OFFSETS}, for example).
     */
    public void set(ClContext context, LoweredKernel lowered, BoundCapture[] captured, BufferStorage[] storages,
            ClMem[] mems, Range range, List<ReductionImpl> reductions, long workGroupSize, int variants) {
        int n = lowered.args().size();
        this.kinds = new byte[n];
        this.bits = new long[n];
        this.mems = new ClMem[n];
        int index = 0;
        for (KernelArg arg : lowered.args()) {
            if (!arg.presentIn(variants)) {
                continue;
            }
            BoundCapture value = arg.captureIndex() >= 0
                    ? BoundCapture.resolve(captured[arg.captureIndex()], arg.path()) : null;
            int d = arg.dimension();
            switch (arg.role()) {
                case VALUE -> setScalar(index, ((BoundCapture.Value) value).value());
                case ACCESSOR_DATA -> put(index, MEM, 0, value instanceof BoundCapture.DeviceArray a ? a.array().mem()
                        : memOf(((BoundCapture.Accessor) value).storage(), storages, mems));
                case ACCESSOR_RANGE -> putInt(index, value instanceof BoundCapture.DeviceArray a ? a.array().length()
                        : ((BoundCapture.Accessor) value).range().get(d));
                case ACCESSOR_MEM_RANGE -> putInt(index, memRange(value, d));
                case ACCESSOR_OFFSET -> putInt(index, value instanceof BoundCapture.DeviceArray ? 0
                        : ((BoundCapture.Accessor) value).offset()[d]);
                case LAUNCH_RANGE -> putInt(index, range.get(d));
                case LOCAL_MEMORY -> put(index, LOCAL, Math.max(1, ((BoundCapture.Local) value).local().bytes()), null);
                case LOCAL_RANGE -> putInt(index, ((BoundCapture.Local) value).range().get(d));
                case ARRAY_DATA -> put(index, MEM, 0, arrayBuffer(context, ((BoundCapture.Value) value).value()));
                case ARRAY_LENGTH -> putInt(index, Array.getLength(((BoundCapture.Value) value).value()));
                // A reduction's arguments name it by its position among the kernel's reductions.
                case REDUCTION_OUTPUT -> put(index, MEM, 0, reductions.get(d).onDevice() ? reductions.get(d).slot().mem()
                        : memOf(reductions.get(d).output(), storages, mems));
                // The work-group's tree (combine(v)) or its copy of every output element (combine(index, v)).
                case REDUCTION_SCRATCH -> put(index, LOCAL, Reductions.scratchBytes(reductions.get(d), workGroupSize),
                        null);
                case GROUP_SCRATCH -> put(index, LOCAL, (workGroupSize + workGroupSize / 32 + 1) * Long.BYTES, null);
                case CHECK_BUFFER -> put(index, MEM, 0, checkBuffer(context));
            }
            index++;
        }
        count = index;
    }

    /**
     * True if these arguments may serve later launches as they are ({@link #withScalars}, {@link #withMems}): they own
     * no buffer made for this launch (a captured array's, a checked kernel's record), so closing them releases nothing.
     */
    public boolean reusable() {
        return launchBuffers == null && checkBuffer == null;
    }

    /**
     * These arguments with each captured scalar taken from {@code scalars} (a capture index to that scalar's bits, as
     * {@link CaptureStamp#scalarBits} reads them), for a launch of {@code lowered} that binds everything else as this
     * one did ({@link CaptureStamp}). Only for {@link #reusable()} arguments; {@code variants} as {@link #set} had
     * them. The copy shares what a scalar does not change with these arguments: a launch handed to the launch thread
     * then brings that thread one new array, not three.
     */
    public KernelArguments withScalars(LoweredKernel lowered, IntToLongFunction scalars, int variants) {
        KernelArguments copy = copy(true, false);
        int index = 0;
        for (KernelArg arg : lowered.args()) {
            if (!arg.presentIn(variants)) {
                continue;
            }
            if (arg.role() == ArgRole.VALUE) {
                copy.bits[index] = stored(kinds[index], scalars.applyAsLong(arg.captureIndex()));
            }
            index++;
        }
        return copy;
    }

    /** A scalar's bits as {@link #setScalar} records them for an argument of {@code kind}. */
    private static long stored(byte kind, long bits) {
        return switch (kind) {
            case INT, FLOAT -> (int) bits;
            case SHORT -> (short) bits; // a char's value too
            case BYTE -> (byte) bits;
            default -> bits;
        };
    }

    /**
     * These arguments with each buffer argument that is {@code from[i]} set to {@code to[i]} instead: a launch whose
     * buffers' device memory is not what it was at {@link #set}. Only for {@link #reusable()} arguments.
     */
    public KernelArguments withMems(ClMem[] from, ClMem[] to) {
        KernelArguments copy = copy(false, true);
        for (int i = 0; i < count; i++) {
            for (int m = 0; m < from.length; m++) {
                if (copy.kinds[i] == MEM && copy.mems[i] == from[m]) {
                    copy.mems[i] = to[m];
                    break;
                }
            }
        }
        return copy;
    }

    /**
     * A copy, with arrays of its own for the values ({@code ownBits}) or the buffers ({@code ownMems}) that the caller
     * changes, sharing the others: arguments are not changed once made, but by the copy that makes them.
     */
    private KernelArguments copy(boolean ownBits, boolean ownMems) {
        if (!reusable()) {
            throw new IllegalStateException("arguments owning launch buffers are not reused");
        }
        var copy = new KernelArguments();
        copy.kinds = kinds;
        copy.bits = ownBits ? bits.clone() : bits;
        copy.mems = ownMems ? mems.clone() : mems;
        copy.count = count;
        return copy;
    }

    /**
     * Sets the recorded arguments on {@code k}, which the caller then enqueues; nothing where {@code k}'s arguments
     * are these already (the same object applied last, every argument set since through it).
     */
    public void applyTo(ClKernel k) {
        if (k.argumentsFrom() == this) {
            return;
        }
        k.argumentsFrom(null);
        for (int i = 0; i < count; i++) {
            long v = bits[i];
            switch (kinds[i]) {
                case MEM -> k.setArg(i, mems[i]);
                case INT -> k.setArgInt(i, (int) v);
                case LONG -> k.setArgLong(i, v);
                case FLOAT -> k.setArgFloat(i, Float.intBitsToFloat((int) v));
                case DOUBLE -> k.setArgDouble(i, Double.longBitsToDouble(v));
                case SHORT -> k.setArgShort(i, (short) v);
                case BYTE -> k.setArgByte(i, (byte) v);
                case LOCAL -> k.setArgLocal(i, v);
                default -> throw new IllegalStateException("argument kind " + kinds[i]);
            }
        }
        if (reusable()) {
            k.argumentsFrom(this);
        }
    }

    private void putInt(int index, int v) {
        put(index, INT, v, null);
    }

    private void put(int index, byte kind, long v, ClMem mem) {
        kinds[index] = kind;
        bits[index] = v;
        mems[index] = mem;
    }

    /**
     * The memory range in dimension {@code d} of an accessor argument's {@code value}: its buffer's extent (a device
     * array's length). What a launch passes, and what {@link LaunchSpecialization#of} compares for shared strides.
     */
    static int memRange(BoundCapture value, int d) {
        return value instanceof BoundCapture.DeviceArray a ? a.array().length()
                : ((BoundCapture.Accessor) value).storage().shape().get(d);
    }

    /** The device memory of {@code storage}: a command group requests few buffers, so a scan beats a map. */
    private static ClMem memOf(BufferStorage storage, BufferStorage[] storages, ClMem[] mems) {
        for (int i = 0; i < storages.length; i++) {
            if (storages[i] == storage) {
                return mems[i];
            }
        }
        throw new IllegalStateException("buffer " + storage + " was not requested by the command group");
    }

    /** True if the kernel set last is checked: it records failures in a buffer read after it ran. */
    public boolean checked() {
        return checkBuffer != null;
    }

    /** The buffer a checked kernel records its first failure in, or null if the kernel is not checked. */
    public ClMem takeCheckBuffer() {
        ClMem b = checkBuffer;
        checkBuffer = null;
        return b;
    }

    private ClMem arrayBuffer(ClContext context, Object array) {
        ElementKind kind = switch (array) {
            case boolean[] a -> ElementKind.BOOLEAN;
            case byte[] a -> ElementKind.BYTE;
            case char[] a -> ElementKind.CHAR;
            case short[] a -> ElementKind.SHORT;
            case int[] a -> ElementKind.INT;
            case long[] a -> ElementKind.LONG;
            case float[] a -> ElementKind.FLOAT;
            case double[] a -> ElementKind.DOUBLE;
            default -> throw new IllegalStateException("not a primitive array: " + array);
        };
        long bytes = Math.max(1, (long) Array.getLength(array) * kind.bytes);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment copy = arena.allocate(bytes, 64);
            kind.copyToSegment(array, copy);
            ClMem mem = ClMem.createBuffer(context, ClMemFlags.READ_ONLY | ClMemFlags.COPY_HOST_PTR, bytes, copy);
            if (launchBuffers == null) {
                launchBuffers = new ArrayList<>();
            }
            launchBuffers.add(mem);
            return mem;
        }
    }

    private ClMem checkBuffer(ClContext context) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment zeros = arena.allocate(4L * CHECK_INTS, 8);
            checkBuffer = ClMem.createBuffer(context, ClMemFlags.READ_WRITE | ClMemFlags.COPY_HOST_PTR,
                    4L * CHECK_INTS, zeros);
            return checkBuffer;
        }
    }

    private void setScalar(int index, Object value) {
        switch (value) {
            case Integer v -> putInt(index, v);
            case Long v -> put(index, LONG, v, null);
            case Float v -> put(index, FLOAT, Float.floatToRawIntBits(v), null);
            case Double v -> put(index, DOUBLE, Double.doubleToRawLongBits(v), null);
            case Short v -> put(index, SHORT, v, null);
            case Byte v -> put(index, BYTE, v, null);
            case Character v -> put(index, SHORT, (short) v.charValue(), null);
            case Boolean v -> put(index, BYTE, v ? 1 : 0, null);
            default -> throw new IllegalStateException("unexpected captured value " + value);
        }
    }

    /** Releases this launch's array buffers (and an unclaimed check buffer). */
    @Override
    public void close() {
        if (launchBuffers != null) {
            launchBuffers.forEach(ClMem::close);
            launchBuffers.clear();
        }
        if (checkBuffer != null) {
            checkBuffer.close();
            checkBuffer = null;
        }
    }
}
