package bamboo.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.corpus.bad.BadCorpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.maven.model.Build;
import org.apache.maven.model.Model;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input corpus (test-corpus/bad) through the {@code translate} goal: the goal fails with exactly
 * the expected errors logged (maven.txt where the goal answers differently, for the reason given there),
 * writes no generated-sources tree, and leaves the sources byte for byte unchanged.
 */
class BadCorpusTest {
    @TempDir
    Path tmp;

    static Stream<BadCorpus.Case> cases() {
        return BadCorpus.cases().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theGoalRefusesWithExactlyTheExpectedErrors(BadCorpus.Case c) throws Exception {
        MavenProject project = project(c);
        Path src = Path.of(project.getBuild().getSourceDirectory());
        Map<String, String> inputs = BadCorpus.hashes(src);
        TranslateMojo mojo = Projects.translateMojo(project);
        ErrorLog log = new ErrorLog();
        mojo.setLog(log);
        List<String> expected = c.expected(BadCorpus.Tool.MAVEN);
        if (c.companionsWritten(BadCorpus.Tool.MAVEN)) {
            mojo.execute(); // the goal translates; maven.txt says why and who reports the error
            assertTrue(Files.isDirectory(mojo.outputDirectory.toPath()), "maven.txt says the goal writes the companions");
        } else {
            MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);
            assertTrue(e.getMessage().contains(expected.get(0).substring(expected.get(0).indexOf(": error: ") + 9)),
                    e.getMessage());
            assertFalse(Files.exists(mojo.outputDirectory.toPath()), "the goal wrote generated sources for a refused program");
        }
        assertEquals(expected, log.errors.stream().map(BadCorpus::withoutDirectory).toList());
        assertEquals(inputs, BadCorpus.hashes(src), "the goal changed its inputs");
    }

    private MavenProject project(BadCorpus.Case c) throws Exception {
        Path src = tmp.resolve("src/main/java");
        Files.createDirectories(src);
        Files.copy(c.source(), src.resolve(c.source().getFileName()));
        Model model = new Model();
        model.setGroupId("test");
        model.setArtifactId("bad");
        model.setVersion("1");
        Build build = new Build();
        build.setDirectory(tmp.resolve("target").toString());
        build.setSourceDirectory(src.toString());
        model.setBuild(build);
        MavenProject project = new MavenProject(model);
        project.setFile(tmp.resolve("pom.xml").toFile());
        project.addCompileSourceRoot(src.toString());
        return project;
    }

    /** Keeps what the goal logs as errors. */
    private static final class ErrorLog extends SystemStreamLog {
        final List<String> errors = new ArrayList<>();

        @Override
        public void error(CharSequence content) {
            errors.add(content.toString());
        }

        @Override
        public void error(CharSequence content, Throwable error) {
            errors.add(content.toString());
        }

        @Override
        public void info(CharSequence content) {
            // quiet
        }
    }
}
