package io.jsycl.lowering;

/**
 * A basic block's branch condition, with the text of its negation so that either branch can be the one written.
 *
 * @param text the condition
 * @param prec its C precedence
 * @param negation the text of {@code !text}
 * @param belowWhenTrue for an int comparison {@code v < e} of a local variable {@code v} (signed, as Java's
 *     {@code if_icmplt}), the variable's name; else null. {@link ControlFlowStructurer} uses it to find counted loops
 *     whose {@code v++} cannot overflow
 * @param belowWhenFalse the same for a comparison that means {@code v < e} when false ({@code v >= e})
 */
record Condition(String text, int prec, String negation, String belowWhenTrue, String belowWhenFalse) {
    /** A condition {@code text} whose negation is {@code negation}. */
    Condition(String text, int prec, String negation) {
        this(text, prec, negation, null, null);
    }

    /** The text of {@code !this}. */
    String negated() {
        return negation;
    }

    /** This condition, known to mean {@code variable < e} when true. */
    Condition belowWhenTrue(String variable) {
        return new Condition(text, prec, negation, variable, belowWhenFalse);
    }

    /** This condition, known to mean {@code variable < e} when false. */
    Condition belowWhenFalse(String variable) {
        return new Condition(text, prec, negation, belowWhenTrue, variable);
    }
}
