package io.jsycl.cli;

import io.jsycl.lowering.KernelShape;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Finds kernel lambdas in class files: every {@code invokedynamic} bootstrapped by
 * {@code LambdaMetafactory.altMetafactory} (what javac emits for serializable lambdas, which every
 * kernel interface is) whose functional interface is one of jsycl's kernel interfaces.
 */
final class KernelScanner {
    /** What a kernel interface (internal name) is called in reports: {@code ItemKernel}. */
    static String simpleName(String kernelInterface) {
        return kernelInterface.substring(kernelInterface.lastIndexOf('/') + 1);
    }

    /**
     * One kernel lambda found in a class file.
     *
     * @param declaringClass internal name of the class whose code creates the lambda
     * @param sourceFile its source file, or {@code null}
     * @param line the line of the lambda's creation, or -1
     * @param kernelInterface internal name of the kernel interface
     * @param impl the implementation method
     * @param capturedTypes the captured values' types, in order (the {@code invokedynamic}'s parameters)
     * @param implNode the implementation method's code, when it is in the declaring class
     */
    record Site(String declaringClass, String sourceFile, int line, String kernelInterface, Handle impl,
            List<Type> capturedTypes, MethodNode implNode) {
        String label() {
            String simple = impl.getOwner().substring(impl.getOwner().lastIndexOf('/') + 1);
            return simple + "." + impl.getName();
        }

        String where() {
            return (sourceFile == null ? declaringClass.replace('/', '.') : sourceFile) + (line >= 0 ? ":" + line : "");
        }
    }

    private KernelScanner() {
    }

    /** The class files of one input: a jar, a folder of classes or one class file; keyed by internal name. */
    static Map<String, byte[]> classFiles(Path input) throws IOException {
        var classes = new LinkedHashMap<String, byte[]>();
        if (Files.isDirectory(input)) {
            try (Stream<Path> files = Files.walk(input)) {
                for (Path f : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                    byte[] bytes = Files.readAllBytes(f);
                    classes.put(new ClassReader(bytes).getClassName(), bytes);
                }
            }
        } else if (input.toString().endsWith(".class")) {
            byte[] bytes = Files.readAllBytes(input);
            classes.put(new ClassReader(bytes).getClassName(), bytes);
        } else {
            try (var jar = new JarFile(input.toFile())) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                    JarEntry entry = e.nextElement();
                    String name = entry.getName();
                    if (name.endsWith(".class") && !name.equals("module-info.class") && !name.startsWith("META-INF/")) {
                        try (InputStream in = jar.getInputStream(entry)) {
                            classes.put(name.substring(0, name.length() - ".class".length()), in.readAllBytes());
                        }
                    }
                }
            }
        }
        return classes;
    }

    /** The kernel lambdas created by the code of one class, in the order they appear. */
    static List<Site> scan(byte[] classFile) {
        var node = new ClassNode();
        new ClassReader(classFile).accept(node, 0);
        var sites = new ArrayList<Site>();
        for (MethodNode method : node.methods) {
            // javac's $deserializeLambda$ re-creates every serializable lambda of the class, all on the class
            // declaration's line: the lambda's own site is where the program creates it.
            if (method.name.equals("$deserializeLambda$")) {
                continue;
            }
            int line = -1;
            for (AbstractInsnNode insn = method.instructions.getFirst(); insn != null; insn = insn.getNext()) {
                if (insn instanceof LineNumberNode ln) {
                    line = ln.line;
                } else if (insn instanceof InvokeDynamicInsnNode indy && isKernelLambda(indy)) {
                    Type type = Type.getMethodType(indy.desc);
                    Handle impl = (Handle) indy.bsmArgs[1];
                    MethodNode implNode = impl.getOwner().equals(node.name) ? node.methods.stream()
                            .filter(m -> m.name.equals(impl.getName()) && m.desc.equals(impl.getDesc()))
                            .findFirst().orElse(null) : null;
                    sites.add(new Site(node.name, node.sourceFile, line, type.getReturnType().getInternalName(), impl,
                            List.of(type.getArgumentTypes()), implNode));
                }
            }
        }
        return sites;
    }

    private static boolean isKernelLambda(InvokeDynamicInsnNode indy) {
        Handle bsm = indy.bsm;
        if (!bsm.getOwner().equals("java/lang/invoke/LambdaMetafactory") || !bsm.getName().equals("altMetafactory")
                || indy.bsmArgs.length < 3 || !(indy.bsmArgs[1] instanceof Handle)) {
            return false;
        }
        Type returned = Type.getMethodType(indy.desc).getReturnType();
        return returned.getSort() == Type.OBJECT && KernelShape.ofKernelInterface(returned.getInternalName()) != null;
    }
}
