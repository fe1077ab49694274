package io.jsycl.lowering;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Lowers a kernel lambda's implementation method to an OpenCL C kernel.
 *
 * <p>The generated kernel keeps Java semantics: {@code int}/{@code long} arithmetic wraps,
 * shifts mask their count, {@code >>>} is unsigned, float-to-integer casts saturate and map
 * NaN to 0, int-to-float conversions round to nearest, float comparisons with NaN behave as in
 * Java, {@code Math.min}/{@code max}/{@code round} follow Java, and floating-point
 * contraction is off. Where Java throws, the device cannot, so the result is defined instead:
 * integer {@code x / 0} is 0 and {@code x % 0} is 0 ({@code MIN_VALUE / -1} is
 * {@code MIN_VALUE} and {@code % -1} is 0, as in Java). Accessor indexes are not
 * bounds-checked unless the request is checked.
 *
 * <p>Supported: primitives of all eight types, locals, arithmetic, comparisons and casts;
 * {@code if}/{@code else}, loops, {@code break}/{@code continue} (also labeled), {@code switch},
 * {@code &&}/{@code ||} and the ternary operator; captured primitives and accessors
 * ({@code get}/{@code set} in 1 to 3 dimensions, {@code size()}, and on int/long/float
 * accessors the atomics); local accessors ({@code __local} memory, same operations); captured
 * records (a C struct per record, nested for nested records; component accessors become field
 * reads; accessors, local accessors and arrays inside records work like top-level ones);
 * captured primitive arrays (read-only, {@code .length}); {@code Item} and {@code NdItem}
 * queries and {@code barrier()}/{@code barrier(Fence)}; reductions ({@link KernelShape#REDUCTION},
 * see {@link Reductions}); specialization constants ({@code SpecConstant.get()}, see
 * {@link SpecConstants}); {@code java.lang.Math}/{@code StrictMath}; the bit operations of
 * {@code Integer}/{@code Long} and the bit conversions of {@code Float}/{@code Double};
 * {@code io.jsycl.Builtins}; boxing of locals; {@code static final} primitive constants; static
 * methods of any class, lowered as device functions (accessors, local accessors, arrays and
 * records may be passed; no recursion); accessors of records ({@code Accessor$OfRecord}: an
 * array of C structs, see {@link RecordType}) with {@code acc.get(i).x()} (one load),
 * {@code acc.get(i)} as a struct value and {@code acc.set(i, r)}; records of primitives as values
 * (read from such an accessor or built with {@code new P(a, b)}, whose canonical constructor must
 * only assign its parameters), kept in locals, passed to and returned from device functions.
 * Constructing any other record inside a kernel is rejected.
 * Anything else throws {@link LoweringException}.
 *
 * <p>Checked mode ({@link KernelRequest#checked()}) checks accessor, local accessor and array
 * indexes and integer division by zero on the device and reports the first failure through
 * {@link ArgRole#CHECK_BUFFER}. The failing work-item does not return: it skips the bad store,
 * reads a safe value, divides by 1, and goes on along the same path, so every work-item of its
 * group still reaches every barrier and group operation ({@link Checks}).
 *
 * <p>Single-precision division and {@code Math.sqrt} are correctly rounded only if the program
 * is built with {@code -cl-fp32-correctly-rounded-divide-sqrt}.
 *
 * <p>Every definition in the source (accessor structs, helpers, device functions, the kernel)
 * sits in an {@code #ifndef} guard, so the sources of several kernels can be concatenated into
 * one program.
 */
public final class KernelLowerer {
    private KernelLowerer() {
    }

    /**
     * Where a kernel lambda's body starts, as the lowering's messages name it: {@code File.java:line} (the first line
     * of its implementation method), {@code File.java} where the class has no line numbers, or
     * {@code "unknown source"}.
     *
     * @param loader the loader of the lambda's class
     * @param implClass the implementation class, internal name
     * @param implMethod the implementation method
     * @param implDescriptor its descriptor
     * @return the location; never null
     */
    public static String sourceLocation(ClassLoader loader, String implClass, String implMethod, String implDescriptor) {
        ClassNode cls = new KernelContext("", loader, KernelShape.ITEM, 1, false, List.of()).classNode(implClass);
        if (cls == null || cls.sourceFile == null) {
            return "unknown source";
        }
        MethodNode m = method(cls, implMethod, implDescriptor);
        if (m != null) {
            for (var insn : m.instructions) {
                if (insn instanceof LineNumberNode line) {
                    return cls.sourceFile + ":" + line.line;
                }
            }
        }
        return cls.sourceFile;
    }

    /** The method {@code name}{@code desc} of {@code cls}, or null. */
    static MethodNode method(ClassNode cls, String name, String desc) {
        for (MethodNode m : cls.methods) {
            if (m.name.equals(name) && m.desc.equals(desc)) {
                return m;
            }
        }
        return null;
    }

    /**
     * The name in the source of the variable a lambda captured as its value {@code index}: the implementation
     * method's parameter name, as the class file records it (javac names a lambda's parameters for captured locals
     * after them where it compiles with debug information, Maven's default), or null where it records none.
     *
     * @param loader the class loader of the lambda's class
     * @param implClass internal name of the implementation class
     * @param implMethod the implementation method's name
     * @param implDescriptor its descriptor
     * @param index the captured value's position, the first being 0 (a static implementation method's parameters)
     * @return the variable's name, or null
     */
    public static String capturedName(ClassLoader loader, String implClass, String implMethod, String implDescriptor,
            int index) {
        ClassNode cls = new KernelContext("", loader, KernelShape.ITEM, 1, false, List.of()).classNode(implClass);
        MethodNode m = cls == null ? null : method(cls, implMethod, implDescriptor);
        if (m == null || index >= Type.getArgumentTypes(m.desc).length) {
            return null;
        }
        return LocalNames.javaParamName(m, LocalNames.paramSlot(m, index), index);
    }

    /**
     * Lowers one kernel.
     *
     * @param request the kernel lambda's implementation method, shape and captures
     * @return the OpenCL C source, kernel name and argument plan
     * @throws NullPointerException if {@code request} is null
     * @throws LoweringException if the kernel uses a construct that cannot run on a device
     * @throws IllegalArgumentException if the request does not match the implementation method
     */
    public static LoweredKernel lower(KernelRequest request) {
        Objects.requireNonNull(request, "request");
        String simpleClass = request.implClass().substring(request.implClass().lastIndexOf('/') + 1);
        KernelContext ctx = new KernelContext(simpleClass + "." + request.implMethod(), request.loader(),
                request.shape(), request.dimensions(), request.checked(), request.reductions());
        ClassNode cls = ctx.classNode(request.implClass());
        if (cls == null) {
            throw new IllegalArgumentException("class file not found: " + request.implClass() + ".class");
        }
        MethodNode method = method(cls, request.implMethod(), request.implDescriptor());
        if (method == null) {
            throw new IllegalArgumentException("method not found: " + request.implClass() + "." + request.implMethod()
                    + request.implDescriptor());
        }
        if ((method.access & Opcodes.ACC_STATIC) == 0) {
            throw ctx.error(cls, -1, "a kernel lambda that uses 'this'",
                    "cannot be lowered; capture the fields you need in local variables before the kernel");
        }
        String name = mangle(request.implClass()) + "__" + mangle(request.implMethod());
        List<MethodTranslator.Param> params = new ArrayList<>();
        List<String> names = new ArrayList<>();
        Type[] types = Type.getArgumentTypes(method.desc);
        int trailing = switch (request.shape()) {
            case TASK -> 0;
            default -> 1 + request.reductions().size(); // the item, then the reducers
        };
        int expected = request.captures().size() + trailing;
        if (types.length != expected) {
            throw new IllegalArgumentException("descriptor " + method.desc + " has " + types.length
                    + " parameters, expected " + expected + " for " + request.captures().size() + " captures");
        }
        CaptureLayout layout = new CaptureLayout(ctx);
        int slot = 0;
        for (int i = 0; i < request.captures().size(); i++) {
            String pname = LocalNames.paramName(method, slot, i);
            names.add(pname);
            Capture c = request.captures().get(i);
            if (!matches(types[i], c)) {
                throw captureMismatch(ctx, cls, method, i, LocalNames.javaParamName(method, slot, i), types[i], c);
            }
            if (c instanceof Capture.Scalar s) {
                params.add(MethodTranslator.Param.value(slot, kind(s.type()), pname));
            } else {
                params.add(MethodTranslator.Param.ref(slot, pname, new AccessorRef(c, "&cap->" + pname, "cap->" + pname + ".")));
            }
            layout.add(i, pname, c);
            slot += types[i].getSize();
        }
        if (request.shape() != KernelShape.TASK) {
            String item = request.shape() == KernelShape.ND_ITEM ? LoweredApi.ND_ITEM : LoweredApi.ITEM;
            Type it = types[request.captures().size()];
            if (!it.getDescriptor().equals("L" + item + ";")) {
                throw new IllegalArgumentException("parameter " + it + " is not " + item);
            }
            params.add(MethodTranslator.Param.ref(slot, "it", new Expr.ItemRef()));
            slot++;
        }
        for (ReducerUse r : ctx.reductions) {
            Type reducer = types[request.captures().size() + 1 + r.index];
            String expectedReducer = "L" + LoweredApi.reducer(r.spec.type()) + ";";
            if (!reducer.getDescriptor().equals(expectedReducer)) {
                throw new IllegalArgumentException("reducer parameter " + (r.index + 1) + " " + reducer + " is not "
                        + expectedReducer);
            }
            params.add(MethodTranslator.Param.ref(slot, r.acc(), new Expr.ReducerRef(r.index)));
            slot++;
            Reductions.prepare(ctx, r);
        }
        MethodTranslator body = new MethodTranslator(ctx, cls, method, params);
        String bodyText = body.translate(1);
        if (request.checked() && request.shape() == KernelShape.ND_ITEM) {
            DivergentBarriers.check(ctx, cls, method, body.convergentAt());
        }
        layout.finish();
        // The item queries that read the range set readsItemRange (Builtins); the code's own text is the backstop, as a
        // kernel that reads a range it was not given would compute with whatever the item's field holds.
        ctx.readsItemRange |= bodyText.contains("it->range[");
        List<KernelArg> args = new ArrayList<>(layout.args);
        int rangeOnlyIn = KernelSourceEmitter.rangeOnlyInVariants(ctx, request, layout);
        for (int d = 0; d < request.dimensions(); d++) {
            args.add(new KernelArg(-1, List.of(), ArgRole.LAUNCH_RANGE, d, ScalarType.INT, 0, rangeOnlyIn));
        }
        // A reduction's output and scratch: their "dimension" is the reduction's position among the kernel's.
        for (ReducerUse r : ctx.reductions) {
            args.add(new KernelArg(-1, ArgRole.REDUCTION_OUTPUT, r.index, r.spec.type()));
            args.add(new KernelArg(-1, ArgRole.REDUCTION_SCRATCH, r.index, r.spec.type()));
        }
        if (ctx.usesGroupScratch) {
            args.add(new KernelArg(-1, ArgRole.GROUP_SCRATCH, 0, ScalarType.LONG));
        }
        if (request.checked()) {
            args.add(new KernelArg(-1, ArgRole.CHECK_BUFFER, 0, ScalarType.INT));
        }
        String source = KernelSourceEmitter.emit(ctx, request, cls, name, names, layout, body.declarations(), bodyText,
                rangeOnlyIn);
        return new LoweredKernel(name, source, args, ctx.usesFp64, List.copyOf(ctx.specConstants.values()),
                ctx.usesBarrier, KernelSourceEmitter.gridStridePossible(ctx, request), ctx.usesVectorAccess,
                request.shape() == KernelShape.ITEM && AccessStrides.strided(cls.name, method, request), ctx.atomicFences);
    }

    private static boolean matches(Type t, Capture c) {
        String name = t.getSort() == Type.OBJECT ? t.getInternalName() : "";
        return switch (c) {
            case Capture.Scalar s -> t.getDescriptor().equals(s.type().descriptor());
            case Capture.Accessor a -> name.equals(LoweredApi.accessor(a.element()))
                    || LoweredApi.isFace(name, LoweredApi.suffix(a.element()))
                    || a.dimensions() == 1 && a.mode() == AccessMode.READ_WRITE
                    && name.equals(LoweredApi.deviceArray(a.element()));
            case Capture.RecordAccessor r -> name.equals(LoweredApi.RECORD_ACCESSOR) || LoweredApi.isFace(name, "Record");
            case Capture.Local l -> name.equals(LoweredApi.localAccessor(l.element()))
                    || LoweredApi.isFace(name, LoweredApi.suffix(l.element()));
            case Capture.Array a -> t.getDescriptor().equals("[" + a.element().descriptor());
            case Capture.Record r -> t.getSort() == Type.OBJECT && t.getInternalName().equals(r.internalName());
            case Capture.Function f -> name.equals(f.interfaceName());
        };
    }

    /**
     * Capture {@code i}, named {@code name} (null where the class file does not say), holds a value of kind
     * {@code c} but the lambda declares it {@code declared}: a boxed primitive (an {@code Integer} captured as such),
     * or a value behind a wider type ({@code Object o = new int[4]}). Neither has a kernel argument of its own.
     */
    private static LoweringException captureMismatch(KernelContext ctx, ClassNode cls, MethodNode method, int i,
            String name, Type declared, Capture c) {
        String variable = name == null ? "boxed" : name;
        String capture = "captured value " + i + (name == null ? "" : " (" + name + ")");
        String primitive = c instanceof Capture.Scalar ? unboxed(declared) : null;
        if (primitive != null) {
            String article = primitive.equals("int") ? "an " : "a ";
            return ctx.error(cls, firstLine(method), capture, "is a " + declared.getClassName() + " (a boxed " + primitive
                    + "), which a kernel cannot use; capture " + article + primitive + ": " + primitive + " n = "
                    + variable + "; before the lambda, and use n in the kernel");
        }
        return ctx.error(cls, firstLine(method), capture, "is declared " + declared.getClassName() + " but holds "
                + (javaType(c).matches("[aeiou].*") ? "an " : "a ") + javaType(c) + ", which a kernel cannot use through that type; declare the captured variable as "
                + javaType(c));
    }

    /** The primitive a box type holds ({@code "int"} for {@code java.lang.Integer}), or null if not a box. */
    private static String unboxed(Type t) {
        return switch (t.getDescriptor()) {
            case "Ljava/lang/Integer;" -> "int";
            case "Ljava/lang/Long;" -> "long";
            case "Ljava/lang/Float;" -> "float";
            case "Ljava/lang/Double;" -> "double";
            case "Ljava/lang/Short;" -> "short";
            case "Ljava/lang/Byte;" -> "byte";
            case "Ljava/lang/Character;" -> "char";
            case "Ljava/lang/Boolean;" -> "boolean";
            default -> null;
        };
    }

    /** A capture as Java names its type, for messages: {@code int}, {@code float[]}, {@code my.Params}. */
    private static String javaType(Capture c) {
        return switch (c) {
            case Capture.Scalar s -> Type.getType(s.type().descriptor()).getClassName();
            case Capture.Array a -> Type.getType(a.element().descriptor()).getClassName() + "[]";
            case Capture.Record r -> Type.getObjectType(r.internalName()).getClassName();
            case Capture.Function f -> Type.getObjectType(f.interfaceName()).getClassName();
            case Capture.Accessor a -> Type.getObjectType(LoweredApi.accessor(a.element())).getClassName();
            case Capture.RecordAccessor r -> Type.getObjectType(LoweredApi.RECORD_ACCESSOR).getClassName();
            case Capture.Local l -> Type.getObjectType(LoweredApi.localAccessor(l.element())).getClassName();
        };
    }

    /** The first source line of {@code method}, or -1 where the class file has no line numbers. */
    private static int firstLine(MethodNode method) {
        for (var insn : method.instructions) {
            if (insn instanceof LineNumberNode line) {
                return line.line;
            }
        }
        return -1;
    }

    static char kind(ScalarType t) {
        return switch (t) {
            case LONG -> 'J';
            case FLOAT -> 'F';
            case DOUBLE -> 'D';
            default -> 'I';
        };
    }

    /** A Java name made a C identifier: every character outside {@code [A-Za-z0-9_]} becomes '_'. */
    static String mangle(String javaName) {
        return javaName.replaceAll("[^A-Za-z0-9_]", "_");
    }
}
