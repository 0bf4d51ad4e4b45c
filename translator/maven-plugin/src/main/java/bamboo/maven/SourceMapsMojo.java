package bamboo.maven;

import bamboo.translator.smap.SourceMaps;
import java.io.File;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Writes a JSR-45 source map into every compiled companion class that {@code translate} generated, after
 * the compiler ran: its {@code SourceDebugExtension} maps each generated line to the program's line it was
 * translated from, so debuggers and IDEs step through the program the user wrote. The project's own
 * classes are left as javac wrote them.
 */
@Mojo(name = "source-maps", defaultPhase = LifecyclePhase.PROCESS_CLASSES, threadSafe = true)
public class SourceMapsMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /** Where {@code translate} wrote the companion sources. */
    @Parameter(property = "bamboo.outputDirectory",
            defaultValue = "${project.build.directory}/generated-sources/bamboo")
    File outputDirectory;

    /** The compiled classes. */
    @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true)
    File classesDirectory;

    /** Skips the goal. */
    @Parameter(property = "bamboo.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException {
        Path generated = outputDirectory.toPath();
        Path classes = classesDirectory.toPath();
        if (skip || !Files.isDirectory(generated) || !Files.isDirectory(classes)) {
            return;
        }
        List<Path> programs = new ArrayList<>();
        for (String root : project.getCompileSourceRoots()) {
            programs.add(Path.of(root));
        }
        try {
            int stamped = SourceMaps.stamp(classes, generated, programs);
            getLog().info("Bamboo: source maps written into " + stamped + " companion class file(s)");
        } catch (UncheckedIOException | IllegalArgumentException e) {
            throw new MojoExecutionException("Bamboo could not write the source maps into " + classes + ": "
                    + e.getMessage(), e);
        }
    }
}
