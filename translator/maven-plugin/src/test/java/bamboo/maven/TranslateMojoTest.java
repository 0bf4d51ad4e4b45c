package bamboo.maven;

import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TranslateMojoTest {
    @TempDir
    Path dir;

    private Path generated() {
        return dir.resolve("target/generated-sources/bamboo");
    }

    @Test
    void writesTheCompanionsAndAddsTheSourceRoot() throws Exception {
        MavenProject project = Projects.withPrograms(dir, "demo/Ring.java");
        Projects.translateMojo(project).execute();
        assertTrue(Files.isRegularFile(generated().resolve("demo/Ring_BambooTask.java")));
        assertTrue(Files.isRegularFile(generated().resolve("demo/Ring_Bamboo.java")));
        assertTrue(project.getCompileSourceRoots().contains(generated().toString()));
        assertFalse(Files.exists(dir.resolve("src/main/java/demo/Ring_Bamboo.java")), "sources are never touched");
    }

    @Test
    void skipsWhenNoInputChangedAndTranslatesWhenOneDid() throws Exception {
        MavenProject project = Projects.withPrograms(dir, "demo/Ring.java");
        Projects.translateMojo(project).execute();
        Path task = generated().resolve("demo/Ring_BambooTask.java");
        Files.writeString(task, "// tampered\n"); // a skipped run leaves the companions as they are
        Projects.translateMojo(project).execute();
        assertEquals("// tampered\n", Files.readString(task));

        Path ring = dir.resolve("src/main/java/demo/Ring.java");
        Files.writeString(ring, Files.readString(ring).replace("ITERS = 6", "ITERS = 7"));
        Projects.translateMojo(project).execute();
        assertTrue(Files.readString(task).contains("ITERS = 7"), "a changed input is translated again");
    }

    @Test
    void forceTranslatesAnywayAndLeavesUnchangedFilesAlone() throws Exception {
        MavenProject project = Projects.withPrograms(dir, "demo/Ring.java");
        Projects.translateMojo(project).execute();
        Path entry = generated().resolve("demo/Ring_Bamboo.java");
        FileTime old = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(entry, old);
        TranslateMojo m = Projects.translateMojo(project);
        m.force = true;
        m.execute();
        assertEquals(old, Files.getLastModifiedTime(entry), "same content: not rewritten, javac need not recompile");
    }

    @Test
    void removesCompanionsOfAProgramThatIsGone() throws Exception {
        MavenProject project = Projects.withPrograms(dir, "demo/Ring.java");
        Projects.translateMojo(project).execute();
        Files.writeString(generated().resolve("demo/Old_Bamboo.java"), "class Old_Bamboo {}");
        Path ring = dir.resolve("src/main/java/demo/Ring.java");
        Files.move(ring, ring.resolveSibling("Loop.java"));
        Files.writeString(ring.resolveSibling("Loop.java"),
                Files.readString(ring.resolveSibling("Loop.java")).replace("class Ring", "class Loop"));
        Projects.translateMojo(project).execute();
        try (var files = Files.list(generated().resolve("demo"))) {
            assertEquals("[Loop_Bamboo.java, Loop_BambooTask.java]",
                    files.map(p -> p.getFileName().toString()).sorted().toList().toString());
        }
    }

    @Test
    void aRefusedProgramFailsTheBuildWithFileLineColumn() throws Exception {
        MavenProject project = Projects.withPrograms(dir, "demo/BadSend.java");
        MojoFailureException e = assertThrows(MojoFailureException.class,
                () -> Projects.translateMojo(project).execute());
        String where = dir.resolve("src/main/java/demo/BadSend.java") + ":12:";
        assertTrue(e.getMessage().contains(where), e.getMessage());
        assertTrue(e.getMessage().contains("'send' block outside an olap region"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("target/bamboo/translate.stamp")), "a failed run leaves no stamp");
    }

    @Test
    void skipDoesNothing() throws Exception {
        MavenProject project = Projects.withPrograms(dir, "demo/BadSend.java");
        TranslateMojo m = Projects.translateMojo(project);
        m.skip = true;
        m.execute();
        assertFalse(Files.exists(generated()));
        assertEquals(1, project.getCompileSourceRoots().size());
    }

    @Test
    void theStampNamesTheCompanions() throws Exception {
        MavenProject project = Projects.withPrograms(dir, "demo/Ring.java");
        Projects.translateMojo(project).execute();
        String stamp = Files.readString(dir.resolve("target/bamboo/translate.stamp"), StandardCharsets.UTF_8);
        assertTrue(stamp.contains("output demo/Ring_Bamboo.java\n"), stamp);
        assertTrue(stamp.contains("output demo/Ring_BambooTask.java\n"), stamp);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void projectsTranslateInParallel() throws Exception {
        // What mvn -T does with a threadSafe goal: one mojo per project, run at the same time.
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                MavenProject project = Projects.withPrograms(dir.resolve("p" + i), "demo/Ring.java");
                runs.add(pool.submit(() -> {
                    Projects.translateMojo(project).execute();
                    return null;
                }));
            }
            for (Future<?> run : runs) {
                run.get(100, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        String expected = Files.readString(dir.resolve("p0/target/generated-sources/bamboo/demo/Ring_BambooTask.java"));
        for (int i = 1; i < 3; i++) {
            assertEquals(expected, Files.readString(
                    dir.resolve("p" + i + "/target/generated-sources/bamboo/demo/Ring_BambooTask.java")));
        }
    }
}
