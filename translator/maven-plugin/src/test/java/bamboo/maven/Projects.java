package bamboo.maven;

import org.apache.maven.model.Build;
import org.apache.maven.model.Model;
import org.apache.maven.project.MavenProject;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A minimal Maven project on disk for the goal's tests, with programs from the test resources. */
final class Projects {
    private Projects() {
    }

    /** A project in {@code dir} whose src/main/java holds the given programs (e.g. {@code demo/Ring.java}). */
    static MavenProject withPrograms(Path dir, String... programs) throws IOException {
        Path src = dir.resolve("src/main/java");
        for (String p : programs) {
            Path to = src.resolve(p);
            Files.createDirectories(to.getParent());
            Files.copy(program(p), to);
        }
        Model model = new Model();
        model.setGroupId("test");
        model.setArtifactId("consumer");
        model.setVersion("1");
        Build build = new Build();
        build.setDirectory(dir.resolve("target").toString());
        build.setSourceDirectory(src.toString());
        model.setBuild(build);
        MavenProject project = new MavenProject(model);
        project.setFile(dir.resolve("pom.xml").toFile());
        project.addCompileSourceRoot(src.toString());
        return project;
    }

    static Path program(String relative) {
        return Path.of("../test-programs").resolve(relative).toAbsolutePath().normalize();
    }

    static TranslateMojo translateMojo(MavenProject project) {
        TranslateMojo m = new TranslateMojo();
        File target = new File(project.getBuild().getDirectory());
        m.project = project;
        m.outputDirectory = new File(target, "generated-sources/bamboo");
        m.stampFile = new File(target, "bamboo/translate.stamp");
        m.pluginVersion = "test";
        return m;
    }
}
