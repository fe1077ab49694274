package io.jsycl.internal.launch;

import io.jsycl.AccessMode;
import io.jsycl.Accessor;
import io.jsycl.DeviceArray;
import io.jsycl.HostArray;
import io.jsycl.KernelLoweringException;
import io.jsycl.LocalAccessor;
import io.jsycl.Range;
import io.jsycl.SyclException;
import io.jsycl.internal.memory.ApiAccess;
import io.jsycl.internal.memory.BufferStorage;
import io.jsycl.internal.memory.ContextImpl;
import io.jsycl.internal.memory.DeviceArrayImpl;
import io.jsycl.internal.memory.LocalAccessorImpl;
import io.jsycl.internal.memory.RecordCodec;
import io.jsycl.internal.memory.RecordPaths;
import io.jsycl.internal.platform.DeviceImpl;
import io.jsycl.internal.platform.FirstSubmitTrace;
import io.jsycl.internal.platform.Settings;
import io.jsycl.lowering.Capture;
import io.jsycl.lowering.KernelLowerer;
import io.jsycl.lowering.KernelRequest;
import io.jsycl.lowering.KernelShape;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.lowering.LoweringException;
import io.jsycl.lowering.ReductionSpec;
import io.jsycl.lowering.ScalarType;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodType;
import java.lang.invoke.SerializedLambda;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Reads a kernel lambda's identity and captured values, and lowers it to OpenCL C once per lambda
 * class and capture shape. A lambda's {@code writeReplace} gives its {@link SerializedLambda}
 * (kernel interfaces are {@code Serializable}).
 */
public final class KernelLambdas {
    private static final ApiAccess API = ApiAccess.get();

    private KernelLambdas() {
    }

    /** A kernel lambda seen at one submit: its lowering and its captured values, bound (one per capture). */
    public record Kernel(Lowering lowering, BoundCapture[] captured) {
        public LoweredKernel lowered() {
            return lowering.kernel();
        }
    }

    /**
     * One lowering of a lambda class, compared by identity: contexts key their built kernels by it,
     * so a repeated submit finds its kernel without hashing the source. As a supplier, it gives {@link #described()}:
     * an event keeps the lowering itself to name its kernel on demand, so that a submit allocates nothing for it.
     */
    public static final class Lowering implements Supplier<String> {
        private final LoweredKernel kernel;
        private final LambdaShape lambda;

        public Lowering(LoweredKernel kernel, LambdaShape lambda) {
            this.kernel = kernel;
            this.lambda = lambda;
        }

        LoweredKernel kernel() {
            return kernel;
        }

        /** The kernel as Java names it, for messages: {@code Err.lambda$main$0}. */
        String javaName() {
            return lambda.kernelName();
        }

        /** The kernel and where it starts, for errors: {@code Err.lambda$main$0 (Err.java:11)}; reads the class file. */
        public String described() {
            return lambda.described();
        }

        /** {@link #described()}. */
        @Override
        public String get() {
            return described();
        }

        /** The lambda's source file, e.g. {@code Err.java}, or null; reads the class file (for errors only). */
        String sourceFile() {
            return LambdaShape.sourceFile(lambda.location());
        }
    }

