package bamboo.maven;

import bamboo.processor.BambooProcessor;
import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.tree.OutputTree;
import bamboo.translator.tree.SourceTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "Same answer everywhere": the CLI's path through the core ({@code bamboo translate SRC -d OUT}), the
 * Maven goal and the javac processor produce the same companion sources for the same program.
 */
class SameAnswerTest {
    @TempDir
    Path dir;

    @Test
    void cliGoalAndProcessorWriteTheSameCompanions() throws Exception {
        Projects.withPrograms(dir, "demo/Ring.java");
        Path src = dir.resolve("src/main/java");
        Map<String, String> cli = companionsOfCli(src, dir.resolve("cli-out"));
        Map<String, String> goal = companionsOfGoal();
        Map<String, String> processor = companionsOfProcessor(src.resolve("demo/Ring.java"), dir.resolve("apt"));

        assertEquals(List.of("demo/Ring_Bamboo.java", "demo/Ring_BambooTask.java"), List.copyOf(cli.keySet()));
        assertEquals(cli, goal, "the Maven goal differs from the CLI");
        assertEquals(cli, processor, "the processor differs from the CLI");
    }

    /** What TranslateCommand does: SourceTree, Translator, OutputTree; the companions of the written tree. */
    private static Map<String, String> companionsOfCli(Path src, Path out) throws IOException {
        SourceTree tree = SourceTree.of(List.of(src));
        TranslationResult r = new Translator().translate(tree.javaSources());
        assertTrue(r.ok(), () -> r.diagnostics().toString());
        OutputTree.write(tree, r.generated(), out);
        Map<String, String> all = readTree(out);
        all.keySet().removeIf(name -> !name.contains("_Bamboo"));
        return all;
    }

    private Map<String, String> companionsOfGoal() throws Exception {
        Projects.translateMojo(Projects.withPrograms(dir.resolve("goal"), "demo/Ring.java")).execute();
        return readTree(dir.resolve("goal/target/generated-sources/bamboo"));
    }

    private static Map<String, String> companionsOfProcessor(Path program, Path out) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Path classes = Files.createDirectories(out.resolve("classes"));
        Path generated = Files.createDirectories(out.resolve("generated"));
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
            JavaCompiler.CompilationTask task = javac.getTask(null, files, diagnostics,
                    List.of("--release", "17", "-classpath", System.getProperty("java.class.path"),
                            "-d", classes.toString(), "-s", generated.toString(), "-implicit:none"),
                    null, files.getJavaFileObjects(program));
            task.setProcessors(List.of(new BambooProcessor()));
            assertTrue(task.call(), () -> "javac failed: " + diagnostics.getDiagnostics());
        }
        return readTree(generated);
    }

    private static Map<String, String> readTree(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                files.put(root.relativize(p).toString().replace('\\', '/'), Files.readString(p, StandardCharsets.UTF_8));
            }
        }
        return files;
    }
}
