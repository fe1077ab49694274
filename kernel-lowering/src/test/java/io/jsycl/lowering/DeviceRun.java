package io.jsycl.lowering;

import io.jsycl.Item;
import io.jsycl.ItemKernel;
import io.jsycl.opencl.ClCommandQueue;
import io.jsycl.opencl.ClContext;
import io.jsycl.opencl.ClDevice;
import io.jsycl.opencl.ClEvent;
import io.jsycl.opencl.ClKernel;
import io.jsycl.opencl.ClMem;
import io.jsycl.opencl.ClMemFlags;
import io.jsycl.opencl.ClPlatform;
import io.jsycl.opencl.DriverQuirk;
import io.jsycl.opencl.ClProgram;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs lowered kernels on the first OpenCL device (PoCL here) through the project's own
 * OpenCL layer ({@code io.jsycl.opencl}), passing each {@link KernelArg} from the lambda's
 * captured test doubles; and runs 1-dimensional lambdas on the host, so tests compare device
 * results with Java's.
 */
final class DeviceRun {
    private static ClContext context;
    private static ClCommandQueue queue;

    private DeviceRun() {
    }

    /** Whether an OpenCL device is available. */
    static synchronized boolean available() {
        if (queue != null) {
            return true;
        }
        // JSYCL_DEVICE (gpu, cpu or a name substring) picks the device, as the GPU conformance run does
        List<ClDevice> devices = ClPlatform.devicesMatching(System.getenv("JSYCL_DEVICE"));
        if (devices.isEmpty()) {
            return false;
        }
        context = ClContext.create(List.of(devices.getFirst()));
        queue = ClCommandQueue.create(context, devices.getFirst(), false, false);
        return true;
    }

