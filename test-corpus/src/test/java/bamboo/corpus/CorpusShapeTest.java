package bamboo.corpus;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The corpus itself: big enough, every case a real annotated program, every case documented. */
class CorpusShapeTest {
    private static final Pattern OLAP_LABEL = Pattern.compile("\\bolap\\w*\\s*:");

    @Test
    void holdsAtLeastTwentyFivePrograms() {
        assertTrue(Corpus.names().size() >= 25, "only " + Corpus.names().size() + " programs: " + Corpus.names());
    }

    @Test
    void everyProgramHasARegionAndStartsAndEndsMpi() {
        for (CorpusProgram p : Corpus.all().values()) {
            String text = p.text();
            // A region may stand in the program's other classes (a kernel in another package).
            assertTrue(OLAP_LABEL.matcher(text).find() || p.others().stream().anyMatch(f -> {
                try {
                    return OLAP_LABEL.matcher(java.nio.file.Files.readString(f)).find();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }), p.name() + " has no olap region");
            assertTrue(text.contains("MPI.Init(args)"), p.name() + " does not call MPI.Init(args)");
            assertTrue(text.contains("MPI.Finalize()"), p.name() + " does not call MPI.Finalize()");
            assertTrue(text.contains("import bamboo.Bamboo;"), p.name() + " does not import bamboo.Bamboo");
        }
    }

    @Test
    void everyProgramHasItsExpectedOutput() {
        List<String> without = Corpus.all().values().stream().filter(p -> p.expected().isEmpty())
                .map(CorpusProgram::name).toList();
        assertTrue(without.isEmpty(), "cases without expected.txt: " + without);
    }

    @Test
    void everyProgramIsDocumented() throws IOException {
        Path doc = Corpus.directory().toAbsolutePath().getParent().getParent().resolve("docs/test-corpus.md");
        String text = Files.readString(doc, StandardCharsets.UTF_8);
        List<String> undocumented = Corpus.names().stream().filter(n -> !text.contains("`" + n + "`")).toList();
        assertTrue(undocumented.isEmpty(), "cases missing from docs/test-corpus.md: " + undocumented);
    }
}