    private record LoweringKey(KernelShape shape, int dimensions, Capture[] captures, boolean checked,
            ReductionSpec[] reductions) {
        // Written out: every submit looks its lowering up by this key, and a record's own equals and hashCode go
        // through method handles, which cost tens of microseconds a submit until the JIT has compiled them. The
        // captures are an array, not a List: List.of gives one class up to two elements and another above, and a
        // program's first kernel with more captures than the submit-path warm-up's made the JIT's compiled lookup
        // stop (deoptimize) and run interpreted again for hundreds of submits. The reductions are an array likewise.
        @Override
        public boolean equals(Object o) {
            return o instanceof LoweringKey k && sameLaunch(k.shape, k.dimensions, k.checked, k.reductions)
                    && Arrays.equals(k.captures, captures);
        }

        /** Whether this key is of a launch of {@code shape} over {@code dimensions}, so checked, with {@code reductions}. */
        boolean sameLaunch(KernelShape shape, int dimensions, boolean checked, ReductionSpec[] reductions) {
            return this.shape == shape && this.dimensions == dimensions && this.checked == checked
                    && Arrays.equals(this.reductions, reductions);
        }

        @Override
        public int hashCode() {
            return ((shape.hashCode() * 31 + dimensions) * 31 + Arrays.hashCode(captures)) * 31
                    + Arrays.hashCode(reductions) + (checked ? 1 : 0);
        }

        @Override
        public String toString() {
            return "LoweringKey[" + shape + ", " + dimensions + " dimensions, captures " + Arrays.toString(captures)
                    + (checked ? ", checked" : "") + (reductions.length > 0 ? ", " + Arrays.toString(reductions) : "")
                    + "]";
        }
    }

    /** What one lambda class always is: its implementation method and how to read its captured values. */
    private record LambdaShape(String implClass, String implMethod, String implDescriptor, int capturedCount,
            CaptureFields fields, ClassLoader loader) {
        String kernelName() {
            return implClass.substring(implClass.lastIndexOf('/') + 1) + "." + implMethod;
        }

        /** Where the lambda's body starts: {@code Err.java:11} (see {@link KernelLowerer#sourceLocation}). */
        String location() {
            return KernelLowerer.sourceLocation(loader, implClass, implMethod, implDescriptor);
        }

        /** The kernel as errors name it, as the lowering's do: {@code Err.lambda$main$0 (Err.java:11)}. */
        public String described() {
            return kernelName() + " (" + location() + ")";
        }

        /**
         * The type the lambda declares its captured value {@code index} with, or null where it cannot be loaded; for
         * errors only (loads the classes of the implementation method's parameters).
         */
        Class<?> declaredCapture(int index) {
            try {
                return MethodType.fromMethodDescriptorString(implDescriptor, loader).parameterType(index);
            } catch (RuntimeException | LinkageError e) {
                return null;
            }
        }

        /** The file of a {@link #location()}: {@code Err.java}, or null where unknown. */
        static String sourceFile(String location) {
            int colon = location.lastIndexOf(':');
            return location.equals("unknown source") ? null : colon < 0 ? location : location.substring(0, colon);
        }

        /** The line of a {@link #location()}, or -1 where it names none. */
        static int line(String location) {
            int colon = location.lastIndexOf(':');
            return colon < 0 ? -1 : Integer.parseInt(location.substring(colon + 1));
        }

        /**
         * The captured values, read from the lambda's fields when they can be (the fast path:
         * no {@code SerializedLambda} per submit), else through {@code writeReplace}.
         */
        Object[] captured(Object kernel) {
            if (fields != null) {
                var values = new Object[fields.count()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = fields.get(kernel, i);
                }
                return values;
            }
            Object[] values = new Object[capturedCount];
            SerializedLambda lambda = SerializedLambdas.serialized(kernel);
            for (int i = 0; i < values.length; i++) {
                values[i] = lambda.getCapturedArg(i);
            }
            return values;
        }
    }

    /** A function object's functional interface and method, and whether its implementation method is static. */
    private record FunctionShape(String interfaceName, String method, String methodDescriptor, boolean staticImpl) {
    }

    /** A lowering (or its failure) and the key it was found by. */
    private record Found(LoweringKey key, Object result) {
    }

    /**
     * Per lambda class: its shape (found at the first submit), its lowerings by capture shape, and the one found last,
     * which a program's repeated submits of one kernel find by comparing keys, without hashing every capture.
     */
    private static final class LambdaClass {
        volatile LambdaShape shape;
        final Map<LoweringKey, Object> lowered = new ConcurrentHashMap<>();
        volatile Found last;
        /** Where the class is a function object a kernel captures: its functional interface and method. */
        volatile FunctionShape function;

