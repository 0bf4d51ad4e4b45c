package bamboo.processor;

import bamboo.translator.GeneratedSource;
import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.parse.SourceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BambooProcessorTest {
    @TempDir
    Path tmp;

    @Test
    void writesTheCompanionsOfAProgramAndCompilesThem() throws Exception {
        InProcessCompiler.Outcome o = compile("demo/Ring.java", "demo/Plain.java");
        assertTrue(o.success(), () -> "javac failed: " + o.diagnostics());
        assertTrue(Files.isRegularFile(tmp.resolve("generated/demo/Ring_BambooTask.java")));
        assertTrue(Files.isRegularFile(tmp.resolve("generated/demo/Ring_Bamboo.java")));
        assertTrue(Files.isRegularFile(tmp.resolve("classes/demo/Ring_BambooTask.class")));
        assertTrue(Files.isRegularFile(tmp.resolve("classes/demo/Ring_Bamboo.class")));
        assertTrue(Files.isRegularFile(tmp.resolve("classes/demo/Ring.class")), "the program itself still compiles");
        try (var list = Files.list(tmp.resolve("generated/demo"))) {
            assertEquals(2, list.count(), "only the program gets companions, not Plain");
        }
    }

    @Test
    void writesExactlyWhatTheTranslatorCoreWrites() throws Exception {
        Path ring = InProcessCompiler.program("demo/Ring.java");
        InProcessCompiler.Outcome o = compile("demo/Ring.java");
        assertTrue(o.success(), () -> "javac failed: " + o.diagnostics());
        TranslationResult core = new Translator().translate(List.of(new SourceFile(ring.toString(),
                Files.readString(ring, StandardCharsets.UTF_8))));
        assertEquals(2, core.generated().size());
        for (GeneratedSource g : core.generated()) {
            assertEquals(g.text(), Files.readString(tmp.resolve("generated").resolve(g.relativePath())),
                    g.relativePath());
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theGeneratedProgramRunsOnTheRuntime() throws Exception {
        InProcessCompiler.Outcome o = compile("demo/Ring.java");
        assertTrue(o.success(), () -> "javac failed: " + o.diagnostics());
        String printed = runTranslated(tmp.resolve("classes"), "demo.Ring_Bamboo", 4);
        assertTrue(printed.contains("ring iterations=6 OK"), printed);
    }

    @Test
    void aRefusedProgramIsACompilerErrorAtItsLine() throws Exception {
        InProcessCompiler.Outcome o = compile("demo/BadSend.java");
        assertFalse(o.success());
        List<Diagnostic<? extends JavaFileObject>> errors = o.errors();
        assertEquals(1, errors.size(), () -> "errors: " + errors);
        Diagnostic<? extends JavaFileObject> e = errors.get(0);
        String message = e.getMessage(null);
        assertTrue(message.contains("'send' block outside an olap region"), message);
        assertTrue(message.contains("BadSend.java:12:"), message);
        assertEquals(12, e.getLineNumber(), "javac points at the refused block's line");
        assertTrue(e.getSource().getName().endsWith("BadSend.java"), e.getSource().getName());
        assertFalse(Files.exists(tmp.resolve("generated/demo/BadSend_Bamboo.java")), "nothing half-written");
    }

    private InProcessCompiler.Outcome compile(String... programs) throws Exception {
        List<Path> sources = java.util.Arrays.stream(programs).map(InProcessCompiler::program).toList();
        return InProcessCompiler.compile(sources, tmp.resolve("classes"), tmp.resolve("generated"),
                List.of(new BambooProcessor()));
    }

    /** Runs {@code entry.run(tasks, 2, 1, args)} from {@code classes} and returns what it printed. */
    static String runTranslated(Path classes, String entry, int tasks) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                BambooProcessorTest.class.getClassLoader())) {
            Method run = loader.loadClass(entry).getMethod("run", int.class, int.class, int.class, String[].class);
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            run.invoke(null, tasks, 2, 1, new String[0]);
        } finally {
            System.setOut(saved);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }
}
