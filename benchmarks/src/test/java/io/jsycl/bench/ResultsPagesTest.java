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
 * The current results pages ({@code benchmarks/results/h100.md}, {@code cpu.md}) against the runs they are generated
 * from, through {@code benchmarks/results/regenerate.py}: the committed pages are what the committed runs give, a newer
 * run replaces only the rows it measured, and runs no page cites are pruned. Needs {@code python3}; skipped, with a
 * message, where there is none.
 */
class ResultsPagesTest {
    /** The run that holds the launch rate, the sweep and the scan on the committed H100 page. */
    private static final String LATEST = "h100-2026-11-25-9712e31";
    private static Path results;

    @BeforeAll
    static void findResultsAndPython() throws Exception {
        // Surefire runs in the module's folder; from the repository root the folder is benchmarks/results.
        results = Files.isDirectory(Path.of("results", "runs")) ? Path.of("results") : Path.of("benchmarks", "results");
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
    void committedPagesAreWhatTheCommittedRunsGive() throws Exception {
        Result r = regenerate(results, "--check");

        assertThat(r.exit).as(r.output).isZero();
        assertThat(results.resolve("h100.md")).exists();
        assertThat(results.resolve("cpu.md")).exists();
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
        assertThat(r.output).contains("h100.md").contains("-| jsycl `q.submit` (in-order queue) | 5.62, 5.54, 6.11 | 4.00")
                .contains("results pages are not current: run python3 benchmarks/results/regenerate.py");
    }

    @Test
    void aNewerRunReplacesOnlyTheRowsItMeasured(@TempDir Path dir) throws Exception {
        Path copy = copyResults(dir);
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        String scan = Files.readString(copy.resolve("runs").resolve(LATEST).resolve("scan.md"));
        assertThat(scan).contains("| one pass | 2^26 | 20 | 214.32 |");
        Files.writeString(out.resolve("scan.md"), scan.replace("| 214.32 |", "| 199.99 |"));
        Files.writeString(out.resolve("logs.tgz"), "not a run result");
        Files.writeString(out.resolve("scan-pass-2.csv"), "a file no page reads");
        Files.writeString(out.resolve("run.properties"), """
                page=h100
                device=NVIDIA H100 80GB HBM3, driver 999.1
                date=2099-01-02T03:04:05Z
                commit=abc1234
                command=OUT=$OUT STEPS="scan" bash benchmarks/gpu/remote.sh
                """);

        Result r = regenerate(copy, "--add", out.toString());

        assertThat(r.exit).as(r.output).isZero();
        Path added = copy.resolve("runs").resolve("h100-2099-01-02-abc1234");
        assertThat(added.resolve("scan.md")).exists();
        assertThat(added.resolve("logs.tgz")).doesNotExist();
        assertThat(added.resolve("scan-pass-2.csv")).doesNotExist();
        String page = Files.readString(copy.resolve("h100.md"));
        String scanSection = section(page, "## Scan");
        assertThat(scanSection).contains("| one pass | 2^26 | 20 | 199.99 |").contains("| abc1234 | [2099-01-02]("
                + "runs/h100-2099-01-02-abc1234/) | `OUT=$OUT STEPS=\"scan\" bash benchmarks/gpu/remote.sh` |")
                .doesNotContain("214.32").doesNotContain("9712e31");
        assertThat(section(page, "## Launch rate")).contains("| 9712e31 |").doesNotContain("abc1234");
        assertThat(section(page, "## Size sweep")).contains("| 9712e31 |").doesNotContain("abc1234");
        // The older run still gives the sweep and the launch rate: nothing to prune.
        assertThat(r.output).doesNotContain("no page cites");
    }

    @Test
    void pruneDeletesTheRunsNoPageCitesAnyMore(@TempDir Path dir) throws Exception {
        Path copy = copyResults(dir);
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        Path older = copy.resolve("runs").resolve("h100-2026-11-25-e011829");
        Files.copy(older.resolve("jmh-submit.json"), out.resolve("jmh-submit.json"));
        Files.writeString(out.resolve("run.properties"), """
                page=h100
                device=NVIDIA H100 80GB HBM3, driver 999.1
                date=2099-01-02T03:04:05Z
                commit=def5678
                command=OUT=$OUT STEPS="jmh-submit" bash benchmarks/gpu/remote.sh
                """);

        Result check = regenerate(copy, "--add", out.toString());
        assertThat(check.exit).as(check.output).isZero();
        assertThat(check.output).contains("runs/h100-2026-11-25-e011829: no page cites it any more; --prune deletes it");
        assertThat(regenerate(copy, "--check").exit).isEqualTo(1);

        Result prune = regenerate(copy, "--prune");

        assertThat(prune.exit).as(prune.output).isZero();
        assertThat(older).doesNotExist();
        assertThat(copy.resolve("runs").resolve(LATEST)).exists();
        assertThat(section(Files.readString(copy.resolve("h100.md")), "## Submit cost")).contains("| def5678 |");
        assertThat(regenerate(copy, "--check").exit).isZero();
    }

    @Test
    void aRunWithoutItsPropertiesIsRefusedWithWhatToWrite(@TempDir Path dir) throws Exception {
        Path copy = copyResults(dir);
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        Files.writeString(out.resolve("run.properties"), "page=h100\ndate=2099-01-02\n");

        Result r = regenerate(copy, "--add", out.toString());

        assertThat(r.exit).isNotZero();
        assertThat(r.output).contains("run.properties: no device, commit, command")
                .contains("needs page, device, date, commit, command");
        assertThat(copy.resolve("runs").resolve("h100-2099-01-02-abc1234")).doesNotExist();
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
