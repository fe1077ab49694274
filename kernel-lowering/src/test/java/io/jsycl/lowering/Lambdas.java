package io.jsycl.lowering;

import io.jsycl.ItemKernel;
import io.jsycl.TaskKernel;
import io.jsycl.WideAccess;
import java.io.IOException;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Turns test lambdas into {@link KernelRequest}s the way the runtime does. */
final class Lambdas {
    private Lambdas() {
    }

    static LoweredKernel lower(int dims, ItemKernel k) {
        return KernelLowerer.lower(request(k, KernelShape.ITEM, dims));
    }

    static LoweredKernel lowerNd(int dims, io.jsycl.NdItemKernel k) {
        return KernelLowerer.lower(request(k, KernelShape.ND_ITEM, dims));
    }

    static LoweredKernel lower(TaskKernel k) {
        return KernelLowerer.lower(request(k, KernelShape.TASK, 0));
    }

    static KernelRequest request(Object lambda, KernelShape shape, int dims) {
        return request(lambda, shape, dims, false, null);
    }

    /** A reduction kernel's request; {@code op} is the custom op lambda or {@code null}. */
    static KernelRequest reduction(io.jsycl.ReductionKernel<?> k, ScalarType type, ReductionOp op, Object custom,
            String identity, boolean checked) {
        ReductionSpec spec;
        if (custom != null) {
            SerializedLambda s = serialized(custom);
            spec = new ReductionSpec(type, op, s.getImplClass(), s.getImplMethodName(), s.getImplMethodSignature(), identity);
        } else {
            spec = new ReductionSpec(type, op, null, null, null, identity);
        }
        return request(k, KernelShape.REDUCTION, 1, checked, spec);
    }

    static KernelRequest request(Object lambda, KernelShape shape, int dims, boolean checked, ReductionSpec reduction) {
        return requestWith(lambda, shape, dims, checked, reduction == null ? List.of() : List.of(reduction));
    }

    /** A request for {@code lambda} with {@code reductions}, one per reducer parameter, in order. */
    static KernelRequest requestWith(Object lambda, KernelShape shape, int dims, boolean checked,
            List<ReductionSpec> reductions) {
        SerializedLambda s = serialized(lambda);
        List<Capture> captures = new ArrayList<>();
        // A lambda using 'this' captures it first; it is the receiver, not a kernel capture.
        int first = s.getImplMethodKind() == java.lang.invoke.MethodHandleInfo.REF_invokeStatic ? 0 : 1;
        for (int i = first; i < s.getCapturedArgCount(); i++) {
            captures.add(capture(s.getCapturedArg(i)));
        }
        return new KernelRequest(lambda.getClass().getClassLoader(), s.getImplClass(), s.getImplMethodName(),
                s.getImplMethodSignature(), shape, dims, captures, checked, reductions);
    }

    private static SerializedLambda serialized(Object lambda) {
        try {
            Method m = lambda.getClass().getDeclaredMethod("writeReplace");
            m.setAccessible(true);
            return (SerializedLambda) m.invoke(lambda);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static Capture capture(Object v) {
        Capture face = Faces.captureOf(v);
        if (face != null) {
            return face;
        }
        if (v instanceof Record r) {
            List<Capture> components = new ArrayList<>();
            for (java.lang.reflect.RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    Method m = c.getAccessor();
                    m.setAccessible(true);
                    components.add(capture(m.invoke(r)));
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
            return new Capture.Record(r.getClass().getName().replace('.', '/'), components);
        }
        if (v.getClass().isArray()) {
            return new Capture.Array(ScalarType.ofDescriptor(v.getClass().getComponentType().descriptorString()));
        }
        return switch (v) {
            case Boolean b -> new Capture.Scalar(ScalarType.BOOLEAN);
            case Byte b -> new Capture.Scalar(ScalarType.BYTE);
            case Character c -> new Capture.Scalar(ScalarType.CHAR);
            case Short s -> new Capture.Scalar(ScalarType.SHORT);
            case Integer i -> new Capture.Scalar(ScalarType.INT);
            case Long l -> new Capture.Scalar(ScalarType.LONG);
            case Float f -> new Capture.Scalar(ScalarType.FLOAT);
            case Double d -> new Capture.Scalar(ScalarType.DOUBLE);
            default -> throw new AssertionError("not a capture the tests know: " + v);
        };
    }

    /**
     * A custom reduction's operation, as the runtime's {@code Reduction.IntOp} is: a serializable lambda whose
     * bytecode the lowering reads.
     */
    @FunctionalInterface
    interface IntOp extends java.io.Serializable {
        int apply(int a, int b);
    }

    /**
     * The internal names of the classes of package {@code io.jsycl} in kernel-api's jar (or classes folder), where
     * the tests find the API.
     */
    static List<String> apiClasses() throws Exception {
        Path where = Path.of(io.jsycl.Item.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(where)) {
            try (java.util.stream.Stream<Path> s = Files.list(where.resolve("io/jsycl"))) {
                s.map(p -> "io/jsycl/" + p.getFileName()).forEach(names::add);
            }
        } else {
            try (java.util.jar.JarFile jar = new java.util.jar.JarFile(where.toFile())) {
                jar.stream().map(e -> e.getName()).forEach(names::add);
            }
        }
        return names.stream().filter(n -> n.startsWith("io/jsycl/") && n.endsWith(".class")
                && n.indexOf('/', "io/jsycl/".length()) < 0).map(n -> n.substring(0, n.length() - ".class".length()))
                .sorted().toList();
    }

    /** The line of the caller: put it on the same line as the construct under test. */
    static int here() {
        return StackWalker.getInstance().walk(f -> f.skip(1).findFirst().orElseThrow().getLineNumber());
    }

    static WideAccess.OfFloat floats(int dims, String mode) {
        return Faces.accessor(WideAccess.OfFloat.class, dims, mode);
    }

    /** A clang able to check OpenCL C, or {@code null}. */
    static String clang() {
        for (String c : List.of(System.getProperty("jsycl.clang", ""), "/usr/lib/llvm-15/bin/clang", "/usr/bin/clang")) {
            if (!c.isEmpty() && Files.isExecutable(Path.of(c))) {
                return c;
            }
        }
        return null;
    }

    /** Compiles the source with clang as OpenCL C 1.2; returns the diagnostics, empty if none. */
    static String clangCheck(String clang, String source) throws IOException, InterruptedException {
        return clangCheck(clang, source, "CL1.2");
    }

    /** Compiles the source with clang as OpenCL C {@code std} ({@code CL3.0} ...); returns the diagnostics. */
    static String clangCheck(String clang, String source, String std) throws IOException, InterruptedException {
        return clangCheck(clang, source, std, List.of());
    }

    /**
     * Compiles the source with clang as OpenCL C {@code std} with {@code options} (a program variant's
     * {@code -DJSYCL_...}); returns the diagnostics, empty if none.
     */
    static String clangCheck(String clang, String source, String std, List<String> options)
            throws IOException, InterruptedException {
        Path file = Files.createTempFile("jsycl", ".cl");
        try {
            Files.writeString(file, source);
            var command = new ArrayList<>(List.of(clang, "-x", "cl", "-cl-std=" + std, "-Xclang",
                    "-finclude-default-header", "-fsyntax-only", "-Werror", "-Wno-unused-label", "-Wno-unused-value"));
            command.addAll(options);
            command.add(file.toString());
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor(60, TimeUnit.SECONDS);
            return p.exitValue() == 0 ? "" : out;
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
