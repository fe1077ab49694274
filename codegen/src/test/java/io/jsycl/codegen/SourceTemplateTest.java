package io.jsycl.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SourceTemplateTest {
    @Test
    void valuesComeFromTheInnermostContextThatHasThem() {
        assertThat(render("{{a}} {{b}}\n", Map.of("a", "outer", "b", "B"), Map.of("a", "inner")))
                .isEqualTo("inner B\n");
    }

    @Test
    void flagsAndStringsKeepOrDropASectionAndInvertedSectionsDoTheOpposite() {
        String t = "{{#on}}on{{/on}}{{^on}}off{{/on}}|{{#s}}[{{s}}]{{/s}}{{^s}}none{{/s}}\n";
        assertThat(render(t, Map.of("on", true, "s", "x"))).isEqualTo("on|[x]\n");
        assertThat(render(t, Map.of("on", false, "s", ""))).isEqualTo("off|none\n");
    }

    @Test
    void aListWritesItsSectionOncePerElementWithTheElementInnermost() {
        String t = "permits {{#types}}{{name}}{{^last}}, {{/last}}{{/types}}{{^types}}nothing{{/types}} {\n";
        List<Map<String, Object>> types = List.of(Map.of("name", "A", "last", false), Map.of("name", "B", "last", true));
        assertThat(render(t, Map.of("types", types))).isEqualTo("permits A, B {\n");
        assertThat(render(t, Map.of("types", List.of()))).isEqualTo("permits nothing {\n");
    }

    @Test
    void linesHoldingOnlyATagOrACommentLeaveNoLine() {
        String t = """
                {{! a comment, which may hold {@code braces} }}
                class A {
                {{#members}}
                    int {{name}};
                {{/members}}
                }
                """;
        assertThat(render(t, Map.of("members", List.of(Map.of("name", "x"), Map.of("name", "y")))))
                .isEqualTo("class A {\n    int x;\n    int y;\n}\n");
    }

    @Test
    void aPartialIsIndentedAsItsTagExceptOnEmptyLines() {
        SourceTemplate outer = SourceTemplate.parse("outer", "class A {\n    {{>body}}\n}\n");
        SourceTemplate body = SourceTemplate.parse("body", "\nvoid {{name}}() {\n}\n");
        String text = outer.render(contexts(Map.of("name", "run")), name -> body);
        assertThat(text).isEqualTo("class A {\n\n    void run() {\n    }\n}\n");
    }

    @Test
    void aBreakTagMarksWhereALongLineMayWrap() {
        assertThat(render("f(a, {{~}}b);\n", Map.of())).isEqualTo("f(a, " + SourceTemplate.BREAK + "b);\n");
    }

    @Test
    void wrapBreaksOnlyWhereABreakTagWasAndDropsTheMarks() {
        String line = "        return f(" + String.join(", " + SourceTemplate.BREAK, Collections.nCopies(60, "a")) + ");";
        String wrapped = SourceTemplate.wrap(line, 120);
        assertThat(wrapped.lines()).hasSizeGreaterThan(1).allSatisfy(l -> {
            assertThat(l.length()).isLessThanOrEqualTo(120);
            assertThat(l).doesNotEndWith(" ").doesNotContain(SourceTemplate.BREAK);
        });
        assertThat(wrapped.lines().skip(1)).allSatisfy(l -> assertThat(l).startsWith(" ".repeat(16) + "a"));
        assertThat(SourceTemplate.wrap("     * {@code (a, " + SourceTemplate.BREAK + "b)}", 12).lines())
                .containsExactly("     * {@code (a,", "     *     b)}");
    }

    @Test
    void aNameWithNoValueIsAnErrorNamingTheTemplateAndTheName() {
        assertThatThrownBy(() -> render("{{missing}}\n", Map.of()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("t: no value for {{missing}}");
    }

    @Test
    void sectionsMustBeClosedInOrder() {
        assertThatThrownBy(() -> SourceTemplate.parse("t", "{{#a}}\n{{#b}}\n{{/a}}\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("t:3: {{/a}} closes {{#b}}");
        assertThatThrownBy(() -> SourceTemplate.parse("t", "{{#a}}\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("{{#a}} is not closed");
        assertThatThrownBy(() -> SourceTemplate.parse("t", "x {{a\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("t:1: '{{' not closed");
    }

    @SafeVarargs
    private static String render(String template, Map<String, ?>... outermostFirst) {
        return SourceTemplate.parse("t", template).render(contexts(outermostFirst), name -> {
            throw new AssertionError("no partials here: " + name);
        });
    }

    @SafeVarargs
    private static Deque<Map<String, ?>> contexts(Map<String, ?>... outermostFirst) {
        Deque<Map<String, ?>> contexts = new ArrayDeque<>();
        for (Map<String, ?> c : outermostFirst) {
            contexts.push(c);
        }
        return contexts;
    }
}
