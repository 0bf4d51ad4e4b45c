package bamboo.translator;

import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.parse.SourceFile;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Diagnostic tests in the Error Prone style: the source and the expected errors side by side. A line
 * {@code // ERROR: text} says that the next line must get an error whose message contains {@code text};
 * any other error fails the test.
 */
public final class DiagnosticHelper {
    private static final String MARK = "// ERROR: ";
    private final List<SourceFile> files = new ArrayList<>();
    private final List<SourceFile> collectives = new ArrayList<>();
    private final List<String[]> expected = new ArrayList<>(); // file, line, text

    public static DiagnosticHelper create() {
        return new DiagnosticHelper();
    }

    public DiagnosticHelper addSourceLines(String name, String... lines) {
        for (int i = 0; i < lines.length; i++) {
            int at = lines[i].indexOf(MARK);
            if (at >= 0) {
                expected.add(new String[] {name, String.valueOf(i + 2), lines[i].substring(at + MARK.length()).strip()});
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

    /** Runs check and translate; both must report exactly the expected errors and translate nothing. */
    public void doTest() {
        TranslationResult r = translator().translate(files);
        List<Diagnostic> got = new ArrayList<>(r.diagnostics());
        if (expected.isEmpty()) {
            assertEquals(List.of(), got, "expected no diagnostics");
            return;
        }
        if (!r.generated().isEmpty()) {
            fail("a program with errors must translate to nothing");
        }
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
                fail("expected an error at " + e[0] + ":" + e[1] + " containing '" + e[2] + "', got:\n" + lines(got));
            }
            unmatched.remove(match);
        }
        if (!unmatched.isEmpty()) {
            fail("unexpected errors:\n" + lines(unmatched));
        }
        assertEquals(got, translator().check(files).diagnostics(), "check and translate disagree");
    }

    private static String lines(List<Diagnostic> ds) {
        StringBuilder b = new StringBuilder();
        ds.forEach(d -> b.append("  ").append(d).append('\n'));
        return b.toString();
    }
}
