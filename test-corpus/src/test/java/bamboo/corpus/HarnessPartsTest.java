package bamboo.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.corpus.harness.Outputs;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The pieces the harness decides with: output comparison, the self-check, the feature scan. */
class HarnessPartsTest {
    @Test
    void outputsCompareAsSortedNonBlankLines() {
        assertEquals(List.of("a OK", "b OK"), Outputs.sortedLines("b OK\r\n\n  a OK  \n"));
    }

    @Test
    void selfCheckNeedsOutputAndOkOnEveryLine() {
        assertNull(Outputs.selfCheckProblem(List.of("x=1 OK", "y OK")));
        assertTrue(Outputs.selfCheckProblem(List.of()).contains("printed nothing"));
        assertTrue(Outputs.selfCheckProblem(List.of("x OK", "y=2 FAIL expected 3")).contains("y=2 FAIL"));
        assertTrue(Outputs.selfCheckProblem(List.of("stray debugging line")).contains("stray"));
    }

    @Test
    void featureScanFindsWhatTheShimLacks() {
        assertEquals(Set.of(), ShimFeatures.missing("int r = MPI.COMM_WORLD.Rank(); MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 0);"));
        assertEquals(Set.of("No_such_call"), ShimFeatures.missing("MPI.COMM_WORLD.No_such_call(1);"));
        assertEquals(Set.of("MPI.NO_SUCH_CONSTANT"), ShimFeatures.missing("int x = MPI.NO_SUCH_CONSTANT;"));
        assertEquals(Set.of(), ShimFeatures.missing("java.util.Arrays.sort(a); Math.max(1, 2); s.lowerCase();"));
        // Get_count is a method of Status, not of Request: a qualified static call names its class.
        assertEquals(Set.of("Request.Get_count"), ShimFeatures.missing("Request.Get_count(x);"));
        assertEquals(Set.of(), ShimFeatures.missing("Request.Waitall(reqs);"));
    }

    @Test
    void aGapExcusesOnlyItsOwnDiagnostic(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve("gaps.txt");
        java.nio.file.Files.writeString(file, "# comment\n\nring: collective Bcast(...) is not translated yet\n");
        assertEquals(java.util.Map.of("ring", "collective Bcast(...) is not translated yet"), TranslatorGaps.load(file));
        java.nio.file.Files.writeString(file, "no colon here\n");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, () -> TranslatorGaps.load(file));
    }

    @Test
    void listedGapsNameRealCasesAndExcuseOnlyTheirDiagnostic() {
        for (String name : TranslatorGaps.all().keySet()) {
            assertTrue(Corpus.all().containsKey(name), "translator-gaps.txt names no corpus case: " + name);
        }
        if (TranslatorGaps.all().isEmpty()) {
            return;
        }
        var gap = TranslatorGaps.all().entrySet().iterator().next();
        String text = gap.getValue();
        assertEquals(text, TranslatorGaps.excuse(gap.getKey(), List.of("X.java:45:38: error: " + text + " (...)")));
        assertNull(TranslatorGaps.excuse(gap.getKey(), List.of("X.java:1:1: error: something else")));
        assertNull(TranslatorGaps.excuse("no-such-case", List.of(text)));
    }

    @Test
    void everyCaseNamesItsMainClass() {
        for (CorpusProgram p : Corpus.all().values()) {
            assertTrue(p.source().getFileName().toString().equals(p.mainClass().replace("corpus.", "") + ".java"),
                    p.name() + ": main class " + p.mainClass() + " does not match " + p.source());
        }
    }
}
