package io.jsycl.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.jsycl.Accessor;
import io.jsycl.Lowered;
import io.jsycl.lowering.LoweredApi;
import java.io.IOException;
import java.lang.invoke.MethodType;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What the lowering reads of the API ({@link LoweredApi}, from the class files' {@code @Lowered} annotations) against
 * what reflection says of the runtime's own classes, over every public type of {@code io.jsycl}: a member a kernel
 * names through any class (an accessor, its face, a vector record) resolves to the role its annotated declaration
 * gives, and a member without one resolves to nothing. The annotations are the one place the kernel language is
 * written; this checks that the lowering reads them as Java does.
 */
class LoweredApiTest {
    private static final ClassLoader LOADER = LoweredApiTest.class.getClassLoader();

    @Test
    void everyPublicMemberResolvesAsItsAnnotatedDeclarationSays() throws Exception {
        List<String> wrong = new ArrayList<>();
        Set<LoweredApi.Role> used = new HashSet<>();
        int lowered = 0;
        for (Class<?> c : apiTypes()) {
            String owner = internal(c);
            for (Method m : c.getMethods()) {
                if (m.getDeclaringClass() == Object.class || m.isSynthetic() || m.isBridge()) {
                    continue;
                }
                Lowered expected = annotationInHierarchy(c, m.getName(), m.getParameterTypes());
                lowered += check(owner, m.getName(), descriptor(m), expected, wrong, used);
            }
            for (Constructor<?> k : c.getConstructors()) {
                String desc = MethodType.methodType(void.class, k.getParameterTypes()).toMethodDescriptorString();
                lowered += check(owner, "<init>", desc, k.getAnnotation(Lowered.class), wrong, used);
            }
            for (Field f : c.getFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    lowered += check(owner, f.getName(), f.getType().descriptorString(), f.getAnnotation(Lowered.class),
                            wrong, used);
                }
            }
        }
        assertThat(wrong).as("members the lowering resolves otherwise than their @Lowered declaration says").isEmpty();
        assertThat(lowered).as("members a kernel may use, through all the classes that name them").isGreaterThan(500);
        assertThat(used).as("every role has members").containsExactlyInAnyOrder(LoweredApi.Role.values());
    }

    @Test
    void theLoweringsRolesAreTheAnnotationsRolesByName() {
        assertThat(Stream.of(LoweredApi.Role.values()).map(Enum::name))
                .containsExactlyElementsOf(Stream.of(Lowered.As.values()).map(Enum::name).toList());
    }

    @Test
    void aBuiltInNamesItsCFunctionAndNothingElseDoes() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (Class<?> c : apiTypes()) {
            for (AccessibleObject member : declared(c)) {
                Lowered l = member.getAnnotation(Lowered.class);
                if (l != null && (l.value() == Lowered.As.BUILT_IN) == l.c().isEmpty()) {
                    wrong.add(c.getName() + " " + member + ": " + l);
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void theAccessorsAreTheirFaces() {
        assertThat(LoweredApi.find(LOADER, internal(Accessor.OfFloat.class), "get", "(I)F"))
                .isEqualTo(new LoweredApi.Member("io/jsycl/ArrayAccess$OfFloat", "get", "(I)F", LoweredApi.Role.ACCESS, ""));
        assertThat(LoweredApi.find(LOADER, internal(Accessor.OfFloat.class), "get4", "(I)Lio/jsycl/Float4;").role())
                .isEqualTo(LoweredApi.Role.WIDE_ACCESS);
        assertThat(LoweredApi.find(LOADER, "io/jsycl/LocalAccessor$OfFloat", "get4", "(I)Lio/jsycl/Float4;")).isNull();
        assertThat(LoweredApi.find(LOADER, internal(Accessor.OfFloat.class), "get", "(Lio/jsycl/Id;)F")).isNull();
        assertThat(LoweredApi.find(LOADER, "io/jsycl/DeviceArray$OfInt", "get", "(II)I")).isNull();
        assertThat(LoweredApi.find(LOADER, "io/jsycl/DeviceArray$OfInt", "close", "()V")).isNull();
    }

    private static int check(String owner, String name, String desc, Lowered expected, List<String> wrong,
            Set<LoweredApi.Role> used) {
        LoweredApi.Member found = LoweredApi.find(LOADER, owner, name, desc);
        String was = found == null ? "nothing" : found.role() + " " + found.c();
        String should = expected == null ? "nothing" : expected.value() + " " + expected.c();
        if (!was.equals(should)) {
            wrong.add(owner + "." + name + desc + ": " + was + ", not " + should);
        }
        if (found != null) {
            used.add(found.role());
            return 1;
        }
        return 0;
    }

    /** The {@code @Lowered} of the method as declared in {@code c} or, where not there, in a supertype. */
    private static Lowered annotationInHierarchy(Class<?> c, String name, Class<?>[] parameters) {
        Deque<Class<?>> todo = new ArrayDeque<>(List.of(c));
        Set<Class<?>> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            Class<?> k = todo.removeFirst();
            if (!seen.add(k)) {
                continue;
            }
            try {
                Lowered l = k.getDeclaredMethod(name, parameters).getAnnotation(Lowered.class);
                if (l != null) {
                    return l;
                }
            } catch (NoSuchMethodException e) {
                // declared higher up, if anywhere
            }
            if (k.getSuperclass() != null) {
                todo.add(k.getSuperclass());
            }
            todo.addAll(Arrays.asList(k.getInterfaces()));
        }
        return null;
    }

    private static List<AccessibleObject> declared(Class<?> c) {
        List<AccessibleObject> all = new ArrayList<>(Arrays.asList(c.getDeclaredMethods()));
        all.addAll(Arrays.asList(c.getDeclaredFields()));
        all.addAll(Arrays.asList(c.getDeclaredConstructors()));
        return all;
    }

    /** Every public class and interface of package {@code io.jsycl}, nested ones included, from the runtime's jar. */
    private static List<Class<?>> apiTypes() throws IOException, URISyntaxException, ClassNotFoundException {
        Path where = Path.of(Accessor.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Set<String> names = new TreeSet<>();
        if (Files.isDirectory(where)) {
            try (Stream<Path> s = Files.list(where.resolve("io/jsycl"))) {
                s.map(p -> "io/jsycl/" + p.getFileName()).forEach(names::add);
            }
        } else {
            try (JarFile jar = new JarFile(where.toFile())) {
                jar.stream().map(e -> e.getName()).filter(n -> n.startsWith("io/jsycl/")
                        && n.indexOf('/', "io/jsycl/".length()) < 0).forEach(names::add);
            }
        }
        List<Class<?>> types = new ArrayList<>();
        for (String n : names) {
            if (n.endsWith(".class") && !n.endsWith("module-info.class")) {
                Class<?> c = Class.forName(n.substring(0, n.length() - ".class".length()).replace('/', '.'), false,
                        LOADER);
                if (Modifier.isPublic(c.getModifiers())) {
                    types.add(c);
                }
            }
        }
        assertThat(types).as("public types of io.jsycl").hasSizeGreaterThan(100);
        return types;
    }

    private static String internal(Class<?> c) {
        return c.getName().replace('.', '/');
    }

    private static String descriptor(Method m) {
        return MethodType.methodType(m.getReturnType(), m.getParameterTypes()).toMethodDescriptorString();
    }
}
