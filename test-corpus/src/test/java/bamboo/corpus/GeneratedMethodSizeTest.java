package bamboo.corpus;

import bamboo.corpus.harness.GraphRun;
import bamboo.corpus.harness.Javac;
import bamboo.corpus.harness.RunOutcome;
import bamboo.corpus.harness.ShimRun;
import bamboo.corpus.harness.Translation;
import bamboo.translator.GeneratedSource;
import bamboo.translator.TranslationResult;
import bamboo.translator.Translator;
import bamboo.translator.parse.SourceFile;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every method the translator generates stays under HotSpot's 8,000 bytes of bytecode
 * ({@code -XX:+DontCompileHugeMethods}: a longer method is never JIT-compiled and runs interpreted): the
 * corpus programs, the examples, and generated programs far larger than any of them.
 */
class GeneratedMethodSizeTest {
    /** HotSpot's {@code HugeMethodLimit}. */
    static final int HUGE = 8000;

    @TempDir
    Path work;

    @TestFactory
    Stream<DynamicTest> everyCorpusProgramsGeneratedMethodsAreCompilable() {
        return Corpus.all().values().stream().map(p -> DynamicTest.dynamicTest(p.name(), () -> {
            Path classes = Translation.translateAndCompile(p.name(), p.source().getFileName().toString(), p.source(),
                    p.othersByDisplayName(), work.resolve(p.name()));
            assertSmall(p.name(), classes);
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyExamplesGeneratedMethodsAreCompilable() throws IOException {
        Path root = examples();
        List<Path> apps;
        try (Stream<Path> s = Files.walk(root)) {
            apps = s.filter(f -> f.getFileName().toString().equals("Annotated.java")).sorted().toList();
        }
        assertTrue(apps.size() >= 6, "expected the six annotated examples under " + root);
        return apps.stream().map(a -> DynamicTest.dynamicTest(a.getParent().getFileName().toString(), () -> {
            List<Path> candidates = new ArrayList<>(javaFiles(a.getParent()));
            candidates.addAll(javaFiles(root.resolve("bamboo/examples/common")));
            Path classes = translateAndCompile(a.getParent().getFileName().toString(), reached(a, candidates));
            assertSmall(a.toString(), classes);
        }));
    }

    /**
     * A rank body of 2,000 regions in a row (a single method of it would pass javac's 64 KiB limit) runs
     * translated and prints what it prints untranslated.
     */
    @Test
    void twoThousandRegionsCompileSmallAndRunAsUntranslated() throws IOException {
        Path source = write("ManyRegions", manyRegions(2000));
        Path classes = Translation.translateAndCompile("ManyRegions", "ManyRegions.java", source, work.resolve("out"));
        assertSmall("ManyRegions", classes);
        RunOutcome plain = ShimRun.run("ManyRegions", classes, "ManyRegions", 3, 1, 0);
        RunOutcome translated = GraphRun.run("ManyRegions", classes, "ManyRegions", 3, 2, 1, 0, 120_000);
        assertTrue(plain.completed(), plain::toString);
        assertTrue(translated.completed(), translated::toString);
        assertEquals(plain.sortedLines(), translated.sortedLines());
    }

    /**
     * Long straight-line code without evaluation points (a prologue, a compute block, an unrolled kernel
     * in a loop that holds a region) is cut into methods too, and computes what it computes untranslated.
     */
    @Test
    void longKernelsWithoutEvaluationPointsCompileSmallAndRunAsUntranslated() throws IOException {
        Path source = write("LongKernels", longKernels(700));
        Path classes = Translation.translateAndCompile("LongKernels", "LongKernels.java", source, work.resolve("out"));
        assertSmall("LongKernels", classes);
        RunOutcome plain = ShimRun.run("LongKernels", classes, "LongKernels", 2, 1, 0);
        RunOutcome translated = GraphRun.run("LongKernels", classes, "LongKernels", 2, 2, 1, 0, 120_000);
        assertTrue(plain.completed(), plain::toString);
        assertTrue(translated.completed(), translated::toString);
        assertEquals(plain.sortedLines(), translated.sortedLines());
    }

    /**
     * {@code n} regions in a row, 100 to a method (one method of them all would be too large for javac
     * untranslated); the translator inlines the methods into the rank body.
     */
    static String manyRegions(int n) {
        StringBuilder b = new StringBuilder("""
                import bamboo.Bamboo;
                import mpi.*;

                @Bamboo
                public class ManyRegions {
                    static int left;
                    static int right;
                    static long[] out = new long[1];
                    static long[] in = new long[1];
                    static long sum;

                    public static void main(String[] args) throws MPIException {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int size = MPI.COMM_WORLD.Size();
                        right = (rank + 1) % size;
                        left = (rank + size - 1) % size;
                        sum = rank;
                """);
        for (int m = 0; m < n / 100; m++) {
            b.append("        phase").append(m).append("();\n");
        }
        b.append("""
                        System.out.println("rank " + rank + " sum " + sum);
                        MPI.Finalize();
                    }
                """);
        for (int m = 0; m < n / 100; m++) {
            b.append("\n    static void phase").append(m).append("() throws MPIException {\n");
            for (int i = m * 100; i < (m + 1) * 100; i++) {
                b.append("        olap").append(i).append(": {\n")
                        .append("            send: { out[0] = sum + ").append(i).append("; MPI.COMM_WORLD.Send(out, 0, 1, MPI.LONG, right, ")
                        .append(i % 97).append("); }\n")
                        .append("            receive: { MPI.COMM_WORLD.Recv(in, 0, 1, MPI.LONG, left, ").append(i % 97).append("); }\n")
                        .append("            compute: { sum = (sum * 31 + in[0]) % 1000003L; }\n")
                        .append("        }\n");
            }
            b.append("    }\n");
        }
        return b.append("}\n").toString();
    }

    /** Straight-line arithmetic of {@code n} statements in the prologue, in a compute block and in a loop. */
    static String longKernels(int n) {
        StringBuilder b = new StringBuilder("""
                import bamboo.Bamboo;
                import mpi.*;

                @Bamboo
                public class LongKernels {
                    public static void main(String[] args) throws MPIException {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.Rank();
                        int size = MPI.COMM_WORLD.Size();
                        long[] a = new long[16];
                        long[] halo = new long[1];
                        long x = rank + 1;
                """);
        straight(b, n, "        ", "x");
        b.append("""
                        for (int iter = 0; iter < 3; iter++) {
                            long y = x + iter;
                            olap: {
                                send: { a[0] = y; MPI.COMM_WORLD.Send(a, 0, 1, MPI.LONG, (rank + 1) % size, 5); }
                                receive: { MPI.COMM_WORLD.Recv(halo, 0, 1, MPI.LONG, (rank + size - 1) % size, 5); }
                                compute: {
                                    long z = halo[0];
                """);
        straight(b, n, "                    ", "z");
        b.append("""
                                    x = x ^ z;
                                }
                            }
                            for (int k = 0; k < 2; k++) {
                                long w = x + k;
                """);
        straight(b, n, "                ", "w");
        b.append("""
                                if (w == 42) {
                                    break;
                                }
                                x = w % 1000003L;
                            }
                        }
                        System.out.println("rank " + rank + " x " + x);
                        MPI.Finalize();
                    }
                }
                """);
        return b.toString();
    }

    private static void straight(StringBuilder b, int n, String indent, String v) {
        for (int i = 0; i < n; i++) {
            b.append(indent).append(v).append(" = (").append(v).append(" * 31 + a[").append(i % 16).append("] + ")
                    .append(i).append(") % 1000003L;\n");
            if (i % 7 == 0) {
                b.append(indent).append("a[").append((i * 5) % 16).append("] = ").append(v).append(";\n");
            }
        }
    }

    private Path write(String name, String text) throws IOException {
        Path dir = work.resolve("src-" + name);
        Files.createDirectories(dir);
        Path file = dir.resolve(name + ".java");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /**
     * Translates the program (the first input) as {@code ./bamboo run --translated} does, with the sources of
     * the classes it uses (the other inputs), and compiles them with its companions.
     */
    private Path translateAndCompile(String name, List<Path> inputs) throws IOException {
        List<SourceFile> sources = new ArrayList<>();
        for (Path in : inputs) {
            sources.add(new SourceFile(in.getFileName().toString(), Files.readString(in, StandardCharsets.UTF_8)));
        }
        TranslationResult r = new Translator().translate(sources);
        assertTrue(r.ok(), () -> name + ": " + r.diagnostics());
        List<Path> files = new ArrayList<>(inputs);
        Path generated = work.resolve(name).resolve("src");
        for (GeneratedSource g : r.generated()) {
            Path file = generated.resolve(g.relativePath());
            Files.createDirectories(file.getParent());
            Files.writeString(file, g.text(), StandardCharsets.UTF_8);
            files.add(file);
        }
        Path classes = work.resolve(name).resolve("classes");
        Javac.compile(name, files, Javac.runtimeClassPath(), classes, false);
        return classes;
    }

    /** Every method of the generated classes (the companions and their nested classes) is under the limit. */
    static void assertSmall(String what, Path classes) {
        Map<String, Integer> sizes = MethodSizes.under(classes);
        Map<String, Integer> generated = sizes.entrySet().stream()
                .filter(e -> e.getKey().contains("_BambooTask") || e.getKey().contains("_Bamboo."))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        assertTrue(generated.keySet().stream().anyMatch(k -> k.contains("_BambooTask.execute(")),
                () -> what + ": no generated execute() among " + sizes.keySet());
        List<String> huge = generated.entrySet().stream().filter(e -> e.getValue() >= HUGE)
                .map(e -> e.getKey() + " " + e.getValue() + " bytes").sorted().toList();
        assertTrue(huge.isEmpty(), () -> what + ": generated methods of " + HUGE + " bytes or more: " + huge);
    }

    /** The program and the candidates whose class it names, directly or through another one named. */
    private static List<Path> reached(Path program, List<Path> candidates) throws IOException {
        List<Path> in = new ArrayList<>(List.of(program));
        for (int i = 0; i < in.size(); i++) {
            String text = Files.readString(in.get(i), StandardCharsets.UTF_8);
            for (Path c : candidates) {
                String name = c.getFileName().toString().replaceFirst("\\.java$", "");
                if (!in.contains(c) && java.util.regex.Pattern.compile("\\b" + name + "\\b").matcher(text).find()) {
                    in.add(c);
                }
            }
        }
        return in;
    }

    /** The sources under {@code dir}, its sub-packages' included (a kernel package of an application). */
    private static List<Path> javaFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
    }

    /** The examples' sources, from the module directory (Maven's working directory) or the repository root. */
    private static Path examples() {
        Path local = Paths.get("../examples/src/main/java");
        return Files.isDirectory(local) ? local : Paths.get("examples/src/main/java");
    }
}
