package bamboo.maven;

import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RewriteMojoTest {
    @TempDir
    Path dir;

    private RewriteMojo mojo(Path input, Path out) {
        RewriteMojo m = new RewriteMojo();
        m.inputs = List.of(input.toFile());
        m.outputDirectory = out.toFile();
        return m;
    }

    @Test
    void writesTheWholeTreeWithTheCompanionsNextToTheProgram() throws Exception {
        Projects.withPrograms(dir, "demo/Ring.java");
        Path src = dir.resolve("src/main/java");
        Files.writeString(src.resolve("demo/notes.txt"), "kept as it is");
        mojo(src, dir.resolve("out")).execute();
        assertEquals(Files.readString(src.resolve("demo/Ring.java")), Files.readString(dir.resolve("out/demo/Ring.java")));
        assertEquals("kept as it is", Files.readString(dir.resolve("out/demo/notes.txt")));
        assertTrue(Files.isRegularFile(dir.resolve("out/demo/Ring_BambooTask.java")));
        assertTrue(Files.isRegularFile(dir.resolve("out/demo/Ring_Bamboo.java")));
    }

    @Test
    void refusesAnOutputInsideTheInput() throws Exception {
        Projects.withPrograms(dir, "demo/Ring.java");
        Path src = dir.resolve("src/main/java");
        MojoFailureException e = assertThrows(MojoFailureException.class,
                () -> mojo(src, src.resolve("out")).execute());
        assertTrue(e.getMessage().startsWith("bamboo:rewrite: the output directory"), e.getMessage());
        assertFalse(Files.exists(src.resolve("out")));
    }

    @Test
    void aRefusedProgramWritesNothing() throws Exception {
        Projects.withPrograms(dir, "demo/BadSend.java");
        MojoFailureException e = assertThrows(MojoFailureException.class,
                () -> mojo(dir.resolve("src/main/java"), dir.resolve("out")).execute());
        assertTrue(e.getMessage().contains("BadSend.java:12:9: error: 'send' block outside an olap region"),
                e.getMessage());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void aMissingInputIsOneSentence() {
        RewriteMojo m = mojo(dir.resolve("nope"), dir.resolve("out"));
        MojoFailureException e = assertThrows(MojoFailureException.class, m::execute);
        assertEquals("bamboo:rewrite: no such file or directory: " + new File(dir.toFile(), "nope"), e.getMessage());
    }
}
