package bamboo.translator;

import bamboo.translator.diagnostics.Diagnostic;

import java.util.List;

/** What a translation produced: either diagnostics (and nothing else) or the companion sources. */
public record TranslationResult(List<Diagnostic> diagnostics, List<GeneratedSource> generated, int programs) {
    public boolean ok() {
        return diagnostics.isEmpty();
    }
}
