package io.jsycl.lowering;

/**
 * An accessor as the translated code sees it.
 *
 * @param capture the capture's description
 * @param pointer a C expression of pointer type to the accessor struct
 * @param member the prefix before a member name ({@code "cap->a."} or {@code "a->"})
 */
record AccessorRef(Capture.Accessor capture, String pointer, String member) {

    /** The C struct type name of this accessor. */
    String structName() {
        return structName(capture);
    }

    static String structName(Capture.Accessor a) {
        String m = switch (a.mode()) {
            case READ -> "r";
            case WRITE -> "w";
            case READ_WRITE -> "rw";
        };
        return "jsycl_acc_" + m + "_" + a.element().cName() + "_" + a.dimensions();
    }
}
