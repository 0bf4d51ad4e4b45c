package bamboo.translator;

import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.parse.SourceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A class the rank body reaches whose source is not translated: translated, the tasks of a process would
 * share its statics where every rank has its own, so it is accepted only when its class file shows no
 * static that is not final, and otherwise refused at its first use, naming it.
 */
class ForeignStaticsTest {
    @TempDir
    Path dir;

    /** A program in package app using kernel.K: a constructor setting K's statics, then a call (line 11). */
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

    private static final String KERNEL = String.join("\n",
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

    private Path compiled(String... sources) throws IOException {
        Path src = Files.createDirectories(dir.resolve("src"));
        Path out = Files.createDirectories(dir.resolve("classes"));
        List<String> args = new ArrayList<>(List.of("-d", out.toString()));
        for (int i = 0; i < sources.length; i += 2) {
            Path f = src.resolve(sources[i]);
            Files.writeString(f, sources[i + 1]);
            args.add(f.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])), "the kernel compiles");
        return out;
    }

    private static List<Diagnostic> errors(Translator t, String program) {
        TranslationResult r = t.translate(List.of(new SourceFile("P.java", program)));
        assertEquals(r.diagnostics(), t.check(List.of(new SourceFile("P.java", program))).diagnostics(),
                "check and translate agree");
        if (!r.diagnostics().isEmpty()) {
            assertTrue(r.generated().isEmpty(), "a refused program translates to nothing");
        }
        return r.diagnostics();
    }

    @Test
    void classOnlyOnTheClassPathWithMutableStaticIsRefusedAtItsFirstUse() throws IOException {
        Path classes = compiled("K.java", KERNEL);
        List<Diagnostic> ds = errors(new Translator().withClassPath(List.of(classes)), PROGRAM);
        assertEquals(1, ds.size(), ds.toString());
        Diagnostic d = ds.get(0);
        assertEquals("P.java", d.file());
        assertEquals(11, d.line());
        assertTrue(d.message().contains("K (kernel.K)") && d.message().contains("K.rank is not final")
                && d.message().contains("pass its source"), d.message());
    }

    @Test
    void classNeitherInSourcesNorOnClassPathIsRefusedAsUnknown() {
        List<Diagnostic> ds = errors(new Translator(), PROGRAM);
        assertEquals(1, ds.size(), ds.toString());
        assertEquals(11, ds.get(0).line());
        assertTrue(ds.get(0).message().contains("cannot be known"), ds.get(0).message());
    }

    @Test
    void classOnTheClassPathWithOnlyFinalStaticsIsShared() throws IOException {
        Path classes = compiled("K.java", CONSTANTS);
        assertEquals(List.of(), errors(new Translator().withClassPath(List.of(classes)), PROGRAM));
    }

    @Test
    void mutableStaticOfAClassTheClassPathClassUsesIsFound() throws IOException {
        String k = CONSTANTS.replace("return (int) TABLE[0];", "return Counter.next();");
        String counter = "package kernel;\npublic class Counter {\n    static int n;\n    static int next() { return n++; }\n}\n";
        Path classes = compiled("K.java", k, "Counter.java", counter);
        List<Diagnostic> ds = errors(new Translator().withClassPath(List.of(classes)), PROGRAM);
        assertEquals(1, ds.size(), ds.toString());
        assertTrue(ds.get(0).message().contains("Counter.n") && ds.get(0).message().contains("kernel.Counter"),
                ds.get(0).message());
    }

    @Test
    void staticImportOfAClassPathStaticIsRefusedWhereItIsUsed() throws IOException {
        Path classes = compiled("K.java", KERNEL);
        String program = PROGRAM.replace("import kernel.K;", "import static kernel.K.rank;")
                .replace("        new K(rank);\n", "        int r = rank();\n")
                .replace("K.rank() + \" \" + ", "");
        List<Diagnostic> ds = errors(new Translator().withClassPath(List.of(classes)), program);
        assertEquals(1, ds.size(), ds.toString());
        assertTrue(ds.get(0).message().contains("K.rank is not final"), ds.get(0).message());
    }

    @Test
    void theSameClassAmongTheSourcesBecomesPerTaskState() throws IOException {
        Path classes = compiled("K.java", KERNEL);
        Translator t = new Translator().withClassPath(List.of(classes));
        TranslationResult r = t.translate(List.of(new SourceFile("P.java", PROGRAM), new SourceFile("K.java", KERNEL)));
        assertEquals(List.of(), r.diagnostics());
        String task = r.generated().stream().filter(g -> g.className().equals("P_BambooTask")).findFirst()
                .orElseThrow().text();
        assertTrue(task.contains("K_rank"), "K.rank is a field of the task");
    }

    @Test
    void jdkAndMpiClassesAreNotUserState() {
        String program = PROGRAM.replace("import kernel.K;", "import java.util.concurrent.atomic.AtomicLong;")
                .replace("        new K(rank);\n", "        AtomicLong a = new AtomicLong(rank);\n")
                .replace("K.rank()", "a.get() + Math.abs(-1) + java.util.Arrays.toString(x)");
        assertEquals(List.of(), errors(new Translator(), program));
        assertFalse(program.contains("kernel"));
    }
}
