package io.jsycl.lowering;

import static io.jsycl.lowering.Expr.PRIMARY;
import static io.jsycl.lowering.Expr.UNARY;
import static io.jsycl.lowering.InstructionInterpreter.simple;
import static org.objectweb.asm.Opcodes.ASTORE;
import static org.objectweb.asm.Opcodes.T_BOOLEAN;
import static org.objectweb.asm.Opcodes.T_BYTE;
import static org.objectweb.asm.Opcodes.T_CHAR;
import static org.objectweb.asm.Opcodes.T_FLOAT;
import static org.objectweb.asm.Opcodes.T_INT;
import static org.objectweb.asm.Opcodes.T_LONG;
import static org.objectweb.asm.Opcodes.T_SHORT;

import io.jsycl.lowering.Expr.PrivateArray;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Arrays a kernel makes itself ({@code new float[16]}): C arrays of the function, of a length known when the kernel
 * is lowered, meant to live in registers. Each is bound to the local that holds it, statically, like an accessor.
 */
final class PrivateArrays {
    /** Largest private array, in elements: private arrays are meant to live in registers. */
    static final int MAX_LENGTH = 1024;

    private final MethodTranslator t;
    private final KernelContext ctx;
    private final Frame frame;

    PrivateArrays(MethodTranslator t) {
        this.t = t;
        this.ctx = t.ctx;
        this.frame = t.frame;
    }

    /** {@code NEWARRAY}: a C array of the function, zeroed here as Java zeroes a new array. */
    void create(IntInsnNode n) {
        Long size = Expr.integerConstant(frame.peek());
        if (size == null) {
            throw t.reject(describeNew(n), "allocates memory whose size is not a compile-time constant, which kernels cannot"
                    + " do; give the size as a literal or a static final int, or pass a LocalAccessor or a Buffer instead");
        }
        long length = size;
        if (length <= 0 || length > MAX_LENGTH) {
            throw t.reject(describeNew(n), "has a length outside 1.." + MAX_LENGTH + ", which a private array (kept in"
                    + " registers) cannot have; use a LocalAccessor or a Buffer for larger arrays");
        }
        frame.pop();
        char element = switch (n.operand) {
            case T_BOOLEAN -> 'Z';
            case T_BYTE -> 'B';
            case T_CHAR -> 'C';
            case T_SHORT -> 'S';
            case T_INT -> 'I';
            case T_LONG -> 'J';
            case T_FLOAT -> 'F';
            default -> 'D';
        };
        if (element == 'D') {
            ctx.usesFp64 = true;
        }
        String base = "arr";
        AbstractInsnNode next = n.getNext();
        while (next != null && next.getOpcode() < 0) {
            next = next.getNext();
        }
        if (next instanceof VarInsnNode v && v.getOpcode() == ASTORE && t.method.localVariables != null) {
            for (LocalVariableNode lv : t.method.localVariables) {
                if (lv.index == v.var && lv.desc.equals("[" + element)) {
                    base = lv.name;
                }
            }
        }
        String name = t.names.privateArray(base, PrivateArray.cElementType(element), length);
        frame.statement("for (int jsycl_i = 0; jsycl_i < " + length + "; jsycl_i++) " + name + "[jsycl_i] = 0;");
        frame.push(new PrivateArray(name, element, (int) length));
    }

    /** {@code array[index]}, widened to the JVM computational type of its element. */
    Expr load(PrivateArray array, Expr index) {
        String element = array.text() + "[" + subscript(array, index) + "]";
        if (ctx.checked) {
            // A failed check reads nothing and goes on with 0 (Checks).
            String length = Long.toString(array.length());
            frame.statement(Checks.bounds(ctx, index, length, t.line()));
            element = "(" + Checks.inBounds(index, length) + " ? " + element + " : 0)";
        }
        return switch (array.elementType()) {
            case 'J' -> Expr.value('J', element, PRIMARY);
            case 'F' -> Expr.value('F', element, PRIMARY);
            case 'D' -> Expr.value('D', element, PRIMARY);
            case 'I' -> Expr.value('I', element, PRIMARY);
            default -> Expr.value('I', "(int)" + element, UNARY);
        };
    }

