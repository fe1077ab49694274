package io.jsycl;

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

/**
 * Sets a lowered kernel's arguments from one submit's captured values, following the lowering's
 * argument plan. Captured arrays become read-only device buffers made for this launch; they are
 * released right after the enqueue (OpenCL keeps a released buffer until the commands using it
 * finish).
 */
final class KernelArguments implements AutoCloseable {
    /** Ints in a checked kernel's failure record: kind, line, id 0..2, index, bound, spare. */
    static final int CHECK_INTS = 8;

    /** Made on the first captured array: most launches have none. */
    private List<ClMem> launchBuffers;
    private ClMem checkBuffer;

    /**
     * Sets every argument of {@code k}; {@code mems[i]} is the device memory of buffer {@code storages[i]};
     * {@code workGroupSize} is the launch's work-group size (work-items per group) where it has one, else 0. {@code zeroOffsets}: the program is built
     * with {@code JSYCL_ZERO_OFFSETS}, whose kernel has no accessor offset parameters.
     */
    void set(ClKernel k, ClContext context, LoweredKernel lowered, Object[] captured, BufferStorage[] storages,
            ClMem[] mems, Range range, Reduction<?> reduction, long workGroupSize, boolean zeroOffsets) {
        int index = 0;
        for (KernelArg arg : lowered.args()) {
            if (zeroOffsets && arg.role() == ArgRole.ACCESSOR_OFFSET) {
                continue;
            }
            Object value = arg.captureIndex() >= 0 ? RecordPaths.resolve(captured[arg.captureIndex()], arg.path()) : null;
            switch (arg.role()) {
                case VALUE -> setScalar(k, index, value);
                case ACCESSOR_DATA -> k.setArg(index, value instanceof DeviceArray<?> d ? d.mem()
                        : memOf(((Accessor<?>) value).storage, storages, mems));
                case ACCESSOR_RANGE -> k.setArgInt(index, value instanceof DeviceArray<?> d ? d.size()
                        : ((Accessor<?>) value).range().get(arg.dimension()));
                case ACCESSOR_MEM_RANGE -> k.setArgInt(index, value instanceof DeviceArray<?> d ? d.size()
                        : ((Accessor<?>) value).storage.shape().get(arg.dimension()));
                case ACCESSOR_OFFSET -> k.setArgInt(index, value instanceof DeviceArray<?> ? 0
                        : ((Accessor<?>) value).offset(arg.dimension()));
                case LAUNCH_RANGE -> k.setArgInt(index, range.get(arg.dimension()));
                case LOCAL_MEMORY -> k.setArgLocal(index, Math.max(1, ((LocalAccessor<?>) value).bytes()));
                case LOCAL_RANGE -> k.setArgInt(index, ((LocalAccessor<?>) value).range().get(arg.dimension()));
                case ARRAY_DATA -> k.setArg(index, arrayBuffer(context, value));
                case ARRAY_LENGTH -> k.setArgInt(index, Array.getLength(value));
                case REDUCTION_OUTPUT -> k.setArg(index, memOf(reduction.output.storage, storages, mems));
                case REDUCTION_SCRATCH -> k.setArgLocal(index, workGroupSize * reduction.output.storage.kind.bytes);
                case GROUP_SCRATCH -> k.setArgLocal(index, (workGroupSize + workGroupSize / 32 + 1) * Long.BYTES);
                case CHECK_BUFFER -> k.setArg(index, checkBuffer(context));
            }
            index++;
        }
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
    boolean checked() {
        return checkBuffer != null;
    }

    /** The buffer a checked kernel records its first failure in, or null if the kernel is not checked. */
    ClMem takeCheckBuffer() {
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

    private static void setScalar(ClKernel k, int index, Object value) {
        switch (value) {
            case Integer v -> k.setArgInt(index, v);
            case Long v -> k.setArgLong(index, v);
            case Float v -> k.setArgFloat(index, v);
            case Double v -> k.setArgDouble(index, v);
            case Short v -> k.setArgShort(index, v);
            case Byte v -> k.setArgByte(index, v);
            case Character v -> k.setArgShort(index, (short) v.charValue());
            case Boolean v -> k.setArgByte(index, v ? (byte) 1 : 0);
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
