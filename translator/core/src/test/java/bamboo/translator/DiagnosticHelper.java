package bamboo.translator;

import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.parse.SourceFile;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Diagnostic tests in the Error Prone style: the source and the expected errors side by side. A line
 * {@code // ERROR: text} says that the next line must get an error whose message contains {@code text},
 * {@code // WARNING: text} the same for a warning (marks stacked on one another all mean the line after
 * them); any other error or warning fails the test.
 */
public final class DiagnosticHelper {
    private static final String MARK = "// ERROR: ";
    private static final String WARNING_MARK = "// WARNING: ";
    private final List<SourceFile> files = new ArrayList<>();
    private final List<SourceFile> collectives = new ArrayList<>();
    private final List<String[]> expected = new ArrayList<>(); // file, line, text
    private final List<String[]> expectedWarnings = new ArrayList<>();

    public static DiagnosticHelper create() {
        return new DiagnosticHelper();
    }

    public DiagnosticHelper addSourceLines(String name, String... lines) {
        for (int i = 0; i < lines.length; i++) {
            int target = i + 1; // marks stacked on one another all mean the next line that is not a mark
            while (target < lines.length && (lines[target].contains(MARK) || lines[target].contains(WARNING_MARK))) {
                target++;
            }
            String line = String.valueOf(target + 1);
            int at = lines[i].indexOf(MARK);
            if (at >= 0) {
                expected.add(new String[] {name, line, lines[i].substring(at + MARK.length()).strip()});
            }
            int w = lines[i].indexOf(WARNING_MARK);
            if (w >= 0) {
                expectedWarnings.add(new String[] {name, line, lines[i].substring(w + WARNING_MARK.length()).strip()});
            }
        }
        files.add(new SourceFile(name, String.join("\n", lines) + "\n"));
        return this;
    }

    /** The lines of a program: a head, a body given by the test, a tail (one array, as the tests write sources). */
    public static String[] joined(String[] head, String[] body, String[] tail) {
        String[] all = new String[head.length + body.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        System.arraycopy(tail, 0, all, head.length + body.length, tail.length);
        return all;
    }

    /** A file of the user's collectives ({@code --collectives DIR}), with expected errors marked the same way. */
    public DiagnosticHelper addCollectivesLines(String name, String... lines) {
        addSourceLines(name, lines);
        collectives.add(files.remove(files.size() - 1));
        return this;
    }

    private Translator translator() {
        return collectives.isEmpty() ? new Translator() : new Translator().withCollectives(collectives);
    }

    /**
     * Runs check and translate; both must report exactly the expected errors and warnings, and translate
     * nothing when there are errors (something when there are none).
     */
    public void doTest() {
        TranslationResult r = translator().translate(files);
        List<Diagnostic> got = new ArrayList<>(r.diagnostics());
        match("error", expected, got);
        match("warning", expectedWarnings, r.warnings());
        if (expected.isEmpty() != r.ok() || !r.ok() && !r.generated().isEmpty()) {
            fail("a program translates to nothing exactly when it has errors");
        }
        TranslationResult checked = translator().check(files);
        assertEquals(got, checked.diagnostics(), "check and translate disagree");
        assertEquals(r.warnings(), checked.warnings(), "check and translate disagree on warnings");
    }

    private static void match(String kind, List<String[]> expected, List<Diagnostic> got) {
        List<Diagnostic> unmatched = new ArrayList<>(got);
        for (String[] e : expected) {
            Diagnostic match = null;
            for (Diagnostic d : unmatched) {
                if (d.file().equals(e[0]) && d.line() == Integer.parseInt(e[1]) && d.message().contains(e[2])) {
                    match = d;
                    break;
                }
            }
            if (match == null) {
                fail("expected " + kind + " at " + e[0] + ":" + e[1] + " containing '" + e[2] + "', got:\n"
                        + lines(got));
            }
            unmatched.remove(match);
        }
        if (!unmatched.isEmpty()) {
            fail("unexpected " + kind + "s:\n" + lines(unmatched));
        }
    }

    private static String lines(List<Diagnostic> ds) {
        StringBuilder b = new StringBuilder();
        ds.forEach(d -> b.append("  ").append(d).append('\n'));
        return b.toString();
    }
}