        FunctionShape function(Object value) {
            FunctionShape f = function;
            if (f == null) {
                SerializedLambda lambda = SerializedLambdas.serialized(value);
                f = new FunctionShape(lambda.getFunctionalInterfaceClass(), lambda.getFunctionalInterfaceMethodName(),
                        lambda.getFunctionalInterfaceMethodSignature(),
                        lambda.getImplMethodKind() == MethodHandleInfo.REF_invokeStatic);
                function = f;
            }
            return f;
        }

        LambdaShape shape(Object kernel) {
            LambdaShape s = shape;
            if (s == null) {
                SerializedLambda lambda = SerializedLambdas.serialized(kernel);
                s = new LambdaShape(lambda.getImplClass(), lambda.getImplMethodName(),
                        lambda.getImplMethodSignature(), lambda.getCapturedArgCount(),
                        CaptureFields.of(kernel.getClass(), lambda.getCapturedArgCount()),
                        kernel.getClass().getClassLoader());
                shape = s;
            }
            return s;
        }
    }

    /** What a kernel's captures are checked against: the command group's accessors and local memory, and its queue. */
    private record CaptureCheck(CommandGroupRecord group, ContextImpl context, DeviceImpl device, Object queue) {
        java.util.Map<BufferStorage, AccessMode> requirements() {
            return group.requirements();
        }

        List<LocalAccessorImpl> locals() {
            return group.locals();
        }
    }

    private static final ClassValue<LambdaClass> LAMBDAS = new ClassValue<>() {
        @Override
        protected LambdaClass computeValue(Class<?> type) {
            return new LambdaClass();
        }
    };

    /**
     * Lowers {@code kernel} (or finds its lowering) for a launch of {@code dimensions} (0 for a
     * single task), checking its captures against the accessors of {@code group}, submitted to
     * {@code queue} (as messages name it) on {@code device} of {@code context}; {@code checked} for a checked kernel
     * and, for a reduction kernel, the reductions it combines into (an empty array for any other).
     */
    public static Kernel lower(Object kernel, KernelShape shape, int dimensions, CommandGroupRecord group,
            ContextImpl context, DeviceImpl device, Object queue, boolean checked, ReductionSpec[] reductions) {
        var check = new CaptureCheck(group, context, device, queue);
        LambdaClass lambdaClass = LAMBDAS.get(kernel.getClass());
        LambdaShape lambda = lambdaClass.shape(kernel);
        Object[] captured = lambda.captured(kernel);
        Found last = lambdaClass.last;
        if (last != null && last.result() instanceof Lowering lowering
                && last.key().sameLaunch(shape, dimensions, checked, reductions)) {
            BoundCapture[] bound = rebind(lambda, captured, last.key().captures(), check);
            if (bound != null) {
                FirstSubmitTrace.mark("identify");
                return new Kernel(lowering, bound);
            }
        }
        var captures = new Capture[captured.length];
        var bound = new BoundCapture[captured.length];
        for (int i = 0; i < captured.length; i++) {
            Captured c = capture(lambda, i, captured[i], check);
            captures[i] = c.shape();
            bound[i] = c.bound();
        }
        var key = new LoweringKey(shape, dimensions, captures, checked, reductions);
        FirstSubmitTrace.mark("identify");
        Object result;
        if (last != null && last.key().equals(key)) {
            result = last.result();
        } else {
            result = lambdaClass.lowered.get(key);
            if (result == null) {
                result = lambdaClass.lowered.computeIfAbsent(key, k -> lowerOrFailure(kernel, lambda, k));
            }
            lambdaClass.last = new Found(key, result);
        }
        if (result instanceof KernelLoweringException failure) {
            throw failure;
        }
        return new Kernel((Lowering) result, bound);
    }

