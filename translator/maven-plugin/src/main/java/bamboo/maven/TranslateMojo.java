package bamboo.maven;

import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.parse.SourceFile;
import bamboo.translator.tree.CollectivesDir;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Translates the {@code @Bamboo} programs among the project's sources into companion classes in
 * {@code target/generated-sources/bamboo}, and adds that directory to the compile source roots, so
 * {@code mvn compile} builds the program and its translation together. Incremental: when no input changed
 * since the last successful translation (see {@link #stampFile}) it does not translate again; companions
 * no program produces any more are removed. A program the translator refuses fails the build with one
 * {@code File.java:line:col: error: ...} line per problem.
 */
@Mojo(name = "translate", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.COMPILE)
public class TranslateMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /**
     * The directories whose {@code .java} files are read (all of them, so programs can use each other's
     * types; only {@code @Bamboo} classes get companions). Default: the project's compile source roots,
     * without the output directory.
     */
    @Parameter
    List<File> sourceDirectories;

    /** Where the companion sources go. The goal owns this directory: anything else in it is removed. */
    @Parameter(property = "bamboo.outputDirectory",
            defaultValue = "${project.build.directory}/generated-sources/bamboo")
    File outputDirectory;

    /** What the last translation read and wrote; the goal skips when no input changed since. */
    @Parameter(property = "bamboo.stampFile", defaultValue = "${project.build.directory}/bamboo/translate.stamp")
    File stampFile;

    /**
     * A directory of the user's own annotated collectives ({@code .java} files), put in place of the
     * library's (see docs/collectives.md). Keep it out of the compile source roots.
     */
    @Parameter(property = "bamboo.collectives")
    File collectives;

    /**
     * The project's compile class path (its dependencies' jars and directories), from which the translator
     * reads the classes the rank body reaches outside the sources: such a class is accepted only when no
     * static it reaches is mutable, as on the command line with {@code -cp}.
     */
    @Parameter(defaultValue = "${project.compileClasspathElements}", readonly = true)
    List<String> classpathElements;

    /** Skips the goal (and does not add the output directory to the source roots). */
    @Parameter(property = "bamboo.skip", defaultValue = "false")
    boolean skip;

    /** Translates even when no input changed since the last translation. */
    @Parameter(property = "bamboo.force", defaultValue = "false")
    boolean force;

    /** The plugin's version; part of the stamp, so a new translator translates again. */
    @Parameter(defaultValue = "${plugin.version}", readonly = true)
    String pluginVersion;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Bamboo: translation skipped (bamboo.skip)");
            return;
        }
        Path out = outputDirectory.toPath().toAbsolutePath().normalize();
        Inputs inputs = readInputs();
        List<SourceFile> library = readCollectives();
        List<SourceFile> hashed = new ArrayList<>(inputs.sources());
        hashed.addAll(library); // a changed collective translates again
        List<Path> classPath = ClassPath.of(classpathElements);
        // a dependency that changed may now hold a mutable static: it is part of what is translated
        String version = TranslatorVersion.of(pluginVersion) + "\n" + ClassPath.fingerprint(classpathElements);
        String hash = Stamp.hash(version, out, hashed);
        Stamp last = Stamp.read(stampFile.toPath());
        if (!force && last != null && last.inputs().equals(hash) && last.outputsPresent(out)) {
            getLog().info("Bamboo: companions up to date, " + last.outputs().size() + " file(s) in " + out
                    + " (no input changed; -Dbamboo.force=true translates anyway)");
            addSourceRoot(out);
            return;
        }
        Translator translator = (library.isEmpty() ? new Translator() : new Translator().withCollectives(library))
                .withClassPath(classPath);
        TranslationResult result = translator.translate(inputs.sources());
        Failures.warn(getLog(), result.warnings());
        if (!result.ok()) {
            forgetStamp();
            throw Failures.refused(getLog(), result.diagnostics());
        }
        try {
            GeneratedTree.Changes c = new GeneratedTree(out).sync(result.generated());
            new Stamp(hash, c.files()).write(stampFile.toPath());
            getLog().info("Bamboo: translated " + result.programs() + " program(s) from " + inputs.sources().size()
                    + " source file(s) into " + out + ": " + c.written() + " written, " + c.unchanged()
                    + " unchanged, " + c.removed() + " stale removed");
        } catch (IOException e) {
            forgetStamp();
            throw new MojoExecutionException("Bamboo could not write the companions into " + out + ": "
                    + e.getMessage(), e);
        }
        addSourceRoot(out);
    }

    private List<SourceFile> readCollectives() throws MojoExecutionException {
        if (collectives == null) {
            return List.of();
        }
        try {
            return CollectivesDir.read(collectives.toPath());
        } catch (IOException e) {
            throw new MojoExecutionException("Bamboo: <collectives> " + e.getMessage(), e);
        }
    }

    private Inputs readInputs() throws MojoExecutionException {
        List<File> roots = new ArrayList<>();
        if (sourceDirectories != null && !sourceDirectories.isEmpty()) {
            roots.addAll(sourceDirectories);
        } else {
            for (String root : project.getCompileSourceRoots()) {
                roots.add(new File(root));
            }
        }
        try {
            return Inputs.read(roots, outputDirectory);
        } catch (IOException e) {
            throw new MojoExecutionException("Bamboo could not read the sources in " + roots + ": " + e.getMessage(), e);
        }
    }

    private void addSourceRoot(Path out) {
        project.addCompileSourceRoot(out.toString());
    }

    /** After a failure the next build must translate again, whatever the inputs. */
    private void forgetStamp() {
        if (!stampFile.delete() && stampFile.exists()) {
            getLog().warn("Bamboo: could not delete the stamp " + stampFile + "; delete it by hand");
        }
    }
}
