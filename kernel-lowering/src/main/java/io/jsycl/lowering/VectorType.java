package io.jsycl.lowering;

import java.util.ArrayList;
import java.util.List;

/**
 * One of the vector records {@code io.jsycl.Float2} .. {@code io.jsycl.Double8}: its element type and width. This is
 * the lowering's table of which vector records exist and what their lanes are called, through which it recognizes
 * them. The records' sources are generated at build time (codegen's {@code Codegen}, which has the same table for
 * want of a module below both; {@code VectorAccessTest} checks that the generated records are exactly these).
 *
 * <p>Lanes are named as OpenCL names the components of its own vector types: {@code x, y} for two lanes,
 * {@code x, y, z, w} for four (so {@code Float4} keeps the names it had before the others existed), and
 * {@code s0 .. s7} for eight.
 *
 * @param element the lanes' type: int, long, float or double
 * @param width the number of lanes: 2, 4 or 8
 */
record VectorType(ScalarType element, int width) {
    /** The element types with vector records, in the order the generator writes them. */
    static final List<ScalarType> ELEMENTS = List.of(ScalarType.FLOAT, ScalarType.INT, ScalarType.LONG, ScalarType.DOUBLE);

    /** The widths with vector records. */
    static final List<Integer> WIDTHS = List.of(2, 4, 8);

    /** Every vector record: each element type at each width. */
    static final List<VectorType> ALL = all();

    private static List<VectorType> all() {
        List<VectorType> all = new ArrayList<>();
        for (ScalarType e : ELEMENTS) {
            for (int w : WIDTHS) {
                all.add(new VectorType(e, w));
            }
        }
        return List.copyOf(all);
    }

    /**
     * The vector record of a class, or {@code null} if the class is not one.
     *
     * @param internalName a class's internal name, e.g. {@code io/jsycl/Int8}
     */
    static VectorType of(String internalName) {
        for (VectorType t : ALL) {
            if (t.internalName().equals(internalName)) {
                return t;
            }
        }
        return null;
    }

    /**
     * The vector record of an element type and width, or {@code null} if there is none.
     *
     * @param element the element type
     * @param width the number of lanes
     */
    static VectorType of(ScalarType element, int width) {
        for (VectorType t : ALL) {
            if (t.element == element && t.width == width) {
                return t;
            }
        }
        return null;
    }

    /** The Java name of the element type's box without its package, {@code Float} or {@code Int}: the records' prefix. */
    String elementName() {
        String c = element.cName();
        return Character.toUpperCase(c.charAt(0)) + c.substring(1);
    }

    /** The record's simple name, e.g. {@code Float4}. */
    String simpleName() {
        return elementName() + width;
    }

    /** The record's internal name, e.g. {@code io/jsycl/Float4}. */
    String internalName() {
        return "io/jsycl/" + simpleName();
    }

    /** The lane names, which are the record's component names, in order. */
    List<String> lanes() {
        return switch (width) {
            case 2 -> List.of("x", "y");
            case 4 -> List.of("x", "y", "z", "w");
            default -> {
                List<String> s = new ArrayList<>();
                for (int i = 0; i < width; i++) {
                    s.add("s" + i);
                }
                yield List.copyOf(s);
            }
        };
    }

    /** The OpenCL C vector type of the same shape, e.g. {@code float4}. */
    String cVector() {
        return element.cName() + width;
    }

    /** The Java element type's name, e.g. {@code float}: the records' component type (C spells these four alike). */
    String javaElement() {
        return element.cName();
    }
}
