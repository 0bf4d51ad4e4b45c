package bamboo.maven;

import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.tree.OutputTree;
import bamboo.translator.tree.SourceTree;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites a source tree into a translated tree, exactly like {@code bamboo translate SRC... -d OUT}: every
 * input file as it was plus the companions next to their program, written all-or-nothing, so the output
 * compiles on its own against the runtime. Not bound to a phase: run it as {@code mvn bamboo:rewrite}.
 */
@Mojo(name = "rewrite", threadSafe = true, requiresProject = false,
        requiresDependencyResolution = ResolutionScope.COMPILE)
public class RewriteMojo extends AbstractMojo {

    /** Source directories or single {@code .java} files to rewrite (comma-separated on the command line). */
    @Parameter(property = "bamboo.inputs", defaultValue = "${project.build.sourceDirectory}")
    List<File> inputs;

    /** The translated tree; must not overlap an input. */
    @Parameter(property = "bamboo.rewriteDirectory", defaultValue = "${project.build.directory}/bamboo-rewritten")
    File outputDirectory;

    /** The project's compile class path, read for classes the rank body reaches outside the inputs. */
    @Parameter(defaultValue = "${project.compileClasspathElements}", readonly = true)
    List<String> classpathElements;

    /** Skips the goal. */
    @Parameter(property = "bamboo.skip", defaultValue = "false")
    boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Bamboo: rewrite skipped (bamboo.skip)");
            return;
        }
        if (inputs == null || inputs.isEmpty()) {
            throw new MojoFailureException("bamboo:rewrite: no inputs; set -Dbamboo.inputs=DIR[,FILE.java...]");
        }
        List<Path> paths = new ArrayList<>();
        for (File f : inputs) {
            paths.add(f.toPath());
        }
        Path out = outputDirectory.toPath();
        try {
            SourceTree tree = SourceTree.of(paths);
            TranslationResult result = new Translator().withClassPath(ClassPath.of(classpathElements))
                    .translate(tree.javaSources());
            Failures.warn(getLog(), result.warnings());
            if (!result.ok()) {
                throw Failures.refused(getLog(), result.diagnostics());
            }
            List<Path> written = OutputTree.write(tree, result.generated(), out);
            getLog().info("Bamboo: rewrote " + (written.size() - result.generated().size()) + " file(s) and "
                    + result.programs() + " program(s) (" + result.generated().size() + " companions) into " + out);
        } catch (IOException e) {
            throw new MojoFailureException("bamboo:rewrite: " + e.getMessage(), e);
        }
    }
}
