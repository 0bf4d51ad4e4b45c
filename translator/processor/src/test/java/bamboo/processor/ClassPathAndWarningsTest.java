package bamboo.processor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.Diagnostic;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Under javac the processor judges a program whose kernel is only in a jar of the compilation's class
 * path as {@code bamboo check -cp} does (accepted when the jar holds no mutable static the rank body
 * reaches, refused naming it otherwise), and reports the translator's warnings as compiler warnings.
 */
class ClassPathAndWarningsTest {
    @TempDir
    Path tmp;

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

    private Path jar(String kernel) throws IOException {
        Path src = Files.createDirectories(tmp.resolve("kernel-src/kernel"));
        Path classes = Files.createDirectories(tmp.resolve("kernel-classes"));
        Files.writeString(src.resolve("K.java"), kernel);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), src.resolve("K.java").toString()));
        Path jar = tmp.resolve("kernel.jar");
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

    private InProcessCompiler.Outcome compile(String program, Path jar) throws IOException {
        Path source = tmp.resolve("src/app/P.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, program);
        return InProcessCompiler.compile(List.of(source), tmp.resolve("classes"), tmp.resolve("generated"),
                List.of(new BambooProcessor()), List.of("-classpath", jar.toString()));
    }

    @Test
    void aKernelInAJarWithoutMutableStaticsTranslates() throws Exception {
        InProcessCompiler.Outcome o = compile(PROGRAM, jar(CONSTANTS));
        assertTrue(o.success(), () -> "javac failed: " + o.diagnostics());
        assertTrue(Files.isRegularFile(tmp.resolve("generated/app/P_Bamboo.java")));
    }

    @Test
    void aKernelInAJarWithAMutableStaticIsRefusedNamingIt() throws Exception {
        InProcessCompiler.Outcome o = compile(PROGRAM, jar(MUTABLE));
        assertFalse(o.success());
        List<Diagnostic<? extends JavaFileObject>> errors = o.errors();
        assertEquals(1, errors.size(), () -> "errors: " + errors);
        String message = errors.get(0).getMessage(null);
        assertTrue(message.contains("K.rank") && message.contains("P.java:11:13"), message);
        assertEquals(11, errors.get(0).getLineNumber());
    }

    @Test
    void theTranslatorsWarningsAreCompilerWarningsAtTheirLine() throws Exception {
        InProcessCompiler.Outcome o = compile(PROGRAM.replace("    public static void main",
                "    static void unused() {\n        olap: {\n            System.out.println();\n        }\n    }\n"
                        + "    public static void main"), jar(CONSTANTS));
        assertTrue(o.success(), () -> "javac failed: " + o.diagnostics());
        List<Diagnostic<? extends JavaFileObject>> warnings = o.diagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.WARNING && d.getMessage(null).startsWith("bamboo:")).toList();
        assertEquals(1, warnings.size(), () -> "diagnostics: " + o.diagnostics());
        assertTrue(warnings.get(0).getMessage(null).contains("outside the rank body"), warnings.get(0).getMessage(null));
        assertEquals(8, warnings.get(0).getLineNumber());
    }
}
