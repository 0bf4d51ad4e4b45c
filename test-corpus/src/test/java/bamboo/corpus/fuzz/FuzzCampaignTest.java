package bamboo.corpus.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.corpus.harness.Javac;
import bamboo.corpus.harness.RunOutcome;
import bamboo.corpus.harness.ShimRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The differential fuzzer on a fixed range of seeds: every program must run clean (translated output
 * identical to untranslated at every task, worker and node count), none refused, none invalid. The
 * count is {@code -Dbamboo.fuzz.count} (default {@link #DEFAULT_COUNT}), the first seed
 * {@code -Dbamboo.fuzz.seed}.
 */
class FuzzCampaignTest {
    static final int DEFAULT_COUNT = 60;

    @Test
    @Timeout(value = 900, unit = TimeUnit.SECONDS)
    void generatedProgramsRunTheSameTranslated() {
        int count = Integer.getInteger("bamboo.fuzz.count", DEFAULT_COUNT);
        long seed = Long.getLong("bamboo.fuzz.seed", 1_000);
        RunPlan plan = RunPlan.standard().withRanks(List.of(1, 2, 3, 5));
        Campaign.Settings settings = new Campaign.Settings(seed, count, plan, Paths.get("target", "fuzz-work"), null,
                Paths.get("target", "fuzz-found"), 200);
        Campaign.Summary s = Campaign.run(settings, (index, sd, verdict, soFar) -> {
        });
        System.err.printf("fuzz: %d programs (seeds %d..%d) in %.1f s: %d clean, %d diverged, %d refused, %d invalid%n",
                s.ran(), seed, seed + count - 1, s.elapsedNanos() / 1e9, s.clean(), s.diverged(), s.refused(), s.invalid());
        String findings = s.findings().stream()
                .map(f -> "seed " + f.seed() + " " + f.verdict().kind() + (f.writtenCase() != null ? " -> " + f.writtenCase() : "")
                        + "\n" + f.verdict().detail())
                .collect(Collectors.joining("\n"));
        assertEquals(count, s.clean(), findings);
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aCaseWrittenForTheCorpusChecksItselfAtEveryRankCount(@TempDir Path dir) throws Exception {
        Program p = new Program(42, List.of(
                new Node.Exchange(1, Node.Pattern.RING, 1, 3, false, true, 1, false, 1, List.of(new Node.LocalWork(2))),
                new Node.Collective(3, Node.CollectiveKind.ALLREDUCE, 0, Node.Op.SUM, false)));
        Path caseDir = CorpusCaseWriter.write(p, dir.resolve("out"), dir.resolve("work"));
        assertEquals("fuzz-42", caseDir.getFileName().toString());
        assertEquals(List.of("fuzz-42 OK"), Files.readAllLines(caseDir.resolve("expected.txt")));
        Path source = caseDir.resolve("Fuzz42.java");
        String text = Files.readString(source, StandardCharsets.UTF_8);
        assertTrue(text.contains("@Bamboo") && text.contains("EXPECTED"), text);
        Path classes = dir.resolve("classes");
        Javac.compile("case", List.of(source), Javac.shimClassPath(), classes, true);
        for (int np : new int[] {2, 7, 16}) {
            RunOutcome run = ShimRun.run("fuzz-42", classes, "Fuzz42", np, 1, 0);
            assertEquals(List.of("fuzz-42 OK"), run.sortedLines(), run.label() + " " + run.problem());
        }
    }
}