    private static Object lowerOrFailure(Object kernel, LambdaShape lambda, LoweringKey key) {
        var request = new KernelRequest(kernel.getClass().getClassLoader(), lambda.implClass(),
                lambda.implMethod(), lambda.implDescriptor(), key.shape(), key.dimensions(),
                List.of(key.captures()), key.checked(), List.of(key.reductions()));
        try {
            LoweringCache cache = LoweringCache.instance();
            FirstSubmitTrace.mark("lowering-cache-open");
            LoweredKernel lowered = cache.lower(request);
            dump(lowered);
            return new Lowering(lowered, lambda);
        } catch (LoweringException e) {
            return new KernelLoweringException(e.getMessage(), e.kernel(), e.sourceFile(), e.line(), e.construct(), e);
        }
    }

    private static void dump(LoweredKernel lowered) {
        Path dir = Settings.current().dumpKernels().get();
        if (dir == null) {
            return;
        }
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(lowered.kernelName() + ".cl"), lowered.source(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("JSYCL_DUMP_KERNELS: cannot write into " + dir, e);
        }
    }

    /**
     * The kernel as Java names it, for messages: {@code Err.lambda$main$0}, from the shape its lambda class keeps.
     *
     * @throws SyclException if {@code kernel} is not a lambda
     */
    public static String kernelName(Object kernel) {
        return LAMBDAS.get(kernel.getClass()).shape(kernel).kernelName();
    }

    /**
     * The kernel lambda's captured values, in order, as a submit reads them (from the lambda's fields where it can).
     *
     * @throws SyclException if {@code kernel} is not a lambda
     */
    public static Object[] capturedValues(Object kernel) {
        return LAMBDAS.get(kernel.getClass()).shape(kernel).captured(kernel);
    }

    /**
     * How a submit reads {@code kernel}'s captured values in place, or null where they are read through
     * {@code writeReplace} (a lambda whose fields do not follow the JDK's naming or cannot be read).
     *
     * @throws SyclException if {@code kernel} is not a lambda
     */
    public static CaptureFields captureFields(Object kernel) {
        return LAMBDAS.get(kernel.getClass()).shape(kernel).fields();
    }

    /** The lowering's access mode of each {@link AccessMode}, by ordinal (no name lookup per submit). */
    private static final io.jsycl.lowering.AccessMode[] LOWERING_MODES = java.util.Arrays.stream(AccessMode.values())
            .map(m -> io.jsycl.lowering.AccessMode.valueOf(m.name())).toArray(io.jsycl.lowering.AccessMode[]::new);

    /** A captured value's shape, which keys its lowering, and the value bound for the launch. */
    private record Captured(Capture shape, BoundCapture bound) {
    }

    /** The shape of a captured primitive, by its {@link ScalarType}'s ordinal: one instance each, made once. */
    private static final Capture.Scalar[] SCALARS = Arrays.stream(ScalarType.values()).map(Capture.Scalar::new)
            .toArray(Capture.Scalar[]::new);
    /** The shape of a captured primitive array, by its element's {@link ScalarType} ordinal. */
    private static final Capture.Array[] ARRAYS = Arrays.stream(ScalarType.values()).map(Capture.Array::new)
            .toArray(Capture.Array[]::new);
    /** The class of a captured primitive (boxed, as the lambda's getters read it), by its type's ordinal. */
    private static final Class<?>[] BOXES = Arrays.stream(ScalarType.values()).map(t -> switch (t) {
        case BOOLEAN -> Boolean.class;
        case BYTE -> Byte.class;
        case CHAR -> Character.class;
        case SHORT -> Short.class;
        case INT -> Integer.class;
        case LONG -> Long.class;
        case FLOAT -> Float.class;
        case DOUBLE -> Double.class;
    }).toArray(Class<?>[]::new);
    /** The class of a captured primitive array, by its element's {@link ScalarType} ordinal. */
    private static final Class<?>[] ARRAY_CLASSES = Arrays.stream(ScalarType.values()).map(t -> switch (t) {
        case BOOLEAN -> boolean[].class;
        case BYTE -> byte[].class;
        case CHAR -> char[].class;
        case SHORT -> short[].class;
        case INT -> int[].class;
        case LONG -> long[].class;
        case FLOAT -> float[].class;
        case DOUBLE -> double[].class;
    }).toArray(Class<?>[]::new);

