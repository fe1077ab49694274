package io.jsycl.lowering;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SimpleVerifier;

/**
 * Compiles an nd-range kernel with barriers for the host device into phases, the way OpenCL's CPU drivers run such
 * kernels: the kernel lambda's body (bytecode) becomes a method that runs one work-item from one barrier to the next
 * and returns which barrier it stopped at, saving its live locals in arrays of its own. The host device then runs
 * every work-item of a group up to the first barrier, all of them on to the next, and so on, on one thread, instead of
 * a virtual thread per work-item parked at every barrier.
 *
 * <p>What it compiles: barriers in the kernel's own body ({@code it.barrier()}, with or without a fence), anywhere (in
 * loops and branches), each a statement of its own; and the work-group operations (reductions, scans, broadcasts,
 * votes: {@code v = it.reduceOverGroup(x, op)}), also inside expressions, whose operands the work-items leave at the
 * split and whose results the host device hands each of them as it resumes (the values under the call in an
 * expression are saved with the locals and pushed back first). It declines (empty) kernels with sub-group operations,
 * with a call of a method that takes the item (a device function that may hold a barrier), with exception handlers,
 * or with a barrier inside an expression; those run on virtual threads.
 *
 * <p>The class it makes, {@code Owner$JsyclPhases$method}, is to be defined in the lambda's class's package, with the
 * private static methods the body calls (device functions) copied in, so that it needs no private access and its
 * frames show the kernel's lines. (A body that uses a private field, an instance method or an {@code invokedynamic}
 * call site of the class is declined.) Its method {@code phases} takes the lambda's parameters
 * (captured values, a captured local accessor used only through {@code get} and {@code set} as its group's array,
 * then the item), the phase to run, and the work-item's saved primitive ({@code long[]}) and
 * reference ({@code Object[]}) locals. It starts with a switch on the phase: phase 0 runs from the body's start,
 * phase k restores the locals saved at barrier k and goes on after it. Barrier k saves every local the verifier types
 * there (primitives as their bits) and returns k; the body's end returns -1. Its method {@code runGroup} implements
 * {@code phased} (an interface {@code void runGroup(Object[] captures, NdItem it, int phase, long[][] prims, Object[][]
 * refs, int[] stoppedAt, IntConsumer moveTo)}): it unboxes the captures once, then runs each work-item of a group,
 * moved to by {@code moveTo}, from {@code phase} to its next stop, which it leaves in {@code stoppedAt}.
 */
public final class HostPhaseCompiler {
    private static final String ND_ITEM = LoweredApi.ND_ITEM;
    /** A split point that is a barrier. */
    public static final int BARRIER = 0;
    /** A split point that is {@code reduceOverGroup}. */
    public static final int REDUCE = 1;
    /** A split point that is {@code inclusiveScanOverGroup}. */
    public static final int INCLUSIVE_SCAN = 2;
    /** A split point that is {@code exclusiveScanOverGroup}. */
    public static final int EXCLUSIVE_SCAN = 3;
    /** A split point that is {@code groupBroadcast}: {@code refs[locals]} holds the source work-item (an Integer). */
    public static final int BROADCAST = 4;
    /** A split point that is {@code anyOfGroup}. */
    public static final int ANY = 5;
    /** A split point that is {@code allOfGroup}. */
    public static final int ALL = 6;
    /** A split point that is {@code noneOfGroup}. */
    public static final int NONE = 7;
    /** A split point that is {@code reduceOverSubGroup}: combined within each sub-group of the work-group. */
    public static final int SUB_REDUCE = 8;
    /** A split point that is {@code inclusiveScanOverSubGroup}. */
    public static final int SUB_INCLUSIVE_SCAN = 9;
    /** A split point that is {@code exclusiveScanOverSubGroup}. */
    public static final int SUB_EXCLUSIVE_SCAN = 10;
    /** A split point that is {@code subGroupBroadcast}: {@code refs[locals]} holds the source lane (an Integer). */
    public static final int SUB_BROADCAST = 11;
    /** A split point that is {@code anyOfSubGroup}. */
    public static final int SUB_ANY = 12;
    /** A split point that is {@code allOfSubGroup}. */
    public static final int SUB_ALL = 13;
    /** A split point that is {@code noneOfSubGroup}. */
    public static final int SUB_NONE = 14;
    /** A split point that is {@code shuffle}: {@code refs[locals]} holds the source lane (an Integer). */
    public static final int SHUFFLE = 15;
    /** A split point that is {@code shuffleXor}: {@code refs[locals]} holds the mask. */
    public static final int SHUFFLE_XOR = 16;
    /** A split point that is {@code shuffleDown}: {@code refs[locals]} holds the distance. */
    public static final int SHUFFLE_DOWN = 17;
    /** A split point that is {@code shuffleUp}: {@code refs[locals]} holds the distance. */
    public static final int SHUFFLE_UP = 18;
    static final List<String> GROUP_ALGORITHMS = List.of("reduceOverGroup", "inclusiveScanOverGroup",
            "exclusiveScanOverGroup", "groupBroadcast", "anyOfGroup", "allOfGroup", "noneOfGroup");
    /** The sub-group operations, in the order of their kinds from {@link #SUB_REDUCE}. */
    static final List<String> SUB_GROUP_ALGORITHMS = List.of("reduceOverSubGroup",
            "inclusiveScanOverSubGroup", "exclusiveScanOverSubGroup", "subGroupBroadcast", "anyOfSubGroup",
            "allOfSubGroup", "noneOfSubGroup", "shuffle", "shuffleXor", "shuffleDown", "shuffleUp");
    /** The item's methods that only tell where the work-item is: any other call on the item declines. */
    private static final java.util.Set<String> ITEM_QUERIES = java.util.Set.of("globalId", "localId", "groupId",
            "globalRange", "localRange", "groupRange", "globalLinearId", "localLinearId", "dimensions",
            "subGroupLocalId", "subGroupId", "subGroupSize", "subGroupMaxSize", "subGroupCount",
            "subGroupsAreWarps");

