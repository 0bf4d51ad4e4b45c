package bamboo.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import bamboo.corpus.bad.BadCorpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input corpus (test-corpus/bad) through javac with the processor: compilation fails with exactly
 * the expected errors at javac's positions (processor.txt where javac's answer differs, for the reason
 * given there), no generated source is written, and the sources are byte for byte unchanged.
 */
class BadCorpusTest {
    /** The processor's message: "bamboo: MESSAGE (File.java:LINE:COL)". */
    private static final Pattern OURS = Pattern.compile("^bamboo: (.*) \\(([^()]+\\.java):(\\d+):(\\d+)\\)$", Pattern.DOTALL);

    @TempDir
    Path tmp;

    static Stream<BadCorpus.Case> cases() {
        return BadCorpus.cases().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void javacWithTheProcessorRefusesWithExactlyTheExpectedErrors(BadCorpus.Case c) throws Exception {
        Map<String, String> inputs = BadCorpus.hashes(c.dir());
        InProcessCompiler.Outcome o = InProcessCompiler.compile(List.of(c.source()), tmp.resolve("classes"),
                tmp.resolve("generated"), List.of(new BambooProcessor()));
        assertFalse(o.success(), "javac accepted " + c);
        List<String> errors = o.errors().stream().map(BadCorpusTest::line).toList();
        assertEquals(c.expected(BadCorpus.Tool.PROCESSOR), errors);
        List<String> written;
        try (Stream<Path> generated = Files.walk(tmp.resolve("generated"))) {
            written = generated.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).sorted().toList();
        }
        String program = c.source().getFileName().toString().replace(".java", "");
        // Only where processor.txt says so (and why): a program javac then refuses gets its companions.
        assertEquals(c.companionsWritten(BadCorpus.Tool.PROCESSOR)
                ? List.of(program + "_Bamboo.java", program + "_BambooTask.java") : List.of(), written);
        assertEquals(inputs, BadCorpus.hashes(c.dir()), "javac or the processor changed its inputs");
    }

    /** {@code File.java:LINE:COL: error: message} at javac's position ({@code *:*} in a generated companion);
     *  our messages without their wrapping. */
    private static String line(Diagnostic<? extends JavaFileObject> d) {
        String file = Path.of(d.getSource().toUri()).getFileName().toString();
        String message = d.getMessage(Locale.ROOT);
        Matcher m = OURS.matcher(message);
        String text = m.matches() ? m.group(1) : oneLine(message);
        // In a generated companion the position follows the generated code's layout, not a contract.
        String at = file.endsWith("_Bamboo.java") || file.endsWith("_BambooTask.java") ? "*:*"
                : d.getLineNumber() + ":" + d.getColumnNumber();
        return file + ":" + at + ": error: " + text;
    }

    /** javac's message on one line, as bamboo check prints it: the headline, then its details in parentheses. */
    private static String oneLine(String message) {
        List<String> lines = message.lines().map(l -> l.strip().replaceAll("\\s+", " ")).filter(l -> !l.isEmpty())
                .collect(Collectors.toList());
        if (lines.size() <= 1) {
            return lines.isEmpty() ? "" : lines.get(0);
        }
        return lines.get(0) + " (" + String.join(", ", lines.subList(1, lines.size())) + ")";
    }
}
