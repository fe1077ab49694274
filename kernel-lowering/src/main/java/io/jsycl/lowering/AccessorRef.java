package io.jsycl.lowering;

/**
 * A captured object as the translated code sees it: an accessor, a local accessor, a captured
 * array or a captured record, reached through a C struct. Its text is the struct's pointer.
 *
 * <p>The lowering compares these by identity ({@code ==}): each capture, each device function
 * parameter and each read of a captured record's component is its own reference, and a local
 * variable or a value passed from one basic block to another must keep the one it was given.
 *
 * @param capture the capture's description
 * @param pointer a C expression of pointer type to the struct
 * @param member the prefix before a member name ({@code "cap->a."} or {@code "a->"})
 */
record AccessorRef(Capture capture, String pointer, String member) implements Expr.Ref {
    @Override
    public String text() {
        return pointer;
    }
}
