package bamboo.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The known translator gaps of {@code test-corpus/translator-gaps.txt}: cases the translator refuses
 * today, each with a piece of the diagnostic. A refusal is excused only when it is listed with a
 * matching diagnostic, so a new refusal, or a different one, still fails.
 */
final class TranslatorGaps {
    private static volatile Map<String, String> gaps;

    private TranslatorGaps() {
    }

    /** The listed diagnostic text when {@code diagnostics} is the known refusal of {@code caseName}, else null. */
    static String excuse(String caseName, List<String> diagnostics) {
        String expected = all().get(caseName);
        if (expected == null) {
            return null;
        }
        return diagnostics.stream().anyMatch(d -> d.contains(expected)) ? expected : null;
    }

    static Map<String, String> all() {
        Map<String, String> g = gaps;
        if (g == null) {
            g = load(Corpus.directory().toAbsolutePath().getParent().resolve("translator-gaps.txt"));
            gaps = g;
        }
        return g;
    }

    static Map<String, String> load(Path file) {
        Map<String, String> g = new TreeMap<>();
        if (!Files.exists(file)) {
            return g;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String l = line.strip();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                int colon = l.indexOf(':');
                if (colon <= 0 || colon == l.length() - 1) {
                    throw new IllegalStateException(file + ": expected '<case>: <diagnostic text>', got: " + l);
                }
                g.put(l.substring(0, colon).strip(), l.substring(colon + 1).strip());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return g;
    }
}
