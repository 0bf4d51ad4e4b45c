package bamboo.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command in the ```bash blocks of README.md, docs/quick-start.md and docs/user-guide.md runs, in the
 * order the documents give them, from the repository's root, so that none can rot. {@code ./bamboo} runs
 * the command line on this build's class path (the launcher script would build the tree again). A command
 * that finishes must exit 0; one that runs for minutes by design (the demo, a benchmark, the fuzzer) must
 * still be running without an error when its time is up. Maven's own commands (the build, the tests) are
 * left out: they are what runs this test.
 */
class DocumentedCommandsTest {
    static final List<String> DOCUMENTS = List.of("README.md", "docs/quick-start.md", "docs/user-guide.md");
    /** Commands that take minutes by design: started and watched for a while, then stopped. */
    private static final Pattern LONG = Pattern.compile("^\\./bamboo (demo|bench|fuzz)\\b.*");
    private static final long LONG_SECONDS = 30;
    private static final long BOUND_SECONDS = 180;
    private static final Pattern FENCE = Pattern.compile("(?ms)^```bash\\n(.*?)^```");

    static Path root() {
        Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("bamboo"))) {
            dir = dir.getParent();
        }
        return dir;
    }

    /** The distinct command lines of the documents' bash blocks, in document order. */
    static List<String> commands() throws IOException {
        Set<String> out = new LinkedHashSet<>();
        for (String doc : DOCUMENTS) {
            Matcher m = FENCE.matcher(Files.readString(root().resolve(doc), StandardCharsets.UTF_8));
            while (m.find()) {
                String block = m.group(1).replace("\\\n", " ");
                for (String line : block.split("\n")) {
                    String command = withoutComment(line).strip();
                    if (!command.isEmpty() && !command.startsWith("mvn ")) {
                        out.add(command);
                    }
                }
            }
        }
        return new ArrayList<>(out);
    }

    /** The line without a trailing {@code # comment} (outside quotes). */
    static String withoutComment(String line) {
        boolean single = false;
        boolean dbl = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'' && !dbl) {
                single = !single;
            } else if (c == '"' && !single) {
                dbl = !dbl;
            } else if (c == '#' && !single && !dbl && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    @Test
    void theDocumentsHaveCommandsToRun() throws IOException {
        List<String> commands = commands();
        assertTrue(commands.contains("./bamboo demo"), commands.toString());
        assertTrue(commands.stream().anyMatch(c -> c.startsWith("./bamboo run --translated")), commands.toString());
        assertTrue(commands.stream().anyMatch(c -> c.startsWith("./bamboo check --explain")), commands.toString());
        assertEquals("./bamboo run x ", withoutComment("./bamboo run x # a comment"));
        assertEquals("printf '#x' > y", withoutComment("printf '#x' > y"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void theDocumentedCommandRuns(String command) throws Exception {
        Matcher javaHome = Pattern.compile("--java-home (\\S+)").matcher(command);
        if (javaHome.find()) {
            assumeTrue(Files.isDirectory(Path.of(javaHome.group(1))), "no JDK at " + javaHome.group(1));
        }
        Path root = root();
        Files.createDirectories(root.resolve("target"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String bamboo = "bamboo_here() { '" + java + "' --add-exports java.base/jdk.internal.misc=ALL-UNNAMED"
                + " --add-opens java.base/jdk.internal.misc=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED"
                + " --add-opens java.base/java.nio=ALL-UNNAMED -Dbamboo.home='" + root + "' -cp '"
                + System.getProperty("java.class.path") + "' bamboo.cli.Main \"$@\"; }\n";
        String script = bamboo + "PATH='" + Path.of(java).getParent() + "':\"$PATH\"\n"
                + command.replaceAll("(^|[;&|]\\s*)\\./bamboo ", "$1bamboo_here ");
        Path out = Files.createTempFile("doc-command", ".out");
        Path err = Files.createTempFile("doc-command", ".err");
        Process p = new ProcessBuilder("bash", "-c", script).directory(root.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        boolean isLong = LONG.matcher(command).matches();
        boolean ended = p.waitFor(isLong ? LONG_SECONDS : BOUND_SECONDS, TimeUnit.SECONDS);
        if (!ended) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
        }
        String stdout = Files.readString(out);
        String stderr = Files.readString(err);
        Files.delete(out);
        Files.delete(err);
        String report = command + "\n--- out\n" + stdout + "--- err\n" + stderr;
        if (!ended) {
            assertTrue(isLong, "still running after " + BOUND_SECONDS + " s: " + report);
            assertFalse(stderr.lines().anyMatch(l -> l.startsWith("bamboo: ") && !l.startsWith("bamboo: warning")),
                    report);
            assertFalse(stderr.contains("Exception"), report);
            return;
        }
        assertEquals(0, p.exitValue(), report);
    }
}
