package io.jsycl.lowering;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;

/** What the translation of one kernel shares: class files, helpers and device functions used. */
final class KernelContext {
    final String kernelLabel;
    final ClassLoader loader;
    final KernelShape shape;
    final int dimensions;
    private final Map<String, ClassNode> classes = new HashMap<>();
    /** Helper functions used, by name, in first-use order. */
    final Set<String> helpers = new LinkedHashSet<>();
    /** Struct types of captures (accessors, local accessors, arrays, records), by C name, members first. */
    final Map<String, String> structs = new LinkedHashMap<>();
    /** Specialization constants read, by name. */
    final Map<String, SpecConstantUse> specConstants = new LinkedHashMap<>();
    final boolean checked;
    /** A reduction kernel's reductions, in the order of the lambda's reducer parameters; empty for other kernels. */
    final List<ReducerUse> reductions;
    /** Device functions, by C name, callees before callers. */
    final Map<String, String> deviceFunctions = new LinkedHashMap<>();
    /** Device functions being translated: a call to one of them is recursion. */
    final Set<String> inProgress = new HashSet<>();
    /** Device functions that neither write memory nor call one that does. */
    final Set<String> pureFunctions = new HashSet<>();
    /** Accessor fields the kernel reads, as {@code structName.part<dimension>}: see {@link CaptureLayout#field}. */
    final Set<String> accessorFields = new HashSet<>();
    boolean usesFp64;
    boolean usesBarrier;
    /**
     * Barriers, work-group and sub-group operations, and calls of device functions that hold one, lowered so far: a
     * block whose instructions raise it needs every work-item of its group ({@link Block#convergent}).
     */
    int convergentOps;
    /** Device functions that hold a barrier or a work-group or sub-group operation, or call one that does. */
    final Set<String> convergentFunctions = new HashSet<>();
    /** Whether the kernel or a device function it calls has a loop (a jump back in a method's block order). */
    boolean hasLoops;
    /** Whether the kernel or a device function it calls loads or stores a vector through an accessor. */
    boolean usesVectorAccess;
    /** Whether a work-group algorithm or a sub-group operation needs the {@link ArgRole#GROUP_SCRATCH} local memory. */
    boolean usesGroupScratch;
    /**
     * Whether the kernel or a device function it calls reads the item's range ({@code it.range(d)}, a linear id, a
     * group count): else a kernel over a range takes the range as an argument only where a guard or a loop over it
     * needs it ({@link KernelSourceEmitter#rangeOnlyInVariants}).
     */
    boolean readsItemRange;
    boolean usesInt64Atomics;
    boolean usesInt64ExtendedAtomics;
    /** The orders and scopes of the kernel's fences, as {@code cl_device_atomic_capabilities} bits (OrderedAtomics). */
    int atomicFences;

    KernelContext(String kernelLabel, ClassLoader loader, KernelShape shape, int dimensions, boolean checked,
            List<ReductionSpec> reductions) {
        this.kernelLabel = kernelLabel;
        this.loader = loader;
        this.shape = shape;
        this.dimensions = dimensions;
        this.checked = checked;
        var uses = new ArrayList<ReducerUse>();
        for (ReductionSpec r : reductions) {
            uses.add(new ReducerUse(r, uses.size()));
        }
        this.reductions = List.copyOf(uses);
    }

    /** Whether the kernel is a reduction kernel. */
    boolean reducing() {
        return !reductions.isEmpty();
    }

    /** The class, or {@code null} if the loader has no class file for it. */
    ClassNode classNode(String internalName) {
        if (classes.containsKey(internalName)) {
            return classes.get(internalName);
        }
        ClassNode node = null;
        try (InputStream in = loader.getResourceAsStream(internalName + ".class")) {
            if (in != null) {
                node = new ClassNode();
                new ClassReader(in.readAllBytes()).accept(node, 0);
            }
        } catch (IOException e) {
            node = null;
        }
        classes.put(internalName, node);
        return node;
    }

    LoweringException error(ClassNode where, int line, String construct, String advice) {
        return new LoweringException(kernelLabel, where == null ? null : where.sourceFile, line, construct, advice);
    }

    /**
     * Records an operation that every work-item of the group must reach together: a barrier, a work-group or
     * sub-group operation, or a call of a device function that holds one.
     */
    void convergent() {
        usesBarrier = true;
        convergentOps++;
    }

    /** A helper function, recorded as used (after the helpers it calls); returns its name. */
    String helper(String name) {
        for (String dep : Helpers.dependencies(name)) {
            helper(dep);
        }
        if (Helpers.usesFp64(name)) {
            usesFp64 = true;
        }
        helpers.add(name);
        return name;
    }
}
