package bamboo.cli;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The golden programs, translated, compiled with javax.tools and run on the task-graph runtime, print
 * exactly what they print untranslated on the mpi-shim, at several task, worker and node counts.
 */
class TranslatedProgramsTest {
    static final Path GOLDEN = Path.of("../core/src/test/resources/golden");
    static final int[] TASKS = {1, 2, 4, 7};

    @TempDir
    Path tmp;

    @TestFactory
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    Stream<DynamicTest> sameOutputAsUntranslated() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(GOLDEN)) {
            for (Path dir : (Iterable<Path>) dirs.filter(Files::isDirectory).sorted()::iterator) {
                tests.add(DynamicTest.dynamicTest(dir.getFileName().toString(), () -> check(dir)));
            }
        }
        assertFalse(tests.isEmpty());
        return tests.stream();
    }

    private void check(Path dir) throws Exception {
        // The program is the first file with @Bamboo; files without it are classes it uses (a directory
        // of several programs checks its first).
        Path input = null;
        java.util.Map<String, String> helpers = new java.util.TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s.filter(f -> f.toString().endsWith(".java")).sorted()::iterator) {
                String text = Files.readString(p, StandardCharsets.UTF_8);
                if (input == null && text.contains("@Bamboo")) {
                    input = p;
                } else if (!text.contains("@Bamboo")) {
                    helpers.put(p.getFileName().toString(), text);
                }
            }
        }
        assertTrue(input != null, dir + " holds no @Bamboo program");
        String name = input.getFileName().toString();
        TranslatedPrograms.Compiled c = TranslatedPrograms.compile(tmp.resolve(dir.getFileName()), name,
                Files.readString(input, StandardCharsets.UTF_8), helpers);
        for (int n : TASKS) {
            List<String> expected = TranslatedPrograms.untranslated(c, n);
            assertEquals(n, expected.stream().filter(l -> l.startsWith("rank ")).count(), "one line per rank");
            for (int workers = 1; workers <= 2; workers++) {
                assertEquals(expected, TranslatedPrograms.translated(c, n, workers, 1),
                        name + " tasks=" + n + " workers=" + workers);
            }
        }
        assertEquals(TranslatedPrograms.untranslated(c, 7), TranslatedPrograms.translated(c, 7, 2, 3),
                name + " tasks=7 workers=2 nodes=3");
    }
}