    /** The shape of an accessor (a device array's too), by element, dimensions and mode ({@link #accessorShape}). */
    private static final Capture.Accessor[] ACCESSORS = new Capture.Accessor[ScalarType.values().length * 3
            * io.jsycl.lowering.AccessMode.values().length];
    /** The shape of local memory, by element and dimensions ({@link #localShape}). */
    private static final Capture.Local[] LOCALS = new Capture.Local[ScalarType.values().length * 3];

    static {
        for (ScalarType t : ScalarType.values()) {
            for (int dims = 1; dims <= 3; dims++) {
                LOCALS[t.ordinal() * 3 + dims - 1] = new Capture.Local(t, dims);
                for (io.jsycl.lowering.AccessMode m : io.jsycl.lowering.AccessMode.values()) {
                    ACCESSORS[accessorIndex(t, dims, m)] = new Capture.Accessor(t, dims, m);
                }
            }
        }
    }

    private static int accessorIndex(ScalarType element, int dims, io.jsycl.lowering.AccessMode mode) {
        return (element.ordinal() * 3 + dims - 1) * io.jsycl.lowering.AccessMode.values().length + mode.ordinal();
    }

    /**
     * The shape of accessor {@code a} of {@code storage}: one instance per element, dimensions and mode, or a record
     * accessor's (made each time) for a buffer of records. What a first submit keys its lowering by and a repeated one
     * compares with the last lowering's ({@link #rebind}).
     */
    private static Capture accessorShape(BufferStorage storage, Accessor<?> a) {
        var mode = LOWERING_MODES[a.mode().ordinal()];
        int dims = a.range().dimensions();
        if (storage.codec instanceof RecordCodec records) {
            return new Capture.RecordAccessor(records.internalName(), records.fields, dims, mode);
        }
        return ACCESSORS[accessorIndex(storage.kind.scalar, dims, mode)];
    }

    /** The shape of device array {@code array}: a one-dimensional accessor that reads and writes. */
    private static Capture.Accessor deviceArrayShape(DeviceArrayImpl array) {
        return ACCESSORS[accessorIndex(array.kind().scalar, 1, io.jsycl.lowering.AccessMode.READ_WRITE)];
    }

    /** The shape of local memory {@code local}, bound with its range. */
    private static Capture.Local localShape(BoundCapture.Local local) {
        return LOCALS[local.local().kind().scalar.ordinal() * 3 + local.range().dimensions() - 1];
    }

