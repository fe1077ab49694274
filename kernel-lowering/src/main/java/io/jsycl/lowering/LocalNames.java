package io.jsycl.lowering;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The C names of one translated function: its parameters, a C variable per local variable slot and type (named
 * after the Java variable where the class file says which it is), temporaries, private arrays, and the declarations
 * they need at the top of the function. Names never collide with each other, with C or OpenCL keywords, or with the
 * names the generated code uses itself ({@code jsycl...}, {@code get_...}, {@code it}, {@code cap}...).
 */
final class LocalNames {
    private static final Set<String> RESERVED = Set.of("auto", "break", "case", "char", "const", "continue",
            "default", "do", "double", "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int",
            "long", "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch",
            "typedef", "union", "unsigned", "void", "volatile", "while", "bool", "half", "uchar", "ushort", "uint",
            "ulong", "size_t", "kernel", "global", "local", "constant", "private", "read_only", "write_only",
            "cap", "it", "data", "range", "offset", "memRange", "true", "false");

    private final MethodNode method;
    /** C variables of local slots, by {@code slot:type}. */
    private final Map<String, String> varNames = new HashMap<>();
    private final Set<String> usedNames = new HashSet<>();
    /** Locals and temporaries to declare at the top of the function: name to C type. */
    private final Map<String, String> declarations = new LinkedHashMap<>();
    private int temps;

    LocalNames(MethodNode method) {
        this.method = method;
    }

    /** A Java name made a C identifier that cannot clash with the generated code's own names. */
    static String cName(String javaName, String fallback) {
        String n = javaName.replaceAll("[^A-Za-z0-9_]", "_");
        if (n.isEmpty() || RESERVED.contains(n) || n.startsWith("jsycl") || n.startsWith("get_")
                || Character.isDigit(n.charAt(0)) || n.startsWith("__") || n.matches("[LCt]\\d+")) {
            return fallback.equals(n) ? n + "_" : n + "_";
        }
        return n;
    }

    /** The C name for a parameter slot's name, from the class file if it has one. */
    static String paramName(MethodNode m, int slot, int index) {
        String name = javaParamName(m, slot, index);
        return name == null ? "p" + index : cName(name, "p" + index);
    }

    /** The local-variable slot of parameter {@code index} of {@code m} (after {@code this} for an instance method). */
    static int paramSlot(MethodNode m, int index) {
        Type[] types = Type.getArgumentTypes(m.desc);
        int slot = (m.access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
        for (int i = 0; i < index && i < types.length; i++) {
            slot += types[i].getSize();
        }
        return slot;
    }

    /** The Java name of a parameter slot as the class file records it, or null where it records none. */
    static String javaParamName(MethodNode m, int slot, int index) {
        if (m.localVariables != null) {
            for (LocalVariableNode v : m.localVariables) {
                if (v.index == slot && (v.start == null || m.instructions.indexOf(v.start) <= 1)) {
                    return v.name;
                }
            }
        }
        if (m.parameters != null && index < m.parameters.size() && m.parameters.get(index).name != null) {
            return m.parameters.get(index).name;
        }
        return null;
    }

    /**
     * The C declaration of a local: {@code type} is a C type, or {@code float[16]} for a private array. Zeroed where
     * {@code zeroed} (checked mode, where a failing work-item that leaves a loop may reach a read of a local that Java
     * sets first: {@link Checks}); arrays and structs take {@code {0}}.
     */
    static String declaration(String name, String type, boolean zeroed) {
        int bracket = type.indexOf('[');
        String declared = bracket < 0 ? type + " " + name : type.substring(0, bracket) + " " + name + type.substring(bracket);
        if (!zeroed) {
            return declared + ";";
        }
        return declared + (bracket >= 0 || type.startsWith("jsycl_") ? " = {0};" : " = 0;");
    }

    /** The locals and temporaries to declare at the top of the function: name to C type, in first-use order. */
    Map<String, String> declarations() {
        return declarations;
    }

    /** Reserves a parameter's name; a primitive parameter ({@code type} not 0) is the variable of its slot. */
    void parameter(int slot, char type, String name) {
        if (type != 0) {
            varNames.put(slot + ":" + type, name);
        }
        usedNames.add(name);
    }

    /** Whether {@code text} is the C variable of a local slot (or a primitive parameter). */
    boolean isVariable(String text) {
        return varNames.containsValue(text);
    }

    /** The C variable of local {@code slot} holding values of JVM computational type {@code type}. */
    String variable(int slot, char type) {
        String key = slot + ":" + type;
        String name = varNames.get(key);
        if (name != null) {
            return name;
        }
        String base = null;
        if (method.localVariables != null) {
            for (LocalVariableNode v : method.localVariables) {
                if (v.index == slot && typeOf(v.desc) == type) {
                    if (base == null) {
                        base = v.name;
                    } else if (!base.equals(v.name)) {
                        base = null;
                        break;
                    }
                }
            }
        }
        name = base == null ? "v" + slot : cName(base, "v" + slot);
        if (!usedNames.add(name)) {
            name = name + "_" + slot + Character.toLowerCase(type);
            usedNames.add(name);
        }
        varNames.put(key, name);
        declarations.put(name, Expr.cType(type));
        return name;
    }

    /** The C struct variable of local {@code slot} holding records of type {@code t}. */
    String recordVariable(int slot, RecordType t) {
        String key = slot + ":R:" + t.cType();
        String name = varNames.get(key);
        if (name != null) {
            return name;
        }
        String base = null;
        if (method.localVariables != null) {
            for (LocalVariableNode v : method.localVariables) {
                if (v.index == slot && v.desc.equals("L" + t.internalName() + ";")) {
                    base = v.name;
                }
            }
        }
        name = base == null ? "v" + slot : cName(base, "v" + slot);
        if (!usedNames.add(name)) {
            name = name + "_" + slot + "r";
            usedNames.add(name);
        }
        varNames.put(key, name);
        declarations.put(name, t.cType());
        return name;
    }

    /** A new temporary of C type {@code cType}. */
    String temporary(String cType) {
        String name = "t" + temps++;
        declarations.put(name, cType);
        return name;
    }

    /** A new private array named after {@code base}, declared as {@code elementCType[length]}. */
    String privateArray(String base, String elementCType, long length) {
        String name = cName(base, "arr");
        if (!usedNames.add(name)) {
            int k = 1;
            while (!usedNames.add(name + "_" + k)) {
                k++;
            }
            name = name + "_" + k;
        }
        declarations.put(name, elementCType + "[" + length + "]");
        return name;
    }

    private static char typeOf(String desc) {
        return switch (desc) {
            case "Z", "B", "C", "S", "I", "Ljava/lang/Integer;", "Ljava/lang/Short;", "Ljava/lang/Byte;",
                    "Ljava/lang/Character;", "Ljava/lang/Boolean;" -> 'I';
            case "J", "Ljava/lang/Long;" -> 'J';
            case "F", "Ljava/lang/Float;" -> 'F';
            case "D", "Ljava/lang/Double;" -> 'D';
            default -> 'A';
        };
    }
}
