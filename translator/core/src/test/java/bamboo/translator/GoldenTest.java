package bamboo.translator;

import bamboo.translator.parse.SourceFile;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Golden tests: each folder of {@code src/test/resources/golden} holds an input program and, under
 * {@code expected/}, the companion sources the translator must produce. Run with
 * {@code -Dbamboo.golden.update=true} to regenerate the expected files after an intended change.
 */
class GoldenTest {
    static final Path ROOT = Path.of("src/test/resources/golden");

    @TestFactory
    Stream<DynamicTest> goldenCases() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(ROOT)) {
            for (Path dir : (Iterable<Path>) dirs.filter(Files::isDirectory).sorted()::iterator) {
                tests.add(DynamicTest.dynamicTest(dir.getFileName().toString(), () -> check(dir)));
            }
        }
        assertTrue(tests.size() >= 5, "expected at least five golden cases");
        return tests.stream();
    }

    static List<SourceFile> inputs(Path dir) throws IOException {
        List<SourceFile> in = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java")).sorted()::iterator) {
                in.add(new SourceFile(p.getFileName().toString(), Files.readString(p, StandardCharsets.UTF_8)));
            }
        }
        return in;
    }

    private static void check(Path dir) throws IOException {
        TranslationResult r = new Translator().translate(inputs(dir));
        assertTrue(r.ok(), () -> "diagnostics: " + r.diagnostics());
        Path expected = dir.resolve("expected");
        boolean update = Boolean.getBoolean("bamboo.golden.update");
        for (GeneratedSource g : r.generated()) {
            Path file = expected.resolve(g.relativePath());
            if (update) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, g.text(), StandardCharsets.UTF_8);
            } else {
                assertTrue(Files.exists(file), "missing golden file " + file + " (run with -Dbamboo.golden.update=true)");
                assertEquals(Files.readString(file, StandardCharsets.UTF_8), g.text(), "generated " + g.relativePath());
            }
        }
        if (!update) {
            try (Stream<Path> all = Files.walk(expected)) {
                long count = all.filter(Files::isRegularFile).count();
                assertEquals(r.generated().size(), count, "golden files without a generated counterpart in " + expected);
            }
        }
    }
}