    /**
     * The compiled class.
     *
     * @param name its binary name (the lambda class's package)
     * @param bytes the class file
     * @param locals how many local slots each work-item saves (its arrays are {@code locals + 2 + stack} long)
     * @param stack the most values under a work-group operation's call that a work-item saves with its locals
     * @param sourceFile the lambda class's source file, or null
     * @param barrierLines the source line of each barrier, barrier k at index k - 1 (-1 where unknown)
     * @param kinds what each barrier is: {@link #BARRIER}, or a work-group algorithm ({@link #REDUCE},
     *        {@link #INCLUSIVE_SCAN}, {@link #EXCLUSIVE_SCAN}, {@link #BROADCAST}, {@link #ANY}, {@link #ALL},
     *        {@link #NONE}) or sub-group operation ({@link #SUB_REDUCE} to {@link #SHUFFLE_UP}, in the order of
     *        {@code SubGroupItem}'s methods), whose operand each work-item leaves at index
     *        {@code locals} of its arrays (its bits in {@code prims}, the {@code GroupOp} in {@code refs}) and whose
     *        result it takes from {@code prims[locals + 1]} (a float's and a double's as a double's bits)
     * @param types each algorithm's value type, a descriptor character ({@code I J F D}, {@code Z} for a vote); ' '
     *        for a barrier
     */
    public record Compiled(String name, byte[] bytes, int locals, int stack, String sourceFile, int[] barrierLines,
            int[] kinds, char[] types) {
    }

    private HostPhaseCompiler() {
    }

    /**
     * Compiles a kernel lambda's body into phases.
     *
     * @param loader reads the lambda's class file
     * @param owner the lambda's class, an internal name (as a {@code SerializedLambda} gives it)
     * @param implMethod the lambda's implementation method
     * @param implDesc its descriptor
     * @param phased the interface the class implements, an internal name
     * @param localArrays the class of the static methods that give a captured local accessor's array for the group being
     *        run ({@code float[] floats(LocalAccessor.OfFloat)}, and {@code ints}, {@code longs}, {@code doubles}), an
     *        internal name
     * @return the class, or empty where the kernel is not one it compiles
     */
    public static Optional<Compiled> compile(ClassLoader loader, String owner, String implMethod, String implDesc,
            String phased, String localArrays) {
        try {
            ClassNode cls = classNode(loader, owner);
            MethodNode m = cls == null ? null : staticBody(cls, implMethod, implDesc);
            if (m == null) {
                return Optional.empty();
            }
            return transform(cls, m, loader, phased, localArrays);
        } catch (IOException | AnalyzerException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The class file of {@code owner} (an internal name), read without its frames; null where the loader has none. */
    static ClassNode classNode(ClassLoader loader, String owner) throws IOException {
        ClassNode cls = new ClassNode();
        try (InputStream in = loader.getResourceAsStream(owner + ".class")) {
            if (in == null) {
                return null;
            }
            new ClassReader(in).accept(cls, ClassReader.SKIP_FRAMES);
        }
        return cls;
    }

    /** The lambda's implementation method where it is static and has no exception handlers, else null. */
    static MethodNode staticBody(ClassNode cls, String implMethod, String implDesc) {
        for (MethodNode candidate : cls.methods) {
            if (candidate.name.equals(implMethod) && candidate.desc.equals(implDesc)) {
                return (candidate.access & Opcodes.ACC_STATIC) == 0 || !candidate.tryCatchBlocks.isEmpty() ? null
                        : candidate;
            }
        }
        return null;
    }

    /** A class writer that computes frames, with {@code loader}'s classes for the common super classes. */
    static ClassWriter classWriter(ClassLoader loader) {
        return new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                try {
                    return super.getCommonSuperClass(a, b);
                } catch (RuntimeException e) {
                    return "java/lang/Object";
                }
            }

            @Override
            protected ClassLoader getClassLoader() {
                return loader;
            }
        };
    }