    private static Captured capture(LambdaShape lambda, int index, Object value, CaptureCheck check) {
        return switch (value) {
            case Accessor<?> a -> {
                BufferStorage storage = API.storage(a);
                var bound = bindAccessor(lambda, a, storage, check);
                yield new Captured(accessorShape(storage, a), bound);
            }
            case DeviceArray<?> d -> {
                var bound = bindDeviceArray(lambda, d, check);
                yield new Captured(deviceArrayShape(bound.array()), bound);
            }
            case LocalAccessor<?> l -> {
                var bound = bindLocal(lambda, l, check);
                yield new Captured(localShape(bound), bound);
            }
            case Record r -> recordCapture(lambda, index, r, check);
            case boolean[] a -> plain(ARRAYS[ScalarType.BOOLEAN.ordinal()], a);
            case byte[] a -> plain(ARRAYS[ScalarType.BYTE.ordinal()], a);
            case char[] a -> plain(ARRAYS[ScalarType.CHAR.ordinal()], a);
            case short[] a -> plain(ARRAYS[ScalarType.SHORT.ordinal()], a);
            case int[] a -> plain(ARRAYS[ScalarType.INT.ordinal()], a);
            case long[] a -> plain(ARRAYS[ScalarType.LONG.ordinal()], a);
            case float[] a -> plain(ARRAYS[ScalarType.FLOAT.ordinal()], a);
            case double[] a -> plain(ARRAYS[ScalarType.DOUBLE.ordinal()], a);
            case Integer v -> plain(SCALARS[ScalarType.INT.ordinal()], v);
            case Long v -> plain(SCALARS[ScalarType.LONG.ordinal()], v);
            case Float v -> plain(SCALARS[ScalarType.FLOAT.ordinal()], v);
            case Double v -> plain(SCALARS[ScalarType.DOUBLE.ordinal()], v);
            case Short v -> plain(SCALARS[ScalarType.SHORT.ordinal()], v);
            case Byte v -> plain(SCALARS[ScalarType.BYTE.ordinal()], v);
            case Character v -> plain(SCALARS[ScalarType.CHAR.ordinal()], v);
            case Boolean v -> plain(SCALARS[ScalarType.BOOLEAN.ordinal()], v);
            // After the primitives: the usual captures are tested first on every submit.
            case Serializable f when f.getClass().isHidden() && SerializedLambdas.isLambda(f) ->
                    functionCapture(lambda, index, f, check);
            case null -> throw unsupportedCapture(lambda, index, null);
            default -> throw unsupportedCapture(lambda, index, value.getClass());
        };
    }

    /**
     * Each captured value bound, where each has the shape {@code shapes} gives it (the captures of the lowering the
     * lambda class found last), made as {@link #capture} makes them, else null. A repeated submit finds its lowering so, without making its captures'
     * shapes and comparing them as a key. Records and function objects, whose shapes are made in full, give null:
     * the caller then looks the lowering up by the shapes {@link #capture} makes. Checks each value as
     * {@link #capture} does.
     */
    private static BoundCapture[] rebind(LambdaShape lambda, Object[] captured, Capture[] shapes, CaptureCheck check) {
        if (captured.length != shapes.length) {
            return null;
        }
        var bound = new BoundCapture[captured.length];
        for (int i = 0; i < captured.length; i++) {
            Object value = captured[i];
            BoundCapture b = switch (shapes[i]) {
                case Capture.Scalar s -> value != null && value.getClass() == BOXES[s.type().ordinal()]
                        ? new BoundCapture.Value(value) : null;
                case Capture.Accessor s when value instanceof Accessor<?> a -> {
                    BufferStorage storage = API.storage(a);
                    yield s.equals(accessorShape(storage, a)) ? bindAccessor(lambda, a, storage, check) : null;
                }
                case Capture.Accessor s when value instanceof DeviceArray<?> d -> {
                    var array = bindDeviceArray(lambda, d, check);
                    yield s.equals(deviceArrayShape(array.array())) ? array : null;
                }
                case Capture.Local s when value instanceof LocalAccessor<?> l -> {
                    var local = bindLocal(lambda, l, check);
                    yield s.equals(localShape(local)) ? local : null;
                }
                case Capture.Array s -> value != null && value.getClass() == ARRAY_CLASSES[s.element().ordinal()]
                        ? new BoundCapture.Value(value) : null;
                default -> null;
            };
            if (b == null) {
                return null;
            }
            bound[i] = b;
        }
        return bound;
    }

    /** Accessor {@code a} of {@code storage} bound, once it is checked to be the command group's. */
    private static BoundCapture.Accessor bindAccessor(LambdaShape lambda, Accessor<?> a, BufferStorage storage,
            CaptureCheck check) {
        if (check.requirements().get(storage) == null) {
            throw new SyclException("kernel " + lambda.described() + ": captures an accessor of " + storage
                    + " that was requested in another command group; request accessors inside the command"
                    + " group that runs the kernel (buf.read(h) in the submit lambda)");
        }
        Range range = a.range();
        var offset = new int[range.dimensions()];
        for (int d = 0; d < offset.length; d++) {
            offset[d] = API.offset(a, d);
        }
        return new BoundCapture.Accessor(storage, range, offset);
    }

