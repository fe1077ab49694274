package io.jsycl.lowering;

/**
 * A captured object as the translated code sees it: an accessor, a local accessor, a captured
 * array or a captured record, reached through a C struct.
 *
 * @param capture the capture's description
 * @param pointer a C expression of pointer type to the struct
 * @param member the prefix before a member name ({@code "cap->a."} or {@code "a->"})
 */
record AccessorRef(Capture capture, String pointer, String member) {
}