    /** The local accessor types whose get(i) and set(i, v) become array accesses, and their element types. */
    private static final java.util.Map<String, Type> LOCAL_ARRAYS = java.util.Map.of(
            "io/jsycl/LocalAccessor$OfFloat", Type.FLOAT_TYPE, "io/jsycl/LocalAccessor$OfInt", Type.INT_TYPE,
            "io/jsycl/LocalAccessor$OfLong", Type.LONG_TYPE, "io/jsycl/LocalAccessor$OfDouble", Type.DOUBLE_TYPE);

    /** A captured parameter of a lambda's body whose every load is the receiver of calls a caller accepts. */
    record CapturedCalls(int slot, Type type, List<MethodInsnNode> calls) {
    }

    /**
     * The captured parameters of {@code m} (not its item) whose every load is the receiver of a call {@code accepts}
     * takes (given the parameter's type and the call), with those calls; none where the analysis cannot tell.
     */
    static List<CapturedCalls> callsOnCaptures(String owner, MethodNode m, Type[] params,
            java.util.function.BiPredicate<Type, MethodInsnNode> accepts) {
        var found = new ArrayList<CapturedCalls>();
        Frame<org.objectweb.asm.tree.analysis.SourceValue>[] frames;
        try {
            frames = new Analyzer<>(new org.objectweb.asm.tree.analysis.SourceInterpreter()).analyze(owner, m);
        } catch (AnalyzerException e) {
            return found;
        }
        AbstractInsnNode[] insns = m.instructions.toArray();
        int slot = 0;
        for (int p = 0; p < params.length - 1; slot += params[p].getSize(), p++) {
            var calls = new ArrayList<MethodInsnNode>();
            int loads = 0;
            for (int i = 0; i < insns.length; i++) {
                if (insns[i] instanceof VarInsnNode v && v.getOpcode() == Opcodes.ALOAD && v.var == slot) {
                    loads++;
                }
                if (insns[i] instanceof MethodInsnNode call && frames[i] != null && accepts.test(params[p], call)) {
                    int under = 1 + Type.getArgumentTypes(call.desc).length;
                    var receiver = frames[i].getStack(frames[i].getStackSize() - under);
                    if (receiver.insns.size() == 1 && receiver.insns.iterator().next() instanceof VarInsnNode r
                            && r.getOpcode() == Opcodes.ALOAD && r.var == slot) {
                        calls.add(call);
                    }
                }
            }
            if (!calls.isEmpty() && calls.size() == loads) { // every load of the parameter is such a call's receiver
                found.add(new CapturedCalls(slot, params[p], calls));
            }
        }
        return found;
    }

    /** A captured local accessor read as its group's array: its slot, its type, its element type. */
    private record LocalArray(int slot, String accessor, Type element) {
    }

    /**
     * The captured local accessors of {@code m} whose every use is {@code get(i)} or {@code set(i, v)}, with those
     * calls made array loads and stores in {@code m}; the caller makes each accessor's parameter its array.
     */
    private static List<LocalArray> localArrays(String owner, MethodNode m, Type[] params) {
        var found = new ArrayList<LocalArray>();
        for (CapturedCalls c : callsOnCaptures(owner, m, params, (type, call) -> {
            Type element = LOCAL_ARRAYS.get(type.getInternalName());
            return element != null && call.owner.equals(type.getInternalName())
                    && (call.name.equals("get") && call.desc.equals("(I)" + element.getDescriptor())
                    || call.name.equals("set") && call.desc.equals("(I" + element.getDescriptor() + ")V"));
        })) {
            Type element = LOCAL_ARRAYS.get(c.type().getInternalName());
            for (MethodInsnNode call : c.calls()) {
                m.instructions.set(call, new InsnNode(element.getOpcode(call.name.equals("get") ? Opcodes.IALOAD
                        : Opcodes.IASTORE)));
            }
            found.add(new LocalArray(c.slot(), c.type().getInternalName(), element));
        }
        return found;
    }

