package bamboo.maven;

import org.apache.maven.model.Build;
import org.apache.maven.model.Model;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The goals judge a program whose kernel is only in a dependency jar as the command line does with
 * {@code -cp}: accepted when the jar's classes hold no mutable static, refused naming the static
 * otherwise (and refused without the jar, since what it holds cannot be known); and they print the
 * translator's warnings.
 */
class ClassPathAndWarningsTest {
    @TempDir
    Path dir;

    /** A program in package app using kernel.K, found only in a jar. */
    private static final String PROGRAM = String.join("\n",
            "package app;",
            "import bamboo.Bamboo;",
            "import mpi.*;",
            "import kernel.K;",
            "@Bamboo",
            "public class P {",
            "    public static void main(String[] args) throws MPIException {",
            "        MPI.Init(args);",
            "        int rank = MPI.COMM_WORLD.Rank();",
            "        double[] x = new double[4];",
            "        new K(rank);",
            "        MPI.COMM_WORLD.Allreduce(x, 0, x, 0, 4, MPI.DOUBLE, MPI.SUM);",
            "        System.out.println(K.rank() + \" \" + x[0]);",
            "        MPI.Finalize();",
            "    }",
            "}", "");

    private static final String MUTABLE = String.join("\n",
            "package kernel;",
            "public class K {",
            "    public static int rank;",
            "    public K(int r) { rank = r; }",
            "    public static int rank() { return rank; }",
            "}", "");

    private static final String CONSTANTS = String.join("\n",
            "package kernel;",
            "public class K {",
            "    static final double[] TABLE = {1, 2};",
            "    private final int r;",
            "    public K(int r) { this.r = r; }",
            "    public static int rank() { return (int) TABLE[0]; }",
            "}", "");

    /** The kernel compiled into a jar of its own. */
    private Path jar(String kernel) throws IOException {
        Path src = Files.createDirectories(dir.resolve("kernel-src/kernel"));
        Path classes = Files.createDirectories(dir.resolve("kernel-classes"));
        Files.writeString(src.resolve("K.java"), kernel);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), src.resolve("K.java").toString()));
        Path jar = dir.resolve("kernel.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        return jar;
    }

    private MavenProject project(String program) throws IOException {
        Path src = dir.resolve("src/main/java");
        Files.createDirectories(src.resolve("app"));
        Files.writeString(src.resolve("app/P.java"), program);
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

    private TranslateMojo translate(MavenProject project, Path... classPath) {
        TranslateMojo m = Projects.translateMojo(project);
        m.classpathElements = new ArrayList<>();
        m.classpathElements.add(dir.resolve("target/classes").toString()); // listed before it exists
        for (Path p : classPath) {
            m.classpathElements.add(p.toString());
        }
        return m;
    }

    @Test
    void aKernelInADependencyJarWithoutMutableStaticsTranslates() throws Exception {
        MavenProject project = project(PROGRAM);
        translate(project, jar(CONSTANTS)).execute();
        assertTrue(Files.isRegularFile(dir.resolve("target/generated-sources/bamboo/app/P_Bamboo.java")));
    }

    @Test
    void aKernelInADependencyJarWithAMutableStaticIsRefusedNamingIt() throws Exception {
        MavenProject project = project(PROGRAM);
        MojoFailureException e = assertThrows(MojoFailureException.class,
                () -> translate(project, jar(MUTABLE)).execute());
        assertTrue(e.getMessage().contains("P.java:11:13: error:") && e.getMessage().contains("K.rank"), e.getMessage());
    }

    @Test
    void withoutTheJarTheKernelIsRefusedAsUnknown() throws Exception {
        MavenProject project = project(PROGRAM);
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> translate(project).execute());
        assertTrue(e.getMessage().contains("nor on the class path"), e.getMessage());
    }

    @Test
    void theOutputDirectoryAppearingAfterTheFirstBuildDoesNotTranslateAgainButAChangedJarDoes() throws Exception {
        MavenProject project = project(PROGRAM);
        Path jar = jar(CONSTANTS);
        translate(project, jar).execute();
        Files.createDirectories(dir.resolve("target/classes"));
        Path entry = dir.resolve("target/generated-sources/bamboo/app/P_Bamboo.java");
        Files.writeString(entry, "// tampered\n"); // a skipped run leaves the companions as they are
        translate(project, jar).execute();
        assertEquals("// tampered\n", Files.readString(entry));

        Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(1_000_000L));
        translate(project, jar).execute();
        assertTrue(Files.readString(entry).contains("class P_Bamboo"), "a changed dependency is read again");
    }

    @Test
    void theRewriteGoalReadsTheClassPathToo() throws Exception {
        project(PROGRAM);
        RewriteMojo m = new RewriteMojo();
        m.inputs = List.of(dir.resolve("src/main/java").toFile());
        m.outputDirectory = dir.resolve("rewritten").toFile();
        m.classpathElements = List.of(jar(CONSTANTS).toString());
        m.execute();
        assertTrue(Files.isRegularFile(dir.resolve("rewritten/app/P_Bamboo.java")));
    }

    @Test
    void theTranslatorsWarningsArePrinted() throws Exception {
        MavenProject project = project(PROGRAM.replace("    public static void main",
                "    static void unused() {\n        olap: {\n            System.out.println();\n        }\n    }\n"
                        + "    public static void main"));
        TranslateMojo m = translate(project, jar(CONSTANTS));
        List<String> warnings = new ArrayList<>();
        m.setLog(new SystemStreamLog() {
            @Override
            public void warn(CharSequence content) {
                warnings.add(content.toString());
            }
        });
        m.execute();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("P.java:8:9: warning:")
                && warnings.get(0).contains("outside the rank body"), warnings.get(0));
    }
}
