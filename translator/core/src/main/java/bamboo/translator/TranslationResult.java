package bamboo.translator;

import bamboo.translator.diagnostics.Diagnostic;

import java.util.List;

/**
 * What a translation produced: either diagnostics (and nothing else) or the companion sources; and, when
 * it succeeded, notes on what became of each region and evaluation point (sorted by position). Warnings
 * come either way: they never fail a translation.
 */
public record TranslationResult(List<Diagnostic> diagnostics, List<GeneratedSource> generated, int programs,
                                List<Diagnostic> notes, List<Diagnostic> warnings) {
    public TranslationResult {
        diagnostics = List.copyOf(diagnostics);
        generated = List.copyOf(generated);
        notes = List.copyOf(notes);
        warnings = List.copyOf(warnings);
    }

    /** A result without warnings. */
    public TranslationResult(List<Diagnostic> diagnostics, List<GeneratedSource> generated, int programs,
                             List<Diagnostic> notes) {
        this(diagnostics, generated, programs, notes, List.of());
    }

    public boolean ok() {
        return diagnostics.isEmpty();
    }
}