    /** The method of the runtime's local-arrays class that gives {@code array}'s group's array. */
    private static String lookup(LocalArray array) {
        return switch (array.element().getSort()) {
            case Type.FLOAT -> "floats";
            case Type.INT -> "ints";
            case Type.LONG -> "longs";
            default -> "doubles";
        };
    }

    /** Adds the public no-argument constructor the runtime makes the class's one instance with. */
    static void publicConstructor(ClassWriter cw) {
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
    }

    /**
     * Copies into {@code cw} (class {@code name}) the private static methods of {@code cls} that {@code body} calls
     * (device functions), with their own calls, and points the calls at the copies, so that the class needs no private
     * access to the lambda's class and keeps its lines in stack traces. Returns false, copying nothing, where the body
     * (or a copied method) uses a private field, a private instance method, a method with exception handlers or an
     * {@code invokedynamic} call site of the class: those need the class's own access.
     */
    static boolean copyDeviceFunctions(ClassNode cls, String name, InsnList body, ClassWriter cw) {
        String owner = cls.name;
        var copied = new java.util.LinkedHashMap<String, MethodNode>();
        var pending = new java.util.ArrayDeque<InsnList>();
        pending.add(body);
        while (!pending.isEmpty()) {
            for (AbstractInsnNode n : pending.poll()) {
                MethodNode target = n instanceof MethodInsnNode call && call.owner.equals(owner)
                        ? KernelLowerer.method(cls, call.name, call.desc) : null;
                if (target != null && (target.access & Opcodes.ACC_PRIVATE) != 0) {
                    if ((target.access & Opcodes.ACC_STATIC) == 0 || !target.tryCatchBlocks.isEmpty()) {
                        return false;
                    }
                    ((MethodInsnNode) n).owner = name;
                    if (copied.putIfAbsent(target.name + target.desc, target) == null) {
                        pending.add(target.instructions);
                    }
                } else if (n instanceof org.objectweb.asm.tree.FieldInsnNode f && f.owner.equals(owner)
                        && isPrivateField(cls, f.name)
                        || n instanceof org.objectweb.asm.tree.InvokeDynamicInsnNode) {
                    return false; // a private field, or a call site linked against the class's lookup
                }
            }
        }
        for (MethodNode helper : copied.values()) {
            helper.access = Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC;
            helper.localVariables = null;
            helper.accept(cw);
        }
        return true;
    }

