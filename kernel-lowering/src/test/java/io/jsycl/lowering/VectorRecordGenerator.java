package io.jsycl.lowering;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the vector records ({@code io.jsycl.Float2} .. {@code io.jsycl.Double8}), one per entry of
 * {@link VectorType#ALL}, from the one template {@code vector-record.template} beside this class's resources. The
 * same sources are the runtime's public records and kernel-lowering's test doubles, so the two cannot drift;
 * {@link VectorRecordGeneratorTest} checks that both committed copies are what this gives.
 *
 * <p>The template's notation, kept small on purpose:
 * <ul>
 *   <li>{@code {{Name}} {{type}} {{Type}} {{n}} {{Count}} {{last}} {{cvec}} {{lane0}}}: {@code Float4 float Float 4 Four 3
 *       float4 x};
 *   <li>{@code [[SEP|BODY]]}: BODY once per lane, joined by SEP, with {@code %l} the lane's name and {@code %i} its
 *       number (SEP ends at the first {@code |});
 *   <li>a line starting {@code %%}: the rest of the line once per lane, with {@code %l} and {@code %i};
 *   <li>lines between {@code {{#integral}}} and {@code {{/integral}}} (or {@code floating}): only for int and long
 *       (or float and double) lanes.
 * </ul>
 *
 * <p>Run it with {@code runtime/regenerate-vectors.sh}; arguments are the folders to write into.
 */
public final class VectorRecordGenerator {
    static final String TEMPLATE = "vector-record.template";
    /** The longest line the generated sources have, as in the hand-written ones. */
    static final int WIDTH = 120;
    /** Marks where {@link #wrap} may break a line: after a separator between lanes. */
    static final String BREAK = "\u0001";
    private static final Map<Integer, String> COUNTS = Map.of(2, "Two", 4, "Four", 8, "Eight");

    private VectorRecordGenerator() {
    }

    /**
     * Writes every vector record into each folder given.
     *
     * @param args the folders of package {@code io.jsycl} to write into
     * @throws IOException if a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: VectorRecordGenerator FOLDER...: folders of package io.jsycl");
        }
        Map<String, String> files = generate();
        for (String dir : args) {
            Path d = Path.of(dir);
            Files.createDirectories(d);
            for (Map.Entry<String, String> f : files.entrySet()) {
                Files.writeString(d.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
            }
        }
    }

    /** File name ({@code Float4.java}) to source, in {@link VectorType#ALL}'s order. */
    static Map<String, String> generate() {
        String template = template();
        Map<String, String> out = new LinkedHashMap<>();
        for (VectorType t : VectorType.ALL) {
            out.put(t.simpleName() + ".java", render(template, t));
        }
        return out;
    }

    static String template() {
        try (InputStream in = VectorRecordGenerator.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException(TEMPLATE + " is not on the class path beside " + VectorRecordGenerator.class);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String render(String template, VectorType t) {
        boolean integral = t.element() == ScalarType.INT || t.element() == ScalarType.LONG;
        List<String> lanes = t.lanes();
        StringBuilder out = new StringBuilder();
        String skipUntil = null;
        for (String line : template.split("\n", -1)) {
            if (skipUntil != null) {
                if (line.equals(skipUntil)) {
                    skipUntil = null;
                }
                continue;
            }
            switch (line) {
                case "{{#integral}}", "{{#floating}}" -> {
                    if (line.equals("{{#integral}}") != integral) {
                        skipUntil = line.replace("{{#", "{{/");
                    }
                    continue;
                }
                case "{{/integral}}", "{{/floating}}" -> {
                    continue;
                }
                default -> {
                }
            }
            String l = line.replace("{{Name}}", t.simpleName()).replace("{{type}}", t.javaElement())
                    .replace("{{Type}}", t.elementName()).replace("{{n}}", Integer.toString(t.width()))
                    .replace("{{last}}", Integer.toString(t.width() - 1)).replace("{{cvec}}", t.cVector())
                    .replace("{{lane0}}", lanes.get(0)).replace("{{Count}}", COUNTS.get(t.width()));
            if (l.contains("{{")) {
                throw new IllegalStateException(TEMPLATE + ": unknown placeholder in line: " + line);
            }
            if (l.startsWith("%%")) {
                for (int i = 0; i < lanes.size(); i++) {
                    out.append(lane(l.substring(2), lanes.get(i), i)).append('\n');
                }
            } else {
                out.append(wrap(repeat(l, lanes))).append('\n');
            }
        }
        // split keeps the text after the last newline as a last (empty) line: drop the newline added after it.
        return out.substring(0, out.length() - 1);
    }

    /** Expands each {@code [[SEP|BODY]]} of a line. */
    private static String repeat(String line, List<String> lanes) {
        StringBuilder b = new StringBuilder();
        int at = 0;
        for (int open = line.indexOf("[["); open >= 0; open = line.indexOf("[[", at)) {
            int close = line.indexOf("]]", open);
            int bar = line.indexOf('|', open);
            if (close < 0 || bar < 0 || bar > close) {
                throw new IllegalStateException(TEMPLATE + ": [[SEP|BODY]] not closed in line: " + line);
            }
            String sep = line.substring(open + 2, bar);
            String body = line.substring(bar + 1, close);
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < lanes.size(); i++) {
                parts.add(lane(body, lanes.get(i), i));
            }
            b.append(line, at, open).append(String.join(sep + BREAK, parts));
            at = close + 2;
        }
        return b.append(line.substring(at)).toString();
    }

    /**
     * Breaks a line longer than {@link #WIDTH} after the last lane separator ({@link #BREAK}) that fits, continuing 8
     * columns further in (after {@code " * "} in a comment), as the project's hand-written code wraps; then drops the
     * markers.
     */
    static String wrap(String line) {
        String[] pieces = line.split(BREAK);
        String indent = line.substring(0, line.length() - line.stripLeading().length());
        String next = line.stripLeading().startsWith("*") ? indent + "*     " : indent + " ".repeat(8);
        StringBuilder b = new StringBuilder();
        StringBuilder current = new StringBuilder(pieces[0]);
        for (int i = 1; i < pieces.length; i++) {
            if (current.length() + pieces[i].stripTrailing().length() > WIDTH) {
                b.append(current.toString().stripTrailing()).append('\n');
                current.setLength(0);
                current.append(next);
            }
            current.append(pieces[i]);
        }
        return b.append(current).toString();
    }

    private static String lane(String text, String lane, int index) {
        return text.replace("%l", lane).replace("%i", Integer.toString(index));
    }
}
