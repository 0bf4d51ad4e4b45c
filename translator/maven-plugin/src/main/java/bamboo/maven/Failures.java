package bamboo.maven;

import bamboo.translator.diagnostics.Diagnostic;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;

import java.util.List;

/** Turns the translator's refusals into Maven errors: one {@code file:line:col: error: ...} line each. */
final class Failures {
    private Failures() {
    }

    /** The translator's warnings, one {@code file:line:col: warning: ...} line each. */
    static void warn(Log log, List<Diagnostic> warnings) {
        for (Diagnostic w : warnings) {
            log.warn(w.toString());
        }
    }

    static MojoFailureException refused(Log log, List<Diagnostic> diagnostics) {
        for (Diagnostic d : diagnostics) {
            log.error(d.toString());
        }
        String first = diagnostics.get(0).toString();
        return new MojoFailureException("Bamboo refused the translation with " + diagnostics.size()
                + (diagnostics.size() == 1 ? " error: " : " errors (see above), the first: ") + first);
    }
}