    private static Optional<Compiled> transform(ClassNode cls, MethodNode m, ClassLoader loader, String phased,
            String localArrays) throws AnalyzerException {
        String owner = cls.name;
        Type[] params = Type.getArgumentTypes(m.desc);
        int paramSlots = 0;
        for (Type t : params) {
            paramSlots += t.getSize();
        }
        // Captured local accessors read and written only with get(i) and set(i, v): the phases' method takes their
        // group's arrays in their place, which runGroup looks up once per group and phase, and the accesses are plain
        // array loads and stores. (Looked up at every access, the lookups took a fifth to two fifths of a tiled
        // kernel's time; once per work-item and phase, still a third of a kernel that stages its group in local memory.)
        List<LocalArray> arrays = localArrays(owner, m, params);
        var arrayParams = new HashMap<Integer, LocalArray>();
        for (int i = 0, s = 0; i < params.length; s += params[i].getSize(), i++) {
            for (LocalArray a : arrays) {
                if (a.slot() == s) {
                    params[i] = Type.getType("[" + a.element().getDescriptor());
                    arrayParams.put(i, a);
                }
            }
        }
        m.desc = Type.getMethodDescriptor(Type.getReturnType(m.desc), params);
        var verifier = new SimpleVerifier(Opcodes.ASM9, Type.getObjectType(owner), null, null, false) {
        };
        verifier.setClassLoader(loader);
        Frame<BasicValue>[] frames = new Analyzer<>(verifier).analyze(owner, m);
        AbstractInsnNode[] insns = m.instructions.toArray();
        List<Integer> barriers = new ArrayList<>();
        List<Integer> kinds = new ArrayList<>();
        List<Integer> below = new ArrayList<>();
        List<Character> types = new ArrayList<>();
        for (int i = 0; i < insns.length; i++) {
            if (insns[i] instanceof MethodInsnNode call) {
                boolean onItem = call.owner.equals(ND_ITEM) || call.owner.equals("io/jsycl/SubGroupItem");
                if (onItem && call.name.equals("barrier")) {
                    int args = Type.getArgumentTypes(call.desc).length;
                    if (frames[i] == null || frames[i].getStackSize() != 1 + args) {
                        return Optional.empty(); // a barrier inside an expression: not cut here
                    }
                    barriers.add(i);
                    below.add(0);
                    kinds.add(BARRIER);
                    types.add(' ');
                } else if (onItem && (GROUP_ALGORITHMS.contains(call.name)
                        || SUB_GROUP_ALGORITHMS.contains(call.name))) {
                    int operands = Type.getArgumentTypes(call.desc).length;
                    if (frames[i] == null) {
                        return Optional.empty();
                    }
                    // Inside an expression (out.set(i, it.reduceOverGroup(x, op))), the values under the item are
                    // saved with the locals and pushed back before the result.
                    below.add(frames[i].getStackSize() - 1 - operands);
                    barriers.add(i);
                    kinds.add(GROUP_ALGORITHMS.contains(call.name) ? GROUP_ALGORITHMS.indexOf(call.name) + 1
                            : SUB_REDUCE + SUB_GROUP_ALGORITHMS.indexOf(call.name));
                    types.add(call.desc.charAt(1));
                } else if (onItem && !ITEM_QUERIES.contains(call.name)) {
                    return Optional.empty(); // an operation the phases do not split at
                } else if (!onItem && call.desc.contains("L" + ND_ITEM + ";")) {
                    return Optional.empty(); // a device function that may hold a barrier
                }
            }
        }
        if (barriers.isEmpty()) {
            return Optional.empty();
        }
        int extra = 3; // phase, prims, refs
        int temp = m.maxLocals + extra; // a group algorithm's operands on their way to the work-item's arrays
        int phaseSlot = paramSlots;
        int primsSlot = paramSlots + 1;
        int refsSlot = paramSlots + 2;
        int locals = m.maxLocals;
        InsnList body = new InsnList();
        LabelNode start = new LabelNode();
        LabelNode[] resume = new LabelNode[barriers.size()];
        LabelNode[] after = new LabelNode[barriers.size()];
        for (int k = 0; k < resume.length; k++) {
            resume[k] = new LabelNode();
            after[k] = new LabelNode();
        }
        LabelNode[] cases = new LabelNode[barriers.size() + 1];
        cases[0] = start;
        System.arraycopy(resume, 0, cases, 1, resume.length);
        LabelNode bad = new LabelNode();
        body.add(new VarInsnNode(Opcodes.ILOAD, phaseSlot));
        body.add(new TableSwitchInsnNode(0, barriers.size(), bad, cases));
        body.add(bad);
        body.add(new TypeInsnNode(Opcodes.NEW, "java/lang/IllegalStateException"));
        body.add(new InsnNode(Opcodes.DUP));
        body.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, "java/lang/IllegalStateException", "<init>", "()V"));
        body.add(new InsnNode(Opcodes.ATHROW));
        for (int k = 0; k < barriers.size(); k++) {
            body.add(resume[k]);
            Frame<BasicValue> f = frames[barriers.get(k)];
            for (int s = paramSlots; s < locals; s++) {
                restore(body, f.getLocal(s), s + extra, primsSlot, refsSlot, s);
            }
            for (int j = 0; j < below.get(k); j++) { // the expression's values under the call, bottom first
                BasicValue v = f.getStack(j);
                restore(body, v, temp + 3, primsSlot, refsSlot, locals + 2 + j);
                body.add(new VarInsnNode(v.getType().getOpcode(Opcodes.ILOAD), temp + 3));
            }
            if (kinds.get(k) != BARRIER) { // the algorithm's result, which the group's run put at locals + 1
                arrayIndex(body, primsSlot, locals + 1);
                body.add(new InsnNode(Opcodes.LALOAD));
                fromBits(body, types.get(k), moves(kinds.get(k)));
            }
            body.add(new JumpInsnNode(Opcodes.GOTO, after[k]));
        }
        body.add(start);
        for (int i = 0; i < insns.length; i++) {
            AbstractInsnNode n = insns[i];
            int k = barriers.indexOf(i);
            if (k >= 0 && kinds.get(k) != BARRIER) {
                // [it, x, op], [it, x, from] or [it, predicate]: the operation or the source work-item to
                // refs[locals], x's bits (or the predicate) to prims[locals], through temporary locals.
                char t = types.get(k);
                int kind = kinds.get(k);
                boolean vote = kind >= ANY && kind <= NONE || kind >= SUB_ANY && kind <= SUB_NONE;
                if (!vote) {
                    if (kind == BROADCAST || kind == SUB_BROADCAST || kind >= SHUFFLE) {
                        body.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Integer", "valueOf",
                                "(I)Ljava/lang/Integer;"));
                    }
                    body.add(new VarInsnNode(Opcodes.ASTORE, temp));
                }
                body.add(new VarInsnNode(Type.getType(String.valueOf(t)).getOpcode(Opcodes.ISTORE), temp + 1));
                body.add(new InsnNode(Opcodes.POP)); // the item
                if (!vote) {
                    arrayIndex(body, refsSlot, locals);
                    body.add(new VarInsnNode(Opcodes.ALOAD, temp));
                    body.add(new InsnNode(Opcodes.AASTORE));
                }
                arrayIndex(body, primsSlot, locals);
                body.add(new VarInsnNode(Type.getType(String.valueOf(t)).getOpcode(Opcodes.ILOAD), temp + 1));
                toBits(body, t, moves(kind));
                body.add(new InsnNode(Opcodes.LASTORE));
                for (int j = below.get(k) - 1; j >= 0; j--) { // the expression's values under the call, top first
                    BasicValue v = frames[i].getStack(j);
                    body.add(new VarInsnNode(v.getType().getOpcode(Opcodes.ISTORE), temp + 3));
                    save(body, v, temp + 3, primsSlot, refsSlot, locals + 2 + j);
                }
            } else if (k >= 0) {
                int args = Type.getArgumentTypes(((MethodInsnNode) n).desc).length;
                for (int a = 0; a <= args; a++) {
                    body.add(new InsnNode(Opcodes.POP)); // the fence, the item
                }
            }
            if (k >= 0) {
                Frame<BasicValue> f = frames[i];
                for (int s = paramSlots; s < locals; s++) {
                    save(body, f.getLocal(s), s + extra, primsSlot, refsSlot, s);
                }
                body.add(new LdcInsnNode(k + 1));
                body.add(new InsnNode(Opcodes.IRETURN));
                body.add(after[k]);
                continue;
            }
            m.instructions.remove(n);
            if (n instanceof VarInsnNode v && v.var >= paramSlots) {
                v.var += extra;
            } else if (n instanceof IincInsnNode inc && inc.var >= paramSlots) {
                inc.var += extra;
            }
            if (n.getOpcode() == Opcodes.RETURN) {
                body.add(new InsnNode(Opcodes.ICONST_M1));
                body.add(new InsnNode(Opcodes.IRETURN));
            } else if (n.getOpcode() >= Opcodes.IRETURN && n.getOpcode() <= Opcodes.ARETURN) {
                return Optional.empty();
            } else {
                body.add(n);
            }
        }
        String phasesDesc = "(" + String.join("", Arrays.stream(params).map(Type::getDescriptor).toList())
                + "I[J[Ljava/lang/Object;)I";
        String name = owner + "$JsyclPhases$" + m.name.replace('$', '_');
        var cw = classWriter(loader);
        cw.visit(Opcodes.V21, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, name, null, "java/lang/Object",
                new String[] {phased});
        cw.visitSource(cls.sourceFile, null); // the kernel's lines in stack traces
        publicConstructor(cw);
        var phases = new MethodNode(Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE, "phases", phasesDesc, null, null);
        phases.instructions = body;
        phases.maxLocals = locals + extra + 5;
        boolean usesPrivate = !copyDeviceFunctions(cls, name, body, cw);
        phases.accept(cw);
        // runGroup: the captures unboxed once, then every work-item of the group from the same phase to its next
        // stop, in one loop the JIT compiles with the phases' method inlined where it fits (a call through the
        // interface per work-item, each unboxing the captures again, took a third of a barrier kernel's time).
        MethodVisitor run = cw.visitMethod(Opcodes.ACC_PUBLIC, "runGroup", "([Ljava/lang/Object;L" + ND_ITEM
                + ";I[[J[[Ljava/lang/Object;[ILjava/util/function/IntConsumer;)V", null, null);
        run.visitCode();
        int slot = 8; // this, captures, it, phase, prims, refs, stoppedAt, moveTo
        int[] captureSlots = new int[params.length - 1];
        for (int i = 0; i < params.length - 1; i++) {
            run.visitVarInsn(Opcodes.ALOAD, 1);
            run.visitLdcInsn(i);
            run.visitInsn(Opcodes.AALOAD);
            LocalArray array = arrayParams.get(i);
            if (array != null) { // the group's array of the local accessor
                run.visitTypeInsn(Opcodes.CHECKCAST, array.accessor());
                run.visitMethodInsn(Opcodes.INVOKESTATIC, localArrays, lookup(array), "(L" + array.accessor() + ";)["
                        + array.element().getDescriptor(), false);
            } else {
                unbox(run, params[i]);
            }
            run.visitVarInsn(params[i].getOpcode(Opcodes.ISTORE), slot);
            captureSlots[i] = slot;
            slot += params[i].getSize();
        }
        int w = slot;
        int count = slot + 1;
        run.visitInsn(Opcodes.ICONST_0);
        run.visitVarInsn(Opcodes.ISTORE, w);
        run.visitVarInsn(Opcodes.ALOAD, 6);
        run.visitInsn(Opcodes.ARRAYLENGTH);
        run.visitVarInsn(Opcodes.ISTORE, count);
        org.objectweb.asm.Label loop = new org.objectweb.asm.Label();
        org.objectweb.asm.Label done = new org.objectweb.asm.Label();
        run.visitLabel(loop);
        run.visitVarInsn(Opcodes.ILOAD, w);
        run.visitVarInsn(Opcodes.ILOAD, count);
        run.visitJumpInsn(Opcodes.IF_ICMPGE, done);
        run.visitVarInsn(Opcodes.ALOAD, 7); // moveTo.accept(w): the item is work-item w
        run.visitVarInsn(Opcodes.ILOAD, w);
        run.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/function/IntConsumer", "accept", "(I)V", true);
        run.visitVarInsn(Opcodes.ALOAD, 6); // stoppedAt[w] = phases(captures..., it, phase, prims[w], refs[w])
        run.visitVarInsn(Opcodes.ILOAD, w);
        for (int i = 0; i < params.length - 1; i++) {
            run.visitVarInsn(params[i].getOpcode(Opcodes.ILOAD), captureSlots[i]);
        }
        run.visitVarInsn(Opcodes.ALOAD, 2);
        run.visitVarInsn(Opcodes.ILOAD, 3);
        run.visitVarInsn(Opcodes.ALOAD, 4);
        run.visitVarInsn(Opcodes.ILOAD, w);
        run.visitInsn(Opcodes.AALOAD);
        run.visitVarInsn(Opcodes.ALOAD, 5);
        run.visitVarInsn(Opcodes.ILOAD, w);
        run.visitInsn(Opcodes.AALOAD);
        run.visitMethodInsn(Opcodes.INVOKESTATIC, name, "phases", phasesDesc, false);
        run.visitInsn(Opcodes.IASTORE);
        run.visitIincInsn(w, 1);
        run.visitJumpInsn(Opcodes.GOTO, loop);
        run.visitLabel(done);
        run.visitInsn(Opcodes.RETURN);
        run.visitMaxs(0, 0);
        run.visitEnd();
        cw.visitEnd();
        int[] lines = new int[barriers.size()];
        for (int k = 0; k < lines.length; k++) {
            lines[k] = DivergentBarriers.lineOf(insns, barriers.get(k));
        }
        if (usesPrivate) {
            return Optional.empty(); // the virtual threads run it, with its lines in stack traces
        }
        int[] kindArray = kinds.stream().mapToInt(Integer::intValue).toArray();
        char[] typeArray = new char[types.size()];
        for (int k = 0; k < typeArray.length; k++) {
            typeArray[k] = types.get(k);
        }
        int stack = below.stream().mapToInt(Integer::intValue).max().orElse(0);
        return Optional.of(new Compiled(name.replace('/', '.'), cw.toByteArray(), locals, stack, cls.sourceFile, lines,
                kindArray, typeArray));
    }

    private static boolean isPrivateField(ClassNode cls, String name) {
        for (var field : cls.fields) {
            if (field.name.equals(name) && (field.access & Opcodes.ACC_PRIVATE) != 0) {
                return true;
            }
        }
        return false;
    }

    /** Stores local {@code slot} (typed {@code v} by the verifier) into the work-item's arrays at {@code index}. */
    private static void save(InsnList out, BasicValue v, int slot, int prims, int refs, int index) {
        Type t = savedType(v);
        if (t == null || isNull(t)) {
            return;
        }
        boolean ref = t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY;
        arrayIndex(out, ref ? refs : prims, index);
        out.add(new VarInsnNode(t.getOpcode(Opcodes.ILOAD), slot));
        if (ref) {
            out.add(new InsnNode(Opcodes.AASTORE));
            return;
        }
        switch (t.getSort()) {
            case Type.FLOAT -> out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Float", "floatToRawIntBits",
                    "(F)I"));
            case Type.DOUBLE -> out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Double",
                    "doubleToRawLongBits", "(D)J"));
            default -> {
            }
        }
        if (t.getSize() == 1) {
            out.add(new InsnNode(Opcodes.I2L)); // an int, or a float's bits
        }
        out.add(new InsnNode(Opcodes.LASTORE));
    }

    /** Loads local {@code slot} back from the work-item's arrays, as {@link #save} stored it. */
    private static void restore(InsnList out, BasicValue v, int slot, int prims, int refs, int index) {
        Type t = savedType(v);
        if (t == null) {
            return;
        }
        if (isNull(t)) {
            out.add(new InsnNode(Opcodes.ACONST_NULL));
        } else if (t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY) {
            arrayIndex(out, refs, index);
            out.add(new InsnNode(Opcodes.AALOAD));
            out.add(new TypeInsnNode(Opcodes.CHECKCAST, t.getInternalName()));
        } else {
            arrayIndex(out, prims, index);
            out.add(new InsnNode(Opcodes.LALOAD));
            if (t.getSize() == 1) {
                out.add(new InsnNode(Opcodes.L2I));
            }
            switch (t.getSort()) {
                case Type.FLOAT -> out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Float",
                        "intBitsToFloat", "(I)F"));
                case Type.DOUBLE -> out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Double",
                        "longBitsToDouble", "(J)D"));
                default -> {
                }
            }
        }
        out.add(new VarInsnNode(t.getOpcode(Opcodes.ISTORE), slot));
    }

    /** The type of a value to save: a primitive's or a reference's; null where there is nothing to save. */
    private static Type savedType(BasicValue v) {
        Type t = v == null || v == BasicValue.UNINITIALIZED_VALUE ? null : v.getType();
        return t == null || t.getSort() == Type.VOID || t.getSort() == Type.METHOD ? null : t;
    }

    /** The verifier's type of the {@code null} constant, which is stored as nothing and restored as null. */
    private static boolean isNull(Type t) {
        return t.getSort() == Type.OBJECT && t.getInternalName().equals("null");
    }

    /** The value of type {@code t} on the stack as a long: an int widened, a float's or double's double bits. */
    /**
     * Whether split point {@code kind} only moves values between work-items (a sub-group broadcast, a shuffle): a
     * float then travels as its own bits, as on the virtual threads, not widened to a double's (which may change a
     * NaN's payload).
     */
    private static boolean moves(int kind) {
        return kind == SUB_BROADCAST || kind >= SHUFFLE;
    }

    private static void toBits(InsnList out, char t, boolean raw) {
        if (raw && t == 'F') {
            out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Float", "floatToRawIntBits", "(F)I"));
            out.add(new InsnNode(Opcodes.I2L));
            return;
        }
        switch (t) {
            case 'I', 'Z' -> out.add(new InsnNode(Opcodes.I2L));
            case 'F' -> {
                out.add(new InsnNode(Opcodes.F2D));
                out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Double", "doubleToRawLongBits", "(D)J"));
            }
            case 'D' -> out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Double", "doubleToRawLongBits",
                    "(D)J"));
            default -> {
            }
        }
    }

    /** The long on the stack back to type {@code t}, as {@link #toBits} made it. */
    private static void fromBits(InsnList out, char t, boolean raw) {
        if (raw && t == 'F') {
            out.add(new InsnNode(Opcodes.L2I));
            out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Float", "intBitsToFloat", "(I)F"));
            return;
        }
        switch (t) {
            case 'I', 'Z' -> out.add(new InsnNode(Opcodes.L2I));
            case 'F' -> {
                out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Double", "longBitsToDouble", "(J)D"));
                out.add(new InsnNode(Opcodes.D2F));
            }
            case 'D' -> out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Double", "longBitsToDouble",
                    "(J)D"));
            default -> {
            }
        }
    }

    private static void arrayIndex(InsnList out, int arraySlot, int index) {
        out.add(new VarInsnNode(Opcodes.ALOAD, arraySlot));
        out.add(new LdcInsnNode(index));
    }

    /** Casts or unboxes the {@code Object} on the stack to {@code t}. */
    static void unbox(MethodVisitor mv, Type t) {
        switch (t.getSort()) {
            case Type.INT -> unbox(mv, "java/lang/Integer", "intValue", "()I");
            case Type.LONG -> unbox(mv, "java/lang/Long", "longValue", "()J");
            case Type.FLOAT -> unbox(mv, "java/lang/Float", "floatValue", "()F");
            case Type.DOUBLE -> unbox(mv, "java/lang/Double", "doubleValue", "()D");
            case Type.SHORT -> unbox(mv, "java/lang/Short", "shortValue", "()S");
            case Type.BYTE -> unbox(mv, "java/lang/Byte", "byteValue", "()B");
            case Type.CHAR -> unbox(mv, "java/lang/Character", "charValue", "()C");
            case Type.BOOLEAN -> unbox(mv, "java/lang/Boolean", "booleanValue", "()Z");
            default -> mv.visitTypeInsn(Opcodes.CHECKCAST, t.getInternalName());
        }
    }

    private static void unbox(MethodVisitor mv, String box, String method, String desc) {
        mv.visitTypeInsn(Opcodes.CHECKCAST, box);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, box, method, desc, false);
    }
}
