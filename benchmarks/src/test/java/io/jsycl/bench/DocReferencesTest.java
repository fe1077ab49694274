package io.jsycl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every pointer to a section of a Markdown file in the repository's sources and docs (a file's path followed by a
 * quoted heading, by "section" and a number, or by a #anchor) names a file in the repository that has that section,
 * so a reader can follow it. Lives here because the results pages are what most such pointers name.
 */
class DocReferencesTest {
    private static final Pattern REFERENCE = Pattern.compile(
            "([A-Za-z0-9_./-]*[A-Za-z0-9_-]\\.md)(?:#([a-z0-9-]+)|,? \"([^\"]+)\"|,? (section \\d+))");

    @Test
    void everySectionPointerNamesAFileOfTheRepositoryAndOneOfItsHeadings() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        if (!Files.exists(root.resolve("mvnw"))) {
            root = root.getParent(); // Surefire runs in the module's folder.
        }
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path file : sources(root)) {
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                // A pointer may wrap onto the next line of a comment: join the two.
                String text = lines.get(i) + (i + 1 < lines.size() ? " " + lines.get(i + 1).replaceFirst("^\\s*\\*?\\s*", "") : "");
                Matcher m = REFERENCE.matcher(text);
                while (m.find() && m.start() < lines.get(i).length()) {
                    checked++;
                    String where = root.relativize(file) + ":" + (i + 1) + ": " + m.group();
                    Path target = resolve(root, file, m.group(1));
                    if (target == null) {
                        broken.add(where + ": no such file in the repository");
                    } else if (m.group(4) != null) {
                        broken.add(where + ": name the section by its heading, not its number");
                    } else if (!hasSection(target, m.group(2), m.group(3))) {
                        broken.add(where + ": " + root.relativize(target) + " has no such heading");
                    }
                }
            }
        }
        assertThat(checked).as("section pointers found").isGreaterThan(5);
        assertThat(broken).as("pointers to a section that is not there").isEmpty();
    }

    private static List<Path> sources(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> {
                String s = root.relativize(p).toString().replace('\\', '/');
                return (s.endsWith(".java") || s.endsWith(".md")) && !s.startsWith(".") && !s.contains("/target/")
                        && !s.contains("/.");
            }).sorted().toList();
        }
    }

    /** The file a pointer names: beside the citing file, from the repository root, or under docs/. */
    private static Path resolve(Path root, Path from, String name) {
        for (Path base : List.of(from.getParent(), root, root.resolve("docs"))) {
            Path p = base.resolve(name).normalize();
            if (p.startsWith(root) && Files.isRegularFile(p)) {
                return p;
            }
        }
        return null;
    }

    private static boolean hasSection(Path target, String anchor, String heading) throws IOException {
        for (String line : Files.readAllLines(target)) {
            if (!line.startsWith("#")) {
                continue;
            }
            String title = line.replaceFirst("^#+\\s*", "").trim();
            if (heading != null && title.equals(heading)) {
                return true;
            }
            String slug = title.toLowerCase().replaceAll("[^a-z0-9 -]", "").replace(' ', '-');
            if (anchor != null && slug.equals(anchor)) {
                return true;
            }
        }
        return false;
    }
}