    /** Device array {@code d} bound, once it is checked to be open and of the queue's context and device. */
    private static BoundCapture.DeviceArray bindDeviceArray(LambdaShape lambda, DeviceArray<?> d, CaptureCheck check) {
        DeviceArrayImpl array = API.impl(d);
        array.requireOpen();
        if (array.context() != check.context() || array.device() != check.device()) {
            throw new SyclException("kernel " + lambda.described() + ": captures " + array + ", which belongs to"
                    + " another context or device than " + check.queue() + "; allocate it with that queue");
        }
        return new BoundCapture.DeviceArray(array);
    }

    /** Local accessor {@code l} bound, once it is checked to be made in the command group. */
    private static BoundCapture.Local bindLocal(LambdaShape lambda, LocalAccessor<?> l, CaptureCheck check) {
        LocalAccessorImpl local = API.impl(l);
        if (!check.locals().contains(local)) {
            throw new SyclException("kernel " + lambda.described() + ": captures local memory made in another"
                    + " command group; make LocalAccessors inside the command group that runs the kernel");
        }
        return new BoundCapture.Local(local, l.range());
    }

    private static Captured plain(Capture shape, Object value) {
        return new Captured(shape, new BoundCapture.Value(value));
    }

    /** A captured record, walked component by component (records may nest and hold accessors). */
    private static Captured recordCapture(LambdaShape lambda, int index, Record r, CaptureCheck check) {
        Object[] values = RecordPaths.components(r);
        var bound = new BoundCapture[values.length];
        List<Capture> components = components(lambda, index, values, check, bound);
        return new Captured(new Capture.Record(r.getClass().getName().replace('.', '/'), components),
                new BoundCapture.Record(bound));
    }

    /**
     * The shapes of the values inside captured value {@code index} (a record's components, a function object's
     * captures), each bound into {@code bound} at its position.
     */
    private static List<Capture> components(LambdaShape lambda, int index, Object[] values, CaptureCheck check,
            BoundCapture[] bound) {
        var components = new java.util.ArrayList<Capture>(values.length);
        for (int i = 0; i < values.length; i++) {
            Captured c = capture(lambda, index, values[i], check);
            components.add(c.shape());
            bound[i] = c.bound();
        }
        return components;
    }

    /**
     * A captured function object (a serializable lambda or method reference the kernel calls), its captured values
     * walked like a record's components.
     */
    private static Captured functionCapture(LambdaShape lambda, int index, Object function, CaptureCheck check) {
        LambdaClass functionClass = LAMBDAS.get(function.getClass());
        LambdaShape shape = functionClass.shape(function);
        FunctionShape fn = functionClass.function(function);
        if (!fn.staticImpl()) {
            throw unsupportedCapture(lambda, index, function.getClass(), "it calls " + shape.kernelName()
                    + ", an instance method: a method reference to one, or a lambda that uses 'this' (an instance field"
                    + " or method); write it as a lambda that uses only its parameters and local variables it"
                    + " captures (copy a field into a local variable first), or a reference to a static method");
        }
        Object[] values = shape.captured(function);
        var bound = new BoundCapture[values.length];
        List<Capture> components = components(lambda, index, values, check, bound);
        return new Captured(new Capture.Function(fn.interfaceName(), fn.method(), fn.methodDescriptor(),
                shape.implClass(), shape.implMethod(), shape.implDescriptor(), fn.staticImpl(), components),
                new BoundCapture.Record(bound));
    }

