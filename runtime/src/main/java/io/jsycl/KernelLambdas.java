package io.jsycl;

import io.jsycl.lowering.Capture;
import io.jsycl.lowering.KernelRequest;
import io.jsycl.lowering.KernelShape;
import io.jsycl.lowering.LoweredKernel;
import io.jsycl.lowering.LoweringException;
import io.jsycl.lowering.ScalarType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads a kernel lambda's identity and captured values, and lowers it to OpenCL C once per lambda
 * class and capture shape. A lambda's {@code writeReplace} gives its {@link SerializedLambda}
 * (kernel interfaces are {@code Serializable}).
 */
final class KernelLambdas {
    private KernelLambdas() {
    }

    /** A kernel lambda seen at one submit: its lowering and its captured values. */
    record Kernel(LoweredKernel lowered, Object[] captured) {
    }

    private record LoweringKey(KernelShape shape, int dimensions, List<Capture> captures) {
    }

    private static final ClassValue<Method> WRITE_REPLACE = new ClassValue<>() {
        @Override
        protected Method computeValue(Class<?> type) {
            try {
                Method m = type.getDeclaredMethod("writeReplace");
                m.setAccessible(true);
                return m;
            } catch (NoSuchMethodException e) {
                return null;
            } catch (InaccessibleObjectException e) {
                throw new SyclException("cannot read kernel " + type.getName() + ": open its package to module "
                        + "io.jsycl.runtime (module-info: opens " + type.getPackageName() + " to io.jsycl.runtime)", e);
            }
        }
    };

    private static final ClassValue<Map<LoweringKey, Object>> LOWERED = new ClassValue<>() {
        @Override
        protected Map<LoweringKey, Object> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    /**
     * Lowers {@code kernel} (or finds its lowering) for a launch of {@code dimensions} (0 for a
     * single task), checking its captures against the command group's accessors.
     */
    static Kernel lower(Object kernel, KernelShape shape, int dimensions, Handler handler) {
        SerializedLambda lambda = serialized(kernel);
        Object[] captured = new Object[lambda.getCapturedArgCount()];
        var captures = new ArrayList<Capture>(captured.length);
        for (int i = 0; i < captured.length; i++) {
            captured[i] = lambda.getCapturedArg(i);
            captures.add(capture(lambda, i, captured[i], handler));
        }
        var key = new LoweringKey(shape, dimensions, List.copyOf(captures));
        Object result = LOWERED.get(kernel.getClass()).computeIfAbsent(key, k -> lowerOrFailure(kernel, lambda, k));
        if (result instanceof KernelLoweringException failure) {
            throw failure;
        }
        return new Kernel((LoweredKernel) result, captured);
    }

    private static Object lowerOrFailure(Object kernel, SerializedLambda lambda, LoweringKey key) {
        var request = new KernelRequest(kernel.getClass().getClassLoader(), lambda.getImplClass(),
                lambda.getImplMethodName(), lambda.getImplMethodSignature(), key.shape(), key.dimensions(),
                key.captures());
        try {
            LoweredKernel lowered = LoweringCache.instance().lower(request);
            dump(lowered);
            return lowered;
        } catch (LoweringException e) {
            return new KernelLoweringException(e.getMessage(), e.kernel(), e.sourceFile(), e.line(), e.construct(), e);
        }
    }

    private static void dump(LoweredKernel lowered) {
        Path dir = Config.dumpKernelsDir();
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

    private static SerializedLambda serialized(Object kernel) {
        Method writeReplace = WRITE_REPLACE.get(kernel.getClass());
        if (writeReplace == null) {
            throw new SyclException("kernel " + kernel.getClass().getName() + " is not a lambda: jsycl lowers kernels "
                    + "from a lambda's bytecode; write the kernel as a lambda (it -> ...) or a method reference");
        }
        try {
            if (writeReplace.invoke(kernel) instanceof SerializedLambda sl) {
                return sl;
            }
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new SyclException("cannot read kernel lambda " + kernel.getClass().getName(), e);
        }
        throw new SyclException("kernel " + kernel.getClass().getName() + " is not a lambda: write it as a lambda");
    }

    private static Capture capture(SerializedLambda lambda, int index, Object value, Handler handler) {
        return switch (value) {
            case Accessor<?> a -> {
                AccessMode requested = handler.requirements().get(a.storage);
                if (requested == null) {
                    throw new SyclException("kernel " + kernelName(lambda) + " captures an accessor of " + a.storage
                            + " that was requested in another command group; request accessors inside the command"
                            + " group that runs the kernel (buf.read(h) in the submit lambda)");
                }
                yield new Capture.Accessor(a.storage.kind.scalar, a.range().dimensions(),
                        io.jsycl.lowering.AccessMode.valueOf(a.mode().name()));
            }
            case Integer v -> new Capture.Scalar(ScalarType.INT);
            case Long v -> new Capture.Scalar(ScalarType.LONG);
            case Float v -> new Capture.Scalar(ScalarType.FLOAT);
            case Double v -> new Capture.Scalar(ScalarType.DOUBLE);
            case Short v -> new Capture.Scalar(ScalarType.SHORT);
            case Byte v -> new Capture.Scalar(ScalarType.BYTE);
            case Character v -> new Capture.Scalar(ScalarType.CHAR);
            case Boolean v -> new Capture.Scalar(ScalarType.BOOLEAN);
            case null -> throw unsupportedCapture(lambda, index, "null");
            default -> throw unsupportedCapture(lambda, index, value.getClass().getName());
        };
    }

    private static KernelLoweringException unsupportedCapture(SerializedLambda lambda, int index, String type) {
        String kernel = kernelName(lambda);
        String message = "kernel " + kernel + ": captured value " + index + " is a " + type
                + ", which a kernel cannot use; capture primitives and accessors (copy a field into a local"
                + " variable before the lambda, request buffers with buf.read(h))";
        return new KernelLoweringException(message, kernel, null, -1, "capture of " + type, null);
    }

    private static String kernelName(SerializedLambda lambda) {
        String cls = lambda.getImplClass();
        return cls.substring(cls.lastIndexOf('/') + 1) + "." + lambda.getImplMethodName();
    }
}
