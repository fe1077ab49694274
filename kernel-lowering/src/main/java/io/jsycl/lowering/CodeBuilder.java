package io.jsycl.lowering;

/** A small indenting text builder for C. */
final class CodeBuilder {
    private final StringBuilder out = new StringBuilder();
    private int indent;

    CodeBuilder line(String s) {
        out.repeat("    ", indent).append(s).append('\n');
        return this;
    }

    /** A label line: one level left of the current indentation. */
    CodeBuilder label(String name) {
        out.repeat("    ", Math.max(0, indent - 1)).append(name).append(":;\n");
        return this;
    }

    CodeBuilder blank() {
        out.append('\n');
        return this;
    }

    CodeBuilder open(String s) {
        line(s + " {");
        indent++;
        return this;
    }

    CodeBuilder close() {
        return close("}");
    }

    CodeBuilder close(String s) {
        indent--;
        return line(s);
    }

    /** Closes a block and opens the next one at the same depth: {@code "} else {"}. */
    CodeBuilder reopen(String s) {
        indent--;
        line(s);
        indent++;
        return this;
    }

    CodeBuilder indent(int levels) {
        indent += levels;
        return this;
    }

    CodeBuilder raw(String s) {
        out.append(s);
        return this;
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