    /** A type as its source writes it: {@code Mist.Point[]}, not {@code app.Mist$Point[]}; JDK types in full. */
    private static String sourceName(Class<?> type) {
        String canonical = type.getCanonicalName();
        if (canonical == null) {
            return type.getTypeName();
        }
        String pkg = type.getPackageName();
        return pkg.isEmpty() || pkg.startsWith("java.") ? canonical : canonical.substring(pkg.length() + 1);
    }

    /**
     * Captured value {@code index}, of class {@code actual} (null for a null), has no kernel argument: the error names
     * the kernel, where it starts, the variable (by name where the class file records it), its type as declared and what to capture instead.
     */
    private static KernelLoweringException unsupportedCapture(LambdaShape lambda, int index, Class<?> actual) {
        return unsupportedCapture(lambda, index, actual, null);
    }

    /** As {@link #unsupportedCapture(LambdaShape, int, Class)}, with the given advice where not null. */
    private static KernelLoweringException unsupportedCapture(LambdaShape lambda, int index, Class<?> actual,
            String givenAdvice) {
        String kernel = lambda.kernelName();
        String location = lambda.location();
        Class<?> declared = lambda.declaredCapture(index);
        String type = actual == null ? "null" : actual.isHidden() && declared != null ? sourceName(declared)
                + " (a lambda)" : declared == null || declared == actual || declared == Object.class
                ? sourceName(actual) : sourceName(declared) + " (" + sourceName(actual) + ")";
        type = type.equals("null") ? type : (type.matches("[aeiou].*") ? "an " : "a ") + type;
        String name = KernelLowerer.capturedName(lambda.loader(), lambda.implClass(), lambda.implMethod(),
                lambda.implDescriptor(), index);
        String advice;
        if (givenAdvice != null) {
            advice = givenAdvice;
        } else if (actual != null && actual.isArray() && actual.getComponentType().isRecord()) {
            advice = "an array of records reaches a kernel through a buffer: make one with Buffer.of("
                    + (name != null ? name : "array") + ") before the submit and capture its accessor (buf.read(h) in"
                    + " the command group) in place of the array";
        } else if (actual != null && (actual.isArray() || Iterable.class.isAssignableFrom(actual)
                || Map.class.isAssignableFrom(actual))) {
            advice = "kernels capture only one-dimensional primitive arrays (read-only); pass arrays through a Buffer:"
                    + " copy the elements into a primitive array, Buffer.of(array), and request an accessor with"
                    + " buf.read(h) in the command group";
        } else if (actual != null && HostArray.class.isAssignableFrom(actual)) {
            advice = "a HostArray is host memory: wrap it in a buffer (Buffer.of(hostArray), whose transfers are DMA"
                    + " from and into it) and capture the buffer's accessor, or copy it into a DeviceArray with"
                    + " q.copy(hostArray, deviceArray)";
        } else if (actual != null && actual.isHidden() && actual.getInterfaces().length > 0) {
            advice = "a kernel calls a captured lambda only if it is Serializable, as jsycl reads its bytecode: declare"
                    + " it with one of io.jsycl.Functions' interfaces (FloatPredicate, IntUnaryOp...) or Reduction's"
                    + " operators, or cast it to an intersection such as (IntPredicate & Serializable)";
        } else if (actual == String.class) {
            advice = "kernels have no strings; compute what the kernel needs before the lambda (a length, a char[])"
                    + " and capture that";
        } else {
            advice = "capture primitives, primitive arrays, records of those, accessors and local accessors (copy a"
                    + " field into a local variable before the lambda, request buffers with buf.read(h))";
        }
        String what = name != null ? "captured variable '" + name + "'" : "captured value " + index;
        String message = "kernel " + kernel + " (" + location + "): " + what + " is " + type
                + ", which a kernel cannot use; " + advice;
        String construct = "capture of " + (actual == null ? "null" : actual.getTypeName());
        return new KernelLoweringException(message, kernel, LambdaShape.sourceFile(location), LambdaShape.line(location),
                construct, null);
    }
}