    /** For {@code @BeforeAll}: skips without OpenCL, except in CI (env {@code CI} set) where it fails. */
    static void require() {
        boolean ok = available();
        if (System.getenv("CI") != null && !ok) {
            throw new AssertionError("CI is set but no OpenCL platform with a device was found");
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(ok, "no OpenCL platform: device semantics not checked");
    }

    /** Runs the kernel on the host for ids 0..n-1. */
    static void onHost(ItemKernel k, int n) {
        for (int i = 0; i < n; i++) {
            int id = i;
            k.run(new Item() {
                public int id(int d) {
                    return id;
                }

                public int range(int d) {
                    return n;
                }

                public long linearId() {
                    return id;
                }

                public int dimensions() {
                    return 1;
                }
            });
        }
    }

    /** Lowers the kernel, runs it over 0..n-1 on the device, and copies the buffers back into its accessors. */
    static LoweredKernel onDevice(ItemKernel k, int n) {
        LoweredKernel lowered = Lambdas.lower(1, k);
        run(lowered, k, new Launch(new int[] {n}));
        return lowered;
    }

    /** How to launch: ranges in SYCL order (dimension 0 first). */
    static final class Launch {
        final int[] range;
        int[] global;
        int[] local;
        /** A one-element array for {@code REDUCTION_OUTPUT}: read back after the run. */
        Object reductionOut;
        /** Filled with the check buffer after a checked run. */
        final int[] check = new int[8];
        String options = "";

        Launch(int[] range) {
            this.range = range;
        }

        Launch local(int... l) {
            local = l;
            return this;
        }

        Launch global(int... g) {
            global = g;
            return this;
        }

        Launch out(Object o) {
            reductionOut = o;
            return this;
        }

        Launch options(String o) {
            options = o;
            return this;
        }
    }

    /** Runs a lowered kernel whose captures are those of {@code lambda}; buffers are copied back. */
    static synchronized void run(LoweredKernel lowered, Object lambda, Launch launch) {
        if (!available()) {
            throw new AssertionError("no OpenCL device");
        }
        List<Object> captured = captured(lambda);
        List<ClMem> mems = new ArrayList<>();
        List<Object> readBack = new ArrayList<>();
        try (Arena arena = Arena.ofConfined();
             ClProgram program = ClProgram.createWithSource(context, lowered.source())) {
            try {
                // As the runtime builds: correctly rounded float divide and sqrt, and the driver's quirks' safe forms.
                StringBuilder options = new StringBuilder("-cl-fp32-correctly-rounded-divide-sqrt ");
                for (DriverQuirk q : DriverQuirk.knownFor(context.devices().getFirst())) {
                    options.append(q.buildOption()).append(' ');
                }
                program.build(context.devices(), (options + launch.options).strip());
            } catch (RuntimeException e) {
                throw new AssertionError("build failed: " + e.getMessage() + "\n" + lowered.source(), e);
            }
            try (ClKernel k = ClKernel.create(program, lowered.kernelName())) {
                long localItems = 1;
                if (launch.local != null) {
                    for (int l : launch.local) {
                        localItems *= l;
                    }
                }
                for (int i = 0; i < lowered.args().size(); i++) {
                    KernelArg a = lowered.args().get(i);
                    Object v = a.captureIndex() < 0 ? null : resolve(captured.get(a.captureIndex()), a.path());
                    switch (a.role()) {
                        case VALUE -> scalar(k, i, v);
                        case ACCESSOR_DATA -> buffer(k, i, arena, field(v, "data"), mems, readBack, true);
                        case ACCESSOR_RANGE, ACCESSOR_MEM_RANGE -> k.setArgInt(i, Array.getLength(field(v, "data")));
                        case ACCESSOR_OFFSET -> k.setArgInt(i, 0);
                        case LAUNCH_RANGE -> k.setArgInt(i, launch.range[a.dimension()]);
                        case LOCAL_MEMORY -> k.setArgLocal(i, product((int[]) field(v, "range")) * a.type().byteSize());
                        case LOCAL_RANGE -> k.setArgInt(i, ((int[]) field(v, "range"))[a.dimension()]);
                        case ARRAY_DATA -> buffer(k, i, arena, v, mems, readBack, false);
                        case ARRAY_LENGTH -> k.setArgInt(i, Array.getLength(v));
                        case REDUCTION_OUTPUT -> buffer(k, i, arena, launch.reductionOut, mems, readBack, true);
                        case REDUCTION_SCRATCH -> k.setArgLocal(i, localItems * a.type().byteSize());
                        case CHECK_BUFFER -> buffer(k, i, arena, launch.check, mems, readBack, true);
                    }
                }
                int dims = launch.range.length;
                int[] g = launch.global != null ? launch.global : launch.range;
                long[] global = new long[dims];
                long[] local = launch.local == null ? null : new long[dims];
                for (int d = 0; d < dims; d++) {
                    global[d] = g[dims - 1 - d];
                    if (local != null) {
                        local[d] = launch.local[dims - 1 - d];
                    }
                }
                try (ClEvent e = queue.enqueueNDRangeKernel(k, dims, null, global, local, List.of())) {
                    e.await();
                }
                for (int m = 0; m < mems.size(); m++) {
                    if (readBack.get(m) != null) {
                        Object array = readBack.get(m);
                        MemorySegment seg = arena.allocate(mems.get(m).size());
                        try (ClEvent e = queue.enqueueReadBuffer(mems.get(m), true, 0, seg, seg.byteSize(), List.of())) {
                            e.await();
                        }
                        fromSegment(seg, array);
                    }
                }
            }
        } finally {
            mems.forEach(ClMem::close);
        }
    }

    private static long product(int[] r) {
        long p = 1;
        for (int x : r) {
            p *= x;
        }
        return p;
    }

    private static Object resolve(Object v, List<Integer> path) {
        try {
            for (int index : path) {
                RecordComponent c = v.getClass().getRecordComponents()[index];
                Method m = c.getAccessor();
                m.setAccessible(true);
                v = m.invoke(v);
            }
            return v;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static Object field(Object v, String name) {
        try {
            return v.getClass().getField(name).get(v);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static void scalar(ClKernel k, int i, Object v) {
        switch (v) {
            case Boolean z -> k.setArgByte(i, (byte) (z ? 1 : 0));
            case Byte x -> k.setArgByte(i, x);
            case Character c -> k.setArgShort(i, (short) c.charValue());
            case Short x -> k.setArgShort(i, x);
            case Integer x -> k.setArgInt(i, x);
            case Long x -> k.setArgLong(i, x);
            case Float x -> k.setArgFloat(i, x);
            case Double x -> k.setArgDouble(i, x);
            default -> throw new AssertionError(v);
        }
    }

    /** A buffer holding a copy of {@code array}; copied back after the run when {@code back}. */
    private static void buffer(ClKernel k, int i, Arena arena, Object array, List<ClMem> mems, List<Object> readBack,
            boolean back) {
        MemorySegment heap = heap(array);
        long bytes = Math.max(1, heap.byteSize());
        MemorySegment seg = arena.allocate(bytes);
        MemorySegment.copy(heap, 0, seg, 0, heap.byteSize());
        ClMem m = ClMem.createBuffer(context, ClMemFlags.READ_WRITE | ClMemFlags.COPY_HOST_PTR, bytes, seg);
        mems.add(m);
        readBack.add(back ? array : null);
        k.setArg(i, m);
    }

    private static MemorySegment heap(Object array) {
        return switch (array) {
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            case byte[] a -> MemorySegment.ofArray(a);
            case boolean[] a -> {
                byte[] b = new byte[a.length];
                for (int i = 0; i < a.length; i++) {
                    b[i] = (byte) (a[i] ? 1 : 0);
                }
                yield MemorySegment.ofArray(b);
            }
            default -> throw new AssertionError(array);
        };
    }

    private static void fromSegment(MemorySegment seg, Object array) {
        if (array instanceof boolean[] a) {
            for (int i = 0; i < a.length; i++) {
                a[i] = seg.get(java.lang.foreign.ValueLayout.JAVA_BYTE, i) != 0;
            }
            return;
        }
        MemorySegment heap = heap(array);
        MemorySegment.copy(seg, 0, heap, 0, heap.byteSize());
    }

    static List<Object> captured(Object lambda) {
        try {
            Method m = lambda.getClass().getDeclaredMethod("writeReplace");
            m.setAccessible(true);
            SerializedLambda s = (SerializedLambda) m.invoke(lambda);
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < s.getCapturedArgCount(); i++) {
                out.add(s.getCapturedArg(i));
            }
            return out;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
