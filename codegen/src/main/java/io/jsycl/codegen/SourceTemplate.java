package io.jsycl.codegen;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A parsed template of a generated source file, in a small subset of Mustache's notation: the one notation of
 * {@link Codegen}'s templates. Values come from a stack of contexts (maps of names to values), innermost first:
 * <ul>
 *   <li>{@code {{name}}}: the value of {@code name};
 *   <li>{@code {{#name}} .. {{/name}}}: the text between once if the value is {@code true} or a non-empty string, once
 *       per element if it is a list of contexts (each the innermost context while its copy is written), and not at
 *       all if it is {@code false}, an empty string or an empty list;
 *   <li>{@code {{^name}} .. {{/name}}}: the text between only where {@code {{#name}}} would leave it out;
 *   <li>{@code {{>name}}}: the template {@code name}, with the same contexts, each of its lines indented as the tag;
 *   <li>{@code {{! text}}}: a comment, which leaves nothing (on a line of its own, it may hold braces);
 *   <li>{@code {{~}}}: where a line too long may break ({@link #wrap}).
 * </ul>
 * A line holding nothing but one section, closing, partial or comment tag leaves no line of its own. A name with no
 * value in any context is an error, so that a misspelt name cannot leave a hole in a source.
 */
final class SourceTemplate {
    /** Marks where {@link #wrap} may break a line: a {@code {{~}}} tag, after a separator between list elements. */
    static final String BREAK = "\u0001";
    private static final Pattern STANDALONE = Pattern.compile("([ \\t]*)\\{\\{([#^/>])\\s*([^}]*?)\\s*}}[ \\t]*");
    private static final Pattern COMMENT = Pattern.compile("[ \\t]*\\{\\{!.*}}[ \\t]*");

    private final String name;
    private final List<Node> nodes;

    private SourceTemplate(String name, List<Node> nodes) {
        this.name = name;
        this.nodes = nodes;
    }

    /**
     * Parses a template.
     *
     * @param name the template's name, for messages
     * @param text the template
     * @throws IllegalArgumentException if a tag is not closed or a section not ended, with the line
     */
    static SourceTemplate parse(String name, String text) {
        Deque<Section> open = new ArrayDeque<>();
        List<Node> root = new ArrayList<>();
        int lineNumber = 0;
        for (int start = 0; start < text.length(); lineNumber++) {
            int end = text.indexOf('\n', start);
            String line = end < 0 ? text.substring(start) : text.substring(start, end);
            String newline = end < 0 ? "" : "\n";
            start = end < 0 ? text.length() : end + 1;
            List<Node> into = open.isEmpty() ? root : open.peek().children;
            Matcher standalone = STANDALONE.matcher(line);
            if (COMMENT.matcher(line).matches()) {
                continue;
            }
            if (standalone.matches()) {
                tag(name, lineNumber, standalone.group(2).charAt(0), standalone.group(3), standalone.group(1), open, into);
                continue;
            }
            int at = 0;
            for (int tagStart = line.indexOf("{{"); tagStart >= 0; tagStart = line.indexOf("{{", at)) {
                int tagEnd = line.indexOf("}}", tagStart);
                if (tagEnd < 0) {
                    throw new IllegalArgumentException(where(name, lineNumber) + "'{{' not closed: " + line);
                }
                into.add(new Text(line.substring(at, tagStart)));
                String tag = line.substring(tagStart + 2, tagEnd).strip();
                char kind = tag.isEmpty() ? ' ' : tag.charAt(0);
                if (kind == '~') {
                    into.add(new Text(BREAK));
                } else if ("#^/>!".indexOf(kind) >= 0) {
                    tag(name, lineNumber, kind, tag.substring(1).strip(), "", open, into);
                } else {
                    into.add(new Value(tag));
                }
                into = open.isEmpty() ? root : open.peek().children;
                at = tagEnd + 2;
            }
            into.add(new Text(line.substring(at) + newline));
        }
        if (!open.isEmpty()) {
            throw new IllegalArgumentException(name + ": {{#" + open.peek().name + "}} is not closed");
        }
        return new SourceTemplate(name, List.copyOf(root));
    }

    private static void tag(String template, int line, char kind, String name, String indent, Deque<Section> open,
            List<Node> into) {
        switch (kind) {
            case '#', '^' -> {
                Section s = new Section(name, kind == '^', new ArrayList<>());
                into.add(s);
                open.push(s);
            }
            case '/' -> {
                if (open.isEmpty() || !open.peek().name.equals(name)) {
                    throw new IllegalArgumentException(where(template, line) + "{{/" + name + "}} closes "
                            + (open.isEmpty() ? "no section" : "{{#" + open.peek().name + "}}"));
                }
                open.pop();
            }
            case '>' -> into.add(new Partial(name, indent));
            default -> {
                // '!': a comment.
            }
        }
    }

    private static String where(String template, int line) {
        return template + ":" + (line + 1) + ": ";
    }

    /**
     * Writes the template.
     *
     * @param contexts the contexts, innermost first
     * @param partials the template of each name a {@code {{>name}}} tag gives
     * @return the text, with {@link #BREAK} where a line may break
     * @throws IllegalStateException if a name has no value or a section's value is of no kind above
     */
    String render(Deque<Map<String, ?>> contexts, Function<String, SourceTemplate> partials) {
        StringBuilder out = new StringBuilder();
        render(nodes, contexts, partials, out);
        return out.toString();
    }

    private void render(List<Node> list, Deque<Map<String, ?>> contexts, Function<String, SourceTemplate> partials,
            StringBuilder out) {
        for (Node n : list) {
            switch (n) {
                case Text t -> out.append(t.text);
                case Value v -> out.append(lookup(v.name, contexts));
                case Partial p -> {
                    String text = partials.apply(p.name).render(contexts, partials);
                    for (String line : text.split("(?<=\n)")) {
                        out.append(line.equals("\n") || line.isEmpty() ? "" : p.indent).append(line);
                    }
                }
                case Section s -> section(s, lookup(s.name, contexts), contexts, partials, out);
            }
        }
    }

    private void section(Section s, Object value, Deque<Map<String, ?>> contexts,
            Function<String, SourceTemplate> partials, StringBuilder out) {
        List<?> each = switch (value) {
            case Boolean b -> b ? List.of(Map.of()) : List.of();
            case String str -> str.isEmpty() ? List.of() : List.of(Map.of());
            case List<?> l -> l;
            default -> throw new IllegalStateException(name + ": {{#" + s.name + "}} is neither a flag, a string nor a list: "
                    + value);
        };
        if (s.inverted) {
            if (each.isEmpty()) {
                render(s.children, contexts, partials, out);
            }
            return;
        }
        for (Object context : each) {
            if (!(context instanceof Map<?, ?> m)) {
                throw new IllegalStateException(name + ": {{#" + s.name + "}} lists something other than contexts: "
                        + context);
            }
            @SuppressWarnings("unchecked") // Contexts are maps from names; the generator makes no other kind.
            Map<String, ?> inner = (Map<String, ?>) m;
            contexts.push(inner);
            try {
                render(s.children, contexts, partials, out);
            } finally {
                contexts.pop();
            }
        }
    }

    private Object lookup(String key, Deque<Map<String, ?>> contexts) {
        for (Map<String, ?> c : contexts) {
            if (c.containsKey(key)) {
                return c.get(key);
            }
        }
        throw new IllegalStateException(name + ": no value for {{" + key + "}}");
    }

    /**
     * Breaks a line longer than {@code width} after the last {@link #BREAK} that fits, continuing 8 columns further in
     * (after {@code " * "} in a comment), as the project's hand-written code wraps; then drops the markers.
     *
     * @param line one line of a rendered template
     * @param width the longest line wanted
     * @return the line, broken where needed, without markers
     */
    static String wrap(String line, int width) {
        String[] pieces = line.split(BREAK);
        String indent = line.substring(0, line.length() - line.stripLeading().length());
        String next = line.stripLeading().startsWith("*") ? indent + "*     " : indent + " ".repeat(8);
        StringBuilder b = new StringBuilder();
        StringBuilder current = new StringBuilder(pieces[0]);
        for (int i = 1; i < pieces.length; i++) {
            if (current.length() + pieces[i].stripTrailing().length() > width) {
                b.append(current.toString().stripTrailing()).append('\n');
                current.setLength(0);
                current.append(next);
            }
            current.append(pieces[i]);
        }
        return b.append(current).toString();
    }

    private sealed interface Node permits Text, Value, Section, Partial {
    }

    private record Text(String text) implements Node {
    }

    private record Value(String name) implements Node {
    }

    private record Section(String name, boolean inverted, List<Node> children) implements Node {
    }

    private record Partial(String name, String indent) implements Node {
    }
}