    /** {@code array[index] = v}, narrowed to the element type as Java's array stores narrow. */
    void store(PrivateArray array, Expr index, Expr v) {
        String guard = "";
        if (ctx.checked) {
            // A failed check stores nothing (Checks).
            String length = Long.toString(array.length());
            frame.statement(Checks.bounds(ctx, index, length, t.line()));
            guard = "if (" + Checks.inBounds(index, length) + ") ";
        }
        String value = switch (array.elementType()) {
            case 'Z' -> "(uchar)(" + v.text() + " & 1)";
            case 'B', 'C', 'S' -> "(" + array.cElementType() + ")" + v.at(UNARY);
            default -> v.text();
        };
        frame.statement(guard + array.text() + "[" + subscript(array, index) + "] = " + value + ";");
    }

    /** A private array's subscript: signed where its constant length allows ({@link Arithmetic#subscript}). */
    private String subscript(PrivateArray array, Expr index) {
        return array.length() <= Arithmetic.SIGNED_SUBSCRIPT_MAX_EXTENT ? Arithmetic.subscript(ctx, index).text()
                : index.text();
    }

    /**
     * Binds a local to a private array. A slot reused by a later variable (another scope) may hold another array;
     * assigning a second array to the same variable is rejected, since which one a later use sees would depend on
     * the path taken, and the lowering names each array statically.
     */
    void bind(int slot, PrivateArray v) {
        Expr old = frame.refLocals.get(slot);
        LocalVariableNode scope = variableStartingAfter(slot);
        if (old instanceof PrivateArray p && !p.text().equals(v.text())
                && (scope == null || scope == frame.privateArrayScopes.get(slot))) {
            throw t.reject("assigning a second private array to one variable", "is not supported; use one variable per"
                    + " array and copy elements between them");
        }
        if (old != null && !(old instanceof PrivateArray) && old instanceof Expr.Ref) {
            throw t.reject("assigning a private array to a variable that held an accessor",
                    "is not supported; use one variable per array or accessor");
        }
        frame.boxedLocals.remove(slot);
        frame.refLocals.put(slot, v);
        frame.privateArrayScopes.put(slot, scope);
    }

    /** The local variable entry of {@code slot} that covers the instruction after the current one, or null. */
    private LocalVariableNode variableStartingAfter(int slot) {
        if (t.method.localVariables == null) {
            return null;
        }
        int next = t.at() + 1;
        while (next < t.insns.length && t.insns[next].getOpcode() < 0) {
            next++;
        }
        for (LocalVariableNode lv : t.method.localVariables) {
            if (lv.index == slot && t.method.instructions.indexOf(lv.start) <= next
                    && next < t.method.instructions.indexOf(lv.end)) {
                return lv;
            }
        }
        return null;
    }

    /** How a message names an array allocation: {@code 'new float[16]'}, with the length where it is a constant. */
    String describeNew(AbstractInsnNode n) {
        String type = switch (n) {
            case IntInsnNode i -> switch (i.operand) {
                case T_BOOLEAN -> "boolean";
                case T_BYTE -> "byte";
                case T_CHAR -> "char";
                case T_SHORT -> "short";
                case T_INT -> "int";
                case T_LONG -> "long";
                case T_FLOAT -> "float";
                default -> "double";
            };
            case TypeInsnNode ti -> simple(ti.desc);
            case MultiANewArrayInsnNode m -> {
                Type at = Type.getType(m.desc);
                yield "'new " + at.getElementType().getClassName() + "[]".repeat(at.getDimensions()) + "'";
            }
            default -> "array";
        };
        if (n instanceof MultiANewArrayInsnNode) {
            return type;
        }
        Long size = frame.stack().isEmpty() ? null : Expr.integerConstant(frame.peek());
        return "'new " + type + "[" + (size != null ? size : "") + "]'";
    }
}
