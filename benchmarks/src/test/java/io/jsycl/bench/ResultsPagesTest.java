package io.jsycl.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The current results pages ({@code benchmarks/results/h100.md}, {@code cpu.md} ...) and
 * {@code benchmarks/results/regenerate.py}, which merges runs into them: the committed pages are in the script's
 * layout and unedited, a newer run replaces only the rows it measured and leaves no file beside the pages, and a run
 * without its properties or without anything a page reads is refused. Needs {@code python3}; skipped, with a message,
 * where there is none.
 */
class ResultsPagesTest {
    private static Path results;

    /** A complete run.properties of a run on the H100 that measured the scan. */
    private static final String RUN_PROPERTIES = """
            page=h100
            device=NVIDIA H100 80GB HBM3, driver 999.1
            date=2099-01-02T03:04:05Z
            commit=abc1234
            command=OUT=$OUT STEPS="scan" bash benchmarks/gpu/remote.sh
            """;

    @BeforeAll
    static void findResultsAndPython() throws Exception {
        // Surefire runs in the module's folder; from the repository root the folder is benchmarks/results.
        results = Files.isRegularFile(Path.of("results", "regenerate.py")) ? Path.of("results")
                : Path.of("benchmarks", "results");
        assertThat(results.resolve("regenerate.py")).exists();
        boolean python;
        try {
            Process p = new ProcessBuilder("python3", "--version").redirectErrorStream(true).start();
            python = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            python = false;
        }
        Assumptions.assumeTrue(python, "python3 is not on the PATH: ResultsPagesTest runs benchmarks/results/regenerate.py");
    }

    @Test
    void theCommittedPagesAreCurrentAndTheOnlyFilesBesideTheScript() throws Exception {
        Result r = regenerate(results, "--check");

        assertThat(r.exit).as(r.output).isZero();
        try (Stream<Path> files = Files.list(results)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .contains("h100.md", "cpu.md", "regenerate.py").allMatch(n -> n.endsWith(".md") || n.equals(
                            "regenerate.py"));
        }
    }

    @Test
    void aHandEditedPageFailsTheCheck(@TempDir Path dir) throws Exception {
        Path copy = copyResults(dir);
        Path page = copy.resolve("h100.md");
        String text = Files.readString(page);
        assertThat(text).contains("| 5.86 (4.83–8.31) |");
        Files.writeString(page, text.replace("| 5.86 (4.83–8.31) |", "| 4.00 (4.00–4.00) |"));

        Result r = regenerate(copy, "--check");

        assertThat(r.exit).as(r.output).isEqualTo(1);
        assertThat(r.output).contains("h100.md").contains("were edited by hand")
                .contains("results pages are not current");
    }

    @Test
    void aNewerRunReplacesOnlyTheRowsItMeasuredAndLeavesNoFileBehind(@TempDir Path dir) throws Exception {
        Path copy = copyResults(dir);
        assertThat(section(Files.readString(copy.resolve("h100.md")), "## Scan")).contains("| 214.32 |")
                .contains("| 9712e31 |");
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        Files.writeString(out.resolve("scan.md"), """
                | scan | n | reps | per op µs | kernel µs | per op GB/s | kernel GB/s | check |
                |---|---|---|---|---|---|---|---|
                | one pass | 2^26 | 20 | 199.99 | 215.52 | 2505.0 | 2491.0 | ok |
                """);
        Files.writeString(out.resolve("logs.tgz"), "not a run result");
        Files.writeString(out.resolve("run.properties"), RUN_PROPERTIES);

        Result r = regenerate(copy, "--add", out.toString());

        assertThat(r.exit).as(r.output).isZero();
        String page = Files.readString(copy.resolve("h100.md"));
        assertThat(section(page, "## Scan")).contains("| one pass | 2^26 | 20 | 199.99 |")
                .contains("| abc1234 | 2099-01-02 | `OUT=$OUT STEPS=\"scan\" bash benchmarks/gpu/remote.sh` |")
                .doesNotContain("214.32").doesNotContain("9712e31");
        assertThat(section(page, "## Launch rate")).contains("| 9712e31 |").doesNotContain("abc1234");
        assertThat(section(page, "## Size sweep")).contains("| 9712e31 |").doesNotContain("abc1234");
        assertThat(regenerate(copy, "--check").exit).isZero();
        try (Stream<Path> files = Files.list(copy)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .allMatch(n -> n.endsWith(".md") || n.equals("regenerate.py"));
        }
    }

    @Test
    void aRunWithoutItsPropertiesIsRefusedWithWhatToWrite(@TempDir Path dir) throws Exception {
        Path copy = copyResults(dir);
        String before = Files.readString(copy.resolve("h100.md"));
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        Files.writeString(out.resolve("run.properties"), "page=h100\ndate=2099-01-02\n");

        Result r = regenerate(copy, "--add", out.toString());

        assertThat(r.exit).isNotZero();
        assertThat(r.output).contains("run.properties: no device, commit, command")
                .contains("needs page, device, date, commit, command");
        assertThat(Files.readString(copy.resolve("h100.md"))).isEqualTo(before);
    }

    @Test
    void aRunWithNothingAPageReadsIsRefused(@TempDir Path dir) throws Exception {
        Path copy = copyResults(dir);
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        Files.writeString(out.resolve("logs.tgz"), "not a run result");
        Files.writeString(out.resolve("run.properties"), RUN_PROPERTIES);

        Result r = regenerate(copy, "--add", out.toString());

        assertThat(r.exit).as(r.output).isNotZero();
        assertThat(r.output).contains("no file a page reads");
    }

    /** The text of one "## " section of a page, up to the next. */
    private static String section(String page, String heading) {
        int start = page.indexOf(heading + "\n");
        assertThat(start).as("section " + heading).isNotNegative();
        int end = page.indexOf("\n## ", start + heading.length());
        return page.substring(start, end < 0 ? page.length() : end);
    }

    private static Path copyResults(Path dir) throws IOException {
        Path copy = dir.resolve("results");
        try (Stream<Path> files = Files.walk(results)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                Path target = copy.resolve(results.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return copy;
    }

    private record Result(int exit, String output) {}

    private static Result regenerate(Path resultsDir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3", results.resolve("regenerate.py").toString(),
                "--results", resultsDir.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] output = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("regenerate.py finished within 60 s").isTrue();
        return new Result(p.exitValue(), new String(output, StandardCharsets.UTF_8));
    }
}
